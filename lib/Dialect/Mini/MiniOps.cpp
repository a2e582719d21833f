#include "mini/Dialect/Mini/MiniOps.h"
#include "ScalarBody.h"
#include "ShapeDiagnostics.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"

#include <cmath>

using namespace mlir;
using namespace mini;


//===----------------------------------------------------------------------===//
// RowConfigAttr
//===----------------------------------------------------------------------===//

LogicalResult
RowConfigAttr::verifyFor(Type elementType, function_ref<InFlightDiagnostic()> emitError,
                         int64_t rowLength) const {
  int64_t vw = getVectorWidth(), warps = getWarpsPerRow();
  int64_t rows = getRowsPerBlock(), slots = getCacheSlots();
  int64_t bytes = elementType.getIntOrFloatBitWidth() / 8;
  // Bounds by division: products of the fields could overflow int64.
  if (vw < 1 || (vw & (vw - 1)) || vw > 16 / bytes)
    return emitError() << "row_config vector_width must be a power of two of at most 16 bytes; got "
                       << vw << " x " << elementType;
  int64_t perWarp = getRowsPerWarp();
  if (perWarp < 1 || perWarp > 32 || (perWarp & (perWarp - 1)))
    return emitError() << "row_config rows_per_warp must be a power of two in [1, 32]; got " << perWarp;
  if (perWarp > 1 && warps != 1)
    return emitError() << "row_config rows_per_warp = " << perWarp
                       << " shares a warp between rows: warps_per_row must be 1, got " << warps;
  if (getStaged() && (rows < 1 || rows > 65536))
    return emitError() << "a staged row_config needs 1 <= rows_per_block <= 65536; got " << rows;
  if (warps < 1 || warps > 32 || rows < 1 ||
      (!getStaged() && rows > 1024 / (32 * warps / perWarp)))
    return emitError() << "row_config needs 1 <= warps_per_row <= 32, rows_per_block >= 1 and at most "
                       << "1024 threads per block; got warps_per_row = " << warps
                       << ", rows_per_warp = " << perWarp << ", rows_per_block = " << rows;
  if (rows > 1 && warps > 1 && (warps & (warps - 1)))
    return emitError() << "row_config warps_per_row must be a power of two when rows share a block";
  if (slots < 0 || slots > 64 / vw)
    return emitError() << "row_config cache_slots x vector_width must be within [0, 64] registers; got "
                       << slots << " x " << vw;
  int64_t shared = getSharedSlots();
  if (shared < 0 || shared > MatmulConfigAttr::kMaxSharedBytes / 16)
    return emitError() << "row_config shared_slots must be >= 0 (vectors per thread in shared "
                          "memory); got "
                       << shared;
  if (shared > 0 && getStaged())
    return emitError() << "a staged row_config keeps its rows in shared memory already: "
                          "shared_slots must be 0, got "
                       << shared;
  int64_t cluster = getClusterBlocks();
  if (cluster != 1 && cluster != 2 && cluster != 4 && cluster != 8)
    return emitError() << "row_config cluster_blocks must be 1, 2, 4 or 8 (blocks of a cluster "
                          "that share a row); got "
                       << cluster;
  if (cluster > 1 && getStaged())
    return emitError() << "a staged row_config keeps whole rows in one block: cluster_blocks must "
                          "be 1, got "
                       << cluster;
  // With shared slots, the cross-warp reduction slots (two floats a warp of
  // each row) and the cluster's (two floats) share the dynamic shared memory.
  int64_t reductionBytes =
      shared > 0 ? (warps > 1 ? 8 * warps * rows : 0) + (cluster > 1 ? 8 : 0) : 0;
  if (cacheSharedBytes(elementType) + reductionBytes > MatmulConfigAttr::kMaxSharedBytes)
    return emitError() << "row_config shared_slots = " << shared << " keeps "
                       << cacheSharedBytes(elementType) << " bytes of rows in shared memory ("
                       << shared << " vectors of " << vw << " x " << elementType << " for each of "
                       << threadsPerRow() << " threads x " << rows << " rows), over the "
                       << MatmulConfigAttr::kMaxSharedBytes << " one block may use (with "
                       << reductionBytes << " bytes of reduction slots)";
  if (getStaged()) {
    if (perWarp != 32 || slots < 1 || rows % vw)
      return emitError() << "a staged row_config takes a row per thread (rows_per_warp = 32), "
                            "cache_slots >= 1 and rows_per_block a multiple of vector_width; got "
                         << perWarp << ", " << slots << " and " << rows;
    if (stagedSharedBytes(elementType, rowLength) > kMaxStagedSharedBytes)
      return emitError() << "a staged row_config keeps rows_per_block rows of the row length "
                            "(at most cache_slots x vector_width) in shared memory: "
                         << stagedSharedBytes(elementType, rowLength) << " bytes, over the "
                         << kMaxStagedSharedBytes << " a block has without opting in";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// MatmulConfigAttr
//===----------------------------------------------------------------------===//

MatmulSharedLayout MatmulConfigAttr::sharedLayout(int64_t eltBytes) const {
  MatmulSharedLayout l;
  int64_t stages = getStages(), tm = getTileM(), tn = getTileN(), tk = getTileK();
  l.tma = usesTma();
  l.paddedStages = l.tma ? 1 : stages;
  l.paddedB = l.paddedStages * tm * (tk + rowPadA(eltBytes)) * eltBytes;
  l.paddedBytes = l.paddedB + l.paddedStages * tk * (tn + rowPadB(eltBytes)) * eltBytes;
  if (!l.tma) {
    l.totalBytes = l.paddedBytes;
    if (getMath() == MathUnit::wmma) {
      l.wmmaScratch = l.paddedBytes;
      l.totalBytes += getWarpsM() * getWarpsN() * 16 * 16 * 4;
    }
    l.idleBytes = l.paddedBytes;
    return l;
  }
  l.swizzledB = llvm::alignTo(stages * tm * tk * eltBytes, kTmaAlign);
  l.barriers = l.swizzledB + stages * tn * tk * eltBytes;
  int64_t end = l.barriers + stages * 2 * 8;
  if (getTailSplits() > 1) {
    l.stash = end;
    end += kSplitStashBytes;
  }
  l.idleBytes = stages * (tm + tn) * tk * eltBytes;
  // The scalar path's padded stage shares the memory; the TMA layout is the
  // larger whenever it verifies.
  l.totalBytes = std::max(kTmaAlign + end, l.paddedBytes);
  return l;
}

int64_t MatmulConfigAttr::sharedMemoryBytes(Type elementType) const {
  if (!isTensorCore())
    return 0;
  return sharedLayout(elementType.getIntOrFloatBitWidth() / 8).totalBytes;
}

bool MatmulConfigAttr::tmaFits(Type elementType) const {
  // A tiles are boxes of tile_k columns, B tiles boxes of kTmaBoxCols
  // columns; a box row must be one of TMA's swizzle spans.
  int64_t rowBytes = getTileK() * elementType.getIntOrFloatBitWidth() / 8;
  return (getMath() == MathUnit::mma_sync || isWgmma()) && getStages() >= 2 && getTileN() % kTmaBoxCols == 0 &&
         (rowBytes == 32 || rowBytes == 64 || rowBytes == 128);
}

namespace {
using ErrorFn = function_ref<InFlightDiagnostic()>;
} // namespace

/// The gemv kernel's config (MatmulConfigAttr::verifyFor).
static LogicalResult verifyGemv(MatmulConfigAttr cfg, Type elementType, ErrorFn emitError) {
  int64_t tm = cfg.getTileM(), tn = cfg.getTileN(), tk = cfg.getTileK(), stages = cfg.getStages();
  int64_t cm = cfg.getClusterM();
  int64_t lanes = tn * elementType.getIntOrFloatBitWidth() / 128; // 16-byte vectors per row
  if (tm > MatmulConfigAttr::kMaxGemvRows || !llvm::isPowerOf2_64(tm) || !llvm::isPowerOf2_64(tn) ||
      lanes < 1 || lanes > 32 || tk > 16 || stages != 0 || cfg.getCopy() != CopyKind::cp_async ||
      cm != 1 || cfg.getProducerWarps() != 0)
    return emitError() << "matmul_config gemv needs tile_m a power of two up to "
                       << MatmulConfigAttr::kMaxGemvRows
                       << ", tile_n a power of two of 1 to 32 16-byte vectors "
                       << "of " << elementType << ", tile_k (vectors in flight) up to 16, "
                       << "0 stages and no copy options; got " << tm << "x" << tn << "x" << tk
                       << ", " << stages << " stages";
  return success();
}

/// The CUDA-core kernels' configs (MatmulConfigAttr::verifyFor).
static LogicalResult verifySimt(MatmulConfigAttr cfg, ErrorFn emitError) {
  int64_t tm = cfg.getTileM(), tn = cfg.getTileN(), tk = cfg.getTileK(), stages = cfg.getStages();
  int64_t wm = cfg.getWarpsM(), wn = cfg.getWarpsN();
  bool tiled = tm == 64 && tn == 64 && tk == 16 && stages <= 1;
  bool naive = tm == 16 && tn == 16 && tk == 1 && stages == 0;
  if (wm * wn != 8 || !(tiled || naive))
    return emitError() << "matmul_config simt supports 8 warps with tile 64x64x16 and 0 or 1 "
                       << "stages, or tile 16x16x1 and 0 stages (naive); got " << tm << "x" << tn
                       << "x" << tk << ", " << wm * wn << " warps, " << stages << " stages";
  return success();
}

/// The tensor-core kernels' configs (mma_sync, wmma, wgmma), past the checks
/// every config takes (MatmulConfigAttr::verifyFor).
static LogicalResult verifyTensorCore(MatmulConfigAttr cfg, Type elementType, ErrorFn emitError) {
  int64_t tm = cfg.getTileM(), tn = cfg.getTileN(), tk = cfg.getTileK(), stages = cfg.getStages();
  int64_t wm = cfg.getWarpsM(), wn = cfg.getWarpsN();
  StringRef math = stringifyMathUnit(cfg.getMath()), copy = stringifyCopyKind(cfg.getCopy());
  if (stages < 1)
    return emitError() << "matmul_config " << math
                       << " needs stages >= 1: its fragments are read from shared memory";
  // f32 operands: tf32 mma.sync (m16n8k8) from cp.async or TMA stages;
  // wgmma reads tf32 B only K-major, and WMMA is built for 16-bit elements.
  bool tf32 = elementType.isF32();
  if (tf32 && (cfg.getMath() != MathUnit::mma_sync ||
               (cfg.getCopy() != CopyKind::cp_async && cfg.getCopy() != CopyKind::tma)))
    return emitError() << "matmul_config with f32 operands (tf32) needs math = \"mma_sync\" and "
                          "copy = \"cp_async\" or \"tma\", got math = \""
                       << math << "\", copy = \"" << copy << "\"";
  if (!tf32 && !elementType.isF16() && !elementType.isBF16())
    return emitError() << "matmul_config " << math
                       << " needs f16, bf16 or (tf32) f32 operands, got " << elementType;
  int64_t depth = tf32 ? 8 : 16; // the k of one mma
  if (tm % (16 * wm) || tn % (16 * wn) || tk % depth)
    return emitError() << "matmul_config " << math << " needs tile_m % (16 x warps_m) == 0, "
                       << "tile_n % (16 x warps_n) == 0 and tile_k % " << depth << " == 0; got "
                       << tm << "x" << tn << "x" << tk << " with " << wm << "x" << wn << " warps";
  int64_t threads = 32 * wm * wn;
  int64_t perChunk = MatmulConfigAttr::chunkElements(elementType.getIntOrFloatBitWidth() / 8);
  if ((tm * tk / perChunk) % threads || (tk * tn / perChunk) % threads)
    return emitError() << "matmul_config " << math << ": the " << threads
                       << " threads must split the A and B tiles into 16-byte chunks evenly";
  if (cfg.usesTma() && !cfg.tmaFits(elementType))
    return emitError() << "matmul_config copy = \"tma\" needs math = \"mma_sync\" or \"wgmma\", "
                       << "stages >= 2, tile_n % " << MatmulConfigAttr::kTmaBoxCols
                       << " == 0 and tile_k rows of 32, 64 or 128 bytes; got math = \"" << math
                       << "\", " << stages << " stages, tile " << tm << "x" << tn << "x" << tk;
  int64_t producer = cfg.getProducerWarps();
  if (producer != 0 && producer != 4)
    return emitError() << "matmul_config producer_warps must be 0 or 4 (one warpgroup), got "
                       << producer;
  // setmaxnreg raises the math warps above the 168 registers a 384-thread
  // block starts with; it works per warpgroup, and 240 each fits 8 warps.
  // (ping-pong: two warpgroups of 4 warps)
  int64_t mathWarps = wm * wn * (cfg.isPingpong() ? MatmulConfigAttr::kPingpongGroups : 1);
  if (producer && (!cfg.usesTma() || mathWarps != 8))
    return emitError() << "matmul_config producer_warps = 4 needs copy = \"tma\" and 8 math "
                       << "warps; got copy = \"" << copy << "\", " << wm << " x " << wn << " warps"
                       << (cfg.isPingpong() ? " (two warpgroups: pingpong)" : "");
  if (cfg.isWgmma() && failed(cfg.verifyWgmma(elementType, emitError)))
    return failure();
  int64_t bytes = cfg.sharedMemoryBytes(elementType);
  if (bytes > MatmulConfigAttr::kMaxSharedBytes)
    return emitError() << "matmul_config needs " << bytes << " bytes of shared memory, more than "
                       << "the " << MatmulConfigAttr::kMaxSharedBytes << " one block may use";
  return success();
}

LogicalResult
MatmulConfigAttr::verifyFor(Type elementType,
                            function_ref<InFlightDiagnostic()> emitError) const {
  int64_t tm = getTileM(), tn = getTileN(), tk = getTileK();
  int64_t wm = getWarpsM(), wn = getWarpsN(), stages = getStages();
  // For the messages; the parser already rejected unknown words.
  StringRef math = stringifyMathUnit(getMath()), copy = stringifyCopyKind(getCopy());
  for (auto [name, v] : {std::pair<StringRef, int64_t>{"tile_m", tm}, {"tile_n", tn}, {"tile_k", tk}})
    if (v < 1 || v > 4096)
      return emitError() << "matmul_config " << name << " must be in [1, 4096], got " << v;
  if (stages < 0 || stages > 8)
    return emitError() << "matmul_config stages must be in [0, 8], got " << stages;
  if (wm < 1 || wn < 1 || wm > 32 || wn > 32 / wm)
    return emitError() << "matmul_config warps_m x warps_n must give 1 to 32 warps, got "
                       << wm << " x " << wn;
  int64_t cm = getClusterM(), bBoxes = tn / kTmaBoxCols;
  if (cm < 1 || cm > kMaxClusterBlocks || !llvm::isPowerOf2_64(cm))
    return emitError() << "matmul_config cluster_m must be 1, 2, 4 or 8, got " << cm;
  if (cm > 1 && (!usesTma() || bBoxes % cm))
    return emitError() << "matmul_config cluster_m = " << cm << " needs copy = \"tma\" and "
                       << "the tile's " << bBoxes << " B boxes (tile_n / " << kTmaBoxCols
                       << ") to split evenly over the cluster; got copy = \"" << copy
                       << "\", tile_n = " << tn;
  int64_t splits = getTailSplits();
  if (splits < 1 || splits > kMaxTailSplits)
    return emitError() << "matmul_config tail_splits must be in [1, " << kMaxTailSplits
                       << "], got " << splits;
  // The tail's blocks run two tiles' K steps through one pipeline: the
  // producer warpgroup fills the second tile's stages while the math warps
  // finish the first.
  if (splits > 1 && (!usesTma() || getProducerWarps() == 0 || cm > 1))
    return emitError() << "matmul_config tail_splits = " << splits
                       << " needs copy = \"tma\" with producer warps and no clusters; got copy = \""
                       << copy << "\", producer_warps = " << getProducerWarps()
                       << ", cluster_m = " << cm;
  int64_t pingpong = getPingpong();
  if (pingpong != 0 && pingpong != 1)
    return emitError() << "matmul_config pingpong must be 0 or 1, got " << pingpong;
  if (pingpong && (!isWgmma() || splits > 1))
    return emitError() << "matmul_config pingpong = 1 needs math = \"wgmma\" and no stream-K "
                       << "tail; got math = \"" << math << "\", tail_splits = " << splits;
  if (isGemv())
    return verifyGemv(*this, elementType, emitError);
  if (getMath() == MathUnit::simt)
    return verifySimt(*this, emitError);
  return verifyTensorCore(*this, elementType, emitError);
}

/// wgmma: each math warpgroup owns 64 rows of the tile and all its columns
/// (one m64n<tile_n> accumulator, whose warp quarters are the 16-row warp
/// tiles of an 8 x 1 grid), and reads A and B from the TMA stages through
/// descriptors of the 128-byte swizzle.
LogicalResult
MatmulConfigAttr::verifyWgmma(Type elementType,
                              function_ref<InFlightDiagnostic()> emitError) const {
  int64_t tm = getTileM(), tn = getTileN(), tk = getTileK();
  int64_t rowBytes = tk * elementType.getIntOrFloatBitWidth() / 8;
  // Ping-pong: each warpgroup takes whole tiles of its own 64 rows.
  int64_t rows = isPingpong() ? 64 : 128, warpsM = rows / 16;
  if (!usesTma() || getProducerWarps() != 4 || getWarpsM() != warpsM || getWarpsN() != 1 ||
      tm != rows || tn % kTmaBoxCols || tn > kMaxWgmmaTileN || rowBytes != 128)
    return emitError() << "matmul_config math = \"wgmma\"" << (isPingpong() ? " with pingpong" : "")
                       << " needs copy = \"tma\", producer_warps = 4, " << warpsM
                       << " x 1 warps, tile_m = " << rows << ", tile_n a multiple of "
                       << kTmaBoxCols << " up to " << kMaxWgmmaTileN
                       << " and tile_k rows of 128 bytes; got copy = \""
                       << stringifyCopyKind(getCopy())
                       << "\", producer_warps = " << getProducerWarps() << ", " << getWarpsM()
                       << " x " << getWarpsN() << " warps, tile " << tm << "x" << tn << "x" << tk;
  return success();
}

//===----------------------------------------------------------------------===//
// MatmulOp
//===----------------------------------------------------------------------===//

LogicalResult MatmulOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto res = cast<RankedTensorType>(getResult().getType());
  if (lhs.getRank() < 2)
    return emitOpError() << "lhs must have rank >= 2, got rank "
                         << lhs.getRank() << " (" << shapeStr(lhs) << ")";
  if (rhs.getRank() != lhs.getRank())
    return emitOpError() << "rhs rank " << rhs.getRank()
                         << " differs from lhs rank " << lhs.getRank() << " ("
                         << shapeStr(rhs) << " vs " << shapeStr(lhs) << ")";
  if (res.getRank() != lhs.getRank())
    return emitOpError() << "result rank " << res.getRank()
                         << " differs from operand rank " << lhs.getRank();
  if (lhs.getElementType() != rhs.getElementType())
    return emitOpError() << "lhs element type " << lhs.getElementType()
                         << " differs from rhs element type "
                         << rhs.getElementType();
  int64_t rank = lhs.getRank();
  for (int64_t i = 0; i < rank - 2; ++i) {
    if (conflict(lhs.getDimSize(i), rhs.getDimSize(i)))
      return emitOpError() << "batch dim " << i << " of lhs ("
                           << dimStr(lhs.getDimSize(i)) << ") differs from rhs ("
                           << dimStr(rhs.getDimSize(i)) << ")";
    if (conflict(lhs.getDimSize(i), res.getDimSize(i)))
      return emitOpError() << "batch dim " << i << " of result ("
                           << dimStr(res.getDimSize(i)) << ") differs from lhs ("
                           << dimStr(lhs.getDimSize(i)) << ")";
  }
  int64_t m = lhs.getDimSize(rank - 2), k = lhs.getDimSize(rank - 1);
  int64_t kr = rhs.getDimSize(rank - 2), n = rhs.getDimSize(rank - 1);
  if (conflict(k, kr))
    return emitOpError() << "contraction size mismatch: lhs " << shapeStr(lhs)
                         << " has K = " << dimStr(k) << " but rhs "
                         << shapeStr(rhs) << " has K = " << dimStr(kr);
  if (conflict(res.getDimSize(rank - 2), m) ||
      conflict(res.getDimSize(rank - 1), n))
    return emitOpError() << "result shape " << shapeStr(res)
                         << " does not match M x N = " << dimStr(m) << "x"
                         << dimStr(n) << " from lhs " << shapeStr(lhs)
                         << " and rhs " << shapeStr(rhs);
  if (Value up = getUp()) {
    auto upType = cast<RankedTensorType>(up.getType());
    if (upType != rhs)
      return emitOpError() << "up " << upType << " must have rhs's type " << rhs
                           << " (the second product's B)";
    if (!isa<Float16Type, BFloat16Type>(lhs.getElementType()))
      return emitOpError() << "up (a product pair on the tensor cores) needs f16 or bf16 "
                              "operands, got "
                           << lhs.getElementType();
  }
  if (std::optional<StringRef> precision = getPrecision()) {
    if (*precision != "ieee" && *precision != "tf32")
      return emitOpError() << "precision must be \"ieee\" or \"tf32\", got \"" << *precision
                           << "\"";
    if (*precision == "tf32" && !lhs.getElementType().isF32())
      return emitOpError() << "precision = \"tf32\" needs f32 operands, got "
                           << lhs.getElementType();
  }
  if (auto config = getConfigAttr()) {
    if (failed(config.verifyFor(lhs.getElementType(), [&] { return emitOpError(); })))
      return failure();
    if (lhs.getElementType().isF32() && config.isTensorCore() && !allowsTf32())
      return emitOpError() << "config math = \"" << stringifyMathUnit(config.getMath())
                           << "\" rounds f32 operands to tf32: it needs precision = \"tf32\"";
  }
  return verifyLaunchChoices();
}

LogicalResult MatmulOp::verifyLaunchChoices() {
  Type elementType = cast<RankedTensorType>(getLhs().getType()).getElementType();
  ArrayAttr variants = getSizeVariantsAttr();
  // A split tail plans, and a persistent kernel caps its grid, by SMs.
  bool bySms =
      getConfigAttr() && (getConfigAttr().getTailSplits() > 1 || getConfigAttr().isPingpong());
  if (!variants && (getTileRatesAttr() || getVariantMaxMAttr() || getVariantMaxNAttr() ||
                    (getSmCountAttr() && !bySms)))
    return emitOpError() << "sm_count, tile_rates, variant_max_m and variant_max_n need "
                            "size_variants (sm_count alone: a config with tail_splits > 1 or "
                            "pingpong)";
  if (getSmCountAttr() && *getSmCount() < 1)
    return emitOpError() << "sm_count must be >= 1, got " << *getSmCount();
  if (!variants)
    return success();
  if (!getConfigAttr() || !getSmCountAttr() || !getTileRatesAttr() || variants.empty())
    return emitOpError()
           << "size_variants needs a config, sm_count, tile_rates and at least one variant";
  ArrayRef<int64_t> rates = *getTileRates();
  if (rates.size() != variants.size() + 1)
    return emitOpError() << "tile_rates needs one rate for the config and one per size variant ("
                         << variants.size() + 1 << "), got " << rates.size();
  for (auto [i, rate] : llvm::enumerate(rates))
    if (rate < 1 || rate > 1000)
      return emitOpError() << "tile_rates[" << i << "] must be in [1, 1000] (percent), got "
                           << rate;
  // Each variant's bound (0 where the attribute is absent).
  auto bounds = [&](std::optional<ArrayRef<int64_t>> given, StringRef name,
                    StringRef size) -> FailureOr<SmallVector<int64_t>> {
    if (!given)
      return SmallVector<int64_t>(variants.size(), 0);
    if (given->size() != variants.size())
      return emitOpError() << name << " needs one " << size << " per size variant ("
                           << variants.size() << "), got " << given->size();
    return SmallVector<int64_t>(*given);
  };
  FailureOr<SmallVector<int64_t>> maxM = bounds(getVariantMaxM(), "variant_max_m", "M");
  FailureOr<SmallVector<int64_t>> maxN = bounds(getVariantMaxN(), "variant_max_n", "N");
  if (failed(maxM) || failed(maxN))
    return failure();
  for (auto [i, v] : llvm::enumerate(variants.getAsRange<MatmulConfigAttr>())) {
    int64_t m = (*maxM)[i], n = (*maxN)[i];
    if (m < 0)
      return emitOpError() << "variant_max_m[" << i << "] must be >= 0, got " << m;
    // The bound on N narrows a choice by M; the variants by cost have none.
    if (n < 0 || (n > 0 && m == 0))
      return emitOpError() << "variant_max_n[" << i << "] must be 0, or > 0 beside a "
                           << "variant_max_m; got " << n << " (variant_max_m " << m << ")";
    if (v.isGemv() && m == 0)
      return emitOpError() << "size variant " << i
                           << " (gemv) needs a variant_max_m: it runs by M, not by cost";
  }
  // A gemv variant runs where M fits its rows; the tensor-core tilings
  // compete by launch cost, the SIMT config takes the rest.
  auto isVariant = [](Attribute a) {
    auto c = cast<MatmulConfigAttr>(a);
    return c.isTensorCore() || c.isGemv();
  };
  bool simtConfig = getConfigAttr().getMath() == MathUnit::simt;
  if ((!getConfigAttr().isTensorCore() && !simtConfig) || !llvm::all_of(variants, isVariant) ||
      (simtConfig && !llvm::all_of(variants, [](Attribute a) {
        return cast<MatmulConfigAttr>(a).isGemv();
      })))
    return emitOpError() << "size_variants are tensor-core tilings or gemv beside a tensor-core "
                            "config, or gemv beside a simt config";
  for (auto [i, v] : llvm::enumerate(variants.getAsRange<MatmulConfigAttr>()))
    if (failed(v.verifyFor(elementType, [&] {
          return emitOpError() << "size variant " << i << ": ";
        })))
      return failure();
  return success();
}

LogicalResult MatmulOp::verifyRegions() {
  return verifyEpilogue(*this, getEpilogue(), getEpilogueInputs(), getResult().getType(),
                        std::nullopt);
}

//===----------------------------------------------------------------------===//
// Row ops' configs
//===----------------------------------------------------------------------===//

/// The config and the length variants of a row op on `in`: each valid, the
/// variants only for rows of dynamic length and after a config, every
/// config but the last caching rows, longer ones further on (or as long,
/// after a staged one that takes only unaligned rows), except streamed
/// ones by clusters of fewer and fewer blocks before the last, which takes
/// every row count.
static LogicalResult verifyRowConfigs(Operation *op, RankedTensorType in, RowConfigAttr config,
                                      ArrayAttr variants) {
  auto emit = [&] { return op->emitOpError(); };
  int64_t rowLength = in.getDimSize(in.getRank() - 1);
  if (config && failed(config.verifyFor(in.getElementType(), emit, rowLength)))
    return failure();
  if (!variants)
    return success();
  if (!in.isDynamicDim(in.getRank() - 1))
    return op->emitOpError() << "length_variants are for rows of dynamic length; the input is "
                             << shapeStr(in);
  if (!config)
    return op->emitOpError() << "length_variants need a config (the first, shortest rows' kernel)";
  SmallVector<RowConfigAttr> all = {config};
  llvm::append_range(all, variants.getAsRange<RowConfigAttr>());
  for (auto [i, v] : llvm::enumerate(all)) {
    if (i > 0 && failed(v.verifyFor(in.getElementType(), [&] {
          return op->emitOpError() << "length variant " << i - 1 << ": ";
        })))
      return failure();
    if (i + 1 == all.size())
      break;
    RowConfigAttr next = all[i + 1];
    if (v.getClusterBlocks() > 1) {
      // The longest rows by clusters of fewer and fewer blocks (for more and
      // more rows), then a block a row.
      if (v.cachedLength() != 0 ||
          (next.getClusterBlocks() > 1 && next.getClusterBlocks() >= v.getClusterBlocks()))
        return op->emitOpError()
               << "length variants by clusters stream the longest rows (no slots), by fewer "
                  "and fewer blocks: config "
               << i << " has cluster_blocks = " << v.getClusterBlocks() << " and caches rows up to "
               << v.cachedLength() << ", config " << i + 1
               << " cluster_blocks = " << next.getClusterBlocks();
      continue;
    }
    if (v.cachedLength() == 0 ||
        (next.cachedLength() != 0 && next.getClusterBlocks() == 1 &&
         next.cachedLength() <= v.cachedLength() && !v.stagesUnalignedBefore(next)))
      return op->emitOpError()
             << "length variants must cache longer and longer rows (all but the last cache "
                "them): config "
             << i << " caches rows up to " << v.cachedLength() << ", config " << i + 1 << " up to "
             << next.cachedLength();
  }
  if (all.back().getClusterBlocks() != 1)
    return op->emitOpError() << "the last length variant takes every row count: cluster_blocks "
                                "must be 1, got "
                             << all.back().getClusterBlocks();
  return success();
}

//===----------------------------------------------------------------------===//
// SoftmaxOp
//===----------------------------------------------------------------------===//

LogicalResult SoftmaxOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto res = cast<RankedTensorType>(getResult().getType());
  if (in.getRank() < 1)
    return emitOpError() << "input must have rank >= 1, got a rank-0 tensor";
  if (failed(verifyRowConfigs(*this, in, getConfigAttr(), getLengthVariantsAttr())))
    return failure();
  return verifySameShapeAndType(*this, in, res, "input");
}

