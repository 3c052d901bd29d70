/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_WEB_TRANSFERS_H
#define HYBRIDNET_WEB_TRANSFERS_H

#include "ns3/application-container.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4-address.h"
#include "ns3/node.h"
#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief A web-like mix of TCP transfers: many short, a few long, each a connection of its
 * own that slow-starts, reacts to loss and ends - the responsive counterpart of heavy-tailed
 * on/off UDP.
 *
 * Transfers arrive as a Poisson process and their sizes are bounded Pareto, the heavy tail
 * measured for web and file sizes (Crovella and Bestavros, "Self-similarity in World Wide
 * Web traffic", IEEE/ACM ToN 1997: tail index 1.1-1.3; Barford and Crovella, SURGE,
 * SIGMETRICS 1998). With shape a = 1.2 on [L, H] = [10 kB, 10 MB] (kShape, kMin, kMax:
 * assumptions within those measurements), the mean size is
 *
 *     (1)  E[S] = L a / (a - 1) (1 - (L/H)^(a-1)) / (1 - (L/H)^a)   (= 44.9 kB)
 *
 * and an offered load r (bits per second) needs the arrival rate
 *
 *     (2)  lambda = r / (8 E[S]),
 *
 * so the offered bytes over a time T have mean r T / 8 and, the sizes' variance being
 * finite only because of H, relative standard deviation sqrt(E[S^2] / (lambda T E[S]^2))
 * (7.6 % for r = 20 Mb/s over 60 s), with
 *
 *     (3)  E[S^2] = L^a a / (2 - a) (H^(2-a) - L^(2-a)) / (1 - (L/H)^a).
 *
 * The arrivals from the start to the end are drawn when Install() is called (sizes x =
 * L (1 - U (1 - (L/H)^a))^(-1/a), gaps exponential of mean 1 / lambda); each transfer is a
 * BulkSend of its size from the sender to one PacketSink on the receiver, over the
 * sender's TCP (its node's SocketType).
 *
 * Cost: every connection keeps its end points after it ends (the sender's in TIME_WAIT for
 * 2 MSL, the sink's accepted socket open: ns-3's PacketSink does not close on the peer's
 * FIN) and ns-3's Ipv4EndPointDemux searches its end points linearly per packet, so the
 * cost per packet grows with the transfers so far: 20 Mb/s for 15 s takes about 3 CPU-s,
 * 100 Mb/s for 15 s (about 4,200 transfers) about 30.
 */
class WebTransfers
{
  public:
    static constexpr double kShape = 1.2;      //!< a of (1)
    static constexpr uint64_t kMin = 10000;    //!< L of (1), bytes
    static constexpr uint64_t kMax = 10000000; //!< H of (1), bytes
    static constexpr uint16_t kPort = 5900;    //!< the sink's port

    /** @return E[S] of (1), bytes */
    static double MeanSize();
    /** @return E[S^2] of (3), bytes^2 */
    static double MeanSquareSize();

    /**
     * Draw the transfers of load @p rate from @p start to @p end and install them.
     * @param sender the node every transfer leaves from
     * @param receiver the node of the sink
     * @param address the receiver's address
     * @param rate r of (2)
     * @param start the first arrival is one gap after it
     * @param end no arrival after it
     * @param sendSize bytes per application write
     * @param stream the first random stream (two are used)
     */
    void Install(Ptr<Node> sender,
                 Ptr<Node> receiver,
                 Ipv4Address address,
                 DataRate rate,
                 Time start,
                 Time end,
                 uint32_t sendSize,
                 int64_t stream);

    /** @return bytes of every transfer drawn (arrived before the end) */
    uint64_t GetOffered() const;
    /** @return bytes the sink received */
    uint64_t GetDelivered() const;
    /** @return the transfers drawn */
    uint32_t GetN() const;

  private:
    ApplicationContainer m_senders; //!< one BulkSend per transfer
    Ptr<Application> m_sink;        //!< the PacketSink
    uint64_t m_offered{0};          //!< sum of the sizes drawn
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_WEB_TRANSFERS_H
