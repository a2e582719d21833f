#include "mini/runtime/Runtime.h"
#include "RowCopy.h"
#include "mini/runtime/Error.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string_view>
#include <thread>

namespace mini::rt {

int deviceCount(std::string *reason) {
  try {
    int n = 0;
    check(driver().cuDeviceGetCount(&n), "cuDeviceGetCount");
    if (n == 0 && reason)
      *reason = "the CUDA driver reports no device";
    return n;
  } catch (const Error &e) {
    if (reason)
      *reason = e.what();
    return 0;
  }
}

Device::Device(int ordinal) {
  const DriverApi &d = driver();
  check(d.cuDeviceGet(&device_, ordinal), "cuDeviceGet", "device " + std::to_string(ordinal));
  char name[256] = {0};
  check(d.cuDeviceGetName(name, sizeof(name) - 1, device_), "cuDeviceGetName");
  name_ = name;
  check(d.cuDeviceGetAttribute(&major_, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device_),
        "cuDeviceGetAttribute");
  check(d.cuDeviceGetAttribute(&minor_, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device_),
        "cuDeviceGetAttribute");
  check(d.cuDeviceGetAttribute(&smCount_, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device_),
        "cuDeviceGetAttribute");
  check(d.cuDeviceGetAttribute(&maxSharedOptin_,
                               CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, device_),
        "cuDeviceGetAttribute");
  check(d.cuDevicePrimaryCtxRetain(&context_, device_), "cuDevicePrimaryCtxRetain");
  check(d.cuCtxSetCurrent(context_), "cuCtxSetCurrent");
}

Device::~Device() {
  if (context_)
    driver().cuDevicePrimaryCtxRelease(device_);
}

std::string Device::chip() const {
  return "sm_" + std::to_string(major_) + std::to_string(minor_);
}

void Device::makeCurrent() const { check(driver().cuCtxSetCurrent(context_), "cuCtxSetCurrent"); }

int Device::attribute(CUdevice_attribute attribute) const {
  int value = 0;
  check(driver().cuDeviceGetAttribute(&value, attribute, device_), "cuDeviceGetAttribute");
  return value;
}

namespace {
double waitLimitSeconds = 0;
} // namespace

void setWaitLimit(double seconds) { waitLimitSeconds = seconds; }

void waitForEvent(CUevent event, const std::string &what) {
  const DriverApi &d = driver();
  if (waitLimitSeconds <= 0) {
    check(d.cuEventSynchronize(event), "cuEventSynchronize", what);
    return;
  }
  auto start = std::chrono::steady_clock::now();
  for (int polls = 0;; ++polls) {
    CUresult result = d.cuEventQuery(event);
    if (result != CUDA_ERROR_NOT_READY) {
      check(result, "cuEventQuery", what);
      return;
    }
    std::chrono::duration<double> waited = std::chrono::steady_clock::now() - start;
    if (waited.count() > waitLimitSeconds) {
      std::fflush(stdout);
      std::fprintf(stderr,
                   "error: %s did not finish within the wait limit of %g s: a kernel that "
                   "never returns? It cannot be stopped; ending the process (exit code 124)\n",
                   what.empty() ? "the device" : what.c_str(), waitLimitSeconds);
      std::_Exit(124);
    }
    if (polls > 1000) // most waits end within the first polls
      std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
}

void Device::synchronize(const std::string &context) const {
  if (waitLimitSeconds > 0) {
    // Work on streams that do not synchronize with the default one is not
    // waited for here: cuCtxSynchronize below still is.
    const DriverApi &d = driver();
    CUevent done;
    check(d.cuEventCreate(&done, CU_EVENT_DISABLE_TIMING), "cuEventCreate", context);
    check(d.cuEventRecord(done, nullptr), "cuEventRecord", context);
    waitForEvent(done, context);
    d.cuEventDestroy(done);
  }
  check(driver().cuCtxSynchronize(), "cuCtxSynchronize", context);
}

DeviceBuffer::DeviceBuffer(size_t bytes, const std::string &what) : bytes_(bytes) {
  check(driver().cuMemAlloc(&ptr_, std::max<size_t>(bytes, 1)), "cuMemAlloc",
        what + " (" + std::to_string(bytes) + " bytes)");
}

DeviceBuffer::~DeviceBuffer() {
  if (ptr_)
    driver().cuMemFree(ptr_);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer &&o) noexcept : ptr_(o.ptr_), bytes_(o.bytes_) {
  o.ptr_ = 0;
  o.bytes_ = 0;
}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&o) noexcept {
  std::swap(ptr_, o.ptr_);
  std::swap(bytes_, o.bytes_);
  return *this;
}

void DeviceBuffer::upload(const void *host) {
  check(driver().cuMemcpyHtoD(ptr_, host, bytes_), "cuMemcpyHtoD");
}
void DeviceBuffer::download(void *host) const {
  check(driver().cuMemcpyDtoH(host, ptr_, bytes_), "cuMemcpyDtoH");
}
void DeviceBuffer::fill(unsigned char byte) {
  check(driver().cuMemsetD8(ptr_, byte, bytes_), "cuMemsetD8");
}
void DeviceBuffer::fillAsync(unsigned char byte, CUstream stream) {
  check(driver().cuMemsetD8Async(ptr_, byte, bytes_, stream), "cuMemsetD8Async");
}

void validateCubin(const std::string &bytes, const std::string &path) {
  auto bad = [&](const std::string &why) {
    throw Error("bad cubin '" + path + "': " + why);
  };
  if (bytes.size() < 64)
    bad("truncated (" + std::to_string(bytes.size()) + " bytes, smaller than an ELF header)");
  if (std::memcmp(bytes.data(), "\x7f" "ELF", 4) != 0)
    bad("not an ELF file");
  if (bytes[4] != 2)
    bad("not a 64-bit ELF object");
  auto read = [&](size_t off, size_t n) {
    uint64_t v = 0;
    std::memcpy(&v, bytes.data() + off, n); // ELF64 little-endian on x86-64 hosts
    return v;
  };
  constexpr uint64_t kEmCuda = 190;
  if (read(18, 2) != kEmCuda)
    bad("ELF machine is " + std::to_string(read(18, 2)) + ", not CUDA (190)");
  uint64_t shoff = read(40, 8), shentsize = read(58, 2), shnum = read(60, 2);
  uint64_t phoff = read(32, 8), phentsize = read(54, 2), phnum = read(56, 2);
  uint64_t end = std::max(shoff + shentsize * shnum, phoff + phentsize * phnum);
  if (end > bytes.size())
    bad("truncated: its tables end at byte " + std::to_string(end) + " but the file has " +
        std::to_string(bytes.size()));
}

std::map<std::string, size_t> cubinParamCounts(const std::string &bytes,
                                               const std::string &path) {
  validateCubin(bytes, path);
  auto read = [&](size_t off, size_t n) {
    if (off + n > bytes.size())
      throw Error("bad cubin '" + path + "': a section lies past the end of the file");
    uint64_t v = 0;
    std::memcpy(&v, bytes.data() + off, n);
    return v;
  };
  uint64_t shoff = read(40, 8), shentsize = read(58, 2), shnum = read(60, 2);
  uint64_t names = read(shoff + read(62, 2) * shentsize + 24, 8); // .shstrtab's offset
  constexpr std::string_view kInfo = ".nv.info.";
  // .nv.info records: a format byte, an attribute byte, then a 16-bit value
  // or (format 4, EIFMT_SVAL) a 16-bit size and that many bytes.
  constexpr uint64_t kSizedValue = 4, kParamInfo = 0x17;
  std::map<std::string, size_t> counts;
  for (uint64_t i = 0; i < shnum; ++i) {
    uint64_t header = shoff + i * shentsize;
    uint64_t nameAt = names + read(header, 4);
    if (nameAt >= bytes.size())
      throw Error("bad cubin '" + path + "': a section name lies past the end of the file");
    std::string name(bytes.c_str() + nameAt, strnlen(bytes.c_str() + nameAt, bytes.size() - nameAt));
    if (name.compare(0, kInfo.size(), kInfo) != 0)
      continue;
    uint64_t at = read(header + 24, 8), end = at + read(header + 32, 8);
    if (end > bytes.size())
      throw Error("bad cubin '" + path + "': a section lies past the end of the file");
    size_t &count = counts[name.substr(kInfo.size())];
    while (at < end) {
      uint64_t format = read(at, 1), attribute = read(at + 1, 1);
      at += 4 + (format == kSizedValue ? read(at + 2, 2) : 0);
      count += attribute == kParamInfo;
    }
    if (at != end)
      throw Error("bad cubin '" + path + "': section " + name + " ends inside a record");
  }
  return counts;
}

void checkChip(const std::string &bundleChip, int major, int minor,
               const std::string &deviceName) {
  Chip chip = parseChip(bundleChip);
  if (!chipRunsOn(chip, major, minor))
    throw Error("bundle built for " + bundleChip + ", device is sm_" + std::to_string(major) +
                std::to_string(minor) + " (" + deviceName + "); recompile with " +
                "--mini-pipeline=\"chip=sm_" + std::to_string(major) + std::to_string(minor) +
                " ...\"");
}

TensorMapLayout tensorMapLayout(const KernelSpec &k, const TensorMapSpec &m, const Sizes &sizes,
                                uint64_t rowPitch) {
  const TensorSpec &t = k.tensors.at(m.tensor);
  TensorMapLayout l;
  uint64_t stride = dtypeBytes(t.dtype);
  for (size_t i = t.dims.size(); i-- > 0;) {
    uint64_t d = static_cast<uint64_t>(sizes.at(t.dims[i]));
    if (i + 1 < t.dims.size()) {
      l.strides.push_back(stride);
      l.encodable = l.encodable && stride % 16 == 0;
      l.rows *= d;
    } else {
      l.rowBytes = stride * d;
    }
    l.dims.push_back(d);
    l.box.push_back(static_cast<uint32_t>(m.box[i]));
    l.encodable = l.encodable && d >= 1;
    stride = i + 1 == t.dims.size() && rowPitch ? rowPitch : stride * d;
  }
  return l;
}

KernelParams::KernelParams(const KernelSpec &k, const std::vector<CUdeviceptr> &tensors,
                           const Sizes &sizes, const std::vector<CUdeviceptr> &tensorMaps,
                           const SplitTailArgs *splitTail, const SplitKeysArgs *splitKeys) {
  if (tensors.size() != k.tensors.size()) {
    std::string names;
    for (const TensorSpec &t : k.tensors)
      names += (names.empty() ? "" : ", ") + t.name;
    throw Error("kernel '" + k.entry + "' takes " + std::to_string(k.tensors.size()) +
                " tensors (" + names + "), got " + std::to_string(tensors.size()));
  }
  for (const std::string &s : k.sizes)
    if (!sizes.count(s))
      throw Error("kernel '" + k.entry + "': size " + s + " was not resolved");
  storage_.reserve(k.numParams());
  for (size_t i = 0; i < tensors.size(); ++i) {
    storage_.push_back(static_cast<int64_t>(tensors[i])); // allocated pointer
    storage_.push_back(static_cast<int64_t>(tensors[i])); // aligned pointer
    storage_.push_back(0);                                // offset
    storage_.push_back(k.numElements(k.tensors[i], sizes)); // size
    storage_.push_back(1);                                // stride
  }
  for (const std::string &s : k.sizes)
    storage_.push_back(sizes.at(s));
  if (tensorMaps.size() != k.tensorMaps.size())
    throw Error("kernel '" + k.entry + "' takes " + std::to_string(k.tensorMaps.size()) +
                " tensor maps, got " + std::to_string(tensorMaps.size()));
  for (CUdeviceptr m : tensorMaps)
    storage_.push_back(static_cast<int64_t>(m));
  auto memref = [&](CUdeviceptr ptr, int64_t elements) {
    for (int64_t v : {static_cast<int64_t>(ptr), static_cast<int64_t>(ptr), int64_t(0), elements,
                      int64_t(1)})
      storage_.push_back(v);
  };
  if (k.splitTail.maxSplits > 1) {
    if (!splitTail)
      throw Error("kernel '" + k.entry + "' splits its last wave and needs the split's plan");
    const SplitTailPlan &p = splitTail->plan;
    if (k.splitTail.splitBlocks) {
      memref(splitTail->partials, p.slots() * k.splitTail.tileElements);
      memref(splitTail->counters, p.slots());
    }
    storage_.push_back(p.unsplitTiles);
    if (k.splitTail.splitBlocks) {
      storage_.push_back(p.stepsPerBlock);
    }
  }
  if (!k.splitKeys.part.empty()) {
    if (!splitKeys)
      throw Error("kernel '" + k.entry + "' is a decode attention's " + k.splitKeys.part +
                  " kernel and needs the split's plan");
    memref(splitKeys->partials, splitKeys->plan.partialFloats);
    memref(splitKeys->lse, splitKeys->plan.lseFloats);
    storage_.push_back(splitKeys->plan.splits);
  }
  for (int64_t &v : storage_)
    pointers_.push_back(&v);
}

namespace {
std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error("cannot read '" + path + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
} // namespace

LoadedBundle::LoadedBundle(const Bundle &bundle, const Device &device)
    : bundle_(bundle), rowCopier_(std::make_unique<RowCopier>()), smCount_(device.smCount()) {
  checkChip(bundle.chip, device.ccMajor(), device.ccMinor(), device.name());
  const DriverApi &d = driver();
  std::map<std::string, std::map<std::string, size_t>> paramCounts; // by cubin, entry
  for (const KernelSpec &k : bundle_.kernels) {
    if (!modules_.count(k.cubin)) {
      std::string path = bundle_.dir + "/" + k.cubin;
      std::string image = readFile(path);
      paramCounts[k.cubin] = cubinParamCounts(image, path);
      CUmodule module = nullptr;
      check(d.cuModuleLoadData(&module, image.data()), "cuModuleLoadData", path);
      modules_[k.cubin] = module;
    }
    CUfunction fn = nullptr;
    check(d.cuModuleGetFunction(&fn, modules_[k.cubin], k.entry.c_str()), "cuModuleGetFunction",
          "kernel '" + k.entry + "' in " + k.cubin);
    // The cubin's entry must take exactly the parameters the manifest implies.
    size_t count = paramCounts[k.cubin][k.entry];
    if (count != k.numParams())
      throw Error("kernel '" + k.entry + "': the manifest implies " +
                  std::to_string(k.numParams()) + " parameters (" +
                  std::to_string(k.tensors.size()) + " tensors x 5 + " +
                  std::to_string(k.sizes.size()) + " sizes) but the cubin's entry takes " +
                  std::to_string(count));
    if (k.dynamicSharedBytes > device.maxSharedBytesPerBlock())
      throw Error("kernel '" + k.entry + "' needs " + std::to_string(k.dynamicSharedBytes) +
                  " bytes of shared memory per block; " + device.name() + " allows " +
                  std::to_string(device.maxSharedBytesPerBlock()) +
                  " (recompile with smaller tiles or fewer stages)");
    // Beyond 48 KB of static and dynamic shared memory together (a kernel
    // with exactly 48 KB of dynamic memory and a byte of static would not
    // launch), the dynamic part must be opted into per function.
    int staticBytes = 0;
    check(d.cuFuncGetAttribute(&staticBytes, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn),
          "cuFuncGetAttribute", "kernel '" + k.entry + "'");
    if (k.dynamicSharedBytes > 0 && k.dynamicSharedBytes + staticBytes > 48 * 1024)
      check(d.cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                 static_cast<int>(k.dynamicSharedBytes)),
            "cuFuncSetAttribute", "kernel '" + k.entry + "'");
    functions_[k.entry] = fn;
    if (int64_t cluster = k.grid[0].cluster; k.grid[0].maxBlocks > 0 && cluster > 1) {
      CUlaunchAttribute attr{};
      attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
      attr.value.clusterDim.x = static_cast<unsigned>(cluster);
      attr.value.clusterDim.y = attr.value.clusterDim.z = 1;
      CUlaunchConfig config{};
      config.gridDimX = static_cast<unsigned>(k.grid[0].maxBlocks);
      config.gridDimY = config.gridDimZ = 1;
      config.blockDimX = static_cast<unsigned>(k.block[0]);
      config.blockDimY = static_cast<unsigned>(k.block[1]);
      config.blockDimZ = static_cast<unsigned>(k.block[2]);
      config.sharedMemBytes = static_cast<unsigned>(k.dynamicSharedBytes);
      config.attrs = &attr;
      config.numAttrs = 1;
      int clusters = 0;
      check(d.cuOccupancyMaxActiveClusters(&clusters, fn, &config), "cuOccupancyMaxActiveClusters",
            "kernel '" + k.entry + "'");
      if (clusters < 1)
        throw Error("kernel '" + k.entry + "': no cluster of " + std::to_string(cluster) +
                    " blocks fits on " + device.name());
      residentBlocks_[k.entry] = clusters * cluster;
    }
  }
}

LoadedBundle::~LoadedBundle() {
  for (auto &[name, slots] : tensorMapSlots_)
    for (TensorMapSlot &slot : slots)
      if (slot.lastUse)
        driver().cuEventDestroy(slot.lastUse);
  for (auto &[name, module] : modules_)
    driver().cuModuleUnload(module);
}

void LoadedBundle::launch(const KernelSpec &launched, const std::vector<CUdeviceptr> &tensors,
                          const Sizes &sizes, CUstream stream) const {
  const KernelSpec &k = bundle_.forSizes(launched, sizes);
  if (k.splitTail.splitBlocks)
    throw Error("kernel '" + k.entry + "' computes split tiles; launch the kernel whose "
                "split_tail names it");
  if (!k.splitKeys.part.empty())
    throw Error("kernel '" + k.entry + "' is a decode attention's " + k.splitKeys.part +
                " kernel; launch the kernel whose split_keys names it");
  if (SplitKeysPlan plan = splitKeysPlan(k, sizes); plan.splits > 0)
    return launchDecode(k, tensors, sizes, plan, stream);
  auto fn = functions_.find(k.entry);
  if (fn == functions_.end())
    throw Error("kernel '" + k.entry + "' is not in the loaded bundle");
  std::array<int64_t, 3> grid = k.gridDims(sizes);
  if (auto resident = residentBlocks_.find(k.entry); resident != residentBlocks_.end())
    grid[0] = std::min(grid[0], resident->second);
  TensorMapSlot *slot = tensorMaps(k, tensors, sizes, stream);
  std::vector<CUdeviceptr> maps;
  if (slot) {
    maps = slot->maps;
    for (const PackedTensor &p : slot->packed) // this launch's values, ordered before it
      rowCopier_->copyAsync(p.source, p.copy.ptr(), p.rows, p.rowBytes, p.pitch, stream,
                            "16-byte rows of a tensor of '" + k.entry + "'");
  }
  // After the launches below, whichever returns first.
  struct MarkUse {
    TensorMapSlot *slot;
    CUstream stream;
    ~MarkUse() {
      if (slot)
        driver().cuEventRecord(slot->lastUse, stream);
    }
  } markUse{slot, stream};
  SplitTailArgs splitTail;
  if (k.splitTail.maxSplits > 1)
    splitTail.plan = k.planSplitTail(sizes, smCount_);
  KernelParams params(k, tensors, sizes, maps, &splitTail);
  const SplitTailPlan &p = splitTail.plan;
  if (!p.blocks || p.unsplitTiles > 0) // else its blocks would all return at once
    run(k, fn->second, grid, params, stream);
  if (!p.blocks)
    return;
  // The split tiles, after the whole ones on the same stream.
  const KernelSpec &split = bundle_.kernel(k.splitTail.kernel);
  SplitTailWorkspace &w = splitTailWorkspaces_[split.entry];
  size_t partialBytes = p.slots() * split.splitTail.tileElements * 4;
  size_t counterBytes = p.slots() * 4; // one a group of slots (TensorCoreSplit.cpp)
  if (w.partials.bytes() < partialBytes)
    w.partials = DeviceBuffer(partialBytes, "split-tail partials of '" + split.entry + "'");
  if (w.counters.bytes() < counterBytes) {
    w.counters = DeviceBuffer(counterBytes, "split-tail counters of '" + split.entry + "'");
    w.counters.fillAsync(0, stream);
  }
  splitTail.partials = w.partials.ptr();
  splitTail.counters = w.counters.ptr();
  KernelParams splitParams(split, tensors, sizes, maps, &splitTail);
  run(split, functions_.at(split.entry), {p.blocks, 1, 1}, splitParams, stream);
}

void LoadedBundle::runFunction(const FunctionSpec &f, const FunctionPlan &plan,
                               const std::vector<CUdeviceptr> &args,
                               const std::vector<CUdeviceptr> &results, CUstream stream) const {
  if (args.size() != f.args.size() || results.size() != f.results.size())
    throw Error("function '" + f.name + "' takes " + std::to_string(f.args.size()) +
                " argument(s) and " + std::to_string(f.results.size()) + " result(s), got " +
                std::to_string(args.size()) + " and " + std::to_string(results.size()));
  std::vector<DeviceBuffer> &buffers = functionBuffers_[f.name];
  buffers.resize(f.buffers.size());
  for (size_t i = 0; i < f.buffers.size(); ++i) {
    size_t bytes = static_cast<size_t>(plan.bufferElements[i]) * dtypeBytes(f.buffers[i].dtype);
    if (buffers[i].bytes() < bytes) {
      if (stream) // the old buffer may still be read by launches in flight
        check(driver().cuStreamSynchronize(stream), "cuStreamSynchronize", f.name);
      buffers[i] = DeviceBuffer(bytes, "intermediate '" + f.buffers[i].name + "' of " + f.name);
    }
  }
  std::vector<CUdeviceptr> tensors;
  for (const FunctionPlan::Launch &l : plan.launches) {
    tensors.clear();
    for (const FunctionBinding &b : l.tensors)
      tensors.push_back(b.kind == FunctionBinding::Arg      ? args.at(b.index)
                        : b.kind == FunctionBinding::Result ? results.at(b.index)
                                                            : buffers[b.index].ptr());
    launch(*l.kernel, tensors, l.sizes, stream);
  }
}

void LoadedBundle::launchDecode(const KernelSpec &k, const std::vector<CUdeviceptr> &tensors,
                                const Sizes &sizes, const SplitKeysPlan &plan,
                                CUstream stream) const {
  const KernelSpec &decode = bundle_.kernel(k.splitKeys.decodeKernel);
  const KernelSpec &combine = bundle_.kernel(k.splitKeys.combineKernel);
  SplitKeysArgs args;
  args.plan = plan;
  if (plan.splits > 1) {
    SplitKeysWorkspace &w = splitKeysWorkspaces_[decode.entry];
    size_t partialBytes = plan.partialFloats * 4, lseBytes = plan.lseFloats * 4;
    if (w.partials.bytes() < partialBytes)
      w.partials = DeviceBuffer(partialBytes, "split-keys partials of '" + decode.entry + "'");
    if (w.lse.bytes() < lseBytes)
      w.lse = DeviceBuffer(lseBytes, "split-keys log-sum-exp of '" + decode.entry + "'");
    args.partials = w.partials.ptr();
    args.lse = w.lse.ptr();
  }
  KernelParams decodeParams(decode, tensors, sizes, {}, nullptr, &args);
  run(decode, functions_.at(decode.entry),
      {plan.rowBlocks * plan.splits, sizes.at("G"), sizes.at("B")}, decodeParams, stream);
  if (plan.splits > 1) {
    KernelParams combineParams(combine, tensors, sizes, {}, nullptr, &args);
    run(combine, functions_.at(combine.entry), combine.gridDims(sizes), combineParams, stream);
  }
}

void LoadedBundle::run(const KernelSpec &spec, CUfunction fn, const std::array<int64_t, 3> &grid,
                       KernelParams &params, CUstream stream) const {
  for (int i = 0; i < 3; ++i)
    if (grid[i] < 1 || grid[i] > (i == 0 ? 2147483647LL : 65535LL))
      throw Error("kernel '" + spec.entry + "': grid dim " + std::to_string(i) + " = " +
                  std::to_string(grid[i]) + " is out of the device's range");
  check(driver().cuLaunchKernel(fn, grid[0], grid[1], grid[2], spec.block[0], spec.block[1],
                                spec.block[2], spec.dynamicSharedBytes, stream, params.data(),
                                nullptr),
        "cuLaunchKernel", "kernel '" + spec.entry + "'");
}

LoadedBundle::TensorMapSlot *LoadedBundle::tensorMaps(const KernelSpec &k,
                                                     const std::vector<CUdeviceptr> &tensors,
                                                     const Sizes &sizes, CUstream stream) const {
  if (k.tensorMaps.empty())
    return nullptr;
  const DriverApi &d = driver();
  // A launch on tensors and sizes a slot holds reuses its maps, so a timed
  // loop pays neither an encode nor a copy.
  std::vector<TensorMapSlot> &slots = tensorMapSlots_[k.entry];
  ++launches_;
  for (TensorMapSlot &slot : slots)
    if (slot.tensors == tensors && slot.sizes == sizes) {
      slot.lastLaunch = launches_;
      return &slot;
    }
  TensorMapSlot *slot = nullptr;
  if (slots.size() < kTensorMapSlots) {
    slot = &slots.emplace_back();
    check(d.cuEventCreate(&slot->lastUse, CU_EVENT_DISABLE_TIMING), "cuEventCreate",
          "tensor maps of '" + k.entry + "'");
  } else {
    slot = &*std::min_element(slots.begin(), slots.end(),
                              [](const TensorMapSlot &a, const TensorMapSlot &b) {
                                return a.lastLaunch < b.lastLaunch;
                              });
    // Launches on any stream may still read the old maps.
    waitForEvent(slot->lastUse, "tensor maps of '" + k.entry + "'");
  }
  std::vector<CUtensorMap> maps(k.tensorMaps.size());
  std::memset(maps.data(), 0, maps.size() * sizeof(CUtensorMap));
  size_t bytes = maps.size() * sizeof(CUtensorMap);
  if (slot->buffer.bytes() != bytes)
    slot->buffer = DeviceBuffer(bytes, "tensor maps of '" + k.entry + "'");
  slot->maps.assign(maps.size(), 0);
  std::vector<PackedTensor> packed, reusable = std::move(slot->packed);
  for (size_t i = 0; i < maps.size(); ++i) {
    const TensorMapSpec &m = k.tensorMaps[i];
    TensorMapLayout l = tensorMapLayout(k, m, sizes);
    CUdeviceptr base = tensors.at(m.tensor);
    if (l.rows * l.rowBytes == 0) // an empty tensor: no map (null)
      continue;
    if (!l.encodable || base % 16) {
      // Rows of whole chunks at a misaligned base have no element path (the
      // kernel sees aligned sizes): those are always copied.
      if (!l.encodable && !k.copiesRows(sizes)) // the kernel's element path reads them
        continue;
      // TMA reads a copy in rows padded to 16 bytes (kernels with an element
      // path for such rows take it only when a map is null).
      PackedTensor p;
      p.source = base;
      p.rows = l.rows;
      p.rowBytes = l.rowBytes;
      p.pitch = (l.rowBytes + 15) / 16 * 16;
      std::string what =
          "16-byte rows of tensor '" + k.tensors[m.tensor].name + "' for '" + k.entry + "'";
      // The slot's old copies (their launches are done) serve when large enough.
      auto old = std::find_if(reusable.begin(), reusable.end(), [&](const PackedTensor &o) {
        return o.copy.bytes() >= p.rows * p.pitch;
      });
      if (old != reusable.end())
        p.copy = std::move(old->copy);
      else
        p.copy = DeviceBuffer(p.rows * p.pitch, what);
      base = p.copy.ptr();
      l = tensorMapLayout(k, m, sizes, p.pitch);
      packed.push_back(std::move(p));
    }
    DType dtype = k.tensors[m.tensor].dtype;
    std::vector<uint32_t> elementStrides(l.dims.size(), 1);
    check(driver().cuTensorMapEncodeTiled(
              &maps[i],
              dtype == DType::F16    ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16
              : dtype == DType::BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
                                     : CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
              static_cast<cuuint32_t>(l.dims.size()), reinterpret_cast<void *>(base),
              l.dims.data(), l.strides.data(), l.box.data(), elementStrides.data(),
              CU_TENSOR_MAP_INTERLEAVE_NONE,
              m.swizzle == 128  ? CU_TENSOR_MAP_SWIZZLE_128B
              : m.swizzle == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
              : m.swizzle == 32 ? CU_TENSOR_MAP_SWIZZLE_32B
                                : CU_TENSOR_MAP_SWIZZLE_NONE,
              CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
          "cuTensorMapEncodeTiled",
          "kernel '" + k.entry + "', tensor '" + k.tensors[m.tensor].name + "'");
    slot->maps[i] = slot->buffer.ptr() + i * sizeof(CUtensorMap);
  }
  slot->packed = std::move(packed);
  // Ordered before the launch on its stream; the pageable source is staged
  // before the call returns.
  check(d.cuMemcpyHtoDAsync(slot->buffer.ptr(), maps.data(), bytes, stream), "cuMemcpyHtoDAsync",
        "tensor maps of '" + k.entry + "'");
  slot->tensors = tensors;
  slot->sizes = sizes;
  slot->lastLaunch = launches_;
  return slot;
}

double timeMedianMs(const std::function<void()> &fn, int warmup, int iters, const std::string &what,
                    int launches) {
  return timeInterleavedMedianMs({fn}, warmup, iters, what, launches)[0];
}

std::vector<double> timeInterleavedMedianMs(const std::vector<std::function<void()>> &fns,
                                            int warmup, int iters, const std::string &what,
                                            int launches) {
  if (launches < 1 || iters < 1 || warmup < 0)
    throw Error("timing " + what + ": need launches >= 1, iters >= 1 and warmup >= 0; got " +
                std::to_string(launches) + ", " + std::to_string(iters) + " and " +
                std::to_string(warmup));
  const DriverApi &d = driver();
  for (int i = 0; i < warmup; ++i)
    for (const auto &fn : fns)
      fn();
  CUevent start, stop;
  check(d.cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate", what);
  check(d.cuEventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate", what);
  std::vector<std::vector<float>> times(fns.size());
  for (int i = 0; i < iters; ++i)
    for (size_t f = 0; f < fns.size(); ++f) {
      check(d.cuEventRecord(start, nullptr), "cuEventRecord", what);
      for (int l = 0; l < launches; ++l)
        fns[f]();
      check(d.cuEventRecord(stop, nullptr), "cuEventRecord", what);
      waitForEvent(stop, what);
      float ms = 0;
      check(d.cuEventElapsedTime(&ms, start, stop), "cuEventElapsedTime", what);
      times[f].push_back(ms / launches);
    }
  d.cuEventDestroy(start);
  d.cuEventDestroy(stop);
  std::vector<double> medians;
  for (auto &t : times) {
    std::sort(t.begin(), t.end());
    medians.push_back(t.empty() ? 0.0 : t[t.size() / 2]);
  }
  return medians;
}

} // namespace mini::rt
