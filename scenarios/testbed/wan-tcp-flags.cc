/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "wan-tcp-flags.h"

#include "attribute-default.h"
#include "hybridnet/lfn-tcp-socket.h"
#include "hybridnet/tcp-linux-recovery.h"
#include "hybridnet/tcp-prr-recovery-rfc6937.h"
#include "message-text.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-socket.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetWanTcpFlags");

namespace
{

/** The largest initialSsThresh: TcpSocket's InitialSlowStartThreshold is a uint32. */
constexpr uint64_t kMaxSsThresh = std::numeric_limits<uint32_t>::max();
/** The largest initialCwnd, segments: 65535 x 8960 B fits a uint32. */
constexpr uint32_t kMaxInitialCwnd = 65535;

} // namespace

WanTcpFlags::WanTcpFlags()
    : m_shortNames(m_catalog.GetShortNames())
{
    const TypeId lfn = LfnTcpSocket::GetTypeId();
    const TypeId socket = TcpSocket::GetTypeId();
    m_bufferSemantics = AttributeDefaultText(lfn, "BufferSemantics");
    m_rmemMax = AttributeDefault<UintegerValue>(lfn, "RmemMax").Get();
    m_wmemMax = AttributeDefault<UintegerValue>(lfn, "WmemMax").Get();
    m_rcvBufAutoTuning = AttributeDefault<BooleanValue>(lfn, "RcvBufAutoTuning").Get();
    m_autoTuningMax = AttributeDefault<UintegerValue>(lfn, "AutoTuningMax").Get();
    m_linuxReceiver = AttributeDefault<BooleanValue>(lfn, "LinuxReceiver").Get();
    m_advWinScale = AttributeDefault<UintegerValue>(lfn, "AdvWinScale").Get();
    m_delAckCount = AttributeDefault<UintegerValue>(socket, "DelAckCount").Get();
    m_initialCwnd = AttributeDefault<UintegerValue>(socket, "InitialCwnd").Get();
}

void
WanTcpFlags::AddStackFlags(ScenarioFlags& flags, const std::string& hosts, bool perFlowCongestion)
{
    m_perFlowCongestion = perFlowCongestion;
    m_tcp.AddFlag(flags, hosts);
    if (perFlowCongestion)
    {
        flags.AddText("congestion",
                      "congestion control: one registered ns3::TcpCongestionOps for every flow, "
                      "or a comma-separated list, one per flow; full TypeId name "
                      "(ns3::hybridnet::TcpHighSpeedLinux) or short name; one of " +
                          m_shortNames,
                      &m_congestion,
                      "a TcpCongestionOps TypeId name, or one per flow separated by commas",
                      [](const std::string& text) { return !text.empty(); });
    }
    else
    {
        flags.AddText("congestion",
                      "congestion control of every flow: a registered ns3::TcpCongestionOps, by "
                      "full TypeId name (ns3::TcpHighSpeed, ns3::hybridnet::TcpFast) or short "
                      "name (TcpHighSpeed); one of " +
                          m_shortNames,
                      &m_congestion,
                      "a TcpCongestionOps TypeId name, full or short",
                      [](const std::string& text) { return !text.empty(); });
    }
    flags.AddChoice("recovery",
                    "cwnd in fast recovery: linux (TcpLinuxRecovery, Linux 2.6: one segment "
                    "less every second ACK, never more than one above what is in flight), "
                    "classic (TcpClassicRecovery, RFC 6582/6675: ssthresh at once) or prr "
                    "(TcpPrrRecoveryRfc6937, RFC 6937 with the slow start reduction bound; "
                    "not ns-3's TcpPrrRecovery, issues #1350/#1351)",
                    &m_recovery,
                    {"linux", "classic", "prr"});
}

