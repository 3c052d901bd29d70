/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tcp-choice.h"

#include "host-profile.h"
#include "hybridnet/lfn-tcp-helper.h"
#include "hybridnet/lfn-tcp-socket.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/uinteger.h"

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

void
TcpChoice::AddWindowFlag(ScenarioFlags& flags, uint64_t defaultWindow)
{
    m_window = defaultWindow;
    flags.AddSize("window",
                  "socket send and receive buffer the application sets on every TCP end "
                  "(iperf -w; a Linux kernel doubles it and advertises 3/4); 0B: none, the "
                  "kernel's own buffers as the host profile's kernel section sets and grows "
                  "them (iperf without -w)",
                  &m_window,
                  0,
                  1ULL << 30);
    flags.AddConstraint("window is 0B or at least 2KiB",
                        [this]() { return m_window == 0 || m_window >= 2048; });
}

std::string
TcpChoice::CheckWindow(const HostProfile* profile) const
{
    if (m_window > 0 || (IsLfn() && profile && profile->HasKernel()))
    {
        return "";
    }
    if (!IsLfn())
    {
        return "--window=0B (the kernel's buffers) needs --tcp=lfn: ns-3's TCP has no kernel; "
               "set --window";
    }
    const std::string hosts = profile ? "host profile " + profile->GetName() : "--host=none";
    return "--window=0B: " + hosts +
           " names no kernel (a kernel section) whose buffers would apply; set --window";
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

uint64_t
TcpChoice::GetWindow() const
{
    return m_window;
}

void
TcpChoice::SetWindow(uint64_t window)
{
    m_window = window;
}

void
TcpChoice::Install(NodeContainer hosts,
                   const HostProfile* profile,
                   const std::set<std::string>& except) const
{
    const UintegerValue window(m_window);
    if (!IsLfn())
    {
        if (m_window > 0)
        {
            Config::SetDefault("ns3::TcpSocket::SndBufSize", window);
            Config::SetDefault("ns3::TcpSocket::RcvBufSize", window);
        }
        return;
    }
    LfnTcpHelper lfn;
    if (profile)
    {
        profile->ApplyKernel(lfn, except);
    }
    if (m_window > 0)
    {
        // The application's setsockopt: SOCK_SNDBUF_LOCK and SOCK_RCVBUF_LOCK, no growth.
        lfn.SetSocketAttribute("SndBufSize", window);
        lfn.SetSocketAttribute("RcvBufSize", window);
        lfn.SetSocketAttribute("SndBufAutoTuning", BooleanValue(false));
        lfn.SetSocketAttribute("RcvBufAutoTuning", BooleanValue(false));
    }
    lfn.Install(hosts);
}

} // namespace hybridnet
} // namespace ns3
