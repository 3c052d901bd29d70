/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-flow-control.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInfinibandFlowControl");

namespace
{
/** @return @p x mod 4096 */
uint16_t
Mod(uint32_t x)
{
    return uint16_t(x % InfinibandFlowControl::kModulus);
}
} // namespace

InfinibandFlowControl::InfinibandFlowControl(uint32_t capacity)
    : m_capacity(capacity)
{
    NS_ABORT_MSG_UNLESS(capacity <= kWindow,
                        "InfinibandFlowControl: a VL buffer holds at most " << kWindow
                                                                            << " blocks");
}

bool
InfinibandFlowControl::CanSend(uint32_t blocks) const
{
    return Mod(m_fccl + kModulus - Mod(m_fctbs + blocks)) <= kWindow;
}

void
InfinibandFlowControl::OnSend(uint32_t blocks)
{
    NS_ASSERT(CanSend(blocks));
    m_fctbs = Mod(m_fctbs + blocks);
}

void
InfinibandFlowControl::OnCreditLimit(uint16_t fccl)
{
    m_fccl = Mod(fccl);
}

uint32_t
InfinibandFlowControl::GetCredits() const
{
    const uint32_t c = Mod(m_fccl + kModulus - m_fctbs);
    return c <= kWindow ? c : 0;
}

uint16_t
InfinibandFlowControl::GetFctbs() const
{
    return m_fctbs;
}

void
InfinibandFlowControl::OnReceive(uint32_t blocks)
{
    NS_ABORT_MSG_UNLESS(m_held + blocks <= m_capacity,
                        "InfinibandFlowControl: buffer overrun ("
                            << m_held << " + " << blocks << " > " << m_capacity << "): credit bug");
    m_abr = Mod(m_abr + blocks);
    m_held += blocks;
}

void
InfinibandFlowControl::OnFree(uint32_t blocks)
{
    NS_ASSERT(blocks <= m_held);
    m_held -= blocks;
}

uint16_t
InfinibandFlowControl::GetCreditLimit() const
{
    return Mod(m_abr + std::min(m_capacity - m_held, kWindow));
}

uint32_t
InfinibandFlowControl::GetHeld() const
{
    return m_held;
}

uint16_t
InfinibandFlowControl::GetAbr() const
{
    return m_abr;
}

} // namespace hybridnet
} // namespace ns3
