/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_PIPECHAR_H
#define HYBRIDNET_PIPECHAR_H

#include "ns3/application.h"
#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class Socket;

namespace hybridnet
{

/**
 * @brief A pipechar-style path characteriser (Guojun Jin's pipechar, LBNL: packet trains
 * hop by hop, capacity from their dispersion, utilisation from its jitter; shared
 * reference wan-tuning-grid.md) as an ns-3 application.  pipechar's source and its train
 * parameters are not known to us (nor on the reference page); this is the method as the
 * reference describes it, with the train length, count and gap as attributes whose
 * defaults are assumptions.
 *
 * Probing: for hop h = FirstHop, FirstHop + 1, ... (TTL h), Trains trains, each of
 * TrainLength datagrams of PacketSize IP bytes handed to the socket at one instant (the
 * host's queue and link send them back to back), from a new socket; the train ends when
 * every datagram is answered (ICMP time exceeded from router h, port unreachable from
 * Remote) or after Timeout; Gap after each train.  Each answer's arrival is rounded down
 * to TimerResolution (the measuring host's clock).  The probing ends after the hop whose
 * answers come from Remote, or after MaxHops.
 *
 * Analysis, per hop h.  A train of n >= 2 answers arriving t_1 <= ... <= t_n has the
 * dispersion D = t_n - t_1, per gap g = D / (n - 1), and the dispersion rate
 *
 *     (1)  r = 8 PacketSize / g                            (bit/s; D = 0: unresolved)
 *
 * A train leaves the narrowest link it crossed spaced by that link's time per datagram,
 * and the small answers keep the spacing on the way back, so on an idle path r equals the
 * least rate of links 1..h (times PacketSize / (PacketSize + framing)).  Over the trains
 * whose D > 0, with g_min the least gap and g_mean the mean:
 *
 *     (2)  C_h = 8 PacketSize / g_min      (capacity up to h: the least-disturbed train)
 *          u_h = 1 - g_min / g_mean        (utilisation: cross traffic spreads trains)
 *          j_h = stddev(g) / g_mean        (jitter)
 *
 * Hop h is a new narrowest link when C_h <
 * (1 - Threshold) min_{g<h} C_g (hop FirstHop always is): its capacity is C_h and reliable.
 * Otherwise the trains reached h already spread by an earlier link, and h's capacity is
 * only known to be at least that link's: pipechar's "unreliable beyond the bottleneck".
 * The bottleneck is the last new narrowest link.  Trains spread by the measuring host's
 * own receive path (interrupt coalescing delivers several answers in one interrupt: D
 * shrinks, r grows) or its clock (D under TimerResolution is 0) are where the method
 * fails on fast links.
 */
class Pipechar : public Application
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId();

    Pipechar();
    ~Pipechar() override;

    /** What pipechar found about one hop. */
    struct Hop
    {
        uint32_t ttl{0};
        Ipv4Address responder; //!< who answered (the last answer's source)
        uint32_t trains{0};    //!< sent
        uint32_t usable{0};    //!< of them with two or more answers and D > 0
        uint32_t answers{0};   //!< datagrams answered
        double capacity{0};    //!< C_h, (2), bit/s (0 without a usable train)
        double utilisation{0}; //!< u_h, (2)
        double jitter{0};      //!< j_h, (2)
        bool narrowest{false}; //!< a new narrowest link: its capacity is reliable
    };

    /** @return the hops probed so far, analysed */
    std::vector<Hop> GetHops() const;
    /** @return the index in GetHops() of the bottleneck, or -1 without a usable hop */
    int GetBottleneck() const;
    /** @return true once the probing has ended */
    bool IsDone() const;
    /** @return datagrams sent so far */
    uint64_t GetProbesSent() const;
    /** @param done called once when the probing ends */
    void SetDoneCallback(Callback<void> done);
    /** @return the report, a line per hop */
    std::string GetReport() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /** Send the current train. */
    void SendTrain();
    /** One answer to the current train. */
    void Answer(Ipv4Address from);
    /** End the current train (all answered or timed out). */
    void EndTrain();
    /** Move to the next train, hop, or the end. */
    void Advance();

    Ipv4Address m_remote;
    uint32_t m_firstHop{1};
    uint32_t m_maxHops{30};
    uint32_t m_trainLength{8};
    uint32_t m_trains{16};
    uint32_t m_packetSize{1500};
    Time m_gap;
    Time m_timeout;
    Time m_resolution;
    double m_threshold{0.1};
    uint16_t m_port{33434};

    /** Raw answers of one hop: per train, the arrival times. */
    struct Samples
    {
        uint32_t ttl{0};
        Ipv4Address responder;
        std::vector<std::vector<Time>> trains;
    };

    std::vector<Samples> m_samples;
    uint32_t m_train{0};
    bool m_reachedRemote{false};
    bool m_done{false};
    uint64_t m_sent{0};
    Ptr<Socket> m_socket; //!< the current train's
    EventId m_timeoutEvent;
    EventId m_nextEvent;
    Callback<void> m_doneCallback;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_PIPECHAR_H
