/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lfn-tcp-socket.h"

#include "lfn-tcp-l4-protocol.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-end-point.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-option-rfc793.h"
#include "ns3/tcp-option-sack-permitted.h"
#include "ns3/tcp-option-sack.h"
#include "ns3/tcp-option-ts.h"
#include "ns3/tcp-option-winscale.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetLfnTcpSocket");
NS_OBJECT_ENSURE_REGISTERED(LfnTcpSocket);

namespace
{
/** Largest unscaled window field. */
constexpr uint32_t kMaxWindowField = 65535;
/** IPv4 and TCP headers without options: what a segment adds in a byte-limited queue. */
constexpr uint32_t kMinHeaders = 40;
/** Largest window shift (RFC 7323 section 2.3). */
constexpr uint8_t kMaxWindowShift = 14;
/** Largest RTO and persist interval (RFC 6298 (2.5) allows a maximum of at least 60 s). */
const Time kMaxBackoff = Seconds(60);
} // namespace

TypeId
LfnTcpSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::LfnTcpSocket")
            .SetParent<TcpSocket>()
            .SetGroupName("Hybridnet")
            .AddConstructor<LfnTcpSocket>()
            .AddAttribute("Sack",
                          "Offer and use selective acknowledgments (RFC 2018; both ends must "
                          "offer them). The WAN studies ran with SACK off.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&LfnTcpSocket::m_sackEnabled),
                          MakeBooleanChecker())
            .AddAttribute("WindowScaling",
                          "Offer and use the window-scale option (RFC 7323 section 2).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&LfnTcpSocket::m_windowScalingEnabled),
                          MakeBooleanChecker())
            .AddAttribute("Timestamp",
                          "Offer and use the timestamps option (RFC 7323 section 3; 1 ms "
                          "ticks, as ns-3 and Linux 2.6 with HZ=1000).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&LfnTcpSocket::m_timestampEnabled),
                          MakeBooleanChecker())
            .AddAttribute("LimitedTransmit",
                          "Send new data on the first two duplicate ACKs (RFC 3042).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&LfnTcpSocket::m_limitedTransmit),
                          MakeBooleanChecker())
            .AddAttribute("ReTxThreshold",
                          "DupThresh: duplicate ACKs that start fast retransmit (segments, "
                          "1-1000; 3 in RFC 5681).",
                          UintegerValue(3),
                          MakeUintegerAccessor(&LfnTcpSocket::m_retxThresh),
                          MakeUintegerChecker<uint32_t>(1, 1000))
            .AddAttribute("MinRto",
                          "Lower bound of the retransmission timeout (s; 200 ms is Linux's "
                          "TCP_RTO_MIN, RFC 6298 says 1 s). Range 1 ms - 60 s.",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&LfnTcpSocket::m_minRto),
                          MakeTimeChecker(MilliSeconds(1), Seconds(60)))
            .AddAttribute("RtoFormula",
                          "The retransmission timeout from the RTT estimate: rfc6298, "
                          "max(MinRto, srtt + max(G, 4 rttvar)), or linux (Linux 2.4/2.6), "
                          "srtt + max(4 rttvar, MinRto); equation (15).",
                          EnumValue(RFC6298_RTO),
                          MakeEnumAccessor<RtoFormula>(&LfnTcpSocket::m_rtoFormula),
                          MakeEnumChecker(RFC6298_RTO, "rfc6298", LINUX_RTO, "linux"))
            .AddAttribute("ClockGranularity",
                          "Timer granularity G of RFC 6298 (2.3) (s; 1 ms - 1 s).",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&LfnTcpSocket::m_clockGranularity),
                          MakeTimeChecker(MilliSeconds(1), Seconds(1)))
            .AddAttribute("MaxSegLifetime",
                          "MSL: TIME_WAIT lasts twice this (s; 0 - 240 s).",
                          TimeValue(Seconds(120)),
                          MakeTimeAccessor(&LfnTcpSocket::m_maxSegLifetime),
                          MakeTimeChecker(Seconds(0), Seconds(240)))
            .AddAttribute("BufferSemantics",
                          "How SndBufSize/RcvBufSize are read: ns3 (the value is the buffer, "
                          "all advertised) or linux (Linux 2.6: doubled, clipped to "
                          "WmemMax/RmemMax, 1/2^AdvWinScale kept back; equations (4), (5)).",
                          EnumValue(NS3_BUFFERS),
                          MakeEnumAccessor<BufferSemantics>(&LfnTcpSocket::m_bufferSemantics),
                          MakeEnumChecker(NS3_BUFFERS, "ns3", LINUX_BUFFERS, "linux"))
            .AddAttribute("RmemMax",
                          "net.core.rmem_max: the largest SO_RCVBUF honoured (bytes; "
                          "1 KiB - 1 GiB; linux semantics only). Default: Linux 2.6's 131071.",
                          UintegerValue(131071),
                          MakeUintegerAccessor(&LfnTcpSocket::m_rmemMax),
                          MakeUintegerChecker<uint32_t>(1024, 1U << 30))
            .AddAttribute("WmemMax",
                          "net.core.wmem_max: the largest SO_SNDBUF honoured (bytes; "
                          "1 KiB - 1 GiB; linux semantics only). Default: Linux 2.6's 131071.",
                          UintegerValue(131071),
                          MakeUintegerAccessor(&LfnTcpSocket::m_wmemMax),
                          MakeUintegerChecker<uint32_t>(1024, 1U << 30))
            .AddAttribute("AdvWinScale",
                          "net.ipv4.tcp_adv_win_scale: 1/2^n of the free receive buffer is "
                          "kept back from the window, equation (4) (0-4; Linux 2.6: 2; linux "
                          "semantics only).",
                          UintegerValue(2),
                          MakeUintegerAccessor(&LfnTcpSocket::m_advWinScale),
                          MakeUintegerChecker<uint32_t>(0, 4))
            .AddAttribute("RcvBufAutoTuning",
                          "The application did not set SO_RCVBUF (linux semantics only): the "
                          "receive buffer starts at RcvBufSize as the kernel sets it "
                          "(tcp_rmem[1], not doubled) and, with ModerateRcvBuf, grows once "
                          "per RTT by equation (6). Leave it off for sockets whose "
                          "application sets SO_RCVBUF.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&LfnTcpSocket::m_autoTuning),
                          MakeBooleanChecker())
            .AddAttribute("ModerateRcvBuf",
                          "net.ipv4.tcp_moderate_rcvbuf: the kernel grows a receive buffer "
                          "the application did not set by equation (6) (Linux 2.6.7 and "
                          "later: tcp_rcv_space_adjust; false for Linux 2.4, which has no "
                          "such growth).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&LfnTcpSocket::m_moderateRcvBuf),
                          MakeBooleanChecker())
            .AddAttribute("LinuxReceiver",
                          "Linux 2.4/2.6's receiver (TcpLinuxReceiver): the window offered "
                          "starts at 2-4 segments and grows by two per segment received "
                          "(rcv_ssthresh), segments are acknowledged at once while it grows "
                          "and in quick-ACK mode, not in ping-pong mode (equation (12)), and "
                          "a second segment only while the window's right edge advances "
                          "(12b); a delayed ACK waits Linux's adaptive ato (40 ms on a "
                          "LAN, TcpLinuxReceiver (5)-(6)) instead of DelAckTimeout. "
                          "False: the whole free window is offered (3)-(4), and ACKs follow "
                          "DelAckCount and DelAckTimeout alone.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&LfnTcpSocket::m_linuxReceiver),
                          MakeBooleanChecker())
            .AddAttribute("SndBufAutoTuning",
                          "The application did not set SO_SNDBUF (linux semantics only): the "
                          "send buffer starts at SndBufSize as the kernel sets it "
                          "(tcp_wmem[1], not doubled) and grows by equation (11) up to "
                          "SndBufAutoTuningMax (Linux 2.4 and 2.6 tcp_new_space).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&LfnTcpSocket::m_sndAutoTuning),
                          MakeBooleanChecker())
            .AddAttribute("SndBufAutoTuningMax",
                          "net.ipv4.tcp_wmem[2]: the largest send buffer equation (11) reaches "
                          "(bytes; 1 KiB - 1 GiB). Default: Linux 2.4 and 2.6's 131072.",
                          UintegerValue(131072),
                          MakeUintegerAccessor(&LfnTcpSocket::m_sndAutoTuningMax),
                          MakeUintegerChecker<uint32_t>(1024, 1U << 30))
            .AddAttribute("AutoTuningMax",
                          "net.ipv4.tcp_rmem[2]: the largest buffer autotuning reaches "
                          "(bytes; 1 KiB - 1 GiB). Default: Linux 2.6's 174760.",
                          UintegerValue(174760),
                          MakeUintegerAccessor(&LfnTcpSocket::m_autoTuningMax),
                          MakeUintegerChecker<uint32_t>(1024, 1U << 30))
            .AddTraceSource("SendBuffer",
                            "The send buffer in bytes, (5) or (11) [Web100 X_Sndbuf].",
                            MakeTraceSourceAccessor(&LfnTcpSocket::m_effectiveSndBuf),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("State",
                            "The TCP state (TcpSocket::TcpStates_t).",
                            MakeTraceSourceAccessor(&LfnTcpSocket::m_state),
                            "ns3::TcpStatesTracedValueCallback")
            .AddTraceSource("CongestionWindow",
                            "cwnd in bytes [Web100 CurCwnd].",
                            MakeTraceSourceAccessor(&LfnTcpSocket::m_cWndTrace),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("SlowStartThreshold",
                            "ssthresh in bytes [Web100 CurSsthresh].",
                            MakeTraceSourceAccessor(&LfnTcpSocket::m_ssThTrace),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("CongState",
                            "The congestion state (TcpSocketState::TcpCongState_t).",
                            MakeTraceSourceAccessor(&LfnTcpSocket::m_congStateTrace),
                            "ns3::TcpSocketState::TcpCongStatesTracedValueCallback")
            .AddTraceSource("BytesInFlight",
                            "RFC 6675 pipe in bytes, equation (1) [Web100 PipeSize].",
                            MakeTraceSourceAccessor(&LfnTcpSocket::m_bytesInFlightTrace),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("RTT",
                            "Smoothed RTT [Web100 SmoothedRTT].",
                            MakeTraceSourceAccessor(&LfnTcpSocket::m_srttTrace),
                            "ns3::TracedValueCallback::Time")
            .AddTraceSource("RTTVar",
                            "RTT variation [Web100 RTTVar].",
                            MakeTraceSourceAccessor(&LfnTcpSocket::m_rttVar),
                            "ns3::TracedValueCallback::Time")
            .AddTraceSource("RTO",
                            "Retransmission timeout [Web100 CurRTO].",
                            MakeTraceSourceAccessor(&LfnTcpSocket::m_rto),
                            "ns3::TracedValueCallback::Time")
            .AddTraceSource("RWND",
                            "The peer's receive window in bytes.",
                            MakeTraceSourceAccessor(&LfnTcpSocket::m_rWnd),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("Tx",
                            "A segment sent (payload, header, socket).",
                            MakeTraceSourceAccessor(&LfnTcpSocket::m_txTrace),
                            "ns3::hybridnet::LfnTcpSocket::TxRxTracedCallback")
            .AddTraceSource("Rx",
                            "A segment received (payload, header, socket).",
                            MakeTraceSourceAccessor(&LfnTcpSocket::m_rxTrace),
                            "ns3::hybridnet::LfnTcpSocket::TxRxTracedCallback");
    return tid;
}

LfnTcpSocket::LfnTcpSocket()
    : m_rtt(CreateObject<RttMeanDeviation>()),
      m_tcb(CreateObject<TcpSocketState>()),
      m_rto(Seconds(1))
{
    NS_LOG_FUNCTION(this);
    ConnectStateTraces();
    SetTimerCallbacks();
}

void
LfnTcpSocket::SetTimerCallbacks()
{
    m_retxTimer.SetCallback(MakeCallback(&LfnTcpSocket::RetransmissionTimeout, this));
    m_delAckTimer.SetCallback(MakeCallback(&LfnTcpSocket::DelayedAckTimeout, this));
}

LfnTcpSocket::LfnTcpSocket(const LfnTcpSocket& sock)
    : TcpSocket(sock),
      m_sndBufSize(sock.m_sndBufSize),
      m_rcvBufSize(sock.m_rcvBufSize),
      m_segmentSize(sock.m_segmentSize),
      m_initialSsThresh(sock.m_initialSsThresh),
      m_initialCwnd(sock.m_initialCwnd),
      m_connTimeout(sock.m_connTimeout),
      m_synRetries(sock.m_synRetries),
      m_dataRetries(sock.m_dataRetries),
      m_delAckTimeout(sock.m_delAckTimeout),
      m_delAckMaxCount(sock.m_delAckMaxCount),
      m_noDelay(sock.m_noDelay),
      m_persistTimeout(sock.m_persistTimeout),
      m_minRto(sock.m_minRto),
      m_rtoFormula(sock.m_rtoFormula),
      m_clockGranularity(sock.m_clockGranularity),
      m_maxSegLifetime(sock.m_maxSegLifetime),
      m_retxThresh(sock.m_retxThresh),
      m_limitedTransmit(sock.m_limitedTransmit),
      m_sackEnabled(sock.m_sackEnabled),
      m_windowScalingEnabled(sock.m_windowScalingEnabled),
      m_timestampEnabled(sock.m_timestampEnabled),
      m_bufferSemantics(sock.m_bufferSemantics),
      m_rmemMax(sock.m_rmemMax),
      m_wmemMax(sock.m_wmemMax),
      m_advWinScale(sock.m_advWinScale),
      m_autoTuning(sock.m_autoTuning),
      m_moderateRcvBuf(sock.m_moderateRcvBuf),
      m_linuxReceiver(sock.m_linuxReceiver),
      m_autoTuningMax(sock.m_autoTuningMax),
      m_sndAutoTuning(sock.m_sndAutoTuning),
      m_sndAutoTuningMax(sock.m_sndAutoTuningMax),
      m_node(sock.m_node),
      m_tcp(sock.m_tcp),
      m_boundDevice(sock.m_boundDevice),
      m_congestion(sock.m_congestion ? sock.m_congestion->Fork() : nullptr),
      m_recovery(sock.m_recovery ? sock.m_recovery->Fork() : nullptr),
      m_rtt(sock.m_rtt->Copy()),
      m_tcb(CreateObject<TcpSocketState>()),
      m_rto(sock.m_rto)
{
    NS_LOG_FUNCTION(this);
    m_rtt->Reset();
    m_tcb->m_segmentSize = sock.m_tcb->m_segmentSize;
    m_tcb->m_initialCWnd = sock.m_tcb->m_initialCWnd;
    m_tcb->m_initialSsThresh = sock.m_tcb->m_initialSsThresh;
    if (m_congestion)
    {
        m_congestion->Init(m_tcb);
    }
    ConnectStateTraces();
    SetTimerCallbacks();
}

void
LfnTcpSocket::ConnectStateTraces()
{
    // the socket's trace sources re-export the shared state's, as TcpSocketBase's do
    using U32 = TracedCallback<uint32_t, uint32_t>;
    using States = TracedCallback<TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t>;
    m_tcb->TraceConnectWithoutContext("CongestionWindow",
                                      MakeCallback(&U32::operator(), &m_cWndTrace));
    m_tcb->TraceConnectWithoutContext("SlowStartThreshold",
                                      MakeCallback(&U32::operator(), &m_ssThTrace));
    m_tcb->TraceConnectWithoutContext("CongState",
                                      MakeCallback(&States::operator(), &m_congStateTrace));
    m_tcb->TraceConnectWithoutContext("BytesInFlight",
                                      MakeCallback(&U32::operator(), &m_bytesInFlightTrace));
    m_tcb->TraceConnectWithoutContext(
        "RTT",
        MakeCallback(&TracedCallback<Time, Time>::operator(), &m_srttTrace));
}

LfnTcpSocket::~LfnTcpSocket()
{
    NS_LOG_FUNCTION(this);
    if (m_endPoint != nullptr)
    {
        m_endPoint->SetDestroyCallback(MakeNullCallback<void>());
        m_tcp->DeAllocate(m_endPoint);
        m_endPoint = nullptr;
    }
}

void
LfnTcpSocket::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_retxTimer.Cancel();
    m_persistEvent.Cancel();
    m_localRetry.Cancel();
    m_delAckTimer.Cancel();
    m_timeWaitEvent.Cancel();
    m_localQueue = nullptr;
    DeallocateEndPoint(false); // no events while the simulator is destroyed
    m_node = nullptr;
    m_tcp = nullptr;
    m_congestion = nullptr;
    m_recovery = nullptr;
    m_boundDevice = nullptr;
    TcpSocket::DoDispose();
}

void
LfnTcpSocket::SetNodeAndTcp(Ptr<Node> node, Ptr<TcpL4Protocol> tcp)
{
    m_node = node;
    m_tcp = tcp;
}

void
LfnTcpSocket::SetCongestionControlAlgorithm(Ptr<TcpCongestionOps> algo)
{
    NS_ABORT_MSG_IF(algo->HasCongControl(),
                    "LfnTcpSocket: congestion control " << algo->GetName()
                                                        << " needs rate samples (CongControl), "
                                                           "which this socket does not produce");
    m_congestion = algo;
    m_congestion->Init(m_tcb); // at creation, as TcpSocketBase
}

void
LfnTcpSocket::SetRecoveryAlgorithm(Ptr<TcpRecoveryOps> recovery)
{
    m_recovery = recovery;
}

Ptr<TcpCongestionOps>
LfnTcpSocket::GetCongestionControlAlgorithm() const
{
    return m_congestion;
}

Ptr<const TcpSocketState>
LfnTcpSocket::GetSocketState() const
{
    return m_tcb;
}

const LfnTcpSocket::Stats&
LfnTcpSocket::GetStats() const
{
    return m_stats;
}

Time
LfnTcpSocket::GetRto() const
{
    return m_rto.Get();
}

Time
LfnTcpSocket::GetRttVariation() const
{
    return m_rtt->GetVariation();
}

uint32_t
LfnTcpSocket::GetPeerWindow() const
{
    return m_rWnd.Get();
}

TcpSocket::TcpStates_t
LfnTcpSocket::GetState() const
{
    return m_state.Get();
}

uint64_t
LfnTcpSocket::GetScoreboardNodesVisited() const
{
    return m_scoreboard ? m_scoreboard->GetNodesVisited() : 0;
}

uint64_t
LfnTcpSocket::GetSendQueueBytes() const
{
    return m_stream.Size();
}

// ---------------------------------------------------------------------------------------
// Socket API

Socket::SocketErrno
LfnTcpSocket::GetErrno() const
{
    return m_errno;
}

Socket::SocketType
LfnTcpSocket::GetSocketType() const
{
    return NS3_SOCK_STREAM;
}

Ptr<Node>
LfnTcpSocket::GetNode() const
{
    return m_node;
}

int
LfnTcpSocket::Bind()
{
    NS_LOG_FUNCTION(this);
    m_endPoint = m_tcp->Allocate();
    if (m_endPoint == nullptr)
    {
        m_errno = ERROR_ADDRNOTAVAIL;
        return -1;
    }
    SetupCallbacks();
    return 0;
}

int
LfnTcpSocket::Bind6()
{
    m_errno = ERROR_AFNOSUPPORT;
    return -1;
}

int
LfnTcpSocket::Bind(const Address& address)
{
    NS_LOG_FUNCTION(this << address);
    if (!InetSocketAddress::IsMatchingType(address))
    {
        m_errno = ERROR_AFNOSUPPORT;
        return -1;
    }
    InetSocketAddress transport = InetSocketAddress::ConvertFrom(address);
    Ipv4Address ipv4 = transport.GetIpv4();
    uint16_t port = transport.GetPort();
    if (ipv4 == Ipv4Address::GetAny() && port == 0)
    {
        m_endPoint = m_tcp->Allocate();
    }
    else if (ipv4 == Ipv4Address::GetAny())
    {
        m_endPoint = m_tcp->Allocate(GetBoundNetDevice(), port);
    }
    else if (port == 0)
    {
        m_endPoint = m_tcp->Allocate(ipv4);
    }
    else
    {
        m_endPoint = m_tcp->Allocate(GetBoundNetDevice(), ipv4, port);
    }
    if (m_endPoint == nullptr)
    {
        m_errno = port ? ERROR_ADDRINUSE : ERROR_ADDRNOTAVAIL;
        return -1;
    }
    SetupCallbacks();
    return 0;
}

void
LfnTcpSocket::SetupCallbacks()
{
    m_endPoint->SetRxCallback(MakeCallback(&LfnTcpSocket::ForwardUp, Ptr<LfnTcpSocket>(this)));
    m_endPoint->SetDestroyCallback(MakeCallback(&LfnTcpSocket::Destroy, Ptr<LfnTcpSocket>(this)));
}

void
LfnTcpSocket::BindToNetDevice(Ptr<NetDevice> netdevice)
{
    Socket::BindToNetDevice(netdevice);
    m_boundDevice = netdevice;
    if (m_endPoint != nullptr)
    {
        m_endPoint->BindToNetDevice(netdevice);
    }
}

int
LfnTcpSocket::SetupEndpoint()
{
    Ptr<Ipv4> ipv4 = m_node->GetObject<Ipv4>();
    NS_ABORT_MSG_UNLESS(ipv4 && ipv4->GetRoutingProtocol(),
                        "LfnTcpSocket: the node has no IPv4 routing");
    Ipv4Header header;
    header.SetDestination(m_endPoint->GetPeerAddress());
    Socket::SocketErrno err;
    Ptr<Ipv4Route> route =
        ipv4->GetRoutingProtocol()->RouteOutput(Ptr<Packet>(), header, m_boundDevice, err);
    if (!route)
    {
        m_errno = err;
        return -1;
    }
    m_endPoint->SetLocalAddress(route->GetSource());
    return 0;
}

int
LfnTcpSocket::Connect(const Address& address)
{
    NS_LOG_FUNCTION(this << address);
    if (!InetSocketAddress::IsMatchingType(address))
    {
        m_errno = ERROR_AFNOSUPPORT;
        return -1;
    }
    if (m_state != CLOSED)
    {
        m_errno = ERROR_ISCONN;
        return -1;
    }
    if (m_endPoint == nullptr && Bind() == -1)
    {
        return -1;
    }
    InetSocketAddress transport = InetSocketAddress::ConvertFrom(address);
    m_endPoint->SetPeer(transport.GetIpv4(), transport.GetPort());
    if (SetupEndpoint() != 0)
    {
        return -1;
    }
    m_peerAddress = address;
    m_rtt->Reset();
    m_synCount = m_synRetries;
    m_dataRetryCount = m_dataRetries;
    StartConnection();
    return 0;
}

void
LfnTcpSocket::StartConnection()
{
    m_state = SYN_SENT;
    SendControl(TcpHeader::SYN);
}

int
LfnTcpSocket::Listen()
{
    NS_LOG_FUNCTION(this);
    if (m_state != CLOSED)
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    if (m_endPoint == nullptr && Bind() == -1)
    {
        return -1;
    }
    m_state = LISTEN;
    return 0;
}

int
LfnTcpSocket::Close()
{
    NS_LOG_FUNCTION(this);
    if (m_state == LISTEN || m_state == SYN_SENT || m_state == CLOSED)
    {
        if (m_state == SYN_SENT)
        {
            SendControl(TcpHeader::RST);
        }
        CloseAndNotify();
        return 0;
    }
    if (m_rxBuffer.Available() > 0 && m_state != CLOSED)
    {
        // RFC 9293 section 3.10.4: closing with unread data resets the connection.
        SendControl(TcpHeader::RST | TcpHeader::ACK);
        CloseAndNotify();
        return 0;
    }
    m_shutdownSend = true;
    m_closeOnEmpty = true;
    MaybeSendFin();
    return 0;
}

int
LfnTcpSocket::ShutdownSend()
{
    m_shutdownSend = true;
    m_closeOnEmpty = true;
    MaybeSendFin();
    return 0;
}

int
LfnTcpSocket::ShutdownRecv()
{
    m_shutdownRecv = true;
    return 0;
}

uint32_t
LfnTcpSocket::GetTxAvailable() const
{
    uint64_t held = m_stream.Size();
    uint32_t buffer = m_effectiveSndBuf.Get() ? m_effectiveSndBuf.Get() : SendBufferSet();
    return held >= buffer ? 0 : static_cast<uint32_t>(buffer - held);
}

int
LfnTcpSocket::Send(Ptr<Packet> p, uint32_t /* flags */)
{
    NS_LOG_FUNCTION(this << p);
    if (m_shutdownSend || !(m_state == ESTABLISHED || m_state == SYN_SENT || m_state == SYN_RCVD ||
                            m_state == CLOSE_WAIT))
    {
        m_errno = m_shutdownSend ? ERROR_SHUTDOWN : ERROR_NOTCONN;
        return -1;
    }
    if (p->GetSize() > GetTxAvailable())
    {
        m_writerWaiting = true; // (11): Linux's SOCK_NOSPACE
        m_errno = ERROR_MSGSIZE;
        return -1;
    }
    if (p->GetSize() == 0)
    {
        return 0;
    }
    m_stream.Append(p);
    if (m_scoreboard)
    {
        m_scoreboard->Append(p->GetSize());
    }
    else
    {
        m_pendingBytes += p->GetSize();
    }
    if ((m_state == ESTABLISHED || m_state == CLOSE_WAIT) && !m_sending)
    {
        SendPendingData(true);
    }
    m_writerWaiting = GetTxAvailable() < m_segmentSize; // a full buffer: the writer waits
    return static_cast<int>(p->GetSize());
}

int
LfnTcpSocket::SendTo(Ptr<Packet> p, uint32_t flags, const Address& /* toAddress */)
{
    return Send(p, flags);
}

uint32_t
LfnTcpSocket::GetRxAvailable() const
{
    return static_cast<uint32_t>(
        std::min<uint64_t>(m_rxBuffer.Available(), std::numeric_limits<uint32_t>::max()));
}

Ptr<Packet>
LfnTcpSocket::Recv(uint32_t maxSize, uint32_t /* flags */)
{
    if (m_rxBuffer.Available() == 0)
    {
        m_errno = (m_state == CLOSE_WAIT || m_state == CLOSED || m_peerFinConsumed) ? ERROR_NOTERROR
                                                                                    : ERROR_AGAIN;
        return nullptr;
    }
    Ptr<Packet> p = m_rxBuffer.Read(maxSize);
    if (p)
    {
        m_readInRtt += p->GetSize();
        m_readWhileDelivering = m_readWhileDelivering || m_delivering;
        if (!m_delivering && m_state >= ESTABLISHED && m_endPoint != nullptr && AckAfterRead())
        {
            SendControl(TcpHeader::ACK);
        }
    }
    return p;
}

bool
LfnTcpSocket::AckAfterRead() const
{
    // (7): Linux's tcp_cleanup_rbuf, after a read that copied data
    const uint64_t rcvNxt = m_rxBuffer.NextExpected();
    const uint32_t mss = std::max<uint32_t>(1, m_tcb->m_segmentSize);
    const bool ackPending = m_delAckCount > 0 || m_delAckTimer.IsRunning();
    if (ackPending && rcvNxt - m_rcvWup > mss)
    {
        return true; // (7a)
    }
    if (m_peerFinConsumed)
    {
        return false; // nothing more will arrive: no window to open
    }
    const uint64_t edge = m_rcvWup + m_rcvWnd;
    const uint64_t windowNow = edge > rcvNxt ? edge - rcvNxt : 0;
    const uint32_t clamp = m_linuxReceiver ? m_linuxRx.GetClamp() : WindowClamp();
    if (2 * windowNow > clamp)
    {
        return false;
    }
    const uint32_t space =
        m_linuxReceiver ? m_linuxRx.WindowFor(WindowSpace()) : WindowSpace(); // (12)
    const uint64_t newWindow = uint64_t{std::min(space >> m_rcvWindShift, kMaxWindowField)}
                               << m_rcvWindShift;
    return newWindow > 0 && newWindow >= 2 * windowNow; // (7b)
}

Ptr<Packet>
LfnTcpSocket::RecvFrom(uint32_t maxSize, uint32_t flags, Address& fromAddress)
{
    Ptr<Packet> p = Recv(maxSize, flags);
    if (p)
    {
        fromAddress = m_peerAddress;
    }
    return p;
}

int
LfnTcpSocket::GetSockName(Address& address) const
{
    if (m_endPoint == nullptr)
    {
        address = InetSocketAddress(Ipv4Address::GetZero(), 0);
        return 0;
    }
    address = InetSocketAddress(m_endPoint->GetLocalAddress(), m_endPoint->GetLocalPort());
    return 0;
}

int
LfnTcpSocket::GetPeerName(Address& address) const
{
    if (m_endPoint == nullptr || m_state < ESTABLISHED)
    {
        return -1;
    }
    address = InetSocketAddress(m_endPoint->GetPeerAddress(), m_endPoint->GetPeerPort());
    return 0;
}

bool
LfnTcpSocket::SetAllowBroadcast(bool allowBroadcast)
{
    return !allowBroadcast;
}

bool
LfnTcpSocket::GetAllowBroadcast() const
{
    return false;
}

// ---------------------------------------------------------------------------------------
// Buffers and windows

uint32_t
LfnTcpSocket::EffectiveSize(uint32_t requested, uint32_t systemMax) const
{
    if (m_bufferSemantics == LINUX_BUFFERS)
    {
        uint64_t doubled = 2ULL * std::min(requested, systemMax); // (5)
        return static_cast<uint32_t>(std::min<uint64_t>(doubled, 1U << 31));
    }
    return requested;
}

uint32_t
LfnTcpSocket::ReceiveBuffer() const
{
    return m_effectiveRcvBuf ? m_effectiveRcvBuf : ReceiveBufferSet();
}

uint32_t
LfnTcpSocket::SendBufferSet() const
{
    const bool kernelDefault = m_sndAutoTuning && m_bufferSemantics == LINUX_BUFFERS;
    return kernelDefault ? m_sndBufSize : EffectiveSize(m_sndBufSize, m_wmemMax); // (11), (5)
}

uint32_t
LfnTcpSocket::ReceiveBufferSet() const
{
    const bool kernelDefault = m_autoTuning && m_bufferSemantics == LINUX_BUFFERS;
    return kernelDefault ? m_rcvBufSize : EffectiveSize(m_rcvBufSize, m_rmemMax); // (6), (5)
}

void
LfnTcpSocket::GrowSendBuffer()
{
    // (11), Linux's tcp_new_space: the writer waits for room and cwnd is not full
    if (!m_sndAutoTuning || m_bufferSemantics != LINUX_BUFFERS || !m_writerWaiting ||
        m_scoreboard->GetBytesInFlight() >= m_tcb->m_cWnd.Get())
    {
        return;
    }
    const uint64_t demanded =
        std::max<uint64_t>(m_tcb->m_cWnd.Get(), uint64_t{m_retxThresh + 1} * m_tcb->m_segmentSize);
    const uint64_t wanted = std::min<uint64_t>(2 * demanded, m_sndAutoTuningMax);
    if (wanted > m_effectiveSndBuf.Get())
    {
        m_effectiveSndBuf = static_cast<uint32_t>(wanted);
    }
}

void
LfnTcpSocket::FixupBuffers(uint32_t smss)
{
    if (m_bufferSemantics != LINUX_BUFFERS)
    {
        return;
    }
    if (m_sndAutoTuning) // not set by the application: tcp_fixup_sndbuf, (11a)
    {
        const uint64_t wanted = std::min<uint64_t>(3ULL * smss, m_sndAutoTuningMax);
        m_effectiveSndBuf = std::max(m_effectiveSndBuf.Get(), static_cast<uint32_t>(wanted));
    }
    if (m_autoTuning) // tcp_fixup_rcvbuf, (11b)
    {
        uint64_t rcvmem = m_segmentSize;
        while (WindowFromSpace(static_cast<uint32_t>(rcvmem)) < m_segmentSize)
        {
            rcvmem += 128;
        }
        const uint64_t wanted = std::min<uint64_t>(4 * rcvmem, m_autoTuningMax);
        m_effectiveRcvBuf = std::max(m_effectiveRcvBuf, static_cast<uint32_t>(wanted));
    }
}

uint32_t
LfnTcpSocket::FreeReceiveSpace() const
{
    uint64_t used = m_rxBuffer.Available() + m_rxBuffer.OutOfOrderBytes();
    uint32_t buffer = ReceiveBuffer();
    return used >= buffer ? 0 : static_cast<uint32_t>(buffer - used);
}

uint16_t
LfnTcpSocket::SynWindow()
{
    const uint32_t space = WindowSpace();
    const uint32_t window =
        m_linuxReceiver ? m_linuxRx.Start(space, m_segmentSize, m_rcvWindShift) : space; // (12)
    return static_cast<uint16_t>(std::min(window, kMaxWindowField));
}

uint16_t
LfnTcpSocket::AdvertisedWindow()
{
    const uint32_t space = m_linuxReceiver ? m_linuxRx.Offer(WindowSpace()) : WindowSpace();
    const uint32_t field = std::min(space >> m_rcvWindShift, kMaxWindowField);
    m_rcvWup = m_rxBuffer.NextExpected();
    m_rcvWnd = uint64_t{field} << m_rcvWindShift;
    return static_cast<uint16_t>(field);
}

uint32_t
LfnTcpSocket::WindowClamp() const
{
    return WindowFromSpace(ReceiveBuffer());
}

uint32_t
LfnTcpSocket::WindowFromSpace(uint32_t space) const
{
    return m_bufferSemantics == LINUX_BUFFERS ? space - (space >> m_advWinScale) : space;
}

uint32_t
LfnTcpSocket::TrueSizeFrom(Ptr<Ipv4Interface> interface)
{
    if (!m_linuxReceiver || !interface)
    {
        return 0;
    }
    Ptr<NetDevice> device = interface->GetDevice();
    if (PeekPointer(device) != m_trueSizeDevice)
    {
        m_trueSizeDevice = PeekPointer(device);
        UintegerValue trueSize(0);
        m_trueSize = device && device->GetAttributeFailSafe("RxSkbTrueSize", trueSize)
                         ? static_cast<uint32_t>(trueSize.Get())
                         : 0;
    }
    return m_trueSize;
}

uint32_t
LfnTcpSocket::WindowSpace() const
{
    uint32_t space = FreeReceiveSpace(); // (3)
    if (m_bufferSemantics == LINUX_BUFFERS)
    {
        space -= space >> m_advWinScale; // (4)
    }
    // receiver silly-window avoidance (RFC 9293 section 3.8.6.2.2): no window smaller
    // than min(SMSS, B/2) is offered; 0 instead, which the sender's persist timer probes
    uint32_t buffer = ReceiveBuffer();
    if (space < std::min(std::max<uint32_t>(1, m_tcb->m_segmentSize), buffer / 2))
    {
        space = 0;
    }
    return space;
}

uint8_t
LfnTcpSocket::WindowShiftForBuffer() const
{
    uint32_t largest = EffectiveSize(m_rcvBufSize, m_rmemMax);
    if (m_autoTuning && m_bufferSemantics == LINUX_BUFFERS)
    {
        largest = std::max(largest, m_autoTuningMax);
    }
    uint8_t shift = 0;
    while ((largest >> shift) > kMaxWindowField && shift < kMaxWindowShift)
    {
        ++shift;
    }
    return shift;
}

uint32_t
LfnTcpSocket::Pipe() const
{
    if (!m_scoreboard)
    {
        return 0;
    }
    if (m_sackEnabled)
    {
        return m_scoreboard->GetPipe(); // (1), SACK on
    }
    // (1), SACK off: the scoreboard's pipe counts a retransmitted head twice unless it is
    // marked lost (only timeouts mark without SACK); subtract the duplicate-ACK estimate.
    // Linux's tcp_check_reno_reordering: at most flight - max(lost, SMSS) counted as arrived
    uint32_t flight = m_scoreboard->GetBytesInFlight();
    uint32_t pipe = m_scoreboard->GetPipe();
    uint32_t holes = std::max(m_scoreboard->GetLostBytes(), m_tcb->m_segmentSize);
    uint32_t cap = flight > holes ? flight - holes : 0;
    uint32_t reno = std::min(m_renoSacked, cap);
    pipe = pipe > reno ? pipe - reno : 0;
    // a retransmitted head that was not marked lost replaces the lost original
    if (m_scoreboard->GetLostBytes() == 0 && m_scoreboard->GetRetransmittedBytes() > 0)
    {
        uint32_t retx = std::min(m_scoreboard->GetRetransmittedBytes(), pipe);
        pipe -= retx;
    }
    return pipe;
}

uint32_t
LfnTcpSocket::AvailableWindow() const
{
    uint32_t window = std::min(m_rWnd.Get(), m_tcb->m_cWnd.Get());
    uint32_t pipe = Pipe();
    m_tcb->m_bytesInFlight = pipe;
    return pipe >= window ? 0 : window - pipe;
}

SequenceNumber32
LfnTcpSocket::SndUna() const
{
    return m_scoreboard ? m_scoreboard->GetHighAck() : m_iss + 1;
}

SequenceNumber32
LfnTcpSocket::DataEnd() const
{
    return m_iss + 1 + static_cast<uint32_t>(m_stream.End());
}

uint64_t
LfnTcpSocket::ToRxOffset(SequenceNumber32 seq) const
{
    // equation (2) of TcpSendScoreboard, around rcv_nxt
    uint64_t next = m_rxBuffer.NextExpected();
    SequenceNumber32 nextSeq = m_irs + 1 + static_cast<uint32_t>(next);
    int64_t offset = static_cast<int64_t>(next) + static_cast<int32_t>(seq - nextSeq);
    return offset < 0 ? 0 : static_cast<uint64_t>(offset);
}

bool
LfnTcpSocket::InRecoveryOrLoss() const
{
    return m_tcb->m_congState == TcpSocketState::CA_RECOVERY ||
           m_tcb->m_congState == TcpSocketState::CA_LOSS;
}

// ---------------------------------------------------------------------------------------
// Output

void
LfnTcpSocket::AddOptions(TcpHeader& h, bool syn)
{
    if (syn)
    {
        Ptr<TcpOptionMSS> mss = CreateObject<TcpOptionMSS>();
        mss->SetMSS(static_cast<uint16_t>(std::min<uint32_t>(m_segmentSize, 65535)));
        h.AppendOption(mss);
        if (m_windowScalingEnabled)
        {
            m_rcvWindShift = WindowShiftForBuffer();
            Ptr<TcpOptionWinScale> ws = CreateObject<TcpOptionWinScale>();
            ws->SetScale(m_rcvWindShift);
            h.AppendOption(ws);
        }
        if (m_sackEnabled)
        {
            h.AppendOption(CreateObject<TcpOptionSackPermitted>());
        }
    }
    if (m_timestampEnabled)
    {
        if (!m_txTimestamp || m_txTimestamp->GetReferenceCount() > 1)
        {
            m_txTimestamp = CreateObject<TcpOptionTS>(); // a header sent earlier still holds it
        }
        m_txTimestamp->SetTimestamp(TcpOptionTS::NowToTsValue());
        m_txTimestamp->SetEcho(m_timestampToEcho);
        h.AppendOption(m_txTimestamp);
    }
    if (!syn && m_sackEnabled && m_rxBuffer.OutOfOrderBytes() > 0)
    {
        int avail = static_cast<int>(h.GetMaxOptionLength()) - h.GetOptionLength() - 2;
        uint32_t blocks = avail > 0 ? static_cast<uint32_t>(avail) / 8 : 0;
        if (blocks > 0)
        {
            Ptr<TcpOptionSack> sack = CreateObject<TcpOptionSack>();
            SequenceNumber32 base = m_irs + 1;
            for (const auto& [lo, hi] : m_rxBuffer.SackBlocks(blocks))
            {
                sack->AddSackBlock(
                    {base + static_cast<uint32_t>(lo), base + static_cast<uint32_t>(hi)});
            }
            h.AppendOption(sack);
        }
    }
}

void
LfnTcpSocket::SendSegment(Ptr<Packet> p, TcpHeader& h)
{
    if (h.GetFlags() & TcpHeader::ACK)
    {
        m_lastAckSent = h.GetAckNumber();
    }
    h.SetSourcePort(m_endPoint->GetLocalPort());
    h.SetDestinationPort(m_endPoint->GetPeerPort());
    m_txTrace(p, h, this);
    m_tcp->SendPacket(p,
                      h,
                      m_endPoint->GetLocalAddress(),
                      m_endPoint->GetPeerAddress(),
                      m_boundDevice);
}

void
LfnTcpSocket::SendControl(Flags flags, bool windowProbe)
{
    if (m_endPoint == nullptr)
    {
        return;
    }
    TcpHeader h;
    bool syn = flags & TcpHeader::SYN;
    bool fin = flags & TcpHeader::FIN;
    SequenceNumber32 seq;
    if (syn)
    {
        seq = m_iss;
    }
    else if (fin)
    {
        seq = DataEnd();
        flags |= TcpHeader::ACK;
    }
    else if (windowProbe)
    {
        seq = m_scoreboard->GetHighAck() - 1;
    }
    else if (m_finSent)
    {
        seq = DataEnd() + 1;
    }
    else
    {
        seq = m_scoreboard ? m_scoreboard->GetNextSeq() : m_iss + 1;
    }
    h.SetFlags(flags);
    h.SetSequenceNumber(seq);
    if (flags & TcpHeader::ACK)
    {
        uint32_t finBit = m_peerFinConsumed ? 1 : 0;
        h.SetAckNumber(m_irs + 1 + static_cast<uint32_t>(m_rxBuffer.NextExpected()) + finBit);
    }
    AddOptions(h, syn);
    // a SYN's window is never scaled (RFC 7323 section 2.2)
    h.SetWindowSize(syn ? SynWindow() : AdvertisedWindow());
    if (flags & TcpHeader::ACK)
    {
        m_delAckTimer.Stop();
        m_delAckCount = 0;
        m_linuxRx.AckSent();
        if (m_congestion && !syn)
        {
            m_congestion->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_NON_DELAYED_ACK);
        }
    }
    if (syn)
    {
        m_synRetransmitted = m_synCount < m_synRetries;
        m_synSentTime = Simulator::Now();
    }
    if (syn || fin)
    {
        // SYN and FIN are retransmitted by the RTO timer; a SYN after ConnTimeout doubled
        // per retransmission (RFC 6298 (5.5), as ns-3)
        Time timeout =
            syn ? m_connTimeout * (1 << std::min<uint32_t>(m_synRetries - m_synCount, 16))
                : m_rto.Get();
        if (!m_retxTimer.IsRunning())
        {
            m_retxTimer.Set(timeout);
        }
    }
    SendSegment(Create<Packet>(), h);
}

uint32_t
LfnTcpSocket::SendDataSegment(SequenceNumber32 seq, uint32_t size)
{
    // the stream's first byte is snd_una (it is released exactly as ACKs advance)
    uint64_t offset = m_stream.Begin() + static_cast<uint32_t>(seq - m_scoreboard->GetHighAck());
    Ptr<Packet> p = m_stream.Copy(offset, size);
    bool retransmission = seq < m_scoreboard->GetNextSeq();
    TcpHeader h;
    uint8_t flags = TcpHeader::ACK;
    if (m_closeOnEmpty && offset + size == m_stream.End())
    {
        // the FIN rides on the last data segment (and on its retransmissions), as ns-3 and
        // Linux do
        flags |= TcpHeader::FIN;
        if (!m_finSent)
        {
            m_finSent = true;
            m_state = (m_state == ESTABLISHED) ? FIN_WAIT_1 : LAST_ACK;
        }
    }
    h.SetFlags(flags);
    h.SetSequenceNumber(seq);
    uint32_t finBit = m_peerFinConsumed ? 1 : 0;
    h.SetAckNumber(m_irs + 1 + static_cast<uint32_t>(m_rxBuffer.NextExpected()) + finBit);
    AddOptions(h, false);
    h.SetWindowSize(AdvertisedWindow());
    m_delAckTimer.Stop();
    m_delAckCount = 0;
    m_linuxRx.AckSent();
    m_linuxRx.DataSent(Simulator::Now());

    m_scoreboard->MarkSent(seq, size, retransmission);
    ++m_stats.segmentsSent;
    if (retransmission)
    {
        ++m_stats.retransmits;
        m_undo.Retransmitted(TcpOptionTS::NowToTsValue()); // (13)
        m_highRetransmitted = std::max(m_highRetransmitted, offset + size);
        if (seq == m_scoreboard->GetHighAck())
        {
            m_retxTimer.Set(m_rto.Get()); // (8d)
        }
    }
    else
    {
        m_sendTimes.emplace_back(offset + size, Simulator::Now());
    }
    if (seq + size > m_tcb->m_highTxMark)
    {
        m_tcb->m_highTxMark = seq + size;
    }
    // as TcpSocketBase: the byte after the segment just sent, retransmission or not (ops
    // such as Vegas mark their once-per-RTT rounds with it)
    m_tcb->m_nextTxSequence = seq + size;
    // RFC 7661-style cwnd validation as TcpSocketBase (a simple tcp_cwnd_validate): the ops
    // grow cwnd only while it limits the sender
    m_tcb->m_isCwndLimited = m_tcb->m_cWnd < Pipe() + m_tcb->m_segmentSize;
    if (m_recovery && (m_tcb->m_congState == TcpSocketState::CA_RECOVERY ||
                       m_tcb->m_congState == TcpSocketState::CA_CWR))
    {
        m_recovery->UpdateBytesSent(size);
    }
    if (!m_retxTimer.IsRunning())
    {
        m_retxTimer.Set(m_rto.Get());
    }
    SendSegment(p, h);
    return size;
}

uint32_t
LfnTcpSocket::SendPendingData(bool fromApplication)
{
    if (!m_scoreboard || m_endPoint == nullptr)
    {
        return 0;
    }
    uint32_t sent = 0;
    uint32_t window = AvailableWindow();
    uint32_t smss = m_tcb->m_segmentSize;
    bool notified = false;
    m_sending = true; // application writes made from NotifySend only append
    while (window > 0)
    {
        auto seg = m_scoreboard->NextSegment(std::min(window, smss));
        if (!seg)
        {
            break;
        }
        if (seg->rule == TcpSendScoreboard::Rule::UNSACKED &&
            !(m_sackEnabled && m_tcb->m_congState == TcpSocketState::CA_RECOVERY))
        {
            break; // rule 3 only in SACK recovery, as ns-3
        }
        if (seg->rule == TcpSendScoreboard::Rule::NEW_DATA)
        {
            if (seg->seq + seg->size > SndUna() + m_rWnd.Get())
            {
                break; // (2a): not beyond the receiver's right edge
            }
            uint32_t unsent = m_scoreboard->GetUnsentBytes();
            if (unsent < window && !notified && !fromApplication)
            {
                // ask the application for more before cutting a short segment; what it
                // writes now is only appended (m_sending), so choose the segment again
                notified = true;
                NotifySend(GetTxAvailable());
                if (m_scoreboard->GetUnsentBytes() != unsent)
                {
                    continue;
                }
            }
            // silly-window avoidance (RFC 9293 section 3.8.6.2.1) and Nagle (RFC 896)
            if (window < smss && unsent > window)
            {
                break;
            }
            if (!m_noDelay && m_scoreboard->GetBytesInFlight() > 0 && unsent < smss)
            {
                break;
            }
            if (m_tcb->m_congState == TcpSocketState::CA_DISORDER && !m_limitedTransmit &&
                !m_sackEnabled)
            {
                break;
            }
        }
        if (LocalQueueFull(seg->size))
        {
            LocalCongestion(); // (14): not sent; the next ACK tries again
            break;
        }
        if (m_scoreboard->GetBytesInFlight() == 0 && m_congestion)
        {
            m_congestion->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_TX_START);
        }
        SendDataSegment(seg->seq, seg->size);
        ++sent;
        notified = false;
        window = AvailableWindow();
    }
    m_sending = false;
    if (m_rWnd.Get() == 0 && m_scoreboard->GetUnsentBytes() > 0 &&
        m_scoreboard->GetBytesInFlight() == 0 && !m_persistEvent.IsPending())
    {
        m_retxTimer.Stop();
        m_persistDelay = m_persistTimeout;
        m_persistEvent = Simulator::Schedule(m_persistDelay, &LfnTcpSocket::PersistTimeout, this);
    }
    MaybeSendFin();
    return sent;
}

void
LfnTcpSocket::MaybeSendFin()
{
    if (!m_closeOnEmpty || m_finSent || !m_scoreboard || m_scoreboard->GetUnsentBytes() > 0)
    {
        return;
    }
    if (m_state != ESTABLISHED && m_state != CLOSE_WAIT)
    {
        return;
    }
    m_finSent = true;
    m_state = (m_state == ESTABLISHED) ? FIN_WAIT_1 : LAST_ACK;
    SendControl(TcpHeader::FIN);
}

void
LfnTcpSocket::RetransmitHead()
{
    SequenceNumber32 una = m_scoreboard->GetHighAck();
    uint32_t flight = m_scoreboard->GetBytesInFlight();
    if (flight == 0 || m_scoreboard->IsRetransmitted(una))
    {
        return; // sent again already, by (8b)'s marking (Linux: tcp_mark_head_lost skips it)
    }
    const uint32_t size = std::min(flight, m_tcb->m_segmentSize);
    if (LocalQueueFull(size))
    {
        LocalCongestion(); // (14): marked lost, so the next ACK's send round takes it
        return;
    }
    SendDataSegment(una, size);
}

bool
LfnTcpSocket::LocalQueueFull(uint32_t size)
{
    if (!m_localQueueKnown)
    {
        m_localQueueKnown = true;
        Ptr<Ipv4> ipv4 = m_node->GetObject<Ipv4>();
        Ptr<TrafficControlLayer> tc = m_node->GetObject<TrafficControlLayer>();
        Ipv4Header header;
        header.SetDestination(m_endPoint->GetPeerAddress());
        Socket::SocketErrno err;
        Ptr<Ipv4Route> route =
            ipv4->GetRoutingProtocol()->RouteOutput(Ptr<Packet>(), header, m_boundDevice, err);
        if (route && tc)
        {
            m_localQueue = tc->GetRootQueueDiscOnDevice(route->GetOutputDevice());
        }
    }
    if (!m_localQueue)
    {
        return false;
    }
    const QueueSize max = m_localQueue->GetMaxSize();
    const uint32_t need = max.GetUnit() == QueueSizeUnit::PACKETS ? 1 : size + kMinHeaders;
    return m_localQueue->GetCurrentSize().GetValue() + need > max.GetValue();
}

void
LfnTcpSocket::LocalCongestion()
{
    ++m_stats.sendStalls;
    const TcpSocketState::TcpCongState_t state = m_tcb->m_congState;
    if (state == TcpSocketState::CA_OPEN || state == TcpSocketState::CA_DISORDER)
    {
        // tcp_enter_cwr: ssthresh reduced once, cwnd brought down to what is in flight
        m_cwrHigh = m_tcb->m_highTxMark;
        m_tcb->m_ssThresh = m_congestion->GetSsThresh(m_tcb, Pipe());
        SetCongState(TcpSocketState::CA_CWR);
        m_tcb->m_bytesInFlight = Pipe();
        m_recovery->EnterRecovery(m_tcb, m_dupAckCount, m_scoreboard->GetBytesInFlight(), 0);
    }
    if (m_scoreboard->GetBytesInFlight() == 0 && !m_localRetry.IsPending())
    {
        // no ACK will come to retry: Linux's probe timer (tcp_check_probe_timer)
        m_localRetry = Simulator::Schedule(m_rto.Get(), [this]() { SendPendingData(); });
    }
}

void
LfnTcpSocket::MarkHeadLost()
{
    SequenceNumber32 una = m_scoreboard->GetHighAck();
    uint32_t flight = m_scoreboard->GetBytesInFlight();
    m_scoreboard->MarkLostBefore(una + std::min(flight, m_tcb->m_segmentSize));
}

bool
LfnTcpSocket::HeadTimedOut() const
{
    // Linux's tcp_head_timedout for a head never retransmitted; a retransmitted head
    // restarted the timer when it was sent (8d), so its timeout is the timer's
    if (m_sendTimes.empty() || m_scoreboard->GetBytesInFlight() == 0 ||
        m_scoreboard->IsRetransmitted(m_scoreboard->GetHighAck()))
    {
        return false;
    }
    return Simulator::Now() - m_sendTimes.front().second > m_rto.Get();
}

void
LfnTcpSocket::MarkTimedOutLost()
{
    if (!HeadTimedOut())
    {
        return;
    }
    // (8b): the segments first sent more than an RTO ago (a prefix of the send-time FIFO)
    Time oldest = Simulator::Now() - m_rto.Get();
    auto end = std::partition_point(m_sendTimes.begin(),
                                    m_sendTimes.end(),
                                    [oldest](const auto& sent) { return sent.second < oldest; });
    uint64_t lostEnd = std::prev(end)->first;
    NS_LOG_DEBUG("head timed out: lost up to offset " << lostEnd);
    m_scoreboard->MarkLostBefore(m_scoreboard->GetHighAck() +
                                 static_cast<uint32_t>(lostEnd - m_stream.Begin()));
}

// ---------------------------------------------------------------------------------------
// Input

void
LfnTcpSocket::ForwardUp(Ptr<Packet> packet,
                        Ipv4Header header,
                        uint16_t port,
                        Ptr<Ipv4Interface> incomingInterface)
{
    Ptr<LfnTcpSocket> self(this); // closing may drop the endpoint's reference to us
    m_segmentTrueSize = TrueSizeFrom(incomingInterface);
    TcpHeader h = m_headerReader.Remove(packet);
    m_rxTrace(packet, h, this);
    Address from = InetSocketAddress(header.GetSource(), port);
    Address to = InetSocketAddress(header.GetDestination(), h.GetDestinationPort());

    if (h.GetFlags() & TcpHeader::RST)
    {
        if (m_state != LISTEN && m_state != CLOSED)
        {
            m_errno = ERROR_NOTERROR;
            bool wasConnecting = m_state == SYN_SENT;
            m_state = CLOSED;
            DeallocateEndPoint();
            if (wasConnecting)
            {
                NotifyConnectionFailed();
            }
            else
            {
                NotifyErrorClose();
            }
        }
        return;
    }
    switch (m_state)
    {
    case LISTEN:
        ProcessListen(packet, h, from, to);
        break;
    case SYN_SENT:
        ProcessSynSent(packet, h);
        break;
    case SYN_RCVD:
        ProcessSynRcvd(packet, h);
        break;
    case CLOSED:
        break;
    default:
        ProcessSynchronized(packet, h);
        break;
    }
}

void
LfnTcpSocket::ReadSynOptions(const TcpHeader& h)
{
    if (m_windowScalingEnabled && h.HasOption(TcpOption::WINSCALE))
    {
        auto ws = DynamicCast<const TcpOptionWinScale>(h.GetOption(TcpOption::WINSCALE));
        m_sndWindShift = std::min(ws->GetScale(), kMaxWindowShift);
    }
    else
    {
        m_sndWindShift = 0;
        m_rcvWindShift = 0;
        m_windowScalingEnabled = false;
    }
    // an option is used only if both ends offered it
    m_sackEnabled = m_sackEnabled && h.HasOption(TcpOption::SACKPERMITTED);
    m_timestampEnabled = m_timestampEnabled && h.HasOption(TcpOption::TS);
    m_peerMss = 0;
    if (h.HasOption(TcpOption::MSS))
    {
        m_peerMss = DynamicCast<const TcpOptionMSS>(h.GetOption(TcpOption::MSS))->GetMSS();
    }
    m_irs = h.GetSequenceNumber();
    m_rWnd = h.GetWindowSize(); // unscaled in a SYN (RFC 7323 section 2.2)
    ReadTimestamp(h);
}

void
LfnTcpSocket::ReadTimestamp(const TcpHeader& h)
{
    if (!m_timestampEnabled || !h.HasOption(TcpOption::TS))
    {
        return;
    }
    auto ts = DynamicCast<const TcpOptionTS>(h.GetOption(TcpOption::TS));
    if (m_tcb->m_rcvTimestampValue > ts->GetTimestamp())
    {
        return; // older than the newest seen (reordering)
    }
    m_tcb->m_rcvTimestampValue = ts->GetTimestamp();
    m_tcb->m_rcvTimestampEchoReply = ts->GetEcho();
    // RFC 7323 section 4.3: TS.Recent takes the TSval of a segment at or below
    // Last.ACK.sent, so a delayed ACK echoes the earlier of the segments it covers (and
    // the RTT measured includes the delay), as TcpSocketBase does; a duplicate below
    // rcv_nxt counts too (Linux's tcp_replace_ts_recent: seq not after rcv_wup), so the ACK
    // of a needless retransmission echoes the retransmission, which ends (13)'s undo
    if ((h.GetFlags() & TcpHeader::SYN) || h.GetSequenceNumber() <= m_lastAckSent)
    {
        m_timestampToEcho = ts->GetTimestamp();
    }
}

void
LfnTcpSocket::ProcessListen(Ptr<Packet> /* packet */,
                            const TcpHeader& h,
                            const Address& from,
                            const Address& to)
{
    if ((h.GetFlags() & (TcpHeader::SYN | TcpHeader::ACK)) != TcpHeader::SYN)
    {
        return;
    }
    if (!NotifyConnectionRequest(from))
    {
        return;
    }
    Ptr<LfnTcpSocket> child = CopyObject<LfnTcpSocket>(this);
    InetSocketAddress local = InetSocketAddress::ConvertFrom(to);
    InetSocketAddress peer = InetSocketAddress::ConvertFrom(from);
    child->m_endPoint = m_tcp->Allocate(m_boundDevice,
                                        local.GetIpv4(),
                                        local.GetPort(),
                                        peer.GetIpv4(),
                                        peer.GetPort());
    if (child->m_endPoint == nullptr)
    {
        return;
    }
    child->SetupCallbacks();
    child->m_peerAddress = from;
    child->m_state = SYN_RCVD;
    child->m_synCount = m_synRetries;
    child->m_dataRetryCount = m_dataRetries;
    child->ReadSynOptions(h);
    child->m_tcb->m_cWnd = child->m_initialCwnd * child->m_segmentSize;
    child->m_tcb->m_ssThresh = child->m_initialSsThresh;
    child->SendControl(TcpHeader::SYN | TcpHeader::ACK);
    if (auto lfn = DynamicCast<LfnTcpL4Protocol>(m_tcp))
    {
        lfn->Register(child); // alive until closed; the application holds it from then on
    }
}

void
LfnTcpSocket::ProcessSynSent(Ptr<Packet> /* packet */, const TcpHeader& h)
{
    uint8_t flags = h.GetFlags();
    if ((flags & TcpHeader::SYN) && (flags & TcpHeader::ACK) && h.GetAckNumber() == m_iss + 1)
    {
        ReadSynOptions(h);
        m_retxTimer.Stop();
        HandshakeRttSample(h);
        m_tcb->m_cWnd = m_initialCwnd * m_segmentSize;
        m_tcb->m_ssThresh = m_initialSsThresh;
        CompleteHandshake();
        SendControl(TcpHeader::ACK);
        m_delAckCount = m_delAckMaxCount; // acknowledge the first data segment at once
        NotifyConnectionSucceeded();
        SendPendingData();
    }
}

void
LfnTcpSocket::ProcessSynRcvd(Ptr<Packet> packet, const TcpHeader& h)
{
    uint8_t flags = h.GetFlags();
    if ((flags & TcpHeader::SYN) && !(flags & TcpHeader::ACK))
    {
        SendControl(TcpHeader::SYN | TcpHeader::ACK); // our SYN-ACK was lost
        return;
    }
    if (!(flags & TcpHeader::ACK) || h.GetAckNumber() != m_iss + 1)
    {
        return;
    }
    m_retxTimer.Stop();
    ReadTimestamp(h);
    HandshakeRttSample(h);
    CompleteHandshake();
    m_delAckCount = m_delAckMaxCount; // acknowledge the first data segment at once, as ns-3
    NotifyNewConnectionCreated(this, m_peerAddress);
    ProcessSynchronized(packet, h);
}

void
LfnTcpSocket::CompleteHandshake()
{
    m_state = ESTABLISHED;
    InitSendState();                   // (11a)-(11b) first, as tcp_init_buffer_space
    m_linuxRx.SetClamp(WindowClamp()); // then the clamp from the buffer
    m_highRxAckMark = m_iss + 1;
    m_rttStart = Simulator::Now();
}

void
LfnTcpSocket::InitSendState()
{
    uint32_t smss = m_segmentSize;
    if (m_peerMss > 0)
    {
        smss = std::min(smss, m_peerMss);
    }
    m_tcb->m_segmentSize = smss;
    m_tcb->m_initialCWnd = m_initialCwnd;
    m_tcb->m_initialSsThresh = m_initialSsThresh;
    m_tcb->m_cWnd = m_initialCwnd * smss;
    m_tcb->m_cWndInfl = m_tcb->m_cWnd;
    m_tcb->m_ssThresh = m_initialSsThresh;
    m_tcb->m_lastAckedSeq = m_iss + 1;
    m_tcb->m_highTxMark = m_iss + 1;
    m_tcb->m_nextTxSequence = m_iss + 1;
    m_effectiveSndBuf = SendBufferSet();
    m_effectiveRcvBuf = ReceiveBufferSet();
    FixupBuffers(smss);
    m_scoreboard = std::make_unique<TcpSendScoreboard>(m_iss + 1, smss, m_retxThresh);
    if (m_pendingBytes > 0)
    {
        m_scoreboard->Append(m_pendingBytes);
        m_pendingBytes = 0;
    }
    NS_ABORT_MSG_UNLESS(m_congestion && m_recovery,
                        "LfnTcpSocket: no congestion-control or recovery algorithm set");
    SetCongState(TcpSocketState::CA_OPEN);
}

void
LfnTcpSocket::UpdateWindow(const TcpHeader& h)
{
    uint32_t window = static_cast<uint32_t>(h.GetWindowSize()) << m_sndWindShift;
    bool update = false;
    if (h.GetAckNumber() == m_highRxAckMark && window > m_rWnd.Get())
    {
        update = true;
    }
    if (h.GetAckNumber() > m_highRxAckMark)
    {
        m_highRxAckMark = h.GetAckNumber();
        update = true;
    }
    if (h.GetSequenceNumber() > m_highRxMark)
    {
        m_highRxMark = h.GetSequenceNumber();
        update = true;
    }
    if (update)
    {
        m_rWnd = window;
    }
    if (m_rWnd.Get() > 0 && m_persistEvent.IsPending())
    {
        m_persistEvent.Cancel();
    }
}

void
LfnTcpSocket::ProcessSynchronized(Ptr<Packet> packet, const TcpHeader& h)
{
    uint8_t flags = h.GetFlags();
    if (flags & TcpHeader::SYN)
    {
        // a retransmitted SYN-ACK: our ACK was lost
        SendControl(TcpHeader::ACK);
        return;
    }
    if (m_timestampEnabled && !h.HasOption(TcpOption::TS))
    {
        return; // RFC 7323 section 3.2: drop segments without timestamps
    }
    ReadTimestamp(h);
    bool carriesData = packet->GetSize() > 0;
    SequenceNumber32 rcvNxt = m_irs + 1 + static_cast<uint32_t>(m_rxBuffer.NextExpected());
    bool oldSegment = !carriesData && !(flags & TcpHeader::FIN) &&
                      h.GetSequenceNumber() < rcvNxt + (m_peerFinConsumed ? 1 : 0);
    if (flags & TcpHeader::ACK)
    {
        ReceivedAck(h, carriesData);
        if (m_state == CLOSED || m_endPoint == nullptr)
        {
            return;
        }
    }
    if (oldSegment)
    {
        SendControl(TcpHeader::ACK); // e.g. a window probe: answer with our window
        return;
    }
    if (carriesData)
    {
        if (m_state == ESTABLISHED || m_state == FIN_WAIT_1 || m_state == FIN_WAIT_2)
        {
            ReceivedData(packet, h);
        }
    }
    if (flags & TcpHeader::FIN)
    {
        uint64_t finOffset = ToRxOffset(h.GetSequenceNumber()) + packet->GetSize();
        if (!m_peerFinOffset)
        {
            m_peerFinOffset = finOffset;
        }
        if (m_peerFinConsumed)
        {
            SendControl(TcpHeader::ACK); // a retransmitted FIN
        }
        else if (m_rxBuffer.NextExpected() == *m_peerFinOffset)
        {
            ConsumePeerFin();
        }
        else if (!carriesData)
        {
            SendControl(TcpHeader::ACK); // FIN beyond a hole: duplicate ACK
        }
    }
}

void
LfnTcpSocket::ReceivedAck(const TcpHeader& h, bool carriesData)
{
    SequenceNumber32 ack = h.GetAckNumber();
    UpdateWindow(h);
    if (!m_scoreboard)
    {
        return;
    }
    m_ackEcho.reset();
    if (m_timestampEnabled && h.HasOption(TcpOption::TS))
    {
        m_ackEcho = DynamicCast<const TcpOptionTS>(h.GetOption(TcpOption::TS))->GetEcho();
    }
    // an ACK of the FIN
    SequenceNumber32 dataEnd = DataEnd();
    bool finAckedNow = m_finSent && !m_finAcked && ack == dataEnd + 1;
    SequenceNumber32 dataAck = finAckedNow ? dataEnd : ack;
    if (dataAck > m_scoreboard->GetNextSeq())
    {
        return; // acknowledges data never sent (RFC 9293 section 3.10.7.4): ignore
    }

    const uint32_t newlySacked = ReadSack(h);
    const bool scoreboardUpdated = newlySacked > 0;

    SequenceNumber32 oldUna = m_scoreboard->GetHighAck();
    if (dataAck < oldUna)
    {
        return; // old ACK
    }
    uint32_t sackedBefore = m_scoreboard->GetSackedBytes();
    uint32_t bytesAcked = m_scoreboard->OnCumulativeAck(dataAck);
    uint32_t sackedRemoved = sackedBefore - m_scoreboard->GetSackedBytes();
    uint32_t delivered = newlySacked + (bytesAcked - sackedRemoved);
    if (bytesAcked > 0)
    {
        uint64_t oldOffset = m_stream.Begin();
        m_stream.ReleaseBelow(oldOffset + bytesAcked);
        m_stats.bytesAcked += bytesAcked;
        EstimateRtt(oldOffset, m_stream.Begin());
    }
    m_tcb->m_lastAckedSackedBytes = delivered;
    m_tcb->m_bytesInFlight = Pipe(); // before the ops read it (PRR), as TcpSocketBase

    ProcessAck(dataAck, scoreboardUpdated, delivered, oldUna, bytesAcked, carriesData);

    if (finAckedNow)
    {
        m_finAcked = true;
        m_retxTimer.Stop();
        if (m_state == FIN_WAIT_1)
        {
            m_state = FIN_WAIT_2;
        }
        else if (m_state == CLOSING)
        {
            EnterTimeWait();
            return;
        }
        else if (m_state == LAST_ACK)
        {
            CloseAndNotify();
            return;
        }
    }
    SendPendingData();
}

uint32_t
LfnTcpSocket::ReadSack(const TcpHeader& h)
{
    if (!m_sackEnabled || !h.HasOption(TcpOption::SACK))
    {
        return 0;
    }
    auto option = DynamicCast<const TcpOptionSack>(h.GetOption(TcpOption::SACK));
    std::vector<TcpSendScoreboard::SackBlock> blocks;
    for (const auto& [left, right] : option->GetSackList())
    {
        blocks.push_back({left, right});
    }
    m_stats.sackBlocksRcvd += blocks.size();
    const uint32_t newlySacked = m_scoreboard->OnSack(blocks).newlySacked;
    if (m_tcb->m_congState == TcpSocketState::CA_RECOVERY)
    {
        const uint32_t lost = m_scoreboard->MarkLostRetransmissions(); // (8e)
        const uint32_t mss = std::max<uint32_t>(1, m_tcb->m_segmentSize);
        m_stats.lostRetransmits += (lost + mss - 1) / mss;
    }
    return newlySacked;
}

void
LfnTcpSocket::EstimateRtt(uint64_t oldOffset, uint64_t ackOffset)
{
    Time sample;
    Time firstSent;
    Time lastSent;
    bool popped = false;
    // pop the send times of every new-data segment the ACK covers
    while (!m_sendTimes.empty() && m_sendTimes.front().first <= ackOffset)
    {
        if (!popped)
        {
            firstSent = m_sendTimes.front().second;
        }
        lastSent = m_sendTimes.front().second;
        popped = true;
        m_sendTimes.pop_front();
    }
    if (m_ackEcho) // read once per ACK by ReceivedAck
    {
        sample = TcpOptionTS::ElapsedTimeFromTsValue(*m_ackEcho);
        if (sample.IsZero())
        {
            sample = MicroSeconds(1);
        }
    }
    else if (popped && oldOffset >= m_highRetransmitted)
    {
        // the oldest segment acknowledged, as TcpSocketBase; Karn's rule: nothing in
        // [snd_una, ack) was retransmitted
        sample = Simulator::Now() - firstSent;
        m_tcb->m_lastRtt = Simulator::Now() - lastSent;
    }
    if (sample.IsZero())
    {
        return;
    }
    if (m_timestampEnabled)
    {
        m_tcb->m_lastRtt = sample;
    }
    TakeRttSample(sample);
}

void
LfnTcpSocket::HandshakeRttSample(const TcpHeader& h)
{
    // the SYN (or SYN-ACK) acknowledged by h: one RTT sample, as TcpSocketBase takes
    Time sample;
    if (m_timestampEnabled && h.HasOption(TcpOption::TS))
    {
        auto ts = DynamicCast<const TcpOptionTS>(h.GetOption(TcpOption::TS));
        sample = Max(TcpOptionTS::ElapsedTimeFromTsValue(ts->GetEcho()), MicroSeconds(1));
    }
    else if (!m_synRetransmitted)
    {
        sample = Simulator::Now() - m_synSentTime;
    }
    if (sample.IsStrictlyPositive())
    {
        m_tcb->m_lastRtt = sample;
        TakeRttSample(sample);
    }
}

void
LfnTcpSocket::TakeRttSample(Time sample)
{
    m_rtt->Measurement(sample);
    m_rto = ComputeRto();
    m_tcb->m_srtt = m_rtt->GetEstimate();
    m_rttVar = m_rtt->GetVariation();
    m_tcb->m_minRtt = std::min(m_tcb->m_srtt.Get(), m_tcb->m_minRtt);
}

void
LfnTcpSocket::ProcessAck(SequenceNumber32 ack,
                         bool scoreboardUpdated,
                         uint32_t delivered,
                         SequenceNumber32 oldUna,
                         uint32_t bytesAcked,
                         bool carriesData)
{
    const uint32_t oldDupAckCount = m_dupAckCount;
    m_tcb->m_lastAckedSeq = ack;
    const SequenceNumber32 highTx = m_tcb->m_highTxMark;
    const bool isDupAck =
        m_sackEnabled ? scoreboardUpdated : (ack == oldUna && ack < highTx && !carriesData);
    if (isDupAck)
    {
        ++m_stats.dupAcksIn;
        DupAck(delivered);
    }
    if (ack == oldUna && ack == highTx)
    {
        return;
    }
    if (ack == oldUna)
    {
        if (m_tcb->m_congState == TcpSocketState::CA_LOSS)
        {
            UndoLoss();
        }
        m_congestion->PktsAcked(m_tcb, 1, m_tcb->m_srtt);
        return;
    }
    const uint32_t segsAcked = CountNewlyAcked(delivered, bytesAcked, isDupAck);
    const bool inRecovery = m_tcb->m_congState == TcpSocketState::CA_RECOVERY;
    if (inRecovery && (ack < m_recover || (ack == m_recover && !m_sackEnabled)))
    {
        RecoveryAck(ack, delivered, segsAcked, ack < m_recover);
        return;
    }
    if (ack < m_recover && m_tcb->m_congState == TcpSocketState::CA_LOSS)
    {
        m_congestion->PktsAcked(m_tcb, segsAcked, m_tcb->m_srtt);
        GrowWindow(segsAcked);
        UndoLoss();
        NewAck(ack, true);
        return;
    }
    OpenAck(ack, oldUna, delivered, segsAcked, oldDupAckCount, isDupAck);
}

void
LfnTcpSocket::SetCongState(TcpSocketState::TcpCongState_t state)
{
    m_congestion->CongestionStateSet(m_tcb, state);
    m_tcb->m_congState = state;
}

uint32_t
LfnTcpSocket::CountNewlyAcked(uint32_t delivered, uint32_t bytesAcked, bool isDupAck)
{
    const uint32_t smss = m_tcb->m_segmentSize;
    uint32_t segsAcked = delivered / smss;
    m_bytesAckedNotProcessed += delivered % smss;
    if (m_bytesAckedNotProcessed >= smss)
    {
        ++segsAcked;
        m_bytesAckedNotProcessed -= smss;
    }
    if (!isDupAck)
    {
        m_dupAckCount = 0;
    }
    if (!m_sackEnabled)
    {
        // duplicate ACKs counted above the hole have been cumulatively acknowledged
        const uint32_t beyondHead = bytesAcked > smss ? bytesAcked - smss : 0;
        m_renoSacked = m_renoSacked > beyondHead ? m_renoSacked - beyondHead : 0;
    }
    return segsAcked;
}

void
LfnTcpSocket::RecoveryAck(SequenceNumber32 ack,
                          uint32_t delivered,
                          uint32_t segsAcked,
                          bool partial)
{
    // (13): a partial ACK of a segment that was only late undoes cwnd's reduction and marks
    // nothing lost
    const bool undone = partial && TryUndo(false);
    if (partial)
    {
        // partial ACK (RFC 6582 step 3 / RFC 6675 (B))
        NS_LOG_DEBUG("partial ack " << ack << " reno " << m_renoSacked << " flight "
                                    << m_scoreboard->GetBytesInFlight() << " undone " << undone);
        if (!m_sackEnabled && !undone)
        {
            MarkHeadLost(); // (9)
        }
        MarkTimedOutLost();
    }
    else
    {
        // (10): hold Recovery until an ACK above recover; nothing below it to retransmit
        NS_LOG_DEBUG("hold recovery at " << ack);
    }
    m_tcb->m_bytesInFlight = Pipe();
    if (!partial || segsAcked >= 1)
    {
        m_recovery->DoRecovery(m_tcb, delivered, false);
    }
    if (!partial)
    {
        TryUndo(true); // (13) at the recovery point (tcp_try_undo_recovery)
    }
    if (partial && !m_sackEnabled && !undone)
    {
        RetransmitHead();
    }
    m_congestion->PktsAcked(m_tcb, 1, m_tcb->m_srtt);
    NewAck(ack, true); // (8a): every ACK of new data restarts the timer
}

void
LfnTcpSocket::OpenAck(SequenceNumber32 ack,
                      SequenceNumber32 oldUna,
                      uint32_t delivered,
                      uint32_t segsAcked,
                      uint32_t oldDupAckCount,
                      bool isDupAck)
{
    const TcpSocketState::TcpCongState_t state = m_tcb->m_congState;
    if (state == TcpSocketState::CA_CWR)
    {
        if (ack >= m_recover)
        {
            m_recoverActive = false;
        }
        CwrAck(ack, delivered, segsAcked);
        return;
    }
    if (state == TcpSocketState::CA_OPEN)
    {
        m_congestion->PktsAcked(m_tcb, segsAcked, m_tcb->m_srtt);
    }
    else if (state == TcpSocketState::CA_DISORDER)
    {
        if (segsAcked >= oldDupAckCount)
        {
            m_congestion->PktsAcked(m_tcb, segsAcked - oldDupAckCount, m_tcb->m_srtt);
        }
        if (!isDupAck)
        {
            SetCongState(TcpSocketState::CA_OPEN);
        }
    }
    else if (state == TcpSocketState::CA_RECOVERY)
    {
        segsAcked = static_cast<uint32_t>(ack - oldUna) / m_tcb->m_segmentSize;
        m_congestion->PktsAcked(m_tcb, segsAcked, m_tcb->m_srtt);
        m_congestion->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_COMPLETE_CWR);
        SetCongState(TcpSocketState::CA_OPEN);
        m_dupAckCount = 0;
        if (!m_sackEnabled)
        {
            m_renoSacked = 0; // tcp_reset_reno_sack() at the end of Recovery
        }
    }
    else if (state == TcpSocketState::CA_LOSS)
    {
        segsAcked = static_cast<uint32_t>(ack - m_recover) / m_tcb->m_segmentSize;
        m_congestion->PktsAcked(m_tcb, segsAcked, m_tcb->m_srtt);
        TryUndo(true); // (13) as Loss ends (tcp_try_undo_recovery)
        SetCongState(TcpSocketState::CA_OPEN);
    }
    if (ack >= m_recover)
    {
        m_recoverActive = false;
    }
    if (state == TcpSocketState::CA_RECOVERY)
    {
        NewAck(ack, true);
        m_tcb->m_bytesInFlight = Pipe();         // without the duplicate-ACK estimate just reset
        m_tcb->m_cWnd = m_tcb->m_ssThresh.Get(); // as TcpSocketBase, before ExitRecovery
        m_recovery->ExitRecovery(m_tcb);
        if (TryUndo(true)) // (13), then tcp_complete_cwr
        {
            m_tcb->m_cWnd = std::min(m_tcb->m_cWnd.Get(), m_tcb->m_ssThresh.Get());
            m_tcb->m_cWndInfl = m_tcb->m_cWnd;
        }
    }
    if (m_tcb->m_congState == TcpSocketState::CA_OPEN)
    {
        GrowWindow(segsAcked);
        m_tcb->m_cWndInfl = m_tcb->m_cWnd;
        NewAck(ack, true);
    }
}

