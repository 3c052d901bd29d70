/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "input-file-error.h"

#include "ns3/log.h"

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetInputFileError");

InputFileError::InputFileError(const std::string& message)
    : std::runtime_error(message)
{
}

} // namespace hybridnet
} // namespace ns3
