// The kernel bundle manifest (manifest.json), as written by mini-export-bundle.
#ifndef MINI_RUNTIME_MANIFEST_H
#define MINI_RUNTIME_MANIFEST_H

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace mini::rt {

enum class DType { F16, BF16, F32 };
const char *dtypeName(DType t);
size_t dtypeBytes(DType t);

struct TensorSpec {
  std::string name;
  DType dtype = DType::F32;
  std::vector<std::string> dims; // each a kernel size name
  bool output = false;
};

/// One grid dimension: ceildiv(product of the named sizes, div), rounded up
/// to a multiple of `cluster` (the kernel's blocks per cluster along it).
struct GridSpec {
  std::vector<std::string> sizes;
  int64_t div = 1;
  int64_t cluster = 1;
  int64_t maxBlocks = 0; // a persistent kernel's cap (0: none)
};

/// A TMA descriptor (CUtensorMap) the kernel reads: tensor number `tensor`,
/// boxes of `box` elements (in the tensor's dim order), `swizzle` bytes (0,
/// 32, 64 or 128). The runtime encodes it at launch; the kernel takes a
/// pointer to it after the sizes.
struct TensorMapSpec {
  size_t tensor = 0;
  std::vector<int64_t> box;
  int64_t swizzle = 0;
};

using Sizes = std::map<std::string, int64_t>;

/// A matmul whose last, partial wave of tiles runs stream-K style
/// ("split_tail" in the manifest) is two kernels. The whole-tile kernel's
/// grid counts every C tile; it takes one more parameter, the number of
/// tiles it computes (the last ones are the tail's). Its tail kernel
/// (`kernel`; that one has `splitBlocks`) runs the tail tiles' K steps, laid
/// end to end, `stepsPerBlock` per block on a one-dimensional grid, and
/// takes, after the tensor maps, an f32 workspace of `tileElements` per
/// slot (blocks + tail tiles slots), a zeroed i32 counter per tail tile,
/// the number of whole tiles and the steps per block.
struct SplitTailSpec {
  int64_t maxSplits = 1; // 1: no tail kernel; else a block takes >= 1 / maxSplits of a tile
  std::string depth;     // the size whose steps of tileK are split
  int64_t tileK = 0;
  int64_t tileElements = 0;
  std::vector<std::string> aligned; // sizes that must be multiples of 8 to split
  std::string kernel;               // the tail kernel
  bool splitBlocks = false;         // this is a tail kernel
};

/// The tail of one launch (KernelSpec::planSplitTail). No tail: blocks = 0.
struct SplitTailPlan {
  int64_t splitTiles = 0, unsplitTiles = 0, stepsPerBlock = 0, blocks = 0;
  /// f32 tiles the tail's partials take: block b's share of tail tile t
  /// goes to slot b + t.
  int64_t slots() const { return blocks ? blocks + splitTiles : 0; }
};

/// An attention with decode kernels ("split_keys" in the manifest) is three
/// kernels. The main kernel (`decodeKernel`, `combineKernel` set) handles
/// most shapes. Its decode kernel (`part` "decode") takes the query rows of
/// the H / G heads that share a K/V head as one matrix of S x H / G rows,
/// `rows` per block, and splits the keys over `splits` blocks per row block
/// in whole tiles of `tileKeys`: grid (row blocks x splits, G, B). With more
/// than one split it writes partials (O / l: splits x B x H x S x D f32;
/// log2-sum-exp: splits x B x H x S f32) that the combine kernel (`part`
/// "combine", grid as its record says) merges into O. Both take, after the
/// sizes, those two f32 memrefs and the number of splits.
struct SplitKeysSpec {
  int64_t maxSplits = 0; // 0: no decode kernel
  int64_t rows = 0, tileKeys = 0;
  std::string decodeKernel, combineKernel;
  int64_t mainRows = 0; // the main kernel's: query rows per work item
  /// How long one of the main kernel's blocks takes, in percent of one of
  /// the decode kernel's ("main_block_cost"; absent: 100).
  int64_t mainBlockCost = 100;
  std::string part;     // "decode", "combine", or "" for the main kernel
};

/// A launch of an attention with decode kernels (KernelSpec::planSplitKeys).
/// splits = 0: the main kernel.
struct SplitKeysPlan {
  int64_t splits = 0, rowBlocks = 0;
  /// f32 elements of the partial O and of the log2-sum-exp workspaces.
  int64_t partialFloats = 0, lseFloats = 0;
};

/// One step of a fused elementwise kernel's program: `op` (addf, subf, mulf,
/// divf, negf, exp, erf, tanh, fma) on the values `args`, or "const"
/// (`value`). Values 0 .. inputs-1 are the inputs, then one per step.
struct ProgramStep {
  std::string op;
  std::vector<int64_t> args;
  double value = 0;
};

struct KernelSpec {
  std::string entry, op, cubin;
  std::vector<TensorSpec> tensors;
  std::vector<std::string> sizes;  // parameter order
  Sizes staticSizes;               // -1: given at launch
  std::array<GridSpec, 3> grid;
  std::array<int64_t, 3> block{1, 1, 1};
  int64_t dynamicSharedBytes = 0;
  std::vector<TensorMapSpec> tensorMaps;
  std::map<std::string, double> attrs; // numeric ones; booleans as 1/0
  // op "elementwise": what one element computes (the body of the
  // mini.elementwise), and the value it writes; a matmul with an epilogue:
  // what it does to the f32 product (value 0) with its inputs (the tensors
  // between b and c) before the store.
  std::vector<ProgramStep> program;
  int64_t programResult = -1;
  // Kernels with this one's ABI; a launch runs the one launch::chooseVariant
  // picks (Bundle::forSizes). `tileRates`: this kernel's rate, then each
  // variant's, in percent of this kernel's when each fills the GPU.
  std::vector<std::string> sizeVariants;
  int64_t smCount = 0;
  std::vector<int64_t> tileRates;
  // Or, for a row op ("max_lengths"), the first kernel (this one, then the
  // variants) whose max length holds the row length C (an attention's keys
  // T) and whose max rows ("max_rows", where given) hold the row count R
  // (an attention's query rows S); 0: any. A kernel with
  // an entry w > 0 in "unaligned_only" takes only rows whose length is not
  // a multiple of w (the next kernel, of the same max length, the others).
  std::vector<int64_t> maxLengths, maxRows, unalignedOnly;
  SplitTailSpec splitTail;
  SplitKeysSpec splitKeys;

  /// Fills dynamic sizes from `given`, checks static ones against it, and
  /// checks op-level constraints. Throws Error naming the size.
  Sizes resolveSizes(const Sizes &given) const;
  /// Number of elements of tensor `t` at `sizes`.
  int64_t numElements(const TensorSpec &t, const Sizes &sizes) const;
  // The launch-time rules of LaunchRules.h (launch::), at `sizes`:
  std::array<int64_t, 3> gridDims(const Sizes &sizes) const;
  /// launch::launchCost: ceil(blocks / smCount) * work per block (the
  /// product of the grid divisors) * 100 / ratePercent, the stream-K tail's
  /// last wave as the fraction of a tile its blocks take.
  int64_t launchCost(const Sizes &sizes, int64_t smCount, int64_t ratePercent) const;
  /// Kernel parameters the ABI implies: 5 per tensor (memref descriptor), 1 per
  /// size, 1 per tensor map (a pointer).
  size_t numParams() const {
    return 5 * tensors.size() + sizes.size() + tensorMaps.size() +
           (splitTail.splitBlocks ? 12 : splitTail.maxSplits > 1 ? 1 : 0) +
           (splitKeys.part.empty() ? 0 : 11);
  }
  /// Whether a launch at `sizes` copies rows that are not whole 16-byte
  /// chunks into 16-byte rows for the kernel's maps, else passes a null map
  /// (a matmul's element path). Matmuls from launch::kCopyRowsMinFlops up,
  /// other kernels always (they need the map); MINI_RT_PACK_ROWS=always or
  /// =never overrides it for matmuls (for measurements). A misaligned base
  /// is always copied.
  bool copiesRows(const Sizes &sizes) const;
  /// The stream-K tail on `smCount` SMs (launch::planSplitTail).
  SplitTailPlan planSplitTail(const Sizes &sizes, int64_t smCount) const;
  /// Whether a launch on `smCount` SMs runs the decode kernel, and with how
  /// many key splits (launch::planKeySplits; `forcedSplits`, if > 0, capped
  /// at maxSplits, replaces the rule's), and the workspaces that takes.
  SplitKeysPlan planSplitKeys(const Sizes &sizes, int64_t smCount, int64_t forcedSplits = 0) const;
  double attr(const std::string &name, double fallback) const;
  /// A size variant that runs by M (the gemv kernel, small tiles): the
  /// most M at which Bundle::forSizes takes it; 0 for a variant by cost.
  int64_t maxM() const { return static_cast<int64_t>(attr("max_m", 0)); }
  /// Beside maxM, the most N at which it takes the variant; 0 for any N.
  int64_t maxN() const { return static_cast<int64_t>(attr("max_n", 0)); }
};

/// A dim of a function's tensor, or a factor of a launch's size: static
/// (`size` >= 1) or the function's dynamic size `name` (`size` = -1).
struct FunctionDim {
  int64_t size = -1;
  std::string name;
  bool operator==(const FunctionDim &o) const { return size == o.size && name == o.name; }
};

struct FunctionTensor {
  std::string name;
  DType dtype = DType::F32;
  std::vector<FunctionDim> dims;
};

/// One kernel launch of a function: `kernel` (an entry; the runtime picks
/// its variant as for any launch) on the function's tensors named in the
/// kernel's tensor order, each kernel size the product of its factors.
/// Where a launch's tensor lives: an argument, a result or an intermediate
/// buffer of the function, by index.
struct FunctionBinding {
  enum Kind { Arg, Result, Buffer } kind = Arg;
  size_t index = 0;
  /// Of three lists (the function's args, results and buffers, or values
  /// kept for each), the one this binding's kind names.
  template <typename List> List &of(List &args, List &results, List &buffers) const {
    return kind == Arg ? args : kind == Result ? results : buffers;
  }
};

struct FunctionLaunch {
  std::string kernel;
  std::vector<std::string> tensors;
  std::vector<FunctionBinding> bindings; // of `tensors`, resolved when the manifest is read
  std::map<std::string, std::vector<FunctionDim>> sizes;
};

/// A function at given sizes: what runFunction launches.
struct FunctionPlan {
  Sizes dims; // the function's dynamic sizes
  std::vector<int64_t> argElements, resultElements, bufferElements;
  struct Launch {
    const KernelSpec *kernel = nullptr;
    std::vector<FunctionBinding> tensors; // the kernel's tensor order
    Sizes sizes;                          // resolved (KernelSpec::resolveSizes)
  };
  std::vector<Launch> launches;
};

/// A func.func of the bundle ("functions" in the manifest): its arguments
/// and results in order, its intermediate buffers, and its launches in
/// order. Dims and size factors name the function's dynamic sizes: the
/// names the source gave (`mini.size_names`), else "arg<i>.<d>" (dim d of
/// argument i).
struct FunctionSpec {
  std::string name;
  std::vector<FunctionTensor> args, results, buffers;
  std::vector<FunctionLaunch> launches;

  /// The dynamic sizes, in order of first appearance in the arguments.
  std::vector<std::string> dynamicSizes() const;
  /// The launches at `given` (a value for each dynamic size and nothing
  /// else), every size checked: each kernel's static sizes, and each tensor
  /// a kernel reads or writes against the elements of the buffer it binds.
  /// Throws Error naming the function, the launch and the sizes.
  FunctionPlan plan(const struct Bundle &bundle, const Sizes &given) const;
  const FunctionTensor &tensor(const FunctionBinding &b) const {
    return b.of(args, results, buffers)[b.index];
  }
  /// Elements of `t` at the dynamic sizes `dims`.
  static int64_t numElements(const FunctionTensor &t, const Sizes &dims);
};

struct Bundle {
  std::string dir;   // where manifest.json and the cubins live
  std::string chip;  // e.g. "sm_90a"
  std::vector<KernelSpec> kernels;
  std::vector<FunctionSpec> functions;
  /// Entry -> its index in `kernels`, filled by parse: findKernel() runs on
  /// every launch that has size variants or a tail (a scan of a 460-kernel
  /// bundle by name took microseconds a launch). An index it does not hold,
  /// or one that no longer names its kernel, falls back to the scan.
  std::map<std::string, size_t> kernelIndex;

  /// Reads and validates DIR/manifest.json. Throws Error naming the field.
  static Bundle load(const std::string &dir);
  /// Parses a manifest's text (`dir` only resolves cubin paths).
  static Bundle parse(const std::string &text, const std::string &dir);
  const KernelSpec &kernel(const std::string &entry) const;
  /// The kernel named `entry`, or null.
  const KernelSpec *findKernel(const std::string &entry) const;
  const FunctionSpec &function(const std::string &name) const;
  /// The kernel that runs a launch of `k` (this bundle's, or a copy of it)
  /// at `sizes`: of `k` and its size variants, the one
  /// launch::chooseVariant picks (by row length, by M, else by launchCost).
  const KernelSpec &forSizes(const KernelSpec &k, const Sizes &sizes) const;
  /// Whether `entry` is another kernel's size variant (launched through it).
  bool isSizeVariant(const std::string &entry) const;
  /// Whether `entry` is a tail kernel or a decode attention's part: it runs
  /// through another kernel's launch.
  bool isCompanionKernel(const std::string &entry) const;
};

struct Chip {
  int major = 0, minor = 0;
  bool archSpecific = false; // the "a" suffix: runs on exactly this chip
};
/// Parses "sm_90a", "sm_80"; throws Error on anything else.
Chip parseChip(const std::string &chip);
/// Whether code built for `bundle` runs on a device of compute capability
/// major.minor. SASS runs on the same major with an equal or newer minor;
/// arch-specific (sm_90a) code only on that exact chip.
bool chipRunsOn(const Chip &bundle, int major, int minor);

} // namespace mini::rt

#endif
