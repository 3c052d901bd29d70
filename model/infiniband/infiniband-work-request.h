/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INFINIBAND_WORK_REQUEST_H
#define HYBRIDNET_INFINIBAND_WORK_REQUEST_H

#include <cstdint>
#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @file
 * The plain data the verbs-style API passes: work requests, work completions and the
 * result of posting (mirroring ibv_send_wr, ibv_recv_wr, ibv_wc and ibv_post_send's return
 * value; IBA Architecture Specification Vol. 1 Release 1.2.1, 10.8 and 11.4). Data only:
 * no behaviour besides naming values. Memory is a region key and an offset into it
 * (InfinibandHca::RegisterMemoryRegion); local buffers are not checked.
 */

/** Operation of a send work request (ibv_wr_opcode, RC subset). */
enum class InfinibandWrOpcode : uint8_t
{
    SEND,       //!< consumes a receive WQE at the responder
    RDMA_WRITE, //!< writes the remote region, no receive WQE
    RDMA_READ,  //!< reads the remote region into local memory
};

/** Opcode of a work completion (ibv_wc_opcode, subset). */
enum class InfinibandWcOpcode : uint8_t
{
    SEND,
    RDMA_WRITE,
    RDMA_READ,
    RECV,
};

/** Status of a work completion (ibv_wc_status, subset), IBA 11.6.2. */
enum class InfinibandWcStatus : uint8_t
{
    SUCCESS,
    LOC_LEN_ERR,       //!< a SEND larger than the posted receive buffer (responder side)
    REM_INV_REQ_ERR,   //!< the responder NAKed the request as invalid
    REM_ACCESS_ERR,    //!< RDMA outside a region, or an unknown R_Key
    RETRY_EXC_ERR,     //!< Local ACK Timeout expired more than RetryCount times
    RNR_RETRY_EXC_ERR, //!< RNR NAKed more than RnrRetry times
    WR_FLUSH_ERR,      //!< flushed: the QP went to the error state
};

/** Result of posting a work request (ibv_post_send / ibv_post_recv return value). */
enum class InfinibandPostStatus : uint8_t
{
    OK,
    INVALID_STATE,  //!< the QP is not in a state that accepts it (EINVAL)
    INVALID_LENGTH, //!< message length above 2^31 bytes (EINVAL)
    QUEUE_FULL,     //!< the work queue holds its maximum of WQEs (ENOMEM)
};

/** A send work request (ibv_send_wr with one scatter/gather element). */
struct InfinibandSendWorkRequest
{
    uint64_t wrId{0};                                    //!< returned in the completion
    InfinibandWrOpcode opcode{InfinibandWrOpcode::SEND}; //!< operation
    uint64_t length{0};                                  //!< message bytes, 0 to 2^31
    bool signaled{true};                                 //!< IBV_SEND_SIGNALED: write a CQE
    uint32_t remoteKey{0};                               //!< R_Key (RDMA)
    uint64_t remoteOffset{0};                            //!< offset into the remote region (RDMA)
    uint16_t remoteLid{0}; //!< UD only: destination LID (the address handle, wr.ud.ah)
    uint32_t remoteQpn{0}; //!< UD only: destination QP number (wr.ud.remote_qpn)
};

/** A receive work request (ibv_recv_wr with one scatter/gather element). */
struct InfinibandReceiveWorkRequest
{
    uint64_t wrId{0};   //!< returned in the completion
    uint64_t length{0}; //!< bytes of the buffer
};

/** A work completion (ibv_wc subset). */
struct InfinibandWorkCompletion
{
    uint64_t wrId{0};                                       //!< of the work request
    InfinibandWcStatus status{InfinibandWcStatus::SUCCESS}; //!< status
    InfinibandWcOpcode opcode{InfinibandWcOpcode::SEND};    //!< operation
    uint64_t byteLen{0}; //!< bytes received (RECV), read (RDMA_READ), or the request's length
    uint32_t qpNum{0};   //!< the local QP
    uint32_t srcQp{0};   //!< UD receive: the sender's QP number (from the DETH)
};

/** @return the name of @p status, as ibv_wc_status_str would give it */
std::string ToString(InfinibandWcStatus status);
/** @return the name of @p status */
std::string ToString(InfinibandPostStatus status);

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INFINIBAND_WORK_REQUEST_H
