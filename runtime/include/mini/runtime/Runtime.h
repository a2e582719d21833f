// Load a kernel bundle, check it against the device, allocate, launch, time.
#ifndef MINI_RUNTIME_RUNTIME_H
#define MINI_RUNTIME_RUNTIME_H

#include "mini/runtime/Driver.h"
#include "mini/runtime/Manifest.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mini::rt {

class RowCopier;

/// Number of CUDA devices; 0 (with `reason` set) when there is no driver or GPU.
int deviceCount(std::string *reason = nullptr);

/// A limit on the waits for the device (Device::synchronize, the timed
/// samples of timeInterleavedMedianMs, the tensor-map slots): past
/// `seconds` (0, the default: none) the wait writes what it waited for to
/// stderr and ends the process with exit code 124. A kernel cannot be
/// stopped once it runs, so one that never returns (an mbarrier nobody
/// arrives on) would hang every later call that waits for the device, the
/// process's exit included.
void setWaitLimit(double seconds);
/// Waits for `event` (cuEventSynchronize), within the wait limit.
void waitForEvent(CUevent event, const std::string &what);

/// A device with its primary context current on the calling thread (the
/// context the CUDA runtime API uses too, so both share allocations).
class Device {
public:
  explicit Device(int ordinal = 0);
  ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  const std::string &name() const { return name_; }
  int ccMajor() const { return major_; }
  int ccMinor() const { return minor_; }
  /// "sm_90" style name of the device's compute capability.
  std::string chip() const;
  /// The most shared memory one block may have (opt-in, dynamic included).
  int maxSharedBytesPerBlock() const { return maxSharedOptin_; }
  int smCount() const { return smCount_; }
  void synchronize(const std::string &context = "") const;
  /// Makes the device's context current on the calling thread (the
  /// constructor does so for the thread that creates it).
  void makeCurrent() const;
  /// cuDeviceGetAttribute of the device.
  int attribute(CUdevice_attribute attribute) const;

private:
  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
  std::string name_;
  int major_ = 0, minor_ = 0;
  int maxSharedOptin_ = 0;
  int smCount_ = 0;
};

/// Device memory, freed on destruction.
class DeviceBuffer {
public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t bytes, const std::string &what = "buffer");
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer &operator=(DeviceBuffer &&other) noexcept;

  CUdeviceptr ptr() const { return ptr_; }
  size_t bytes() const { return bytes_; }
  void upload(const void *host);
  void download(void *host) const;
  void fill(unsigned char byte);
  /// As fill, ordered on `stream` (asynchronous with the host).
  void fillAsync(unsigned char byte, CUstream stream);

private:
  CUdeviceptr ptr_ = 0;
  size_t bytes_ = 0;
};

/// Checks that `bytes` is a complete CUDA ELF object (magic, machine, section
/// table inside the file). Throws Error naming `path` otherwise. Needs no GPU.
void validateCubin(const std::string &bytes, const std::string &path);

/// The parameter count of each kernel entry of a cubin (validated), read from
/// its `.nv.info.ENTRY` section: one EIATTR_KPARAM_INFO record a parameter.
/// (Probing cuFuncGetParamInfo until it fails costs an error per kernel under
/// compute-sanitizer's memcheck.) Throws Error naming `path` on a malformed
/// section. Needs no GPU.
std::map<std::string, size_t> cubinParamCounts(const std::string &bytes, const std::string &path);

/// Throws Error("bundle built for sm_90a, device is sm_80 (NAME)") when the
/// bundle's chip cannot run on a device of compute capability major.minor.
void checkChip(const std::string &bundleChip, int major, int minor,
               const std::string &deviceName);

/// The global view a tensor map describes, innermost dim first (as
/// cuTensorMapEncodeTiled takes it): dims, byte strides of dims 1.., box.
struct TensorMapLayout {
  std::vector<uint64_t> dims, strides;
  std::vector<uint32_t> box;
  /// TMA can describe it: every dim >= 1 and every stride a multiple of 16
  /// bytes.
  bool encodable = true;
  /// The tensor as `rows` rows of its innermost dim, `rowBytes` each.
  uint64_t rows = 1, rowBytes = 0;
};
/// With `rowPitch` > 0, the layout of a copy of the tensor whose rows start
/// `rowPitch` bytes apart.
TensorMapLayout tensorMapLayout(const KernelSpec &k, const TensorMapSpec &m, const Sizes &sizes,
                                uint64_t rowPitch = 0);

