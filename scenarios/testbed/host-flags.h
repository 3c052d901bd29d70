/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_HOST_FLAGS_H
#define HYBRIDNET_HOST_FLAGS_H

#include "host-profile.h"
#include "scenario-flags.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <deque>
#include <optional>
#include <string>

namespace ns3
{
namespace hybridnet
{

class LoopbackHelper;
class NicHelper;

/**
 * @brief The flags of the host and NIC model that host-model scenarios share: which host
 * profile each machine is, and the driver and bus settings a user overrides on top of the
 * profiles - registered on a scenario's ScenarioFlags with their rules, checked, and
 * applied to a NicHelper.
 *
 * A scenario registers the groups it offers, in the order it wants its parameters:
 *
 * | method | flags | sets (on every host) |
 * |---|---|---|
 * | AddProfile | one per machine or group of machines (`--host`, `--sender`) | a bundled profile
 * name or a profile file (HostProfile); optionally `none` | | AddInterruptThrottle | itr |
 * InterruptModerator InterruptThrottleRate | | AddThrottleClock | throttleClock | NicNetDevice
 * ThrottleClock | | AddRings | rxRing, txRing | NicNetDevice RxRingSize, TxRingSize | |
 * AddDelayTimers | rxIntDelay, rxAbsIntDelay | InterruptModerator RxIntDelay, RxAbsIntDelay | |
 * AddChecksumOffload | checksumOffload | NicNetDevice ChecksumOffload (or the profile's) | |
 * AddTcpOffload | tcpOffload | NicNetDevice TcpOffload (or the profile's; on needs an engine) | |
 * AddBus | busKind, busWidth, busClock, mmrbc | HostBus Kind, Width, Clock, Mmrbc (or the
 * profiles') |
 *
 * Apply(i, helper) sets profile i on a helper, then every registered override.  The 8254x
 * delay timers count in units of 1.024 us: a time t becomes round(t / 1.024 us) units
 * (32 us -> 31 units = 31.744 us; 1024 us -> 1000 units exactly).
 *
 * Defaults: the rings are NicNetDevice's attribute defaults; itr 8000 and rxAbsIntDelay 128
 * units are the e1000 5.x driver's (host-profiles/parts/e1000-5x-driver.json), the driver
 * of the studies' hosts - not InterruptModerator's defaults, which are a later driver's.
 *
 * Rules: itr is 0, 1, 3, 4 or 100..100000 (InterruptModerator::IsValidSetting); a delay
 * timer is 0 or at least half a unit; the bus each host ends up with exists
 * (HostBus::CheckConfiguration), one rule per parameter so that the message names it.
 * Profiles are loaded by an input check: a bad name or file ends the run with one line,
 * "--<flag>: <file>: <setting>: <problem>".
 */
class HostFlags
{
  public:
    HostFlags();
    HostFlags(const HostFlags&) = delete; //!< the flags hold pointers to the members
    HostFlags& operator=(const HostFlags&) = delete;

    /**
     * Register a profile flag: the profile of one machine or one group of machines.
     * @param flags the scenario's flags
     * @param name the flag ("host", "sender")
     * @param who the machines, for help ("both hosts", "the sending host (netperf)")
     * @param profile the default: a bundled profile name
     * @param none what `none` means, for help ("plain Ethernet devices, no host model");
     *        empty: `none` is not accepted
     * @return the profile's index, for the other methods
     */
    size_t AddProfile(ScenarioFlags& flags,
                      const std::string& name,
                      const std::string& who,
                      const std::string& profile,
                      const std::string& none);
    /**
     * Register a profile flag whose default, `same`, is profile @p like's: other machines of
     * a scenario that are usually the same as the first (the servers of a client). `none`
     * is not accepted.
     * @param flags the scenario's flags
     * @param name the flag ("serverHost")
     * @param who the machines, for help
     * @param like the index of the profile `same` stands for (registered before)
     * @return the profile's index, for the other methods
     */
    size_t AddProfileLike(ScenarioFlags& flags,
                          const std::string& name,
                          const std::string& who,
                          size_t like);
    /** Register --itr. @param flags the scenario's flags */
    void AddInterruptThrottle(ScenarioFlags& flags);
    /** Register --throttleClock. @param flags the scenario's flags */
    void AddThrottleClock(ScenarioFlags& flags);
    /** Register --rxRing and --txRing. @param flags the scenario's flags */
    void AddRings(ScenarioFlags& flags);
    /** Register --rxIntDelay and --rxAbsIntDelay. @param flags the scenario's flags */
    void AddDelayTimers(ScenarioFlags& flags);
    /** Register --checksumOffload. @param flags the scenario's flags */
    void AddChecksumOffload(ScenarioFlags& flags);
    /**
     * Register --tcpOffload (profile, on, off) and its input check: on needs every modelled
     * host's NIC to have a TCP offload engine (its profile sets the engine section, as the
     * chelsio-t110 part does); off turns a TOE NIC's offload off (a what-if).
     * @param flags the scenario's flags
     */
    void AddTcpOffload(ScenarioFlags& flags);
    /** Register --busKind, --busWidth, --busClock and --mmrbc. @param flags the scenario's flags */
    void AddBus(ScenarioFlags& flags);

