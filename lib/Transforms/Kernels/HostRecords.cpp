// The host values a launch takes (HostLaunches.h): flat buffers, tensor
// maps, and the kernel's manifest record as an attribute.
#include "HostLaunches.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;

namespace mini {

/// A flat memref<?xT> view of a buffer with identity layout.
Value flatten(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  ReassociationIndices all;
  for (int64_t i = 0; i < type.getRank(); ++i)
    all.push_back(i);
  Value flat = buffer;
  if (type.getRank() != 1)
    flat = memref::CollapseShapeOp::create(b, loc, buffer, ArrayRef<ReassociationIndices>{all});
  auto dynType = MemRefType::get({ShapedType::kDynamic}, type.getElementType());
  if (flat.getType() != dynType)
    flat = memref::CastOp::create(b, loc, dynType, flat);
  return flat;
}

static ArrayAttr stringsAttr(OpBuilder &b, ArrayRef<std::string> strings) {
  SmallVector<Attribute> out;
  for (const std::string &s : strings)
    out.push_back(b.getStringAttr(s));
  return b.getArrayAttr(out);
}

/// The record's stream-K tail plan.
static DictionaryAttr splitTailAttr(OpBuilder &b, const KernelSplitTail &st) {
  SmallVector<NamedAttribute> split = {
      b.getNamedAttr("max_splits", b.getI64IntegerAttr(st.maxSplits)),
      b.getNamedAttr("depth", b.getStringAttr(st.depth)),
      b.getNamedAttr("tile_k", b.getI64IntegerAttr(st.tileK)),
      b.getNamedAttr("tile_elements", b.getI64IntegerAttr(st.tileElements)),
      b.getNamedAttr("aligned", stringsAttr(b, st.aligned))};
  if (st.splitBlocks)
    split.push_back(b.getNamedAttr("split_blocks", b.getBoolAttr(true)));
  else
    split.push_back(b.getNamedAttr("kernel", b.getStringAttr(st.kernel)));
  return b.getDictionaryAttr(split);
}

/// The record's split-key (decode) plan.
static DictionaryAttr splitKeysAttr(OpBuilder &b, const KernelSplitKeys &sk) {
  SmallVector<NamedAttribute> split = {
      b.getNamedAttr("max_splits", b.getI64IntegerAttr(sk.maxSplits)),
      b.getNamedAttr("rows", b.getI64IntegerAttr(sk.rows)),
      b.getNamedAttr("tile_keys", b.getI64IntegerAttr(sk.tileKeys))};
  if (sk.part.empty())
    split.append({b.getNamedAttr("decode_kernel", b.getStringAttr(sk.decodeKernel)),
                  b.getNamedAttr("combine_kernel", b.getStringAttr(sk.combineKernel)),
                  b.getNamedAttr("main_rows", b.getI64IntegerAttr(sk.mainRows)),
                  b.getNamedAttr("main_block_cost", b.getI64IntegerAttr(sk.mainBlockCost))});
  else
    split.push_back(b.getNamedAttr("part", b.getStringAttr(sk.part)));
  return b.getDictionaryAttr(split);
}

/// The manifest record of one kernel, as a dictionary attribute.
DictionaryAttr specToAttr(OpBuilder &b, const KernelSpec &spec,
                          const llvm::StringMap<SizeValue> &sizes) {
  SmallVector<Attribute> tensors, grid;
  for (const KernelTensor &t : spec.tensors) {
    std::string dtype;
    llvm::raw_string_ostream(dtype) << t.elementType;
    tensors.push_back(b.getDictionaryAttr({b.getNamedAttr("name", b.getStringAttr(t.name)),
                                           b.getNamedAttr("dtype", b.getStringAttr(dtype)),
                                           b.getNamedAttr("dims", stringsAttr(b, t.dims)),
                                           b.getNamedAttr("output", b.getBoolAttr(t.isOutput))}));
  }
  for (const GridDim &g : spec.grid) {
    SmallVector<NamedAttribute> dim = {b.getNamedAttr("sizes", stringsAttr(b, g.sizes)),
                                       b.getNamedAttr("div", b.getI64IntegerAttr(g.div))};
    if (g.cluster > 1)
      dim.push_back(b.getNamedAttr("cluster", b.getI64IntegerAttr(g.cluster)));
    if (g.maxBlocks > 0)
      dim.push_back(b.getNamedAttr("max_blocks", b.getI64IntegerAttr(g.maxBlocks)));
    grid.push_back(b.getDictionaryAttr(dim));
  }
  SmallVector<NamedAttribute> staticSizes;
  for (const std::string &name : spec.sizes)
    staticSizes.push_back(b.getNamedAttr(
        name, b.getI64IntegerAttr(ShapedType::isDynamic(sizes.lookup(name).staticValue)
                                      ? -1
                                      : sizes.lookup(name).staticValue)));
  SmallVector<NamedAttribute> record;
  if (!spec.tensorMaps.empty()) {
    SmallVector<Attribute> maps;
    for (const KernelTensorMap &m : spec.tensorMaps)
      maps.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("tensor", b.getStringAttr(spec.tensors[m.tensor].name)),
           b.getNamedAttr("box", b.getI64ArrayAttr(m.box)),
           b.getNamedAttr("swizzle", b.getI64IntegerAttr(m.swizzle))}));
    record.push_back(b.getNamedAttr("tensor_maps", b.getArrayAttr(maps)));
  }
  if (spec.splitTail.maxSplits > 1)
    record.push_back(b.getNamedAttr("split_tail", splitTailAttr(b, spec.splitTail)));
  if (spec.splitKeys.maxSplits > 0)
    record.push_back(b.getNamedAttr("split_keys", splitKeysAttr(b, spec.splitKeys)));
  if (!spec.sizeVariants.empty()) {
    record.push_back(b.getNamedAttr("size_variants", stringsAttr(b, spec.sizeVariants)));
    if (!spec.maxLengths.empty()) {
      record.push_back(b.getNamedAttr("max_lengths", b.getI64ArrayAttr(spec.maxLengths)));
      if (!spec.maxRows.empty())
        record.push_back(b.getNamedAttr("max_rows", b.getI64ArrayAttr(spec.maxRows)));
      if (!spec.unalignedOnly.empty())
        record.push_back(b.getNamedAttr("unaligned_only", b.getI64ArrayAttr(spec.unalignedOnly)));
    } else {
      record.push_back(b.getNamedAttr("sm_count", b.getI64IntegerAttr(spec.smCount)));
      record.push_back(b.getNamedAttr("tile_rates", b.getI64ArrayAttr(spec.tileRates)));
    }
  }
  record.append(
      {b.getNamedAttr("op", b.getStringAttr(spec.op)),
       b.getNamedAttr("tensors", b.getArrayAttr(tensors)),
       b.getNamedAttr("sizes", stringsAttr(b, spec.sizes)),
       b.getNamedAttr("static_sizes", b.getDictionaryAttr(staticSizes)),
       b.getNamedAttr("grid", b.getArrayAttr(grid)),
       b.getNamedAttr("block", b.getI64ArrayAttr({spec.block[0], spec.block[1], spec.block[2]})),
       b.getNamedAttr("dynamic_shared_bytes", b.getI64IntegerAttr(spec.dynamicSharedBytes)),
       b.getNamedAttr("attrs", spec.attrs.getDictionary(b.getContext()))});
  return b.getDictionaryAttr(record);
}