void
LfnTcpSocket::CwrAck(SequenceNumber32 ack, uint32_t delivered, uint32_t segsAcked)
{
    // (14): no growth in CWR (tcp_may_raise_cwnd); cwnd down per ACK (tcp_cwnd_down) until
    // an ACK beyond the high mark completes it (tcp_complete_cwr)
    m_congestion->PktsAcked(m_tcb, segsAcked, m_tcb->m_srtt);
    if (ack > m_cwrHigh)
    {
        NewAck(ack, true);
        m_tcb->m_bytesInFlight = Pipe();
        m_recovery->ExitRecovery(m_tcb);
        m_congestion->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_COMPLETE_CWR);
        SetCongState(TcpSocketState::CA_OPEN);
        return;
    }
    m_tcb->m_bytesInFlight = Pipe();
    m_recovery->DoRecovery(m_tcb, delivered, false);
    NewAck(ack, true);
}

void
LfnTcpSocket::GrowWindow(uint32_t segsAcked)
{
    // Linux 2.6 tcp_ack: tcp_cong_avoid only if prior_in_flight >= snd_cwnd - a window that
    // does not limit the sender (held by the receive window or the send buffer) does not
    // grow. For every algorithm: hybridnet's check it themselves, ns-3's do not.
    if (m_tcb->m_isCwndLimited)
    {
        m_congestion->IncreaseWindow(m_tcb, segsAcked);
    }
}

