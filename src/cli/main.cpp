// SPDX-License-Identifier: MIT
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "verbs.hpp"

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif

namespace {

// Windows opens the standard streams in text mode, which turns every 0x0A byte written into 0x0D 0x0A (and
// back when reading): a .glb written to `-` would be corrupted. Binary mode gives the same bytes as on Linux.
void use_binary_standard_streams() {
#ifdef _WIN32
  _setmode(_fileno(stdin), _O_BINARY);
  _setmode(_fileno(stdout), _O_BINARY);
  _setmode(_fileno(stderr), _O_BINARY);
#endif
}

// For the tests only: with BONEBRIDGE_TEST_INTERNAL_ERROR=1 in the environment, the chosen verb throws before
// it runs, so that the internal-error exit (70) can be checked without a real bug.
void throw_when_testing_internal_errors() {
  const char* trigger = std::getenv("BONEBRIDGE_TEST_INTERNAL_ERROR");
  if (trigger && std::string(trigger) == "1")
    throw std::logic_error("BONEBRIDGE_TEST_INTERNAL_ERROR is set (a test of the internal-error exit)");
}

}  // namespace

int main(int argc, char** argv) {
  using namespace bonebridge::cli;
  use_binary_standard_streams();
  CLI::App app{"bonebridge: skeletal animation of classic games to glTF 2.0 and back"};
  app.require_subcommand(1);
  // One option syntax on every platform: on Windows CLI11 would otherwise read "/path" as an option.
  app.allow_windows_style_options(false);
  app.set_version_flag("--version", "bonebridge " BONEBRIDGE_VERSION);
  // --quiet and --verbose are accepted before or after the verb.
  app.fallthrough();
  bool quiet = false, verbose = false;
  auto* quiet_flag = app.add_flag("-q,--quiet", quiet, "Say nothing but errors on standard error");
  app.add_flag("-v,--verbose", verbose, "Also say how each input was recognised, and every note")
      ->excludes(quiet_flag);
  std::vector<Verb> verbs;
  for (auto add :
       {add_formats, add_info, add_dump, add_validate, add_sample, add_fidelity, add_convert, add_preview,
        add_batch, add_characters, add_roles, add_ls, add_extract, add_pack, add_completion}) {
    verbs.push_back(add(app));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kUsage;
  }
  verbosity() = quiet ? Verbosity::Quiet : verbose ? Verbosity::Verbose : Verbosity::Normal;
  for (const auto& verb : verbs) {
    if (!verb.command->parsed()) continue;
    // Every failure of the input should already be an Error value: an exception here is a bug, and exits
    // with its own code so that scripts can tell it from bad input.
    try {
      throw_when_testing_internal_errors();
      return verb.run();
    } catch (const std::exception& e) {
      std::cerr << "bonebridge: internal error: " << e.what() << "\n";
      return kInternalError;
    } catch (...) {
      std::cerr << "bonebridge: internal error: an unknown exception\n";
      return kInternalError;
    }
  }
  return kUsage;
}
