/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_IPERF_SERVER_HELPER_H
#define HYBRIDNET_IPERF_SERVER_HELPER_H

#include "ns3/application-helper.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Installs IperfServer applications, as PacketSinkHelper installs PacketSinks.
 *
 *     IperfServerHelper server(5001);
 *     server.SetAttribute("Interval", TimeValue(Seconds(1)));
 *     ApplicationContainer apps = server.Install(receiverNode);
 */
class IperfServerHelper : public ApplicationHelper
{
  public:
    /** @param port TCP port to listen on, on every address of the node */
    explicit IperfServerHelper(uint16_t port);
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_IPERF_SERVER_HELPER_H
