// The kernel-level ops: the warp tile type, the warp-level matmul ops and
// the stage copies (verifiers).
#include "ScalarBody.h"
#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mini;

//===----------------------------------------------------------------------===//
// WarpTileType
//===----------------------------------------------------------------------===//

namespace {
constexpr int64_t kMaxWarpTileSide = 256;
} // namespace

// !mini.warp_tile<acc, 64x64xf32>
Type WarpTileType::parse(AsmParser &parser) {
  std::string role;
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() || parser.parseKeywordOrString(&role) || parser.parseComma() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) || parser.parseType(elementType) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); }, parser.getContext(),
                    StringRef(role), ArrayRef<int64_t>(shape), elementType);
}

void WarpTileType::print(AsmPrinter &printer) const {
  printer << '<' << getRole() << ", ";
  for (int64_t d : getShape())
    printer << d << 'x';
  printer << getElementType() << '>';
}

LogicalResult WarpTileType::verify(function_ref<InFlightDiagnostic()> emitError, StringRef role,
                                   ArrayRef<int64_t> shape, Type elementType) {
  if (role != "a" && role != "b" && role != "acc")
    return emitError() << "warp_tile role must be a, b or acc; got '" << role << "'";
  if (shape.size() != 2)
    return emitError() << "warp_tile must be 2-D; got rank " << shape.size();
  int64_t rows = shape[0], cols = shape[1];
  if (role == "acc") {
    if (!elementType.isF32())
      return emitError() << "warp_tile acc must hold f32; got " << elementType;
  } else if (!elementType.isF16() && !elementType.isBF16() && !elementType.isF32()) {
    return emitError() << "warp_tile " << role << " must hold f16, bf16 or f32 (tf32); got "
                       << elementType;
  }
  // Operand tiles are one mma deep (16; tf32: 8); every other side is whole
  // 16x16 fragments (B's mma.sync fragments are loaded in pairs of 8 columns).
  int64_t depth = role != "acc" && elementType.isF32() ? 8 : 16;
  if ((role == "a" && cols != depth) || (role == "b" && rows != depth))
    return emitError() << "warp_tile " << role << " of " << elementType << " must be "
                       << (role == "a" ? "rows x " : "") << depth << (role == "b" ? " x cols" : "")
                       << " (one mma deep); got " << rows << "x" << cols;
  if (rows <= 0 || cols <= 0 || (role != "b" && rows % 16) || (role != "a" && cols % 16))
    return emitError() << "warp_tile sides must be positive multiples of 16 but for the depth; got "
                       << rows << "x" << cols;
  // One warp holds the tile in registers: 256 x 256 f32 is already 2048 per lane.
  if (rows > kMaxWarpTileSide || cols > kMaxWarpTileSide)
    return emitError() << "warp_tile sides must be at most " << kMaxWarpTileSide << "; got "
                       << rows << "x" << cols;
  return success();
}

//===----------------------------------------------------------------------===//
// Warp ops
//===----------------------------------------------------------------------===//

static bool isWorkgroup(MemRefType type) {
  return gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type);
}

LogicalResult WarpLoadOp::verify() {
  auto source = getSource().getType();
  WarpTileType tile = getResult().getType();
  if (!isWorkgroup(source))
    return emitOpError("source must be in workgroup memory; got ") << source;
  if (source.getElementType() != tile.getElementType())
    return emitOpError("source element type ")
           << source.getElementType() << " differs from the tile's " << tile.getElementType();
  int64_t rank = source.getRank();
  bool boxes = rank == 4;
  if (rank != 3 && !(boxes && !tile.isA()))
    return emitOpError("source must be [stages, rows, cols]")
           << (tile.isA() ? "" : " or, swizzled, [stages, boxes, rows, box cols]") << "; got rank "
           << rank;
  if (boxes && !getSwizzled())
    return emitOpError("a source of boxes must be swizzled");
  int64_t rows = source.getDimSize(rank - 2);
  int64_t cols = boxes ? source.getDimSize(1) * source.getDimSize(3) : source.getDimSize(2);
  if (tile.getRows() > rows || tile.getCols() > cols)
    return emitOpError("the ") << tile.getRows() << "x" << tile.getCols()
                               << " tile does not fit a " << rows << "x" << cols << " stage";
  if (getSwizzled()) {
    int64_t rowBytes = source.getDimSize(rank - 1) * source.getElementTypeBitWidth() / 8;
    if (rowBytes != 32 && rowBytes != 64 && rowBytes != 128)
      return emitOpError("swizzled rows must be 32, 64 or 128 bytes (a TMA swizzle span); got ")
             << rowBytes;
  }
  return success();
}

