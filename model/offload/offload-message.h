/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_OFFLOAD_MESSAGE_H
#define HYBRIDNET_OFFLOAD_MESSAGE_H

#include "hybridnet/flow-key.h"

#include "ns3/ipv4-address.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ns3
{

class Packet;

namespace hybridnet
{

/**
 * @brief One message of the offload control protocol between the end-point daemons
 * (EndpointDaemon) and the pipe-fitting daemon (PipeFittingDaemon): its fields, its text
 * form and its strict parser.
 *
 * One UDP datagram carries exactly one message, one line of printable ASCII without a
 * line terminator, so the event log can show it as it went over the wire:
 *
 *     <TYPE> <seq> key=value key=value ...
 *
 * TYPE is one of the words below, seq a decimal sequence number 1..2^32-1 (no sign, no
 * leading zero) chosen by the sender, fields separated by exactly one blank.  The keys of
 * each type are fixed; ToString writes them in the order of the table, Parse accepts them
 * in any order but requires exactly that set (no key missing, unknown or repeated):
 *
 *     type       direction        keys                        meaning
 *     REQUEST    epd -> pfd       flow priority               I want a circuit for flow
 *     QUEUED     pfd -> epd       flow                        its ports are busy; wait
 *     DENIED     pfd -> epd       flow reason                 no circuit for this flow
 *     SETUP      pfd -> epd       flow via                    circuit up: steer flow to via
 *     READY      epd -> pfd       flow                        flow steered onto the circuit
 *     KEEPALIVE  epd -> pfd       flow                        still using the circuit
 *     RELEASE    epd -> pfd       flow                        done: flow back on packet path
 *     TEARDOWN   pfd -> epd       flow reason                 give the circuit back
 *     DOWN       epd -> pfd       flow                        flow back on the packet path
 *     ACK        both             (none)                      message seq received
 *
 * Values: flow is a FlowKey text form (`10.0.0.1:49153>10.0.0.2:5001/6`; a pipe, a
 * circuit between two hosts without a flow, has ports and protocol 0:
 * `10.0.0.1:0>10.0.0.2:0/0`); priority a decimal 0..2^32-1; via a dotted IPv4 address;
 * reason one word of [a-z0-9-] (e.g. busy, unknown-host, switch-error, unreachable,
 * preempted, released, idle).  Every message except ACK is acknowledged by `ACK <seq>`
 * with the seq of the message; the reliability rules (retransmission, duplicates) belong
 * to the daemons, see EndpointDaemon and PipeFittingDaemon.
 *
 * Parse rejects (returns nothing for) anything else: an unknown type, a missing, signed,
 * zero, out-of-range or zero-padded seq, a field without '=', an empty value, blanks other
 * than single spaces, control characters, a line terminator, or a value that does not
 * parse as its kind.
 */
class OffloadMessage
{
  public:
    /** The message types of the table. */
    enum class Type : uint8_t
    {
        REQUEST,
        QUEUED,
        DENIED,
        SETUP,
        READY,
        KEEPALIVE,
        RELEASE,
        TEARDOWN,
        DOWN,
        ACK,
    };

    OffloadMessage();

    /**
     * @param type the type
     * @param seq the sequence number (1..2^32-1)
     * @param flow the flow (ignored for ACK)
     */
    OffloadMessage(Type type, uint32_t seq, const FlowKey& flow);

    /**
     * @param seq the sequence number being acknowledged
     * @return `ACK <seq>`
     */
    static OffloadMessage Ack(uint32_t seq);

    /** @return the type */
    Type GetType() const;
    /** @return the sequence number */
    uint32_t GetSeq() const;
    /** @param seq the sequence number (1..2^32-1) */
    void SetSeq(uint32_t seq);
    /** @return the flow (meaningless for ACK) */
    const FlowKey& GetFlow() const;
    /** @return priority (REQUEST) */
    uint32_t GetPriority() const;
    /** @param priority priority of a REQUEST */
    void SetPriority(uint32_t priority);
    /** @return reason (DENIED, TEARDOWN) */
    const std::string& GetReason() const;
    /** @param reason a word of [a-z0-9-], for DENIED and TEARDOWN */
    void SetReason(const std::string& reason);
    /** @return via (SETUP) */
    Ipv4Address GetVia() const;
    /** @param via the next hop of a SETUP */
    void SetVia(Ipv4Address via);

    /** @return true for every type but ACK (the types that are acknowledged) */
    bool NeedsAck() const;
    /** @return true if the flow is a pipe (ports and protocol 0) */
    bool IsPipe() const;

    /** @return the text form (aborts if a field set for this type is not valid) */
    std::string ToString() const;
    /**
     * @param text a datagram's text
     * @return the message, or nothing if @p text is not exactly a text form
     */
    static std::optional<OffloadMessage> Parse(const std::string& text);

    /** @return a packet whose payload is the text form */
    Ptr<Packet> ToPacket() const;
    /**
     * @param packet a datagram's payload
     * @return the message, or nothing if the payload is not exactly a text form
     */
    static std::optional<OffloadMessage> FromPacket(Ptr<const Packet> packet);

    /**
     * @param type a type
     * @return its word in the text form
     */
    static std::string GetTypeName(Type type);
    /**
     * @param key a flow key
     * @return true if it names a pipe (ports and protocol 0)
     */
    static bool IsPipeKey(const FlowKey& key);
    /**
     * @param reason a candidate reason
     * @return true if it is a non-empty word of [a-z0-9-]
     */
    static bool IsValidReason(const std::string& reason);

    /** @return true if all fields are equal */
    bool operator==(const OffloadMessage& other) const;

  private:
    Type m_type{Type::ACK}; //!< type
    uint32_t m_seq{0};      //!< sequence number
    FlowKey m_flow;         //!< flow (all types but ACK)
    uint32_t m_priority{0}; //!< REQUEST
    std::string m_reason;   //!< DENIED, TEARDOWN
    Ipv4Address m_via;      //!< SETUP
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_OFFLOAD_MESSAGE_H
