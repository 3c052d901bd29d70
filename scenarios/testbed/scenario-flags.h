/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_SCENARIO_FLAGS_H
#define HYBRIDNET_SCENARIO_FLAGS_H

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The strictly validated command-line flags of one scenario.
 *
 * Every knob of a scenario is a camelCase flag `--name=value` bound, like ns-3's
 * CommandLine::AddValue, to a variable whose initial value is the default.  Unlike ns-3's
 * CommandLine, a value is checked completely before the simulation sees it:
 *
 * | kind     | accepted form                        | examples              | stored as      |
 * |----------|--------------------------------------|-----------------------|----------------|
 * | time     | decimal number and unit h min s ms us ns ps | 10s, 2.5ms, 125us | ns3::Time     |
 * | rate     | decimal number and unit bps kbps Mbps Gbps Tbps (also b/s forms; Bps, kBps, MBps,
 * GBps are bytes/s) | 1Gbps, 155.52Mbps | ns3::DataRate | | size     | decimal integer and unit B
 * kB KB MB GB (10^3 steps) KiB MiB GiB (2^10 steps) | 1500B, 16KiB | uint64_t bytes | | count    |
 * decimal integer, no sign, no unit    | 300                   | uint32_t/uint64_t | | integer  |
 * decimal integer, optional sign       | -3                    | int64_t        | | real     |
 * decimal number, optional exponent    | 0.5, 1e-6             | double         | | bool     | true
 * false 1 0, or the bare flag     | --verbose             | bool           | | choice   | one of a
 * fixed list of words         | reno                  | std::string    | | type     | a registered
 * ns-3 TypeId name that is (a subclass of) a given base | ns3::TcpLinuxReno | std::string | | path
 * | a file name in an existing folder    | out/run1.json         | std::string    | | file     | an
 * existing file, or the name of a bundled one | topo.json, lightpath-accelerator | std::string
 * (path) | | text     | a form the scenario states and checks | node1>node2          | std::string
 * |
 *
 * Rejected, each with a one-line message naming the flag and the accepted range: malformed
 * numbers (`12abc`, `1.5x`, `0x10`, empty), an exponent where an integer is expected
 * (`1e3`), a sign on an unsigned quantity, `nan` and `inf`, a time, rate or size without a
 * unit or with a negative value, values outside [min, max], a flag given twice, a value-less
 * non-bool flag, a positional argument, an unknown flag (with the nearest valid name), a
 * time finer than the simulator's resolution (1500ps at 1 ns), a broken constraint
 * between flags (AddConstraint), and a problem in an input the flags name (AddInputCheck,
 * e.g. a topology file), so that --check finds it too.
 */
class ScenarioFlags
{
  public:
    /** What Parse() found. */
    enum class Outcome
    {
        OK,     //!< every argument was valid; bound variables hold the values
        HELP,   //!< --help was given
        SCHEMA, //!< --schema was given
        ERROR,  //!< an argument was invalid; see ParseResult::message
    };

    /** Result of Parse(). */
    struct ParseResult
    {
        Outcome outcome;     //!< what was found
        std::string message; //!< for ERROR, one line naming the flag and the accepted range
    };

    /** One flag's parameter value, as recorded in result files. */
    struct Parameter
    {
        std::string name; //!< flag name without dashes
        std::string text; //!< the value as given, or the formatted default
        std::string unit; //!< SI base unit of siValue ("s", "bit/s", "B") or "" if none
        bool numeric;     //!< true if siValue holds the value
        double siValue;   //!< numeric value in the base unit (numeric flags)
    };

    /**
     * @param program the scenario's name, used in help and error messages
     * @param description one line saying what the scenario simulates
     */
    ScenarioFlags(std::string program, std::string description);
    ~ScenarioFlags();
    ScenarioFlags(const ScenarioFlags&) = delete;
    ScenarioFlags& operator=(const ScenarioFlags&) = delete;

    void AddTime(const std::string& name, const std::string& help, Time* value, Time min, Time max);
    void AddDataRate(const std::string& name,
                     const std::string& help,
                     DataRate* value,
                     DataRate min,
                     DataRate max);
    void AddSize(const std::string& name,
                 const std::string& help,
                 uint64_t* value,
                 uint64_t min,
                 uint64_t max);
    void AddSize(const std::string& name,
                 const std::string& help,
                 uint32_t* value,
                 uint32_t min,
                 uint32_t max);
    void AddCount(const std::string& name,
                  const std::string& help,
                  uint64_t* value,
                  uint64_t min,
                  uint64_t max);
    void AddCount(const std::string& name,
                  const std::string& help,
                  uint32_t* value,
                  uint32_t min,
                  uint32_t max);
    void AddInteger(const std::string& name,
                    const std::string& help,
                    int64_t* value,
                    int64_t min,
                    int64_t max);
    /**
     * @param unit the unit the value is expressed in, for help text ("" if dimensionless)
     */
    void AddReal(const std::string& name,
                 const std::string& help,
                 double* value,
                 double min,
                 double max,
                 const std::string& unit);
    void AddBool(const std::string& name, const std::string& help, bool* value);
    void AddChoice(const std::string& name,
                   const std::string& help,
                   std::string* value,
                   const std::vector<std::string>& choices);
    /**
     * @param base the value must name this TypeId or a registered subclass of it
     */
    void AddTypeId(const std::string& name,
                   const std::string& help,
                   std::string* value,
                   TypeId base);

