// SPDX-License-Identifier: MIT
// completion: a shell completion script made from the tool's own verbs and options, so it never goes stale.
#include <fmt/format.h>

#include <iostream>
#include <string>

#include "verbs.hpp"

namespace bonebridge::cli {
namespace {

std::string option_words(const CLI::App& command) {
  std::string words;
  for (const auto* option : command.get_options()) {
    for (const auto& name : option->get_lnames()) words += " --" + name;
    for (const auto& name : option->get_snames()) words += " -" + name;
  }
  return words;
}

// Verbs complete at the first word; after a verb its options complete on '-', files otherwise.
std::string bash_script(const CLI::App& app) {
  std::string verbs, cases;
  for (const auto* verb : app.get_subcommands({})) {
    verbs += " " + verb->get_name();
    cases += fmt::format("    {}) options=\"{}\" ;;\n", verb->get_name(), option_words(*verb));
  }
  return fmt::format(
      "# bash completion for bonebridge: source <(bonebridge completion bash)\n"
      "_bonebridge() {{\n"
      "  local current=\"${{COMP_WORDS[COMP_CWORD]}}\" options=\"\"\n"
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
      "    COMPREPLY=($(compgen -W \"{} --help --version\" -- \"$current\"))\n"
      "    return\n"
      "  fi\n"
      "  case \"${{COMP_WORDS[1]}}\" in\n"
      "{}"
      "  esac\n"
      "  if [[ \"$current\" == -* ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$options\" -- \"$current\"))\n"
      "  else\n"
      "    COMPREPLY=($(compgen -f -- \"$current\"))\n"
      "  fi\n"
      "}}\n"
      "complete -o filenames -F _bonebridge bonebridge\n",
      verbs, cases);
}

}  // namespace

Verb add_completion(CLI::App& app) {
  auto* command = app.add_subcommand("completion", "Print a shell completion script (bash)");
  auto shell = std::make_shared<std::string>();
  command->add_option("shell", *shell, "The shell: bash")->required()->check(CLI::IsMember({"bash"}));
  // The option writes into *shell when the command line is parsed: the action keeps it alive until then.
  return {command, [&app, shell] {
            std::cout << bash_script(app);
            return int{kSuccess};
          }};
}

}  // namespace bonebridge::cli
