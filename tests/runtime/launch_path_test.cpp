// After tuning, a launch is a key, a lock-free lookup and the driver's launch: this binary counts
// every malloc and every mutex lock the calling thread makes (the hooks below replace the C
// library's for this executable) and expects none on the launch path.
#include "runtime.h"
#include "support/fake_device.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <dlfcn.h>
#include <pthread.h>

#include <atomic>
#include <cstddef>
#include <mutex>
#include <string>

namespace {
thread_local bool counting = false;
thread_local long allocations = 0;
thread_local long locks = 0;
}  // namespace

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);

void* malloc(std::size_t n) {
  if (counting) ++allocations;
  return __libc_malloc(n);
}
void* calloc(std::size_t n, std::size_t size) {
  if (counting) ++allocations;
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t n) {
  if (counting) ++allocations;
  return __libc_realloc(p, n);
}

int pthread_mutex_lock(pthread_mutex_t* m) {
  if (counting) ++locks;
  static auto real =
      reinterpret_cast<int (*)(pthread_mutex_t*)>(dlsym(RTLD_NEXT, "pthread_mutex_lock"));
  return real(m);
}
int pthread_mutex_trylock(pthread_mutex_t* m) {
  if (counting) ++locks;
  static auto real =
      reinterpret_cast<int (*)(pthread_mutex_t*)>(dlsym(RTLD_NEXT, "pthread_mutex_trylock"));
  return real(m);
}
int pthread_rwlock_rdlock(pthread_rwlock_t* l) {
  if (counting) ++locks;
  static auto real =
      reinterpret_cast<int (*)(pthread_rwlock_t*)>(dlsym(RTLD_NEXT, "pthread_rwlock_rdlock"));
  return real(l);
}
int pthread_rwlock_wrlock(pthread_rwlock_t* l) {
  if (counting) ++locks;
  static auto real =
      reinterpret_cast<int (*)(pthread_rwlock_t*)>(dlsym(RTLD_NEXT, "pthread_rwlock_wrlock"));
  return real(l);
}
}

namespace tiletune {
namespace {

struct Counts {
  long allocations = 0;
  long locks = 0;
};

template <class F>
Counts count(F&& f) {
  allocations = locks = 0;
  counting = true;
  f();
  counting = false;
  return {allocations, locks};
}

using testing::FakeCompiler;
using testing::FakeDevice;

// The kernel's type, as the tool names it for the launch template.
void kernel(float* data, int n, long long seed);

TEST(LaunchPath, TheHooksSeeAllocationsAndLocks) {
  // Without this, a test expecting zero of each could not fail.
  std::mutex m;
  Counts c = count([&] {
    std::lock_guard lock(m);
    std::string s(100, 'x');
    (void)s;
  });
  EXPECT_GE(c.allocations, 1);
  EXPECT_GE(c.locks, 1);
}

TEST(LaunchPath, ATunedLaunchAllocatesNothingAndTakesNoLock) {
  auto d = std::make_unique<FakeDevice>([](const std::string& v, const Geometry&) {
    return v.find("(128)") != std::string::npos ? 1.0 : 2.0;
  });
  FakeDevice* device = d.get();
  RuntimeOptions options;
  options.log = nullptr;
  Runtime runtime(std::move(d), std::make_shared<FakeCompiler>(), options);
  SiteInfo info;
  info.file = "k.cu";
  info.line = 3;
  info.kernel = "kernel<$tile>";
  info.device_source = "";
  info.name_expression = "kernel<$tile>";
  info.space = Space::cartesian({{"tile", {64, 128, 256}}, {"num_ctas", {1, 2}}});
  Site site(std::move(info), &runtime);

  float* data = nullptr;
  int n = 1 << 20;
  auto geometry = [&](const Config& c) {
    return Geometry{Dim(cld(n, static_cast<int>(c[0]))), Dim(c[0]), 0, nullptr};
  };
  auto launch_once = [&] {
    launch<decltype(&kernel)>(site, key(bucket(n)), geometry, data, n, 42);
  };
  launch_once();  // tunes
  ASSERT_TRUE(site.result(key(bucket(n))).has_value());
  // A second key, so that the lookup is not trivially the only entry.
  n = 1000;
  launch_once();
  n = 1 << 20;

  device->record = false;
  long before = device->launch_count.load();
  Counts c = count([&] {
    for (int i = 0; i < 1000; ++i) launch_once();
  });
  EXPECT_EQ(device->launch_count.load() - before, 1000);
  EXPECT_EQ(c.allocations, 0);
  EXPECT_EQ(c.locks, 0);

  // A launch that tunes is allowed both: the hooks do see it.
  Counts tuning = count([&] {
    n = 77777;
    launch_once();
  });
  EXPECT_GT(tuning.allocations, 0);
  EXPECT_GT(tuning.locks, 0);
}

TEST(LaunchPath, EachGpuOfAProcessLaunchesItsWinnerWithoutALock) {
  // Two GPUs of one process (one context each): after each has its winner, a launch on either
  // is the same lock-free lookup.
  auto d = std::make_unique<FakeDevice>([](const std::string& v, const Geometry&) {
    return v.find("(128)") != std::string::npos ? 1.0 : 2.0;
  });
  FakeDevice* device = d.get();
  RuntimeOptions options;
  options.log = nullptr;
  Runtime runtime(std::move(d), std::make_shared<FakeCompiler>(), options);
  SiteInfo info;
  info.file = "k.cu";
  info.line = 3;
  info.kernel = "kernel<$tile>";
  info.name_expression = "kernel<$tile>";
  info.space = Space::cartesian({{"tile", {64, 128, 256}}});
  Site site(std::move(info), &runtime);
  float* data = nullptr;
  int n = 1 << 20;
  auto geometry = [&](const Config& c) {
    return Geometry{Dim(cld(n, static_cast<int>(c[0]))), Dim(c[0]), 0, nullptr};
  };
  auto launch_once = [&] {
    launch<decltype(&kernel)>(site, key(bucket(n)), geometry, data, n, 42);
  };
  for (int gpu : {0, 1}) {
    FakeDevice::use_device(gpu);
    launch_once();
    ASSERT_TRUE(site.result(key(bucket(n))).has_value());
  }
  device->record = false;
  for (int gpu : {1, 0}) {
    FakeDevice::use_device(gpu);
    const long before = device->launch_count.load();
    Counts c = count([&] {
      for (int i = 0; i < 1000; ++i) launch_once();
    });
    EXPECT_EQ(device->launch_count.load() - before, 1000) << "GPU " << gpu;
    EXPECT_EQ(c.allocations, 0) << "GPU " << gpu;
    EXPECT_EQ(c.locks, 0) << "GPU " << gpu;
  }
  FakeDevice::use_device(0);
}

}  // namespace
}  // namespace tiletune
