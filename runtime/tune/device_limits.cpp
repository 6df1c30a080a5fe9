#include "tune/device_limits.h"

namespace tiletune::detail {
namespace {

std::string dims(const Dim& d) {
  return "(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) + ")";
}

std::optional<std::string> cluster_violation(const DeviceInfo& device, const Geometry& g,
                                             int cluster) {
  if (cluster <= 1) return std::nullopt;
  if (!device.clusters)
    return "num_ctas = " + std::to_string(cluster) +
           ": thread-block clusters need sm_90 or later; the device is sm_" +
           std::to_string(device.arch);
  if (g.blocks.x % static_cast<unsigned>(cluster) != 0)
    return "num_ctas = " + std::to_string(cluster) + " does not divide the grid's x dimension (" +
           std::to_string(g.blocks.x) + " blocks)";
  return std::nullopt;
}

// "occupancy = 2 needs 2 x 512 = 1024 threads per multiprocessor; the device has 768", when
// `occupancy` times `per_block` is over a known `per_multiprocessor`.
std::optional<std::string> over_multiprocessor(int occupancy, unsigned long long per_block,
                                               int per_multiprocessor, const std::string& what) {
  const unsigned long long needed = static_cast<unsigned long long>(occupancy) * per_block;
  if (occupancy <= 0 || per_multiprocessor <= 0 ||
      needed <= static_cast<unsigned long long>(per_multiprocessor))
    return std::nullopt;
  return "occupancy = " + std::to_string(occupancy) + " needs " + std::to_string(occupancy) +
         " x " + std::to_string(per_block) + " = " + std::to_string(needed) + " " + what +
         " per multiprocessor; the device has " + std::to_string(per_multiprocessor);
}

}  // namespace

std::optional<std::string> device_limit_violation(const DeviceInfo& device, const Geometry& g,
                                                  int cluster) {
  if (g.blocks.count() == 0 || g.threads.count() == 0)
    return "launches nothing: blocks = " + dims(g.blocks) + ", threads = " + dims(g.threads);
  if (g.threads.count() > static_cast<unsigned long long>(device.max_threads_per_block))
    return "needs " + std::to_string(g.threads.count()) + " threads per block; the device allows " +
           std::to_string(device.max_threads_per_block);
  if (g.shmem > static_cast<unsigned>(device.max_shared_per_block))
    return "needs " + std::to_string(g.shmem) +
           " bytes of dynamic shared memory per block; the device allows " +
           std::to_string(device.max_shared_per_block);
  return cluster_violation(device, g, cluster);
}

std::optional<std::string> register_limit_violation(const Geometry& geometry, int registers,
                                                    int allowed) {
  if (geometry.threads.count() <= static_cast<unsigned long long>(allowed)) return std::nullopt;
  return "needs " + std::to_string(geometry.threads.count()) +
         " threads per block; compiled with " + std::to_string(registers) +
         " registers per thread it allows " + std::to_string(allowed);
}

std::optional<std::string> occupancy_violation(const DeviceInfo& device, const Geometry& geometry,
                                               int occupancy) {
  if (std::optional<std::string> why = over_multiprocessor(
          occupancy, geometry.threads.count(), device.max_threads_per_multiprocessor, "threads"))
    return why;
  return over_multiprocessor(occupancy, geometry.shmem, device.max_shared_per_multiprocessor,
                             "bytes of dynamic shared memory");
}

std::optional<std::string> occupancy_register_violation(const DeviceInfo& device,
                                                        const Geometry& geometry, int registers,
                                                        int occupancy) {
  // A build whose register count its compiler did not report (-1) is not judged by it.
  if (registers < 0) return std::nullopt;
  return over_multiprocessor(occupancy,
                             geometry.threads.count() * static_cast<unsigned long long>(registers),
                             device.registers_per_multiprocessor,
                             "registers (" + std::to_string(geometry.threads.count()) +
                                 " threads x " + std::to_string(registers) + ")");
}

}  // namespace tiletune::detail