//===----------------------------------------------------------------------===//
// RmsNormOp
//===----------------------------------------------------------------------===//

/// A norm's per-column operand (`name`: weight or bias) of `in`'s last dim.
static LogicalResult verifyColumnVector(Operation *op, RankedTensorType in, Value v,
                                        StringRef name) {
  auto t = cast<RankedTensorType>(v.getType());
  if (t.getRank() != 1)
    return op->emitOpError() << name << " must have rank 1, got " << shapeStr(t);
  int64_t c = in.getDimSize(in.getRank() - 1);
  if (conflict(t.getDimSize(0), c))
    return op->emitOpError() << name << " size " << dimStr(t.getDimSize(0))
                             << " differs from the input's last dim " << dimStr(c) << " (input "
                             << shapeStr(in) << ")";
  if (t.getElementType() != in.getElementType())
    return op->emitOpError() << name << " element type " << t.getElementType()
                             << " differs from input element type " << in.getElementType();
  return success();
}

/// A norm's input rank, epsilon, row configs, result, and its residual and
/// sum (the input's shape and type; a sum only with a residual).
static LogicalResult verifyNorm(Operation *op, RankedTensorType in, float eps, RowConfigAttr config,
                                ArrayAttr variants, Value residual, Value result, Value sum) {
  if (in.getRank() < 1)
    return op->emitOpError() << "input must have rank >= 1, got a rank-0 tensor";
  if (!(eps > 0.0f) || !std::isfinite(eps))
    return op->emitOpError() << "epsilon must be a finite value > 0, got " << eps;
  if (residual && failed(verifySameShapeAndType(
                      op, in, cast<RankedTensorType>(residual.getType()), "input", "residual")))
    return failure();
  if (sum && !residual)
    return op->emitOpError() << "has a sum result but no residual operand to add";
  if (sum && failed(verifySameShapeAndType(op, in, cast<RankedTensorType>(sum.getType()), "input",
                                           "sum")))
    return failure();
  if (failed(verifyRowConfigs(op, in, config, variants)))
    return failure();
  return verifySameShapeAndType(op, in, cast<RankedTensorType>(result.getType()), "input");
}