void
LfnTcpSocket::DupAck(uint32_t delivered)
{
    if (m_tcb->m_congState == TcpSocketState::CA_LOSS)
    {
        return;
    }
    if (m_tcb->m_congState != TcpSocketState::CA_RECOVERY)
    {
        ++m_dupAckCount;
    }
    if (m_tcb->m_congState == TcpSocketState::CA_OPEN)
    {
        SetCongState(TcpSocketState::CA_DISORDER);
    }
    if (m_tcb->m_congState == TcpSocketState::CA_RECOVERY)
    {
        if (!m_sackEnabled)
        {
            m_renoSacked += m_tcb->m_segmentSize;
        }
        MarkTimedOutLost();
        m_tcb->m_bytesInFlight = Pipe(); // (9): what the ops read is counted after marking
        m_recovery->DoRecovery(m_tcb, delivered, true);
    }
    else if (m_tcb->m_congState == TcpSocketState::CA_DISORDER ||
             m_tcb->m_congState == TcpSocketState::CA_CWR)
    {
        SequenceNumber32 una = m_scoreboard->GetHighAck();
        if (m_dupAckCount == m_retxThresh && (una >= m_recover || !m_recoverActive))
        {
            EnterRecovery(delivered);
        }
        else if (m_sackEnabled ? m_scoreboard->IsLost(una)
                               : m_renoSacked >= m_retxThresh * m_tcb->m_segmentSize)
        {
            // RFC 6675 (2): DupThresh segments above snd_una arrived (without SACK: counted
            // by limited transmit)
            EnterRecovery(delivered);
        }
        else if (HeadTimedOut())
        {
            EnterRecovery(delivered); // (8c): the head is older than an RTO
        }
        else if (!m_sackEnabled && m_limitedTransmit)
        {
            m_renoSacked += m_tcb->m_segmentSize; // RFC 3042: one segment left the network
        }
        if (m_tcb->m_congState == TcpSocketState::CA_CWR)
        {
            m_tcb->m_bytesInFlight = Pipe(); // (14): tcp_try_to_open's tcp_cwnd_down
            m_recovery->DoRecovery(m_tcb, delivered, true);
        }
    }
}

