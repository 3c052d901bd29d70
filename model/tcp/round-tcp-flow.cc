/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "round-tcp-flow.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetRoundTcpFlow");
NS_OBJECT_ENSURE_REGISTERED(RoundTcpFlow);

Time
RoundTcpPath::SegmentTime() const
{
    return bottleneck.CalculateBytesTxTime(wireBytes);
}

Time
RoundTcpPath::BaseRtt() const
{
    return propagation + SegmentTime();
}

double
RoundTcpPath::Pipe() const
{
    return BaseRtt().GetSeconds() / SegmentTime().GetSeconds();
}

TypeId
RoundTcpFlow::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::RoundTcpFlow")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<RoundTcpFlow>()
            .AddAttribute("SegmentSize",
                          "S of (2): payload bytes per segment.  Range: 1 to 65495 B.",
                          UintegerValue(1448),
                          MakeUintegerAccessor(&RoundTcpFlow::m_segmentSize),
                          MakeUintegerChecker<uint32_t>(1, 65495))
            .AddAttribute("InitialCwnd",
                          "Congestion window of the first round.  Unit: segments.  Range: "
                          "1 to 65535 (and InitialCwnd x SegmentSize below 2^32 B).",
                          UintegerValue(10),
                          MakeUintegerAccessor(&RoundTcpFlow::m_initialCwnd),
                          MakeUintegerChecker<uint32_t>(1, 65535))
            .AddAttribute("InitialSsThresh",
                          "Slow-start threshold at the start.  Unit: bytes.  Range: 1 B to "
                          "2^32 - 1 B (no threshold).",
                          UintegerValue(std::numeric_limits<uint32_t>::max()),
                          MakeUintegerAccessor(&RoundTcpFlow::m_initialSsThresh),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("DelAckCount",
                          "d: segments per ACK (the receiver's delayed ACKs).  Range: 1 to 64.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&RoundTcpFlow::m_delAckCount),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("DelAckTimeout",
                          "The receiver's delayed-ACK timer (ns-3's TcpSocket DelAckTimeout): "
                          "the segment a round leaves unacknowledged (fewer than d) is "
                          "acknowledged with the next round's first if its base round trip "
                          "is shorter.  Range: 0 s to 60 s.",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&RoundTcpFlow::m_delAckTimeout),
                          MakeTimeChecker(Seconds(0), Seconds(60)))
            .AddAttribute("Sack",
                          "Selective acknowledgements: every hole is marked lost at the "
                          "third duplicate ACK (true), or one per partial ACK and all once "
                          "the recovery is older than the RTO (false, NewReno).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RoundTcpFlow::m_sack),
                          MakeBooleanChecker())
            .AddAttribute("LimitedTransmit",
                          "Send a new segment on each of the first two duplicate ACKs (RFC "
                          "3042), so a round with one or two arrivals after a loss still "
                          "reaches dupthresh.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RoundTcpFlow::m_limitedTransmit),
                          MakeBooleanChecker())
            .AddAttribute("LocalQueue",
                          "Packets the sender's own queue (its qdisc) holds: one ACK that "
                          "releases more is local congestion, CWR (Linux's txqueuelen, 1000 "
                          "by default); 0: no limit.  Range: 0 to 10^7 packets.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RoundTcpFlow::m_localQueue),
                          MakeUintegerChecker<uint32_t>(0, 10000000))
            .AddAttribute("MaxWindow",
                          "W_max of (2): the largest window the send buffer and the "
                          "receiver allow.  Unit: bytes.  Range: 1 B to 2^32 - 1 B.",
                          UintegerValue(std::numeric_limits<uint32_t>::max()),
                          MakeUintegerAccessor(&RoundTcpFlow::m_maxWindow),
                          MakeUintegerChecker<uint64_t>(1, std::numeric_limits<uint32_t>::max()))
            .AddAttribute("MinRto",
                          "MinRto of (12): the retransmission timeout's floor (Linux's "
                          "tcp_rto_min, 200 ms).  Range: 1 ms to 60 s.",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&RoundTcpFlow::m_minRto),
                          MakeTimeChecker(MilliSeconds(1), Seconds(60)))
            .AddAttribute("RtoFormula",
                          "The retransmission timeout from the per-ACK RTT estimate, as "
                          "LfnTcpSocket's (15): rfc6298, max(MinRto, srtt + 4 rttvar), or "
                          "linux, srtt + max(4 rttvar, MinRto).",
                          EnumValue(RFC6298_RTO),
                          MakeEnumAccessor<RtoFormula>(&RoundTcpFlow::m_rtoFormula),
                          MakeEnumChecker(RFC6298_RTO, "rfc6298", LINUX_RTO, "linux"))
            .AddAttribute("LossInterval",
                          "N: drop every N-th arriving segment (LossInjector EveryNth); 0: "
                          "off.  Range: 0 to 2^32.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RoundTcpFlow::m_lossInterval),
                          MakeUintegerChecker<uint64_t>(0, uint64_t(1) << 32))
            .AddAttribute("LossOffset",
                          "K: arriving segments before the every-N-th count begins (the "
                          "first dropped is K + N).  Range: 0 to 2^32.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RoundTcpFlow::m_lossOffset),
                          MakeUintegerChecker<uint64_t>(0, uint64_t(1) << 32))
            .AddAttribute("LossRate",
                          "p: drop each arriving segment with this probability "
                          "(LossInjector Random); 0: off.  Range: 0 to 1.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&RoundTcpFlow::m_lossRate),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddTraceSource("CongestionWindow",
                            "The congestion window, bytes: every change, ACK by ACK in a "
                            "recovery (the socket state's).",
                            MakeTraceSourceAccessor(&RoundTcpFlow::m_cWndTrace),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("Round",
                            "A round has ended: its rtt, the window and threshold after "
                            "it, the bytes delivered so far.",
                            MakeTraceSourceAccessor(&RoundTcpFlow::m_roundTrace),
                            "ns3::hybridnet::RoundTcpFlow::RoundTracedCallback");
    return tid;
}

