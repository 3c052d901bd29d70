/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_IPERF_SERVER_H
#define HYBRIDNET_IPERF_SERVER_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{

class Socket;
class Packet;

namespace hybridnet
{

/**
 * @brief The server side of an iperf TCP test: goodput per interval and in total.
 *
 * iperf (1.7, 2.x) measures at the receiver.  For each accepted connection, with t0 the time
 * the connection is accepted, t_end the time the peer's FIN is read, B_k the application
 * payload bytes read in the k-th report interval of length T_i and B the bytes read in all:
 *
 *     (1) G_k = 8 B_k / T_i                  over [t0 + (k-1) T_i, t0 + k T_i]
 *     (2) G   = 8 B / (t_end - t0)
 *
 * Interval reports are emitted for complete intervals only (the last, partial interval is
 * part of the total but not reported on its own).  The client side is ns-3's
 * BulkSendApplication stopped after the test duration, as `iperf -c -t T` writes for T
 * seconds and then closes.
 */
class IperfServer : public Application
{
  public:
    /** Goodput report of one connection. */
    struct Report
    {
        Time start;          //!< t0: connection accepted
        Time end;            //!< t_end: peer FIN read (or Now() while still open)
        uint64_t bytes{0};   //!< B: payload bytes read
        bool closed{false};  //!< whether the peer has closed
        /** @return G of equation (2), in bit/s (0 before any time has passed). */
        double GoodputBps() const;
    };

    /**
     * TracedCallback signature of the per-interval report, equation (1).
     * @param connection index of the connection, in order of acceptance (from 0)
     * @param start start of the interval
     * @param end end of the interval
     * @param bytes payload bytes read in the interval
     */
    typedef void (*IntervalReportCallback)(uint32_t connection, Time start, Time end, uint64_t bytes);

    static TypeId GetTypeId();
    IperfServer();
    ~IperfServer() override;

    /** @return one report per accepted connection, in order of acceptance. */
    std::vector<Report> GetReports() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    void HandleAccept(Ptr<Socket> socket, const Address& from);
    void HandleRead(Ptr<Socket> socket);
    void HandleClose(Ptr<Socket> socket);
    void ReportInterval(Ptr<Socket> socket);

    /** Per-connection state. */
    struct Connection
    {
        Report report;
        uint64_t intervalBytes{0};
        Time intervalStart;
        EventId nextReport;
    };

    Address m_local;                            //!< listening address
    Time m_interval;                            //!< T_i
    Ptr<Socket> m_listener;                     //!< listening socket
    std::vector<Ptr<Socket>> m_order;           //!< accepted sockets in order
    std::map<Ptr<Socket>, Connection> m_conns;  //!< per-connection state
    TracedCallback<uint32_t, Time, Time, uint64_t> m_intervalTrace; //!< equation (1)
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_IPERF_SERVER_H
