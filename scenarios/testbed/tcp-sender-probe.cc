/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-sender-probe.h"

#include "hybridnet/lfn-tcp-socket.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-tx-buffer.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpSenderProbe");

void
TcpSenderProbe::AttachAtStart(Ptr<BulkSendApplication> app,
                              Time start,
                              bool lfn,
                              std::function<void(Ptr<Socket>)> onAttach)
{
    m_lfn = lfn;
    Simulator::Schedule(start, [this, app, onAttach]() {
        Simulator::ScheduleNow([this, app, onAttach]() {
            Ptr<Socket> socket = app->GetSocket();
            NS_ABORT_MSG_UNLESS(socket, "BulkSend has no socket at its start");
            Attach(socket, m_lfn);
            if (onAttach)
            {
                onAttach(socket);
            }
        });
    });
}

void
TcpSenderProbe::WriteTotals(const std::vector<const TcpSenderProbe*>& probes,
                            ResultDocument& result)
{
    uint64_t retransmits = 0;
    uint64_t timeouts = 0;
    uint64_t fastRetransmits = 0;
    uint64_t lostRetransmits = 0;
    uint64_t undos = 0;
    uint64_t sendStalls = 0;
    uint32_t maxCwnd = 0;
    for (const TcpSenderProbe* probe : probes)
    {
        retransmits += probe->GetRetransmits();
        timeouts += probe->GetTimeouts();
        fastRetransmits += probe->GetFastRetransmits();
        lostRetransmits += probe->GetLostRetransmits();
        undos += probe->GetUndos();
        sendStalls += probe->GetSendStalls();
        maxCwnd = std::max(maxCwnd, probe->GetMaxCwnd());
    }
    result.SetMetric("retransmits", double(retransmits), "");
    result.SetMetric("timeouts", double(timeouts), "");
    result.SetMetric("fastRetransmits", double(fastRetransmits), "");
    result.SetMetric("lostRetransmits", double(lostRetransmits), "");
    result.SetMetric("undos", double(undos), "");
    result.SetMetric("sendStalls", double(sendStalls), "");
    result.SetMetric("maxCwnd", double(maxCwnd), "B");
}

void
TcpSenderProbe::Attach(Ptr<Socket> socket, bool lfn)
{
    m_lfn = lfn;
    m_socket = socket;
    socket->TraceConnectWithoutContext("CongestionWindow",
                                       MakeCallback(&TcpSenderProbe::TrackCwnd, this));
    socket->TraceConnectWithoutContext("SlowStartThreshold",
                                       MakeCallback(&TcpSenderProbe::TrackSsThresh, this));
    socket->TraceConnectWithoutContext("RTT", MakeCallback(&TcpSenderProbe::TrackRtt, this));
    socket->TraceConnectWithoutContext("CongState",
                                       MakeCallback(&TcpSenderProbe::TrackCongState, this));
    if (!m_lfn)
    {
        socket->TraceConnectWithoutContext(
            "Retransmission",
            MakeCallback(&TcpSenderProbe::CountRetransmission, this));
    }
}

void
TcpSenderProbe::TrackCwnd(uint32_t, uint32_t cwnd)
{
    m_cwnd = cwnd;
    m_maxCwnd = std::max(m_maxCwnd, cwnd);
    auto regained = [this, cwnd](const Reduction& r) {
        if (cwnd < r.before)
        {
            return false;
        }
        m_recoveryTimeSum += Simulator::Now() - r.when;
        ++m_recoveries;
        return true;
    };
    m_open.erase(std::remove_if(m_open.begin(), m_open.end(), regained), m_open.end());
}

void
TcpSenderProbe::TrackSsThresh(uint32_t, uint32_t ssthresh)
{
    m_ssThresh = ssthresh;
}

void
TcpSenderProbe::TrackRtt(Time, Time srtt)
{
    m_srtt = srtt;
}

void
TcpSenderProbe::TrackCongState(TcpSocketState::TcpCongState_t from,
                               TcpSocketState::TcpCongState_t to)
{
    const bool loss = to == TcpSocketState::CA_LOSS && from != TcpSocketState::CA_LOSS;
    const bool recovery = to == TcpSocketState::CA_RECOVERY && from != TcpSocketState::CA_RECOVERY;
    if ((loss || recovery) && m_cwnd > 0)
    {
        m_open.push_back({Simulator::Now(), m_cwnd});
    }
    m_timeouts += loss;
    m_fastRetransmits += recovery;
}

void
TcpSenderProbe::CountRetransmission(Ptr<const Packet>,
                                    const TcpHeader&,
                                    const Address&,
                                    const Address&,
                                    Ptr<const TcpSocketBase>)
{
    ++m_retransmits;
}

uint32_t
TcpSenderProbe::GetCwnd() const
{
    return m_cwnd;
}

uint32_t
TcpSenderProbe::GetMaxCwnd() const
{
    return m_maxCwnd;
}

uint32_t
TcpSenderProbe::GetSsThresh() const
{
    return m_ssThresh;
}

Time
TcpSenderProbe::GetSrtt() const
{
    return m_srtt;
}

uint64_t
TcpSenderProbe::GetRetransmits() const
{
    return m_lfn && m_socket ? DynamicCast<LfnTcpSocket>(m_socket)->GetStats().retransmits
                             : m_retransmits;
}

uint64_t
TcpSenderProbe::GetLostRetransmits() const
{
    return m_lfn && m_socket ? DynamicCast<LfnTcpSocket>(m_socket)->GetStats().lostRetransmits : 0;
}

uint64_t
TcpSenderProbe::GetUndos() const
{
    return m_lfn && m_socket ? DynamicCast<LfnTcpSocket>(m_socket)->GetStats().undos : 0;
}

uint64_t
TcpSenderProbe::GetSendStalls() const
{
    return m_lfn && m_socket ? DynamicCast<LfnTcpSocket>(m_socket)->GetStats().sendStalls : 0;
}

uint64_t
TcpSenderProbe::GetTimeouts() const
{
    return m_lfn && m_socket ? DynamicCast<LfnTcpSocket>(m_socket)->GetStats().timeouts
                             : m_timeouts;
}

uint64_t
TcpSenderProbe::GetFastRetransmits() const
{
    return m_lfn && m_socket ? DynamicCast<LfnTcpSocket>(m_socket)->GetStats().fastRetransmits
                             : m_fastRetransmits;
}

uint64_t
TcpSenderProbe::GetRecoveries() const
{
    return m_recoveries;
}

uint64_t
TcpSenderProbe::GetUnacknowledgedBytes() const
{
    if (!m_socket)
    {
        return 0;
    }
    if (m_lfn)
    {
        return DynamicCast<LfnTcpSocket>(m_socket)->GetSendQueueBytes();
    }
    return DynamicCast<TcpSocketBase>(m_socket)->GetTxBuffer()->Size();
}

Time
TcpSenderProbe::GetRecoveryTimeSum() const
{
    return m_recoveryTimeSum;
}

} // namespace hybridnet
} // namespace ns3
