/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "lfn-tcp-stats-log.h"

#include "lfn-tcp-socket.h"

#include "ns3/abort.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace hybridnet
{

LfnTcpStatsLog::LfnTcpStatsLog(Ptr<LfnTcpSocket> socket, std::ostream& out, Time interval)
    : m_socket(socket),
      m_out(out),
      m_interval(interval)
{
    NS_ABORT_MSG_UNLESS(interval.IsStrictlyPositive(),
                        "LfnTcpStatsLog: the interval must be > 0, got " << interval);
}

LfnTcpStatsLog::~LfnTcpStatsLog()
{
    m_event.Cancel();
}

std::string
LfnTcpStatsLog::Header()
{
    return "time_s,state,cong_state,cwnd_bytes,ssthresh_bytes,pipe_bytes,rwnd_bytes,srtt_ms,"
           "rttvar_ms,rto_ms,bytes_acked,bytes_received,segments_sent,retransmits,"
           "fast_retransmits,dup_acks_in,timeouts,sack_blocks_rcvd";
}

void
LfnTcpStatsLog::Start()
{
    m_out << Header() << '\n';
    m_event = Simulator::ScheduleNow(&LfnTcpStatsLog::Sample, this);
}

void
LfnTcpStatsLog::Stop()
{
    m_event.Cancel();
}

void
LfnTcpStatsLog::Sample()
{
    Ptr<const TcpSocketState> tcb = m_socket->GetSocketState();
    const LfnTcpSocket::Stats& s = m_socket->GetStats();
    m_out << Simulator::Now().GetSeconds() << ',' << TcpSocket::TcpStateName[m_socket->GetState()]
          << ',' << TcpSocketState::TcpCongStateName[tcb->m_congState.Get()] << ','
          << tcb->m_cWnd.Get() << ',' << tcb->m_ssThresh.Get() << ',' << tcb->m_bytesInFlight.Get()
          << ',' << m_socket->GetPeerWindow() << ',' << tcb->m_srtt.Get().GetSeconds() * 1e3 << ','
          << m_socket->GetRttVariation().GetSeconds() * 1e3 << ','
          << m_socket->GetRto().GetSeconds() * 1e3 << ',' << s.bytesAcked << ',' << s.bytesReceived
          << ',' << s.segmentsSent << ',' << s.retransmits << ',' << s.fastRetransmits << ','
          << s.dupAcksIn << ',' << s.timeouts << ',' << s.sackBlocksRcvd << '\n';
    m_event = Simulator::Schedule(m_interval, &LfnTcpStatsLog::Sample, this);
}

} // namespace hybridnet
} // namespace ns3
