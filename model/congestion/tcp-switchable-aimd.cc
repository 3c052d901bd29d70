/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-switchable-aimd.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/string.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetTcpSwitchableAimd");
NS_OBJECT_ENSURE_REGISTERED(TcpSwitchableAimd);

TypeId
TcpSwitchableAimd::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::hybridnet::TcpSwitchableAimd")
            .SetParent<TcpCongestionOps>()
            .AddConstructor<TcpSwitchableAimd>()
            .SetGroupName("Hybridnet")
            .AddAttribute(
                "Algorithm",
                "TypeId name of the congestion-control algorithm running now (any "
                "ns3::TcpCongestionOps except this one); setting it switches.",
                StringValue("ns3::TcpNewReno"),
                MakeStringAccessor(static_cast<void (TcpSwitchableAimd::*)(const std::string&)>(
                                       &TcpSwitchableAimd::SetAlgorithm),
                                   &TcpSwitchableAimd::GetAlgorithmName),
                MakeStringChecker())
            .AddTraceSource("AlgorithmSwitch",
                            "The algorithm was switched (old and new TypeId names).",
                            MakeTraceSourceAccessor(&TcpSwitchableAimd::m_switchTrace),
                            "ns3::hybridnet::TcpSwitchableAimd::SwitchTracedCallback");
    return tid;
}

TcpSwitchableAimd::TcpSwitchableAimd()
{
    NS_LOG_FUNCTION(this);
}

TcpSwitchableAimd::TcpSwitchableAimd(const TcpSwitchableAimd& other)
    : TcpCongestionOps(other),
      m_algorithm(other.m_algorithm ? other.m_algorithm->Fork() : nullptr),
      m_algorithmTid(other.m_algorithmTid),
      m_initialized(other.m_initialized)
{
    NS_LOG_FUNCTION(this);
}

TcpSwitchableAimd::~TcpSwitchableAimd()
{
    NS_LOG_FUNCTION(this);
}

void
TcpSwitchableAimd::SetAlgorithm(const std::string& name)
{
    NS_LOG_FUNCTION(this << name);
    TypeId tid;
    NS_ABORT_MSG_UNLESS(TypeId::LookupByNameFailSafe(name, &tid),
                        "TcpSwitchableAimd: unknown algorithm '" << name << "'");
    SetAlgorithm(tid);
}

void
TcpSwitchableAimd::SetAlgorithm(TypeId tid)
{
    NS_LOG_FUNCTION(this << tid);
    NS_ABORT_MSG_UNLESS(
        tid.IsChildOf(TcpCongestionOps::GetTypeId()) && tid != TcpSwitchableAimd::GetTypeId() &&
            !tid.IsChildOf(TcpSwitchableAimd::GetTypeId()),
        "TcpSwitchableAimd: '" << tid.GetName() << "' is not a TCP congestion-control algorithm");
    if (m_algorithm && tid == m_algorithmTid)
    {
        return;
    }
    NS_ABORT_MSG_UNLESS(tid.HasConstructor(),
                        "TcpSwitchableAimd: '" << tid.GetName() << "' cannot be created");
    ObjectFactory factory(tid.GetName());
    Ptr<TcpCongestionOps> next = factory.Create<TcpCongestionOps>();
    std::string from = m_algorithm ? m_algorithmTid.GetName() : "";
    m_algorithm = next;
    m_algorithmTid = tid;
    if (!from.empty())
    {
        m_switchTrace(from, tid.GetName());
    }
}

std::string
TcpSwitchableAimd::GetAlgorithmName() const
{
    return m_algorithm ? m_algorithmTid.GetName() : "";
}

Ptr<TcpCongestionOps>
TcpSwitchableAimd::GetAlgorithm() const
{
    return m_algorithm;
}

std::string
TcpSwitchableAimd::GetName() const
{
    return "TcpSwitchableAimd";
}

void
TcpSwitchableAimd::Init(Ptr<TcpSocketState> tcb)
{
    NS_LOG_FUNCTION(this << tcb);
    m_initialized = true;
    m_algorithm->Init(tcb);
}

uint32_t
TcpSwitchableAimd::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    return m_algorithm->GetSsThresh(tcb, bytesInFlight);
}

void
TcpSwitchableAimd::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    m_algorithm->IncreaseWindow(tcb, segmentsAcked);
}

void
TcpSwitchableAimd::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    m_algorithm->PktsAcked(tcb, segmentsAcked, rtt);
}

void
TcpSwitchableAimd::CongestionStateSet(Ptr<TcpSocketState> tcb,
                                      const TcpSocketState::TcpCongState_t newState)
{
    m_algorithm->CongestionStateSet(tcb, newState);
}

void
TcpSwitchableAimd::CwndEvent(Ptr<TcpSocketState> tcb, const TcpSocketState::TcpCAEvent_t event)
{
    m_algorithm->CwndEvent(tcb, event);
}

bool
TcpSwitchableAimd::HasCongControl() const
{
    return m_algorithm->HasCongControl();
}

void
TcpSwitchableAimd::CongControl(Ptr<TcpSocketState> tcb,
                               const TcpRateOps::TcpRateConnection& rc,
                               const TcpRateOps::TcpRateSample& rs)
{
    m_algorithm->CongControl(tcb, rc, rs);
}

Ptr<TcpCongestionOps>
TcpSwitchableAimd::Fork()
{
    return CopyObject<TcpSwitchableAimd>(this);
}

} // namespace hybridnet
} // namespace ns3