RoundTcpFlow::RoundTcpFlow()
    : m_tcb(CreateObject<TcpSocketState>()),
      m_uniform(CreateObject<UniformRandomVariable>()),
      m_phase(CreateObject<UniformRandomVariable>())
{
    using U32 = TracedCallback<uint32_t, uint32_t>;
    m_tcb->TraceConnectWithoutContext("CongestionWindow",
                                      MakeCallback(&U32::operator(), &m_cWndTrace));
}

RoundTcpFlow::~RoundTcpFlow() = default;

void
RoundTcpFlow::DoDispose()
{
    m_event.Cancel();
    m_decision.Cancel();
    m_congestion = nullptr;
    m_recovery = nullptr;
    m_bottleneck = nullptr;
    m_tcb = nullptr;
    Object::DoDispose();
}

void
RoundTcpFlow::SetPath(const RoundTcpPath& path)
{
    m_path = path;
}

void
RoundTcpFlow::SetBottleneck(Ptr<RoundTcpBottleneck> bottleneck)
{
    m_bottleneck = bottleneck;
}

void
RoundTcpFlow::SetCongestionControl(Ptr<TcpCongestionOps> congestion)
{
    m_congestion = congestion;
}

void
RoundTcpFlow::SetRecovery(Ptr<TcpRecoveryOps> recovery)
{
    m_recovery = recovery;
}

int64_t
RoundTcpFlow::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    m_phase->SetStream(stream + 1);
    return 2;
}

void
RoundTcpFlow::Start(Time start)
{
    NS_ABORT_MSG_IF(!m_congestion, "RoundTcpFlow: no congestion control set");
    NS_ABORT_MSG_IF(m_path.wireBytes < m_segmentSize || m_path.bottleneck.GetBitRate() == 0,
                    "RoundTcpFlow: a path needs a rate and wire bytes >= SegmentSize");
    NS_ABORT_MSG_IF(uint64_t(m_initialCwnd) * m_segmentSize > std::numeric_limits<uint32_t>::max(),
                    "RoundTcpFlow: InitialCwnd x SegmentSize must fit a 32-bit cwnd");
    NS_ABORT_MSG_IF(m_lossInterval > 0 && m_lossRate > 0,
                    "RoundTcpFlow: LossInterval and LossRate are exclusive");
    if (!m_bottleneck)
    {
        m_bottleneck =
            CreateObject<RoundTcpBottleneck>(m_path.bottleneck, m_path.queue, m_path.wireBytes);
    }
    NS_ABORT_MSG_IF(m_bottleneck->GetRate() != m_path.bottleneck ||
                        m_bottleneck->GetQueue() != m_path.queue ||
                        m_bottleneck->GetWireBytes() != m_path.wireBytes,
                    "RoundTcpFlow: the shared bottleneck's rate, queue and wire bytes are the "
                    "path's");
    m_member = m_bottleneck->Add(m_path.Pipe());
    m_baseRttSteps = m_path.BaseRtt().GetTimeStep();
    m_segmentSteps = double(m_path.SegmentTime().GetTimeStep());
    if (!m_recovery)
    {
        m_recovery = CreateObject<TcpClassicRecovery>();
    }
    // as both sockets: the algorithm's Init at the socket's creation, then the handshake
    // sets cwnd and ssthresh (so an Init that sets ssthresh, BIC's, does not last)
    m_tcb->m_segmentSize = m_segmentSize;
    m_congestion->Init(m_tcb);
    m_tcb->m_initialCWnd = m_initialCwnd;
    m_tcb->m_initialSsThresh = m_initialSsThresh;
    m_tcb->m_cWnd = m_initialCwnd * m_segmentSize;
    m_tcb->m_cWndInfl = m_tcb->m_cWnd;
    m_tcb->m_ssThresh = m_initialSsThresh;
    m_tcb->m_srtt = m_path.BaseRtt();
    m_srttSteps = double(m_baseRttSteps); // (11): the handshake's sample
    m_rttvarSteps = m_srttSteps / 2;
    // (0): the handshake - the SYN and the SYN-ACK - takes the round trip's propagation
    m_event = Simulator::Schedule(start + m_path.propagation, &RoundTcpFlow::SendFromIdle, this);
}

