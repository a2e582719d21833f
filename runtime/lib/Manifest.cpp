#include "mini/runtime/Manifest.h"
#include "mini/runtime/Error.h"
#include "mini/runtime/LaunchRules.h"

#include "JsonReader.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

namespace mini::rt {

const char *dtypeName(DType t) {
  switch (t) {
  case DType::F16: return "f16";
  case DType::BF16: return "bf16";
  case DType::F32: return "f32";
  }
  return "?";
}

size_t dtypeBytes(DType t) { return t == DType::F32 ? 4 : 2; }

namespace {

using namespace detail;

TensorMapSpec parseTensorMap(const Json &json, const KernelSpec &k, const std::string &kernel) {
  Reader r(json, kernel + " tensor map");
  std::string name = r.str("tensor");
  r.where = kernel + " tensor map of '" + name + "'";
  TensorMapSpec m;
  auto it = std::find_if(k.tensors.begin(), k.tensors.end(),
                         [&](const TensorSpec &t) { return t.name == name; });
  if (it == k.tensors.end())
    throw Error(r.where + ": the kernel has no tensor '" + name + "'");
  m.tensor = it - k.tensors.begin();
  m.box = r.integers("box", 1, 256, "box sizes");
  if (m.box.size() != it->dims.size())
    throw Error(r.where + ": box has " + std::to_string(m.box.size()) + " dims, the tensor " +
                std::to_string(it->dims.size()));
  m.swizzle = r.integer("swizzle");
  int64_t rowBytes = m.box.back() * static_cast<int64_t>(dtypeBytes(it->dtype));
  if (m.swizzle != 0 && m.swizzle != 32 && m.swizzle != 64 && m.swizzle != 128)
    throw Error(r.where + ": swizzle must be 0, 32, 64 or 128, got " + std::to_string(m.swizzle));
  if (rowBytes % 16 || (m.swizzle && rowBytes > m.swizzle))
    throw Error(r.where + ": a box row is " + std::to_string(rowBytes) +
                " bytes; it must be a multiple of 16 and at most the swizzle span");
  return m;
}

/// The size names in parameter order, each with its static value (-1: at launch).
void parseSizes(const Reader &r, KernelSpec &k) {
  const std::string &where = r.where;
  k.sizes = r.strings("sizes");
  for (const auto &[name, v] : r.get("static_sizes", Kind::Object).items()) {
    if (!v.is_number())
      throw Error(where + ": static size '" + name + "' must be a number");
    int64_t size = r.toInteger(v.get<double>(), "static size '" + name + "'");
    if (size < -1)
      throw Error(where + ": static size '" + name + "' must be -1 (given at launch) or >= 0, got " +
                  std::to_string(size));
    k.staticSizes[name] = size;
  }
  for (const std::string &s : k.sizes)
    if (!k.staticSizes.count(s))
      throw Error(where + ": size '" + s + "' has no entry in static_sizes");
}

/// The tensors in parameter order: at least one, and an output.
void parseTensors(const Reader &r, KernelSpec &k) {
  const std::string &where = r.where;
  for (const Json &t : r.get("tensors", Kind::Array)) {
    Reader tr(t, where + " tensor");
    TensorSpec ts;
    ts.name = tr.str("name");
    tr.where = where + " tensor '" + ts.name + "'";
    ts.dtype = parseDType(tr.str("dtype"), tr.where);
    ts.dims = tr.strings("dims");
    ts.output = tr.get("output", Kind::Bool).get<bool>();
    for (const std::string &d : ts.dims)
      if (!k.staticSizes.count(d))
        throw Error(tr.where + ": dim '" + d + "' is not one of the kernel's sizes");
    k.tensors.push_back(ts);
  }
  if (k.tensors.empty())
    throw Error(where + " has no tensors");
  if (std::none_of(k.tensors.begin(), k.tensors.end(), [](const TensorSpec &t) { return t.output; }))
    throw Error(where + " has no output tensor");
}

/// Three grid dims (sizes, divisor, cluster, cap) and three block dims.
void parseGrid(const Reader &r, KernelSpec &k) {
  const std::string &where = r.where;
  const auto &grid = r.get("grid", Kind::Array);
  if (grid.size() != 3)
    throw Error(where + ": 'grid' must have 3 entries, got " + std::to_string(grid.size()));
  for (int i = 0; i < 3; ++i) {
    Reader gr(grid[i], where + " grid[" + std::to_string(i) + "]");
    k.grid[i].sizes = gr.strings("sizes");
    k.grid[i].div = gr.integer("div");
    if (k.grid[i].div < 1)
      throw Error(gr.where + ": 'div' must be >= 1");
    if (gr.has("cluster")) { // optional: 1 (no clusters)
      k.grid[i].cluster = gr.integer("cluster");
      if (k.grid[i].cluster < 1 || k.grid[i].cluster > 8)
        throw Error(gr.where + ": 'cluster' must be in [1, 8]");
    }
    if (gr.has("max_blocks")) { // optional: a persistent kernel's cap
      k.grid[i].maxBlocks = gr.integer("max_blocks");
      if (k.grid[i].maxBlocks < 1)
        throw Error(gr.where + ": 'max_blocks' must be >= 1");
    }
    for (const std::string &s : k.grid[i].sizes)
      if (!k.staticSizes.count(s))
        throw Error(gr.where + ": '" + s + "' is not one of the kernel's sizes");
  }
  const auto &block = r.get("block", Kind::Array);
  if (block.size() != 3)
    throw Error(where + ": 'block' must have 3 entries");
  for (int i = 0; i < 3; ++i) {
    if (!block[i].is_number() || block[i].get<double>() < 1)
      throw Error(where + ": 'block' entries must be numbers >= 1");
    k.block[i] = static_cast<int64_t>(block[i].get<double>());
  }
}

/// Throws unless `k` has the size `size`, which its `option` chooses by.
void requireSizeFor(const std::string &where, const KernelSpec &k, const std::string &size,
                    const char *option) {
  if (std::find(k.sizes.begin(), k.sizes.end(), size) == k.sizes.end())
    throw Error(where + ": '" + option + "' choose by the size '" + size +
                "', which the kernel does not have");
}

/// The kernels with this one's ABI that a launch chooses from, and their rates.
void parseSizeVariants(const Reader &r, KernelSpec &k) {
  const std::string &where = r.where;
  k.sizeVariants = r.strings("size_variants");
  if (r.has("max_lengths")) { // a row op's kernels by row length, an attention's by keys
    k.maxLengths = r.integers("max_lengths", 0, int64_t(1) << 40, "'max_lengths' entries");
    if (k.sizeVariants.empty() || k.maxLengths.size() != k.sizeVariants.size() + 1)
      throw Error(where + ": 'max_lengths' needs " + std::to_string(k.sizeVariants.size() + 1) +
                  " entries (the kernel's, then each size variant's), got " +
                  std::to_string(k.maxLengths.size()));
    requireSizeFor(where, k, launch::lengthSizeOf(k), "max_lengths");
    size_t n = k.maxLengths.size();
    if (r.has("max_rows")) { // and by row count (an attention's query rows)
      k.maxRows = r.integers("max_rows", 0, int64_t(1) << 31, "'max_rows' entries");
      if (k.maxRows.size() != n || k.maxRows.back() != 0)
        throw Error(where + ": 'max_rows' needs " + std::to_string(n) +
                    " entries, the last 0 (any count), like 'max_lengths'");
      requireSizeFor(where, k, launch::rowsSizeOf(k), "max_rows");
    }
    if (r.has("unaligned_only")) { // and by the row length's alignment
      k.unalignedOnly = r.integers("unaligned_only", 0, 64, "'unaligned_only' entries");
      if (k.unalignedOnly.size() != n || k.unalignedOnly.back() != 0)
        throw Error(where + ": 'unaligned_only' needs " + std::to_string(n) +
                    " entries, the last 0 (any length), like 'max_lengths'");
    }
    // Lengths grow (a kernel of unaligned rows is followed by one of the same
    // length for the rest); then kernels for any length (0), each but the
    // last with a row count.
    for (size_t i = 0; i + 1 < n; ++i) {
      bool anyLength = k.maxLengths[i] == 0, anyRows = k.maxRows.empty() || k.maxRows[i] == 0;
      bool unaligned = !k.unalignedOnly.empty() && k.unalignedOnly[i] != 0;
      int64_t next = k.maxLengths[i + 1];
      if (unaligned && (anyLength || next != k.maxLengths[i]))
        throw Error(where +
                    ": a kernel of 'unaligned_only' rows needs a max length and the next "
                    "kernel the same one, for the aligned rows; got " +
                    std::to_string(k.maxLengths[i]) + " before " + std::to_string(next));
      if ((anyLength && (anyRows || next != 0)) ||
          (!anyLength && !unaligned && next != 0 && next <= k.maxLengths[i]))
        throw Error(where +
                    ": 'max_lengths' must grow, then 0 (any length) for the kernels by "
                    "row count ('max_rows') and the last; got " +
                    std::to_string(k.maxLengths[i]) + " before " + std::to_string(next));
    }
    return;
  }
  k.smCount = r.integer("sm_count");
  k.tileRates = r.integers("tile_rates", 1, 1000, "'tile_rates' entries");
  if (k.sizeVariants.empty() || k.smCount < 1)
    throw Error(where + ": 'size_variants' must name at least one kernel and 'sm_count' "
                        "be >= 1");
  if (k.tileRates.size() != k.sizeVariants.size() + 1)
    throw Error(where + ": 'tile_rates' needs " + std::to_string(k.sizeVariants.size() + 1) +
                " entries (the kernel's, then each size variant's), got " +
                std::to_string(k.tileRates.size()));
}

/// The stream-K tail of a matmul's last wave (SplitTailSpec).
void parseSplitTail(const Reader &r, KernelSpec &k) {
  const std::string &where = r.where;
  Reader st(r.get("split_tail", Kind::Object), where + " split_tail");
  SplitTailSpec &t = k.splitTail;
  t.maxSplits = st.integer("max_splits");
  t.depth = st.str("depth");
  t.tileK = st.integer("tile_k");
  t.tileElements = st.integer("tile_elements");
  t.aligned = st.strings("aligned");
  if (st.has("split_blocks"))
    t.splitBlocks = st.get("split_blocks", Kind::Bool).get<bool>();
  if (!t.splitBlocks)
    t.kernel = st.str("kernel");
  if (t.maxSplits < 2 || t.maxSplits > 64 || t.tileK < 1 || t.tileElements < 1)
    throw Error(st.where + ": needs max_splits in [2, 64], tile_k >= 1 and tile_elements >= 1");
  for (const std::string &size : t.aligned)
    if (std::find(k.sizes.begin(), k.sizes.end(), size) == k.sizes.end())
      throw Error(st.where + ": aligned size '" + size + "' is not a size of the kernel");
  if (std::find(k.sizes.begin(), k.sizes.end(), t.depth) == k.sizes.end())
    throw Error(st.where + ": depth '" + t.depth + "' is not a size of the kernel");
  for (const GridSpec &g : k.grid)
    if (g.cluster > 1)
      throw Error(st.where + ": a split tail cannot launch clusters");
}

/// An attention's decode kernels (SplitKeysSpec).
void parseSplitKeys(const Reader &r, KernelSpec &k) {
  const std::string &where = r.where;
  Reader sk(r.get("split_keys", Kind::Object), where + " split_keys");
  SplitKeysSpec &t = k.splitKeys;
  t.maxSplits = sk.integer("max_splits");
  t.rows = sk.integer("rows");
  t.tileKeys = sk.integer("tile_keys");
  if (sk.has("part")) {
    t.part = sk.str("part");
    if (t.part != "decode" && t.part != "combine")
      throw Error(sk.where + ": 'part' must be \"decode\" or \"combine\", got \"" + t.part +
                  "\"");
  } else {
    t.decodeKernel = sk.str("decode_kernel");
    t.combineKernel = sk.str("combine_kernel");
    t.mainRows = sk.integer("main_rows");
    if (t.mainRows < 1 || t.mainRows > 4096)
      throw Error(sk.where + ": needs main_rows in [1, 4096], got " + std::to_string(t.mainRows));
    if (sk.has("main_block_cost")) {
      t.mainBlockCost = sk.integer("main_block_cost");
      if (t.mainBlockCost < 1 || t.mainBlockCost > 10000)
        throw Error(sk.where + ": needs main_block_cost in [1, 10000] (percent), got " +
                    std::to_string(t.mainBlockCost));
    }
  }
  if (t.maxSplits < 1 || t.maxSplits > 64 || t.rows < 1 || t.rows > 4096 || t.tileKeys < 1 ||
      t.tileKeys > 4096)
    throw Error(sk.where + ": needs max_splits in [1, 64], rows and tile_keys in [1, 4096]");
  if (k.op != "attention")
    throw Error(sk.where + ": only an attention kernel splits keys, this one is '" + k.op + "'");
}

/// The numeric attributes, booleans as 1 / 0.
/// A fused elementwise kernel's or a matmul epilogue's program (attrs
/// "program" and "result") over `inputs` values, each step's arguments
/// earlier values.
void parseProgram(const Reader &r, KernelSpec &k, int64_t inputs) {
  Reader attrs(r.get("attrs", Kind::Object), r.where + " program");
  int64_t values = inputs;
  for (const Json &step : attrs.get("program", Kind::Array)) {
    Reader sr(step, attrs.where + " step #" + std::to_string(values - inputs));
    ProgramStep p;
    p.op = sr.str("op");
    static const std::map<std::string, size_t> kArity = {
        {"const", 0}, {"addf", 2}, {"subf", 2}, {"mulf", 2}, {"divf", 2},
        {"negf", 1},  {"exp", 1},  {"erf", 1},  {"tanh", 1}, {"fma", 3}};
    auto arity = kArity.find(p.op);
    if (arity == kArity.end())
      throw Error(sr.where + ": unknown op '" + p.op + "'");
    if (p.op == "const") {
      p.value = sr.get("value", Kind::Number).get<double>();
    } else {
      p.args = sr.integers("args", 0, values - 1, "args (earlier values)");
      if (p.args.size() != arity->second)
        throw Error(sr.where + ": " + p.op + " takes " + std::to_string(arity->second) +
                    " args, got " + std::to_string(p.args.size()));
    }
    k.program.push_back(std::move(p));
    ++values;
  }
  k.programResult = attrs.integer("result");
  if (k.programResult < 0 || k.programResult >= values)
    throw Error(attrs.where + ": result " + std::to_string(k.programResult) +
                " is not one of its " + std::to_string(values) + " values");
}

void parseAttrs(const Reader &r, KernelSpec &k) {
  const std::string &where = r.where;
  for (const auto &[name, v] : r.get("attrs", Kind::Object).items()) {
    if (v.is_number())
      k.attrs[name] = v.get<double>();
    else if (v.is_boolean())
      k.attrs[name] = v.get<bool>() ? 1.0 : 0.0;
    else if (!v.is_string() && !v.is_array())
      throw Error(where + ": attribute '" + name + "' must be a number, boolean, string or array");
    // Strings and arrays (e.g. "math", "tile") describe the kernel; the
    // runtime needs only the numeric ones.
  }
}

KernelSpec parseKernel(const Json &json, size_t index) {
  std::string where = "manifest kernel #" + std::to_string(index);
  Reader r(json, where);
  KernelSpec k;
  k.entry = r.str("entry");
  where = "manifest kernel '" + k.entry + "'";
  r.where = where;
  k.op = r.str("op");
  static const char *const kOps[] = {"matmul", "softmax", "rmsnorm",   "layernorm",   "attention",
                                      "add",    "mul",     "silu",      "gelu",        "scale",
                                      "cast",   "transpose", "causal_mask", "elementwise"};
  if (std::find(std::begin(kOps), std::end(kOps), k.op) == std::end(kOps))
    throw Error(where + ": op must name a mini op (matmul, softmax, rmsnorm, layernorm, attention, "
                        "add, mul, "
                        "silu, gelu, scale, cast, transpose, causal_mask or elementwise), got '" +
                k.op + "'");
  k.cubin = r.str("cubin");
  parseSizes(r, k);
  parseTensors(r, k);
  parseGrid(r, k);
  k.dynamicSharedBytes = r.integer("dynamic_shared_bytes");
  if (k.dynamicSharedBytes < 0)
    throw Error(where + ": 'dynamic_shared_bytes' must be >= 0, got " +
                std::to_string(k.dynamicSharedBytes));
  if (r.has("tensor_maps"))
    for (const Json &m : r.get("tensor_maps", Kind::Array))
      k.tensorMaps.push_back(parseTensorMap(m, k, where));
  if (r.has("size_variants"))
    parseSizeVariants(r, k);
  if (r.has("split_tail"))
    parseSplitTail(r, k);
  if (r.has("split_keys"))
    parseSplitKeys(r, k);
  parseAttrs(r, k);
  if (k.op == "elementwise")
    parseProgram(r, k, static_cast<int64_t>(k.tensors.size()) - 1);
  // A matmul's program is its epilogue, on the accumulator and the
  // tensors past a, b and c (the epilogue's inputs).
  if (k.op == "matmul" && k.tensors.size() < 3)
    throw Error(where + ": a matmul takes a, b, its epilogue's inputs and c; got " +
                std::to_string(k.tensors.size()) + " tensors");
  bool program = k.op == "matmul" && Reader(r.get("attrs", Kind::Object), where).has("program");
  if (k.op == "matmul" && k.tensors.size() > 3 && !program)
    throw Error(where + ": a matmul with epilogue inputs needs its epilogue's program");
  if (program)
    parseProgram(r, k, static_cast<int64_t>(k.tensors.size()) - 2);
  return k;
}

} // namespace

Sizes KernelSpec::resolveSizes(const Sizes &given) const {
  Sizes out;
  for (const auto &[name, value] : given)
    if (!staticSizes.count(name)) {
      std::string known;
      for (const std::string &s : sizes)
        known += (known.empty() ? "" : ", ") + s;
      throw Error("kernel '" + entry + "' has no size '" + name + "' (its sizes: " + known + ")");
    }
  for (const std::string &name : sizes) {
    int64_t fixed = staticSizes.at(name);
    auto it = given.find(name);
    if (fixed >= 0) {
      if (it != given.end() && it->second != fixed)
        throw Error("kernel '" + entry + "': size " + name + " is fixed to " +
                    std::to_string(fixed) + " by the bundle; got " + name + "=" +
                    std::to_string(it->second));
      if (fixed == 0)
        throw Error("kernel '" + entry + "': size " + name +
                    " is fixed to 0 by the bundle; empty tensors are not launched");
      out[name] = fixed;
      continue;
    }
    if (it == given.end())
      throw Error("kernel '" + entry + "': size " + name + " is dynamic; give it, e.g. --size " +
                  name + "=128");
    if (it->second < 1)
      throw Error("kernel '" + entry + "': size " + name + " must be >= 1, got " +
                  std::to_string(it->second));
    out[name] = it->second;
  }
  for (const TensorSpec &t : tensors) // sizes whose product overflows are errors here
    numElements(t, out);
  if (op == "attention" && out.count("H") && out.count("G") && out.at("H") % out.at("G") != 0)
    throw Error("kernel '" + entry + "': H = " + std::to_string(out.at("H")) +
                " must be a multiple of G = " + std::to_string(out.at("G")));
  return out;
}

int64_t KernelSpec::numElements(const TensorSpec &t, const Sizes &s) const {
  // Up to 2^60 elements: their bytes (8 at most each) still fit an int64.
  constexpr int64_t kMaxElements = int64_t(1) << 60;
  int64_t n = 1;
  bool tooMany = false;
  for (const std::string &d : t.dims)
    tooMany = tooMany || __builtin_mul_overflow(n, s.at(d), &n) || n > kMaxElements;
  if (tooMany) {
    std::string shape;
    for (const std::string &d : t.dims)
      shape += (shape.empty() ? "" : " x ") + d + "=" + std::to_string(s.at(d));
    throw Error("kernel '" + entry + "': tensor '" + t.name + "' of " + shape +
                " has more than 2^60 elements");
  }
  return n;
}

namespace {
/// The launch rules (LaunchRules.h) on the launch's sizes. Whether rows are
/// copied (an environment lookup and the sizes') is worked out only when a
/// rule asks (the tail, the variant choice), once per instance: gridDims,
/// which every launch runs, never asks.
struct SizedArith : launch::IntArith {
  const KernelSpec &kernel;
  const Sizes &sizes;
  mutable std::optional<bool> copied;
  SizedArith(const KernelSpec &k, const Sizes &sizes) : kernel(k), sizes(sizes) {}
  int64_t size(const std::string &name) const { return sizes.at(name); }
  bool rowsCopied() const {
    if (!copied)
      copied = kernel.copiesRows(sizes);
    return *copied;
  }
};
} // namespace

bool KernelSpec::copiesRows(const Sizes &sizes) const {
  if (const char *mode = std::getenv("MINI_RT_PACK_ROWS")) {
    if (std::string(mode) == "always")
      return true;
    if (std::string(mode) == "never")
      return op != "matmul";
  }
  if (op != "matmul")
    return true;
  auto size = [&](const char *name) {
    auto it = sizes.find(name);
    return it == sizes.end() ? 1.0 : static_cast<double>(it->second);
  };
  return 2 * size("batch") * size("M") * size("N") * size("K") >= launch::kCopyRowsMinFlops;
}

std::array<int64_t, 3> KernelSpec::gridDims(const Sizes &s) const {
  SizedArith a(*this, s);
  return launch::gridDims(a, *this);
}

int64_t KernelSpec::launchCost(const Sizes &sizes, int64_t smCount, int64_t ratePercent) const {
  SizedArith a(*this, sizes);
  return launch::launchCost(a, *this, smCount, ratePercent);
}

SplitTailPlan KernelSpec::planSplitTail(const Sizes &sizes, int64_t smCount) const {
  SizedArith a(*this, sizes);
  launch::TailPlan<SizedArith> tail = launch::planSplitTail(a, *this, gridDims(sizes), smCount);
  SplitTailPlan plan;
  plan.splitTiles = tail.splitTiles;
  plan.unsplitTiles = tail.unsplitTiles;
  plan.stepsPerBlock = tail.stepsPerBlock;
  plan.blocks = tail.blocks;
  return plan;
}

SplitKeysPlan KernelSpec::planSplitKeys(const Sizes &sizes, int64_t smCount,
                                        int64_t forcedSplits) const {
  SplitKeysPlan plan;
  if (splitKeys.maxSplits < 1 || !splitKeys.part.empty())
    return plan;
  SizedArith a(*this, sizes);
  launch::KeySplitPlan<SizedArith> keys = launch::planKeySplits(a, *this, smCount);
  if (!keys.decode)
    return plan;
  plan.splits = forcedSplits > 0 ? std::min(forcedSplits, splitKeys.maxSplits) : keys.splits;
  plan.rowBlocks = keys.rowBlocks;
  if (plan.splits > 1) {
    int64_t rows = a.mul(a.mul(sizes.at("B"), sizes.at("H")), sizes.at("S"));
    plan.lseFloats = a.mul(plan.splits, rows);
    plan.partialFloats = a.mul(plan.lseFloats, sizes.at("D"));
  }
  return plan;
}

double KernelSpec::attr(const std::string &name, double fallback) const {
  auto it = attrs.find(name);
  return it == attrs.end() ? fallback : it->second;
}

namespace {
/// A size variant's bounds for launch::chooseVariant: max_m (the variant
/// runs where M is at most it) and max_n beside it, whole numbers >= 1.
void checkVariantBounds(const KernelSpec &v, const std::string &where) {
  for (const char *name : {"max_m", "max_n"}) {
    auto it = v.attrs.find(name);
    if (it == v.attrs.end())
      continue;
    double bound = it->second;
    if (!(bound >= 1 && bound <= double(std::numeric_limits<int64_t>::max() / 2)) ||
        bound != std::floor(bound)) {
      std::ostringstream got;
      got << bound;
      throw Error(where + ": '" + name + "' must be a whole number >= 1, got " + got.str());
    }
  }
  if (v.attrs.count("max_n") && !v.attrs.count("max_m"))
    throw Error(where + ": 'max_n' needs a 'max_m' beside it (a variant taken by cost has no "
                        "bound on N)");
}
} // namespace

Bundle Bundle::parse(const std::string &text, const std::string &dir) {
  Json json = parseJson(text, "manifest");
  Reader r(json, "manifest");
  if (r.str("format") != "mini-bundle")
    throw Error("manifest: 'format' must be \"mini-bundle\"");
  if (r.integer("version") != 1)
    throw Error("manifest: unsupported version " + std::to_string(r.integer("version")) +
                " (this runtime reads version 1)");
  Bundle b;
  b.dir = dir;
  b.chip = r.str("chip");
  parseChip(b.chip);
  size_t i = 0;
  for (const Json &k : r.get("kernels", Kind::Array))
    b.kernels.push_back(parseKernel(k, i++));
  if (b.kernels.empty())
    throw Error("manifest: 'kernels' is empty");
  for (size_t k = 0; k < b.kernels.size(); ++k)
    b.kernelIndex.emplace(b.kernels[k].entry, k);
  // The first part of a size variant's ABI that is not the kernel's, or "".
  auto abiDifference = [](const KernelSpec &v, const KernelSpec &k) -> std::string {
    if (v.op != k.op)
      return "its op is '" + v.op + "', the kernel's '" + k.op + "'";
    if (v.sizes != k.sizes || v.staticSizes != k.staticSizes)
      return "its sizes (names, order or static values) are not the kernel's";
    bool sameTensors = v.tensors.size() == k.tensors.size();
    for (size_t i = 0; sameTensors && i < k.tensors.size(); ++i)
      sameTensors = v.tensors[i].dtype == k.tensors[i].dtype &&
                    v.tensors[i].dims == k.tensors[i].dims &&
                    v.tensors[i].output == k.tensors[i].output;
    return sameTensors ? "" : "its tensors (dtype, dims or output) are not the kernel's";
  };
  for (const KernelSpec &k : b.kernels) {
    for (const std::string &name : k.sizeVariants) {
      std::string where = "manifest kernel '" + k.entry + "' size variant '" + name + "'";
      const KernelSpec *v = b.findKernel(name);
      if (!v)
        throw Error(where + ": no such kernel");
      if (!v->sizeVariants.empty() || v->entry == k.entry)
        throw Error(where + ": a size variant cannot have size variants of its own");
      if (std::string difference = abiDifference(*v, k); !difference.empty())
        throw Error(where + ": " + difference);
      checkVariantBounds(*v, where);
    }
    if (k.splitKeys.maxSplits > 0 && k.splitKeys.part.empty())
      for (auto [name, part] : {std::pair(k.splitKeys.decodeKernel, "decode"),
                                std::pair(k.splitKeys.combineKernel, "combine")}) {
        std::string where = "manifest kernel '" + k.entry + "' " + part + " kernel '" + name + "'";
        const KernelSpec *v = b.findKernel(name);
        if (!v)
          throw Error(where + ": no such kernel");
        if (v->splitKeys.part != part)
          throw Error(where + ": its split_keys must say part \"" + part + "\"");
        if (std::string difference = abiDifference(*v, k); !difference.empty())
          throw Error(where + ": " + difference);
      }
    if (k.splitTail.maxSplits < 2 || k.splitTail.splitBlocks)
      continue;
    std::string where =
        "manifest kernel '" + k.entry + "' split-tile kernel '" + k.splitTail.kernel + "'";
    const KernelSpec *v = b.findKernel(k.splitTail.kernel);
    if (!v)
      throw Error(where + ": no such kernel");
    if (!v->splitTail.splitBlocks)
      throw Error(where + ": it must be marked split_blocks");
    if (std::string difference = abiDifference(*v, k); !difference.empty())
      throw Error(where + ": " + difference);
    if (v->tensorMaps.size() != k.tensorMaps.size())
      throw Error(where + ": it must take the kernel's tensor maps (" +
                  std::to_string(k.tensorMaps.size()) + "), got " +
                  std::to_string(v->tensorMaps.size()));
  }
  if (r.has("functions"))
    parseFunctions(r.get("functions", Kind::Array), b);
  return b;
}

const KernelSpec &Bundle::forSizes(const KernelSpec &k, const Sizes &sizes) const {
  if (k.sizeVariants.empty())
    return k;
  auto kernelAt = [&](size_t i) -> const KernelSpec & {
    return i == 0 ? k : kernel(k.sizeVariants[i - 1]);
  };
  SizedArith a(k, sizes);
  return kernelAt(launch::chooseVariant(a, k, kernelAt));
}

bool Bundle::isSizeVariant(const std::string &entry) const {
  for (const KernelSpec &k : kernels)
    if (std::find(k.sizeVariants.begin(), k.sizeVariants.end(), entry) != k.sizeVariants.end())
      return true;
  return false;
}

bool Bundle::isCompanionKernel(const std::string &entry) const {
  const KernelSpec *k = findKernel(entry);
  return k && (k->splitTail.splitBlocks || !k->splitKeys.part.empty());
}

Bundle Bundle::load(const std::string &dir) {
  std::string path = dir + "/manifest.json";
  std::ifstream in(path);
  if (!in)
    throw Error("cannot read bundle manifest '" + path + "': is '" + dir +
                "' a bundle directory written by mini-opt --mini-pipeline=\"bundle=DIR\"?");
  std::stringstream ss;
  ss << in.rdbuf();
  try {
    return parse(ss.str(), dir);
  } catch (const Error &e) {
    throw Error(path + ": " + e.what());
  }
}

const KernelSpec *Bundle::findKernel(const std::string &entry) const {
  if (auto at = kernelIndex.find(entry);
      at != kernelIndex.end() && at->second < kernels.size() && kernels[at->second].entry == entry)
    return &kernels[at->second];
  for (const KernelSpec &k : kernels)
    if (k.entry == entry)
      return &k;
  return nullptr;
}

const KernelSpec &Bundle::kernel(const std::string &entry) const {
  if (const KernelSpec *k = findKernel(entry))
    return *k;
  std::string known;
  for (const KernelSpec &k : kernels)
    known += (known.empty() ? "" : ", ") + k.entry;
  throw Error("bundle has no kernel '" + entry + "' (it has: " + known + ")");
}

Chip parseChip(const std::string &chip) {
  Chip c;
  size_t n = chip.size();
  bool ok = n >= 5 && chip.compare(0, 3, "sm_") == 0;
  std::string digits = ok ? chip.substr(3) : "";
  if (ok && !digits.empty() && (digits.back() == 'a' || digits.back() == 'f')) {
    c.archSpecific = true;
    digits.pop_back();
  }
  ok = ok && (digits.size() == 2 || digits.size() == 3);
  for (char ch : digits)
    ok = ok && ch >= '0' && ch <= '9';
  if (!ok)
    throw Error("bad chip name '" + chip + "' (expected e.g. sm_80, sm_90a)");
  int v = std::stoi(digits);
  c.major = v / 10;
  c.minor = v % 10;
  return c;
}

bool chipRunsOn(const Chip &bundle, int major, int minor) {
  if (bundle.archSpecific)
    return bundle.major == major && bundle.minor == minor;
  return bundle.major == major && minor >= bundle.minor;
}

} // namespace mini::rt
