/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_WEB100_LOG_H
#define HYBRIDNET_WEB100_LOG_H

#include "result-document.h"

#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <memory>
#include <sstream>
#include <vector>

namespace ns3
{
namespace hybridnet
{

class LfnTcpSocket;
class LfnTcpStatsLog;

/**
 * @brief The Web100-style log of one LfnTcpSocket (LfnTcpStatsLog: a CSV row every interval)
 * kept in memory and handed to a result file as series columns: the unit suffixes _s, _ms
 * and _bytes become the units s, ms and B, snake_case names become camelCase, and the two
 * state names become their enum numbers (TcpSocket::TcpStateName,
 * TcpSocketState::TcpCongStateName) - so the result holds numbers only.
 */
class Web100Log
{
  public:
    Web100Log();
    ~Web100Log();

    /** Start logging @p socket every @p interval. */
    void Start(Ptr<LfnTcpSocket> socket, Time interval);
    /** Stop logging and let the log go (while the simulator still exists). */
    void Stop();
    /** @return the rows as columns (none if nothing was logged) */
    std::vector<ResultDocument::Column> GetColumns() const;

  private:
    std::ostringstream m_text;             //!< the CSV
    std::unique_ptr<LfnTcpStatsLog> m_log; //!< while logging
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_WEB100_LOG_H
