/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "socket-writer.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{
namespace hybridnet
{

NS_LOG_COMPONENT_DEFINE("HybridnetSocketWriter");

void
SocketWriter::Write(Ptr<Socket> socket, Ptr<Packet> message)
{
    if (!m_pending)
    {
        m_pending = Create<Packet>();
    }
    m_pending->AddAtEnd(message);
    Flush(socket);
}

void
SocketWriter::Flush(Ptr<Socket> socket)
{
    while (m_pending && m_pending->GetSize() > 0)
    {
        const uint32_t room = std::min(m_pending->GetSize(), socket->GetTxAvailable());
        if (room == 0)
        {
            return;
        }
        Ptr<Packet> part = m_pending->CreateFragment(0, room);
        const int sent = socket->Send(part);
        if (sent <= 0)
        {
            return;
        }
        m_pending->RemoveAtStart(static_cast<uint32_t>(sent));
    }
}

uint32_t
SocketWriter::GetPending() const
{
    return m_pending ? m_pending->GetSize() : 0;
}

} // namespace hybridnet
} // namespace ns3