uint32_t
RoundTcpFlow::Window() const
{
    const uint64_t window = std::min<uint64_t>(m_tcb->m_cWnd.Get(), m_maxWindow);
    return std::max<uint32_t>(1, window / m_segmentSize);
}

RoundTcpFlow::RoundPlan
RoundTcpFlow::Plan(uint32_t segments) const
{
    const double tau = m_path.SegmentTime().GetSeconds();
    const double standing = m_bottleneck->GetStandingQueue(m_member, m_ahead); // (3), (6)
    const uint32_t arriving = segments - Overflow(segments, standing).first;
    const double drained = m_bottleneck->GetStandingQueue(m_member, arriving); // q'_k
    RoundPlan plan;
    plan.sent = segments;
    plan.rtt = m_path.BaseRtt() + Seconds(standing * tau); // (4)
    plan.duration = std::max(m_path.BaseRtt() + Seconds(drained * tau), Seconds(arriving * tau));
    return plan;
}

std::pair<uint32_t, double>
RoundTcpFlow::Overflow(uint32_t segments, double standing) const
{
    double burst = double(m_path.access.GetBitRate()) / double(m_path.bottleneck.GetBitRate());
    if (m_lastWindow > 0) // ACK-clocked: (3)'s g_k
    {
        burst = std::min(burst, segments * m_lastDensity / std::max(1.0, m_span));
    }
    const double peak = standing + segments * std::max(0.0, 1.0 - 1.0 / burst); // (3)
    const double overflow = std::max(0.0, std::ceil(peak - m_path.queue - 1e-9));
    return {std::min<uint32_t>(segments, overflow), burst};
}

void
RoundTcpFlow::DecideLosses()
{
    RoundPlan& plan = m_round;
    const double standing = m_bottleneck->GetStandingQueue(m_member, m_ahead);
    const auto [growth, burst] = Overflow(plan.sent, standing);
    plan.standing = standing;
    plan.rise = std::max(0.0, 1.0 - 1.0 / burst);
    plan.burst = burst;
    uint32_t excess = 0; // (7): others' segments took this round's places
    double excessAt = 0;
    if (m_bottleneck->GetN() > 1 && m_tcb->m_congState != TcpSocketState::CA_RECOVERY)
    {
        const double load = m_bottleneck->GetFullQueueLoad(m_member, m_ahead);
        const double share = load > 1 ? (plan.sent - growth) * (1 - 1 / load) : 0.0;
        excess = uint32_t(share) + (m_phase->GetValue() < share - std::floor(share) ? 1 : 0);
        excessAt =
            (Simulator::Now() - m_roundStart).GetSeconds() / plan.duration.GetSeconds() * plan.sent;
    }
    plan.overflow = std::min(plan.sent, growth + excess);
    const uint32_t arriving = plan.sent - plan.overflow;
    m_bottleneck->SetWindow(m_member, arriving);
    uint32_t firstInjected = arriving;
    uint32_t lastInjected = 0;
    plan.injected = InjectedDrops(arriving, &firstInjected, &lastInjected);
    // the queue's drops reach the round's end; an injected one may be the last
    plan.afterLastLoss = plan.overflow > 0 || plan.injected == 0 ? 0 : arriving - 1 - lastInjected;
    const double spread = burst > 1 ? burst / (burst - 1) : 1.0; // (5)
    const double firstGrowth = plan.sent - growth * spread;
    double first = std::min(firstGrowth, double(firstInjected));
    if (excess > 0)
    {
        first = std::min(first, excessAt); // the drops begin at the decision's moment
    }
    plan.beforeLoss = uint32_t(std::max(0.0, first));
    NS_LOG_LOGIC("round " << m_rounds << " state " << int(m_tcb->m_congState.Get()) << " cwnd "
                          << m_tcb->m_cWnd / m_segmentSize << " ssthresh "
                          << m_tcb->m_ssThresh / m_segmentSize << " sent " << plan.sent
                          << " retransmits " << plan.retransmits << " standing " << standing
                          << " span " << m_span << " burst " << burst << " overflow "
                          << plan.overflow << " injected " << plan.injected << " beforeLoss "
                          << plan.beforeLoss);
}

