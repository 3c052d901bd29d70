/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "infiniband-work-request.h"

namespace ns3
{
namespace hybridnet
{

std::string
ToString(InfinibandWcStatus status)
{
    switch (status)
    {
    case InfinibandWcStatus::SUCCESS:
        return "success";
    case InfinibandWcStatus::LOC_LEN_ERR:
        return "local length error";
    case InfinibandWcStatus::REM_INV_REQ_ERR:
        return "remote invalid request error";
    case InfinibandWcStatus::REM_ACCESS_ERR:
        return "remote access error";
    case InfinibandWcStatus::RETRY_EXC_ERR:
        return "transport retry counter exceeded";
    case InfinibandWcStatus::RNR_RETRY_EXC_ERR:
        return "RNR retry counter exceeded";
    case InfinibandWcStatus::WR_FLUSH_ERR:
        return "Work Request Flushed Error";
    }
    return "unknown";
}

std::string
ToString(InfinibandPostStatus status)
{
    switch (status)
    {
    case InfinibandPostStatus::OK:
        return "ok";
    case InfinibandPostStatus::INVALID_STATE:
        return "the queue pair's state does not accept this work request";
    case InfinibandPostStatus::INVALID_LENGTH:
        return "message length above 2^31 bytes";
    case InfinibandPostStatus::QUEUE_FULL:
        return "work queue full";
    }
    return "unknown";
}

} // namespace hybridnet
} // namespace ns3
