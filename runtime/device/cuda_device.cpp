#include "device/cuda_device.h"

#include <tiletune/error.h>

#include <cuda.h>
#include <cudaTypedefs.h>
#include <dlfcn.h>
#include <link.h>

#include <mutex>
#include <string>
#include <unordered_map>

namespace tiletune::detail {
namespace {

// Entry points resolved through cuGetProcAddress, each at the CUDA version whose signature the
// PFN type spells: asking for the headers' version instead can return a later variant with other
// parameters (cuCtxGetDevice at 13.0 is cuCtxGetDevice_v2, which also takes a context).
struct Driver {
  PFN_cuInit_v2000 init;
  PFN_cuGetErrorString_v6000 get_error_string;
  PFN_cuCtxGetCurrent_v4000 ctx_get_current;
  PFN_cuCtxSetCurrent_v4000 ctx_set_current;
  PFN_cuCtxGetDevice_v2000 ctx_get_device;
  PFN_cuDeviceGet_v2000 device_get;
  PFN_cuDevicePrimaryCtxRetain_v7000 primary_ctx_retain;
  PFN_cuDeviceGetAttribute_v2000 device_get_attribute;
  PFN_cuDeviceGetName_v2000 device_get_name;
  PFN_cuDriverGetVersion_v2020 driver_get_version;
  PFN_cuModuleLoadData_v2000 module_load_data;
  PFN_cuModuleGetFunction_v2000 module_get_function;
  PFN_cuModuleGetGlobal_v3020 module_get_global;
  PFN_cuFuncGetModule_v11000 func_get_module;
  PFN_cuLaunchKernelEx_v11060 launch_kernel_ex;
  PFN_cuEventCreate_v2000 event_create;
  PFN_cuEventDestroy_v4000 event_destroy;
  PFN_cuEventRecord_v2000 event_record;
  PFN_cuEventSynchronize_v2000 event_synchronize;
  PFN_cuEventElapsedTime_v12080 event_elapsed_time;
  PFN_cuFuncGetAttribute_v2020 func_get_attribute;
  PFN_cuFuncSetAttribute_v9000 func_set_attribute;
  PFN_cuMemAlloc_v3020 mem_alloc;
  PFN_cuMemFree_v3020 mem_free;
  PFN_cuMemcpyDtoDAsync_v3020 memcpy_dtod_async;
  PFN_cuMemcpyDtoHAsync_v3020 memcpy_dtoh_async;
  PFN_cuMemsetD8Async_v3020 memset_d8_async;
  PFN_cuStreamSynchronize_v2000 stream_synchronize;
  PFN_cuStreamIsCapturing_v10000 stream_is_capturing;
  PFN_cuThreadExchangeStreamCaptureMode_v10010 thread_exchange_capture_mode;
  // CUDA graphs: `measure = graph`, and the update of captured provisional launches.
  PFN_cuStreamCreate_v2000 stream_create;
  PFN_cuStreamDestroy_v4000 stream_destroy;
  PFN_cuStreamBeginCapture_v10010 stream_begin_capture;
  PFN_cuStreamEndCapture_v10000 stream_end_capture;
  PFN_cuStreamGetCaptureInfo_v12030 stream_get_capture_info;
  PFN_cuGraphInstantiateWithFlags_v11040 graph_instantiate;
  PFN_cuGraphUpload_v11010 graph_upload;
  PFN_cuGraphLaunch_v10000 graph_launch;
  PFN_cuGraphExecDestroy_v10000 graph_exec_destroy;
  PFN_cuGraphDestroy_v10000 graph_destroy;
  PFN_cuGraphGetNodes_v10000 graph_get_nodes;
  PFN_cuGraphNodeGetType_v10000 graph_node_get_type;
  PFN_cuGraphKernelNodeGetParams_v12000 kernel_node_get_params;
  PFN_cuGraphExecKernelNodeSetParams_v12000 exec_kernel_node_set_params;
  PFN_cuUserObjectCreate_v11030 user_object_create;
  PFN_cuGraphRetainUserObject_v11030 graph_retain_user_object;
};

std::string driver_error(const Driver& d, CUresult r) {
  const char* text = nullptr;
  if (d.get_error_string && d.get_error_string(r, &text) == CUDA_SUCCESS && text) return text;
  return "CUDA driver error " + std::to_string(static_cast<int>(r));
}

// Where the library opened as `library` was found.
std::string path_of(void* library, const std::string& name) {
  link_map* map = nullptr;
  if (dlinfo(library, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name && *map->l_name)
    return map->l_name;
  return name;
}

// The toolkit's stub libcuda, there to link against on machines without a driver, answers every
// call with CUDA_ERROR_STUB_LIBRARY: found first, it hides the driver, if there is one at all.
Error stub_loaded(void* library, const std::string& name) {
  return Error("tiletune: no CUDA driver was found: " + path_of(library, name) +
               " is the CUDA toolkit's stub library, not the driver (take the toolkit's stubs "
               "folder out of LD_LIBRARY_PATH, or install the NVIDIA driver)");
}

Driver load_driver(const std::string& name) {
  void* library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library)
    throw Error("tiletune: no CUDA driver on this machine (" + name +
                " could not be opened: " + std::string(dlerror()) + ")");
  using GetProcAddress =
      CUresult (*)(const char*, void**, int, cuuint64_t, CUdriverProcAddressQueryResult*);
  auto get_proc = reinterpret_cast<GetProcAddress>(dlsym(library, "cuGetProcAddress_v2"));
  if (!get_proc) throw Error("tiletune: the CUDA driver is too old (no cuGetProcAddress_v2)");

  Driver d{};
  auto resolve = [&](const char* entry, int version, auto& slot) {
    void* p = nullptr;
    CUdriverProcAddressQueryResult status{};
    const CUresult r = get_proc(entry, &p, version, CU_GET_PROC_ADDRESS_DEFAULT, &status);
    if (r == CUDA_ERROR_STUB_LIBRARY) throw stub_loaded(library, name);
    if (r != CUDA_SUCCESS || !p)
      throw Error(std::string("tiletune: the CUDA driver lacks ") + entry +
                  " (a driver for CUDA 12.0 or later is needed)");
    slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(p);
  };
  resolve("cuGetErrorString", 6000, d.get_error_string);
  resolve("cuInit", 2000, d.init);
  resolve("cuCtxGetCurrent", 4000, d.ctx_get_current);
  resolve("cuCtxSetCurrent", 4000, d.ctx_set_current);
  resolve("cuCtxGetDevice", 2000, d.ctx_get_device);
  resolve("cuDeviceGet", 2000, d.device_get);
  resolve("cuDevicePrimaryCtxRetain", 7000, d.primary_ctx_retain);
  resolve("cuDeviceGetAttribute", 2000, d.device_get_attribute);
  resolve("cuDeviceGetName", 2000, d.device_get_name);
  resolve("cuDriverGetVersion", 2020, d.driver_get_version);
  resolve("cuModuleLoadData", 2000, d.module_load_data);
  resolve("cuModuleGetFunction", 2000, d.module_get_function);
  resolve("cuModuleGetGlobal", 3020, d.module_get_global);
  resolve("cuFuncGetModule", 11000, d.func_get_module);
  resolve("cuLaunchKernelEx", 11060, d.launch_kernel_ex);
  resolve("cuEventCreate", 2000, d.event_create);
  resolve("cuEventDestroy", 4000, d.event_destroy);
  resolve("cuEventRecord", 2000, d.event_record);
  resolve("cuEventSynchronize", 2000, d.event_synchronize);
  resolve("cuEventElapsedTime", 12080, d.event_elapsed_time);
  resolve("cuFuncGetAttribute", 2020, d.func_get_attribute);
  resolve("cuFuncSetAttribute", 9000, d.func_set_attribute);
  resolve("cuMemAlloc", 3020, d.mem_alloc);
  resolve("cuMemFree", 3020, d.mem_free);
  resolve("cuMemcpyDtoDAsync", 3020, d.memcpy_dtod_async);
  resolve("cuMemcpyDtoHAsync", 3020, d.memcpy_dtoh_async);
  resolve("cuMemsetD8Async", 3020, d.memset_d8_async);
  resolve("cuStreamSynchronize", 2000, d.stream_synchronize);
  resolve("cuStreamIsCapturing", 10000, d.stream_is_capturing);
  resolve("cuThreadExchangeStreamCaptureMode", 10010, d.thread_exchange_capture_mode);
  resolve("cuStreamCreate", 2000, d.stream_create);
  resolve("cuStreamDestroy", 4000, d.stream_destroy);
  resolve("cuStreamBeginCapture", 10010, d.stream_begin_capture);
  resolve("cuStreamEndCapture", 10000, d.stream_end_capture);
  resolve("cuStreamGetCaptureInfo", 12030, d.stream_get_capture_info);
  resolve("cuGraphInstantiateWithFlags", 11040, d.graph_instantiate);
  resolve("cuGraphUpload", 11010, d.graph_upload);
  resolve("cuGraphLaunch", 10000, d.graph_launch);
  resolve("cuGraphExecDestroy", 10000, d.graph_exec_destroy);
  resolve("cuGraphDestroy", 10000, d.graph_destroy);
  resolve("cuGraphGetNodes", 10000, d.graph_get_nodes);
  resolve("cuGraphNodeGetType", 10000, d.graph_node_get_type);
  resolve("cuGraphKernelNodeGetParams", 12000, d.kernel_node_get_params);
  resolve("cuGraphExecKernelNodeSetParams", 12000, d.exec_kernel_node_set_params);
  resolve("cuUserObjectCreate", 11030, d.user_object_create);
  resolve("cuGraphRetainUserObject", 11030, d.graph_retain_user_object);
  const CUresult r = d.init(0);
  if (r == CUDA_ERROR_STUB_LIBRARY) throw stub_loaded(library, name);
  if (r != CUDA_SUCCESS)
    throw Error("tiletune: the CUDA driver did not initialise: " + driver_error(d, r));
  return d;
}

class CudaDevice final : public Device {
 public:
  explicit CudaDevice(Driver driver) : d_(driver) {}

