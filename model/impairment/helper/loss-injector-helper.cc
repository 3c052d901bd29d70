/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "loss-injector-helper.h"

#include "ns3/log.h"
#include "ns3/node.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetLossInjectorHelper");

LossInjectorHelper::LossInjectorHelper()
{
    m_factory.SetTypeId(LossInjector::GetTypeId());
}

void
LossInjectorHelper::SetAttribute(std::string name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

Ptr<LossInjector>
LossInjectorHelper::Install(Ptr<Node> node, LossInjector::Direction direction) const
{
    NS_LOG_FUNCTION(this << node << direction);
    Ptr<LossInjector> injector = m_factory.Create<LossInjector>();
    injector->Attach(node, direction);
    return injector;
}

std::vector<Ptr<LossInjector>>
LossInjectorHelper::Install(NodeContainer nodes, LossInjector::Direction direction) const
{
    std::vector<Ptr<LossInjector>> injectors;
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        injectors.push_back(Install(*it, direction));
    }
    return injectors;
}

int64_t
LossInjectorHelper::AssignStreams(const std::vector<Ptr<LossInjector>>& injectors, int64_t stream)
{
    int64_t used = 0;
    for (const auto& injector : injectors)
    {
        used += injector->AssignStreams(stream + used);
    }
    return used;
}

} // namespace hybridnet
} // namespace ns3