LogicalResult WarpMmaOp::verify() {
  WarpTileType a = getA().getType(), b = getB().getType(), acc = getAcc().getType();
  if (!a.isA() || b.getRole() != "b")
    return emitOpError("operands must be an a tile and a b tile; got ")
           << a.getRole() << " and " << b.getRole();
  if (a.getElementType() != b.getElementType())
    return emitOpError("a and b element types differ: ")
           << a.getElementType() << " and " << b.getElementType();
  if (acc.getRows() != a.getRows() || acc.getCols() != b.getCols())
    return emitOpError("accumulator ")
           << acc.getRows() << "x" << acc.getCols() << " does not match a " << a.getRows()
           << "x16 times b 16x" << b.getCols();
  return success();
}

LogicalResult WarpSwigluOp::verify() {
  WarpTileType acc = getAcc().getType(), result = getType();
  if (acc.getCols() % 16 || result.getRows() != acc.getRows() ||
      result.getCols() != acc.getCols() / 2 || !result.getElementType().isF32())
    return emitOpError("result must be the accumulator's ")
           << acc.getRows() << " rows x half of its " << acc.getCols()
           << " columns (a multiple of 16) in f32; got " << result;
  return success();
}

LogicalResult WarpStoreOp::verify() {
  if (getAnyCols() && !getScratch())
    return emitOpError("any_cols applies only to stores through scratch");
  if (!getScratch())
    return success();
  auto scratch = cast<MemRefType>(getScratch().getType());
  if (!isWorkgroup(scratch) || !scratch.hasStaticShape())
    return emitOpError("scratch must be a static workgroup memref; got ") << scratch;
  if (getPairs())
    return emitOpError("pairs applies only to stores without scratch");
  return success();
}

LogicalResult WarpStoreOp::verifyRegions() {
  return verifyEpilogue(*this, getEpilogue(), getEpilogueInputs(), getDest().getType(),
                        getBiasInputs());
}

LogicalResult WarpgroupMmaOp::verify() {
  auto sa = cast<MemRefType>(getSa().getType()), sb = cast<MemRefType>(getSb().getType());
  WarpTileType acc = getAcc().getType();
  if (!isWorkgroup(sa) || !isWorkgroup(sb))
    return emitOpError("stages must be in workgroup memory; got ") << sa << " and " << sb;
  if (sa.getElementType() != sb.getElementType() ||
      !(sa.getElementType().isF16() || sa.getElementType().isBF16()))
    return emitOpError("A and B stages must both be f16 or both bf16; got ")
           << sa.getElementType() << " and " << sb.getElementType();
  if (sa.getRank() != 3 || sb.getRank() != 4)
    return emitOpError("A stages must be [stages, rows, k] and B stages [stages, boxes, k, box "
                       "cols]; got ranks ")
           << sa.getRank() << " and " << sb.getRank();
  int64_t k = sa.getDimSize(2), rowBytes = k * sa.getElementTypeBitWidth() / 8;
  int64_t boxBytes = sb.getDimSize(3) * sb.getElementTypeBitWidth() / 8;
  if (rowBytes != 128 || boxBytes != 128 || sb.getDimSize(2) != k)
    return emitOpError("A rows and B box rows must be 128 bytes (the swizzle span) with the same "
                       "depth; got A [")
           << sa.getDimSize(1) << " x " << k << "], B boxes [" << sb.getDimSize(2) << " x "
           << sb.getDimSize(3) << "]";
  if (sa.getDimSize(0) != sb.getDimSize(0))
    return emitOpError("A has ") << sa.getDimSize(0) << " stages but B " << sb.getDimSize(0);
  int64_t n = sb.getDimSize(1) * sb.getDimSize(3);
  if (acc.getRows() != 16 || acc.getCols() != n || n > 256 || sa.getDimSize(1) % 64)
    return emitOpError("accumulator must be a warp's 16 x ")
           << n << " quarter of an m64n" << n << " product (n <= 256, A rows a multiple of 64); got "
           << acc.getRows() << "x" << acc.getCols() << " and " << sa.getDimSize(1) << " A rows";
  return success();
}

LogicalResult WarpgroupMmaWaitOp::verify() {
  if (getPending() < 0 || getPending() > 7)
    return emitOpError("pending must be in [0, 7]; got ") << getPending();
  if (getTiles().getTypes() != getResults().getTypes())
    return emitOpError("results must match the tiles: ")
           << getTiles().size() << " tiles, " << getResults().size() << " results";
  return success();
}

//===----------------------------------------------------------------------===//
// BlockMatmulOp
//===----------------------------------------------------------------------===//