  ContextHandle current_context() override {
    CUcontext context = nullptr;
    check(d_.ctx_get_current(&context), "cuCtxGetCurrent");
    if (context) return context;
    // No context yet: use device 0's primary context, the one the CUDA runtime would use.
    CUdevice device = 0;
    check(d_.device_get(&device, 0), "cuDeviceGet");
    check(d_.primary_ctx_retain(&context, device), "cuDevicePrimaryCtxRetain");
    check(d_.ctx_set_current(context), "cuCtxSetCurrent");
    return context;
  }

  DeviceInfo info(ContextHandle context) override {
    Bind bind(*this, context);
    CUdevice device = 0;
    check(d_.ctx_get_device(&device), "cuCtxGetDevice");
    DeviceInfo info;
    char name[256] = {};
    check(d_.device_get_name(name, sizeof name, device), "cuDeviceGetName");
    info.name = name;
    int major = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
    int minor = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
    info.arch = major * 10 + minor;
    info.multiprocessors = attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device);
    info.max_threads_per_block = attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, device);
    info.max_shared_per_block =
        attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, device);
    info.max_threads_per_multiprocessor =
        attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, device);
    info.max_shared_per_multiprocessor =
        attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, device);
    info.registers_per_multiprocessor =
        attribute(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR, device);
    info.l2_bytes = attribute(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, device);
    info.clusters = major >= 9 && attribute(CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH, device) != 0;
    check(d_.driver_get_version(&info.driver_version), "cuDriverGetVersion");
    info.id = info.name + " sm_" + std::to_string(info.arch) + " " +
              std::to_string(info.multiprocessors) + "SM";
    return info;
  }

  FunctionHandle load(ContextHandle context, const std::vector<char>& cubin,
                      const std::string& entry) override {
    Bind bind(*this, context);
    // Loading is a "potentially unsafe" call while any thread captures in global mode: relaxed on
    // this thread, a first launch during capture (and the workers beside it) can still load.
    RelaxedCapture relaxed(d_);
    CUmodule module = nullptr;
    check(d_.module_load_data(&module, cubin.data()), "cuModuleLoadData");
    CUfunction function = nullptr;
    check(d_.module_get_function(&function, module, entry.c_str()), "cuModuleGetFunction");
    // Launches above 48 KiB of dynamic shared memory, and clusters above 8, need the function's
    // consent; give it once here so the launch path never has to.
    CUdevice device = 0;
    check(d_.ctx_get_device(&device), "cuCtxGetDevice");
    int optin = attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, device);
    int static_shared = 0;
    check(d_.func_get_attribute(&static_shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function),
          "cuFuncGetAttribute");
    if (optin > static_shared)
      check(d_.func_set_attribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                  optin - static_shared),
            "cuFuncSetAttribute");
    if (attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device) >= 9)
      d_.func_set_attribute(function, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1);
    return function;
  }

  int max_threads_per_block(FunctionHandle function) override {
    int value = 0;
    check(d_.func_get_attribute(&value, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                static_cast<CUfunction>(function)),
          "cuFuncGetAttribute");
    return value;
  }

  DevicePointer global(FunctionHandle function, const std::string& name,
                       std::size_t& bytes) override {
    CUmodule module = nullptr;
    check(d_.func_get_module(&module, static_cast<CUfunction>(function)), "cuFuncGetModule");
    CUdeviceptr pointer = 0;
    bytes = 0;
    const CUresult r = d_.module_get_global(&pointer, &bytes, module, name.c_str());
    if (r == CUDA_ERROR_NOT_FOUND) return 0;
    check(r, "cuModuleGetGlobal");
    return pointer;
  }

  DevicePointer allocate(ContextHandle context, std::size_t bytes) override {
    Bind bind(*this, context);
    CUdeviceptr pointer = 0;
    check(d_.mem_alloc(&pointer, bytes), "cuMemAlloc");
    return pointer;
  }

  void release(ContextHandle context, DevicePointer pointer) noexcept override {
    CUcontext previous = nullptr;
    d_.ctx_get_current(&previous);
    if (previous != context) d_.ctx_set_current(static_cast<CUcontext>(context));
    d_.mem_free(static_cast<CUdeviceptr>(pointer));
    if (previous != context) d_.ctx_set_current(previous);
  }

  void copy(DevicePointer to, DevicePointer from, std::size_t bytes, CUstream stream) override {
    check(d_.memcpy_dtod_async(to, from, bytes, stream), "cuMemcpyDtoDAsync");
  }

  void fill(DevicePointer to, unsigned char byte, std::size_t bytes, CUstream stream) override {
    check(d_.memset_d8_async(to, byte, bytes, stream), "cuMemsetD8Async");
  }

  void read(void* to, DevicePointer from, std::size_t bytes, CUstream stream) override {
    check(d_.memcpy_dtoh_async(to, from, bytes, stream), "cuMemcpyDtoHAsync");
    check(d_.stream_synchronize(stream), "cuStreamSynchronize");
  }

  void launch(FunctionHandle function, const Geometry& g, void** args, int cluster) override {
    // The warm path's every launch: the attribute is cleared only where it is passed.
    CUlaunchAttribute attribute;
    CUlaunchConfig config{};
    config.gridDimX = g.blocks.x;
    config.gridDimY = g.blocks.y;
    config.gridDimZ = g.blocks.z;
    config.blockDimX = g.threads.x;
    config.blockDimY = g.threads.y;
    config.blockDimZ = g.threads.z;
    config.sharedMemBytes = g.shmem;
    config.hStream = g.stream;
    if (cluster > 1) {
      attribute = CUlaunchAttribute{};
      attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
      attribute.value.clusterDim.x = static_cast<unsigned>(cluster);
      attribute.value.clusterDim.y = 1;
      attribute.value.clusterDim.z = 1;
      config.attrs = &attribute;
      config.numAttrs = 1;
    }
    CUresult r = d_.launch_kernel_ex(&config, static_cast<CUfunction>(function), args, nullptr);
    if (r != CUDA_SUCCESS) check(r, "cuLaunchKernelEx");
  }

  double time_launch(FunctionHandle function, const Geometry& g, void** args,
                     int cluster) override {
    Events& events = events_for_this_thread();
    check(d_.event_record(events.start, g.stream), "cuEventRecord");
    launch(function, g, args, cluster);
    check(d_.event_record(events.stop, g.stream), "cuEventRecord");
    check(d_.event_synchronize(events.stop), "cuEventSynchronize");
    float ms = 0;
    check(d_.event_elapsed_time(&ms, events.start, events.stop), "cuEventElapsedTime");
    return ms;
  }

  bool capturing(CUstream stream) override {
    CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
    return d_.stream_is_capturing(stream, &status) != CUDA_SUCCESS ||
           status != CU_STREAM_CAPTURE_STATUS_NONE;
  }

  // Captured on a stream of its own in thread-local mode, so that nothing of the caller's (its
  // stream, other threads' captures) is touched; uploaded, so the first replay is not the slow one.
  GraphExecHandle launch_graph(FunctionHandle function, const Geometry& g, void** args, int cluster,
                               int launches) override {
    CUstream own = nullptr;
    check(d_.stream_create(&own, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
    CUgraph graph = nullptr;
    CUgraphExec exec = nullptr;
    try {
      check(d_.stream_begin_capture(own, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL),
            "cuStreamBeginCapture");
      Geometry on_own = g;
      on_own.stream = own;
      try {
        for (int i = 0; i < launches; ++i) launch(function, on_own, args, cluster);
      } catch (...) {
        d_.stream_end_capture(own, &graph);
        throw;
      }
      check(d_.stream_end_capture(own, &graph), "cuStreamEndCapture");
      check(d_.graph_instantiate(&exec, graph, 0), "cuGraphInstantiateWithFlags");
      check(d_.graph_upload(exec, g.stream), "cuGraphUpload");
    } catch (...) {
      if (exec) d_.graph_exec_destroy(exec);
      if (graph) d_.graph_destroy(graph);
      d_.stream_destroy(own);
      throw;
    }
    d_.graph_destroy(graph);
    d_.stream_destroy(own);
    return exec;
  }

  double time_graph(GraphExecHandle graph, CUstream stream) override {
    Events& events = events_for_this_thread();
    check(d_.event_record(events.start, stream), "cuEventRecord");
    check(d_.graph_launch(static_cast<CUgraphExec>(graph), stream), "cuGraphLaunch");
    check(d_.event_record(events.stop, stream), "cuEventRecord");
    check(d_.event_synchronize(events.stop), "cuEventSynchronize");
    float ms = 0;
    check(d_.event_elapsed_time(&ms, events.start, events.stop), "cuEventElapsedTime");
    return ms;
  }

  void release_graph(GraphExecHandle graph) noexcept override {
    d_.graph_exec_destroy(static_cast<CUgraphExec>(graph));
  }

  CapturedNode last_captured_node(CUstream stream) override {
    CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
    CUgraph graph = nullptr;
    const CUgraphNode* dependencies = nullptr;
    std::size_t count = 0;
    if (d_.stream_get_capture_info(stream, &status, nullptr, &graph, &dependencies, nullptr,
                                   &count) != CUDA_SUCCESS ||
        status != CU_STREAM_CAPTURE_STATUS_ACTIVE || count != 1)
      return {};
    return {graph, dependencies[0]};
  }

  bool when_destroyed(GraphHandle graph, std::function<void()> gone) override {
    // Called right after a launch into a capture: relaxed, as nothing here may end a capture in
    // global mode.
    RelaxedCapture relaxed(d_);
    auto* callback = new std::function<void()>(std::move(gone));
    CUuserObject object = nullptr;
    if (d_.user_object_create(&object, callback, &call_and_delete, 1,
                              CU_USER_OBJECT_NO_DESTRUCTOR_SYNC) != CUDA_SUCCESS) {
      delete callback;
      return false;
    }
    // The graph takes the one reference: the object (and the callback) go with the graph and the
    // executable graphs made from it.
    return d_.graph_retain_user_object(static_cast<CUgraph>(graph), object, 1,
                                       CU_GRAPH_USER_OBJECT_MOVE) == CUDA_SUCCESS;
  }

  std::vector<std::pair<GraphNodeHandle, FunctionHandle>> kernel_nodes(GraphHandle graph) override {
    std::size_t count = 0;
    check(d_.graph_get_nodes(static_cast<CUgraph>(graph), nullptr, &count), "cuGraphGetNodes");
    std::vector<CUgraphNode> nodes(count);
    check(d_.graph_get_nodes(static_cast<CUgraph>(graph), nodes.data(), &count), "cuGraphGetNodes");
    std::vector<std::pair<GraphNodeHandle, FunctionHandle>> kernels;
    for (CUgraphNode node : nodes) {
      CUgraphNodeType type{};
      check(d_.graph_node_get_type(node, &type), "cuGraphNodeGetType");
      if (type != CU_GRAPH_NODE_TYPE_KERNEL) continue;
      CUDA_KERNEL_NODE_PARAMS params{};
      check(d_.kernel_node_get_params(node, &params), "cuGraphKernelNodeGetParams");
      kernels.emplace_back(node, params.func);
    }
    return kernels;
  }

  void set_kernel_node(GraphExecHandle exec, GraphNodeHandle node, FunctionHandle function,
                       const Geometry& g) override {
    CUDA_KERNEL_NODE_PARAMS params{};
    check(d_.kernel_node_get_params(static_cast<CUgraphNode>(node), &params),
          "cuGraphKernelNodeGetParams");
    params.func = static_cast<CUfunction>(function);
    params.kern = nullptr;
    params.ctx = nullptr;
    params.gridDimX = g.blocks.x;
    params.gridDimY = g.blocks.y;
    params.gridDimZ = g.blocks.z;
    params.blockDimX = g.threads.x;
    params.blockDimY = g.threads.y;
    params.blockDimZ = g.threads.z;
    params.sharedMemBytes = g.shmem;
    check(d_.exec_kernel_node_set_params(static_cast<CUgraphExec>(exec),
                                         static_cast<CUgraphNode>(node), &params),
          "cuGraphExecKernelNodeSetParams");
  }

 private:
  // The calling thread's stream capture mode relaxed for the scope.
  struct RelaxedCapture {
    explicit RelaxedCapture(const Driver& d) : d_(d) { d_.thread_exchange_capture_mode(&mode_); }
    ~RelaxedCapture() { d_.thread_exchange_capture_mode(&mode_); }
    const Driver& d_;
    CUstreamCaptureMode mode_ = CU_STREAM_CAPTURE_MODE_RELAXED;
  };

  // Makes `context` current for the scope and restores the caller's afterwards.
  struct Bind {
    Bind(CudaDevice& device, ContextHandle context) : device_(device) {
      device_.check(device_.d_.ctx_get_current(&previous_), "cuCtxGetCurrent");
      if (previous_ != context)
        device_.check(device_.d_.ctx_set_current(static_cast<CUcontext>(context)),
                      "cuCtxSetCurrent");
    }
    ~Bind() { device_.d_.ctx_set_current(previous_); }
    CudaDevice& device_;
    CUcontext previous_ = nullptr;
  };

  // One pair of events per (thread, context): the tuner times on the caller's thread.
  struct Events {
    CUevent start = nullptr;
    CUevent stop = nullptr;
  };
  Events& events_for_this_thread() {
    thread_local std::unordered_map<CUcontext, Events> per_context;
    CUcontext context = nullptr;
    check(d_.ctx_get_current(&context), "cuCtxGetCurrent");
    Events& e = per_context[context];
    if (!e.start) {
      check(d_.event_create(&e.start, CU_EVENT_DEFAULT), "cuEventCreate");
      check(d_.event_create(&e.stop, CU_EVENT_DEFAULT), "cuEventCreate");
    }
    return e;
  }

  static void call_and_delete(void* callback) {
    auto* gone = static_cast<std::function<void()>*>(callback);
    (*gone)();
    delete gone;
  }

  int attribute(CUdevice_attribute which, CUdevice device) {
    int value = 0;
    check(d_.device_get_attribute(&value, which, device), "cuDeviceGetAttribute");
    return value;
  }

  void check(CUresult r, const char* call) {
    if (r == CUDA_SUCCESS) return;
    const std::string what = std::string(call) + " failed: " + driver_error(d_, r);
    if (leaves_context_unusable(r)) throw DeviceFault(what);
    throw Error(what);
  }

  // The errors after which the driver API's documentation says the context cannot be used (the
  // process must end to use CUDA again): DeviceFault.
  static bool leaves_context_unusable(CUresult r) {
    switch (r) {
      case CUDA_ERROR_ILLEGAL_ADDRESS:
      case CUDA_ERROR_LAUNCH_TIMEOUT:
      case CUDA_ERROR_ASSERT:
      case CUDA_ERROR_HARDWARE_STACK_ERROR:
      case CUDA_ERROR_ILLEGAL_INSTRUCTION:
      case CUDA_ERROR_MISALIGNED_ADDRESS:
      case CUDA_ERROR_INVALID_ADDRESS_SPACE:
      case CUDA_ERROR_INVALID_PC:
      case CUDA_ERROR_LAUNCH_FAILED:
        return true;
      default:
        return false;
    }
  }

  Driver d_;
};

}  // namespace

std::unique_ptr<Device> open_cuda_device(const std::string& library) {
  return std::make_unique<CudaDevice>(load_driver(library));
}

}  // namespace tiletune::detail
