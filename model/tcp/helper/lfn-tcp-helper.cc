/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lfn-tcp-helper.h"

#include "hybridnet/lfn-tcp-l4-protocol.h"

#include "ns3/abort.h"
#include "ns3/node.h"

namespace ns3
{
namespace hybridnet
{

LfnTcpHelper::LfnTcpHelper()
{
    m_factory.SetTypeId(LfnTcpL4Protocol::GetTypeId());
}

void
LfnTcpHelper::SetTcpAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

void
LfnTcpHelper::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    m_socketAttributes.emplace_back(name, value.Copy());
}

void
LfnTcpHelper::Install(NodeContainer nodes) const
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Install(*it);
    }
}

void
LfnTcpHelper::Install(Ptr<Node> node) const
{
    if (node->GetObject<LfnTcpL4Protocol>())
    {
        return;
    }
    NS_ABORT_MSG_IF(node->GetObject<TcpL4Protocol>(),
                    "LfnTcpHelper::Install: node " << node->GetId()
                                                   << " already has ns-3's TCP; install "
                                                      "LfnTcp before InternetStackHelper");
    Ptr<LfnTcpL4Protocol> tcp = m_factory.Create<LfnTcpL4Protocol>();
    for (const auto& [name, value] : m_socketAttributes)
    {
        tcp->SetSocketAttribute(name, *value);
    }
    node->AggregateObject(tcp);
}

} // namespace hybridnet
} // namespace ns3