LogicalResult BlockMatmulOp::verify() {
  MatmulConfigAttr config = getConfig();
  if (!config.isTensorCore())
    return emitOpError("needs a tensor-core config (math = \"mma_sync\", \"wmma\" or \"wgmma\"); ")
           << "got math = \"" << stringifyMathUnit(config.getMath()) << "\"";
  Type elt = getA().getType().getElementType();
  if (getB().getType().getElementType() != elt)
    return emitOpError("a and b element types differ: ")
           << elt << " and " << getB().getType().getElementType();
  if (failed(config.verifyFor(elt, [&] { return emitOpError(); })))
    return failure();
  size_t maps = config.usesTma() ? (getUpPair() ? 3 : 2) : 0;
  if (getTensorMaps().size() != maps)
    return emitOpError() << "copy = \"" << stringifyCopyKind(config.getCopy()) << "\" takes " << maps
                         << " tensor maps; got " << getTensorMaps().size();
  for (Value map : getTensorMaps())
    if (!isa<LLVM::LLVMPointerType>(map.getType()))
      return emitOpError("tensor maps must be !llvm.ptr to CUtensorMaps; got ") << map.getType();
  // The assembly format parses the tail group whole; a builder may not.
  bool tail = isTail();
  if (tail && config.getTailSplits() < 2)
    return emitOpError() << "takes a tail block only with a config of tail_splits > 1; "
                         << "tail_splits = " << config.getTailSplits();
  if (tail && !(getStepsPerBlock() && getUnsplitTiles() && getPartials() && getCounters()))
    return emitOpError("tail block needs steps_per_block, unsplit_tiles, partials and counters");
  if (getUpPair() && !config.fitsProductPair())
    return emitOpError("up_pair needs a wgmma config with TMA copies, a producer warpgroup, "
                       "warps_n = 1, no clusters, no tail and tile_n a multiple of 128; got ")
           << config;
  return success();
}

LogicalResult BlockMatmulOp::verifyRegions() {
  return verifyEpilogue(*this, getEpilogue(), getEpilogueInputs(), getC().getType(),
                        getBiasInputs());
}

//===----------------------------------------------------------------------===//
// StageCopyOp
//===----------------------------------------------------------------------===//

LogicalResult StageCopyOp::verify() {
  ArrayRef<int64_t> tile = getTile();
  if (tile.size() != 3)
    return emitOpError("tile must be [tile_m, tile_n, tile_k]; got ") << tile.size() << " sizes";
  int64_t tm = tile[0], tn = tile[1], tk = tile[2], threads = getThreads();
  Type elt = getA().getType().getElementType();
  int64_t chunk = MatmulConfigAttr::chunkElements(elt.getIntOrFloatBitWidth() / 8);
  if (tm <= 0 || tn <= 0 || tk <= 0 || tk % 8 || tn % 8 || threads <= 0 ||
      (tm * tk / chunk) % threads || (tk * tn / chunk) % threads)
    return emitOpError("needs tile_k and tile_n multiples of 8 and whole 16-byte copies per "
                       "thread; got tile ")
           << tm << "x" << tn << "x" << tk << " for " << threads << " threads";
  if (getB().getType().getElementType() != elt)
    return emitOpError("a and b element types differ: ")
           << elt << " and " << getB().getType().getElementType();
  auto check = [&](StringRef name, MemRefType type, int64_t rows, int64_t cols) -> LogicalResult {
    if (!isWorkgroup(type) || type.getRank() != 3 || type.getElementType() != elt ||
        type.getDimSize(1) != rows || type.getDimSize(2) < cols)
      return emitOpError() << name << " must be workgroup memory of " << elt << ", [stages, "
                           << rows << ", >= " << cols << "]; got " << type;
    return success();
  };
  if (getSwizzled()) {
    auto sa = cast<MemRefType>(getSa().getType()), sb = cast<MemRefType>(getSb().getType());
    int64_t box = 128 * 8 / sa.getElementTypeBitWidth(); // elements per 128-byte row
    if (getAsync() || tk != box || tn % box || !isWorkgroup(sa) || !isWorkgroup(sb) ||
        sa.getRank() != 3 || sa.getDimSize(1) != tm || sa.getDimSize(2) != tk ||
        sb.getRank() != 4 || sb.getDimSize(1) != tn / box || sb.getDimSize(2) != tk ||
        sb.getDimSize(3) != box || sa.getElementType() != elt || sb.getElementType() != elt)
      return emitOpError() << "swizzled (not async) needs 128-byte rows, sa [stages, " << tm
                           << ", " << box << "] and sb [stages, " << tn / box << ", " << box
                           << ", " << box << "] of " << elt << " for tile " << tm << "x" << tn
                           << "x" << tk << "; got " << getSa().getType() << " and "
                           << getSb().getType();
  } else if (failed(check("sa", getSa().getType(), tm, tk)) ||
             failed(check("sb", getSb().getType(), tk, tn))) {
    return failure();
  }
  if (getAsync() != static_cast<bool>(getToken()))
    return emitOpError("returns a token exactly when async");
  if (getInterior() && !getAsync())
    return emitOpError("interior applies only to async copies");
  return success();
}

