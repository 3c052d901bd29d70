/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FARM_READOUT_UNIT_H
#define HYBRIDNET_FARM_READOUT_UNIT_H

#include "farm-message.h"

#include "ns3/address.h"
#include "ns3/application.h"

#include <cstdint>

namespace ns3
{

class Socket;

namespace hybridnet
{

/**
 * @brief A read-out unit: one of the R boards that each hold a share of every event's
 * data and, on a trigger's accept, send it to the event's sub-farm controller, where the
 * shares are built into the event (FarmEventReassembly).
 *
 * The trigger (FarmEventSource, AddReadoutUnit) calls ReadOut with the unit's share, bytes
 * [floor(r E / R), floor((r + 1) E / R)) of an event of E bytes for unit r of R; the unit
 * sends it at once as fragments of at most DatagramSize bytes (SendFarmFragments), so the
 * R units' fragments of one event converge on the SFC's port of the read-out network
 * together (event building's many-to-one traffic).
 */
class FarmReadoutUnit : public Application
{
  public:
    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    FarmReadoutUnit();
    ~FarmReadoutUnit() override;

    /**
     * Send a share of an event.
     * @param event the event's header (its id and whole size E)
     * @param to the event's SFC
     * @param first the share's first byte
     * @param bytes its length
     */
    void ReadOut(const FarmMessageHeader& event, const Address& to, uint32_t first, uint32_t bytes);
    /** @return bytes of event data sent */
    uint64_t GetSentBytes() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    uint32_t m_datagramSize{0}; //!< DatagramSize
    Ptr<Socket> m_socket;       //!< to the SFCs
    uint64_t m_sentBytes{0};    //!< event bytes sent
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FARM_READOUT_UNIT_H