void
WanTcpFlags::AddSocketFlags(ScenarioFlags& flags, const std::string& path, bool autoTuning)
{
    m_autoTuningFlags = autoTuning;
    m_flags = &flags;
    const uint64_t maxBuffer = WanPathSizing::kMaxBuffer;
    const uint64_t unscaled = WanPathSizing::kUnscaledWindow;
    flags.AddSize("segmentSize",
                  "TCP maximum segment size (payload per segment); the links' IP MTU is "
                  "segmentSize + 52B (1448B -> 1500B, 8948B -> 9000B)",
                  &m_segmentSize,
                  536,
                  8960);
    flags.AddSize("sndBuf",
                  "send buffer every sender sets (SO_SNDBUF), at least segmentSize; 0B: sized "
                  "for " +
                      path +
                      ": 2 W with ns3 semantics, W with linux (which doubles it), "
                      "W = (BDP / (segmentSize + 54B) + queue) x segmentSize the payload the path "
                      "holds with the queue full",
                  &m_sndBuf,
                  0,
                  maxBuffer);
    flags.AddSize("rcvBuf",
                  "receive buffer every receiving socket sets (SO_RCVBUF), at least "
                  "segmentSize; 0B: sized for " +
                      path +
                      ": W (see sndBuf) with ns3 semantics, "
                      "2 W / 3 with linux (which doubles it and advertises 3/4)" +
                      std::string(autoTuning ? "; with rcvBufAutoTuning the initial buffer "
                                               "(tcp_rmem[1], not doubled)"
                                             : ""),
                  &m_rcvBuf,
                  0,
                  maxBuffer);
    flags.AddChoice("bufferSemantics",
                    "ns3: the buffer is the value set, all advertised; linux (tcp=lfn only): "
                    "Linux 2.6, doubled, clipped to rmemMax/wmemMax, a quarter kept back "
                    "(LfnTcpSocket BufferSemantics)",
                    &m_bufferSemantics,
                    {"ns3", "linux"});
    flags.AddSize("rmemMax",
                  "net.core.rmem_max: the largest rcvBuf honoured (linux semantics; default "
                  "Linux 2.6's)",
                  &m_rmemMax,
                  1024,
                  maxBuffer);
    flags.AddSize("wmemMax",
                  "net.core.wmem_max: the largest sndBuf honoured (linux semantics; default "
                  "Linux 2.6's)",
                  &m_wmemMax,
                  1024,
                  maxBuffer);
    if (autoTuning)
    {
        flags.AddBool("rcvBufAutoTuning",
                      "Linux 2.6 receive-buffer autotuning (dynamic right-sizing): the receive "
                      "buffer grows once per RTT to 4 x what was read in it (linux semantics "
                      "only)",
                      &m_rcvBufAutoTuning);
        flags.AddSize("autoTuningMax",
                      "net.ipv4.tcp_rmem[2]: the largest buffer autotuning reaches",
                      &m_autoTuningMax,
                      1024,
                      maxBuffer);
    }
    flags.AddChoice("sack", "selective acknowledgments (RFC 2018)", &m_sack, {"on", "off"});
    flags.AddChoice("timestamps", "TCP timestamps option (RFC 7323)", &m_timestamps, {"on", "off"});
    flags.AddChoice("windowScaling",
                    "window-scale option (RFC 7323); off: windows and buffers at most 65535B",
                    &m_windowScaling,
                    {"on", "off"});
    flags.AddCount("delAckCount",
                   "receiver acknowledges every delAckCount-th full segment (1: every one; "
                   "delayed-ACK timer 200ms)",
                   &m_delAckCount,
                   1,
                   64);
    flags.AddBool("linuxReceiver",
                  "Linux 2.4/2.6's receiver (LfnTcpSocket LinuxReceiver): the window offered "
                  "starts at 2-4 segments and grows by two per segment received, each such "
                  "segment and the first 16 acknowledged at once (quick ACKs), a second "
                  "segment at once only while the window's right edge advances; tcp lfn only",
                  &m_linuxReceiver);
    flags.AddCount("initialCwnd",
                   "initial congestion window in segments, both TCPs (TcpSocket InitialCwnd; "
                   "RFC 6928: 10, RFC 3390: 2 to 4); cwnd = initialCwnd x segmentSize at the "
                   "handshake",
                   &m_initialCwnd,
                   1,
                   kMaxInitialCwnd);
    flags.AddSize("initialSsThresh",
                  "initial slow-start threshold, both TCPs (TcpSocket "
                  "InitialSlowStartThreshold): slow start ends when cwnd reaches it; 0B: "
                  "none (ns-3's default 4294967295B, slow start until the first loss); "
                  "otherwise at least 2 x segmentSize",
                  &m_initialSsThresh,
                  0,
                  kMaxSsThresh);

    flags.AddConstraint("sndBuf is 0B (sized for the path) or at least segmentSize",
                        [this]() { return m_sndBuf == 0 || m_sndBuf >= m_segmentSize; });
    flags.AddConstraint("rcvBuf is 0B (sized for the path) or at least segmentSize",
                        [this]() { return m_rcvBuf == 0 || m_rcvBuf >= m_segmentSize; });
    flags.AddConstraint("sndBuf and rcvBuf are at most 65535B with windowScaling off",
                        [this, unscaled]() {
                            return m_windowScaling == "on" ||
                                   (m_sndBuf <= unscaled && m_rcvBuf <= unscaled);
                        });
    flags.AddConstraint("bufferSemantics linux needs tcp lfn",
                        [this]() { return m_tcp.IsLfn() || m_bufferSemantics == "ns3"; });
    if (autoTuning)
    {
        flags.AddConstraint("rcvBufAutoTuning needs bufferSemantics linux", [this]() {
            return !m_rcvBufAutoTuning || m_bufferSemantics == "linux";
        });
    }
    flags.AddConstraint("linuxReceiver needs tcp lfn",
                        [this]() { return m_tcp.IsLfn() || !m_linuxReceiver; });
    flags.AddConstraint("initialSsThresh is 0B (none) or at least 2 x segmentSize", [this]() {
        return m_initialSsThresh == 0 || m_initialSsThresh >= 2 * uint64_t(m_segmentSize);
    });
}

