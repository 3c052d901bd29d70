/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sub-lambda-wave.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetSubLambdaWave");
NS_OBJECT_ENSURE_REGISTERED(SubLambdaWave);

TypeId
SubLambdaWave::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::SubLambdaWave")
            .SetParent<Object>()
            .SetGroupName("Hybridnet")
            .AddConstructor<SubLambdaWave>()
            .AddAttribute(
                "WaveRate",
                "W of (1): the payload rate the wave gives its channels. Default: "
                "an OC-192/STM-64's STS-192c payload, 64 STS-3c of 149.76 Mb/s "
                "(ITU-T G.707). Range: 1 Mb/s to 400 Gb/s, and at least the channels' "
                "rates; the setter aborts (NS_ABORT_MSG) outside it.",
                DataRateValue(DataRate("9584.64Mbps")),
                MakeDataRateAccessor(&SubLambdaWave::SetWaveRate, &SubLambdaWave::GetWaveRate),
                MakeDataRateChecker())
            .AddAttribute("Delay",
                          "D of (3): one way from multiplexer to multiplexer, the wave's "
                          "fibre plus both multiplexers' fixed latency. Range: 0 to 1 s.",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&SubLambdaWave::m_delay),
                          MakeTimeChecker(Seconds(0), Seconds(1)))
            .AddAttribute("GfpOverhead",
                          "G of (2): bytes GFP-F adds to each Ethernet frame (ITU-T G.7041: "
                          "core header 4 + payload header 4; 4 more with the optional "
                          "payload FCS). Range: 0 to 64 B.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&SubLambdaWave::m_gfpOverhead),
                          MakeUintegerChecker<uint32_t>(0, 64))
            .AddAttribute("QueueBytes",
                          "Frames (F bytes each) a channel's direction holds while its slots "
                          "are busy; a frame that does not fit is dropped. Assumption: 1 MB, "
                          "the order of a multiplexer's Ethernet client buffer. Range: 1 B "
                          "to 1 GB.",
                          UintegerValue(1000000),
                          MakeUintegerAccessor(&SubLambdaWave::m_queueBytes),
                          MakeUintegerChecker<uint32_t>(1, 1000000000))
            .AddTraceSource("Drop",
                            "A frame dropped at a full channel queue.",
                            MakeTraceSourceAccessor(&SubLambdaWave::m_dropTrace),
                            "ns3::hybridnet::SubLambdaWave::DropCallback");
    return tid;
}

SubLambdaWave::SubLambdaWave() = default;
SubLambdaWave::~SubLambdaWave() = default;

void
SubLambdaWave::DoDispose()
{
    m_directions.clear();
    m_ports.clear();
    Object::DoDispose();
}

std::string
SubLambdaWave::AddChannel(Ptr<EthernetNetDevice> a, Ptr<EthernetNetDevice> b, DataRate rate)
{
    if (rate.GetBitRate() == 0)
    {
        return "a channel's rate must be more than 0 b/s";
    }
    if (rate > GetFreeRate())
    {
        return "channel rates above the wave: " + std::to_string(rate.GetBitRate()) +
               " b/s asked, " + std::to_string(GetFreeRate().GetBitRate()) + " b/s of the " +
               std::to_string(m_waveRate.GetBitRate()) + " b/s wave left";
    }
    if (a->GetNode() == b->GetNode())
    {
        return "a channel joins two multiplexers: both ports are on one node";
    }
    for (const auto& port : m_ports)
    {
        if (port == a || port == b)
        {
            return "a client port is in at most one channel";
        }
    }
    const auto channel = static_cast<uint32_t>(m_directions.size() / 2 + 1);
    for (auto [in, out] : {std::pair{a, b}, std::pair{b, a}})
    {
        const auto d = static_cast<uint32_t>(m_directions.size());
        m_directions.push_back(Direction{channel, rate, out});
        in->GetNode()->RegisterProtocolHandler(MakeCallback(&SubLambdaWave::Receive, this).Bind(d),
                                               0,
                                               in,
                                               true);
        m_ports.push_back(in);
    }
    return "";
}

void
SubLambdaWave::SetWaveRate(DataRate rate)
{
    NS_ABORT_MSG_UNLESS(rate >= DataRate("1Mbps") && rate <= DataRate("400Gbps"),
                        "SubLambdaWave WaveRate " << rate << " outside 1 Mb/s to 400 Gb/s");
    const uint64_t used = GetChannelRates();
    NS_ABORT_MSG_IF(rate.GetBitRate() < used,
                    "SubLambdaWave WaveRate " << rate << " below its channels' " << used
                                              << " b/s, equation (1)");
    m_waveRate = rate;
}

uint64_t
SubLambdaWave::GetChannelRates() const
{
    uint64_t used = 0;
    for (size_t d = 0; d < m_directions.size(); d += 2)
    {
        used += m_directions[d].rate.GetBitRate();
    }
    return used;
}

DataRate
SubLambdaWave::GetWaveRate() const
{
    return m_waveRate;
}

uint32_t
SubLambdaWave::GetNChannels() const
{
    return static_cast<uint32_t>(m_directions.size() / 2);
}

DataRate
SubLambdaWave::GetFreeRate() const
{
    const uint64_t used = GetChannelRates();
    return DataRate(m_waveRate.GetBitRate() - std::min(used, m_waveRate.GetBitRate()));
}

uint64_t
SubLambdaWave::GetDrops() const
{
    return m_drops;
}

void
SubLambdaWave::Receive(uint32_t d,
                       Ptr<NetDevice> device,
                       Ptr<const Packet> packet,
                       uint16_t protocol,
                       const Address& source,
                       const Address& destination,
                       NetDevice::PacketType /* type */)
{
    Direction& dir = m_directions[d];
    const auto in = DynamicCast<EthernetNetDevice>(device);
    const uint32_t frameBytes = in->GetFrameBytes(packet->GetSize());
    if (dir.queuedBytes + frameBytes > m_queueBytes)
    {
        ++m_drops;
        m_dropTrace(packet, dir.channel);
        return;
    }
    dir.queue.push_back(Frame{packet->Copy(),
                              protocol,
                              Mac48Address::ConvertFrom(source),
                              Mac48Address::ConvertFrom(destination),
                              frameBytes});
    dir.queuedBytes += frameBytes;
    if (!dir.busy)
    {
        StartNext(d);
    }
}

void
SubLambdaWave::StartNext(uint32_t d)
{
    Direction& dir = m_directions[d];
    dir.busy = true;
    const uint32_t gfpBytes = dir.queue.front().frameBytes + m_gfpOverhead;
    Simulator::Schedule(dir.rate.CalculateBytesTxTime(gfpBytes), &SubLambdaWave::Sent, this, d);
}

void
SubLambdaWave::Sent(uint32_t d)
{
    Direction& dir = m_directions[d];
    Frame frame = dir.queue.front();
    dir.queue.pop_front();
    dir.queuedBytes -= frame.frameBytes;
    Simulator::Schedule(m_delay, &SubLambdaWave::Arrive, this, d, frame);
    dir.busy = false;
    if (!dir.queue.empty())
    {
        StartNext(d);
    }
}

void
SubLambdaWave::Arrive(uint32_t d, Frame frame)
{
    m_directions[d].out->SendFrom(frame.packet, frame.source, frame.destination, frame.protocol);
}

} // namespace hybridnet
} // namespace ns3
