/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_RATE_H
#define HYBRIDNET_INFINIBAND_RATE_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The rate of an InfiniBand link: its width (lanes) and speed (signalling per lane),
 * and what a byte costs on it.
 *
 * IBA Architecture Specification Release 1.2.1 (Vol. 2, physical layer; Vol. 1 14.2.5.6
 * PortInfo LinkWidth and LinkSpeed): a link has n lanes, each signalling at B baud, SDR
 * 2.5, DDR 5.0, QDR 10.0 Gbaud. Bytes are 8b/10b coded: a byte is one 10-bit symbol, and
 * the bytes of a packet are striped across the lanes (byte i on lane i mod n), so
 *
 *     (1) S = n B                     signalling rate (4X DDR: 20 Gb/s)
 *     (2) D = S 8 / 10                data rate        (4X DDR: 16 Gb/s)
 *     (3) t_sym = 10 / B              symbol time of one lane (DDR: 2 ns)
 *
 * A packet (data or link packet) goes between a start delimiter (SDP or SLP) and an end
 * delimiter (EGP), one symbol each, and starts on lane 0, so a packet of p bytes occupies
 *
 *     (4) W(p) = n ceil((p + 2) / n)  wire bytes (delimiters, idles to the lane boundary)
 *     (5) T(p) = 10 W(p) / S          its transmission time.
 *
 * Since an InfiniBand packet is 4k + 2 bytes (everything is in 4-byte words but the 2-byte
 * VCRC, Vol. 1 7.7-7.8; a link packet is 6 bytes), W is a multiple of 4 on 1X and 4X and
 * of 12 on 12X, and T is a whole number of nanoseconds at every width and speed: no
 * rounding anywhere. Skip ordered sets (clock compensation, a few symbols every few
 * thousand symbol times, < 0.1 %) are not modelled.
 *
 * Widths and speeds. The model accepts 1X, 4X and 12X, each at SDR, DDR and QDR. 8X is
 * refused at every speed: Vol. 1 1.2.1 PortInfo still has codes for it, but it is not a
 * cable width this model can carry (our reading of Vol. 2 1.2.1: its cables and
 * connectors are 1X, 4X and 12X; 8X had no product and was dropped later). This is a
 * modelling decision; the enumeration Width has no 8X, so attributes refuse it.
 */
class InfinibandRate
{
  public:
    /** Link width: the number of lanes. */
    enum Width : uint8_t
    {
        WIDTH_1X = 1,
        WIDTH_4X = 4,
        WIDTH_12X = 12,
    };

    /** Signalling rate of one lane, in units of 100 Mbaud. */
    enum Speed : uint8_t
    {
        SDR = 25,  //!< 2.5 Gbaud
        DDR = 50,  //!< 5.0 Gbaud
        QDR = 100, //!< 10.0 Gbaud
    };

    /** 4X DDR, the study's link. */
    InfinibandRate();

    /**
     * @param width lanes
     * @param speed signalling per lane
     */
    InfinibandRate(Width width, Speed speed);

    /**
     * @param lanes a number of lanes (1, 4, 8, 12, ...)
     * @param speed signalling per lane
     * @return whether the model accepts the combination (class comment: not 8X)
     */
    static bool Exists(uint32_t lanes, Speed speed);

    /** @return n */
    uint32_t GetLanes() const;
    /** @return S of (1) */
    DataRate GetSignallingRate() const;
    /** @return D of (2) */
    DataRate GetDataRate() const;
    /** @return t_sym of (3) */
    Time GetSymbolTime() const;
    /**
     * @param packetBytes p, a packet's bytes from its first byte to its last CRC byte
     * @return W(p) of (4)
     */
    uint32_t GetWireBytes(uint32_t packetBytes) const;
    /**
     * @param wireBytes bytes on the wire (a sum of W(p))
     * @return 10 W / S, exact in picoseconds
     */
    Time GetTransmissionTime(uint64_t wireBytes) const;

  private:
    Width m_width;
    Speed m_speed;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_RATE_H