void
LfnTcpSocket::EnterRecovery(uint32_t delivered)
{
    ++m_stats.fastRetransmits;
    m_recover = m_tcb->m_highTxMark;
    m_recoverActive = true;
    const uint32_t smss = m_tcb->m_segmentSize;
    const uint32_t retransmittedOut = m_scoreboard->GetRetransmittedBytes();
    // from CWR (14) ssthresh is reduced already and there is no prior one to undo to
    const bool fromCwr = m_tcb->m_congState == TcpSocketState::CA_CWR;
    m_undo.Start(fromCwr ? 0
                         : TcpLinuxUndo::CurrentSsthresh({m_tcb->m_cWnd, m_tcb->m_ssThresh}, smss),
                 (retransmittedOut + smss - 1) / smss); // (13), from Disorder
    SetCongState(TcpSocketState::CA_RECOVERY);
    uint32_t flight = m_sackEnabled ? Pipe() : Pipe() + m_tcb->m_segmentSize;
    if (!m_sackEnabled)
    {
        // this duplicate ACK, too, says a segment left the network (the first two did
        // under limited transmit); FlightSize without the segments known to have arrived
        m_renoSacked += m_tcb->m_segmentSize;
        flight = m_scoreboard->GetBytesInFlight() -
                 std::min(m_renoSacked, m_scoreboard->GetBytesInFlight());
    }
    if (!fromCwr)
    {
        m_tcb->m_ssThresh = m_congestion->GetSsThresh(m_tcb, flight);
    }
    MarkHeadLost(); // (9)
    MarkTimedOutLost();
    m_tcb->m_bytesInFlight = Pipe();
    NS_LOG_DEBUG("enter recovery: flight " << m_scoreboard->GetBytesInFlight() << " reno "
                                           << m_renoSacked << " pipe " << Pipe() << " ssthresh "
                                           << m_tcb->m_ssThresh << " una "
                                           << m_scoreboard->GetHighAck());
    m_recovery->EnterRecovery(m_tcb, m_dupAckCount, m_scoreboard->GetBytesInFlight(), delivered);
    // retransmit the first segment presumed lost
    RetransmitHead();
}