LogicalResult RmsNormOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  if (in.getRank() >= 1 && failed(verifyColumnVector(*this, in, getWeight(), "weight")))
    return failure();
  return verifyNorm(*this, in, getEpsilon().convertToFloat(), getConfigAttr(),
                    getLengthVariantsAttr(), getResidual(), getResult(), getSum());
}

//===----------------------------------------------------------------------===//
// LayerNormOp
//===----------------------------------------------------------------------===//

LogicalResult LayerNormOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  if (in.getRank() >= 1 && (failed(verifyColumnVector(*this, in, getWeight(), "weight")) ||
                            failed(verifyColumnVector(*this, in, getBias(), "bias"))))
    return failure();
  return verifyNorm(*this, in, getEpsilon().convertToFloat(), getConfigAttr(),
                    getLengthVariantsAttr(), getResidual(), getResult(), getSum());
}

//===----------------------------------------------------------------------===//
// AttentionOp
//===----------------------------------------------------------------------===//

LogicalResult AttentionOp::verify() {
  auto q = cast<RankedTensorType>(getQuery().getType());
  auto k = cast<RankedTensorType>(getKey().getType());
  auto v = cast<RankedTensorType>(getValue().getType());
  auto o = cast<RankedTensorType>(getResult().getType());
  for (auto [name, t] : {std::pair<StringRef, RankedTensorType>{"query", q},
                         {"key", k},
                         {"value", v}})
    if (t.getRank() != 4)
      return emitOpError() << name << " must have rank 4 (BxHxSxD for query, "
                           << "BxGxTxD for key/value), got " << shapeStr(t);
  for (auto [name, t] :
       {std::pair<StringRef, RankedTensorType>{"key", k}, {"value", v}})
    if (t.getElementType() != q.getElementType())
      return emitOpError() << name << " element type " << t.getElementType()
                           << " differs from query element type "
                           << q.getElementType();
  if (conflict(q.getDimSize(0), k.getDimSize(0)) ||
      conflict(q.getDimSize(0), v.getDimSize(0)))
    return emitOpError() << "batch size B differs: query " << shapeStr(q)
                         << ", key " << shapeStr(k) << ", value "
                         << shapeStr(v);
  if (conflict(k.getDimSize(1), v.getDimSize(1)) ||
      conflict(k.getDimSize(2), v.getDimSize(2)))
    return emitOpError() << "key " << shapeStr(k) << " and value "
                         << shapeStr(v) << " must agree on G and T";
  if (conflict(q.getDimSize(3), k.getDimSize(3)) ||
      conflict(q.getDimSize(3), v.getDimSize(3)))
    return emitOpError() << "head dim D differs: query " << shapeStr(q)
                         << ", key " << shapeStr(k) << ", value "
                         << shapeStr(v);
  int64_t h = q.getDimSize(1), g = k.getDimSize(1);
  if (g == 0)
    return emitOpError() << "key/value head count G must be > 0";
  if (!ShapedType::isDynamic(h) && !ShapedType::isDynamic(g) && h % g != 0)
    return emitOpError() << "query heads H = " << h
                         << " must be a multiple of key/value heads G = " << g;
  if (auto scale = getScale()) {
    float s = scale->convertToFloat();
    if (!(s > 0.0f) || !std::isfinite(s))
      return emitOpError() << "scale must be a finite value > 0, got " << s;
  }
  if (AttentionConfigAttr config = getConfigAttr())
    if (failed(config.verifyFor(q.getElementType(), q.getDimSize(3),
                                [&] { return emitOpError(); })))
      return failure();
  if (AttentionConfigAttr shortConfig = getShortConfigAttr()) {
    if (!getConfigAttr())
      return emitOpError() << "short_config needs a config beside it";
    if (!shortConfig.isTensorCore())
      return emitOpError() << "short_config must be a tensor-core config, got " << shortConfig;
    if (failed(
            shortConfig.verifyFor(q.getElementType(), q.getDimSize(3), [&]() -> InFlightDiagnostic {
              InFlightDiagnostic d = emitOpError();
              d << "short_"; // then the config's own "config: ..."
              return d;
            })))
      return failure();
  }
  return verifySameShapeAndType(*this, q, o, "query");
}