std::string
WanTcpFlags::ResolveCongestion(uint32_t flows)
{
    const std::vector<std::string> names =
        m_perFlowCongestion ? SplitList(m_congestion) : std::vector<std::string>{m_congestion};
    if (names.size() != 1 && names.size() != flows)
    {
        return "--congestion: " + std::to_string(names.size()) + " names for " +
               std::to_string(flows) + " flows (give one name, or one per flow)";
    }
    m_congestionTypes.clear();
    for (const auto& name : names)
    {
        TypeId type;
        if (std::string problem = ResolveAlgorithm("congestion", name, &type); !problem.empty())
        {
            return problem;
        }
        m_congestionTypes.push_back(type);
    }
    m_congestionTypes.resize(flows, m_congestionTypes.front());
    return "";
}

std::string
WanTcpFlags::ResolveAlgorithm(const std::string& flag, const std::string& name, TypeId* type) const
{
    const std::vector<TypeId> found = m_catalog.Find(name);
    if (found.empty())
    {
        return "--" + flag + ": unknown congestion control " + message_text::Quote(name) +
               "; one of " + m_shortNames;
    }
    if (found.size() > 1)
    {
        std::string full;
        for (const auto& tid : found)
        {
            full += (full.empty() ? "" : ", ") + tid.GetName();
        }
        return "--" + flag + ": " + message_text::Quote(name) + " is ambiguous; give one of " +
               full;
    }
    if (IsLfn())
    {
        ObjectFactory factory;
        factory.SetTypeId(found[0]);
        if (factory.Create<TcpCongestionOps>()->HasCongControl())
        {
            return "--" + flag + ": " + found[0].GetName() +
                   " needs rate samples (CongControl), which LfnTcpSocket does not produce; "
                   "use --tcp=ns3";
        }
    }
    *type = found[0];
    return "";
}

const std::vector<TypeId>&
WanTcpFlags::GetCongestionTypes() const
{
    return m_congestionTypes;
}

