/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_LFN_TCP_L4_PROTOCOL_H
#define HYBRIDNET_LFN_TCP_L4_PROTOCOL_H

#include "ns3/object-factory.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-socket-factory.h"

#include <set>
#include <string>

namespace ns3
{
namespace hybridnet
{

class LfnTcpSocket;

/**
 * @brief ns-3's TCP layer, unchanged, except that its node's TcpSocketFactory creates
 * LfnTcpSockets.
 *
 * Demultiplexing, checksums, RSTs for segments without a socket and the IPv4 down path
 * are TcpL4Protocol's own.  Its attributes choose the sockets' algorithms exactly as for
 * ns-3's sockets: SocketType (the TcpCongestionOps), RecoveryType (the TcpRecoveryOps),
 * RttEstimatorType is not used (sockets use RttMeanDeviation, RFC 6298).  Aggregated to
 * a node *before* InternetStackHelper::Install, which then keeps it (the helper installs a
 * TcpL4Protocol only where none exists).  LfnTcpHelper does this.
 */
class LfnTcpL4Protocol : public TcpL4Protocol
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    LfnTcpL4Protocol();

    /**
     * Set an attribute of every LfnTcpSocket this node creates from now on (a kernel's
     * socket defaults: BufferSemantics, SndBufSize as tcp_wmem[1], MinRto, ...); it takes
     * precedence over Config::SetDefault, so nodes can run different kernels.
     * @param name an attribute of LfnTcpSocket or of its parent TcpSocket
     * @param value its value
     */
    void SetSocketAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @return a new LfnTcpSocket with this layer's congestion and recovery algorithms and
     *         socket attributes
     */
    Ptr<Socket> CreateLfnSocket();
    /**
     * Keep a socket alive while its connection is open (a socket accepted by a listener,
     * or one the application has let go of while it closes).
     * @param socket the socket
     */
    void Register(Ptr<LfnTcpSocket> socket);
    /**
     * Let go of a closed socket (scheduled by the socket itself, never from inside one of
     * its own calls).
     * @param socket the socket
     */
    void Forget(Ptr<LfnTcpSocket> socket);

  protected:
    void NotifyNewAggregate() override;
    void DoDispose() override;

  private:
    bool m_factoryInstalled{false};
    ObjectFactory m_socketFactory;         //!< LfnTcpSocket with this node's attributes
    std::set<Ptr<LfnTcpSocket>> m_sockets; //!< kept alive until closed or disposed
};

/**
 * @brief The TcpSocketFactory of a node with LfnTcpL4Protocol: what
 * Socket::CreateSocket(node, TcpSocketFactory::GetTypeId()) (BulkSend, PacketSink, OnOff)
 * finds on such a node.
 */
class LfnTcpSocketFactory : public TcpSocketFactory
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    /** @param tcp the node's TCP layer */
    void SetTcp(Ptr<LfnTcpL4Protocol> tcp);
    Ptr<Socket> CreateSocket() override;

  protected:
    void DoDispose() override;

  private:
    Ptr<LfnTcpL4Protocol> m_tcp;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_LFN_TCP_L4_PROTOCOL_H
