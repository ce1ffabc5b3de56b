// SPDX-License-Identifier: MIT
// A companion is parsed once per run: CompanionDocuments keeps what a family made of it, by setting and
// address, for every copy of one Options.
#include <gtest/gtest.h>

#include "bonebridge/plugin/family.hpp"

namespace bonebridge {
namespace {

TEST(CompanionDocuments, ParsedOnceForEveryCopyOfTheOptions) {
  Options options;
  const Options copy = options;  // a batch item's options
  int parses = 0;
  const auto parse = [&]() -> Result<std::string> {
    ++parses;
    return std::string("model");
  };
  auto first = options.documents->get<std::string>("model", "a.3do", parse);
  auto again = copy.documents->get<std::string>("model", "a.3do", parse);
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(parses, 1);
  EXPECT_EQ(first->get(), again->get());  // the same document, not a copy
  auto other = options.documents->get<std::string>("model", "b.3do", parse);
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(parses, 2);  // another address is another companion
}

TEST(CompanionDocuments, AFailureIsNotKept) {
  Options options;
  int parses = 0;
  const auto failing = [&]() -> Result<int> {
    ++parses;
    return Error{"test", "unreadable", {}, {}, {}};
  };
  EXPECT_FALSE(options.documents->get<int>("body", "x.lm2", failing).ok());
  EXPECT_FALSE(options.documents->get<int>("body", "x.lm2", failing).ok());
  EXPECT_EQ(parses, 2);  // each input reports the error itself
}

}  // namespace
}  // namespace bonebridge
