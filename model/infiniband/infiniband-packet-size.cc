/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-packet-size.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandPacketSize");

bool
InfinibandPacketSize::IsValidMtu(uint32_t mtu)
{
    return mtu == 256 || mtu == 512 || mtu == 1024 || mtu == 2048 || mtu == 4096;
}

uint32_t
InfinibandPacketSize::GetPad(uint32_t payload)
{
    return (4 - payload % 4) % 4;
}

uint32_t
InfinibandPacketSize::GetPacketBytes(uint32_t payload, uint32_t extended, bool grh)
{
    return kLrh + (grh ? kGrh : 0) + kBth + extended + payload + GetPad(payload) + kIcrc + kVcrc;
}

uint64_t
InfinibandPacketSize::GetPacketsPerMessage(uint64_t message, uint32_t mtu)
{
    NS_ABORT_MSG_UNLESS(IsValidMtu(mtu), "InfinibandPacketSize: no MTU " << mtu);
    return message == 0 ? 1 : (message + mtu - 1) / mtu;
}

uint32_t
InfinibandPacketSize::GetBlocks(uint32_t packetBytes)
{
    return (packetBytes + kBlockBytes - 1) / kBlockBytes;
}

double
InfinibandPacketSize::GetEfficiency(uint32_t payload, uint32_t extended, const InfinibandRate& rate)
{
    return double(payload) / rate.GetWireBytes(GetPacketBytes(payload, extended));
}

} // namespace hybridnet
} // namespace ns3