bool
LfnTcpSocket::TryUndo(bool withSsthresh)
{
    if (!m_undo.MayUndo(m_ackEcho))
    {
        return false;
    }
    const TcpLinuxUndo::Window after =
        m_undo.Undo({m_tcb->m_cWnd, m_tcb->m_ssThresh}, Pipe(), m_tcb->m_segmentSize, withSsthresh);
    NS_LOG_DEBUG("undo" << (withSsthresh ? "" : " (partial)") << ": cwnd " << m_tcb->m_cWnd
                        << " -> " << after.cwnd << " ssthresh " << m_tcb->m_ssThresh << " -> "
                        << after.ssThresh);
    m_tcb->m_cWnd = after.cwnd;
    m_tcb->m_cWndInfl = after.cwnd;
    m_tcb->m_ssThresh = after.ssThresh;
    ++m_stats.undos;
    return true;
}

void
LfnTcpSocket::UndoLoss()
{
    if (!TryUndo(true))
    {
        return;
    }
    m_scoreboard->ClearLost(); // tcp_try_undo_loss: go-back-N stops
    m_tcb->m_bytesInFlight = Pipe();
    if (m_sackEnabled)
    {
        SetCongState(TcpSocketState::CA_OPEN);
    }
}

void
LfnTcpSocket::NewAck(SequenceNumber32 ack, bool resetRto)
{
    m_dataRetryCount = m_dataRetries;
    if (resetRto)
    {
        RestartRto();
    }
    GrowSendBuffer();
    if (GetTxAvailable() > 0)
    {
        m_writerWaiting = false;
        NotifySend(GetTxAvailable());
    }
    if (ack > m_tcb->m_nextTxSequence)
    {
        m_tcb->m_nextTxSequence = ack;
    }
    if (m_scoreboard->GetBytesInFlight() == 0 && !(m_finSent && !m_finAcked))
    {
        m_retxTimer.Stop();
    }
}

