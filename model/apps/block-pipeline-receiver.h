/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_BLOCK_PIPELINE_RECEIVER_H
#define HYBRIDNET_BLOCK_PIPELINE_RECEIVER_H

#include "block-stage.h"

#include "ns3/application.h"
#include "ns3/callback.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace ns3
{

class Address;
class Socket;

namespace hybridnet
{

class NetLogger;

/**
 * @brief The receiving side of a data-grid application (BlockPipelineSender's peer): it
 * reads each block from its data connection and hands it to Sink (a BlockStage: a disk
 * write, computation, or nothing) - the server whose network receive and disk write the
 * data-grid study found not overlapped (shared reference wan-tuning-grid.md).
 *
 * Block k is read from connection k mod Streams (listening on Port + i); reading a block
 * takes its bytes from the socket as they arrive (its receive window opens as they are
 * taken). With R a block's receive and W its sink stage:
 *
 *   serial (Overlap false): the next block is read only when the last one's sink stage has
 *     ended; meanwhile the socket's buffer fills and TCP's flow control holds the sender;
 *     per block
 *         (1)  T = R + W;
 *   overlapped (Overlap true: a reader and a writer, two buffers): block k + 1 is read
 *     while block k is written; per block in steady state
 *         (2)  T = max(R, W).
 *
 * Requests (an rfio-style read): the receiver listens on ControlPort for the sender's
 * control connection and asks for each block there with a request of RequestSize bytes
 * when it is ready to read it - serial, after the previous block's sink stage; overlapped,
 * once it has read the previous block (while the sink works on it) - writing RequestBatch
 * requests (for the next
 * RequestBatch blocks) in one send() when it asks: the study's "batch control messages".
 * ControlNoDelay sets TCP_NODELAY on the control connection: without it Nagle holds a
 * request while the previous one is unacknowledged, and the sender, which sends nothing
 * back on that connection, acknowledges it only when its delayed-ACK timer runs out.
 *
 * The TCP must send a window update when the reader takes data (LfnTcpSocket (7a), as
 * Linux); ns-3's TcpSocketBase sends none, and a sender held by a full window stays held.
 * Events (SetLogger): request (the block asked for), recv.start (the block's first byte
 * taken), recv.end, consume.start, consume.end, with HOST Host, PROG Program and ID the
 * block number.
 */
class BlockPipelineReceiver : public Application
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId();

    BlockPipelineReceiver();
    ~BlockPipelineReceiver() override;

    /** @return the Program attribute: PROG of the logged events */
    std::string GetProgram() const;
    /** @param log where the block events go (none: not logged) */
    void SetLogger(Ptr<NetLogger> log);
    /** @param done called when the last block's sink stage has ended */
    void SetDoneCallback(Callback<void> done);
    /** @return blocks whose sink stage has ended */
    uint32_t GetBlocksDone() const;
    /** @return bytes taken from the data connections */
    uint64_t GetBytesRead() const;
    /** @return when the last block's sink stage ended (zero before) */
    Time GetEndTime() const;
    /** @return the time spent reading blocks (first byte to last), all blocks */
    Time GetReceiveTime() const;
    /** @return the time spent in the sink stage, all blocks */
    Time GetConsumeTime() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    void Accept(Ptr<Socket> socket, const Address& from);
    /** Data arrived on @p socket. */
    void DataArrived(Ptr<Socket> socket);
    /** @return true if the reader may take bytes of the next block */
    bool MayRead() const;
    /** Take the current block's bytes while there are any. */
    void Read();
    /** Hand the next received block to the sink if it is free. */
    void MaybeConsume();
    /** Block @p k's sink stage has ended. */
    void Consumed(uint32_t k);
    /** The sender's control connection. */
    void AcceptControl(Ptr<Socket> socket, const Address& from);
    /** Ask for the next blocks if the reader is ready for one not yet asked for. */
    void MaybeRequest();
    /** Log @p event of block @p k. */
    void Log(const std::string& event, uint32_t k) const;

    // Attributes
    uint16_t m_port{5001};
    uint32_t m_blocks{16};
    uint32_t m_blockSize{1 << 20};
    uint32_t m_streams{1};
    BlockStage::Kind m_sinkKind{BlockStage::MEMORY};
    Time m_computeTime;
    bool m_overlap{false};
    bool m_requests{false};
    uint16_t m_controlPort{5000};
    uint32_t m_requestSize{64};
    uint32_t m_requestBatch{1};
    bool m_controlNoDelay{false};
    std::string m_host;
    std::string m_program;

    Ptr<NetLogger> m_log;
    Callback<void> m_done;
    std::vector<Ptr<Socket>> m_listeners;
    std::vector<Ptr<Socket>> m_data; //!< connection i at i (by its port)
    Ptr<Socket> m_control;           //!< the sender's control connection, with Requests
    uint32_t m_requested{0};         //!< blocks asked for
    uint32_t m_current{0};           //!< the block being read
    uint32_t m_need{0};              //!< its bytes not yet taken
    std::deque<uint32_t> m_received; //!< read, not yet consumed
    bool m_consuming{false};
    uint32_t m_consumed{0};
    uint64_t m_bytesRead{0};
    Time m_readStarted;
    Time m_stageStarted;
    Time m_receiveTime;
    Time m_consumeTime;
    Time m_end;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_BLOCK_PIPELINE_RECEIVER_H
