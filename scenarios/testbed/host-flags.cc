/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "host-flags.h"

#include "attribute-default.h"
#include "hybridnet/host-bus.h"
#include "hybridnet/interrupt-moderator.h"
#include "hybridnet/loopback-helper.h"
#include "hybridnet/nic-helper.h"
#include "hybridnet/nic-net-device.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetHostFlags");

namespace
{

/** The 8254x delay timers' unit. */
const Time kDelayUnit = NanoSeconds(1024);
/** RxAbsIntDelay of the e1000 5.x driver (host-profiles/parts/e1000-5x-driver.json), units. */
constexpr uint32_t kE1000RxAbsIntDelay = 128;

/** @return @p value of HostBus attribute @p name: the profile's, else the attribute's default */
uint32_t
BusValue(const HostProfile& profile, const std::string& name)
{
    return std::stoul(
        profile.Find("bus", name).value_or(AttributeDefaultText(HostBus::GetTypeId(), name)));
}

} // namespace

HostFlags::HostFlags()
    : m_throttleClock(AttributeDefaultText(NicNetDevice::GetTypeId(), "ThrottleClock")),
      m_rxRing(AttributeDefault<UintegerValue>(NicNetDevice::GetTypeId(), "RxRingSize").Get()),
      m_txRing(AttributeDefault<UintegerValue>(NicNetDevice::GetTypeId(), "TxRingSize").Get()),
      m_rxAbsIntDelay(kDelayUnit * kE1000RxAbsIntDelay)
{
}

size_t
HostFlags::AddProfile(ScenarioFlags& flags,
                      const std::string& name,
                      const std::string& who,
                      const std::string& profile,
                      const std::string& none)
{
    if (m_profiles.empty())
    {
        flags.AddInputCheck([this]() { return LoadProfiles(); });
    }
    m_profiles.push_back(Profile{name, profile, !none.empty(), std::nullopt, std::nullopt});
    std::string names;
    for (const auto& n : HostProfile::Names())
    {
        names += (names.empty() ? "" : ", ") + n;
    }
    flags.AddText(name,
                  "host profile of " + who + ": a bundled one (" + names +
                      ") or the path of a profile file (docs/testbed.md)" +
                      (none.empty() ? "" : "; none: " + none),
                  &m_profiles.back().text,
                  std::string("a profile name or a profile file") +
                      (none.empty() ? "" : ", or none"),
                  [](const std::string& text) { return !text.empty(); });
    return m_profiles.size() - 1;
}

size_t
HostFlags::AddProfileLike(ScenarioFlags& flags,
                          const std::string& name,
                          const std::string& who,
                          size_t like)
{
    NS_ASSERT_MSG(like < m_profiles.size(), "AddProfileLike: register --" << name << " later");
    const std::string other = m_profiles[like].flag;
    m_profiles.push_back(Profile{name, "same", false, std::nullopt, like});
    const size_t index = m_profiles.size() - 1;
    flags.AddText(name,
                  "host profile of " + who + ": same (--" + other + "'s), a bundled one or " +
                      "the path of a profile file (see --" + other + ")",
                  &m_profiles.back().text,
                  "same, a profile name or a profile file",
                  [](const std::string& text) { return !text.empty() && text != "none"; });
    flags.AddConstraint(name + " is same with --" + other + "=none", [this, like, index]() {
        return IsModelled(like) || m_profiles.at(index).text == "same";
    });
    return index;
}

void
HostFlags::AddInterruptThrottle(ScenarioFlags& flags)
{
    m_itrFlag = true;
    flags.AddInteger("itr",
                     "e1000 InterruptThrottleRate of every NIC: 0 off, 1 dynamic, 3 dynamic "
                     "conservative, 4 simplified, or a fixed 100..100000 interrupts/s (8000: "
                     "the 2.4-era driver's default)",
                     &m_itr,
                     0,
                     100000);
    flags.AddConstraint("itr is 0, 1, 3, 4 or 100..100000",
                        [this]() { return InterruptModerator::IsValidSetting(m_itr); });
}

void
HostFlags::AddThrottleClock(ScenarioFlags& flags)
{
    m_throttleClockFlag = true;
    flags.AddChoice("throttleClock",
                    "when a throttled interrupt may fire: FreeRunning (next expiry of an "
                    "always-running interval counter) or Restart (one interval after the "
                    "previous interrupt)",
                    &m_throttleClock,
                    {"FreeRunning", "Restart"});
}

void
HostFlags::AddRings(ScenarioFlags& flags)
{
    m_ringFlags = true;
    flags.AddCount("rxRing", "receive descriptors per NIC (e1000: 80..4096)", &m_rxRing, 80, 4096);
    flags.AddCount("txRing", "transmit descriptors per NIC (e1000: 80..4096)", &m_txRing, 80, 4096);
}