Time
LfnTcpSocket::ComputeRto() const
{
    const Time variation = m_rtt->GetVariation() * 4;
    if (m_rtoFormula == LINUX_RTO)
    {
        return m_rtt->GetEstimate() + Max(variation, m_minRto); // (15b)
    }
    return Max(m_rtt->GetEstimate() + Max(m_clockGranularity, variation), m_minRto); // (15a)
}

void
LfnTcpSocket::RestartRto()
{
    m_retxTimer.Stop();
    m_rto = ComputeRto();
    m_retxTimer.Set(m_rto.Get());
}

void
LfnTcpSocket::ReceivedData(Ptr<Packet> payload, const TcpHeader& h)
{
    uint64_t offset = ToRxOffset(h.GetSequenceNumber());
    uint64_t next = m_rxBuffer.NextExpected();
    uint32_t size = payload->GetSize();
    // cut what lies beyond the receive window we advertised (plus what is held already)
    uint64_t limit = next + FreeReceiveSpace() + m_rxBuffer.OutOfOrderBytes();
    if (offset + size > limit)
    {
        if (offset >= limit)
        {
            SendControl(TcpHeader::ACK); // beyond the window (or a zero-window probe)
            return;
        }
        payload = payload->CreateFragment(0, static_cast<uint32_t>(limit - offset));
        size = payload->GetSize();
    }
    uint32_t inOrder = m_rxBuffer.Add(offset, payload);
    if (m_linuxReceiver)
    {
        LinuxReceiverSees(offset == next && inOrder > 0, inOrder == 0, size); // (12)
    }
    if (inOrder > 0)
    {
        m_stats.bytesReceived += inOrder;
        if (!m_shutdownRecv)
        {
            // a read from the callback is judged by (7) after this segment's own ACK rule
            m_delivering = true;
            m_readWhileDelivering = false;
            NotifyDataRecv();
            m_delivering = false;
        }
        AutoTuneReceiveBuffer();
        if (m_peerFinOffset && m_rxBuffer.NextExpected() == *m_peerFinOffset &&
            !(h.GetFlags() & TcpHeader::FIN))
        {
            ConsumePeerFin(); // the FIN was waiting behind a hole
            return;
        }
    }
    bool outOfOrder = m_rxBuffer.OutOfOrderBytes() > 0 || offset != next;
    bool filledHole = m_rxBuffer.NextExpected() > offset + size;
    if (outOfOrder || filledHole || inOrder == 0)
    {
        SendControl(TcpHeader::ACK); // RFC 5681 section 4.2: immediately
        return;
    }
    if ((++m_delAckCount >= m_delAckMaxCount && RightEdgeAdvances()) ||
        (m_linuxReceiver && m_linuxRx.QuickAck()))
    {
        SendControl(TcpHeader::ACK);
        return;
    }
    m_congestion->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_DELAYED_ACK);
    if (!m_delAckTimer.IsRunning())
    {
        m_delAckTimer.Set(m_linuxReceiver ? m_linuxRx.DelayedAckTimeout(m_tcb->m_srtt)
                                          : m_delAckTimeout);
    }
    if (std::exchange(m_readWhileDelivering, false) && AckAfterRead())
    {
        SendControl(TcpHeader::ACK);
    }
}

