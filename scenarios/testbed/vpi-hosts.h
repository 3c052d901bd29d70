/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_VPI_HOSTS_H
#define HYBRIDNET_VPI_HOSTS_H

#include "hybridnet/infiniband-hca.h"

#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

class HostFlags;
class HostProfile;

class ScenarioFlags;

/** The cables of VpiHosts. */
struct VpiCabling
{
    Time tengigDelay{NanoSeconds(5)}; //!< each 10 GbE cable
    Time ibDelay{NanoSeconds(5)};     //!< each InfiniBand cable (5 ns: 1 m)
    bool aic{true};                   //!< mlx4_en adaptive RX coalescing on the 10 GbE ports
    uint32_t rxFrames{0};             //!< ethtool -C rx-frames (0: the driver's default)
    uint32_t ibLanes{4};              //!< InfiniBand link width, lanes (the study's 4X)
    std::string ibSpeed{"DDR"};       //!< InfiniBand signalling per lane (the study's DDR)
    uint32_t ibMtu{2048};             //!< IBA MTU, bytes (OpenSM's default: an assumption)

    /**
     * Register --ibWidth (lanes), --ibSpeed and --ibMtu, with the rules that refuse a width
     * the InfiniBand model does not have (InfinibandRate::Exists: 1X, 4X, 12X) and an MTU
     * that is not an IBA MTU (256, 512, 1024, 2048, 4096 B).
     * @param flags the scenario's flags
     */
    void AddInfinibandFlags(ScenarioFlags& flags);
};

/**
 * @brief N hosts of the ConnectX VPI study (shared reference connectx-vpi.md), each with one
 * adapter whose port 1 is InfiniBand (4X DDR, IB MTU 2048 by default: VpiCabling's ibLanes,
 * ibSpeed, ibMtu, also every connection's path MTU) and whose port 2 is 10 GbE, both on the host's
 * one PCI Express bus; the host model (CPU, bus, NIC and driver) from host profile 0 of
 * the HostFlags.
 *
 *   N = 2: back to back         host 0 port 1 ===== IB ===== port 1 host 1
 *                               host 0 port 2 ==== 10 GbE === port 2 host 1
 *   N > 2: through two switches  every port 1 -- InfinibandSwitch (cut-through)
 *                               every port 2 -- PacketSwitch (10 GbE, store and forward)
 *
 * The subnet manager assigns LIDs and forwarding tables; InfinibandVerbsHelper gives each
 * port 1 its HCA. InstallInternet adds IPoIB (datagram or connected mode) on port 1, the
 * internet stack on the hosts, the profile's qdisc, addresses 10.0.0.h+1 (10 GbE) and
 * 10.1.0.h+1 (IPoIB), resolved neighbours, and SDP on port 1 if asked. The switches take
 * their models' default attributes (InfinibandSwitch, PacketSwitch).
 */
class VpiHosts
{
  public:
    /**
     * @param n hosts, 2 or more
     * @param flags the host profile flags (profile 0 for every host)
     * @param cabling the cables and the 10 GbE ports' coalescing
     */
    VpiHosts(uint32_t n, const HostFlags& flags, const VpiCabling& cabling);

    /**
     * @param ipoibMode "Datagram" or "Connected" (IpoibNetDevice Mode)
     * @param sdp install SDP on port 1
     * @param profile the hosts' profile (its qdisc)
     */
    void InstallInternet(const std::string& ipoibMode, bool sdp, const HostProfile& profile);

    /** @return host @p h's address on 10 GbE (@p tengig) or IPoIB */
    Ipv4Address GetAddress(uint32_t h, bool tengig) const;
    /** @return the MTU of the 10 GbE (@p tengig) or IPoIB devices */
    uint32_t GetMtu(bool tengig) const;

    NodeContainer hosts;                 //!< the hosts
    NetDeviceContainer tengig;           //!< their 10 GbE NICs, in host order
    NetDeviceContainer ipoib;            //!< their IPoIB devices (after InstallInternet)
    std::vector<Ptr<InfinibandHca>> hca; //!< their HCAs

  private:
    /** Cable port 2 of every host: back to back, or to a PacketSwitch. */
    void CableTengig(const HostFlags& flags, const VpiCabling& cabling);
    /** Cable port 1 of every host: back to back, or to an InfinibandSwitch. */
    NetDeviceContainer CableInfiniband(const VpiCabling& cabling);
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_VPI_HOSTS_H
