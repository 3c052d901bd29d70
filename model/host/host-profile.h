/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_HOST_PROFILE_H
#define HYBRIDNET_HOST_PROFILE_H

#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief A named host of one of the reproduced studies: the attribute values of its CPU
 * (HostCpu), I/O bus (HostBus), NIC (NicNetDevice) and driver (InterruptModerator).
 *
 * Every value is documented in host-profile.cc with its source: a datasheet or driver
 * fact, or - for a calibrated value - the single published measurement that set it (marked
 * calibration in the shared reference). A calibrated value is reused unchanged by every
 * scenario; docs/modules/host.md lists them all.
 *
 * Attribute values are strings in ns-3's attribute syntax, applied by NicHelper::SetProfile;
 * what a profile does not name keeps the attribute's default.
 */
struct HostProfile
{
    /** An attribute name and its value. */
    using Setting = std::pair<std::string, std::string>;

    std::string name;                //!< the key, e.g. "accelerator-xeon"
    std::string description;         //!< one line: the machine and its study
    std::vector<Setting> cpu;        //!< HostCpu attributes
    std::vector<Setting> bus;        //!< HostBus attributes
    std::vector<Setting> nic;        //!< NicNetDevice attributes
    std::vector<Setting> moderator;  //!< InterruptModerator attributes

    /**
     * The host's loopback interface (LoopbackNetDevice), derived from the NIC settings:
     * PacketCycles = RxPacketCycles + TxPacketCycles, as a segment over lo passes through
     * the transmit and the receive half of the same stack (LoopbackNetDevice equation (4)
     * and the accelerator-xeon calibration use this sum).
     * @return LoopbackNetDevice attributes (empty if the profile names neither cost)
     */
    std::vector<Setting> LoopbackSettings() const;

    /**
     * @param name a profile name
     * @return the profile; aborts with the list of names if there is none by that name
     */
    static const HostProfile& Get(const std::string& name);

    /** @return every profile name, sorted */
    static std::vector<std::string> Names();

    /** @return every profile */
    static const std::vector<HostProfile>& All();
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_HOST_PROFILE_H
