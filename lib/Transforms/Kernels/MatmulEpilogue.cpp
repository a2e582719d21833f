// A matmul's fused epilogue in the kernels (MatmulEpilogue.h).
#include "MatmulEpilogue.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/IRMapping.h"

#include <algorithm>

using namespace mlir;

namespace mini {

MatmulEpilogue MatmulEpilogue::of(Region &body, ValueRange inputs,
                                  std::optional<ArrayRef<bool>> biasInputs) {
  MatmulEpilogue e;
  e.body = &body;
  e.inputs.assign(inputs.begin(), inputs.end());
  if (biasInputs)
    e.biasInputs.assign(biasInputs->begin(), biasInputs->end());
  e.biasInputs.resize(inputs.size(), false);
  return e;
}

MatmulKernelArgs matmulKernelArgs(gpu::GPUFuncOp func, MatmulOp op) {
  unsigned first = op.getUp() ? 3 : 2; // a, b and a pair's up come first
  unsigned inputs = op.getEpilogueInputs().size(), sizesAt = first + inputs + 1;
  MatmulKernelArgs a;
  a.A = func.getArgument(0);
  a.B = func.getArgument(1);
  for (unsigned i = 0; i < inputs; ++i)
    a.epilogueInputs.push_back(func.getArgument(first + i));
  a.C = func.getArgument(first + inputs);
  a.batch = func.getArgument(sizesAt);
  a.M = func.getArgument(sizesAt + 1);
  a.N = func.getArgument(sizesAt + 2);
  a.K = func.getArgument(sizesAt + 3);
  return a;
}

MatmulEpilogue matmulEpilogueOf(MatmulOp op, ValueRange inputs) {
  SmallVector<bool> bias;
  for (unsigned i = 0; i < op.getEpilogueInputs().size(); ++i)
    bias.push_back(op.isBiasInput(i));
  return MatmulEpilogue::of(op.getEpilogue(), inputs, ArrayRef<bool>(bias));
}

SmallVector<SmallVector<Value>> MatmulEpilogue::apply(KernelBuilder &kb,
                                                      ArrayRef<Group> groups) const {
  SmallVector<SmallVector<Value>> out;
  if (!*this || groups.empty()) {
    for (const Group &g : groups)
      out.emplace_back(g.acc.begin(), g.acc.end());
    return out;
  }
  // Batches of groups: the loads of a batch, then its bodies (a whole
  // warp tile's inputs at once would not fit the registers).
  constexpr size_t kBatchElements = 32;
  size_t perBatch = std::max<size_t>(1, kBatchElements / groups.front().acc.size());
  Block &block = body->front();
  for (size_t first = 0; first < groups.size(); first += perBatch) {
    ArrayRef<Group> batch = groups.slice(first, std::min(perBatch, groups.size() - first));
    // loaded[g][i]: input i's elements for group g of the batch.
    SmallVector<SmallVector<SmallVector<Value>>> loaded(batch.size());
    for (auto [g, group] : llvm::enumerate(batch))
      for (auto [input, bias] : llvm::zip_equal(inputs, biasInputs)) {
        Value index = bias ? group.col : group.at;
        if (group.inside)
          index = kb.select(group.inside, index, kb.idx(0));
        loaded[g].push_back(kb.loadVecF32(input, index, group.acc.size()));
      }
    for (auto [g, group] : llvm::enumerate(batch)) {
      SmallVector<Value> values;
      for (auto [e, acc] : llvm::enumerate(group.acc)) {
        IRMapping map;
        map.map(block.getArgument(0), acc);
        for (size_t i = 0; i < inputs.size(); ++i)
          map.map(block.getArgument(i + 1), loaded[g][i][e]);
        for (Operation &op : block.without_terminator())
          kb.b.clone(op, map);
        values.push_back(map.lookup(cast<YieldOp>(block.getTerminator()).getValue()));
      }
      out.push_back(std::move(values));
    }
  }
  return out;
}

void MatmulEpilogue::prefetchTile(KernelBuilder &kb, int64_t threads, Value offset, Value row0,
                                  Value col0, Value rows, Value cols, int64_t tileM,
                                  int64_t tileN) const {
  if (!*this || llvm::all_of(biasInputs, [](bool b) { return b; }))
    return;
  OpBuilder &b = kb.b;
  Value tid = kb.threadId();
  for (int64_t first = 0; first < tileM; first += threads) {
    Value r = kb.add(row0, kb.add(tid, kb.idx(first)));
    Value inside =
        kb.andi(kb.andi(kb.ult(kb.add(tid, kb.idx(first)), kb.idx(tileM)), kb.ult(r, rows)),
                kb.ult(col0, cols));
    kb.ifThenElse(inside, [&] {
      Value elements = kb.min(kb.idx(tileN), kb.sub(cols, col0));
      for (auto [input, bias] : llvm::zip_equal(inputs, biasInputs)) {
        if (bias)
          continue;
        int64_t eltBytes = cast<MemRefType>(input.getType()).getElementTypeBitWidth() / 8;
        Value at = kb.add(offset, kb.add(kb.mul(r, cols), col0));
        Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, kb.loc, input);
        Value address = arith::IndexCastOp::create(b, kb.loc, b.getI64Type(),
                                                   kb.add(base, kb.mul(at, kb.idx(eltBytes))));
        Value ptr = LLVM::IntToPtrOp::create(
            b, kb.loc, LLVM::LLVMPointerType::get(b.getContext(), 1), address);
        Value bytes = arith::IndexCastOp::create(b, kb.loc, b.getI32Type(),
                                                 kb.mul(elements, kb.idx(eltBytes)));
        NVVM::CpAsyncBulkPrefetchOp::create(b, kb.loc, ptr, bytes, Value());
      }
    });
  }
}

void MatmulEpilogue::cloneInto(Region &region) const {
  if (!*this)
    return;
  IRMapping map;
  body->cloneInto(&region, region.end(), map);
}

DenseBoolArrayAttr MatmulEpilogue::biasAttr(MLIRContext *ctx) const {
  if (!*this)
    return {};
  return DenseBoolArrayAttr::get(ctx, biasInputs);
}

} // namespace mini