void
HostFlags::AddDelayTimers(ScenarioFlags& flags)
{
    m_delayFlags = true;
    flags.AddTime("rxIntDelay",
                  "receive packet delay timer of every NIC (e1000 RxIntDelay, 8254x RDTR): "
                  "the interrupt waits this long after the last frame; rounded to whole "
                  "units of 1.024 us (32us -> 31.744us); 0us: no delay",
                  &m_rxIntDelay,
                  Seconds(0),
                  kDelayUnit * 65535);
    flags.AddTime("rxAbsIntDelay",
                  "receive absolute delay timer of every NIC (e1000 RxAbsIntDelay, RADV): "
                  "the interrupt waits at most this long after the first frame; rounded to "
                  "units of 1.024 us; used only when rxIntDelay > 0",
                  &m_rxAbsIntDelay,
                  Seconds(0),
                  kDelayUnit * 65535);
    flags.AddConstraint(
        "rxIntDelay and rxAbsIntDelay are 0us or at least 0.512us (whole 1.024us units)",
        [this]() {
            return (m_rxIntDelay.IsZero() || DelayUnits(m_rxIntDelay) > 0) &&
                   (m_rxAbsIntDelay.IsZero() || DelayUnits(m_rxAbsIntDelay) > 0);
        });
}

void
HostFlags::AddChecksumOffload(ScenarioFlags& flags)
{
    flags.AddChoice("checksumOffload",
                    "TCP/UDP/IP checksums on the NIC (on) or the CPU (off); profile: as the "
                    "host profiles say",
                    &m_checksumOffload,
                    {"profile", "on", "off"});
}

void
HostFlags::AddTcpOffload(ScenarioFlags& flags)
{
    flags.AddChoice("tcpOffload",
                    "TCP offload on the NIC's own engine (on), or TCP on the host CPU (off); "
                    "profile: as the host profiles say (on for a TOE NIC such as the Chelsio "
                    "T110)",
                    &m_tcpOffload,
                    {"profile", "on", "off"});
    flags.AddInputCheck([this]() -> std::string {
        if (m_tcpOffload != "on")
        {
            return "";
        }
        for (size_t i = 0; i < m_profiles.size(); ++i)
        {
            if (IsModelled(i) && !GetProfile(i).Find("engine", "SegmentRate"))
            {
                return "tcpOffload=on: the NIC of --" + m_profiles[i].flag + "=" +
                       GetProfile(i).GetName() +
                       " has no TCP offload engine (no engine section in its profile); "
                       "accepted profile or off";
            }
        }
        return "";
    });
}

void
HostFlags::AddBus(ScenarioFlags& flags)
{
    m_busFlags = true;
    flags.AddChoice("busKind",
                    "I/O bus of every host: Pci, PciX or PciExpress; profile: the profiles' "
                    "buses (then busWidth, busClock and mmrbc override single values)",
                    &m_busKind,
                    {"profile", "Pci", "PciX", "PciExpress"});
    flags.AddCount("busWidth",
                   "data width of every bus in bits (PCI 32 or 64, PCI-X 64); 0: the profile's",
                   &m_busWidth,
                   0,
                   1024);
    flags.AddCount("busClock",
                   "clock of every bus in MHz (PCI 33 or 66, PCI-X 66, 100 or 133); 0: the "
                   "profile's",
                   &m_busClock,
                   0,
                   100000);
    flags.AddSize("mmrbc",
                  "PCI-X maximum memory read byte count of every bus (512B, 1024B, 2048B "
                  "or 4096B): the largest DMA read burst; 0B: the profile's",
                  &m_mmrbc,
                  0,
                  65536);
    // One rule per parameter, so that the message names the parameter and its values.
    flags.AddConstraint("busWidth is 32 or 64 (bits) with busKind Pci, 64 with PciX",
                        [this]() { return BusProblem() != "Width"; });
    flags.AddConstraint("busClock is 33 or 66 (MHz) with busKind Pci, 66, 100 or 133 with PciX",
                        [this]() { return BusProblem() != "Clock"; });
    flags.AddConstraint("mmrbc is 512B, 1024B, 2048B or 4096B",
                        [this]() { return BusProblem() != "Mmrbc"; });
    flags.AddConstraint("the bus of each host exists (HostBus::CheckConfiguration)",
                        [this]() { return BusProblem().empty(); });
}

bool
HostFlags::IsModelled(size_t i) const
{
    const Profile& p = m_profiles.at(i);
    if (p.like && p.text == "same")
    {
        return IsModelled(*p.like);
    }
    return !(p.none && p.text == "none");
}

