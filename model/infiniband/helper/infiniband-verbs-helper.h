/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_VERBS_HELPER_H
#define HYBRIDNET_INFINIBAND_VERBS_HELPER_H

#include "hybridnet/infiniband-hca.h"
#include "hybridnet/infiniband-net-device.h"
#include "hybridnet/infiniband-queue-pair.h"

#include "ns3/object-factory.h"

#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Installs channel adapters on nodes and connects RC queue pairs, as rdma_cm's
 * connection setup would (without its messages: the transitions take no simulated time).
 *
 *   InfinibandVerbsHelper verbs;
 *   verbs.SetHcaAttribute("PacketProcessingTime", TimeValue(NanoSeconds(50)));
 *   Ptr<InfinibandHca> hcaA = verbs.Install(portA);   // node has HostBus and HostCpu
 *   ... create CQs and QPs on each HCA ...
 *   InfinibandVerbsHelper::Connect(qpA, qpB);         // both RTS, PSNs from 0
 *
 * Run InfinibandSubnetManagerHelper (LIDs) before Connect.
 */
class InfinibandVerbsHelper
{
  public:
    InfinibandVerbsHelper();

    /**
     * @param name an InfinibandHca attribute
     * @param value its value
     */
    void SetHcaAttribute(std::string name, const AttributeValue& value);

    /**
     * Create an HCA, aggregate it to the ports' node, make @p port1 (and @p port2 if not
     * null) its ports 1 and 2.
     * @param port1 port 1 (required)
     * @param port2 port 2 or null (left for another link layer)
     * @return the HCA
     */
    Ptr<InfinibandHca> Install(Ptr<InfinibandNetDevice> port1,
                               Ptr<InfinibandNetDevice> port2 = nullptr) const;

    /**
     * RESET -> INIT -> RTR -> RTS on both QPs, each with the other's LID and QPN, send
     * and receive PSNs 0.
     * @param a one QP, in RESET
     * @param b the other, in RESET
     * @return false if a transition was refused (e.g. path MTU above a port's MTU)
     */
    static bool Connect(Ptr<InfinibandQueuePair> a, Ptr<InfinibandQueuePair> b);

  private:
    ObjectFactory m_hca;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_VERBS_HELPER_H
