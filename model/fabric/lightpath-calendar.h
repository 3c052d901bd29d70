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
 * Set-up lead. The request leaves at a - U, with U the longest set-up LightpathSignalling
 * (1) can take on the path, from the switches' attributes:
 *
 *     (1) U = sum_i (CommandLatencyMax_i + SwitchingTime_i) + 2 sum_i d_i
 *
 * so the lightpath is up by a whenever no other command is queued ahead of the request at
 * a controller (one that is delays it by its own duration). Its release leaves at b and,
 * taking a segment down as long as setting it up, has freed every port by b + U.
 *
 * Booking. A booking holds each of its ports (a switch's port) for its occupancy
 *
 *     (2) O = [a - U, b + U)
 *
 * and Book refuses, with a one-line reason naming the setting, a slot that is empty (b <=
 * a), that starts too soon to be set up (a - U < now: "in the past" for the set-up), or
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

  private:
    /** One booked port: a switch's port. */
    using Port = std::pair<const OpticalCircuitSwitch*, uint32_t>;

    /** A booking's occupancy of a port, (2). */
    struct Slot
    {
        Time from;
        Time to;
        uint64_t booking;
    };

    void DoDispose() override;
    /** @return "" or why occupancy [@p from, @p to) meets another on @p hops' ports, (3) */
    std::string CheckPorts(const std::vector<LightpathHop>& hops, Time from, Time to) const;
    /** The set-up of booking @p id starts. */
    void StartSetUp(uint64_t id, std::vector<LightpathHop> hops, OutcomeCallback outcome);
    /** Booking @p id's slot ends: release its lightpath if it is up. */
    void StartRelease(uint64_t id, OutcomeCallback outcome);

    Ptr<LightpathSignalling> m_signalling;
    std::map<Port, std::vector<Slot>> m_slots; //!< occupancies per port
    std::map<uint64_t, uint64_t> m_lightpaths; //!< booking -> its lightpath, while up
    uint64_t m_nextId{1};
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_LIGHTPATH_CALENDAR_H
