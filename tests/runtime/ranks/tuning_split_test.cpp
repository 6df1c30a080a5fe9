// Tuning split across ranks (include/tiletune/all_gather.h) on the fake device: the assignment
// rule, the all-gather record, and tune_ahead in real processes (fork), one per rank, whose
// all-gather is files in a shared directory (a test's stand-in for MPI; the product has none).
// Each rank's device makes a different tile the fastest, so a winner says which rank tuned it.
#include "ranks/work_split.h"
#include "runtime.h"
#include "store/gathered_record.h"
#include "support/fake_device.h"
#include "support/log_file.h"
#include "support/temporary_directory.h"
#include "support/vadd_site.h"

#include <tiletune/all_gather.h>
#include <tiletune/broadcast.h>
#include <tiletune/error.h>
#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;

const std::vector<long long> kTiles = {64, 128, 256, 512};

TEST(WorkSplit, EachLaunchOnOneRankDealtToAndFroAsEvenAsCounts) {
  std::vector<int> owner(16, -1);
  for (int rank = 0; rank < 4; ++rank) {
    const std::vector<int> mine = detail::launches_of_rank(16, rank, 4);
    EXPECT_EQ(mine.size(), 4u);
    for (int i : mine) {
      EXPECT_EQ(owner[i], -1) << i;
      owner[i] = rank;
    }
  }
  // Dealt to and fro: 0 1 2 3, then 3 2 1 0, ...
  const std::vector<int> expected = {0, 1, 2, 3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 2, 1, 0};
  EXPECT_EQ(owner, expected);
  EXPECT_EQ(detail::launches_of_rank(5, 0, 4), (std::vector<int>{0}));
  EXPECT_EQ(detail::launches_of_rank(5, 3, 4), (std::vector<int>{3, 4}));
  EXPECT_EQ(detail::launches_of_rank(6, 0, 4), (std::vector<int>{0}));  // 4 and 5 go to 3 and 2
  EXPECT_TRUE(detail::launches_of_rank(2, 3, 4).empty());
  EXPECT_EQ(detail::launches_of_rank(3, 0, 1), (std::vector<int>{0, 1, 2}));
}

TEST(WorkSplit, RetriesGoRoundTheAbleRanksOnly) {
  const std::vector<int> failed = {2, 6, 9};
  const std::vector<int> able = {0, 1, 3};
  EXPECT_EQ(detail::retries_of_rank(failed, able, 0), (std::vector<int>{2}));
  EXPECT_EQ(detail::retries_of_rank(failed, able, 1), (std::vector<int>{6}));
  EXPECT_EQ(detail::retries_of_rank(failed, able, 3), (std::vector<int>{9}));
  EXPECT_TRUE(detail::retries_of_rank(failed, able, 2).empty());  // the rank that failed
  EXPECT_TRUE(detail::retries_of_rank(failed, {}, 0).empty());
}

TEST(GatheredRecord, RoundTripsLaunchesFailuresAndWinners) {
  detail::GatheredRecord record;
  record.rank = 3;
  record.launch_count = 12;
  detail::GatheredLaunch ran;
  ran.index = 7;
  detail::BroadcastRecord winner;
  winner.outcome = detail::BroadcastRecord::Outcome::measured;
  winner.result.site = "vadd.cu:3 vadd<$tile>";
  winner.result.device = "fake-sm90";
  winner.result.key = key(1000);
  winner.result.axis_names = {"tile"};
  winner.result.best = {256};
  winner.result.median_ms = 1.5;
  ran.winners = {winner, winner};
  detail::GatheredLaunch failed;
  failed.index = 11;
  failed.failure = "no configuration ran\nwith a second line";
  record.launches = {ran, failed};
  const detail::GatheredRecord back = detail::decode_gathered(detail::encode_gathered(record));
  EXPECT_EQ(back.rank, 3);
  EXPECT_EQ(back.launch_count, 12);
  ASSERT_EQ(back.launches.size(), 2u);
  EXPECT_EQ(back.launches[0].index, 7);
  EXPECT_TRUE(back.launches[0].failure.empty());
  ASSERT_EQ(back.launches[0].winners.size(), 2u);
  EXPECT_EQ(back.launches[0].winners[1].result.best, (Config{256}));
  EXPECT_EQ(back.launches[0].winners[1].result.site, "vadd.cu:3 vadd<$tile>");
  EXPECT_EQ(back.launches[1].index, 11);
  EXPECT_EQ(back.launches[1].failure, "no configuration ran\nwith a second line");
  EXPECT_TRUE(back.launches[1].winners.empty());
}

