// SPDX-License-Identifier: MIT
// Times each corpus file through a fuzz target's LLVMFuzzerTestOneInput in CPU seconds (getrusage: user +
// system of this process), which the machine's load does not change, unlike libFuzzer's wall-clock -timeout
// and slowest_unit_time_sec. scripts/fuzz-unit-times.sh links it with each target's objects under the
// sanitizers. Prints the slowest units and the total: "slowest 0.123 s CPU  FILE".
#include <sys/resource.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

std::vector<std::filesystem::path> files_of(const char* folder) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

// unit_times [-top=N] [-limit=SECONDS] FOLDER... (the N slowest units, default 3, then the total; with a
// limit, exit status 2 when a unit took longer)
int main(int argc, char** argv) {
  std::size_t top = 3;
  double limit = 0;
  std::vector<std::pair<double, std::string>> times;
  double total = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument.rfind("-top=", 0) == 0) {
      top = std::strtoul(argument.c_str() + 5, nullptr, 10);
      continue;
    }
    if (argument.rfind("-limit=", 0) == 0) {
      limit = std::strtod(argument.c_str() + 7, nullptr);
      continue;
    }
    for (const auto& path : files_of(argv[i])) {
      std::ifstream in(path, std::ios::binary);
      const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                            std::istreambuf_iterator<char>()};
      const double before = cpu_seconds();
      LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
      const double spent = cpu_seconds() - before;
      total += spent;
      times.emplace_back(spent, path.string());
    }
  }
  std::sort(times.rbegin(), times.rend());
  for (std::size_t i = 0; i < std::min(top, times.size()); ++i)
    std::printf("slowest %.3f s CPU  %s\n", times[i].first, times[i].second.c_str());
  std::printf("total %.2f s CPU over %zu files\n", total, times.size());
  if (times.empty()) return 1;
  if (limit > 0 && times.front().first > limit) {
    std::printf("OVER THE LIMIT: %s took %.3f s CPU, the bound is %g s\n", times.front().second.c_str(),
                times.front().first, limit);
    return 2;
  }
  return 0;
}