bool
LfnTcpSocket::RightEdgeAdvances() const
{
    // (12b): Linux's __tcp_ack_snd_check acknowledges a second full segment at once only if
    // the window it would offer now is not below the one last advertised
    return !m_linuxReceiver || m_linuxRx.WindowFor(WindowSpace()) >= m_rcvWnd;
}

void
LfnTcpSocket::LinuxReceiverSees(bool inOrder, bool duplicate, uint32_t bytes)
{
    if (inOrder)
    {
        const uint32_t trueSizeWindow =
            m_segmentTrueSize > 0 ? WindowFromSpace(m_segmentTrueSize) : 0;
        m_linuxRx.DataReceived(bytes, trueSizeWindow, WindowSpace(), Simulator::Now(), m_rto.Get());
    }
    else if (duplicate)
    {
        m_linuxRx.DuplicateReceived();
    }
}

void
LfnTcpSocket::AutoTuneReceiveBuffer()
{
    if (!m_autoTuning || !m_moderateRcvBuf || m_bufferSemantics != LINUX_BUFFERS)
    {
        return;
    }
    Time rtt = m_tcb->m_srtt.Get();
    if (rtt.IsZero() || Simulator::Now() - m_rttStart < rtt)
    {
        return;
    }
    uint64_t wanted = 4 * std::max<uint64_t>(m_readInRtt, m_rxBuffer.Available()); // (6)
    uint64_t capped = std::min<uint64_t>(wanted, m_autoTuningMax);
    if (capped > m_effectiveRcvBuf)
    {
        m_effectiveRcvBuf = static_cast<uint32_t>(capped);
        m_linuxRx.SetClamp(WindowClamp());
    }
    m_readInRtt = 0;
    m_rttStart = Simulator::Now();
}