uint32_t
RoundTcpFlow::InjectedDrops(uint32_t arriving, uint32_t* first, uint32_t* last)
{
    const uint64_t before = m_arrived;
    m_arrived += arriving;
    if (m_lossInterval > 0)
    {
        auto dropped = [this](uint64_t n) {
            return n > m_lossOffset ? (n - m_lossOffset) / m_lossInterval : 0;
        };
        const uint64_t drops = dropped(m_arrived) - dropped(before);
        if (drops > 0) // the first multiple of N after the offset past `before`
        {
            const uint64_t next = m_lossOffset + (dropped(before) + 1) * m_lossInterval;
            *first = uint32_t(next - before - 1);
            *last = uint32_t(*first + (drops - 1) * m_lossInterval);
        }
        return drops;
    }
    if (m_lossRate <= 0)
    {
        return 0;
    }
    // One draw per arriving segment, in order, as LossInjector Random draws per packet: with
    // the same stream both fidelities drop the same arrivals (common random numbers).
    uint32_t drops = 0;
    for (uint32_t j = 0; j < arriving; ++j)
    {
        if (m_uniform->GetValue() < m_lossRate)
        {
            *first = drops == 0 ? j : *first;
            *last = j;
            ++drops;
        }
    }
    return drops;
}

void
RoundTcpFlow::SendFromIdle()
{
    m_pipe = 0;
    m_held = 0;         // acknowledged by the delayed-ACK timer meanwhile
    m_resend = m_holes; // after a timeout every hole is marked lost
    m_known = m_holes;
    m_next = 0;
    m_nextResent = 0;
    Fill();
    StartRound();
}

void
RoundTcpFlow::StartRound()
{
    if (m_next == 0) // only holes in flight: nothing comes back but the timer
    {
        TimeOut();
        return;
    }
    m_tcb->m_bytesInFlight = m_pipe * m_segmentSize;
    m_tcb->m_isCwndLimited = m_tcb->m_cWnd.Get() <= m_maxWindow;
    m_span = double(m_nextLastAck - m_nextFirstAck);
    m_ahead = m_lastWindow - uint32_t(std::min<uint64_t>(m_lastWindow, m_nextFirstAck));
    m_acks = 0;
    m_ackStart = 0;
    m_round = Plan(m_next);
    m_round.retransmits = m_nextResent;
    m_round.first = m_sends - m_next;
    m_next = 0;
    m_nextResent = 0;
    m_roundStart = Simulator::Now();
    m_inRound = true;
    m_event = Simulator::Schedule(m_round.duration, &RoundTcpFlow::EndRound, this);
    if (m_bottleneck->GetN() == 1)
    {
        DecideLosses(); // alone: the queue the round meets is known at its start
    }
    else // the others' windows change during the round: at its growth's moment
    {
        const Time at = m_round.duration * m_phase->GetValue();
        m_decision = Simulator::Schedule(at, &RoundTcpFlow::DecideLosses, this);
    }
}

void
RoundTcpFlow::EndRound()
{
    if (m_decision.IsPending()) // a phase that rounds to the round's end
    {
        m_decision.Cancel();
        DecideLosses();
    }
    const RoundPlan r = m_round;
    m_inRound = false;
    const uint32_t lost = r.overflow + r.injected;
    const uint32_t arrived = r.sent - std::min(r.sent, lost);
    const uint32_t fresh = r.sent - r.retransmits - std::min(r.sent - r.retransmits, lost);
    m_delivered += uint64_t(fresh) * m_segmentSize;
    m_retransmits += r.retransmits;
    m_overflowDrops += r.overflow;
    m_injectedDrops += r.injected;
    m_holes = m_holes - std::min(m_holes, r.retransmits) + lost;
    m_known -= std::min(m_known, r.retransmits); // repaired, or lost again: a new hole
    ++m_rounds;
    m_lastWindow = r.sent;
    // (3)'s d_k: the round leaves the bottleneck at its own rate once the queue before it
    // has drained, at C while one is left
    const double leaving = r.sent / r.burst - r.standing;
    m_lastDensity = leaving <= r.sent ? 1.0 : std::max(r.sent / m_path.Pipe(), r.sent / leaving);
    m_tcb->m_lastRtt = r.rtt;
    m_tcb->m_srtt = Time(int64_t(m_srttSteps));
    m_tcb->m_minRtt = std::min(m_tcb->m_minRtt, r.rtt);
    if (lost == 0)
    {
        m_backoff = 0;
    }
    m_place = r.first;
    bool timedOut = false;
    switch (m_tcb->m_congState.Get())
    {
    case TcpSocketState::CA_RECOVERY:
        timedOut = AcksInRecovery(arrived, lost);
        break;
    case TcpSocketState::CA_LOSS:
        timedOut = AcksInLoss(arrived, lost);
        break;
    default:
        timedOut = AcksInOpen(arrived, lost > 0 ? r.beforeLoss : arrived, lost);
    }
    if (timedOut)
    {
        return;
    }
    m_roundTrace(r.rtt, m_tcb->m_cWnd, m_tcb->m_ssThresh, m_delivered);
    StartRound();
}

