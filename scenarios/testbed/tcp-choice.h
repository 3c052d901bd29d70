/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_CHOICE_H
#define HYBRIDNET_TCP_CHOICE_H

#include "scenario-flags.h"

#include "ns3/node-container.h"

#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The --tcp flag every TCP scenario has: which TCP implementation its hosts run.
 *
 * - lfn: hybridnet's LfnTcpSocket (model/tcp), installed by LfnTcpHelper before the
 *   internet stack - Linux's receive-side rules (window update on read, buffer semantics);
 * - ns3: ns-3's TcpSocketBase, kept for comparison.
 *
 * Both take the same TcpSocket attributes (SegmentSize, SndBufSize, RcvBufSize,
 * DelAckCount, ...) and the same congestion-control classes, so a scenario sets those once
 * for either. lfn is the default.
 */
class TcpChoice
{
  public:
    /**
     * Register --tcp.
     * @param flags the scenario's flags
     * @param hosts the hosts TCP runs on, for help ("both hosts", "every host")
     */
    void AddFlag(ScenarioFlags& flags, const std::string& hosts);

    /** @return true with --tcp=lfn */
    bool IsLfn() const;
    /** @return the socket class the choice makes: its attributes' TypeId name */
    std::string GetSocketTypeName() const;
    /** Install LfnTcpHelper on @p hosts if tcp=lfn; call before InternetStackHelper. */
    void Install(NodeContainer hosts) const;

  private:
    std::string m_tcp{"lfn"}; //!< --tcp: lfn or ns3
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_CHOICE_H
