/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_TIER_REQUEST_HEADER_H
#define HYBRIDNET_TIER_REQUEST_HEADER_H

#include "ns3/header.h"

#include <cstdint>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The first 12 bytes of every request between the data center's tiers: what the
 * receiver needs to frame the request in a byte stream and to answer it.
 *
 *   | interaction (4 B) | request bytes (4 B) | response bytes (4 B) |   network order
 *
 * request bytes counts the whole request, these 12 bytes included (so a request is at
 * least 12 B); the rest of the request is payload of no meaning. The header is real
 * bytes in the stream, so it crosses TCP and SDP, which re-segment the stream, intact.
 * It stands for what an HTTP request line and headers, or a SQL statement, tell their
 * server; its 12 bytes are counted in the request, not added to it.
 */
class TierRequestHeader : public Header
{
  public:
    /** Bytes of the header. */
    static constexpr uint32_t SIZE = 12;

    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    uint32_t interaction{0};   //!< TpcwInteraction index
    uint32_t requestBytes{0};  //!< the whole request, header included, B
    uint32_t responseBytes{0}; //!< the answer the sender waits for, B
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_TIER_REQUEST_HEADER_H
