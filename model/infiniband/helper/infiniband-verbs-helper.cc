/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-verbs-helper.h"

#include "ns3/abort.h"
#include "ns3/node.h"

namespace ns3
{
namespace hybridnet
{

InfinibandVerbsHelper::InfinibandVerbsHelper()
{
    m_hca.SetTypeId(InfinibandHca::GetTypeId());
}

void
InfinibandVerbsHelper::SetHcaAttribute(std::string name, const AttributeValue& value)
{
    m_hca.Set(name, value);
}

Ptr<InfinibandHca>
InfinibandVerbsHelper::Install(Ptr<InfinibandNetDevice> port1, Ptr<InfinibandNetDevice> port2) const
{
    NS_ABORT_MSG_IF(!port1 || !port1->GetNode(), "InfinibandVerbsHelper: port 1 on no node");
    NS_ABORT_MSG_IF(port2 && port2->GetNode() != port1->GetNode(),
                    "InfinibandVerbsHelper: both ports must be on one node");
    Ptr<InfinibandHca> hca = m_hca.Create<InfinibandHca>();
    port1->GetNode()->AggregateObject(hca);
    hca->SetPort(1, port1);
    if (port2)
    {
        hca->SetPort(2, port2);
    }
    return hca;
}

bool
InfinibandVerbsHelper::Connect(Ptr<InfinibandQueuePair> a, Ptr<InfinibandQueuePair> b)
{
    return a->ModifyToInit() && b->ModifyToInit() &&
           a->ModifyToRtr(b->GetLid(), b->GetQpNum(), 0) &&
           b->ModifyToRtr(a->GetLid(), a->GetQpNum(), 0) && a->ModifyToRts(0) && b->ModifyToRts(0);
}

} // namespace hybridnet
} // namespace ns3
