/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_SOCKET_WRITER_H
#define HYBRIDNET_SOCKET_WRITER_H

#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/socket.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The bytes an application has written but its stream socket has not yet taken:
 * Write() queues a message, Flush() (on the socket's send callback) hands the socket as
 * much as its send buffer has room for, in order, as a blocking write() would.
 */
class SocketWriter
{
  public:
    /** Queue @p message on @p socket and send what fits. */
    void Write(Ptr<Socket> socket, Ptr<Packet> message);
    /** Send what fits of the queued bytes. */
    void Flush(Ptr<Socket> socket);
    /** @return bytes queued, not yet taken by the socket */
    uint32_t GetPending() const;

  private:
    Ptr<Packet> m_pending; //!< queued bytes, in order
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_SOCKET_WRITER_H
