/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FILE_TRANSFER_RECEIVER_H
#define HYBRIDNET_FILE_TRANSFER_RECEIVER_H

#include "ns3/application.h"
#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class Address;
class Socket;

namespace hybridnet
{

class PageCache;

/**
 * @brief The receiving end of a disk-to-disk file transfer (bbftpd's or bbcp's sink): it
 * answers the sender's set-up messages on a control connection, reads the file's bytes from
 * its data connections and write()s them to the file through the host's page cache.
 *
 * Control: every whole Message (64 B) read on a connection to ControlPort is answered with
 * one Message of its own (a request and its reply: one round trip of the tool's set-up).
 * Data: connections to DataPort carry nothing but file bytes. One writer (the tool's
 * processes all block in the same balance_dirty_pages()) takes the data connections in
 * turn and, for each, repeats
 *
 *     (1) read(): n = min(BlockSize, bytes queued on the connection, F - bytes read), taken
 *         from the socket at once (its receive window opens);
 *     (2) write(): the copy into the page cache, UserCopy (1), then PageCache::Write(n),
 *         which returns when the dirty data allow (PageCache (3));
 *
 * F = FileSize. While the writer is blocked in (2), the sockets' receive buffers fill and
 * TCP's flow control holds the sender: the disks, not the network, then set the pace. When
 * the F-th byte's write() has returned the file is received (GetWrittenTime, the tool's
 * end); the data reach the disks later, when the page cache has written them back
 * (GetOnDiskTime: a Flush() at that moment, as `sync` would). A host without a PageCache
 * (no disks) writes to /dev/null: (2) is the copy alone.
 *
 * The TCP must send a window update when the reader frees buffer space, as Linux does
 * (tcp_cleanup_rbuf; LfnTcpSocket (7a)): with ns-3's TcpSocketBase, which sends none, a
 * sender that a disk-bound receiver has held at a small window stays there (it avoids a
 * silly window and, the window not being zero, sends no probe).
 *
 * Departures: bbftp's streams write their parts at their own offsets of the file, here one
 * sequential file in the order the bytes are taken (write-back does not move the heads
 * between the parts); the copy of (1) from the socket is the network code's (NicNetDevice
 * (R6)), not charged here.
 */
class FileTransferReceiver : public Application
{
  public:
    static TypeId GetTypeId();
    FileTransferReceiver();
    ~FileTransferReceiver() override;

    /**
     * @param done runs when the whole file is on the disks (GetOnDiskTime)
     */
    void SetOnDiskCallback(Callback<void> done);

    /** @return bytes taken from the data connections, (1) */
    uint64_t GetBytesRead() const;
    /** @return bytes whose write() has returned, (2) */
    uint64_t GetBytesWritten() const;
    /** @return bytes on the disks (the bytes written, without disks) */
    uint64_t GetBytesOnDisk() const;
    /** @return when the first file byte was read (zero before) */
    Time GetFirstByteTime() const;
    /** @return when the F-th byte's write() returned (zero before) */
    Time GetWrittenTime() const;
    /** @return when the whole file was on the disks (zero before) */
    Time GetOnDiskTime() const;
    /**
     * @return the time the writer has spent in PageCache::Write beyond its copy, (2): held
     *         by the dirty limit (balance_dirty_pages)
     */
    Time GetBlockedTime() const;

    /** Size of a control message and its reply, bytes. */
    static constexpr uint32_t kMessage = 64;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /** @return a socket listening on @p port */
    Ptr<Socket> Listen(uint16_t port);
    void AcceptControl(Ptr<Socket> socket, const Address& from);
    void AcceptData(Ptr<Socket> socket, const Address& from);
    /** Answer each whole message read. */
    void Answer(Ptr<Socket> socket);
    /** Data arrived: run the writer if it is idle. */
    void DataArrived(Ptr<Socket> socket);
    /** (1): take the next block from the next connection with data. */
    void ReadNext();
    /** (2): the write() of @p bytes, after its copy. */
    void Write(uint32_t bytes);
    /**
     * A write() returned.
     * @param bytes its size
     * @param called when it was called (after the copy)
     */
    void Written(uint32_t bytes, Time called);
    /** The file is on the disks. */
    void OnDisk();

    // Attributes
    uint16_t m_controlPort;
    uint16_t m_dataPort;
    uint64_t m_fileSize;
    uint32_t m_blockSize;

    Ptr<PageCache> m_cache; //!< the host's, or null (no disks)
    std::vector<Ptr<Socket>> m_listeners;
    std::vector<Ptr<Socket>> m_data;      //!< accepted data connections, in order
    std::vector<uint32_t> m_controlBytes; //!< unanswered bytes per control connection index
    std::vector<Ptr<Socket>> m_control;
    size_t m_next{0};      //!< the connection (1) tries first
    bool m_writing{false}; //!< the writer is in (1)-(2)
    uint64_t m_read{0};
    uint64_t m_written{0};
    Time m_firstByte;
    Time m_writtenTime;
    Time m_onDiskTime;
    Time m_blocked; //!< GetBlockedTime
    Callback<void> m_onDiskCallback;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FILE_TRANSFER_RECEIVER_H
