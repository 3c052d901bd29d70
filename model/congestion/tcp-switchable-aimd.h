/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_SWITCHABLE_AIMD_H
#define HYBRIDNET_TCP_SWITCHABLE_AIMD_H

#include "ns3/tcp-congestion-ops.h"
#include "ns3/traced-callback.h"

#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief One congestion-control op whose algorithm can be changed while the connection
 * runs, in the spirit of the DataTAG altAIMD patch for Linux 2.6.6 (which let the AIMD
 * behaviour of a host be switched between Reno, HighSpeed and Scalable during a run).
 *
 * The op holds one inner TcpCongestionOps, named by its TypeId (attribute Algorithm), and
 * forwards every call of the interface to it: Init, GetSsThresh, IncreaseWindow,
 * PktsAcked, CongestionStateSet, CwndEvent, HasCongControl/CongControl.  SetAlgorithm
 * (also the attribute's setter, so a scenario can schedule
 * Config::Set(".../CongestionOps/$ns3::hybridnet::TcpSwitchableAimd/Algorithm", ...) or
 * Simulator::Schedule(&TcpSwitchableAimd::SetAlgorithm, op, "ns3::TcpScalable")) replaces
 * it between two calls.
 *
 * **Hand-over.**  cwnd, ssthresh and everything else in TcpSocketState belong to the
 * socket and are untouched: the new algorithm continues from the current window.  Its own
 * state (ACK counters, W_max, alpha, baseRTT ...) starts fresh, as a new connection's
 * would, except that its Init is not called again once the connection has been
 * initialised (Init may set ssthresh, e.g. TcpBicLinux's InitialSsThresh, which would undo
 * the hand-over).  A switch during recovery hands the rest of the recovery to the new
 * algorithm, which has not seen its start (it learns of the next state change).
 * Switching to the algorithm already running does nothing.  A switch is reported on the
 * trace source AlgorithmSwitch.
 *
 * Only TypeIds derived from ns3::TcpCongestionOps (and not this class) are accepted; any
 * other name aborts with a one-line message.
 */
class TcpSwitchableAimd : public TcpCongestionOps
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * Signature of the AlgorithmSwitch trace source.
     * @param from TypeId name of the algorithm before the switch
     * @param to TypeId name of the algorithm after the switch
     */
    typedef void (*SwitchTracedCallback)(const std::string& from, const std::string& to);

    TcpSwitchableAimd();
    /**
     * @brief Copy constructor (for Fork): the inner algorithm is forked.
     * @param other the object to copy
     */
    TcpSwitchableAimd(const TcpSwitchableAimd& other);
    ~TcpSwitchableAimd() override;

    /**
     * @brief Run the algorithm of TypeId @p name from now on.
     * @param name a TypeId name derived from ns3::TcpCongestionOps
     */
    void SetAlgorithm(const std::string& name);
    /**
     * @brief Run the algorithm @p tid from now on.
     * @param tid a TypeId derived from ns3::TcpCongestionOps
     */
    void SetAlgorithm(TypeId tid);
    /** @return the TypeId name of the current algorithm */
    std::string GetAlgorithmName() const;
    /** @return the current algorithm (to read or set its attributes) */
    Ptr<TcpCongestionOps> GetAlgorithm() const;

    std::string GetName() const override;
    void Init(Ptr<TcpSocketState> tcb) override;
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;
    void CongestionStateSet(Ptr<TcpSocketState> tcb,
                            const TcpSocketState::TcpCongState_t newState) override;
    void CwndEvent(Ptr<TcpSocketState> tcb, const TcpSocketState::TcpCAEvent_t event) override;
    bool HasCongControl() const override;
    void CongControl(Ptr<TcpSocketState> tcb,
                     const TcpRateOps::TcpRateConnection& rc,
                     const TcpRateOps::TcpRateSample& rs) override;
    Ptr<TcpCongestionOps> Fork() override;

  private:
    Ptr<TcpCongestionOps> m_algorithm; //!< The algorithm running now
    TypeId m_algorithmTid;             //!< Its TypeId
    bool m_initialized{false};         //!< Init has been called by the socket
    TracedCallback<const std::string&, const std::string&> m_switchTrace; //!< Switches
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_SWITCHABLE_AIMD_H