bool
RoundTcpFlow::AcksInOpen(uint32_t arrived, uint32_t inOrder, uint32_t lost)
{
    AckInOrder(inOrder, lost > 0); // (5); a segment after the hole is acknowledged at once
    if (lost == 0)
    {
        return false;
    }
    if (!DetectsLoss(arrived))
    {
        TimeOut();
        return true;
    }
    DuplicateAcks(arrived - inOrder, lost);
    return false;
}

bool
RoundTcpFlow::AcksInRecovery(uint32_t arrived, uint32_t lost)
{
    const uint32_t oldHoles = m_holes - lost;
    if (m_round.retransmits > 0) // the round begins with the first hole's retransmission
    {
        if (lost == 0 || m_round.beforeLoss > 0)
        {
            m_unaAdvanced = Simulator::Now(); // it arrived: snd_una moves, the timer restarts
        }
        else if (Simulator::Now() - m_unaAdvanced > Rto())
        {
            TimeOut(); // lost again, and again for a whole RTO: the timer fires
            return true;
        }
    }
    if (RetransmissionOutlivedTimer())
    {
        return true;
    }
    if (!m_sack && Simulator::Now() - m_recoveryStart > Rto())
    {
        // Linux's "Trick #3" (LfnTcpSocket (8b)): every segment sent more than an RTO ago
        // is lost - the holes not yet known leave the flight and are sent again
        const uint32_t unknown = oldHoles - std::min(oldHoles, m_known);
        m_pipe -= std::min(m_pipe, unknown);
        m_resend += unknown;
        m_known += unknown;
    }
    // the last retransmission's place in the round, from 1 (0: none in it)
    const uint64_t last = m_lastResend > m_round.first ? m_lastResend - m_round.first : 0;
    const uint32_t beforeLoss = lost > 0 ? m_round.beforeLoss : arrived;
    if (oldHoles > 0 || last == 0 || last > beforeLoss)
    {
        // the recovery goes on: duplicates (a partial ACK where a retransmission arrives);
        // snd_una, and with it the right edge of (10), reaches new holes only when the
        // retransmission sent before them has arrived
        const uint64_t edgeMoves = last > beforeLoss ? last : uint64_t(beforeLoss) + 1;
        for (uint32_t i = 1; i <= arrived; ++i)
        {
            if (i == beforeLoss + 1)
            {
                NewHoles(lost, edgeMoves == i); // SACK blocks beyond them
            }
            else if (i == edgeMoves && lost > 0)
            {
                m_edgeSpan = m_round.sent - std::min(m_round.sent, m_round.beforeLoss);
            }
            if (i == last && oldHoles > 0 && !m_sack)
            {
                PartialAck();
                continue;
            }
            RecoveryAck();
        }
        if (beforeLoss >= arrived)
        {
            NewHoles(lost, true);
        }
        return false;
    }
    for (uint64_t i = 1; i < last; ++i)
    {
        RecoveryAck();
    }
    m_place = m_round.first + last;
    ExitRecovery(m_covered + uint32_t(m_lastResend - m_recoveryPoint) - m_recoveryResent);
    return AcksInOpen(arrived - uint32_t(last), beforeLoss - uint32_t(last), lost);
}

bool
RoundTcpFlow::AcksInLoss(uint32_t arrived, uint32_t lost)
{
    if (lost > 0 && !DetectsLoss(arrived))
    {
        TimeOut(); // again, after twice the wait
        return true;
    }
    AckInOrder(arrived, true);        // segments that fill holes are acknowledged at once
    m_pipe -= std::min(m_pipe, lost); // go-back-N sends every hole again, SACK or not
    m_resend += lost;
    m_known += lost;
    if (m_holes == 0)
    {
        SetState(TcpSocketState::CA_OPEN);
    }
    return false;
}

void
RoundTcpFlow::AckInOrder(uint32_t segments, bool flush)
{
    uint32_t held = m_held; // the last round's, acknowledged with its first segment
    segments += held;
    m_held = 0;
    if (!flush && m_delAckCount > 1 && m_path.BaseRtt() < m_delAckTimeout)
    {
        m_held = segments % m_delAckCount; // the next round's first segment comes first
        segments -= m_held;
    }
    while (segments > 0)
    {
        const uint32_t n = std::min(segments, m_delAckCount);
        segments -= n;
        Arrive(n);
        m_place += n - held;
        held = 0;
        m_pipe -= std::min(m_pipe, n);
        const double sample = SampleRttSteps();
        m_rttvarSteps += (std::abs(m_srttSteps - sample) - m_rttvarSteps) / 4; // (11)
        m_srttSteps += (sample - m_srttSteps) / 8;
        m_congestion->PktsAcked(m_tcb, n, Time(int64_t(sample)));
        if (m_tcb->m_congState == TcpSocketState::CA_CWR && m_place <= m_cwrEnd)
        {
            SetFlight(m_pipe);
            m_recovery->DoRecovery(m_tcb, n * m_segmentSize, false);
        }
        else
        {
            if (m_tcb->m_congState == TcpSocketState::CA_CWR) // tcp_complete_cwr
            {
                SetFlight(m_pipe);
                m_recovery->ExitRecovery(m_tcb);
                m_congestion->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_COMPLETE_CWR);
                SetState(TcpSocketState::CA_OPEN);
            }
            m_tcb->m_isCwndLimited = m_tcb->m_cWnd.Get() <= m_maxWindow;
            if (m_tcb->m_isCwndLimited) // open, or slow start after a timeout
            {
                m_congestion->IncreaseWindow(m_tcb, n);
            }
        }
        Fill();
    }
    if (m_held > 0 && m_next == 0) // nothing else to come: the timer acknowledges it
    {
        const uint32_t held = m_held;
        m_held = 0;
        AckInOrder(held, true);
    }
}

