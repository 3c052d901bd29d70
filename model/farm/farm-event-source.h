/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FARM_EVENT_SOURCE_H
#define HYBRIDNET_FARM_EVENT_SOURCE_H

#include "farm-message.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <set>
#include <vector>

namespace ns3
{

class Socket;

namespace hybridnet
{

class FarmReadoutUnit;

/**
 * @brief The level-1 trigger and its read-out: events of E bytes accepted at times
 * T_1 < T_2 < ..., each sent to one sub-farm controller as UDP fragments.
 *
 *     (1) T_1 = start,  T_{k+1} = T_k + A_k;  A_k drawn from InterArrival (seconds: a
 *         constant for a periodic trigger, exponential for Poisson arrivals), E_k from
 *         EventSize (bytes)
 *
 * until MaxEvents triggers have come (0: no limit) or the application stops. Event ids are
 * Source x 2^40 + k, so that several sources may feed one SFC. Event k goes to SFC
 * k mod K of the K in the order Remote, then AddRemote (a static destination assignment,
 * as a read-out's event manager cycles through its SFCs). Without read-out units the source
 * sends each event whole (SendFarmEvent); with R units (AddReadoutUnit) unit r sends bytes
 *
 *     (2) [floor(r E / R), floor((r + 1) E / R))
 *
 * of it, so the SFC builds the event from R shares (FarmReadoutUnit).
 *
 * The trigger is throttled from an SFC's THROTTLE datagram (at Port, the socket the events
 * leave from: SubFarmController Trigger) to that SFC's RELEASE. While any SFC holds it, a
 * trigger that comes is not read out: event k is lost to dead time (GetThrottled), and the
 * clock of (1) runs on, as a level-1 trigger's accepts do not wait for the read-out.
 */
class FarmEventSource : public Application
{
  public:
    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    FarmEventSource();
    ~FarmEventSource() override;

    /** @param remote a further SFC's input address, the next of the K in (1) */
    void AddRemote(const Address& remote);
    /**
     * Read the events out through one more unit; unit r is the r-th added, of R, (2).
     * @param unit a read-out unit, on its own node
     */
    void AddReadoutUnit(Ptr<FarmReadoutUnit> unit);
    /** @return events sent */
    uint64_t GetSent() const;
    /** @return triggers not read out while throttled */
    uint64_t GetThrottled() const;
    /** @return whether an SFC holds the trigger throttled now */
    bool IsThrottled() const;
    /**
     * Assign fixed random-variable streams (InterArrival, then EventSize).
     * @param stream the first stream
     * @return the streams used (2)
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /** Send event k (unless throttled) and schedule k + 1, (1). */
    void Send();
    /**
     * Send an event whole, or through the units, (2).
     * @param event its header
     * @param sfc its SFC
     */
    void ReadOut(const FarmMessageHeader& event, const Address& sfc);
    /** @param socket the event socket, readable: an SFC's throttle or release */
    void Receive(Ptr<Socket> socket);

    // Attributes
    Address m_remote;                         //!< Remote
    Ptr<RandomVariableStream> m_interArrival; //!< InterArrival, s
    Ptr<RandomVariableStream> m_eventSize;    //!< EventSize, bytes
    uint32_t m_datagramSize{0};               //!< DatagramSize
    uint64_t m_maxEvents{0};                  //!< MaxEvents
    uint32_t m_source{0};                     //!< Source
    uint16_t m_port{0};                       //!< Port

    std::vector<Address> m_remotes;            //!< the K - 1 SFCs after Remote
    std::vector<Ptr<FarmReadoutUnit>> m_units; //!< the R read-out units
    Ptr<Socket> m_socket;                      //!< to the SFCs
    EventId m_next;                            //!< the next event's send
    uint64_t m_triggers{0};                    //!< k
    uint64_t m_sent{0};                        //!< events read out
    uint64_t m_throttled{0};                   //!< triggers lost to dead time
    std::set<Address> m_holding;               //!< the SFCs that hold the trigger throttled
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FARM_EVENT_SOURCE_H