void
LfnTcpSocket::ConsumePeerFin()
{
    m_peerFinConsumed = true;
    SendControl(TcpHeader::ACK);
    if (m_state == ESTABLISHED)
    {
        m_state = CLOSE_WAIT;
        if (!m_closeNotified)
        {
            m_closeNotified = true;
            NotifyNormalClose();
        }
        MaybeSendFin();
    }
    else if (m_state == FIN_WAIT_1)
    {
        if (m_finAcked)
        {
            EnterTimeWait();
        }
        else
        {
            m_state = CLOSING;
        }
    }
    else if (m_state == FIN_WAIT_2)
    {
        EnterTimeWait();
    }
}

void
LfnTcpSocket::EnterTimeWait()
{
    m_state = TIME_WAIT;
    m_retxTimer.Stop();
    m_persistEvent.Cancel();
    m_delAckTimer.Stop();
    if (!m_closeNotified)
    {
        m_closeNotified = true;
        NotifyNormalClose();
    }
    m_timeWaitEvent = Simulator::Schedule(2 * m_maxSegLifetime,
                                          &LfnTcpSocket::CloseAndNotify,
                                          Ptr<LfnTcpSocket>(this));
}

void
LfnTcpSocket::CloseAndNotify()
{
    bool wasOpen = m_state != CLOSED && m_state != LISTEN && m_state != SYN_SENT;
    m_state = CLOSED;
    DeallocateEndPoint();
    if (wasOpen && !m_closeNotified)
    {
        m_closeNotified = true;
        NotifyNormalClose();
    }
}

void
LfnTcpSocket::DeallocateEndPoint(bool forget)
{
    // the TCP layer lets go of a closed socket, after the call that closed it
    if (m_endPoint != nullptr && forget)
    {
        if (auto lfn = DynamicCast<LfnTcpL4Protocol>(m_tcp))
        {
            Simulator::ScheduleNow(&LfnTcpL4Protocol::Forget, lfn, Ptr<LfnTcpSocket>(this));
        }
    }
    m_retxTimer.Stop();
    m_persistEvent.Cancel();
    m_delAckTimer.Stop();
    if (m_endPoint != nullptr)
    {
        m_endPoint->SetDestroyCallback(MakeNullCallback<void>());
        m_tcp->DeAllocate(m_endPoint);
        m_endPoint = nullptr;
    }
}

void
LfnTcpSocket::Destroy()
{
    m_endPoint = nullptr;
    m_retxTimer.Stop();
    m_persistEvent.Cancel();
    m_delAckTimer.Stop();
}

// ---------------------------------------------------------------------------------------
// Timers

void
LfnTcpSocket::DelayedAckTimeout()
{
    m_delAckCount = 0;
    m_linuxRx.DelayedAckExpired(m_rto.Get());
    m_congestion->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_DELAYED_ACK);
    SendControl(TcpHeader::ACK);
}

void
LfnTcpSocket::RetransmissionTimeout()
{
    if (m_state == CLOSED || m_state == TIME_WAIT || m_endPoint == nullptr)
    {
        return;
    }
    Ptr<LfnTcpSocket> self(this);
    if (m_state == SYN_SENT || m_state == SYN_RCVD)
    {
        if (m_synCount == 0)
        {
            bool connecting = m_state == SYN_SENT;
            m_state = CLOSED;
            DeallocateEndPoint();
            if (connecting)
            {
                NotifyConnectionFailed();
            }
            return;
        }
        --m_synCount;
        Flags flags = TcpHeader::SYN;
        if (m_state == SYN_RCVD)
        {
            flags |= TcpHeader::ACK;
        }
        SendControl(flags);
        return;
    }
    if (!m_scoreboard)
    {
        return;
    }
    if (m_scoreboard->GetBytesInFlight() == 0)
    {
        if (m_finSent && !m_finAcked)
        {
            m_rto = Min(m_rto.Get() + m_rto.Get(), kMaxBackoff);
            SendControl(TcpHeader::FIN); // the FIN was lost
        }
        return;
    }
    if (m_dataRetryCount == 0)
    {
        m_state = CLOSED;
        DeallocateEndPoint();
        NotifyErrorClose();
        return;
    }
    --m_dataRetryCount;
    ++m_stats.timeouts;
    NS_LOG_DEBUG("timeout: flight " << m_scoreboard->GetBytesInFlight() << " pipe " << Pipe());

    uint32_t inFlightBeforeRto = Pipe();
    bool headRetransmitted = m_scoreboard->IsRetransmitted(m_scoreboard->GetHighAck());
    const bool retransmittedOut = m_scoreboard->GetRetransmittedBytes() > 0;
    m_dupAckCount = 0;
    m_renoSacked = 0;
    m_scoreboard->OnRetransmissionTimeout(false);
    m_sendTimes.clear();
    m_highRetransmitted = m_stream.Begin() + m_scoreboard->GetBytesInFlight();
    m_recover = m_tcb->m_highTxMark;
    m_recoverActive = true;
    m_rto = Min(m_rto.Get() + m_rto.Get(), kMaxBackoff); // RFC 6298 (5.5)
    m_undo.StartLoss(ReduceSsThreshAtTimeout(inFlightBeforeRto, headRetransmitted),
                     retransmittedOut); // (13)
    m_congestion->CwndEvent(m_tcb, TcpSocketState::CA_EVENT_LOSS);
    SetCongState(TcpSocketState::CA_LOSS);
    m_tcb->m_cWnd = m_tcb->m_segmentSize;
    m_tcb->m_cWndInfl = m_tcb->m_cWnd;
    m_retxTimer.Set(m_rto.Get());
    SendPendingData();
}

std::optional<uint32_t>
LfnTcpSocket::ReduceSsThreshAtTimeout(uint32_t inFlight, bool headRetransmitted)
{
    if (m_tcb->m_congState == TcpSocketState::CA_LOSS && headRetransmitted)
    {
        return std::nullopt; // reduced at the timeout that retransmitted the head already
    }
    const bool open = m_tcb->m_congState == TcpSocketState::CA_OPEN ||
                      m_tcb->m_congState == TcpSocketState::CA_DISORDER;
    const uint32_t prior = open ? TcpLinuxUndo::CurrentSsthresh({m_tcb->m_cWnd, m_tcb->m_ssThresh},
                                                                m_tcb->m_segmentSize)
                                : m_tcb->m_ssThresh.Get();
    m_tcb->m_ssThresh = m_congestion->GetSsThresh(m_tcb, inFlight);
    return prior;
}

void
LfnTcpSocket::PersistTimeout()
{
    if (!m_scoreboard || m_endPoint == nullptr || m_rWnd.Get() > 0)
    {
        return;
    }
    // A window probe as Linux sends it (tcp_xmit_probe_skb): an ACK with sequence number
    // snd_una - 1, which the receiver must answer with an ACK carrying its window (RFC 9293
    // section 3.10.7.4: an unacceptable segment is answered with an ACK); it occupies no
    // sequence space, so nothing has to be retransmitted.
    ++m_stats.zeroWindowProbes;
    SendControl(TcpHeader::ACK, true);
    m_persistDelay = Min(m_persistDelay + m_persistDelay, kMaxBackoff);
    m_persistEvent = Simulator::Schedule(m_persistDelay, &LfnTcpSocket::PersistTimeout, this);
}

// ---------------------------------------------------------------------------------------
// TcpSocket attributes

void
LfnTcpSocket::SetSndBufSize(uint32_t size)
{
    m_sndBufSize = size;
    if (m_scoreboard)
    {
        m_sndAutoTuning = false; // a setsockopt locks the buffer (SOCK_SNDBUF_LOCK)
        m_effectiveSndBuf = EffectiveSize(size, m_wmemMax);
    }
}

uint32_t
LfnTcpSocket::GetSndBufSize() const
{
    return m_sndBufSize;
}

void
LfnTcpSocket::SetRcvBufSize(uint32_t size)
{
    m_rcvBufSize = size;
    if (m_scoreboard)
    {
        m_autoTuning = false; // a setsockopt locks the buffer (SOCK_RCVBUF_LOCK)
        m_effectiveRcvBuf = EffectiveSize(size, m_rmemMax);
    }
}

uint32_t
LfnTcpSocket::GetRcvBufSize() const
{
    return m_rcvBufSize;
}

void
LfnTcpSocket::SetSegSize(uint32_t size)
{
    NS_ABORT_MSG_IF(m_state != CLOSED, "LfnTcpSocket: SegmentSize set on an open connection");
    m_segmentSize = size;
    m_tcb->m_segmentSize = size;
}

uint32_t
LfnTcpSocket::GetSegSize() const
{
    return m_segmentSize;
}

void
LfnTcpSocket::SetInitialSSThresh(uint32_t threshold)
{
    m_initialSsThresh = threshold;
    m_tcb->m_initialSsThresh = threshold;
}

uint32_t
LfnTcpSocket::GetInitialSSThresh() const
{
    return m_initialSsThresh;
}

void
LfnTcpSocket::SetInitialCwnd(uint32_t cwnd)
{
    m_initialCwnd = cwnd;
    m_tcb->m_initialCWnd = cwnd;
}

uint32_t
LfnTcpSocket::GetInitialCwnd() const
{
    return m_initialCwnd;
}

void
LfnTcpSocket::SetConnTimeout(Time timeout)
{
    m_connTimeout = timeout;
}

Time
LfnTcpSocket::GetConnTimeout() const
{
    return m_connTimeout;
}

void
LfnTcpSocket::SetSynRetries(uint32_t count)
{
    m_synRetries = count;
}

uint32_t
LfnTcpSocket::GetSynRetries() const
{
    return m_synRetries;
}

void
LfnTcpSocket::SetDataRetries(uint32_t retries)
{
    m_dataRetries = retries;
}

uint32_t
LfnTcpSocket::GetDataRetries() const
{
    return m_dataRetries;
}

void
LfnTcpSocket::SetDelAckTimeout(Time timeout)
{
    m_delAckTimeout = timeout;
}

Time
LfnTcpSocket::GetDelAckTimeout() const
{
    return m_delAckTimeout;
}

void
LfnTcpSocket::SetDelAckMaxCount(uint32_t count)
{
    m_delAckMaxCount = count;
}

uint32_t
LfnTcpSocket::GetDelAckMaxCount() const
{
    return m_delAckMaxCount;
}

void
LfnTcpSocket::SetTcpNoDelay(bool noDelay)
{
    m_noDelay = noDelay;
}

bool
LfnTcpSocket::GetTcpNoDelay() const
{
    return m_noDelay;
}

void
LfnTcpSocket::SetPersistTimeout(Time timeout)
{
    m_persistTimeout = timeout;
}

Time
LfnTcpSocket::GetPersistTimeout() const
{
    return m_persistTimeout;
}

} // namespace hybridnet
} // namespace ns3