/// Builds the parameter array for kernel `k`: a memref descriptor per tensor
/// (ptr, ptr, offset 0, size, stride 1), an i64 per size, then `tensorMaps`
/// (device pointers to the kernel's CUtensorMaps). Throws Error if the
/// number of tensors or tensor maps is wrong.
/// The plan of a launch with a split tail (SplitTailSpec) and, for the
/// tail kernel, its workspace.
struct SplitTailArgs {
  CUdeviceptr partials = 0; // f32, plan.slots() * tileElements
  CUdeviceptr counters = 0; // i32, plan.splitTiles, zero
  SplitTailPlan plan;
};

/// The workspace and plan of a decode attention's parts (SplitKeysSpec).
struct SplitKeysArgs {
  CUdeviceptr partials = 0, lse = 0; // f32, plan.partialFloats and plan.lseFloats
  SplitKeysPlan plan;
};

class KernelParams {
public:
  KernelParams(const KernelSpec &k, const std::vector<CUdeviceptr> &tensors,
               const Sizes &sizes, const std::vector<CUdeviceptr> &tensorMaps = {},
               const SplitTailArgs *splitTail = nullptr,
               const SplitKeysArgs *splitKeys = nullptr);
  void **data() { return pointers_.data(); }
  size_t size() const { return pointers_.size(); }

private:
  std::vector<int64_t> storage_;
  std::vector<void *> pointers_;
};

/// A bundle's cubins loaded on a device, with every kernel resolved and its
/// parameter count checked against the manifest.
class LoadedBundle {
public:
  LoadedBundle(const Bundle &bundle, const Device &device);
  ~LoadedBundle();
  LoadedBundle(const LoadedBundle &) = delete;
  LoadedBundle &operator=(const LoadedBundle &) = delete;

  const Bundle &bundle() const { return bundle_; }
  /// Launches `k` (or the size variant of it that Bundle::forSizes picks) on
  /// `tensors` (the manifest's tensor order) at `sizes` (already resolved),
  /// then its tail kernel when the plan has a tail; for an attention with
  /// decode kernels, those where KernelSpec::planSplitKeys says so.
  /// Asynchronous, on `stream` (the legacy default stream when null). A
  /// kernel's split-tail and split-keys workspaces are its own: launches of
  /// one such kernel on two streams must not overlap.
  void launch(const KernelSpec &k, const std::vector<CUdeviceptr> &tensors,
              const Sizes &sizes, CUstream stream = nullptr) const;
  /// Runs function `f` as `plan` (FunctionSpec::plan) lays it out: its
  /// launches in order on `args` and `results` (device pointers of at least
  /// the plan's elements each), with the intermediate buffers this loaded
  /// bundle keeps for `f` (allocated at the first call, grown when a call
  /// needs more). Asynchronous on `stream`; calls of one function on two
  /// streams must not overlap (they share the intermediates).
  void runFunction(const FunctionSpec &f, const FunctionPlan &plan,
                   const std::vector<CUdeviceptr> &args, const std::vector<CUdeviceptr> &results,
                   CUstream stream = nullptr) const;
  /// The decode plan a launch of `k` at `sizes` makes on this device.
  SplitKeysPlan splitKeysPlan(const KernelSpec &k, const Sizes &sizes) const {
    return k.planSplitKeys(sizes, smCount_, forcedSplitKeys_);
  }
  /// Decode launches use `splits` key splits (capped at the kernel's
  /// max_splits) rather than the plan's choice; 0 restores it. For
  /// benchmarking split counts.
  void forceSplitKeys(int64_t splits) { forcedSplitKeys_ = splits; }

private:
  /// Encoded tensor maps in device memory, for one set of tensors and sizes.
  /// A tensor whose rows TMA cannot address (not 16-byte multiples, or a
  /// base that is not 16-byte aligned), copied before each launch into rows
  /// padded to 16 bytes, which its map describes instead.
  struct PackedTensor {
    CUdeviceptr source = 0;
    uint64_t rows = 0, rowBytes = 0, pitch = 0;
    DeviceBuffer copy;
  };
  struct TensorMapSlot {
    DeviceBuffer buffer;
    std::vector<CUdeviceptr> maps; // into `buffer`; null where a map has no tensor
    std::vector<PackedTensor> packed;
    std::vector<CUdeviceptr> tensors;
    Sizes sizes;
    CUevent lastUse = nullptr; // recorded after each launch that reads the slot
    uint64_t lastLaunch = 0;
  };
  /// Kernels launched with many tensors in turn (a training step, PyTorch's
  /// allocator) keep this many sets of maps; the least recently used slot is
  /// rewritten once the launches that read it are done.
  static constexpr size_t kTensorMapSlots = 8;
  /// The slot holding `k`'s tensor maps for these tensors and sizes (null
  /// when `k` has none), encoded and uploaded on `stream` only when no slot
  /// has them.
  TensorMapSlot *tensorMaps(const KernelSpec &k, const std::vector<CUdeviceptr> &tensors,
                            const Sizes &sizes, CUstream stream) const;

