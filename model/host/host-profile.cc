/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The host profiles. Every value carries its source; "calibration" names the one
 * measurement (shared/reference, marked calibration) that set it; "estimate" marks a value
 * taken from the literature's order of magnitude, not fitted to any study's number.
 */
#include "host-profile.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <sstream>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetHostProfile");

namespace
{

/*
 * Linux 2.4/2.6 network code on a Pentium 4 class CPU, in cycles (the same software on
 * every host of the studies; a faster clock runs it in less time).
 *   - RxPacketCycles 5000, TxPacketCycles 3000: estimate. Foong et al., "TCP performance
 *     re-visited" (ISPASS 2003), measured about 1 Hz of CPU per bit/s of TCP receive
 *     throughput on Pentium 4 Linux: ~11,700 cycles per 1460 B segment, of which the copy
 *     to user space (HostCpu MemoryCopyRate) takes ~6,000 at 2.4 GHz; the rest, ~5,000, is
 *     driver and protocol work. Transmit is cheaper (no interrupt-side demultiplexing,
 *     fewer cache misses): 3,000.
 *   - InterruptCycles 2400: estimate, ~1 us - interrupt entry and exit plus the driver's
 *     uncached read of the interrupt cause register across the bus.
 *   - PollCycles 1200: estimate, ~0.5 us - softirq entry, ring refill, interrupt re-enable.
 *   - ChecksumCyclesPerByte 0.5: estimate, the Internet checksum's add-with-carry over
 *     32-bit words at about two bytes per cycle (used only without checksum offload).
 */
const std::vector<HostProfile::Setting> kLinuxStackCosts = {
    {"RxPacketCycles", "5000"},
    {"TxPacketCycles", "3000"},
    {"InterruptCycles", "2400"},
    {"PollCycles", "1200"},
    {"ChecksumCyclesPerByte", "0.5"},
};

/*
 * The e1000 driver of the 2.4 era (5.x series), its module-parameter defaults (Intel's
 * e1000 README of that series): InterruptThrottleRate 8000 ints/s, RxIntDelay 0,
 * RxAbsIntDelay 128, TxIntDelay 64, TxAbsIntDelay 64 (units of 1.024 us); 256
 * descriptors per ring; checksum offload on.
 */
const std::vector<HostProfile::Setting> kE1000Era2004 = {
    {"InterruptThrottleRate", "8000"},
    {"RxIntDelay", "0"},
    {"RxAbsIntDelay", "128"},
    {"TxIntDelay", "64"},
    {"TxAbsIntDelay", "64"},
};

std::vector<HostProfile::Setting>
Join(std::vector<HostProfile::Setting> a, const std::vector<HostProfile::Setting>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

std::vector<HostProfile>
MakeProfiles()
{
    std::vector<HostProfile> profiles;

    /*
     * Lightpath accelerator study (shared/reference/lightpath-accelerator.md): dual Xeon
     * 2.4 GHz, Intel 82541 GigE on the motherboard, e1000 with NAPI, Linux 2.4.
     *   - Frequency 2.4 GHz: the study. One CPU does the network work (HostCpu).
     *   - Processors 2: the study (dual Xeon, hyperthreading off); iperf runs on the other
     *     processor (HostProcess).
     *   - MemoryCopyRate 5.07 Gb/s: calibration - "iperf over loopback, 60 s: 2.30-2.31
     *     Gb/s", solved with LoopbackNetDevice equation (4): G = 8P / ((1 + 1/b) c / f +
     *     16 P / M) with G = 2.31 Gb/s, P = 16384 B (lo MTU 16436 less 52 B of headers),
     *     b = 2 (delayed ACKs), c = RxPacketCycles + TxPacketCycles = 8000 (a segment's
     *     stack work on both ends of the loopback), f = 2.4 GHz: M = 5.07 Gb/s.
     *   - Bus: the 82541 is a 32-bit PCI 2.3 device at 33 or 66 MHz (Intel 82541 datasheet).
     *     The clock is set by the calibration "iperf 60 s, single flow: 913-940 Mb/s": at
     *     33 MHz the frames alone take 11.4 us of the 12.3 us a 1538 B wire slot lasts, and
     *     with the per-burst overhead (HostBus (7)) and the descriptors the bus carries at
     *     most ~730 Mb/s of TCP payload; at 66 MHz it carries the line rate.
     */
    profiles.push_back(HostProfile{
        "accelerator-xeon",
        "Lightpath accelerator study: dual Xeon 2.4 GHz, Intel 82541 on 32-bit/66 MHz PCI, "
        "e1000 5.x with NAPI, Linux 2.4",
        {{"Frequency", "2400000000"}, {"Processors", "2"}, {"MemoryCopyRate", "5.07Gbps"}},
        {{"Kind", "Pci"}, {"Width", "32"}, {"Clock", "66"}},
        Join({{"RxRingSize", "256"}, {"TxRingSize", "256"}, {"ChecksumOffload", "true"}},
             kLinuxStackCosts),
        kE1000Era2004,
    });

    /*
     * Event-filter farm study (shared/reference/nic-tuning-load-balancing.md): 800 MHz and
     * 1.8 GHz Pentium PCs, GigE NICs on 32-bit/33 MHz PCI (the study's PCI ceiling), netperf.
     * Same software costs in cycles; the memory-copy rate of the accelerator host is not
     * reused (a different memory system) - the farm study gives no copy measurement, so the
     * profiles keep HostCpu's default and the report says so. Processors 1: assumption,
     * commodity single-processor PCs (the study names context switches among the per-packet
     * costs); netperf shares the CPU with the network code (HostProcess).
     */
    profiles.push_back(HostProfile{
        "farm-pentium-800",
        "Event-filter farm study: 800 MHz Pentium PC, GigE NIC on 32-bit/33 MHz PCI, Linux 2.4",
        {{"Frequency", "800000000"}, {"Processors", "1"}},
        {{"Kind", "Pci"}, {"Width", "32"}, {"Clock", "33"}},
        Join({{"ChecksumOffload", "false"}}, kLinuxStackCosts),
        kE1000Era2004,
    });
    profiles.push_back(HostProfile{
        "farm-pentium-1800",
        "Event-filter farm study: 1.8 GHz Pentium PC, GigE NIC on 32-bit/33 MHz PCI, Linux 2.4",
        {{"Frequency", "1800000000"}, {"Processors", "1"}},
        {{"Kind", "Pci"}, {"Width", "32"}, {"Clock", "33"}},
        Join({{"ChecksumOffload", "false"}}, kLinuxStackCosts),
        kE1000Era2004,
    });

    /*
     * High-speed TCP study, 10 GbE hosts (shared/reference/high-speed-tcp-wan.md): dual
     * 2.2 GHz Xeon, 400 MHz front-side bus, Intel PRO/10GbE LR on 64-bit/133 MHz PCI-X,
     * mmrbc 512 B; Linux 2.6; the receiving process runs on the second processor
     * (Processors 2). The NIC is a 10 Gb/s device (DataRate is the link's, set by
     * the scenario); its driver (ixgb) moderates interrupts with its own timers - modelled
     * with the same throttle at 8000 ints/s (an assumption, see docs/modules/host.md).
     *   - MemoryCopyRate 3.057 Gb/s: calibration - "10 GbE UDP, 16144 B MTU (16080 B user
     *     data), dual 2.2 GHz Xeon, 400 MHz FSB, PCI-X mmrbc 512 B: 2.9 Gb/s", read as the
     *     rate at the receiver (what UDPmon and netperf's netserver report). Between two
     *     such hosts the receiver is the slower end (RxPacketCycles 5000 per datagram
     *     against the sender's TxPacketCycles 3000, the same copy at each end), so its CPU
     *     is saturated: NAPI polls in full budgets of 64 frames and re-polls without
     *     interrupts (NicNetDevice (R6)-(R7)). A datagram of P = 16080 B then costs it
     *     (RxPacketCycles + PollCycles / NapiWeight) / f + 8 P / M (HostCpu (1)), so
     *       G = 8 P / ((5000 + 1200 / 64) / f + 8 P / M);
     *     with G = 2.9 Gb/s, f = 2.2 GHz: 8 P / G = 44.359 us, the cycles take 2.281 us,
     *     8 P / M = 42.077 us, M = 3.057 Gb/s (rounded to 1 Mb/s). The PCI-X bus is not the
     *     limit (6.67 Gb/s for this frame at mmrbc 512, HostBus (1)).
     */
    profiles.push_back(HostProfile{
        "tengig-xeon-2.2",
        "High-speed TCP study: dual Xeon 2.2 GHz, 400 MHz FSB, Intel PRO/10GbE LR on "
        "64-bit/133 MHz PCI-X (mmrbc 512), Linux 2.6",
        {{"Frequency", "2200000000"}, {"Processors", "2"}, {"MemoryCopyRate", "3.057Gbps"}},
        {{"Kind", "PciX"}, {"Width", "64"}, {"Clock", "133"}, {"Mmrbc", "512"}},
        Join({{"RxRingSize", "4096"}, {"TxRingSize", "4096"}, {"ChecksumOffload", "true"}},
             kLinuxStackCosts),
        {{"InterruptThrottleRate", "8000"}},
    });
    std::sort(profiles.begin(), profiles.end(), [](const HostProfile& a, const HostProfile& b) {
        return a.name < b.name;
    });
    return profiles;
}

} // namespace

const std::vector<HostProfile>&
HostProfile::All()
{
    static const std::vector<HostProfile> profiles = MakeProfiles();
    return profiles;
}

const HostProfile&
HostProfile::Get(const std::string& name)
{
    for (const HostProfile& profile : All())
    {
        if (profile.name == name)
        {
            return profile;
        }
    }
    std::ostringstream names;
    for (const std::string& n : Names())
    {
        names << (names.tellp() > 0 ? ", " : "") << n;
    }
    NS_ABORT_MSG("HostProfile: no profile '" << name << "' (profiles: " << names.str() << ")");
}

std::vector<HostProfile::Setting>
HostProfile::LoopbackSettings() const
{
    double cycles = 0;
    bool named = false;
    for (const auto& [key, value] : nic)
    {
        if (key == "RxPacketCycles" || key == "TxPacketCycles")
        {
            cycles += std::stod(value);
            named = true;
        }
    }
    if (!named)
    {
        return {};
    }
    std::ostringstream text;
    text << cycles;
    return {{"PacketCycles", text.str()}};
}

std::vector<std::string>
HostProfile::Names()
{
    std::vector<std::string> names;
    for (const HostProfile& profile : All())
    {
        names.push_back(profile.name);
    }
    return names;
}

} // namespace hybridnet
} // namespace ns3