    /** A file to be written: the value must name a file in an existing folder. */
    void AddPath(const std::string& name, const std::string& help, std::string* value);

    /**
     * A file to be read: a path to an existing regular file, or the name of one of the
     * files bundled in @p folder (a value without '/' that does not end in @p extension:
     * `<folder>/<value><extension>`).  The bound variable receives the resolved path; the
     * parameter keeps the text as given.  An unknown name is rejected with the list of
     * bundled names.
     * @param value receives the resolved path
     * @param folder the folder of bundled files
     * @param extension their file name extension, e.g. ".json"
     * @param bundled the default: a bundled name
     */
    void AddInputFile(const std::string& name,
                      const std::string& help,
                      std::string* value,
                      const std::string& folder,
                      const std::string& extension,
                      const std::string& bundled);

    /**
     * A free-form text whose form the scenario checks.
     * @param form the accepted form in words, for help and error messages
     * @param valid true if a text has that form (the default "" is always accepted as
     *        given by the scenario)
     */
    void AddText(const std::string& name,
                 const std::string& help,
                 std::string* value,
                 const std::string& form,
                 std::function<bool(const std::string&)> valid);

    /**
     * A rule that ties several flags together, checked by Parse() after every flag is
     * valid on its own (for example that a segment fits the MTU).
     * @param rule the rule in words, for help and error messages
     * @param holds reads the bound variables; true if the rule holds
     */
    void AddConstraint(const std::string& rule, std::function<bool()> holds);

    /**
     * A check of the inputs the flags name (a file's content, names it must contain),
     * run by Parse() after every flag and constraint holds - so `--check` runs it too.
     * @param problem reads the bound variables; returns "" if the input is fine, else
     *        the one-line message, which Parse() returns as it is
     */
    void AddInputCheck(std::function<std::string()> problem);

    /**
     * Mark flags that say how a program runs, not what it models (the result file, progress
     * lines, check only): a rule's message lists the flags the user gave without them, so a
     * runner that adds its own never shows up in a message about the model's rules.
     * @param names flags already added
     */
    void SetRunOptions(const std::set<std::string>& names);

    /**
     * Check and apply arguments of the form --name=value.  On ERROR, no bound variable has
     * been changed.
     * @param args the arguments without the program name
     * @return the outcome
     */
    ParseResult Parse(const std::vector<std::string>& args);

    /** Print usage: every flag with its kind, default, unit and valid range. */
    void PrintHelp(std::ostream& os) const;
    /** Print the flags as a JSON schema document (read by `hybridnet list` and sweeps). */
    void PrintSchema(std::ostream& os) const;
    /** @return every flag's current value, in the order the flags were added. */
    std::vector<Parameter> GetParameters() const;
    /**
     * @param name a flag's name
     * @return true if the last Parse() was given it (even at its default value) - in a rule
     *         (AddConstraint) or input check, the Parse in progress; false for a flag not
     *         given or not registered
     */
    bool IsGiven(const std::string& name) const;
    /** @return the scenario's name. */
    const std::string& GetProgram() const;

  private:
    struct Flag;

    /** What every flag has besides its value. */
    struct Spec
    {
        std::string name;   //!< flag name
        std::string help;   //!< meaning
        std::string kind;   //!< kind word of the table above
        std::string unit;   //!< accepted units, for help and schema
        std::string siUnit; //!< unit of Parameter::siValue
    };

    /** Add a flag whose value is parsed, then checked against [min, max]. */
    template <typename T>
    void AddRanged(const Spec& spec,
                   T* value,
                   T min,
                   T max,
                   std::function<std::optional<T>(const std::string&, std::string*)> parse,
                   std::function<std::string(const T&)> format,
                   std::function<double(const T&)> toSi);
    template <typename T>
    void AddSizeOf(const std::string& name, const std::string& help, T* value, T min, T max);
    template <typename T>
    void AddIntegerOf(const std::string& name,
                      const std::string& help,
                      const std::string& kind,
                      T* value,
                      T min,
                      T max);
    void Add(std::unique_ptr<Flag> flag);
    const Flag* Find(const std::string& name) const;
    std::string Nearest(const std::string& name) const;

    std::string m_program;
    std::string m_description;
    std::vector<std::unique_ptr<Flag>> m_flags;
    std::vector<std::pair<std::string, std::function<bool()>>> m_constraints;
    std::vector<std::function<std::string()>> m_inputChecks; //!< AddInputCheck
    std::set<std::string> m_runOptions;                      //!< SetRunOptions
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_SCENARIO_FLAGS_H
