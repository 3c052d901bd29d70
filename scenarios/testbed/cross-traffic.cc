/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "cross-traffic.h"

#include "wan-end-hosts.h"
#include "wan-tcp-flags.h"

#include "ns3/applications-module.h"
#include "ns3/internet-module.h"
#include "ns3/log.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetCrossTraffic");

namespace
{
constexpr uint32_t kMaxCrossFlows = 64;   //!< --crossFlows at most
constexpr uint32_t kMaxUdpSources = 1000; //!< --crossUdpSources at most
constexpr double kParetoShape = 1.5;      //!< heavy-tailed on/off periods, (1)
constexpr uint32_t kIpUdpHeaders = 28;    //!< IPv4 20 + UDP 8 bytes
constexpr uint16_t kUdpPort = 9;          //!< the sink's port (discard)
const std::vector<std::string> kPatterns = {"exponential", "pareto"};

/** @return a random variable of mean @p mean with the distribution @p pattern names */
Ptr<RandomVariableStream>
Period(const std::string& pattern, Time mean)
{
    if (pattern == "pareto")
    {
        // ns-3's Pareto has mean scale x shape / (shape - 1).
        return CreateObjectWithAttributes<ParetoRandomVariable>(
            "Scale",
            DoubleValue(mean.GetSeconds() * (kParetoShape - 1) / kParetoShape),
            "Shape",
            DoubleValue(kParetoShape));
    }
    return CreateObjectWithAttributes<ExponentialRandomVariable>("Mean",
                                                                 DoubleValue(mean.GetSeconds()));
}

/** @return a random variable that always gives @p seconds */
Ptr<RandomVariableStream>
Always(double seconds)
{
    return CreateObjectWithAttributes<ConstantRandomVariable>("Constant", DoubleValue(seconds));
}
} // namespace

void
CrossTraffic::AddFlags(ScenarioFlags& flags,
                       const WanTcpFlags& tcp,
                       const Time& duration,
                       const DataRate& linkRate)
{
    flags.AddCount("crossFlows",
                   "bulk TCP cross flows from a cross host at the near router to one behind "
                   "the far router, sharing the bottleneck (0: none)",
                   &m_flows,
                   0,
                   kMaxCrossFlows);
    flags.AddText("crossCongestion",
                  "congestion control of the cross flows: a name --congestion accepts, or "
                  "several separated by commas (a cross host of its own for each; flow i runs "
                  "the (i mod n)-th; the web mix the first)",
                  &m_congestion,
                  "TcpCongestionOps TypeId names, full or short, comma-separated",
                  [](const std::string& text) { return !text.empty(); });
    flags.AddDataRate("crossUdpRate",
                      "mean rate of the on/off UDP cross traffic, all sources together (0bps: "
                      "none); it does not back off on loss",
                      &m_udpRate,
                      DataRate(0),
                      DataRate("40Gbps"));
    flags.AddCount("crossUdpSources",
                   "on/off UDP sources sharing crossUdpRate",
                   &m_udpSources,
                   1,
                   kMaxUdpSources);
    flags.AddDataRate("crossUdpPeak",
                      "rate of a UDP source while on (a user's own link); 0bps: accessRate",
                      &m_udpPeak,
                      DataRate(0),
                      DataRate("40Gbps"));
    flags.AddTime("crossUdpBurst",
                  "mean on-period of a UDP source, which sends at crossUdpPeak while on and is "
                  "off for the mean that gives it its share; 0s: constant-rate streams",
                  &m_udpBurst,
                  Seconds(0),
                  Seconds(60));
    flags.AddChoice("crossUdpPattern",
                    "distribution of the on and off periods: exponential, or pareto (shape "
                    "1.5, heavy-tailed: a self-similar, web-like aggregate)",
                    &m_udpPattern,
                    kPatterns);
    flags.AddDataRate("crossWebRate",
                      "mean offered load of the web-like TCP cross traffic: Poisson arrivals "
                      "of transfers of bounded-Pareto size (shape 1.2, 10 kB to 10 MB: "
                      "WebTransfers), each its own connection (0bps: none)",
                      &m_webRate,
                      DataRate(0),
                      DataRate("40Gbps"));
    flags.AddTime("crossStart", "when the cross traffic starts", &m_start, Seconds(0), Hours(1));
    m_end = &duration;
    flags.AddConstraint("crossStart < duration",
                        [this, &duration]() { return m_start < duration; });
    flags.AddConstraint("crossUdpPeak <= accessRate (a source's link)",
                        [this, &linkRate]() { return m_udpPeak <= linkRate; });
    flags.AddConstraint("crossUdpRate / crossUdpSources <= crossUdpPeak (or accessRate)",
                        [this, &linkRate]() {
                            const DataRate peak = m_udpPeak.GetBitRate() > 0 ? m_udpPeak : linkRate;
                            return m_udpRate.GetBitRate() / m_udpSources <= peak.GetBitRate();
                        });
    flags.AddInputCheck([this, &tcp]() { // also when unused: a misspelt name is an error
        m_congestionTypes.clear();
        for (const std::string& name : WanTcpFlags::SplitList(m_congestion))
        {
            TypeId type;
            if (auto problem = tcp.ResolveAlgorithm("crossCongestion", name, &type);
                !problem.empty())
            {
                return problem;
            }
            m_congestionTypes.push_back(type);
        }
        return std::string();
    });
}

