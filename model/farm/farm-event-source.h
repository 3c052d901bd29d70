/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FARM_EVENT_SOURCE_H
#define HYBRIDNET_FARM_EVENT_SOURCE_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>

namespace ns3
{

class Socket;

namespace hybridnet
{

/**
 * @brief The read-out's events for one sub-farm controller: events of E bytes at times
 * T_1 < T_2 < ..., sent to the SFC as UDP fragments (SendFarmEvent).
 *
 *     (1) T_1 = start,  T_{k+1} = T_k + A_k;  A_k drawn from InterArrival (seconds: a
 *         constant for a periodic trigger, exponential for Poisson arrivals), E_k from
 *         EventSize (bytes)
 *
 * until MaxEvents have been sent (0: no limit) or the application stops. Event ids are
 * Source x 2^40 + k, so that several sources may feed one SFC.
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

    /** @return events sent */
    uint64_t GetSent() const;
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
    /** Send event k and schedule k + 1, (1). */
    void Send();

    // Attributes
    Address m_remote;                         //!< Remote
    Ptr<RandomVariableStream> m_interArrival; //!< InterArrival, s
    Ptr<RandomVariableStream> m_eventSize;    //!< EventSize, bytes
    uint32_t m_datagramSize{0};               //!< DatagramSize
    uint64_t m_maxEvents{0};                  //!< MaxEvents
    uint32_t m_source{0};                     //!< Source

    Ptr<Socket> m_socket; //!< to the SFC
    EventId m_next;       //!< the next event's send
    uint64_t m_sent{0};   //!< k
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FARM_EVENT_SOURCE_H