/// The kernel parameter of tensor map `m` of `buffer` (the op's operand):
/// upstream's host-side TMA descriptor (nvgpu.tma.create.descriptor, whose
/// runtime call encodes a CUtensorMap in device memory), cast to the pointer
/// it lowers to. Leading dims beyond the box's become boxes of 1.
Value tensorMapArgument(OpBuilder &b, Location loc, const KernelTensorMap &m, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<int64_t> box(type.getRank(), 1);
  for (int64_t i = 1; i <= std::min<int64_t>(type.getRank(), m.box.size()); ++i)
    box[type.getRank() - i] = m.box[m.box.size() - i];
  auto swizzle = m.swizzle == 128  ? nvgpu::TensorMapSwizzleKind::SWIZZLE_128B
                 : m.swizzle == 64 ? nvgpu::TensorMapSwizzleKind::SWIZZLE_64B
                 : m.swizzle == 32 ? nvgpu::TensorMapSwizzleKind::SWIZZLE_32B
                                   : nvgpu::TensorMapSwizzleKind::SWIZZLE_NONE;
  auto smemBox = MemRefType::get(box, type.getElementType(), MemRefLayoutAttrInterface(),
                                 gpu::AddressSpaceAttr::get(b.getContext(),
                                                            gpu::AddressSpace::Workgroup));
  auto descType = nvgpu::TensorMapDescriptorType::get(
      b.getContext(), smemBox, swizzle, nvgpu::TensorMapL2PromoKind::L2PROMO_128B,
      nvgpu::TensorMapOOBKind::OOB_ZERO, nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
  Value unranked = memref::CastOp::create(
      b, loc, UnrankedMemRefType::get(type.getElementType(), type.getMemorySpace()), buffer);
  SmallVector<Value> boxValues;
  for (int64_t d : box)
    boxValues.push_back(arith::ConstantIndexOp::create(b, loc, d));
  Value desc = nvgpu::TmaCreateDescriptorOp::create(b, loc, descType, unranked, boxValues);
  auto pointerType = LLVM::LLVMPointerType::get(b.getContext());
  Value map = UnrealizedConversionCastOp::create(b, loc, pointerType, desc).getResult(0);
  // Rows that are not 16-byte multiples have no map: a null one, which sends
  // a matmul kernel down its element-copy path.
  Value rowBytes = arith::MulIOp::create(
      b, loc, memref::DimOp::create(b, loc, buffer, type.getRank() - 1),
      arith::ConstantIndexOp::create(b, loc, type.getElementTypeBitWidth() / 8));
  Value whole = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, rowBytes, arith::ConstantIndexOp::create(b, loc, 16)),
      arith::ConstantIndexOp::create(b, loc, 0));
  return arith::SelectOp::create(b, loc, whole, map, LLVM::ZeroOp::create(b, loc, pointerType));
}

} // namespace mini