/// wgmma: 1024 bytes to align the swizzle atoms, Q, K and V, the mbarriers
/// and the scan's words (padded to 128 bytes for the O buffer after them).
static int64_t wgmmaOperandBytes(AttentionConfigAttr cfg, int64_t headDim) {
  return 1024 + cfg.getWarps() / 4 * AttentionConfigAttr::wgmmaQBytes(headDim) +
         2 * AttentionConfigAttr::kStages * cfg.wgmmaStageBytes(headDim) +
         AttentionConfigAttr::kWgmmaSyncBytes;
}

int64_t AttentionConfigAttr::wgmmaOutputBytes(int64_t headDim) const {
  int64_t bytes = getWarps() / 4 * 128 * rowStride(headDim); // 64 rows a warpgroup
  return wgmmaOperandBytes(*this, headDim) + bytes <= MatmulConfigAttr::kMaxSharedBytes ? bytes : 0;
}

int64_t AttentionConfigAttr::sharedMemoryBytes(Type elementType, int64_t headDim,
                                               int64_t stages) const {
  if (isWgmma())
    return wgmmaOperandBytes(*this, headDim) + wgmmaOutputBytes(headDim);
  int64_t qRows = qSharesStage() ? 0 : 16 * getWarps();
  return (qRows + 2 * stages * getTileKeys()) * rowStride(headDim) *
         (elementType.getIntOrFloatBitWidth() / 8);
}