std::vector<std::string>
WanTcpFlags::SplitList(const std::string& text)
{
    std::vector<std::string> items;
    size_t from = 0;
    while (true)
    {
        const size_t comma = text.find(',', from);
        items.push_back(text.substr(from, comma - from));
        if (comma == std::string::npos)
        {
            return items;
        }
        from = comma + 1;
    }
}

std::string
WanTcpFlags::GetShortNames() const
{
    return m_shortNames;
}

bool
WanTcpFlags::IsLfn() const
{
    return m_tcp.IsLfn();
}

uint32_t
WanTcpFlags::GetSegmentSize() const
{
    return m_segmentSize;
}

uint32_t
WanTcpFlags::GetHeaderBytes() const
{
    return m_timestamps == "on" ? WanPathSizing::kTcpIpHeaders : WanPathSizing::kTcpIpHeaders - 12;
}

bool
WanTcpFlags::GrowsReceiveWindow() const
{
    return m_rcvBufAutoTuning || m_linuxReceiver;
}

void
WanTcpFlags::Configure(Ptr<RoundTcpFlow> flow, const WanPathSizing& sizing, size_t index) const
{
    NS_ABORT_MSG_IF(index >= m_congestionTypes.size(), "WanTcpFlags: ResolveCongestion first");
    flow->SetAttribute("SegmentSize", UintegerValue(m_segmentSize));
    flow->SetAttribute("DelAckCount", UintegerValue(m_delAckCount));
    flow->SetAttribute("InitialCwnd", UintegerValue(m_initialCwnd));
    if (m_initialSsThresh != 0)
    {
        flow->SetAttribute("InitialSsThresh", UintegerValue(m_initialSsThresh));
    }
    flow->SetAttribute("Sack", BooleanValue(m_sack == "on"));
    const uint64_t window = std::min(sizing.GetSndBufEffective(), sizing.GetMaxAdvertisedWindow());
    flow->SetAttribute(
        "MaxWindow",
        UintegerValue(std::min<uint64_t>(window, std::numeric_limits<uint32_t>::max())));
    // the bare ends' retransmission timer: LfnTcpSocket's, or TcpSocketBase's RFC 6298 one
    const TypeId socket = IsLfn() ? LfnTcpSocket::GetTypeId() : TcpSocketBase::GetTypeId();
    flow->SetAttribute("MinRto", AttributeDefault<TimeValue>(socket, "MinRto"));
    flow->SetAttribute(
        "RtoFormula",
        StringValue(IsLfn() ? AttributeDefaultText(socket, "RtoFormula") : std::string("rfc6298")));
    ObjectFactory congestion(m_congestionTypes[index].GetName());
    flow->SetCongestionControl(congestion.Create<TcpCongestionOps>());
    ObjectFactory recovery(RecoveryTypeId().GetName());
    flow->SetRecovery(recovery.Create<TcpRecoveryOps>());
}

WanPathSizing
WanTcpFlags::SizePath(DataRate rate, Time rtt, uint32_t queuePackets) const
{
    WanPathSizing::Sockets sockets;
    sockets.segmentSize = m_segmentSize;
    sockets.sndBuf = m_sndBuf;
    sockets.rcvBuf = m_rcvBuf;
    sockets.linuxSemantics = m_bufferSemantics == "linux";
    sockets.windowScaling = m_windowScaling == "on";
    sockets.rmemMax = m_rmemMax;
    sockets.wmemMax = m_wmemMax;
    sockets.advWinScale = m_advWinScale;
    return WanPathSizing(rate, rtt, queuePackets, sockets);
}

TypeId
WanTcpFlags::RecoveryTypeId() const
{
    if (m_recovery == "prr")
    {
        return TcpPrrRecoveryRfc6937::GetTypeId();
    }
    return m_recovery == "classic" ? TcpClassicRecovery::GetTypeId()
                                   : TcpLinuxRecovery::GetTypeId();
}