const HostProfile&
HostFlags::GetProfile(size_t i) const
{
    NS_ABORT_MSG_UNLESS(m_profiles.at(i).loaded, "HostFlags: profile " << i << " is not loaded");
    return *m_profiles.at(i).loaded;
}

void
HostFlags::Apply(size_t i, NicHelper& helper) const
{
    GetProfile(i).Apply(helper);
    if (m_busFlags)
    {
        const Bus bus = *EffectiveBus(i);
        helper.SetBusAttribute("Kind", StringValue(bus.kind));
        helper.SetBusAttribute("Width", UintegerValue(bus.width));
        helper.SetBusAttribute("Clock", UintegerValue(bus.clock));
        helper.SetBusAttribute("Mmrbc", UintegerValue(bus.mmrbc));
    }
    if (m_checksumOffload != "profile")
    {
        helper.SetDeviceAttribute("ChecksumOffload", BooleanValue(m_checksumOffload == "on"));
    }
    if (m_tcpOffload != "profile")
    {
        helper.SetDeviceAttribute("TcpOffload", BooleanValue(m_tcpOffload == "on"));
    }
    if (m_itrFlag)
    {
        helper.SetModeratorAttribute("InterruptThrottleRate", UintegerValue(m_itr));
    }
    if (m_throttleClockFlag)
    {
        helper.SetDeviceAttribute("ThrottleClock", StringValue(m_throttleClock));
    }
    if (m_ringFlags)
    {
        helper.SetDeviceAttribute("RxRingSize", UintegerValue(m_rxRing));
        helper.SetDeviceAttribute("TxRingSize", UintegerValue(m_txRing));
    }
    if (m_delayFlags)
    {
        helper.SetModeratorAttribute("RxIntDelay", UintegerValue(DelayUnits(m_rxIntDelay)));
        helper.SetModeratorAttribute("RxAbsIntDelay", UintegerValue(DelayUnits(m_rxAbsIntDelay)));
    }
}

void
HostFlags::ApplyLoopback(size_t i, LoopbackHelper& helper) const
{
    GetProfile(i).ApplyLoopback(helper);
}

std::optional<HostFlags::Bus>
HostFlags::EffectiveBus(size_t i) const
{
    std::optional<HostProfile> profile = m_profiles.at(i).loaded;
    if (!profile)
    {
        try
        {
            profile = HostProfile::Load(m_profiles.at(i).text);
        }
        catch (const InputFileError&)
        {
            return std::nullopt; // the input check reports it
        }
    }
    const std::string kind =
        profile->Find("bus", "Kind").value_or(AttributeDefaultText(HostBus::GetTypeId(), "Kind"));
    return Bus{m_busKind != "profile" ? m_busKind : kind,
               m_busWidth != 0 ? m_busWidth : BusValue(*profile, "Width"),
               m_busClock != 0 ? m_busClock : BusValue(*profile, "Clock"),
               BusValue(*profile, "Lanes"),
               m_mmrbc != 0 ? m_mmrbc : BusValue(*profile, "Mmrbc")};
}

std::string
HostFlags::BusProblem() const
{
    for (size_t i = 0; i < m_profiles.size(); ++i)
    {
        const std::optional<Bus> bus = IsModelled(i) ? EffectiveBus(i) : std::nullopt;
        if (!bus)
        {
            continue;
        }
        const HostBus::Kind kind = bus->kind == "PciX"         ? HostBus::PCI_X
                                   : bus->kind == "PciExpress" ? HostBus::PCI_EXPRESS
                                                               : HostBus::PCI;
        const std::string problem =
            HostBus::CheckConfiguration(kind, bus->width, bus->clock, bus->lanes, bus->mmrbc);
        if (!problem.empty())
        {
            // "HostBus: <Parameter> ...": the word after the prefix.
            const size_t start = problem.find(": ") + 2;
            return problem.substr(start, problem.find(' ', start) - start);
        }
    }
    return "";
}

std::string
HostFlags::LoadProfiles()
{
    for (Profile& p : m_profiles)
    {
        p.loaded.reset();
        if (p.none && p.text == "none")
        {
            continue;
        }
        if (p.like && p.text == "same")
        {
            p.loaded = m_profiles.at(*p.like).loaded; // registered, so loaded, before
            continue;
        }
        try
        {
            p.loaded = HostProfile::Load(p.text);
        }
        catch (const InputFileError& e)
        {
            return "--" + p.flag + ": " + e.what();
        }
    }
    return "";
}

uint32_t
HostFlags::DelayUnits(Time t)
{
    return static_cast<uint32_t>(
        std::llround(static_cast<double>(t.GetTimeStep()) / kDelayUnit.GetTimeStep()));
}

} // namespace hybridnet
} // namespace ns3
