/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_BULK_FLOWS_H
#define HYBRIDNET_BULK_FLOWS_H

#include "result-document.h"
#include "tcp-sender-probe.h"

#include "ns3/bulk-send-application.h"
#include "ns3/ipv4-address.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The bulk TCP flows of a WAN scenario, memory to memory as iperf ran them: flow i
 * (i = 1..N) is a BulkSend on its sender writing without limit to a PacketSink on port
 * 5000 + i of one receiver, with a TcpSenderProbe on its socket; and the totals scenarios
 * report of them.
 *
 * Add() installs the sink (listening from t = 0), then the sender (from its start);
 * AttachProbe() hooks the probe when the sender starts.  A scenario calls them in the order
 * it wants its events scheduled (its own per-flow events in between).
 *
 * Goodput windows (OpenGoodputWindows): flow i's goodput counts the payload its sink
 * received from f_i = max(start_i, warmup) to the end, the aggregate's from f = min f_i,
 *
 *     (2)  g_i = 8 (B_i(end) - B_i(f_i)) / (end - f_i),
 *          g   = 8 sum (B_i(end) - B_i(f)) / (end - f),
 *
 * B_i(t) the bytes flow i's sink has received by t; so a warmup leaves out slow start and
 * convergence.
 *
 * Totals (WriteTcpTotals): retransmits, timeouts, fastRetransmits, lostRetransmits, undos,
 * sendStalls
 * (sums over the senders)
 * and maxCwnd (B, the largest over flows and time); tcpBytesWritten (B, what the senders
 * wrote to their sockets) and tcpBytesUnacknowledged (B, what their sockets hold
 * unacknowledged at the end), so that with R the bytes the sinks received TCP's conservation reads
 *
 *     (3)  0 <= tcpBytesWritten - R <= tcpBytesUnacknowledged
 *
 * (what a receiver lacks is still held by its sender; the right-hand slack is what has
 * arrived but whose ACK has not yet).  Jain's fairness index of per-flow
 * goodputs x_1..x_n (JainIndex):
 *
 *     (1)  J = (sum x_i)^2 / (n sum x_i^2),    1/n <= J <= 1,  undefined if every x_i = 0
 */
class BulkFlows
{
  public:
    /**
     * @param receiver the host of every sink
     * @param address the receiver's address the senders connect to
     * @param sendSize bytes per application write of every sender
     * @param lfn true if the hosts run LfnTcpSocket (the probes read its counters)
     */
    BulkFlows(Ptr<Node> receiver, Ipv4Address address, uint32_t sendSize, bool lfn);

    /**
     * Add a flow: its sink on the receiver, its sender on @p sender from @p start.
     * @return the flow's index (0 for flow 1)
     */
    size_t Add(Ptr<Node> sender, Time start);

    /**
     * Hook flow @p i's probe when its sender starts.
     * @param onAttach called with the socket after the probe's traces are connected; may be
     *        empty
     */
    void AttachProbe(size_t i, std::function<void(Ptr<Socket>)> onAttach = {});

    /** @return the number of flows */
    size_t GetN() const;
    /** @return flow @p i's sink */
    Ptr<PacketSink> GetSink(size_t i) const;
    /** @return flow @p i's start */
    Time GetStart(size_t i) const;
    /** @return flow @p i's port at the receiver, 5001 + i */
    uint16_t GetPort(size_t i) const;
    /** @return flow @p i's probe */
    const TcpSenderProbe& GetProbe(size_t i) const;

    /**
     * Open the goodput windows of (2): call once, after the last Add, before the run.
     * @param warmup no window opens before it
     */
    void OpenGoodputWindows(Time warmup);
    /** @return g_i of (2) in Mb/s, flow @p i's goodput from f_i to @p end */
    double GetGoodput(size_t i, Time end) const;
    /** @return g of (2) in Mb/s, the aggregate goodput from f to @p end */
    double GetAggregateGoodput(Time end) const;
    /** @return bytes every sink has received so far, sum of B_i(now) */
    uint64_t GetBytesReceived() const;

    /** Add the totals of the class comment to @p result. */
    void WriteTcpTotals(ResultDocument& result) const;

    /** @return (1) of @p goodputs; nothing if every one is 0 */
    static std::optional<double> JainIndex(const std::vector<double>& goodputs);

  private:
    /** One flow. */
    struct Flow
    {
        Ptr<PacketSink> sink;
        Ptr<BulkSendApplication> sender;
        Time start;
        TcpSenderProbe probe;
        Time from;                //!< f_i of (2)
        uint64_t bytesAtFrom{0};  //!< B_i(f_i)
        uint64_t bytesAtFirst{0}; //!< B_i(f)
        uint64_t written{0};      //!< bytes the sender wrote to its socket
    };

    Ptr<Node> m_receiver;
    Ipv4Address m_address;
    uint32_t m_sendSize;
    bool m_lfn;
    std::deque<Flow> m_flows; //!< stable addresses: the probes' trace sinks point into them
    Time m_first;             //!< f of (2)
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_BULK_FLOWS_H
