/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_LIGHTPATH_CALENDAR_H
#define HYBRIDNET_LIGHTPATH_CALENDAR_H

#include "lightpath-signalling.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief Advance reservation of lightpaths: a lightpath booked for a time slot [a, b) is
 * set up through LightpathSignalling so that it is up at a, and released at b.
 *
 * Set-up lead. A set-up leaving at t takes at most U, the longest LightpathSignalling (1)
 * can take on the path, from the switches' attributes:
 *
 *     (1) U = sum_i (CommandLatencyMax_i + SwitchingTime_i) + 2 sum_i d_i
 *
 * when no other command is queued ahead of it at a controller. A release, taking a segment
 * down as long as setting it up, has freed every port U after it leaves.
 *
 * Controllers. Each controller runs one command at a time (OpticalCircuitSwitch (4)), so
 * the calendar plans its own commands around each other. A set-up or release leaving at t
 * reaches controller i between t + e_i and t + l_i and has left it by t + l_i + Lmax_i + S_i,
 *
 *     (4) e_i = sum_{j<i} (Lmin_j + S_j) + sum_{j<=i} d_j
 *         l_i = sum_{j<i} (Lmax_j + S_j) + sum_{j<=i} d_j
 *         window_i(t) = [t + e_i, t + l_i + Lmax_i + S_i)   at controller i
 *
 * (Lmin, Lmax = CommandLatencyMin, Max; S = SwitchingTime). A booking of [a, b) sends its
 * set-up at the latest t_s <= a - U, and its release at the earliest t_r >= b, whose
 * windows (4) meet (3) no window the calendar planned before at the same controller:
 *
 *     (5) t_s = max { t <= a - U : window_i(t) free at every controller i }
 *         t_r = min { t >= b     : window_i(t) free at every controller i }
 *
 * (found by moving t past each window it meets: earlier for t_s, later for t_r). So every
 * booked lightpath is up by a even when bookings share controllers: two bookings of one
 * slot over the same switches are set up one after the other, the second max_i (Lmax_i +
 * S_i) earlier. Not planned around: set-ups that do not go through the calendar (on-demand
 * requests queue at the controllers as OpticalCircuitSwitch (4) says and may delay a
 * booking).
 *
 * Booking. A booking holds each of its ports (a switch's port) for its occupancy
 *
 *     (2) O = [t_s, t_r + U)        (= [a - U, b + U) when no controller is shared)
 *
 * and Book refuses, with a one-line reason naming the setting, a slot that is empty (b <=
 * a), that starts too soon to be set up (t_s < now: "in the past" for the set-up), or
 * whose occupancy overlaps that of another booking on a port they share:
 *
 *     (3) [x, y) and [x', y') overlap  <=>  x < y' and x' < y.
 *
 * So booked lightpaths never meet on a port, and a booking never finds its ports held by
 * another booking (a circuit set up outside the calendar can still make a domain refuse).
 * Outcomes: each booking's set-up and release outcome goes to the callback given to Book
 * (success, or the refusing domain's reason from LightpathSignalling).
 */
class LightpathCalendar : public Object
{
  public:
    /**
     * Outcome of a booked lightpath's set-up or release.
     * @param booking the booking's id
     * @param up true for the set-up's outcome, false for the release's
     * @param success whether it succeeded
     * @param reason why not (empty on success)
     */
    typedef Callback<void, uint64_t, bool, bool, std::string> OutcomeCallback;

    static TypeId GetTypeId();
    LightpathCalendar();
    ~LightpathCalendar() override;

    /** @param signalling the signalling the bookings' set-ups and releases go through */
    void SetSignalling(Ptr<LightpathSignalling> signalling);

    /**
     * @param hops the domains of the lightpath, in order from the requester
     * @return U of (1)
     */
    static Time GetSetUpLead(const std::vector<LightpathHop>& hops);

    /**
     * @param hops the domains of the lightpath, in order from the requester
     * @param start a
     * @param end b
     * @return t_s and t_r of (5), given the commands the calendar has planned so far
     */
    std::pair<Time, Time> PlanCommands(const std::vector<LightpathHop>& hops,
                                       Time start,
                                       Time end) const;

    /**
     * Book a lightpath over @p hops for [@p start, @p end).
     * @param hops the domains in order from the requester (at least one)
     * @param start a
     * @param end b
     * @param outcome called with each outcome
     * @param reason set to why the slot is refused, (2)-(3)
     * @return the booking's id (1, 2, ...), or 0 if refused
     */
    uint64_t Book(const std::vector<LightpathHop>& hops,
                  Time start,
                  Time end,
                  OutcomeCallback outcome,
                  std::string& reason);

    /**
     * Book's checks and plan without its set-up and release: the slot is refused or
     * recorded (its occupancy and its commands' windows) exactly as Book would, so a
     * stand-in calendar over stand-in switches checks a plan of bookings before a run.
     * @param hops the domains in order from the requester (at least one)
     * @param start a
     * @param end b
     * @param reason set to why the slot is refused, (2)-(3)
     * @return the booking's id (1, 2, ...), or 0 if refused
     */
    uint64_t Reserve(const std::vector<LightpathHop>& hops,
                     Time start,
                     Time end,
                     std::string& reason);

  private:
    /** One booked port: a switch's port. */
    using Port = std::pair<const OpticalCircuitSwitch*, uint32_t>;

    /** A command's time at one controller, (4). */
    struct Window
    {
        const OpticalCircuitSwitch* controller;
        Time from;
        Time to;
    };

    /** A booking's occupancy of a port, (2). */
    struct Slot
    {
        Time from;
        Time to;
        uint64_t booking;
    };

    void DoDispose() override;
    /** @return window_i(@p t) of (4) at every hop's controller */
    static std::vector<Window> Windows(const std::vector<LightpathHop>& hops, Time t);
    /**
     * @return how far a command leaving at @p t must move to clear the first planned
     * window it meets, (5): earlier (negative) or later; zero when it meets none
     */
    Time Clearance(const std::vector<LightpathHop>& hops, Time t, bool earlier) const;
    /** @return "" or why occupancy [@p from, @p to) meets another on @p hops' ports, (3) */
    std::string CheckPorts(const std::vector<LightpathHop>& hops, Time from, Time to) const;
    /** The set-up of booking @p id starts. */
    void StartSetUp(uint64_t id, std::vector<LightpathHop> hops, OutcomeCallback outcome);
    /** Booking @p id's slot ends: release its lightpath if it is up. */
    void StartRelease(uint64_t id, OutcomeCallback outcome);

    Ptr<LightpathSignalling> m_signalling;
    std::map<Port, std::vector<Slot>> m_slots; //!< occupancies per port
    std::vector<Window> m_planned;             //!< the commands' windows (4) planned so far
    std::map<uint64_t, uint64_t> m_lightpaths; //!< booking -> its lightpath, while up
    uint64_t m_nextId{1};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_LIGHTPATH_CALENDAR_H