int64_t AttentionConfigAttr::decodeStages(Type elementType, int64_t headDim) const {
  // With 64 keys a tile or more, the tile's math covers the next one's loads
  // (H200: 3 and 4 stages ran 0.95-1.00x of 2; 32-key tiles 1.03-1.19x with
  // 4; docs/PERF.md attention v11).
  if (getTileKeys() > 32)
    return kStages;
  // An SM's shared memory is a block's most plus the 1 KB reserved per block.
  int64_t twoBlocks = (MatmulConfigAttr::kMaxSharedBytes + 1024) / 2 - 1024;
  int64_t stages = kMaxDecodeStages;
  while (stages > kStages && sharedMemoryBytes(elementType, headDim, stages) > twoBlocks)
    --stages;
  return stages;
}

LogicalResult
AttentionConfigAttr::verifyFor(Type elementType, int64_t headDim,
                               function_ref<InFlightDiagnostic()> emitError) const {
  bool dynamic = ShapedType::isDynamic(headDim);
  if (getMath() == MathUnit::simt) {
    if (!dynamic && headDim > kMaxSimtHeadDim)
      return emitError() << "config: math = \"simt\" supports head dim D <= " << kMaxSimtHeadDim
                         << ", got D = " << headDim;
    return success();
  }
  StringRef math = stringifyMathUnit(getMath());
  if (getMath() != MathUnit::mma_sync && !isWgmma())
    return emitError() << "config: math must be \"mma_sync\", \"wgmma\" or \"simt\", got \""
                       << math << "\"";
  if (!elementType.isF16() && !elementType.isBF16())
    return emitError() << "config: math = \"" << math << "\" needs f16 or bf16 operands, got "
                       << elementType;
  if (!dynamic && (headDim % 8 != 0 || headDim > kMaxMmaHeadDim))
    return emitError() << "config: math = \"" << math
                       << "\" needs head dim D a multiple of 8 and <= " << kMaxMmaHeadDim
                       << ", got D = " << headDim;
  if (isWgmma() && getWarps() != 4 && getWarps() != 8 && getWarps() != 12)
    return emitError() << "config: math = \"wgmma\" needs warps = 4, 8 or 12 (one to three "
                          "warpgroups of consumers), got "
                       << getWarps();
  // 12 consumer warps and the producer's 4 start at 128 registers a thread,
  // and ptxas compiles each wgmma within that (C7602 past 192 columns).
  int64_t widest = std::max(getTileKeys(), dynamic ? 0 : paddedHeadDim(headDim));
  if (isWgmma() && getWarps() == 12 && widest > kMaxWideWgmmaColumns)
    return emitError() << "config: math = \"wgmma\" with warps = 12 needs tile_keys and D <= "
                       << kMaxWideWgmmaColumns << " (a product's accumulators within 128 "
                       << "registers a thread), got tile_keys = " << getTileKeys()
                       << (dynamic ? "" : ", D = " + std::to_string(headDim));
  if (getWarps() < 1 || getWarps() > 16)
    return emitError() << "config: warps must be in 1..16 (16 query rows each), got "
                       << getWarps();
  if (getTileKeys() < 16 || getTileKeys() > 256 || getTileKeys() % 16 != 0)
    return emitError() << "config: tile_keys must be a multiple of 16 in 16..256, got "
                       << getTileKeys();
  if (getSplitKeys() < 0 || getSplitKeys() > kMaxSplitKeys)
    return emitError() << "config: split_keys must be in 0.." << kMaxSplitKeys
                       << " (0: no decode kernel), got " << getSplitKeys();
  if (!dynamic) {
    int64_t bytes = sharedMemoryBytes(elementType, headDim);
    if (bytes > MatmulConfigAttr::kMaxSharedBytes)
      return emitError() << "config: warps = " << getWarps() << " and tile_keys = "
                         << getTileKeys() << " at D = " << headDim << " need " << bytes
                         << " bytes of shared memory, more than the "
                         << MatmulConfigAttr::kMaxSharedBytes << " a block may use";
  }
  return success();
}

std::optional<float> AttentionOp::getEffectiveScale() {
  if (auto scale = getScale())
    return scale->convertToFloat();
  int64_t d = cast<RankedTensorType>(getQuery().getType()).getDimSize(3);
  if (ShapedType::isDynamic(d) || d <= 0)
    return std::nullopt;
  return 1.0f / std::sqrt(static_cast<float>(d));
}

#define GET_OP_CLASSES
#include "mini/Dialect/Mini/MiniOps.cpp.inc"
