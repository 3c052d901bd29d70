/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_LOSS_INJECTOR_HELPER_H
#define HYBRIDNET_LOSS_INJECTOR_HELPER_H

#include "hybridnet/loss-injector.h"

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Installs LossInjectors on nodes, PointToPointHelper style: attributes set once
 * (SetAttribute) apply to every injector Install creates.
 *
 * @code
 *   LossInjectorHelper loss;
 *   loss.SetAttribute("Mode", StringValue("EveryNth"));
 *   loss.SetAttribute("Interval", UintegerValue(25000));
 *   loss.SetAttribute("Protocol", UintegerValue(6));
 *   auto injectors = loss.Install(receivers, LossInjector::RECEIVE);
 *   LossInjectorHelper::AssignStreams(injectors, 100);
 * @endcode
 *
 * Install after the internet stack.  The injectors stay hooked into the nodes' IP layer
 * (and alive) until the nodes are disposed, or until Dispose is called on them.
 */
class LossInjectorHelper
{
  public:
    LossInjectorHelper();

    /**
     * @param name an attribute of LossInjector
     * @param value its value (checked by the attribute's checker: a bad value aborts with
     *        a one-line error)
     */
    void SetAttribute(std::string name, const AttributeValue& value);

    /**
     * @param node a node with an internet stack
     * @param direction the path to inject on
     * @return the new injector, attached
     */
    Ptr<LossInjector> Install(Ptr<Node> node, LossInjector::Direction direction) const;

    /**
     * @param nodes nodes with an internet stack
     * @param direction the path to inject on
     * @return the new injectors, attached, in the order of the nodes
     */
    std::vector<Ptr<LossInjector>> Install(NodeContainer nodes,
                                           LossInjector::Direction direction) const;

    /**
     * Fixes the random streams of the injectors (mode Random), so that a run's drops
     * depend only on the seed and the run number.
     * @param injectors injectors from Install
     * @param stream first stream index
     * @return the number of streams used
     */
    static int64_t AssignStreams(const std::vector<Ptr<LossInjector>>& injectors, int64_t stream);

  private:
    ObjectFactory m_factory; //!< LossInjector
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_LOSS_INJECTOR_HELPER_H