void
WanTcpFlags::SetDefaults(const WanPathSizing& sizing) const
{
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType", TypeIdValue(RecoveryTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(m_segmentSize));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(sizing.GetSndBufSet()));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(sizing.GetRcvBufSet()));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(m_delAckCount));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(m_initialCwnd));
    if (m_initialSsThresh != 0)
    {
        Config::SetDefault("ns3::TcpSocket::InitialSlowStartThreshold",
                           UintegerValue(m_initialSsThresh));
    }
    const std::string socketType = m_tcp.GetSocketTypeName();
    Config::SetDefault(socketType + "::Sack", BooleanValue(m_sack == "on"));
    Config::SetDefault(socketType + "::Timestamp", BooleanValue(m_timestamps == "on"));
    Config::SetDefault(socketType + "::WindowScaling", BooleanValue(m_windowScaling == "on"));
    if (IsLfn())
    {
        const std::string lfn = LfnTcpSocket::GetTypeId().GetName() + "::";
        Config::SetDefault(lfn + "BufferSemantics", StringValue(m_bufferSemantics));
        Config::SetDefault(lfn + "RmemMax", UintegerValue(m_rmemMax));
        Config::SetDefault(lfn + "WmemMax", UintegerValue(m_wmemMax));
        Config::SetDefault(lfn + "LinuxReceiver", BooleanValue(m_linuxReceiver));
        if (m_autoTuningFlags)
        {
            Config::SetDefault(lfn + "RcvBufAutoTuning", BooleanValue(m_rcvBufAutoTuning));
            Config::SetDefault(lfn + "AutoTuningMax", UintegerValue(m_autoTuningMax));
        }
    }
}

void
WanTcpFlags::SetCongestionDefault() const
{
    NS_ABORT_MSG_IF(m_congestionTypes.empty(), "ResolveCongestion() was not called");
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(m_congestionTypes[0]));
}

void
WanTcpFlags::SetCongestion(NodeContainer senders) const
{
    NS_ABORT_MSG_IF(m_congestionTypes.size() < senders.GetN(),
                    "ResolveCongestion() was not called for " << senders.GetN() << " flows");
    for (uint32_t i = 0; i < senders.GetN(); ++i)
    {
        // The sockets a host's TCP creates take its SocketType.
        senders.Get(i)->GetObject<TcpL4Protocol>()->SetAttribute("SocketType",
                                                                 TypeIdValue(m_congestionTypes[i]));
    }
}

std::set<std::string>
WanTcpFlags::KernelOverrides() const
{
    // The socket attribute each flag of the table sets.
    static const std::vector<std::pair<std::string, std::string>> kAttributeOfFlag = {
        {"segmentSize", "SegmentSize"},
        {"sndBuf", "SndBufSize"},
        {"rcvBuf", "RcvBufSize"},
        {"bufferSemantics", "BufferSemantics"},
        {"rmemMax", "RmemMax"},
        {"wmemMax", "WmemMax"},
        {"rcvBufAutoTuning", "RcvBufAutoTuning"},
        {"autoTuningMax", "AutoTuningMax"},
        {"sack", "Sack"},
        {"timestamps", "Timestamp"},
        {"windowScaling", "WindowScaling"},
        {"delAckCount", "DelAckCount"},
        {"linuxReceiver", "LinuxReceiver"},
        {"initialCwnd", "InitialCwnd"},
        {"initialSsThresh", "InitialSlowStartThreshold"},
    };
    std::set<std::string> overrides;
    for (const auto& [flag, attribute] : kAttributeOfFlag)
    {
        if (m_flags && m_flags->IsGiven(flag))
        {
            overrides.insert(attribute);
        }
    }
    // The application's setsockopt locks the buffer it sets: no growth.
    if (overrides.count("SndBufSize"))
    {
        overrides.insert("SndBufAutoTuning");
    }
    if (overrides.count("RcvBufSize"))
    {
        overrides.insert("RcvBufAutoTuning");
    }
    return overrides;
}

void
WanTcpFlags::Install(NodeContainer hosts, const HostProfile* kernel) const
{
    m_tcp.Install(hosts, kernel, KernelOverrides());
}

} // namespace hybridnet
} // namespace ns3
