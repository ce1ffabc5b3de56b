#include <iostream>
#include <vector>

#include "verbs.hpp"

int main(int argc, char** argv) {
  using namespace bonebridge::cli;
  CLI::App app{"bonebridge: skeletal animation of classic games to glTF 2.0 and back"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "bonebridge " BONEBRIDGE_VERSION);
  std::vector<Verb> verbs;
  for (auto add :
       {add_formats, add_info, add_dump, add_validate, add_sample, add_fidelity, add_convert, add_batch}) {
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
  for (const auto& verb : verbs) {
    if (!verb.command->parsed()) continue;
    // Every failure should already be an Error value; this is the last line that keeps the tool from
    // crashing.
    try {
      return verb.run();
    } catch (const std::exception& e) {
      std::cerr << "bonebridge: internal error: " << e.what() << "\n";
      return kInvalidInput;
    }
  }
  return kUsage;
}