bool
CrossTraffic::IsActive() const
{
    return m_flows > 0 || m_udpRate.GetBitRate() > 0 || m_webRate.GetBitRate() > 0;
}

void
CrossTraffic::Build(Ptr<Node> nearRouter,
                    Ptr<Node> farRouter,
                    DataRate rate,
                    Time nearDelay,
                    Time farDelay,
                    uint32_t mtu,
                    const WanTcpFlags& tcp)
{
    // sender 0 and the receiver first, the other stacks' senders after them: with one
    // stack the nodes, devices and addresses are as they were before several could be given
    m_senders = {CreateObject<Node>()};
    m_receiver = CreateObject<Node>();
    m_peak = m_udpPeak.GetBitRate() > 0 ? m_udpPeak : rate;
    m_datagram = mtu - kIpUdpHeaders;
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(rate));
    link.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    link.SetChannelAttribute("Delay", TimeValue(nearDelay));
    std::vector<NetDeviceContainer> in{link.Install(m_senders[0], nearRouter)};
    link.SetChannelAttribute("Delay", TimeValue(farDelay));
    NetDeviceContainer out = link.Install(farRouter, m_receiver);
    link.SetChannelAttribute("Delay", TimeValue(nearDelay));
    NodeContainer hosts(m_senders[0], m_receiver);
    for (size_t j = 1; j < m_congestionTypes.size(); ++j)
    {
        m_senders.push_back(CreateObject<Node>());
        in.push_back(link.Install(m_senders[j], nearRouter));
        hosts.Add(m_senders[j]);
    }
    tcp.Install(hosts);
    InternetStackHelper().Install(hosts);
    for (size_t j = 0; j < m_senders.size() && (m_flows > 0 || m_webRate.GetBitRate() > 0); ++j)
    {
        m_senders[j]->GetObject<TcpL4Protocol>()->SetAttribute("SocketType",
                                                               TypeIdValue(m_congestionTypes[j]));
    }
    NetDeviceContainer queues(in[0].Get(0), out.Get(1));
    for (size_t j = 1; j < in.size(); ++j)
    {
        queues.Add(in[j].Get(0));
    }
    WanEndHosts::InstallBareQdisc(queues); // before the addresses, which would add the default
    Ipv4AddressHelper addresses("10.9.1.0", "255.255.255.0");
    addresses.Assign(in[0]);
    addresses.SetBase("10.9.2.0", "255.255.255.0");
    m_receiverAddress = addresses.Assign(out).GetAddress(1);
    for (size_t j = 1; j < in.size(); ++j)
    {
        addresses.SetBase(Ipv4Address(("10.9." + std::to_string(2 + j) + ".0").c_str()),
                          "255.255.255.0");
        addresses.Assign(in[j]);
    }
}

