/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FARM_STORAGE_H
#define HYBRIDNET_FARM_STORAGE_H

#include "farm-message.h"

#include "ns3/application.h"
#include "ns3/traced-callback.h"

#include <cstdint>

namespace ns3
{

class Socket;

namespace hybridnet
{

/**
 * @brief Where the farm's accepted events go: a sink on the storage network that builds
 * each event from its fragments (FarmEventReassembly) and counts it stored when all its
 * bytes have come. The farm nodes send it every event they accept (FarmNode Storage), so
 * its rate is the accept rate times the event size - the study's figures: 40 kHz of 100 kB
 * into the farm, about 20 MB/s to storage. It acknowledges each stored event to its sender
 * (a STORED datagram of H bytes, as a storage protocol tells the node it may drop its
 * copy); a learning switch on the way thus knows where storage is after the first event.
 * What lies behind (disk servers, tape) is not modelled here: the sink takes everything at
 * once.
 */
class FarmStorage : public Application
{
  public:
    /**
     * TracedCallback signature of Stored.
     * @param id the event's id
     * @param bytes its size
     */
    typedef void (*StoredCallback)(uint64_t id, uint32_t bytes);

    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    FarmStorage();
    ~FarmStorage() override;

    /** @return events stored (complete) */
    uint64_t GetStored() const;
    /** @return their bytes */
    uint64_t GetStoredBytes() const;
    /** @return events begun and not complete (a fragment lost, or still arriving) */
    uint64_t GetIncomplete() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /** @param socket readable: fragments of accepted events */
    void Receive(Ptr<Socket> socket);

    uint16_t m_port{0};                               //!< Port
    Ptr<Socket> m_socket;                             //!< the sink's socket
    FarmEventReassembly m_reassembly;                 //!< events arriving
    uint64_t m_stored{0};                             //!< events stored
    uint64_t m_storedBytes{0};                        //!< their bytes
    TracedCallback<uint64_t, uint32_t> m_storedTrace; //!< Stored
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FARM_STORAGE_H
