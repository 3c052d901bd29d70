/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_HOST_PROFILE_H
#define HYBRIDNET_HOST_PROFILE_H

#include "input-file-error.h"

#include "ns3/attribute.h"
#include "ns3/net-device-container.h"
#include "ns3/ptr.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

class DiskArrayHelper;
class LfnTcpHelper;
class LoopbackHelper;
class NicHelper;

/**
 * @brief A host of one of the reproduced studies, read from its profile file: attribute
 * values of its CPU (HostCpu), I/O bus (HostBus), memory bus (MemoryBus; a host whose
 * profile has no memory section has none), NIC (NicNetDevice), driver
 * (InterruptModerator), TCP offload engine (OffloadEngine, for a NIC with TcpOffload),
 * kernel (its TCP sockets' defaults, LfnTcpSocket), transmit queue discipline (Linux's
 * pfifo_fast, PfifoFastQueueDisc) and storage (a disk array, DiskArray, and the page cache
 * of a file on it, PageCache; a host whose profile has no disk section has no disks), each
 * with its unit and its source.
 *
 * The bundled profiles are the JSON files of scenarios/testbed/host-profiles/ (their names
 * are the file names without .json, listed by Names() and `hybridnet profiles`); Load()
 * also takes the path of a user's own file.  A profile file:
 *
 *     {
 *       "description": "one line: the machine and its study",
 *       "include"?: ["linux-network-stack", ...],      // parts: host-profiles/parts/<name>.json
 *       "cpu"?:       { "<HostCpu attribute>": <setting>, ... },
 *       "bus"?:       { "<HostBus attribute>": <setting>, ... },
 *       "memory"?:    { "<MemoryBus attribute>": <setting>, ... },
 *       "nic"?:       { "<NicNetDevice attribute>": <setting>, ... },
 *       "moderator"?: { "<InterruptModerator attribute>": <setting>, ... },
 *       "coalescing"?: { "<AdaptiveRxCoalescing attribute>": <setting>, ... }, // mlx4_en (R9)
 *       "engine"?:    { "<OffloadEngine attribute>": <setting>, ... },
 *       "kernel"?:    { "<LfnTcpSocket or TcpSocket attribute>": <setting>, ... },
 *       "qdisc"?:     { "<PfifoFastQueueDisc attribute>": <setting>, ... },
 *       "disk"?:      { "<DiskArray attribute>": <setting>, ... },
 *       "pagecache"?: { "<PageCache attribute>": <setting>, ... }
 *     }
 *
 * with each setting `{ "value": ..., "unit"?: "...", "source": "..." }`:
 *
 * - the attribute is read by name through ns-3's attribute system, so a misspelt name is
 *   an error at load (with the nearest valid name), never a silently ignored setting;
 * - "value" has the attribute's type: a time or a rate is a string with its unit
 *   ("5.07Gbps", quantity.h's strict rules), an integer or a real a JSON number, a boolean
 *   true or false, an enum its name ("PciX"); it must lie in the attribute's range;
 * - "unit" is required for a number (a number has no unit of its own: "Hz", "cycles",
 *   "bits"), and absent otherwise;
 * - "source" (non-empty) says where the value comes from: a datasheet, a paper, the
 *   study, an "estimate: ..." or an "assumption: ...", or "calibration: ..." naming the one
 *   published measurement that set it (shared/reference marks it calibration).
 *
 * A part (host-profiles/parts/<name>.json) has the same sections and a description, no
 * include: the facts several hosts share, stated once (the Linux network stack's costs in
 * cycles, the e1000 5.x driver's defaults, a Linux kernel's TCP socket defaults).  No
 * attribute is set twice, by the profile or its parts.  What a profile does not set keeps the
 * attribute's default.  Any problem throws InputFileError with one line: "<file>:
 * <section>.<attribute>...: <problem>".
 */
class HostProfile
{
  public:
    /** One attribute value of the profile. */
    struct Setting
    {
        std::string section;             //!< cpu, bus, memory, nic, moderator, engine, kernel,
                                         //!< qdisc, disk or pagecache
        std::string attribute;           //!< the attribute's name
        std::string text;                //!< the value as written ("5.07Gbps", "2400000000")
        std::string unit;                //!< the unit of a number ("" for other values)
        std::string source;              //!< where the value comes from
        std::string file;                //!< the file that states it (the profile or a part)
        Ptr<const AttributeValue> value; //!< the value, checked against the attribute
    };

    /**
     * @param nameOrPath the name of a bundled profile, or the path of a profile file (a
     *        text with '/' or ending in .json)
     * @return the profile; any problem throws InputFileError
     */
    static HostProfile Load(const std::string& nameOrPath);

    /** @return the names of the bundled profiles, sorted */
    static std::vector<std::string> Names();

    /** @return the folder of the bundled profiles */
    static std::string GetDirectory();

    /** @return the profile's name: a bundled name, or the path it was loaded from */
    const std::string& GetName() const;
    /** @return the one-line description */
    const std::string& GetDescription() const;
    /**
     * @return every setting: the parts' (in the order included), then the profile's; in a
     *         file by section (cpu, bus, memory, nic, moderator, engine, kernel, qdisc,
     *         disk, pagecache), then by attribute name
     */
    const std::vector<Setting>& GetSettings() const;

    /**
     * @param section cpu, bus, memory, nic, moderator, engine, kernel, qdisc, disk or
     *        pagecache
     * @param attribute an attribute's name
     * @return its value as the attribute serializes it ("66", "PciX"), if the profile sets it
     */
    std::optional<std::string> Find(const std::string& section, const std::string& attribute) const;

    /** Set every setting on @p helper: cpu, bus, memory, nic (device), moderator and engine
     * attributes. */
    void Apply(NicHelper& helper) const;

    /** @return true if the profile names its kernel (a kernel section, its own or a part's) */
    bool HasKernel() const;

    /**
     * Set the kernel section on @p helper: the socket attributes of every LfnTcpSocket the
     * host creates (LfnTcpHelper::SetSocketAttribute).
     * @param helper the host's TCP
     * @param except attributes the caller sets itself (a scenario's own settings of the
     *        kernel's values): left out
     */
    void ApplyKernel(LfnTcpHelper& helper, const std::set<std::string>& except = {}) const;

    /**
     * Set the host's loopback device (LoopbackNetDevice): PacketCycles = RxFrameCycles +
     * RxPacketCycles + TxPacketCycles, as a segment over lo passes through the transmit and
     * the receive half of the same stack (a frame's receive work is the two receive parts,
     * NicNetDevice (R6')) (LoopbackNetDevice equation (4) and the accelerator-xeon calibration
     * use this sum); nothing if the profile sets neither.
     */
    void ApplyLoopback(LoopbackHelper& helper) const;

    /** @return true if the profile has a disk section: the host has a disk array */
    bool HasStorage() const;

    /**
     * Set the disk and pagecache sections on @p helper (DiskArray and PageCache attributes).
     * @param helper the host's storage
     */
    void ApplyStorage(DiskArrayHelper& helper) const;

    /**
     * Install the host's transmit queue discipline on @p devices: Linux's default pfifo_fast
     * (three priority bands; the studies' traffic all goes to band 1, so a FIFO of
     * txqueuelen packets) with the qdisc section's settings.  Call it before addresses are
     * assigned: ns-3's Ipv4AddressHelper otherwise installs its own default, FqCoDel, which
     * no Linux kernel of the studies ran.
     */
    void InstallQdisc(const NetDeviceContainer& devices) const;

  private:
    std::string m_name;
    std::string m_description;
    std::vector<Setting> m_settings;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_HOST_PROFILE_H
