/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HYBRIDNET_INPUT_FILE_ERROR_H
#define HYBRIDNET_INPUT_FILE_ERROR_H

#include <stdexcept>
#include <string>

namespace ns3
{
namespace hybridnet
{

/**
 * @brief A problem in an input file the testbed reads (a host profile, a topology file):
 * what() is one line - the file, the JSON path of the setting (`cpu.Frequency`,
 * `hosts[2].circuitNic.acceleratorPort`), and what is wrong with it, naming the other
 * setting it conflicts with.  A scenario prints it and exits with code 2.
 */
class InputFileError : public std::runtime_error
{
  public:
    /** @param message the one-line message */
    explicit InputFileError(const std::string& message);
};

} // namespace hybridnet
} // namespace ns3

#endif // HYBRIDNET_INPUT_FILE_ERROR_H