void
CrossTraffic::Start(uint32_t sendSize, bool lfn)
{
    m_tcp = std::make_unique<BulkFlows>(m_receiver, m_receiverAddress, sendSize, lfn);
    for (uint32_t i = 0; i < m_flows; ++i)
    {
        m_tcp->Add(m_senders[i % m_senders.size()], m_start);
    }
    if (m_udpRate.GetBitRate() > 0)
    {
        StartUdp();
    }
    if (m_webRate.GetBitRate() > 0)
    {
        m_web.Install(m_senders[0],
                      m_receiver,
                      m_receiverAddress,
                      m_webRate,
                      m_start,
                      *m_end,
                      sendSize,
                      kWebStream);
    }
}

void
CrossTraffic::StartUdp()
{
    const DataRate share(m_udpRate.GetBitRate() / m_udpSources);
    OnOffHelper source("ns3::UdpSocketFactory", InetSocketAddress(m_receiverAddress, kUdpPort));
    source.SetAttribute("PacketSize", UintegerValue(m_datagram));
    if (m_udpBurst.IsZero())
    {
        source.SetAttribute("DataRate", DataRateValue(share));
        // On for a day, longer than any run (--duration and --crossStart are at most an
        // hour each) and well inside the picosecond clock's 106 days.
        source.SetAttribute("OnTime", PointerValue(Always(Hours(24).GetSeconds())));
        source.SetAttribute("OffTime", PointerValue(Always(0)));
    }
    else
    {
        const double ratio = double(m_peak.GetBitRate()) / double(share.GetBitRate());
        source.SetAttribute("DataRate", DataRateValue(m_peak));
        source.SetAttribute("OnTime", PointerValue(Period(m_udpPattern, m_udpBurst)));
        source.SetAttribute("OffTime",
                            PointerValue(Period(m_udpPattern, m_udpBurst * (ratio - 1)))); // (1)
    }
    for (uint32_t i = 0; i < m_udpSources; ++i)
    {
        m_udp.Add(source.Install(m_senders[0]));
    }
    for (auto it = m_udp.Begin(); it != m_udp.End(); ++it)
    {
        (*it)->TraceConnectWithoutContext("Tx", MakeCallback(&CrossTraffic::CountOffered, this));
    }
    m_udp.Start(m_start);
    PacketSinkHelper sink("ns3::UdpSocketFactory",
                          InetSocketAddress(Ipv4Address::GetAny(), kUdpPort));
    m_udpSink = sink.Install(m_receiver).Get(0);
    m_udpSink->SetStartTime(Seconds(0));
}

void
CrossTraffic::CountOffered(Ptr<const Packet> packet)
{
    m_udpOffered += packet->GetSize();
}

int64_t
CrossTraffic::AssignStreams(int64_t stream)
{
    int64_t used = 0;
    for (auto it = m_udp.Begin(); it != m_udp.End(); ++it)
    {
        used += DynamicCast<OnOffApplication>(*it)->AssignStreams(stream + used);
    }
    return used;
}

void
CrossTraffic::WriteTo(ResultDocument& result, Time end) const
{
    if (!IsActive())
    {
        return;
    }
    const double seconds = (end - m_start).GetSeconds();
    uint64_t tcpBytes = 0;
    for (size_t i = 0; m_tcp && i < m_tcp->GetN(); ++i)
    {
        tcpBytes += m_tcp->GetSink(i)->GetTotalRx();
    }
    const uint64_t udpBytes = m_udpSink ? DynamicCast<PacketSink>(m_udpSink)->GetTotalRx() : 0;
    result.SetMetric("crossTcpGoodput", 8.0 * tcpBytes / seconds / 1e6, "Mb/s");
    result.SetMetric("crossUdpOffered", 8.0 * m_udpOffered / seconds / 1e6, "Mb/s");
    result.SetMetric("crossUdpGoodput", 8.0 * udpBytes / seconds / 1e6, "Mb/s");
    if (m_webRate.GetBitRate() > 0)
    {
        result.SetMetric("crossWebOffered", 8.0 * m_web.GetOffered() / seconds / 1e6, "Mb/s");
        result.SetMetric("crossWebGoodput", 8.0 * m_web.GetDelivered() / seconds / 1e6, "Mb/s");
    }
}

} // namespace hybridnet
} // namespace ns3
