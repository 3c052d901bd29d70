/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_RESULT_DOCUMENT_H
#define HYBRIDNET_RESULT_DOCUMENT_H

#include "scenario-flags.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief The one JSON result file of a scenario run.
 *
 * Layout (schemaVersion 1), keys in this order:
 *
 *     { "schemaVersion": 1, "scenario": "...", "description": "...",
 *       "parameters": { "<flag>": { "text": "10s", "value": 10, "unit": "s" }, ... },
 *       "rng": { "seed": 1, "run": 1 },
 *       "versions": { "hybridnet": "<git describe>", "ns3": "3.44" },
 *       "simulatedTime": { "value": 10.0, "unit": "s" },
 *       "eventCount": 123456,
 *       "metrics": { "<name>": { "value": 941.2, "unit": "Mb/s" }, ... },
 *       "series": { "<name>": { "<column>": { "unit": "us", "values": [ ... ] }, ... } },
 *       "events": [ { "time": 4.25, "object": "epd:node1", "event": "detect",
 *                     "detail": "..." }, ... ],
 *       "wallClock": { "wallTime": { "value": 1.2, "unit": "s" } } }
 *
 * Everything but "wallClock" is a function of the parameters and the seed, so two runs with
 * the same flags produce byte-identical files apart from that member.  A series is a table
 * of equally long columns: `pandas.DataFrame({k: v["values"] for k, v in s.items()})`.
 *
 * "events" is the run's event log, a timeline of things that happened to named objects
 * (a circuit requested, a flow moved): time in simulated seconds, the object's ID
 * ("pfd", "epd:node1", "ocs", "flow:10.0.0.1:49153>10.0.0.2:5001/6"), a short event
 * word and free text.  Entries are sorted by time, ties in the order they were added.
 * The member is absent when no event was added, so documents of scenarios that log no
 * events are unchanged (schemaVersion stays 1; readers treat a missing member as an
 * empty log).
 *
 * The file is written atomically: to a temporary file in the same folder, then renamed.
 */
class ResultDocument
{
  public:
    /** One column of a series. */
    struct Column
    {
        std::string name;           //!< column name
        std::string unit;           //!< unit of the values ("" if none)
        std::vector<double> values; //!< the values
    };

    void SetScenario(const std::string& name, const std::string& description);
    void SetParameters(const std::vector<ScenarioFlags::Parameter>& parameters);
    void SetRng(uint32_t seed, uint64_t run);
    /**
     * The run's size and cost; the process's peak resident memory is read now (getrusage),
     * so that every later Serialize writes the same wallClock.
     */
    void SetRunStatistics(double simulatedSeconds, uint64_t eventCount, double wallSeconds);
    /** Add or replace a scalar metric. */
    void SetMetric(const std::string& name, double value, const std::string& unit);
    /** Add or replace a series; all columns must have the same length. */
    void SetSeries(const std::string& name, const std::vector<Column>& columns);
    /**
     * Add an entry to the event log.
     * @param time when it happened (simulated time, not negative)
     * @param object ID of the object it happened to, e.g. "pfd", "epd:node1"
     * @param event what happened, one word, e.g. "detect", "circuitUp"
     * @param detail free text ("" if none)
     */
    void AddEvent(Time time, std::string object, std::string event, std::string detail);

    /** @return the document as pretty-printed JSON text. */
    std::string Serialize() const;
    /**
     * Write the document to @p path atomically.
     * @return "" on success, else a one-line description of the failure
     */
    std::string Write(const std::string& path) const;

  private:
    struct Metric
    {
        std::string name;
        double value;
        std::string unit;
    };

    struct Series
    {
        std::string name;
        std::vector<Column> columns;
    };

    struct Event
    {
        Time time;
        std::string object;
        std::string event;
        std::string detail;
    };

    std::string m_scenario;
    std::string m_description;
    std::vector<ScenarioFlags::Parameter> m_parameters;
    uint32_t m_seed{0};
    uint64_t m_run{0};
    double m_simulatedSeconds{0};
    uint64_t m_eventCount{0};
    double m_wallSeconds{0};
    double m_peakMemoryBytes{0}; //!< ru_maxrss when SetRunStatistics ran
    std::vector<Metric> m_metrics;
    std::vector<Series> m_series;
    std::vector<Event> m_events;
};

/**
 * Write @p text to @p path atomically: to a temporary file in the same folder, then renamed,
 * so a reader never sees half a file and a failure leaves none.
 * @return "" on success, else a one-line description of the failure
 */
std::string WriteFileAtomically(const std::string& path, const std::string& text);

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_RESULT_DOCUMENT_H
