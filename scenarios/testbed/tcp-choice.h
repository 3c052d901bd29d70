/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TCP_CHOICE_H
#define HYBRIDNET_TCP_CHOICE_H

#include "scenario-flags.h"

#include "ns3/node-container.h"

#include <set>
#include <string>

namespace ns3
{
namespace hybridnet
{

class HostProfile;

/**
 * @brief The TCP flags every TCP scenario has: which TCP implementation its hosts run
 * (--tcp) and, for iperf-like applications, the socket buffers they set (--window).
 *
 * - lfn: hybridnet's LfnTcpSocket (model/tcp), installed by LfnTcpHelper before the
 *   internet stack - Linux's receive-side rules (window update on read, buffer semantics);
 *   each host's sockets take its profile's kernel section (HostProfile::ApplyKernel);
 * - ns3: ns-3's TcpSocketBase, kept for comparison.
 *
 * Both take the same TcpSocket attributes (SegmentSize, SndBufSize, RcvBufSize,
 * DelAckCount, ...) and the same congestion-control classes, so a scenario sets those once
 * for either. lfn is the default.
 *
 * --window W is what the application sets with setsockopt(SO_SNDBUF) and
 * setsockopt(SO_RCVBUF) on every socket (iperf -w W): with a kernel of linux
 * BufferSemantics the buffers become 2 min(W, wmem_max) and 3/4 of the receive buffer is
 * advertised (LfnTcpSocket (4), (5)); without a kernel section, or with tcp=ns3, W is each
 * buffer as set and advertised whole. --window=0B (lfn, a profile with a kernel) sets
 * nothing: the kernel's own buffers, which it grows (iperf without -w).
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
    /**
     * Register --window (see the class comment) with its default and its rules.
     * @param flags the scenario's flags
     * @param defaultWindow bytes; 0: the kernel's buffers
     */
    void AddWindowFlag(ScenarioFlags& flags, uint64_t defaultWindow);
    /**
     * @param profile the hosts' profile (nullptr: plain hosts)
     * @return "" if --window fits the hosts, else the one-line problem (0B needs tcp=lfn
     *         and a kernel); a scenario runs it as an input check where TCP runs
     */
    std::string CheckWindow(const HostProfile* profile) const;

    /** @return true with --tcp=lfn */
    bool IsLfn() const;
    /** @return the socket class the choice makes: its attributes' TypeId name */
    std::string GetSocketTypeName() const;
    /** @return --window, bytes (0: the kernel's buffers) */
    uint64_t GetWindow() const;
    /** @param window the buffers the application sets, bytes (a scenario's own flag) */
    void SetWindow(uint64_t window);
    /**
     * Install TCP on @p hosts; call before InternetStackHelper. tcp=lfn: LfnTcpHelper with
     * @p profile's kernel section and the window; tcp=ns3: the window as ns-3's defaults
     * (Config::SetDefault; ns-3's TCP has no kernel). A window of 0 sets no buffer.
     * @param hosts the hosts
     * @param profile their profile, or nullptr
     * @param except kernel attributes the scenario sets itself (HostProfile::ApplyKernel)
     */
    void Install(NodeContainer hosts,
                 const HostProfile* profile = nullptr,
                 const std::set<std::string>& except = {}) const;

  private:
    std::string m_tcp{"lfn"}; //!< --tcp: lfn or ns3
    uint64_t m_window{0};     //!< --window, bytes (0: unset)
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TCP_CHOICE_H
