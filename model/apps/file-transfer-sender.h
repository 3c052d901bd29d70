/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FILE_TRANSFER_SENDER_H
#define HYBRIDNET_FILE_TRANSFER_SENDER_H

#include "ns3/application.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace ns3
{

class Socket;

namespace hybridnet
{

class PageCache;

/**
 * @brief The sending end of a disk-to-disk file transfer with parallel TCP streams, as
 * bbftp and bbcp move a file: set-up round trips on a control connection, then N data
 * connections, each a loop of read() from the file and send() to its socket.
 *
 * Set-up: a connection to the receiver's ControlPort (FileTransferReceiver) carries
 * SetupExchanges request/reply pairs of 64 B, one after the other (login, the transfer's
 * command: each one round trip); then the N = Streams data connections open at once. With
 * SetupExchanges = 0 there is no control connection.
 *
 * Data, F = FileSize, B = BlockSize. Stream i (i = 0..N-1) repeats
 *
 *     (1) read(): the next block of at most B bytes from the file, through a page cache
 *         (PageCache (5): at once if cached, else when the disks deliver it; read-ahead
 *         keeps the disks busy meanwhile), then its copy to the user buffer, UserCopy (1);
 *     (2) send(): the block into the socket as its send buffer frees up (a blocking send
 *         copies what fits and sleeps until more space, so no block size deadlocks);
 *
 * until its share is sent, then closes its connection. Which bytes a stream reads is the
 * Layout:
 *
 *     Parts  (bbftp): stream i reads [i F / N, (i + 1) F / N), each from its own open file:
 *            its own read-ahead (a PageCache of the host's settings on the same DiskArray),
 *            so N > 1 interleaves N sequential readers on the disks, which then move their
 *            heads between the parts (DiskArray (4));
 *     Blocks (bbcp): one reader reads the file from 0 to F in blocks of B, each block to
 *            the stream that asked first (bbcp's reader thread filling the buffers its
 *            stream threads send).
 *
 * A host without a PageCache (no disks) reads from /dev/zero: (1) is the copy alone.
 * The copy of (2) into the socket is the network code's (NicNetDevice (T2)).
 * GetDataStart() is when the data connections were opened; the transfer's time is the
 * receiver's (FileTransferReceiver::GetWrittenTime).
 */
class FileTransferSender : public Application
{
  public:
    /** Which bytes each stream sends. */
    enum Layout : uint8_t
    {
        PARTS = 0,  //!< stream i: the i-th of N contiguous parts (bbftp)
        BLOCKS = 1, //!< blocks in file order to whichever stream is ready (bbcp)
    };

    /**
     * TracedCallback signature of DataConnection.
     * @param socket a data connection's socket, just created
     */
    typedef void (*DataConnectionCallback)(Ptr<Socket> socket);

    static TypeId GetTypeId();
    FileTransferSender();
    ~FileTransferSender() override;

    /** @return when the data connections were opened (zero before) */
    Time GetDataStart() const;
    /** @return bytes handed to the data sockets */
    uint64_t GetBytesSent() const;
    /** @return the data connections' sockets, stream order (empty before they open) */
    std::vector<Ptr<Socket>> GetSockets() const;

  protected:
    void DoDispose() override;

  private:
    /** One data connection. */
    struct Stream
    {
        Ptr<Socket> socket;
        Ptr<PageCache> cache; //!< Parts: its own open file; Blocks: the shared one
        uint64_t next{0};     //!< Parts: next byte to read
        uint64_t end{0};      //!< Parts: one past its last byte
        uint32_t pending{0};  //!< bytes read and copied, not yet in the socket, (2)
        bool reading{false};  //!< in (1)
        bool closed{false};
    };

    void StartApplication() override;
    void StopApplication() override;
    /** Send the next set-up request, or open the streams after the last reply. */
    void NextExchange();
    /** A reply's bytes arrived on the control connection. */
    void Reply(Ptr<Socket> socket);
    /** Open the data connections. */
    void OpenStreams();
    /** @return a page cache like the host's for stream @p i of Parts, or the host's */
    Ptr<PageCache> OpenFile(uint32_t i) const;
    /** (1)-(2) for stream @p i: send what is pending, read the next block. */
    void Pump(uint32_t i);
    /** Stream @p i's connection is open. */
    void Connected(uint32_t i, Ptr<Socket> socket);
    /** Stream @p i's socket has room. */
    void Room(uint32_t i, Ptr<Socket> socket, uint32_t available);
    /** Stream @p i has sent its share: close it. */
    void Close(uint32_t i);
    /** @return bytes stream @p i still has to read */
    uint64_t Remaining(uint32_t i) const;
    /** Start (1) for stream @p i. */
    void Read(uint32_t i);
    /** Blocks: hand the shared reader to the next stream waiting for it. */
    void ReadShared();
    /** A block of stream @p i is in the page cache: copy it. */
    void BlockRead(uint32_t i, uint32_t bytes);
    /** The copy of stream @p i's block is done. */
    void BlockCopied(uint32_t i, uint32_t bytes);

    // Attributes
    Ipv4Address m_remote;
    uint16_t m_controlPort;
    uint16_t m_dataPort;
    uint32_t m_streams;
    uint64_t m_fileSize;
    uint32_t m_blockSize;
    Layout m_layout{PARTS};
    uint32_t m_setupExchanges;

    Ptr<Socket> m_control;
    uint32_t m_exchanges{0};  //!< replies received
    uint32_t m_replyBytes{0}; //!< bytes of the reply being read
    std::vector<Stream> m_stream;
    std::deque<uint32_t> m_waiting; //!< Blocks: streams waiting for the shared reader
    bool m_sharedBusy{false};       //!< Blocks: the shared reader is reading
    uint64_t m_sharedNext{0};       //!< Blocks: next byte of the file
    uint64_t m_sent{0};
    Time m_dataStart;
    TracedCallback<Ptr<Socket>> m_dataConnection; //!< DataConnection
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FILE_TRANSFER_SENDER_H
