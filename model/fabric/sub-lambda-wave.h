/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_SUB_LAMBDA_WAVE_H
#define HYBRIDNET_SUB_LAMBDA_WAVE_H

#include "hybridnet/ethernet-net-device.h"

#include "ns3/data-rate.h"
#include "ns3/mac48-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief A wavelength between two sub-lambda multiplexers that carries fixed-rate
 * channels, each joining a client Ethernet port at one end to a client port at the other:
 * UKLight's 10G waves split into 1GE channels, SONET/SDH virtual concatenation (VCAT)
 * groups mapped with GFP-F.
 *
 * Channels. Channel j has payload rate c_j, fixed when it is added; the wave of payload
 * rate W (WaveRate; an OC-192/STM-64's STS-192c payload is 9584.64 Mb/s, ITU-T G.707)
 * carries them side by side in time slots, so
 *
 *     (1) sum_j c_j <= W                        (AddChannel refuses a channel that breaks it)
 *
 * and a channel never gets more or less than c_j, whatever the others carry: slots a
 * channel leaves idle are lost (time-division multiplexing), nothing is shared.
 *
 * Mapping (GFP-F, ITU-T G.7041). An Ethernet frame of F bytes (MAC header to FCS; the
 * preamble, start delimiter and inter-frame gap stay on the client link) travels as a GFP
 * frame of F + G bytes (G = GfpOverhead: the 4 B core header and 4 B payload header, no
 * payload FCS), so it holds channel j for
 *
 *     (2) T_j(F) = 8 (F + G) / c_j
 *
 * A frame whose last bit reaches client port a at t_in waits in its channel's FIFO (one
 * per channel and direction, at most QueueBytes of frames; one that does not fit is
 * dropped: Drop), starts at s = max(t_in, the previous frame's end) and reaches the far
 * multiplexer at
 *
 *     (3) t_out = s + T_j(F) + D                D = Delay (the wave's fibre and the two
 *                                               multiplexers' fixed latency)
 *
 * when it is sent out of the far client port by that port's MAC (its queue, line rate and
 * framing), with its source and destination addresses unchanged. Carrying a saturated GbE
 * client whole needs c_j >= 1e9 (F + G) / (F + 20) b/s (GbE spends F + 20 B of wire per
 * frame): 992.2 Mb/s for 1518 B frames, which an STS-3c-7v group (7 x 149.76 = 1048.32
 * Mb/s) has and an STS-3c-6v group (898.56 Mb/s) has not.
 *
 * The ports are the multiplexers' client ports: EthernetNetDevices, each on the node of
 * its multiplexer, cabled to a host or a switch; a port is in at most one channel; every
 * frame it receives goes onto its channel (the multiplexer has no MAC address of its own).
 * Not modelled: the SONET frame structure (the payload rates are what a client sees),
 * LCAS (a channel's rate does not change while in use), differential delay between a VCAT
 * group's members, and bit errors. Cost: two events per frame on the wave.
 */
class SubLambdaWave : public Object
{
  public:
    /**
     * TracedCallback signature of Drop.
     * @param frame the frame (without its Ethernet header) dropped at a full channel queue
     * @param channel the channel (1, 2, ...)
     */
    typedef void (*DropCallback)(Ptr<const Packet> frame, uint32_t channel);

    static TypeId GetTypeId();
    SubLambdaWave();
    ~SubLambdaWave() override;

    /**
     * Add a channel of @p rate between client ports @p a and @p b, both directions.
     * @param a a client port at one multiplexer
     * @param b a client port at the other
     * @param rate c_j, more than 0
     * @return "" on success (the channel is number GetNChannels()), else why it is refused:
     *         (1) broken, a port already in a channel, a and b on the same node
     */
    std::string AddChannel(Ptr<EthernetNetDevice> a, Ptr<EthernetNetDevice> b, DataRate rate);

    /** @param rate W of (1), at least the channels' rates (aborts otherwise) */
    void SetWaveRate(DataRate rate);
    /** @return W */
    DataRate GetWaveRate() const;
    /** @return the channels added */
    uint32_t GetNChannels() const;
    /** @return W minus the channels' rates */
    DataRate GetFreeRate() const;
    /** @return frames dropped at full channel queues */
    uint64_t GetDrops() const;

  private:
    /** A frame on its way over the wave. */
    struct Frame
    {
        Ptr<Packet> packet; //!< without its Ethernet header
        uint16_t protocol;
        Mac48Address source;
        Mac48Address destination;
        uint32_t frameBytes; //!< F
    };

    /** One direction of one channel. */
    struct Direction
    {
        uint32_t channel;           //!< 1, 2, ...
        DataRate rate;              //!< c_j
        Ptr<EthernetNetDevice> out; //!< the far client port
        std::deque<Frame> queue;    //!< waiting, the one on the channel first
        uint32_t queuedBytes{0};    //!< F of the waiting frames
        bool busy{false};           //!< a frame is on the channel
    };

    void DoDispose() override;
    /** @return sum_j c_j of (1), b/s */
    uint64_t GetChannelRates() const;
    /** Client port of direction @p d received a frame: queue it on the channel. */
    void Receive(uint32_t d,
                 Ptr<NetDevice> device,
                 Ptr<const Packet> packet,
                 uint16_t protocol,
                 const Address& source,
                 const Address& destination,
                 NetDevice::PacketType type);
    /** Put the head frame of direction @p d on the channel, (2). */
    void StartNext(uint32_t d);
    /** The head frame of direction @p d has left the channel's slots. */
    void Sent(uint32_t d);
    /** A frame reaches the far multiplexer of direction @p d, (3). */
    void Arrive(uint32_t d, Frame frame);

    DataRate m_waveRate;
    Time m_delay;
    uint32_t m_gfpOverhead;
    uint32_t m_queueBytes;
    std::vector<Direction> m_directions; //!< 2 per channel: a to b, b to a
    std::vector<Ptr<EthernetNetDevice>> m_ports;
    uint64_t m_drops{0};
    TracedCallback<Ptr<const Packet>, uint32_t> m_dropTrace;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_SUB_LAMBDA_WAVE_H
