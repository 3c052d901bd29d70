/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-high-speed-linux.h"

#include "ns3/log.h"

#include <algorithm>
#include <array>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpHighSpeedLinux");
NS_OBJECT_ENSURE_REGISTERED(TcpHighSpeedLinux);

namespace
{

/** One row of RFC 3649's appendix B as Linux 2.6 holds it. */
struct HighSpeedRow
{
    uint32_t window; //!< upper window of the row, segments
    uint32_t md;     //!< decrease b(w) times 256
};

/** RFC 3649 appendix B: window where a(w) reaches k, and b there in 1/256 (Linux). */
constexpr std::array<HighSpeedRow, 72> kTable{{
    {38, 128},   {118, 112},  {221, 104},  {347, 98},   {495, 93},   {663, 89},   {851, 86},
    {1058, 83},  {1284, 81},  {1529, 78},  {1793, 76},  {2076, 74},  {2378, 72},  {2699, 71},
    {3039, 69},  {3399, 68},  {3778, 66},  {4177, 65},  {4596, 64},  {5036, 62},  {5497, 61},
    {5979, 60},  {6483, 59},  {7009, 58},  {7558, 57},  {8130, 56},  {8726, 55},  {9346, 54},
    {9991, 53},  {10661, 52}, {11358, 52}, {12082, 51}, {12834, 50}, {13614, 49}, {14424, 48},
    {15265, 48}, {16137, 47}, {17042, 46}, {17981, 45}, {18955, 45}, {19965, 44}, {21013, 43},
    {22101, 43}, {23230, 42}, {24402, 41}, {25618, 41}, {26881, 40}, {28193, 39}, {29557, 39},
    {30975, 38}, {32450, 38}, {33986, 37}, {35586, 36}, {37253, 36}, {38992, 35}, {40808, 35},
    {42707, 34}, {44694, 33}, {46776, 33}, {48961, 32}, {51258, 32}, {53677, 31}, {56230, 30},
    {58932, 30}, {61799, 29}, {64851, 28}, {68113, 28}, {71617, 27}, {75401, 26}, {79517, 26},
    {84035, 25}, {89053, 24},
}};

} // namespace

TypeId
TcpHighSpeedLinux::GetTypeId()
{
    static TypeId tid = TypeId("ns3::hybridnet::TcpHighSpeedLinux")
                            .SetParent<TcpNewReno>()
                            .AddConstructor<TcpHighSpeedLinux>()
                            .SetGroupName("Hybridnet");
    return tid;
}

TcpHighSpeedLinux::TcpHighSpeedLinux()
{
    NS_LOG_FUNCTION(this);
}

TcpHighSpeedLinux::TcpHighSpeedLinux(const TcpHighSpeedLinux& other)
    : TcpNewReno(other),
      m_row(other.m_row),
      m_ackCnt(other.m_ackCnt)
{
    NS_LOG_FUNCTION(this);
}

TcpHighSpeedLinux::~TcpHighSpeedLinux()
{
    NS_LOG_FUNCTION(this);
}

std::string
TcpHighSpeedLinux::GetName() const
{
    return "TcpHighSpeedLinux";
}

Ptr<TcpCongestionOps>
TcpHighSpeedLinux::Fork()
{
    return CopyObject<TcpHighSpeedLinux>(this);
}

uint32_t
TcpHighSpeedLinux::GetTableSize()
{
    return kTable.size();
}

uint32_t
TcpHighSpeedLinux::GetTableWindow(uint32_t row)
{
    return kTable.at(row).window;
}

uint32_t
TcpHighSpeedLinux::LookupRow(uint32_t w)
{
    auto it =
        std::lower_bound(kTable.begin(), kTable.end(), w, [](const HighSpeedRow& r, uint32_t x) {
            return r.window < x;
        });
    if (it == kTable.end())
    {
        return kTable.size() - 1;
    }
    return static_cast<uint32_t>(it - kTable.begin());
}

uint32_t
TcpHighSpeedLinux::GetIncrease(uint32_t row)
{
    return std::min<uint32_t>(row, kTable.size() - 1) + 1;
}

double
TcpHighSpeedLinux::GetDecrease(uint32_t row)
{
    return kTable.at(std::min<uint32_t>(row, kTable.size() - 1)).md / 256.0;
}

uint32_t
TcpHighSpeedLinux::GetRow() const
{
    return m_row;
}

void
TcpHighSpeedLinux::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    if (!tcb->m_isCwndLimited)
    {
        return; // Linux: if (!tcp_is_cwnd_limited(sk, in_flight)) return;
    }
    TcpNewReno::IncreaseWindow(tcb, segmentsAcked);
}

void
TcpHighSpeedLinux::CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    if (segmentsAcked == 0)
    {
        return;
    }
    uint32_t w = tcb->GetCwndInSegments();
    m_row = LookupRow(w);
    // One ACK: credit a(w) = i + 1; one segment per w of credit, at most one per ACK.
    m_ackCnt += GetIncrease(m_row);
    if (m_ackCnt >= w)
    {
        m_ackCnt -= w;
        tcb->m_cWnd = (w + 1) * tcb->m_segmentSize;
        NS_LOG_INFO("cwnd " << w + 1 << " segments, row " << m_row);
    }
}

uint32_t
TcpHighSpeedLinux::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    NS_LOG_FUNCTION(this << tcb << bytesInFlight);
    uint32_t w = tcb->GetCwndInSegments();
    uint64_t cut = (static_cast<uint64_t>(w) * kTable[m_row].md) >> 8;
    uint32_t ssThresh = std::max<uint32_t>(w - static_cast<uint32_t>(cut), 2);
    NS_LOG_DEBUG("w " << w << " row " << m_row << " ssthresh " << ssThresh);
    return ssThresh * tcb->m_segmentSize;
}

} // namespace hybridnet
} // namespace ns3
