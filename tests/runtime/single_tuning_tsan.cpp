// Under ThreadSanitizer (this file and the whole runtime built with -fsanitize=thread): many
// threads launch one site at once, on the same and on different keys, while others clear it; each
// (site, key) is tuned once per round and every launch gets a winner. Then threads on four GPUs of
// one model (the fake device's contexts) launch new keys at once: each is measured once in all. A
// plain program, since GoogleTest is not instrumented; it exits non-zero on the first failed check,
// and TSan's halt_on_error makes any data race fatal.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#define CHECK(condition)                                                                 \
  do {                                                                                   \
    if (!(condition)) {                                                                  \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

using namespace tiletune;
using testing::launch_vadd;

int main() {
  auto d = std::make_unique<testing::FakeDevice>([](const std::string& v, const Geometry&) {
    return v.find("(128)") != std::string::npos ? 1.0 : 2.0;
  });
  testing::FakeDevice* device = d.get();
  auto compiler = std::make_shared<testing::FakeCompiler>();
  RuntimeOptions options;
  options.log = nullptr;
  options.workers = 4;
  Runtime runtime(std::move(d), compiler, options);
  SiteInfo info;
  info.file = "t.cu";
  info.line = 1;
  info.kernel = "k<$tile>";
  info.name_expression = "k<$tile>";
  info.space = Space::cartesian({{"tile", {64, 128, 256}}});
  Site site(std::move(info), &runtime);

  constexpr int kThreads = 16;
  constexpr int kKeys = 4;
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      ++ready;
      while (ready.load() < kThreads) std::this_thread::yield();
      for (int i = 0; i < 50; ++i) {
        long long n = 1000 * (1 + (t + i) % kKeys);
        launch_vadd(site, n);
      }
    });
  for (std::thread& t : threads) t.join();

  int tunings = 0, hits = 0;
  for (const TuningResult& r : tuning_results()) (r.cache_hit ? hits : tunings)++;
  CHECK(tunings == kKeys);
  CHECK(compiler->compiles.load() == 3 * kKeys);
  CHECK(device->launch_count.load() == kThreads * 50);
  for (int k = 1; k <= kKeys; ++k) {
    std::optional<TuningResult> r = site.result(key(1000LL * k));
    CHECK(r && r->best_config()[0] == 128);
  }

  // Readers on the lock-free table while a writer clears and others tune again.
  std::atomic<bool> stop{false};
  std::thread clearer([&] {
    for (int i = 0; i < 20; ++i) site.clear(key(1000LL * (1 + i % kKeys)));
    stop = true;
  });
  std::vector<std::thread> launchers;
  for (int t = 0; t < 4; ++t)
    launchers.emplace_back([&, t] {
      while (!stop.load()) {
        long long n = 1000 * (1 + t % kKeys);
        launch_vadd(site, n);
      }
    });
  clearer.join();
  for (std::thread& t : launchers) t.join();
  // Four GPUs of one model: threads on every one launch new keys at once.
  const std::size_t before = tuning_results().size();
  std::atomic<int> started{0};
  std::vector<std::thread> gpus;
  for (int t = 0; t < 8; ++t)
    gpus.emplace_back([&, t] {
      testing::FakeDevice::use_device(t % 4);
      ++started;
      while (started.load() < 8) std::this_thread::yield();
      for (int i = 0; i < 20; ++i) {
        long long n = 50000 + 1000 * ((t + i) % kKeys);
        launch_vadd(site, n);
      }
    });
  for (std::thread& t : gpus) t.join();
  const std::vector<TuningResult> all = tuning_results();
  int measured = 0;
  for (std::size_t i = before; i < all.size(); ++i)
    if (all[i].tuned && !all[i].cache_hit && !all[i].from_file) ++measured;
  CHECK(measured == kKeys);
  std::printf(
      "single tuning under concurrency: %d tunings, %d cache hits, %ld launches; on 4 GPUs "
      "%d measured for %d keys: ok\n",
      tunings, hits, device->launch_count.load(), measured, kKeys);
  return 0;
}
