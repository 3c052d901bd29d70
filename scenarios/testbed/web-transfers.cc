/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "web-transfers.h"

#include "ns3/bulk-send-helper.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/random-variable-stream.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{
namespace hybridnet
{

double
WebTransfers::MeanSize()
{
    const double a = kShape;
    const double ratio = double(kMin) / double(kMax);
    return double(kMin) * a / (a - 1) * (1 - std::pow(ratio, a - 1)) / (1 - std::pow(ratio, a));
}

double
WebTransfers::MeanSquareSize()
{
    const double a = kShape;
    const double ratio = double(kMin) / double(kMax);
    return std::pow(double(kMin), a) * a / (2 - a) *
           (std::pow(double(kMax), 2 - a) - std::pow(double(kMin), 2 - a)) /
           (1 - std::pow(ratio, a));
}

void
WebTransfers::Install(Ptr<Node> sender,
                      Ptr<Node> receiver,
                      Ipv4Address address,
                      DataRate rate,
                      Time start,
                      Time end,
                      uint32_t sendSize,
                      int64_t stream)
{
    auto gap = CreateObjectWithAttributes<ExponentialRandomVariable>(
        "Mean",
        DoubleValue(8 * MeanSize() / double(rate.GetBitRate()))); // 1 / lambda, (2)
    auto u = CreateObject<UniformRandomVariable>();
    gap->SetStream(stream);
    u->SetStream(stream + 1);
    const double ratio = std::pow(double(kMin) / double(kMax), kShape);
    BulkSendHelper send("ns3::TcpSocketFactory", InetSocketAddress(address, kPort));
    send.SetAttribute("SendSize", UintegerValue(sendSize));
    for (Time t = start + Seconds(gap->GetValue()); t <= end; t += Seconds(gap->GetValue()))
    {
        const double x = double(kMin) * std::pow(1 - u->GetValue() * (1 - ratio), -1 / kShape);
        const auto size = static_cast<uint64_t>(std::llround(x));
        send.SetAttribute("MaxBytes", UintegerValue(size));
        ApplicationContainer app = send.Install(sender);
        app.Start(t);
        m_senders.Add(app);
        m_offered += size;
    }
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), kPort));
    m_sink = sink.Install(receiver).Get(0);
    m_sink->SetStartTime(Seconds(0));
}

uint64_t
WebTransfers::GetOffered() const
{
    return m_offered;
}

uint64_t
WebTransfers::GetDelivered() const
{
    return m_sink ? DynamicCast<PacketSink>(m_sink)->GetTotalRx() : 0;
}

uint32_t
WebTransfers::GetN() const
{
    return m_senders.GetN();
}

} // namespace hybridnet
} // namespace ns3
