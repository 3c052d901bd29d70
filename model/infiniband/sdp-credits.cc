/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "sdp-credits.h"

#include "ns3/assert.h"
#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("SdpCredits");

SdpCredits::SdpCredits(uint32_t minBufs, uint32_t sendRing)
    : m_minBufs(minBufs),
      m_sendRing(sendRing)
{
}

void
SdpCredits::Start(uint32_t peerPosted, uint32_t advertised)
{
    m_credits = peerPosted;
    m_remoteCredits = advertised;
}

void
SdpCredits::BufferPosted()
{
    ++m_posted;
}

SdpCredits::Bsdh
SdpCredits::Sent()
{
    NS_ASSERT_MSG(m_credits > 0, "an SDP message without credit");
    --m_credits;
    ++m_inFlight;
    m_remoteCredits = m_posted;
    return {m_posted, ++m_mseq, m_mseqAck};
}

void
SdpCredits::Completed()
{
    NS_ASSERT(m_inFlight > 0);
    --m_inFlight;
}

void
SdpCredits::Received(const Bsdh& bsdh)
{
    NS_ASSERT_MSG(m_posted > 0, "an SDP message without a posted buffer");
    --m_posted;
    m_remoteCredits = m_remoteCredits ? m_remoteCredits - 1 : 0;
    m_mseqAck = bsdh.mseq;
    const uint32_t unseen = m_mseq - bsdh.mseqAck; // (3)
    m_credits = bsdh.bufs > unseen ? bsdh.bufs - unseen : 0;
    NS_LOG_LOGIC("Bufs " << bsdh.bufs << " unseen " << unseen << " credits " << m_credits);
}

bool
SdpCredits::CanSendData() const
{
    return m_credits > m_minBufs && m_inFlight < m_sendRing; // (4)
}

bool
SdpCredits::CanSendControl() const
{
    return m_credits >= 1 && m_inFlight < m_sendRing;
}

bool
SdpCredits::CreditUpdateNeeded() const
{
    const uint32_t c = m_remoteCredits <= m_minBufs ? m_remoteCredits : 2 * m_remoteCredits;
    return c < m_posted && m_credits > 1 && m_inFlight < m_sendRing; // (5)
}

uint32_t
SdpCredits::GetCredits() const
{
    return m_credits;
}

uint32_t
SdpCredits::GetPosted() const
{
    return m_posted;
}

uint32_t
SdpCredits::GetInFlight() const
{
    return m_inFlight;
}

} // namespace hybridnet
} // namespace ns3
