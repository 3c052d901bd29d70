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

class HostProcess;

/**
 * @brief The server side of an iperf test (TCP, or UDP as `iperf -s -u`): goodput per
 * interval and in total.
 *
 * iperf (1.7, 2.x) measures at the receiver.  For each accepted connection (UDP: the one
 * socket, from its first datagram), with t0 the time the connection is accepted, t_end the
 * time the peer's FIN is read (UDP: Now()), B_k the application payload bytes read in the
 * k-th report interval of length T_i and B the bytes read in all:
 *
 *     (1) G_k = 8 B_k / T_i                  over [t0 + (k-1) T_i, t0 + k T_i]
 *     (2) G   = 8 B / (t_end - t0)
 *
 * Interval reports are emitted for complete intervals only (the last, partial interval is
 * part of the total but not reported on its own).  The client side is ns-3's
 * BulkSendApplication stopped after the test duration, as `iperf -c -t T` writes for T
 * seconds and then closes (UDP: UdpStreamSender).
 *
 * Each connection is read by its own process (iperf runs a thread per connection): on a
 * host with a HostCpu, data arriving wakes it (HostProcess equation (1)) and it reads all
 * that is queued when it runs; without a HostCpu it reads at once.
 */
class IperfServer : public Application
{
  public:
    /** Goodput report of one connection. */
    struct Report
    {
        Time start;         //!< t0: connection accepted
        Time end;           //!< t_end: peer FIN read (or Now() while still open)
        uint64_t bytes{0};  //!< B: payload bytes read
        bool closed{false}; //!< whether the peer has closed
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
    typedef void (*IntervalReportCallback)(uint32_t connection,
                                           Time start,
                                           Time end,
                                           uint64_t bytes);

    /**
     * TracedCallback signature of Rx.
     * @param connection index of the connection, in order of acceptance (from 0)
     * @param packet the payload read
     */
    typedef void (*RxCallback)(uint32_t connection, Ptr<const Packet> packet);

    /** Transport of the test. */
    enum Protocol : uint8_t
    {
        TCP = 0, //!< iperf -s
        UDP = 1, //!< iperf -s -u
    };

    static TypeId GetTypeId();
    IperfServer();
    ~IperfServer() override;

    /** @return one report per accepted connection, in order of acceptance. */
    std::vector<Report> GetReports() const;

    /**
     * @return UDP datagrams the socket dropped because its receive buffer was full (the
     * socket's Drop trace: what the reading process had not yet taken held the buffer); 0
     * over TCP, whose window keeps the buffer from overflowing
     */
    uint64_t GetReceiveBufferDrops() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    void HandleAccept(Ptr<Socket> socket, const Address& from);
    /**
     * Open the bookkeeping of a connection and read it through its own process.
     * @param socket the connected (TCP) or bound (UDP) socket
     */
    void AddConnection(Ptr<Socket> socket);
    /** Data arrived: wake the connection's process, or read at once without one. */
    void HandleRead(Ptr<Socket> socket);
    /** Read all that is queued on @p socket. */
    void ReadSocket(Ptr<Socket> socket);
    void HandleClose(Ptr<Socket> socket);
    void ReportInterval(Ptr<Socket> socket);
    /** The UDP socket's Drop trace: a datagram found its receive buffer full. */
    void ReceiveBufferDrop(Ptr<const Packet> packet);

    /** Per-connection state. */
    struct Connection
    {
        Report report;
        uint64_t intervalBytes{0};
        Time intervalStart;
        EventId nextReport;
        Ptr<HostProcess> process; //!< the process reading it (null without a HostCpu)
    };

    Protocol m_protocol{TCP};                                       //!< Protocol
    Address m_local;                                                //!< listening address
    Time m_interval;                                                //!< T_i
    Ptr<Socket> m_listener;                                         //!< listening socket
    std::vector<Ptr<Socket>> m_order;                               //!< accepted sockets in order
    std::map<Ptr<Socket>, Connection> m_conns;                      //!< per-connection state
    TracedCallback<uint32_t, Time, Time, uint64_t> m_intervalTrace; //!< equation (1)
    TracedCallback<uint32_t, Ptr<const Packet>> m_rxTrace;          //!< Rx
    uint64_t m_receiveBufferDrops{0};                               //!< GetReceiveBufferDrops
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_IPERF_SERVER_H
