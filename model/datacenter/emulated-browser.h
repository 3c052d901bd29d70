/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_EMULATED_BROWSER_H
#define HYBRIDNET_EMULATED_BROWSER_H

#include "socket-writer.h"
#include "tpcw-interaction-table.h"
#include "tpcw-mix.h"
#include "tpcw-think-time.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <memory>

namespace ns3
{

class Socket;

namespace hybridnet
{

/**
 * @brief A TPC-W emulated browser (TPC-W v1.8 Clause 5): a closed-loop user.
 *
 * It opens one connection to the web tier (HTTP/1.1 keep-alive, kept for the whole run)
 * over any stream socket factory (Protocol), then repeats: think for TT (TpcwThinkTime
 * (1)), take the next interaction i from the mix (Home first, then TpcwMix's transitions
 * (1)), write its request of
 * clientRequest_i bytes (a TierRequestHeader first), read the whole response of
 * clientResponse_i bytes (TpcwInteractionTable). The response time of the interaction is
 *
 *   R = time the last response byte is read - time the request is written          (1)
 *
 * and the interaction is counted (GetCompleted, trace ResponseTime) at that moment. N
 * such users on a system with mean response time R and mean think time E[TT] complete
 *
 *   X = N / (E[TT] + R) interactions per second                                   (2)
 *
 * (the interactive response-time law). The browser's own processing costs nothing; the
 * first interaction follows a think time, so that browsers started together do not ask
 * at once.
 */
class EmulatedBrowser : public Application
{
  public:
    static TypeId GetTypeId();
    EmulatedBrowser();

    /**
     * TracedCallback signature of ResponseTime.
     * @param interaction the TpcwInteraction's index
     * @param responseTime R, (1)
     */
    typedef void (*ResponseTimeTracedCallback)(uint32_t interaction, Time responseTime);

    /** @return interactions completed */
    uint64_t GetCompleted() const;
    /** @return the stream indices used: 2 */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    void Connected(Ptr<Socket> socket);
    void ConnectFailed(Ptr<Socket> socket);
    /** Think, then ask. */
    void Think();
    /** Write the next interaction's request. */
    void Ask();
    void Receive(Ptr<Socket> socket);
    void SendSpace(Ptr<Socket> socket, uint32_t available);

    Address m_remote;                          //!< Remote
    TypeId m_protocol;                         //!< Protocol
    std::string m_mixName;                     //!< Mix
    Ptr<TpcwThinkTime> m_thinkTime;            //!< ThinkTime
    Ptr<TpcwInteractionTable> m_table;         //!< Table
    std::unique_ptr<TpcwMix> m_mix;            //!< the mix, from Mix
    Ptr<UniformRandomVariable> m_uniform;      //!< draws of the mix
    Ptr<Socket> m_socket;                      //!< the connection to the web tier
    SocketWriter m_writer;                     //!< request bytes not yet taken
    EventId m_thinking;                        //!< the end of the think time
    TpcwInteraction m_current{};               //!< the interaction in progress
    bool m_asked{false};                       //!< the first interaction was asked for
    uint64_t m_awaited{0};                     //!< response bytes still to read
    Time m_askedAt;                            //!< when its request was written
    uint64_t m_completed{0};                   //!< interactions completed
    TracedCallback<uint32_t, Time> m_response; //!< ResponseTime
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_EMULATED_BROWSER_H
