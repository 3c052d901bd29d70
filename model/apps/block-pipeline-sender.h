/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_BLOCK_PIPELINE_SENDER_H
#define HYBRIDNET_BLOCK_PIPELINE_SENDER_H

#include "block-stage.h"

#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace ns3
{

class Socket;

namespace hybridnet
{

class NetLogger;

/**
 * @brief The sending side of a data-grid application, as the data-grid study's NetLogger
 * case studies took them apart (shared reference wan-tuning-grid.md, "Instrumentation" and
 * "Advice to application designers"): a loop that produces a block (reads it from disk or
 * computes it: Source, a BlockStage) and send()s it on a TCP data connection, with a pause
 * between sends (the server OS's: 2 ms on one, 0.2 ms on another).
 *
 * Blocks k = 0 .. Blocks - 1 of BlockSize bytes; block k goes on data connection k mod
 * Streams (parallel streams, 1 by default: off, as the study advises), connection i to
 * the receiver's Port + i. The send of a block
 * is a blocking send(): it ends when the socket has taken the block's last byte (a send
 * buffer of SndBufSize, so a send waits for ACKs to free room). With P = Pause:
 *
 *   serial (Overlap false: read(), send(), pause, read(), ...): block k is produced after
 *     block k - 1's send and pause have ended; per block
 *         (1)  T = S + N + P
 *     S the stage's time, N the send's;
 *   overlapped (Overlap true: asynchronous I/O, two buffers): block k + 1 is produced
 *     while block k is sent; a block is sent once produced and the previous send's pause is
 *     over; in steady state per block
 *         (2)  T = max(S, N + P).
 *
 * NoDelay sets TCP_NODELAY on the data connections (Nagle off).
 *
 * Requests (an rfio-style read: the client asks for its blocks): the sender also opens a
 * control connection to the receiver's ControlPort and sends block k only once the
 * receiver has asked for it - one request of RequestSize bytes per block, read from the
 * control connection; it produces (reads) a block only once asked for it, as an rfio server
 * reads on a request (BlockPipelineReceiver decides when to ask, and how many requests it
 * writes at once). Without Requests the sender streams every block.
 *
 * Every event is logged to the NetLogger given (SetLogger) with HOST the Host attribute,
 * PROG Program, ID the block number: produce.start, produce.end, send.start, send.end.
 */
class BlockPipelineSender : public Application
{
  public:
    /** @return the TypeId */
    static TypeId GetTypeId();

    BlockPipelineSender();
    ~BlockPipelineSender() override;

    /**
     * TracedCallback signature of DataConnection.
     * @param socket a data connection, created and about to connect
     */
    typedef void (*DataConnectionCallback)(Ptr<Socket> socket);

    /** @return the Program attribute: PROG of the logged events */
    std::string GetProgram() const;
    /** @param log where the block events go (none: not logged) */
    void SetLogger(Ptr<NetLogger> log);
    /** @return blocks whose send has ended */
    uint32_t GetBlocksSent() const;
    /** @return when the data connections were all open (zero before) */
    Time GetStartTime() const;
    /** @return when the last block's send ended (zero before) */
    Time GetEndTime() const;
    /** @return the time spent in the produce stage, all blocks */
    Time GetProduceTime() const;
    /** @return the time spent in send()s, all blocks */
    Time GetSendTime() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /** A data connection is open. */
    void Connected(Ptr<Socket> socket);
    /** Produce the next block if a buffer is free. */
    void MaybeProduce();
    /** Block @p k is produced. */
    void Produced(uint32_t k);
    /** Send the next produced block if the sender is free. */
    void MaybeSend();
    /** Hand the block being sent to its socket, as far as there is room. */
    void Push();
    /** Room in a socket's send buffer. */
    void Room(Ptr<Socket> socket, uint32_t available);
    /** Requests arrived on the control connection. */
    void RequestsArrived(Ptr<Socket> socket);
    /** The pause after a send is over. */
    void Resume();
    /** Log @p event of block @p k. */
    void Log(const std::string& event, uint32_t k) const;

    // Attributes
    Ipv4Address m_remote;
    uint16_t m_port{5001};
    uint32_t m_blocks{16};
    uint32_t m_blockSize{1 << 20};
    uint32_t m_streams{1};
    BlockStage::Kind m_sourceKind{BlockStage::MEMORY};
    Time m_computeTime;
    Time m_pause;
    bool m_overlap{false};
    bool m_noDelay{false};
    bool m_requests{false};
    uint16_t m_controlPort{5000};
    uint32_t m_requestSize{64};
    std::string m_host;
    std::string m_program;

    Ptr<NetLogger> m_log;
    std::vector<Ptr<Socket>> m_sockets;
    Ptr<Socket> m_control;
    uint32_t m_connected{0};
    uint64_t m_requestBytes{0};   //!< read from the control connection
    uint32_t m_produced{0};       //!< blocks whose production has started
    std::deque<uint32_t> m_ready; //!< produced, not yet sent
    bool m_producing{false};
    bool m_sending{false};
    bool m_pausing{false};
    uint32_t m_current{0};   //!< the block being sent
    uint32_t m_remaining{0}; //!< its bytes not yet taken by the socket
    uint32_t m_sent{0};
    Time m_start;
    Time m_end;
    Time m_stageStarted;
    Time m_sendStarted;
    Time m_produceTime;
    Time m_sendTime;
    EventId m_resume;
    TracedCallback<Ptr<Socket>> m_dataConnection; //!< DataConnection
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_BLOCK_PIPELINE_SENDER_H