double
RoundTcpFlow::SampleRttSteps() const
{
    // in time steps: an ACK's sample must not cost Time's 128-bit arithmetic
    return RttAtSteps(m_place > m_round.first ? double(m_place - m_round.first) : 0.0);
}

double
RoundTcpFlow::RttAtSteps(double place) const
{
    const double queue = std::min<double>(m_path.queue, m_round.standing + place * m_round.rise);
    return double(m_baseRttSteps + int64_t(queue * m_segmentSteps));
}

Time
RoundTcpFlow::Rto() const
{
    const double variation = 4 * m_rttvarSteps; // (12)
    const double floor = double(m_minRto.GetTimeStep());
    const double rto = m_rtoFormula == LINUX_RTO ? m_srttSteps + std::max(variation, floor)
                                                 : std::max(floor, m_srttSteps + variation);
    return Time(int64_t(rto));
}

void
RoundTcpFlow::DuplicateAcks(uint32_t dupAcks, uint32_t lost)
{
    const uint32_t early = std::min<uint32_t>(dupAcks, 2);
    for (uint32_t i = 0; i < early; ++i) // limited transmit (RFC 3042)
    {
        Arrive(1);
        m_pipe -= std::min<uint32_t>(m_pipe, 1);
        if (m_limitedTransmit && m_tcb->m_congState == TcpSocketState::CA_OPEN &&
            m_pipe < m_maxWindow / m_segmentSize)
        {
            Send(1);
        }
    }
    const uint32_t outstanding = uint32_t(m_sends - m_place); // from the first hole
    // what the ACK of the last hole's retransmission covers: from that hole on
    m_covered = m_round.afterLastLoss + uint32_t(m_sends - m_round.first - m_round.sent);
    if (dupAcks > early)
    {
        Arrive(1);
        m_pipe -= std::min<uint32_t>(m_pipe, 1);
    }
    EnterRecovery(lost, outstanding);
    for (uint32_t i = early + 1; i < dupAcks; ++i)
    {
        RecoveryAck();
    }
}

void
RoundTcpFlow::RecoveryAck()
{
    Arrive(1);
    m_pipe -= std::min<uint32_t>(m_pipe, 1);
    SetFlight(m_pipe);
    m_recovery->DoRecovery(m_tcb, m_segmentSize, true);
    Fill();
}

void
RoundTcpFlow::PartialAck()
{
    Arrive(1);
    m_pipe -= std::min<uint32_t>(m_pipe, 1);
    m_covered = 0; // the window before the recovery: acknowledged up to the next hole
    m_edgeSpan = 0;
    MarkLost(1);
    if (m_resend > 0)
    {
        Send(1); // the next hole at once, whatever cwnd (NewReno)
    }
    SetFlight(m_pipe);
    m_recovery->DoRecovery(m_tcb, m_segmentSize, false);
    Fill();
}

bool
RoundTcpFlow::DetectsLoss(uint32_t arrived) const
{
    const uint64_t room =
        m_maxWindow / m_segmentSize - std::min<uint64_t>(m_maxWindow / m_segmentSize, m_round.sent);
    const uint64_t limited = m_limitedTransmit && arrived > 0 ? std::min<uint64_t>(2, room) : 0;
    return arrived + limited >= 3;
}

void
RoundTcpFlow::EnterRecovery(uint32_t lost, uint32_t outstanding)
{
    ++m_recoveries;
    // from CWR ssthresh is reduced already (LfnTcpSocket, as Linux)
    if (m_tcb->m_congState != TcpSocketState::CA_CWR)
    {
        m_tcb->m_ssThresh = m_congestion->GetSsThresh(m_tcb, m_pipe * m_segmentSize);
    }
    SetState(TcpSocketState::CA_RECOVERY);
    m_recoveryStart = Simulator::Now();
    m_unaAdvanced = m_recoveryStart;
    m_recoveryPoint = m_sends;
    m_recoveryResent = 0;
    m_edgeSpan = outstanding; // snd_una is the first hole
    MarkLost(lost);
    SetFlight(m_pipe);
    // RecoverFS: snd_nxt - snd_una
    m_recovery->EnterRecovery(m_tcb, 3, outstanding * m_segmentSize, m_segmentSize);
    m_firstResend = m_sends + 1;
    m_rtoAtResend = Rto(); // the timer restarts with the head's retransmission
    Send(1);               // the first hole at once, whatever cwnd
    Fill();
}

