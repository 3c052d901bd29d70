/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_LFN_TCP_HELPER_H
#define HYBRIDNET_LFN_TCP_HELPER_H

#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Selects hybridnet's long-fat-network TCP (LfnTcpSocket) on chosen nodes.
 *
 * Call Install() *before* InternetStackHelper::Install on the same nodes: it aggregates an
 * LfnTcpL4Protocol, which the internet-stack helper keeps instead of creating ns-3's.
 * Applications then get LfnTcpSockets from Socket::CreateSocket(node,
 * TcpSocketFactory::GetTypeId()) unchanged; other nodes keep ns-3's TcpSocketBase, and the
 * two interoperate on the wire.
 *
 * @code
 *   LfnTcpHelper lfn;
 *   lfn.SetTcpAttribute("SocketType", TypeIdValue(TcpHighSpeed::GetTypeId()));
 *   lfn.Install(nodes);
 *   InternetStackHelper().Install(nodes);
 * @endcode
 * Socket attributes (SegmentSize, SndBufSize, Sack, BufferSemantics, ...) are set as for any
 * ns-3 socket: Config::SetDefault("ns3::TcpSocket::...") and
 * "ns3::hybridnet::LfnTcpSocket::...", or on the socket object; SetSocketAttribute sets
 * them for the installed nodes only (a host's kernel), over those defaults.
 */
class LfnTcpHelper
{
  public:
    LfnTcpHelper();
    /**
     * Set an attribute of the LfnTcpL4Protocol to install (TcpL4Protocol's: SocketType,
     * RecoveryType).
     * @param name attribute name
     * @param value attribute value
     */
    void SetTcpAttribute(const std::string& name, const AttributeValue& value);
    /**
     * Set an attribute of every LfnTcpSocket the installed nodes create
     * (LfnTcpL4Protocol::SetSocketAttribute: over Config::SetDefault, per node).
     * @param name an attribute of LfnTcpSocket or TcpSocket
     * @param value attribute value
     */
    void SetSocketAttribute(const std::string& name, const AttributeValue& value);
    /**
     * Install on each node (which must not have a TCP layer yet).
     * @param nodes the nodes
     */
    void Install(NodeContainer nodes) const;
    /** @param node the node */
    void Install(Ptr<Node> node) const;

  private:
    ObjectFactory m_factory;
    std::vector<std::pair<std::string, Ptr<const AttributeValue>>> m_socketAttributes;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_LFN_TCP_HELPER_H
