/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INPUT_REJECT_TEST_CASE_H
#define HYBRIDNET_INPUT_REJECT_TEST_CASE_H

#include "hybridnet/input-file-error.h"

#include "ns3/test.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * A test that an input file's parser refuses a text with one line that starts with the
 * JSON path of the setting, a colon, and contains a phrase of what is wrong (the topology
 * files' rule).
 */
class InputRejectTestCase : public TestCase
{
  public:
    /**
     * @param name the rule, for the test's name
     * @param parse the parser, throwing InputFileError
     * @param text the input
     * @param path the JSON path the message must start with
     * @param phrase a part of the message
     */
    InputRejectTestCase(const std::string& name,
                        std::function<void(const std::string&)> parse,
                        std::string text,
                        std::string path,
                        std::string phrase)
        : TestCase(name + ", at " + path),
          m_parse(std::move(parse)),
          m_text(std::move(text)),
          m_path(std::move(path)),
          m_phrase(std::move(phrase))
    {
    }

    using Json = nlohmann::ordered_json; //!< keys in file order, as the documents are written
    using Mutation = std::function<void(Json&)>; //!< one change to a document

    /**
     * @param base a valid document, which @p mutate changes before @p parse must refuse it
     * @return the case (see the constructor)
     */
    static InputRejectTestCase* Mutated(const std::string& name,
                                        std::function<void(const std::string&)> parse,
                                        const std::string& base,
                                        const Mutation& mutate,
                                        const std::string& path,
                                        const std::string& phrase)
    {
        Json doc = Json::parse(base);
        mutate(doc);
        return new InputRejectTestCase(name, std::move(parse), doc.dump(2), path, phrase);
    }

    /** @return the mutation that sets JSON pointer @p pointer to @p value */
    static Mutation Set(const std::string& pointer, Json value)
    {
        return [=](Json& d) { d[Json::json_pointer(pointer)] = value; };
    }

  private:
    void DoRun() override
    {
        std::string message;
        try
        {
            m_parse(m_text);
        }
        catch (const InputFileError& e)
        {
            message = e.what();
        }
        NS_TEST_ASSERT_MSG_NE(message, "", "accepted");
        NS_TEST_EXPECT_MSG_EQ(message.rfind(m_path + ": ", 0),
                              0,
                              "message '" << message << "' does not start with '" << m_path
                                          << ": '");
        NS_TEST_EXPECT_MSG_NE(message.find(m_phrase),
                              std::string::npos,
                              "message '" << message << "' lacks '" << m_phrase << "'");
        NS_TEST_EXPECT_MSG_EQ(message.find('\n'), std::string::npos, "more than one line");
    }

    std::function<void(const std::string&)> m_parse;
    std::string m_text;
    std::string m_path;
    std::string m_phrase;
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INPUT_REJECT_TEST_CASE_H
