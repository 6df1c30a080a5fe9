// The bytes the root rank broadcasts: every outcome survives the trip, and anything else is
// refused with what is wrong.
#include "store/broadcast_record.h"

#include <tiletune/error.h>

#include <gtest/gtest.h>

#include <string>

namespace tiletune::detail {
namespace {

using Outcome = BroadcastRecord::Outcome;

BroadcastRecord winner(Outcome outcome) {
  BroadcastRecord r;
  r.outcome = outcome;
  r.result.site = "vadd.cu:3 vadd<$tile>";
  r.result.device = "fake-sm90";
  r.result.key = key(1000, 7);
  r.result.hints.occupancy = 2;
  r.result.space_checksum = 0x5f0c8b1d9a3e2c47ull;
  r.result.axis_names = {"tile", "unroll"};
  r.result.best = Config{256, 4};
  r.result.median_ms = 0.0123;
  return r;
}

std::string refusal(const std::string& bytes) {
  try {
    decode_broadcast(bytes);
  } catch (const Error& e) {
    return e.what();
  }
  return "accepted";
}

TEST(BroadcastRecord, EveryOutcomeSurvivesTheTrip) {
  for (Outcome outcome : {Outcome::measured, Outcome::chosen}) {
    const BroadcastRecord sent = winner(outcome);
    const BroadcastRecord got = decode_broadcast(encode_broadcast(sent));
    EXPECT_EQ(got.outcome, outcome);
    EXPECT_TRUE(got.result.same_identity(sent.result));
    EXPECT_EQ(got.result.space_checksum, sent.result.space_checksum);
    EXPECT_EQ(got.result.axis_names, sent.result.axis_names);
    EXPECT_EQ(got.result.best, sent.result.best);
    EXPECT_DOUBLE_EQ(got.result.median_ms, sent.result.median_ms);
    EXPECT_EQ(got.failure, "");
  }
  BroadcastRecord failed = winner(Outcome::failed);
  failed.result.best = Config{};
  failed.result.axis_names.clear();
  failed.failure = "vadd.cu:3: tiletune: no configuration could run:\n  [x]\n  tile=64: ...";
  const BroadcastRecord got = decode_broadcast(encode_broadcast(failed));
  EXPECT_EQ(got.outcome, Outcome::failed);
  EXPECT_EQ(got.failure, failed.failure);
  EXPECT_TRUE(got.result.same_identity(failed.result));
}

TEST(BroadcastRecord, AnythingElseIsRefusedSayingWhat) {
  const std::string good = encode_broadcast(winner(Outcome::measured));
  const std::string prefix = "the broadcast bytes are not a tiletune record (";
  EXPECT_EQ(refusal("").rfind(prefix + "no first line)", 0), 0u);
  EXPECT_EQ(refusal("tiletune-broadcast 2\n").rfind(prefix + "it does not start with", 0), 0u);
  EXPECT_EQ(refusal("tiletune-broadcast 1\n").rfind(prefix + "no outcome line)", 0), 0u);
  EXPECT_EQ(refusal("tiletune-broadcast 1\nresult = x\n")
                .rfind(prefix + "expected 'outcome = ...', got 'result = x')", 0),
            0u);
  EXPECT_EQ(
      refusal("tiletune-broadcast 1\noutcome = won\n").rfind(prefix + "unknown outcome 'won')", 0),
      0u);
  EXPECT_EQ(refusal("tiletune-broadcast 1\noutcome = failed\nfailure_bytes = 99\nshort\n")
                .rfind(prefix + "failure_bytes '99' is not a size within the record)", 0),
            0u);
  EXPECT_EQ(refusal("tiletune-broadcast 1\noutcome = failed\nfailure_bytes = 0\n")
                .rfind(prefix + "it holds 0 results, not 1)", 0),
            0u);
  EXPECT_EQ(
      refusal(good + good.substr(good.find("\n["))).rfind(prefix + "it holds 2 results, not 1)", 0),
      0u);
  std::string bad_key = good;
  bad_key.replace(bad_key.find("key = 1000, 7"), 13, "key = many");
  EXPECT_EQ(refusal(bad_key).rfind(prefix + "broadcast:", 0), 0u) << refusal(bad_key);
}

}  // namespace
}  // namespace tiletune::detail
