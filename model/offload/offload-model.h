/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_OFFLOAD_MODEL_H
#define HYBRIDNET_OFFLOAD_MODEL_H

#include <cstdint>
#include <optional>
#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The name of an offload model, shared by the scenarios (issue 22): where the
 * accelerator's circuit meets the packet network.
 *
 * | name         | model                                                             |
 * |--------------|-------------------------------------------------------------------|
 * | `host`       | the study's end-host accelerator: two NICs per host, one flow moved |
 * |              | to the second NIC (FlowSteering, EndpointDaemon)                  |
 * | `switch`     | switch-to-switch: hosts keep one NIC, a border node's circuit port |
 * |              | carries whole aggregates (AggregateSteering, BorderDaemon)        |
 * | `shared-nic` | one NIC carries packet traffic and a reserved, shaped channel     |
 * |              | (SharedNicReservation)                                            |
 *
 * Names are parsed strictly: exact, lower case, no surrounding space. An unknown name is
 * refused with one line naming the setting and the accepted values (Parse aborts with
 * that line; FromName returns nothing and UnknownNameMessage gives the line, for a
 * command-line layer that exits with its own code).
 */
class OffloadModel
{
  public:
    /** The models. */
    enum class Kind : uint8_t
    {
        HOST,       //!< "host"
        SWITCH,     //!< "switch"
        SHARED_NIC, //!< "shared-nic"
    };

    /** @param kind the model */
    explicit OffloadModel(Kind kind = Kind::HOST);

    /** @return the model */
    Kind GetKind() const;
    /** @return its name ("host", "switch", "shared-nic") */
    std::string GetName() const;

    /**
     * @param name a model name
     * @return the model, or nothing if @p name is not exactly one of the accepted names
     */
    static std::optional<OffloadModel> FromName(const std::string& name);
    /**
     * @param setting the setting that carried the name (e.g. "--offloadModel")
     * @param name the name given
     * @return the one-line refusal: setting, the name, the accepted values
     */
    static std::string UnknownNameMessage(const std::string& setting, const std::string& name);
    /**
     * @param setting the setting that carried the name, for the error line
     * @param name a model name
     * @return the model; aborts with UnknownNameMessage if the name is unknown
     */
    static OffloadModel Parse(const std::string& setting, const std::string& name);
    /** @return the accepted names, "host, switch, shared-nic" */
    static std::string AcceptedNames();

    /** @param other another model @return whether both are the same model */
    bool operator==(const OffloadModel& other) const;

  private:
    Kind m_kind; //!< the model
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_OFFLOAD_MODEL_H