    /** @param i a profile's index @return false if it is `none` */
    bool IsModelled(size_t i) const;
    /** @param i a profile's index (after Parse) @return the profile */
    const HostProfile& GetProfile(size_t i) const;
    /**
     * Set profile @p i on @p helper, then every registered override.
     * @param i a profile's index (after Parse)
     * @param helper the helper that builds the machines' hosts and NICs
     */
    void Apply(size_t i, NicHelper& helper) const;
    /**
     * Set profile @p i's loopback device (HostProfile::ApplyLoopback).
     * @param i a profile's index (after Parse)
     * @param helper the machines' loopback helper
     */
    void ApplyLoopback(size_t i, LoopbackHelper& helper) const;

  private:
    /** A bus as HostBus::CheckConfiguration takes it. */
    struct Bus
    {
        std::string kind; //!< Pci, PciX or PciExpress
        uint32_t width;   //!< bits
        uint32_t clock;   //!< MHz
        uint32_t lanes;   //!< PCI Express lanes
        uint32_t mmrbc;   //!< bytes
    };

    /** One profile flag. */
    struct Profile
    {
        std::string flag;                  //!< the flag's name
        std::string text;                  //!< the flag's value
        bool none{false};                  //!< `none` is accepted
        std::optional<HostProfile> loaded; //!< after the input check
        std::optional<size_t> like;        //!< `same` (the default) is this profile's
    };

    /** @return profile @p i's bus with the flags applied; nothing if it does not load */
    std::optional<Bus> EffectiveBus(size_t i) const;
    /** @return the first word of HostBus::CheckConfiguration's complaint of any host ("" if none)
     */
    std::string BusProblem() const;
    /** @return the input check's message: "" if every profile loads */
    std::string LoadProfiles();
    /** @return @p t in 8254x units of 1.024 us, rounded to the nearest */
    static uint32_t DelayUnits(Time t);

    std::deque<Profile> m_profiles; //!< stable addresses for the bound texts
    bool m_itrFlag{false};
    int64_t m_itr{8000}; //!< --itr
    bool m_throttleClockFlag{false};
    std::string m_throttleClock; //!< --throttleClock
    bool m_ringFlags{false};
    uint32_t m_rxRing; //!< --rxRing
    uint32_t m_txRing; //!< --txRing
    bool m_delayFlags{false};
    Time m_rxIntDelay;                        //!< --rxIntDelay
    Time m_rxAbsIntDelay;                     //!< --rxAbsIntDelay
    std::string m_checksumOffload{"profile"}; //!< --checksumOffload: profile, on or off
    std::string m_tcpOffload{"profile"};      //!< --tcpOffload: profile, on or off
    bool m_busFlags{false};
    std::string m_busKind{"profile"}; //!< --busKind
    uint32_t m_busWidth{0};           //!< --busWidth, bits (0: the profile's)
    uint32_t m_busClock{0};           //!< --busClock, MHz (0: the profile's)
    uint32_t m_mmrbc{0};              //!< --mmrbc, bytes (0: the profile's)
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_HOST_FLAGS_H