TEST(GatheredRecord, MalformedBytesSayWhatIsWrong) {
  const auto error_of = [](const std::string& bytes) {
    try {
      detail::decode_gathered(bytes);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error_of("hello").find("it does not start with 'tiletune-gathered 1'"),
            std::string::npos);
  EXPECT_NE(error_of("tiletune-gathered 1\nrank = x\n").find("rank 'x' is not a number"),
            std::string::npos);
  EXPECT_NE(error_of("tiletune-gathered 1\nrank = 0\nlaunch_count = 1\nlaunches = 1\nlaunch = "
                     "0\nfailure_bytes = "
                     "99\nab")
                .find("a failure runs past the end"),
            std::string::npos);
  EXPECT_NE(error_of("tiletune-gathered 1\nrank = 0\nlaunch_count = 0\nlaunches = 0\nextra")
                .find("bytes after the last launch"),
            std::string::npos);
}

// One rank's vadd over the keys n = 1000 * (i + 1): its device makes kTiles[(rank + 1) % 4] the
// fastest, so each key's winner says which rank measured it.
struct RankRig {
  int rank;
  FakeDevice* device;
  testing::LogFile log;
  std::unique_ptr<Runtime> runtime;
  std::unique_ptr<Site> site;

  RankRig(int r, const std::string& results) : rank(r) {
    const std::string fastest = "(" + std::to_string(fastest_tile(r)) + ")";
    auto d = std::make_unique<FakeDevice>([fastest](const std::string& v, const Geometry&) {
      return v.find(fastest) != std::string::npos ? 1.0 : 3.0;
    });
    device = d.get();
    RuntimeOptions options;
    options.log = log.get();
    options.results_file = results;
    runtime = std::make_unique<Runtime>(std::move(d), std::make_shared<FakeCompiler>(), options);
    site = std::make_unique<Site>(testing::vadd_site(Space::cartesian({{"tile", kTiles}})),
                                  runtime.get());
  }
  static long long fastest_tile(int rank) { return kTiles[(rank + 1) % kTiles.size()]; }

  void launch(int i) {
    int n = 1000 * (i + 1);
    void* args[1] = {&n};
    site->launch(
        key(n),
        [&](const Config& c) {
          return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
        },
        args);
  }
  TuningResult result(int i) { return *site->result(key(1000 * (i + 1))); }
  // `shared`: each launch also launches the key of index kShared, which every launch meets.
  static constexpr int kShared = 99;
  std::vector<std::function<void()>> launches(int count, bool shared = false) {
    std::vector<std::function<void()>> out;
    for (int i = 0; i < count; ++i)
      out.push_back([this, i, shared] {
        launch(i);
        if (shared) launch(kShared);
      });
    return out;
  }
};

// An all-gather between forked processes through files in `directory`: each rank writes its
// bytes for round k, then waits (bounded) for every rank's.
std::vector<std::string> file_all_gather(const std::string& directory, int rank, int size,
                                         int& round, const std::string& mine) {
  const std::string prefix = directory + "/round" + std::to_string(round++) + ".rank";
  { std::ofstream(prefix + std::to_string(rank) + ".tmp", std::ios::binary) << mine; }
  std::filesystem::rename(prefix + std::to_string(rank) + ".tmp", prefix + std::to_string(rank));
  std::vector<std::string> all;
  for (int r = 0; r < size; ++r) {
    const std::string path = prefix + std::to_string(r);
    for (int i = 0; i < 20000 && !std::filesystem::exists(path); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::ifstream in(path, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    all.push_back(bytes.str());
  }
  return all;
}

// What one rank reports, one line each: "ran I J ...", "received N", "timed_after N" (timings
// made after tune_ahead while launching every key), "key I tile T from_rank R", or
// "error WHAT" when tune_ahead threw.
using RankBody = std::function<std::string(int rank, const std::string& directory)>;

// Runs `body` in `size` forked processes, one per rank; their reports, in rank order.
std::vector<std::string> run_ranks(int size, const RankBody& body) {
  testing::TemporaryDirectory directory;
  std::vector<pid_t> pids;
  for (int rank = 0; rank < size; ++rank) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      std::string report;
      try {
        report = body(rank, directory.path().string());
      } catch (const std::exception& e) {
        report = std::string("uncaught ") + e.what();
      }
      std::ofstream(directory.path() / ("report" + std::to_string(rank))) << report;
      ::_exit(0);
    }
    pids.push_back(pid);
  }
  std::vector<std::string> reports;
  for (int rank = 0; rank < size; ++rank) {
    int status = 0;
    ::waitpid(pids[rank], &status, 0);
    std::ifstream in(directory.path() / ("report" + std::to_string(rank)));
    std::stringstream text;
    text << in.rdbuf();
    reports.push_back(text.str());
  }
  return reports;
}

// tune_ahead over `keys` keys on this rank, then a launch of every key; the report above.
// `no_gpu`: this rank has none. Launch `failing` throws wherever it runs.
// `passed`: how many of the launches this rank passes (all `keys` when negative).
std::string split_rank(int rank, int size, int keys, const std::string& directory,
                       bool no_gpu = false, int failing = -1, int passed = -1) {
  RankRig rig(rank, directory + "/results" + std::to_string(rank) + ".txt");
  rig.device->absent = no_gpu;
  std::vector<std::function<void()>> launches = rig.launches(passed < 0 ? keys : passed);
  if (failing >= 0)
    launches[failing] = [] { throw std::runtime_error("the warm-up's buffers are too small"); };
  int round = 0;
  set_all_gather(AllGather{rank, size, [&](const std::string& mine) {
                             return file_all_gather(directory, rank, size, round, mine);
                           }});
  std::string report;
  try {
    const TunedAhead done = tune_ahead(launches);
    report += "ran";
    for (int i : done.ran_here) report += " " + std::to_string(i);
    report += "\nreceived " + std::to_string(done.received) + "\n";
  } catch (const Error& e) {
    report += std::string("error ") + e.what() + "\n";
  }
  if (rig.device->absent) return report;
  const std::size_t timed = rig.device->timed().size();
  for (int i = 0; i < keys; ++i) {
    try {
      rig.launch(i);
      const TuningResult r = rig.result(i);
      report += "key " + std::to_string(i) + " tile " + std::to_string(r.best_config()[0]) +
                " from_rank " + std::to_string(r.from_rank) + "\n";
    } catch (const Error& e) {
      report += "key " + std::to_string(i) + " error\n";
    }
  }
  report += "timed_after " + std::to_string(rig.device->timed().size() - timed) + "\n";
  report += "log " + std::to_string(rig.log.text().find("from rank") != std::string::npos) + "\n";
  return report;
}

// The rank that runs launch i of 8 on 4 ranks first (dealt to and fro: ranks/work_split.h).
const int kOwner[8] = {0, 1, 2, 3, 3, 2, 1, 0};

bool has_line(const std::string& report, const std::string& line) {
  return ("\n" + report).find("\n" + line + "\n") != std::string::npos;
}

TEST(TuningSplit, FourRanksEachTuneAQuarterAndAllEndWithEveryWinner) {
  const std::vector<std::string> reports =
      run_ranks(4, [](int rank, const std::string& dir) { return split_rank(rank, 4, 8, dir); });
  for (int rank = 0; rank < 4; ++rank) {
    const std::string& report = reports[rank];
    SCOPED_TRACE("rank " + std::to_string(rank) + ":\n" + report);
    EXPECT_TRUE(has_line(report, "ran " + std::to_string(rank) + " " + std::to_string(7 - rank)));
    EXPECT_TRUE(has_line(report, "received 6"));
    EXPECT_TRUE(has_line(report, "timed_after 0"));  // every key decided: by itself or sent
    EXPECT_TRUE(has_line(report, "log 1"));
    for (int i = 0; i < 8; ++i) {
      const int tuner = kOwner[i];
      EXPECT_TRUE(has_line(report, "key " + std::to_string(i) + " tile " +
                                       std::to_string(RankRig::fastest_tile(tuner)) +
                                       " from_rank " + std::to_string(tuner == rank ? -1 : tuner)))
          << "key " << i;
    }
  }
}

TEST(TuningSplit, ARankWithNoGpuHasItsShareRetunedByTheOthers) {
  const std::vector<std::string> reports = run_ranks(
      4, [](int rank, const std::string& dir) { return split_rank(rank, 4, 8, dir, rank == 2); });
  // Rank 2's launches 2 and 5 failed there; the able ranks 0, 1, 3 take them in turn.
  const std::vector<std::string> ran = {"ran 0 7 2", "ran 1 6 5", "ran 2 5", "ran 3 4"};
  for (int rank = 0; rank < 4; ++rank) {
    const std::string& report = reports[rank];
    SCOPED_TRACE("rank " + std::to_string(rank) + ":\n" + report);
    EXPECT_TRUE(has_line(report, ran[rank]));
    if (rank == 2) {
      EXPECT_TRUE(has_line(report, "received 8"));
      continue;
    }
    // Six winners of others, less the one it retuned itself (ranks 0 and 1).
    EXPECT_TRUE(has_line(report, rank == 3 ? "received 6" : "received 5"));
    EXPECT_TRUE(has_line(report, "timed_after 0"));
    for (int i = 0; i < 8; ++i) {
      const int tuner = i == 2 ? 0 : i == 5 ? 1 : kOwner[i];
      EXPECT_TRUE(has_line(report, "key " + std::to_string(i) + " tile " +
                                       std::to_string(RankRig::fastest_tile(tuner)) +
                                       " from_rank " + std::to_string(tuner == rank ? -1 : tuner)))
          << "key " << i;
    }
  }
}

TEST(TuningSplit, ALaunchThatFailsOnEveryRankIsAnErrorOnEveryRankAndTheRestIsKept) {
  const std::vector<std::string> reports = run_ranks(
      4, [](int rank, const std::string& dir) { return split_rank(rank, 4, 8, dir, false, 3); });
  for (int rank = 0; rank < 4; ++rank) {
    const std::string& report = reports[rank];
    SCOPED_TRACE("rank " + std::to_string(rank) + ":\n" + report);
    // Rank 3 ran it first, rank 0 (the first able rank) again.
    EXPECT_TRUE(has_line(report,
                         "error tiletune: tune_ahead: launch 3 failed on rank 3 (the warm-up's "
                         "buffers are too small) and on rank 0 (the warm-up's buffers are too "
                         "small) (every other launch's winners are kept)"));
    for (int i = 0; i < 8; ++i) {
      if (i == 3) continue;  // decided at its first launch, by each rank alone
      const int tuner = kOwner[i];
      EXPECT_TRUE(has_line(report, "key " + std::to_string(i) + " tile " +
                                       std::to_string(RankRig::fastest_tile(tuner)) +
                                       " from_rank " + std::to_string(tuner == rank ? -1 : tuner)))
          << "key " << i;
    }
  }
}

TEST(TuningSplit, AKeyMetByLaunchesOnSeveralRanksTakesTheLowestLaunchsWinnerEverywhere) {
  // Every launch also meets one shared key: each rank decides it in its own first launch; launch
  // 0's decision (rank 0's) is every rank's, the others forgetting their own.
  const std::vector<std::string> reports = run_ranks(4, [](int rank, const std::string& dir) {
    RankRig rig(rank, dir + "/results" + std::to_string(rank) + ".txt");
    int round = 0;
    set_all_gather(AllGather{rank, 4, [&](const std::string& mine) {
                               return file_all_gather(dir, rank, 4, round, mine);
                             }});
    const TunedAhead done = tune_ahead(rig.launches(8, true));
    const std::size_t timed = rig.device->timed().size();
    rig.launch(RankRig::kShared);
    const TuningResult r = rig.result(RankRig::kShared);
    return "received " + std::to_string(done.received) + "\nshared tile " +
           std::to_string(r.best_config()[0]) + " from_rank " + std::to_string(r.from_rank) +
           "\ntimed_after " + std::to_string(rig.device->timed().size() - timed) + "\n";
  });
  for (int rank = 0; rank < 4; ++rank) {
    SCOPED_TRACE("rank " + std::to_string(rank) + ":\n" + reports[rank]);
    EXPECT_TRUE(has_line(reports[rank], "shared tile " + std::to_string(RankRig::fastest_tile(0)) +
                                            " from_rank " + (rank == 0 ? "-1" : "0")));
    EXPECT_TRUE(has_line(reports[rank], "timed_after 0"));
    EXPECT_TRUE(has_line(reports[rank], rank == 0 ? "received 6" : "received 7"));
  }
}

TEST(TuningSplit, RanksPassingDifferentLaunchesAllStopSayingSo) {
  const std::vector<std::string> reports = run_ranks(2, [](int rank, const std::string& dir) {
    return split_rank(rank, 2, 8, dir, false, -1, rank == 1 ? 7 : 8);
  });
  EXPECT_TRUE(has_line(reports[0],
                       "error tiletune: tune_ahead: rank 1 passed 7 launches and rank 0 8 (every "
                       "rank must pass the same launches, in the same order)"))
      << reports[0];
  EXPECT_TRUE(has_line(reports[1],
                       "error tiletune: tune_ahead: rank 0 passed 8 launches and rank 1 7 (every "
                       "rank must pass the same launches, in the same order)"))
      << reports[1];
}

TEST(TuningSplit, WithoutAnAllGatherEveryLaunchRunsHereAndLaterKeysUseTheBroadcast) {
  testing::TemporaryDirectory dir;
  set_all_gather(AllGather{});
  RankRig rig(0, (dir.path() / "results.txt").string());
  const TunedAhead done = tune_ahead(rig.launches(3));
  EXPECT_EQ(done.ran_here, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(done.received, 0);
  const std::size_t timed = rig.device->timed().size();
  EXPECT_GT(timed, 0u);
  // A key no launch met falls back to the broadcast hook, as the root here.
  int broadcasts = 0;
  set_broadcast(Broadcast{true, [&](std::string&) { ++broadcasts; }});
  for (int i = 0; i < 3; ++i) rig.launch(i);
  EXPECT_EQ(broadcasts, 0);
  EXPECT_EQ(rig.device->timed().size(), timed);
  rig.launch(5);
  EXPECT_EQ(broadcasts, 1);
  set_broadcast(Broadcast{});
}

TEST(TuningSplit, AnAllGatherThatReturnsTheWrongCountIsAnError) {
  testing::TemporaryDirectory dir;
  RankRig rig(0, (dir.path() / "results.txt").string());
  set_all_gather(
      AllGather{0, 2, [](const std::string& mine) { return std::vector<std::string>{mine}; }});
  try {
    tune_ahead(rig.launches(2));
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "tiletune: tune_ahead: the all-gather function returned 1 strings for 2 ranks (one "
              "per rank, in rank order, is what it must return)");
  }
  set_all_gather(AllGather{3, 2, [](const std::string& mine) {
                             return std::vector<std::string>{mine, mine};
                           }});
  EXPECT_THROW(tune_ahead(rig.launches(2)), Error);
  set_all_gather(AllGather{});
}

}  // namespace
}  // namespace tiletune