//===----------------------------------------------------------------------===//
// TMA stages: StageCopyTmaOp, StageWaitOp, StageReleaseOp
//===----------------------------------------------------------------------===//

/// `barriers` must be workgroup i64 mbarriers, a full and an empty one per
/// stage; returns the number of stages they serve, or 0 after an error.
static int64_t verifyBarriers(Operation *op, Value barriers) {
  auto type = cast<MemRefType>(barriers.getType());
  if (!isWorkgroup(type) || type.getRank() != 1 || !type.getElementType().isInteger(64) ||
      type.getDimSize(0) < 2 || type.getDimSize(0) % 2) {
    op->emitOpError("barriers must be workgroup memory of i64, two per stage; got ") << type;
    return 0;
  }
  return type.getDimSize(0) / 2;
}

static LogicalResult verifyClusterM(Operation *op, int64_t clusterM) {
  if (clusterM != 1 && clusterM != 2 && clusterM != 4 && clusterM != 8)
    return op->emitOpError("cluster_m must be 1, 2, 4 or 8; got ") << clusterM;
  return success();
}

LogicalResult StageCopyTmaOp::verify() {
  for (auto [name, desc] : {std::pair{"desc_a", getDescA()}, std::pair{"desc_b", getDescB()},
                            std::pair{"desc_up", getDescUp()}})
    if (desc && !isa<LLVM::LLVMPointerType>(desc.getType()))
      return emitOpError() << name << " must be an !llvm.ptr to a CUtensorMap; got "
                           << desc.getType();
  MemRefType sa = getSa().getType(), sb = getSb().getType();
  Type elt = sa.getElementType();
  if (!isWorkgroup(sa) || sa.getRank() != 3 || !(elt.isF16() || elt.isBF16() || elt.isF32()))
    return emitOpError(
               "sa must be workgroup memory of f16, bf16 or f32, [stages, tile_m, tile_k]; got ")
           << sa;
  int64_t stages = sa.getDimSize(0), tk = sa.getDimSize(2);
  if (!isWorkgroup(sb) || sb.getRank() != 4 || sb.getElementType() != elt ||
      sb.getDimSize(0) != stages || sb.getDimSize(2) != tk)
    return emitOpError("sb must be workgroup memory of ")
           << elt << ", [" << stages << ", boxes, " << tk << ", box cols]; got " << sb;
  int64_t eltBytes = elt.getIntOrFloatBitWidth() / 8;
  for (int64_t rowBytes : {tk * eltBytes, sb.getDimSize(3) * eltBytes})
    if (rowBytes != 32 && rowBytes != 64 && rowBytes != 128)
      return emitOpError("stage rows must be 32, 64 or 128 bytes (a TMA swizzle span); got ")
             << rowBytes;
  // The lowering issues a box copy per box row: stages past a block's shared
  // memory are malformed, and would unroll without bound.
  double stageBytes = (double(sa.getNumElements()) + double(sb.getNumElements())) * eltBytes;
  if (!sa.hasStaticShape() || !sb.hasStaticShape() ||
      stageBytes > double(MatmulConfigAttr::kMaxSharedBytes))
    return emitOpError() << "the stages (" << sa << " and " << sb << ") must be static and fit the "
                         << MatmulConfigAttr::kMaxSharedBytes
                         << " bytes of a block's shared memory";
  int64_t barrierStages = verifyBarriers(*this, getBarriers());
  if (!barrierStages)
    return failure();
  if (barrierStages != stages)
    return emitOpError() << "barriers serve " << barrierStages << " stages, the buffers have "
                         << stages;
  if (failed(verifyClusterM(*this, getClusterM())))
    return failure();
  if (sb.getDimSize(1) % getClusterM())
    return emitOpError() << "the " << sb.getDimSize(1) << " B boxes do not split evenly over a "
                         << "cluster of " << getClusterM();
  if (getDescUp() && (getClusterM() != 1 || sb.getDimSize(1) % 2))
    return emitOpError() << "desc_up needs an even number of B boxes and no cluster; got "
                         << sb.getDimSize(1) << " boxes, cluster_m = " << getClusterM();
  return success();
}

LogicalResult StageWaitOp::verify() {
  if (getReleased() && getFilledBelow())
    return emitOpError("filled_below is for waits on full barriers, not released ones");
  return success(verifyBarriers(*this, getBarriers()) != 0);
}

LogicalResult StageReleaseOp::verify() {
  if (!verifyBarriers(*this, getBarriers()))
    return failure();
  return verifyClusterM(*this, getClusterM());
}