void
RoundTcpFlow::ExitRecovery(uint32_t covered)
{
    Arrive(1);
    m_pipe -= std::min<uint32_t>(m_pipe, 1);
    SetFlight(m_pipe);
    m_tcb->m_cWnd = m_tcb->m_ssThresh.Get(); // as the sockets, before the ops' ExitRecovery
    m_recovery->ExitRecovery(m_tcb);
    SetState(TcpSocketState::CA_OPEN);
    m_congestion->PktsAcked(m_tcb, covered, m_round.rtt);
    m_tcb->m_isCwndLimited = m_tcb->m_cWnd.Get() <= m_maxWindow;
    if (m_tcb->m_isCwndLimited)
    {
        m_congestion->IncreaseWindow(m_tcb, covered);
    }
    Fill();
}

void
RoundTcpFlow::NewHoles(uint32_t holes, bool unaThere)
{
    if (holes == 0)
    {
        return;
    }
    MarkLost(holes);
    const uint64_t edgeSpan = EdgeSpan();
    // the recovery's last ACK now covers from the newest hole
    m_covered = m_round.afterLastLoss;
    m_recoveryPoint = m_round.first + m_round.sent;
    m_recoveryResent = 0;
    // (10)'s E from the first of them once snd_una is there, else still from the older hole
    const uint64_t since = m_sends - m_recoveryPoint;
    m_edgeSpan = unaThere ? m_round.sent - std::min(m_round.sent, m_round.beforeLoss)
                          : uint32_t(edgeSpan - std::min(edgeSpan, since));
}

uint64_t
RoundTcpFlow::EdgeSpan() const
{
    return m_edgeSpan + (m_sends - m_recoveryPoint) - m_recoveryResent;
}

void
RoundTcpFlow::MarkLost(uint32_t holes)
{
    const uint32_t unknown = m_holes - std::min(m_holes, m_known);
    const uint32_t marked = std::min(unknown, m_sack ? holes : std::min<uint32_t>(holes, 1));
    m_pipe -= std::min(m_pipe, marked);
    m_resend += marked;
    m_known += marked;
}

void
RoundTcpFlow::Fill()
{
    const uint32_t window = Window();
    uint32_t segments = window > m_pipe ? window - m_pipe : 0;
    if (m_tcb->m_congState == TcpSocketState::CA_RECOVERY) // (10): new data to the edge
    {
        const uint64_t span = EdgeSpan();
        const uint64_t edge = m_maxWindow / m_segmentSize;
        const uint64_t room = edge > span ? edge - span : 0;
        segments = uint32_t(std::min<uint64_t>(segments, m_resend + room));
    }
    const bool burst = m_localQueue > 0 && segments > m_localQueue;
    if (burst)
    {
        segments = m_localQueue; // the rest stays unsent (tcp_transmit_skb's NET_XMIT_DROP)
    }
    Send(segments);
    if (burst)
    {
        ++m_sendStalls;
        const auto state = m_tcb->m_congState.Get();
        if (state == TcpSocketState::CA_OPEN || state == TcpSocketState::CA_DISORDER)
        {
            m_cwrEnd = m_sends; // tcp_enter_cwr
            m_tcb->m_ssThresh = m_congestion->GetSsThresh(m_tcb, m_pipe * m_segmentSize);
            SetState(TcpSocketState::CA_CWR);
            SetFlight(m_pipe);
            m_recovery->EnterRecovery(m_tcb, 0, m_pipe * m_segmentSize, 0);
        }
    }
}

void
RoundTcpFlow::Arrive(uint32_t segments)
{
    m_ackStart = m_acks;
    m_acks += segments;
}

void
RoundTcpFlow::Send(uint32_t segments)
{
    if (segments > 0) // (3)'s s_k: the ACKs over which the next round goes out
    {
        m_nextFirstAck = m_next == 0 ? m_ackStart : m_nextFirstAck;
        m_nextLastAck = m_acks;
    }
    const uint32_t again = std::min(segments, m_resend);
    m_resend -= again;
    m_nextResent += again;
    if (m_tcb->m_congState == TcpSocketState::CA_RECOVERY)
    {
        m_recoveryResent += again;
    }
    if (again > 0)
    {
        m_lastResend = m_sends + again;
    }
    m_sends += segments;
    m_next += segments;
    m_pipe += segments;
    const auto state = m_tcb->m_congState.Get();
    if (segments > 0 && (state == TcpSocketState::CA_RECOVERY || state == TcpSocketState::CA_CWR))
    {
        m_recovery->UpdateBytesSent(segments * m_segmentSize);
    }
}

void
RoundTcpFlow::SetFlight(uint32_t segments)
{
    m_tcb->m_bytesInFlight = segments * m_segmentSize;
}

