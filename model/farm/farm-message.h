/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_FARM_MESSAGE_H
#define HYBRIDNET_FARM_MESSAGE_H

#include "ns3/header.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <unordered_map>

namespace ns3
{

class Address;
class Packet;
class Socket;

namespace hybridnet
{

/**
 * @brief The header of every farm datagram: a fragment of an event, a control token, a
 * decision, a node's hello, or the SFC's throttle and release.
 *
 * An event of E bytes travels as ceil(E / (D - H)) UDP datagrams of at most D bytes
 * (SendFarmEvent; D the datagram's payload, 1472 B on a 1500 B MTU, H = 28 B this header),
 * each carrying the event's id, E, the fragment's offset and the time the event entered
 * the farm (its arrival at the SFC: the latency's origin). A token (a node's "send me
 * one") and a decision (a node's verdict on an event, accept or reject) are one datagram
 * of H bytes each, with the node's index in Offset; so are a hello, a throttle, a release
 * and storage's acknowledgement of a stored event.
 *
 *     type (1 B) | accepted (1 B) | reserved (2 B) | size (4 B) | offset (4 B) | id (8 B) |
 *     entered, ns (8 B)
 */
class FarmMessageHeader : public Header
{
  public:
    /** What a datagram carries. */
    enum Kind : uint8_t
    {
        EVENT = 0,    //!< a fragment of an event
        TOKEN = 1,    //!< a node's control token
        DECISION = 2, //!< a node's decision on an event
        HELLO = 3,    //!< a node registers with its SFC when it starts
        THROTTLE = 4, //!< the SFC to the trigger: stop reading events out
        RELEASE = 5,  //!< the SFC to the trigger: read events out again
        STORED = 6,   //!< storage to a node: an accepted event is stored whole
    };

    static constexpr uint32_t kSize = 28; //!< H, bytes

    /**
     * Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    Kind kind{EVENT};     //!< what the datagram carries
    bool accepted{false}; //!< DECISION: the event is accepted
    uint32_t size{0};     //!< EVENT, DECISION: the event's bytes, E
    uint32_t offset{0};   //!< EVENT: the fragment's first byte; TOKEN, DECISION: the node
    uint64_t id{0};       //!< EVENT, DECISION: the event's id
    Time entered;         //!< EVENT, DECISION: when the event reached the SFC
};

/**
 * Send an event as fragments of at most @p datagramBytes: ceil(E / (D - H)) datagrams.
 * @param socket a UDP socket
 * @param to the receiver
 * @param event the event's header (kind EVENT; offset is set per fragment)
 * @param datagramBytes D, the largest UDP payload, > H
 * @return the datagrams the socket accepted
 */
uint32_t SendFarmEvent(Ptr<Socket> socket,
                       const Address& to,
                       FarmMessageHeader event,
                       uint32_t datagramBytes);

/**
 * Send bytes [@p first, @p first + @p bytes) of an event - one read-out unit's share of it
 * - as fragments of at most @p datagramBytes: ceil(bytes / (D - H)) datagrams, none if
 * @p bytes is 0.
 * @param socket a UDP socket
 * @param to the receiver
 * @param event the event's header (kind EVENT, size the whole event's E)
 * @param first the share's first byte
 * @param bytes the share's length, first + bytes <= E
 * @param datagramBytes D, the largest UDP payload, > H
 * @return the datagrams the socket accepted
 */
uint32_t SendFarmFragments(Ptr<Socket> socket,
                           const Address& to,
                           FarmMessageHeader event,
                           uint32_t first,
                           uint32_t bytes,
                           uint32_t datagramBytes);

/**
 * @brief Events arriving as fragments: each is complete when all its bytes have come.
 * A fragment lost in the network leaves its event incomplete (GetIncomplete); nothing
 * is retransmitted, as in a UDP read-out.
 */
class FarmEventReassembly
{
  public:
    /**
     * @param fragment a fragment's header
     * @param dataBytes the event bytes it carries
     * @return whether its event is now complete
     */
    bool Add(const FarmMessageHeader& fragment, uint32_t dataBytes);
    /** @return events begun and not complete */
    size_t GetIncomplete() const;

  private:
    std::unordered_map<uint64_t, uint64_t> m_received; //!< id -> bytes so far
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_FARM_MESSAGE_H
