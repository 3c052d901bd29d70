/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_LIGHTPATH_SIGNALLING_H
#define HYBRIDNET_LIGHTPATH_SIGNALLING_H

#include "optical-circuit-switch.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * One domain a lightpath crosses: its circuit switch, the two ports the lightpath uses
 * there, and the one-way signalling delay from the previous domain's controller (from the
 * requester for the first domain).
 */
struct LightpathHop
{
    std::string domain;               //!< the domain's name, for traces and reasons
    Ptr<OpticalCircuitSwitch> fabric; //!< the domain's switch (its controller: (4) there)
    uint32_t portIn{0};               //!< the port towards the requester
    uint32_t portOut{0};              //!< the port towards the destination
    Time delay;                       //!< d_i: one-way signalling delay to this controller
};

/**
 * @brief Demand-driven set-up and release of a lightpath across several domains, each
 * with its own circuit switch and controller, by hop-by-hop signalling (the GMPLS RSVP-TE
 * style of the inter-domain circuit services of the time: a request travels from domain to
 * domain, each admits and sets up its own segment before passing it on).
 *
 * A request for hops 1..n (LightpathHop: switch i, ports, signalling delay d_i) leaves
 * the requester at t_0. It reaches controller i when controller i - 1 has set up its
 * segment (the requester for i = 1) plus d_i; controller i runs `connection portIn portOut`
 * on its switch, which completes after the switch's command latency L_i and, if it changed
 * the map, its switching time S_i (OpticalCircuitSwitch (3), (4); failures complete at
 * once after L_i). With every domain admitting, the confirmation travels back over every
 * d_i, so the lightpath is up at the requester after
 *
 *     (1) T_up = sum_i (L_i + S_i) + 2 sum_i d_i
 *
 * (per-domain latencies plus one signalling round trip over the chain). Every segment is
 * lit by then: segment i lights L_i + S_i after the request reached it.
 *
 * Admission. A domain refuses when a port is reserved by another lightpath (reserved from
 * the moment the request reaches the domain until its segment is torn down; the refusal
 * goes through the controller like a command, after L_i: OpticalCircuitSwitch::Submit),
 * and its switch refuses when a port is out of range or in another circuit, or the switch
 * is cycling (OpticalCircuitSwitch::Connect). A refusal at domain
 * j travels back and each domain k < j tears its segment down before passing the error
 * on (`no connection`, L_k + S_k), so when the requester hears the failure, at
 *
 *     (2) T_fail = L_j + 2 sum_{k<j} (L_k + S_k) + 2 sum_{k<=j} d_k   after t_0
 *
 * (domain j refuses after its command latency; each earlier domain has set its segment up
 * and tears it down again),
 * no domain holds a segment of it: there is never a half-made circuit left behind.
 *
 * Release of an established lightpath (Release) goes the same way as its set-up, domain
 * by domain: it is complete at the requester after sum_i (L_i + S_i) + 2 sum_i d_i.
 * A request or release in progress cannot be released; a lightpath is released once.
 *
 * Not modelled: controller or signalling failures (a message is never lost), path
 * computation (the hops are given), crank-back to another path after a refusal,
 * wavelength continuity (each switch is a fibre switch; sub-lambda channels are not part of
 * this class).
 */
class LightpathSignalling : public Object
{
  public:
    /**
     * Outcome of a request or release, at the requester.
     * @param success whether every domain did it
     * @param reason the refusing domain and its switch's reason (empty on success)
     */
    typedef Callback<void, bool, std::string> ResultCallback;

    /**
     * TracedCallback signature of DomainEvent.
     * @param id the lightpath
     * @param domain the domain's name
     * @param event "up" (its segment is set up), "refused", "down" (torn down)
     */
    typedef void (*DomainEventCallback)(uint64_t id, std::string domain, std::string event);

    static TypeId GetTypeId();
    LightpathSignalling();
    ~LightpathSignalling() override;

    /**
     * Request a lightpath over @p hops (at least one), from now.
     * @param hops the domains in order from the requester
     * @param done called at the requester: (1) or (2)
     * @return the lightpath's id (1, 2, ...), for Release
     */
    uint64_t Request(std::vector<LightpathHop> hops, ResultCallback done);

    /**
     * Tear down lightpath @p id, domain by domain from the requester.
     * @param id a lightpath whose request succeeded and that is not being released
     * @param done called at the requester when every segment is down
     * @return false (and nothing done) if @p id is not such a lightpath
     */
    bool Release(uint64_t id, ResultCallback done);

    /** @return lightpaths up (requested, set up, not released) */
    uint32_t GetActive() const;

  private:
    /** One lightpath's signalling state. */
    struct Lightpath
    {
        std::vector<LightpathHop> hops;
        ResultCallback done;
        bool up{false}; //!< set up and not being released
    };

    void DoDispose() override;

    /** The request reaches domain @p i of lightpath @p id: set up its segment. */
    void SetUpAt(uint64_t id, size_t i);
    /** Domain @p i's switch answered the set-up (@p success, @p why). */
    void SetUpDone(uint64_t id, size_t i, bool success, std::string why);
    /**
     * The teardown reaches domain @p i: going back after a refusal (@p reason the
     * refusal), or forward on a release.
     */
    void TearDownAt(uint64_t id, size_t i, bool forward, std::string reason);
    /** Domain @p i's switch answered the teardown. */
    void TearDownDone(uint64_t id,
                      size_t i,
                      bool forward,
                      std::string reason,
                      bool success,
                      std::string why);
    /**
     * Pass a refusal back from domain @p i: to domain i - 1, which tears its segment down,
     * or from the first domain to the requester.
     */
    void GoBack(uint64_t id, size_t i, std::string reason);
    /** Tell the requester after the signalling delay back from domain @p i. */
    void Answer(uint64_t id, size_t i, bool success, std::string reason, bool forget);
    /** The answer reaches the requester; forget the lightpath if @p forget. */
    void Deliver(uint64_t id, bool success, std::string reason, bool forget);

    /** A switch's port. */
    using Port = std::pair<const OpticalCircuitSwitch*, uint32_t>;
    /** @return the lightpath other than @p id that reserves one of @p hop's ports, or 0 */
    uint64_t GetOtherOwner(const LightpathHop& hop, uint64_t id) const;
    /** Reserve (@p id) or free (0) @p hop's two ports. */
    void SetOwner(const LightpathHop& hop, uint64_t id);

    std::map<uint64_t, Lightpath> m_paths; //!< by id
    std::map<Port, uint64_t> m_owners;     //!< ports reserved by a lightpath
    uint64_t m_nextId{1};
    uint32_t m_active{0};
    TracedCallback<uint64_t, std::string, std::string> m_domainEvent;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_LIGHTPATH_SIGNALLING_H