  Bundle bundle_;
  std::map<std::string, CUmodule> modules_;
  std::map<std::string, CUfunction> functions_;
  /// A persistent kernel with clusters (grid max_blocks and cluster > 1):
  /// the most of its blocks the device holds at once, whole clusters (not
  /// every SM can take part in a cluster of 4: the blocks past them would
  /// run as a second wave).
  std::map<std::string, int64_t> residentBlocks_;
  mutable std::map<std::string, std::vector<TensorMapSlot>> tensorMapSlots_;
  std::unique_ptr<RowCopier> rowCopier_; // fills the slots' packed copies
  mutable uint64_t launches_ = 0;
  /// The split-tail workspace of each kernel, grown as needed. The blocks
  /// leave the counters at zero, so the next launch finds them so too.
  struct SplitTailWorkspace {
    DeviceBuffer partials, counters;
  };
  mutable std::map<std::string, SplitTailWorkspace> splitTailWorkspaces_;
  struct SplitKeysWorkspace {
    DeviceBuffer partials, lse;
  };
  mutable std::map<std::string, SplitKeysWorkspace> splitKeysWorkspaces_;
  /// Each function's intermediate buffers (runFunction), grown as needed.
  mutable std::map<std::string, std::vector<DeviceBuffer>> functionBuffers_;
  int smCount_ = 0;
  int64_t forcedSplitKeys_ = 0;

  /// The decode kernel, and with splits its combine kernel, for a launch of
  /// `k` that `plan` sends there.
  void launchDecode(const KernelSpec &k, const std::vector<CUdeviceptr> &tensors,
                    const Sizes &sizes, const SplitKeysPlan &plan, CUstream stream) const;
  /// One launch of `spec` (`fn`) on `grid`, checked against the device's
  /// grid limits.
  void run(const KernelSpec &spec, CUfunction fn, const std::array<int64_t, 3> &grid,
           KernelParams &params, CUstream stream) const;
};

/// Median milliseconds of `iters` runs of `fn` after `warmup` runs, each timed
/// with CUDA events on the default stream. A run is `launches` calls of `fn`
/// between its two events (the time divided by them): with one, the time of
/// a kernel of a few microseconds includes the host's work to launch it;
/// with more, the calls queue behind each other and the GPU's time shows.
double timeMedianMs(const std::function<void()> &fn, int warmup, int iters, const std::string &what,
                    int launches = 1);

/// As timeMedianMs for several functions timed in turn within each of the
/// `iters` rounds (after `warmup` rounds), so that every one runs at the same
/// clocks, power and temperature: a peer measured right after a long run of
/// ours would otherwise see a cooler, unthrottled GPU. One median per function.
std::vector<double> timeInterleavedMedianMs(const std::vector<std::function<void()>> &fns,
                                            int warmup, int iters, const std::string &what,
                                            int launches = 1);

} // namespace mini::rt

#endif
