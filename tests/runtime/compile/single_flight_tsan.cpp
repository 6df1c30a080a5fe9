// The caching compiler's concurrency, built with -fsanitize=thread: single flight, errors reaching
// every waiter, different keys in parallel on the pool, and one disk cache directory shared by two
// compilers. Fake stages stand in for NVRTC and nvJitLink (neither is instrumented). A plain
// program: it prints what failed and exits non-zero; ThreadSanitizer exits non-zero on a race.
#include "compile/cache/caching_compiler.h"
#include "compile/cache/single_flight.h"
#include "store/disk_cache.h"
#include "support/fake_stages.h"
#include "tune/thread_pool.h"

#include <tiletune/error.h>

#include <stdlib.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <future>
#include <string>
#include <thread>
#include <vector>

namespace {

using tiletune::CompileError;
using tiletune::detail::CachingCompiler;
using tiletune::detail::CompiledKernel;
using tiletune::detail::CompileRequest;
using tiletune::detail::DiskCache;
using tiletune::detail::SingleFlightCache;
using tiletune::detail::ThreadPool;
using tiletune::testing::fake_request;
using tiletune::testing::FakeStages;

int failures = 0;

void check(bool ok, const std::string& what) {
  if (!ok) {
    std::fprintf(stderr, "FAILED: %s\n", what.c_str());
    ++failures;
  }
}

void sixteen_threads_one_key() {
  FakeStages::Shared shared;
  shared.set_open(false);
  CachingCompiler compiler(std::make_unique<FakeStages>(shared));
  std::vector<std::shared_ptr<const CompiledKernel>> results(16);
  std::vector<std::thread> threads;
  for (int i = 0; i < 16; ++i)
    threads.emplace_back([&, i] { results[i] = compiler.compile(fake_request("k<1>", 2)); });
  shared.set_open(true);
  for (std::thread& t : threads) t.join();
  check(shared.front_end_runs == 1, "16 threads, one key: one front-end run, got " +
                                        std::to_string(shared.front_end_runs.load()));
  check(shared.machine_code_runs == 1, "16 threads, one key: one machine-code run");
  for (const auto& r : results) check(r == results[0], "16 threads share one compiled variant");
}

void error_reaches_every_waiter() {
  SingleFlightCache<int, int> cache;
  std::atomic<int> runs{0};
  std::atomic<int> started{0};
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::vector<int> computed(8, 0), threw(8, 0);
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&, i] {
      ++started;
      bool first = false;
      try {
        cache.get(
            7,
            [&]() -> int {
              ++runs;
              released.wait();
              throw std::runtime_error("failed");
            },
            &first);
      } catch (const std::runtime_error&) {
        threw[i] = 1;
      }
      computed[i] = first;
    });
  }
  while (started < 8) std::this_thread::yield();
  release.set_value();
  for (std::thread& t : threads) t.join();
  int computing = 0;
  for (int i = 0; i < 8; ++i) {
    check(threw[i] == 1, "every caller of a failed computation gets its exception");
    computing += computed[i];
  }
  check(computing == runs, "each computation had exactly one computing caller");
  check(cache.size() == 0, "a failed computation is not cached");
  check(cache.get(7, [] { return 42; }) == 42, "the next caller after a failure computes again");
}

void compiler_error_reaches_every_caller() {
  FakeStages::Shared shared;
  shared.set_open(false);
  CachingCompiler compiler(std::make_unique<FakeStages>(shared));
  std::vector<std::string> messages(8);
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&, i] {
      CompileRequest r = fake_request("bad<1>", 2);
      r.description = "tile=" + std::to_string(i);
      try {
        compiler.compile(r);
      } catch (const CompileError& e) {
        messages[i] = std::string(e.what()) + " | " + e.log();
      }
    });
  }
  shared.set_open(true);
  for (std::thread& t : threads) t.join();
  for (int i = 0; i < 8; ++i) {
    check(messages[i].starts_with("configuration tile=" + std::to_string(i) + ": fake front end"),
          "error names the caller's configuration: " + messages[i]);
    check(messages[i].find("user.cu(7): error") != std::string::npos, "error keeps the log");
  }
  const int runs = shared.front_end_runs;
  try {
    compiler.compile(fake_request("bad<1>", 2));
  } catch (const CompileError&) {
  }
  check(shared.front_end_runs == runs + 1, "a failed compile is not cached");
}

void different_keys_in_parallel() {
  FakeStages::Shared shared;
  shared.wait_for_inside = 4;
  CachingCompiler compiler(std::make_unique<FakeStages>(shared));
  ThreadPool pool(4);
  std::vector<std::future<std::shared_ptr<const CompiledKernel>>> futures;
  for (int i = 0; i < 4; ++i)
    futures.push_back(pool.submit(
        [&compiler, i] { return compiler.compile(fake_request("k<" + std::to_string(i) + ">")); }));
  for (auto& f : futures) f.get();
  check(shared.most_inside == 4, "4 keys on a pool of 4 compile at once, most at once: " +
                                     std::to_string(shared.most_inside));
}

void shared_disk_directory(const std::string& directory) {
  FakeStages::Shared shared;
  std::vector<std::string> warnings;
  auto warn = [&](const std::string& w) { warnings.push_back(w); };
  CachingCompiler first(std::make_unique<FakeStages>(shared), DiskCache::open(directory, warn));
  CachingCompiler second(std::make_unique<FakeStages>(shared), DiskCache::open(directory, warn));
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      CachingCompiler& compiler = t % 2 ? first : second;
      for (int k = 0; k < 6; ++k) {
        const int key = (k + t) % 6;
        auto kernel = compiler.compile(fake_request("k<" + std::to_string(key) + ">", 1));
        const std::string expected =
            "ptx of k<" + std::to_string(key) + "> occupancy 1 threads 256";
        if (std::string(kernel->cubin.begin(), kernel->cubin.end()) != expected) ++wrong;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  check(wrong == 0, "every variant read back whole through a shared directory");
  check(warnings.empty(), "no warning for a private directory");
  check(first.disk_cache()->discarded() == 0 && second.disk_cache()->discarded() == 0,
        "no file was found torn");
}

}  // namespace

int main() {
  char pattern[] = "/tmp/tiletune-tsan-XXXXXX";
  if (::mkdtemp(pattern) == nullptr) return 2;
  sixteen_threads_one_key();
  error_reaches_every_waiter();
  compiler_error_reaches_every_caller();
  different_keys_in_parallel();
  shared_disk_directory(std::string(pattern) + "/cache");
  std::filesystem::remove_all(pattern);
  if (failures == 0) std::printf("single-flight under ThreadSanitizer: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
