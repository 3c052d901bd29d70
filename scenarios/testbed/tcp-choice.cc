/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-choice.h"

#include "hybridnet/lfn-tcp-helper.h"
#include "hybridnet/lfn-tcp-socket.h"

#include "ns3/tcp-socket-base.h"

namespace ns3
{
namespace hybridnet
{

void
TcpChoice::AddFlag(ScenarioFlags& flags, const std::string& hosts)
{
    flags.AddChoice("tcp",
                    "lfn: hybridnet's LfnTcpSocket on " + hosts +
                        " (model/tcp); ns3: ns-3's TcpSocketBase",
                    &m_tcp,
                    {"lfn", "ns3"});
}

bool
TcpChoice::IsLfn() const
{
    return m_tcp == "lfn";
}

std::string
TcpChoice::GetSocketTypeName() const
{
    return IsLfn() ? LfnTcpSocket::GetTypeId().GetName() : TcpSocketBase::GetTypeId().GetName();
}

void
TcpChoice::Install(NodeContainer hosts) const
{
    if (IsLfn())
    {
        LfnTcpHelper().Install(hosts);
    }
}

} // namespace hybridnet
} // namespace ns3
