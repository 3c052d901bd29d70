/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_PCHAR_H
#define HYBRIDNET_PCHAR_H

#include "ns3/application.h"
#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

class Socket;

namespace hybridnet
{

/**
 * @brief A least-squares line y = a + b x through points (x_i, y_i), i = 1..n, n >= 2:
 *
 *     (1)  b = S_xy / S_xx,   a = ybar - b xbar,
 *          S_xx = sum (x_i - xbar)^2,   S_xy = sum (x_i - xbar)(y_i - ybar),
 *          r^2 = S_xy^2 / (S_xx S_yy)  (1 when S_yy = 0: every point on the line),
 *          s^2 = sum (y_i - a - b x_i)^2 / (n - 2),
 *          se(b) = sqrt(s^2 / S_xx),   se(a) = sqrt(s^2 (1/n + xbar^2 / S_xx))
 *
 * (the standard errors 0 for n = 2).  Fit() returns nothing when n < 2 or every x is equal.
 */
struct LineFit
{
    double a{0};   //!< intercept
    double b{0};   //!< slope
    double r2{0};  //!< coefficient of determination
    double seA{0}; //!< standard error of a
    double seB{0}; //!< standard error of b

    /** @return the fit (1) of the points, or nothing */
    static std::optional<LineFit> Fit(const std::vector<double>& x, const std::vector<double>& y);
};

/**
 * @brief pchar (Bruce A. Mah's re-implementation of Van Jacobson's pathchar) as an ns-3
 * application: it characterises each hop of the path to Remote - its bandwidth and its
 * latency - from the round-trip times of UDP probes of stepped sizes and TTLs, answered by
 * the routers with ICMP time exceeded and by the destination with port unreachable
 * (shared reference wan-tuning-grid.md).
 *
 * Probing, one probe at a time: for hop h = FirstHop, FirstHop + 1, ... (TTL h), for
 * repetition 1..Repetitions, for IP size s = Increment, 2 Increment, ... <= Mtu (each at
 * least the 28 B of the IP and UDP headers), a datagram of s bytes from a new socket; its
 * round trip T is the answer's arrival less the send time, rounded down to
 * TimerResolution (gettimeofday's microsecond: the measuring host's clock); no answer
 * within Timeout is a loss.  Gap after each answer or loss.  The probing ends after the
 * hop whose answers come from Remote itself (port unreachable), or after MaxHops.
 *
 * Analysis, per hop h, as pchar does it: m_h(s) the least T over the repetitions at size
 * s; the line (1) through (s, m_h(s)) gives the partial characteristics a_h (round trip
 * at size 0) and b_h (seconds per byte, all links up to h); adjacent hops' differences
 * give hop h's
 *
 *     (2)  bandwidth = 8 / (b_h - b_{h-1})  bit/s,   rtt = a_h - a_{h-1},
 *
 * (b_0 = a_0 = 0), negative when a noisy fit makes b_h < b_{h-1}, as pchar prints it; and
 * the partial queueing, the mean over every answered probe of T - m_h(s) (and that times
 * the hop's bandwidth, in bytes).  On an idle store-and-forward path of links R_i, d_i,
 * each probe crosses links 1..h and the answer (A bytes) comes back over them:
 *
 *     (3)  m_h(s) = sum_{i<=h} (8 (s + o) / R_i + 8 (A + o) / R_i + 2 d_i) + g_h,
 *
 * o the link's framing per packet, g_h router h's slow path: exactly linear in s, so (2)
 * returns R_h itself - unless the timer's resolution is not small against the slope's
 * effect 8 (Mtu - Increment) / R_h, which on fast links it is not (pchar's known weakness).
 */
class Pchar : public Application
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId();

    Pchar();
    ~Pchar() override;

    /** What pchar found about one hop. */
    struct Hop
    {
        uint32_t ttl{0};
        Ipv4Address responder;          //!< who answered (the last answer's source)
        uint32_t sent{0};               //!< probes
        uint32_t lost{0};               //!< of them unanswered
        std::optional<LineFit> partial; //!< (1) through the minima, a in s, b in s/B
        double queueing{0};             //!< mean T - m_h(s), s
        double bandwidth{0};            //!< (2), bit/s (0 without both fits)
        double rtt{0};                  //!< (2), s
    };

    /** @return the hops probed so far, analysed */
    std::vector<Hop> GetHops() const;
    /** @return true once the probing has ended */
    bool IsDone() const;
    /** @return probes sent so far */
    uint64_t GetProbesSent() const;
    /** @param done called once when the probing ends */
    void SetDoneCallback(Callback<void> done);
    /** @return the report with pchar's fields (hops numbered by their TTL) */
    std::string GetReport() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /** Send the current probe. */
    void SendProbe();
    /** The current probe's answer, or its timeout (@p answered false). */
    void Finish(bool answered, Ipv4Address from, uint8_t type);
    /** Move to the next probe: size, repetition, hop, or the end. */
    void Advance(bool reachedRemote);
    /** @return the probe sizes, bytes */
    std::vector<uint32_t> GetSizes() const;

    Ipv4Address m_remote;
    uint32_t m_firstHop{1};
    uint32_t m_maxHops{30};
    uint32_t m_increment{32};
    uint32_t m_mtu{1500};
    uint32_t m_repetitions{32};
    Time m_gap;
    Time m_timeout;
    Time m_resolution;
    uint16_t m_port{32768};

    /** Raw answers of one hop: per size, the round trips. */
    struct Samples
    {
        uint32_t ttl{0};
        Ipv4Address responder;
        uint32_t sent{0};
        std::vector<std::vector<double>> rtts; //!< per size index, seconds
    };

    std::vector<Samples> m_samples;
    std::vector<uint32_t> m_sizes;
    size_t m_sizeIndex{0};
    uint32_t m_repetition{0};
    bool m_reachedRemote{false};
    bool m_done{false};
    Ptr<Socket> m_socket; //!< the current probe's
    Time m_sentAt;
    EventId m_timeoutEvent;
    EventId m_nextEvent;
    uint64_t m_sent{0};
    Callback<void> m_doneCallback;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_PCHAR_H
