/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TIER_SERVER_H
#define HYBRIDNET_TIER_SERVER_H

#include "processor-pool.h"
#include "socket-writer.h"
#include "tier-request-header.h"
#include "tpcw-interaction-table.h"

#include "ns3/address.h"
#include "ns3/application.h"

#include <map>
#include <memory>
#include <vector>

namespace ns3
{

class Socket;

namespace hybridnet
{

/**
 * @brief One tier of the data center (web, application or database server).
 *
 * It listens on a stream socket of any factory (Protocol). Per request (framed by its
 * TierRequestHeader) it
 *   1. spends the tier's demand D_tier,i (TpcwInteractionTable) on the host's application
 *      processors (the ProcessorPool aggregated to its node, processor sharing);
 *   2. if it has a next tier (Downstream set) and the interaction needs it (web: always;
 *      application: when dbRequest_i > 0), writes a sub-request of the next link's request
 *      size to the next tier, over its own socket factory (DownstreamProtocol), and waits
 *      for the whole reply;
 *   3. answers with the response size the request's header asks for.
 * Sub-requests use a pool of persistent connections to the next tier, one request at a
 * time on each (as an AJP or JDBC connection pool): an idle one is reused, else a new one
 * is opened. Departure: all of a tier's processor time is spent before its sub-request
 * (real servers also work on the reply); on an unloaded system the response time is the
 * same. The network stacks' own costs (HostCpu, NIC, IPoIB, SDP) are where those models
 * put them.
 */
class TierServer : public Application
{
  public:
    static TypeId GetTypeId();
    TierServer();

    /** @return requests answered */
    uint64_t GetRequests() const;
    /** @return request bytes read from the previous tier (or the browsers) */
    uint64_t GetBytesIn() const;
    /** @return response bytes written to the previous tier (or the browsers) */
    uint64_t GetBytesOut() const;

  protected:
    void DoDispose() override;

  private:
    /** A connection from the previous tier. */
    struct Upstream
    {
        Ptr<Packet> buffer;       //!< bytes read, not yet framed
        bool framed{false};       //!< the current request's header is read
        TierRequestHeader header; //!< the current request's header
        uint32_t remaining{0};    //!< its bytes still to read
        SocketWriter writer;      //!< response bytes not yet taken
    };

    /** A connection to the next tier. */
    struct Downstream
    {
        Ptr<Socket> socket;       //!< the connection
        bool connected{false};    //!< connection set up
        bool busy{false};         //!< a sub-request outstanding
        Ptr<Packet> queued;       //!< a sub-request waiting for the connection
        uint64_t awaited{0};      //!< reply bytes still to read
        Ptr<Socket> upstream;     //!< whose request it serves
        TierRequestHeader header; //!< that request
        SocketWriter writer;      //!< sub-request bytes not yet taken
    };

    void StartApplication() override;
    void StopApplication() override;
    bool AcceptRequest(Ptr<Socket> socket, const Address& from);
    void Accepted(Ptr<Socket> socket, const Address& from);
    void Receive(Ptr<Socket> socket);
    void SendSpace(Ptr<Socket> socket, uint32_t available);
    /** A whole request was read: step 1. */
    void Process(Ptr<Socket> upstream, TierRequestHeader header);
    /** Its processor time was had: step 2 or 3. */
    void Served(Ptr<Socket> upstream, uint32_t interaction, uint32_t responseBytes);
    /** Step 3. */
    void Reply(Ptr<Socket> upstream, const TierRequestHeader& header);
    /** @return an idle connection to the next tier, opened if none */
    Downstream& IdleDownstream();
    void DownConnected(Ptr<Socket> socket);
    void DownFailed(Ptr<Socket> socket);
    void DownReceive(Ptr<Socket> socket);
    void DownSendSpace(Ptr<Socket> socket, uint32_t available);
    /** @return the downstream connection of @p socket */
    Downstream& Find(Ptr<Socket> socket);

    Address m_local;                                       //!< Local
    TypeId m_protocol;                                     //!< Protocol
    DatacenterTier m_tier{DatacenterTier::WEB};            //!< Tier
    Address m_downstreamAddress;                           //!< Downstream
    TypeId m_downstreamProtocol;                           //!< DownstreamProtocol
    Ptr<TpcwInteractionTable> m_table;                     //!< Table
    Ptr<ProcessorPool> m_pool;                             //!< the node's processors
    Ptr<Socket> m_listener;                                //!< the listening socket
    std::map<Ptr<Socket>, Upstream> m_upstream;            //!< accepted connections
    std::vector<Ptr<Socket>> m_accepted;                   //!< them, in the order accepted
    std::vector<std::unique_ptr<Downstream>> m_downstream; //!< connections to the next tier
    uint64_t m_requests{0};                                //!< requests answered
    uint64_t m_bytesIn{0};                                 //!< request bytes read
    uint64_t m_bytesOut{0};                                //!< response bytes written
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TIER_SERVER_H
