/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-linux-undo.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

namespace
{
constexpr uint32_t kMaxBurst = 3; //!< tcp_max_burst: tp->reordering, 3 by default
} // namespace

void
TcpLinuxUndo::Start(uint32_t priorSsthresh, uint32_t retransmissionsOut)
{
    m_marker = true;
    m_retransmissions = retransmissionsOut;
    if (retransmissionsOut == 0)
    {
        m_firstStamp.reset(); // Linux cleared retrans_stamp in Open
    }
    m_priorSsthresh = priorSsthresh;
}

void
TcpLinuxUndo::StartLoss(std::optional<uint32_t> priorSsthresh, bool retransmittedOut)
{
    m_marker = !retransmittedOut;
    m_retransmissions = 0;
    if (!retransmittedOut)
    {
        m_firstStamp.reset();
    }
    if (priorSsthresh)
    {
        m_priorSsthresh = *priorSsthresh;
    }
}

void
TcpLinuxUndo::Retransmitted(uint32_t timestamp)
{
    ++m_retransmissions;
    if (!m_firstStamp)
    {
        m_firstStamp = timestamp;
    }
}

bool
TcpLinuxUndo::MayUndo(std::optional<uint32_t> echo) const
{
    if (!m_marker)
    {
        return false;
    }
    const bool delayed = !m_firstStamp || m_retransmissions == 0 ||
                         (echo && *echo != 0 && static_cast<int32_t>(*echo - *m_firstStamp) < 0);
    return delayed; // (2), (3)
}

TcpLinuxUndo::Window
TcpLinuxUndo::Undo(Window now, uint32_t pipe, uint32_t smss, bool withSsthresh)
{
    Window after = now;
    const uint64_t grown = m_priorSsthresh > 0 ? 2 * uint64_t{now.ssThresh} : now.ssThresh;
    after.cwnd =
        static_cast<uint32_t>(std::max<uint64_t>(now.cwnd, std::min<uint64_t>(grown, UINT32_MAX)));
    if (withSsthresh)
    {
        after.ssThresh = std::max(now.ssThresh, m_priorSsthresh);
        m_marker = false;
    }
    const uint64_t burst = uint64_t{pipe} + uint64_t{kMaxBurst} * smss;
    after.cwnd = static_cast<uint32_t>(std::min<uint64_t>(after.cwnd, burst)); // (4)
    return after;
}

uint32_t
TcpLinuxUndo::CurrentSsthresh(Window now, uint32_t smss)
{
    const uint32_t segments = now.cwnd / std::max<uint32_t>(1, smss);
    return std::max(now.ssThresh, (segments / 2 + segments / 4) * smss); // (1)
}

} // namespace hybridnet
} // namespace ns3
