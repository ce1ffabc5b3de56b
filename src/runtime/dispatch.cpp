// SPDX-License-Identifier: MIT
#include <atomic>

#include "bonebridge/runtime/jobs.hpp"
#include "simd.hpp"

namespace bonebridge::runtime {
namespace {
std::atomic<bool> forced_scalar{false};
}  // namespace

bool simd::scalar_only() {
#ifdef BONEBRIDGE_RUNTIME_SSE
  return forced_scalar.load(std::memory_order_relaxed);
#else
  return true;
#endif
}

const char* simd_path() {
  return simd::scalar_only() ? "scalar" : "sse2";
}

void force_scalar(bool scalar) {
  forced_scalar.store(scalar, std::memory_order_relaxed);
}

}  // namespace bonebridge::runtime
