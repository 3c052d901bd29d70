/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tso-burst.h"

namespace ns3
{
namespace hybridnet
{

bool
TsoBurst::Continues(uint64_t flow, uint32_t sequence, uint32_t payload, Time now)
{
    if (payload == 0)
    {
        m_open = false; // (2): anything else between two segments closes the burst
        return false;
    }
    if (m_open && flow == m_flow && now == m_time && sequence == m_nextSeq &&
        m_bytes + payload <= GSO_MAX_SIZE)
    {
        m_nextSeq += payload; // (1)
        m_bytes += payload;
        return true;
    }
    m_open = true; // (2)
    m_flow = flow;
    m_time = now;
    m_nextSeq = sequence + payload;
    m_bytes = payload;
    ++m_bursts;
    return false;
}

uint64_t
TsoBurst::GetBursts() const
{
    return m_bursts;
}

} // namespace hybridnet
} // namespace ns3