bool
RoundTcpFlow::RetransmissionOutlivedTimer()
{
    if (m_firstResend <= m_round.first || m_firstResend > m_round.first + m_round.sent)
    {
        return false; // not in this round
    }
    const uint64_t place = m_firstResend - m_round.first; // from 1
    const uint32_t lost = m_round.overflow + m_round.injected;
    if ((lost > 0 && place == uint64_t(m_round.beforeLoss) + 1) ||
        place + m_round.overflow > m_round.sent)
    {
        return false; // lost again: the other rules
    }
    const double rtt = RttAtSteps(double(place - 1));
    const double rto = double(m_rtoAtResend.GetTimeStep());
    if (rtt <= rto)
    {
        return false;
    }
    // (13): the ACKs of the segments that left the bottleneck in the last rtt - rto before
    // it had not come when the timer fired
    const double late = (rtt - rto) / m_segmentSteps;
    const auto before = uint32_t(std::max(0.0, double(place - 1) - late));
    for (uint32_t i = 1; i <= before; ++i)
    {
        if (lost > 0 && i == m_round.beforeLoss + 1)
        {
            NewHoles(lost, false); // SACK blocks beyond them
        }
        RecoveryAck();
    }
    NS_LOG_LOGIC("retransmission at place " << place << " of " << m_round.sent << " back after "
                                            << rtt / m_segmentSteps << " segment times, timer "
                                            << rto / m_segmentSteps << ": in flight " << m_pipe);
    EnterLoss(m_pipe);
    SendFromIdle(); // the timer has fired already; the rest of the round has arrived
    return true;
}

void
RoundTcpFlow::EnterLoss(uint32_t flight)
{
    ++m_timeouts;
    m_congestion->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_LOSS);
    m_tcb->m_ssThresh = m_congestion->GetSsThresh(m_tcb, flight * m_segmentSize);
    m_tcb->m_cWnd = m_segmentSize;
    SetState(TcpSocketState::CA_LOSS);
    m_roundTrace(m_round.rtt, m_tcb->m_cWnd, m_tcb->m_ssThresh, m_delivered);
}

void
RoundTcpFlow::TimeOut()
{
    EnterLoss(m_round.sent);
    m_lastWindow = 0; // the queue drains while the sender waits
    m_bottleneck->SetWindow(m_member, 0);
    // the wait doubles with each timeout in a row, to at most 120 s (Linux's backoff)
    const Time wait = Rto() * (int64_t(1) << std::min(m_backoff, 10U));
    ++m_backoff;
    m_event = Simulator::Schedule(std::min(wait, Seconds(120)), &RoundTcpFlow::SendFromIdle, this);
}

void
RoundTcpFlow::SetState(TcpSocketState::TcpCongState_t state)
{
    m_congestion->CongestionStateSet(m_tcb, state);
    m_tcb->m_congState = state;
}

uint64_t
RoundTcpFlow::GetBytesDelivered() const
{
    if (!m_inRound)
    {
        return m_delivered;
    }
    const double elapsed = (Simulator::Now() - m_roundStart).GetSeconds();
    const double share = std::clamp(elapsed / m_round.duration.GetSeconds(), 0.0, 1.0);
    const uint32_t lost = m_round.overflow + m_round.injected;
    const uint32_t sent = m_round.sent - m_round.retransmits;
    const uint32_t fresh = sent - std::min(sent, lost);
    return m_delivered + uint64_t(std::floor(share * fresh * m_segmentSize));
}

uint64_t
RoundTcpFlow::GetRounds() const
{
    return m_rounds;
}

uint32_t
RoundTcpFlow::GetRecoveries() const
{
    return m_recoveries;
}

uint32_t
RoundTcpFlow::GetTimeouts() const
{
    return m_timeouts;
}

uint64_t
RoundTcpFlow::GetRetransmits() const
{
    return m_retransmits;
}

uint64_t
RoundTcpFlow::GetOverflowDrops() const
{
    return m_overflowDrops;
}

uint64_t
RoundTcpFlow::GetInjectedDrops() const
{
    return m_injectedDrops;
}

uint32_t
RoundTcpFlow::GetSendStalls() const
{
    return m_sendStalls;
}

uint32_t
RoundTcpFlow::GetCongestionWindow() const
{
    return m_tcb->m_cWnd;
}

uint32_t
RoundTcpFlow::GetSlowStartThreshold() const
{
    return m_tcb->m_ssThresh;
}

TcpSocketState::TcpCongState_t
RoundTcpFlow::GetCongestionState() const
{
    return m_tcb->m_congState;
}

uint32_t
RoundTcpFlow::GetBytesInFlight() const
{
    return m_inRound ? m_tcb->m_bytesInFlight.Get() : 0;
}

Time
RoundTcpFlow::GetSmoothedRtt() const
{
    return m_tcb->m_srtt;
}

} // namespace hybridnet
} // namespace ns3
