// The dialect's discardable attributes: `mini.mma_kind` on a kernel, and the
// manifest records mini-lower-to-gpu puts on its launches (`mini.kernel`,
// `mini.companion_kernels`), which mini-export-bundle writes out as JSON.
// Verifying them here turns a malformed record into an error at the launch
// that carries it, before a bundle the runtime would refuse is written.
#include "mini/Dialect/Mini/MiniDialect.h"
#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mini;

namespace {

/// Field checks with errors that name the attribute, the record and the field.
class RecordChecker {
public:
  RecordChecker(Operation *op, StringRef where) : op(op), where(where.str()) {}

  /// Field `key` of `d` as a `T`, or null (after an error unless it is
  /// optional and absent). After the first error, null: one error a record.
  template <typename T> T field(DictionaryAttr d, StringRef key, StringRef kind, bool required) {
    if (failed)
      return {};
    Attribute a = d.get(key);
    if (!a) {
      if (required)
        fail() << "is missing field '" << key << "'";
      return {};
    }
    if (auto typed = dyn_cast<T>(a))
      return typed;
    fail() << "field '" << key << "' must be " << kind << ", got " << a;
    return {};
  }
  /// An array of `T` (e.g. StringAttr), or null after an error.
  template <typename T>
  ArrayAttr arrayOf(DictionaryAttr d, StringRef key, StringRef kind, bool required) {
    ArrayAttr a = field<ArrayAttr>(d, key, "an array", required);
    if (a && !llvm::all_of(a, [](Attribute e) { return isa<T>(e); })) {
      fail() << "field '" << key << "' must hold " << kind << ", got " << a;
      return {};
    }
    return a;
  }
  InFlightDiagnostic fail() {
    failed = true;
    return op->emitOpError() << where << " ";
  }

  Operation *op;
  std::string where;
  bool failed = false;
};

void checkTensor(RecordChecker &c, DictionaryAttr t) {
  c.field<StringAttr>(t, "name", "a string", true);
  if (StringAttr dtype = c.field<StringAttr>(t, "dtype", "a string", true);
      dtype && !llvm::is_contained({"f16", "bf16", "f32"}, dtype.getValue()))
    c.fail() << "tensor dtype must be f16, bf16 or f32, got " << dtype;
  c.arrayOf<StringAttr>(t, "dims", "size names", true);
  c.field<BoolAttr>(t, "output", "a boolean", true);
}

/// A function record (mini.function): its tensors' dims are static sizes
/// or names of the function's dynamic sizes; each launch binds a kernel's
/// tensors to the function's tensors by name and gives each size as a
/// product of factors (sizes or names).
void checkFunctionRecord(RecordChecker &c, DictionaryAttr r) {
  c.field<StringAttr>(r, "name", "a string", true);
  auto isDim = [](Attribute a) { return isa<IntegerAttr, StringAttr>(a); };
  for (StringRef list : {"args", "results", "buffers"}) {
    ArrayAttr tensors = c.arrayOf<DictionaryAttr>(r, list, "dictionaries", true);
    for (Attribute t : tensors ? tensors.getValue() : ArrayRef<Attribute>()) {
      auto d = cast<DictionaryAttr>(t);
      c.field<StringAttr>(d, "name", "a string", true);
      c.field<StringAttr>(d, "dtype", "a string", true);
      if (ArrayAttr dims = c.field<ArrayAttr>(d, "dims", "an array", true);
          dims && !llvm::all_of(dims, isDim))
        c.fail() << "tensor dims must be sizes or size names, got " << dims;
    }
  }
  ArrayAttr launches = c.arrayOf<DictionaryAttr>(r, "launches", "dictionaries", true);
  for (Attribute l : launches ? launches.getValue() : ArrayRef<Attribute>()) {
    auto d = cast<DictionaryAttr>(l);
    c.field<StringAttr>(d, "kernel", "a string", true);
    c.arrayOf<StringAttr>(d, "tensors", "tensor names", true);
    if (DictionaryAttr sizes = c.field<DictionaryAttr>(d, "sizes", "a dictionary", true))
      for (NamedAttribute s : sizes)
        if (auto factors = dyn_cast<ArrayAttr>(s.getValue()); !factors ||
                                                              !llvm::all_of(factors, isDim))
          c.fail() << "launch size '" << s.getName().getValue()
                   << "' must be an array of sizes and size names, got " << s.getValue();
  }
}

void checkRecord(RecordChecker &c, DictionaryAttr r) {
  if (StringAttr op = c.field<StringAttr>(r, "op", "a string", true);
      op && !llvm::is_contained({"matmul", "softmax", "rmsnorm", "layernorm", "attention", "add",
                                 "mul", "silu", "gelu", "scale", "cast", "transpose", "causal_mask",
                                 "elementwise"},
                                op.getValue()))
    c.fail() << "field 'op' must name a mini op (matmul, softmax, rmsnorm, layernorm, attention, add, mul, "
                "silu, gelu, scale, cast, transpose, causal_mask or elementwise), got "
             << op;
  c.arrayOf<StringAttr>(r, "sizes", "size names", true);
  if (DictionaryAttr s = c.field<DictionaryAttr>(r, "static_sizes", "a dictionary", true))
    for (NamedAttribute size : s)
      if (!isa<IntegerAttr>(size.getValue()))
        c.fail() << "static size '" << size.getName().getValue() << "' must be an integer";
  if (ArrayAttr tensors = c.arrayOf<DictionaryAttr>(r, "tensors", "dictionaries", true))
    for (Attribute t : tensors)
      checkTensor(c, cast<DictionaryAttr>(t));
  if (ArrayAttr grid = c.arrayOf<DictionaryAttr>(r, "grid", "dictionaries", true)) {
    if (grid.size() != 3)
      c.fail() << "field 'grid' must have 3 dims, got " << grid.size();
    for (Attribute g : grid) {
      auto dim = cast<DictionaryAttr>(g);
      c.arrayOf<StringAttr>(dim, "sizes", "size names", true);
      c.field<IntegerAttr>(dim, "div", "an integer", true);
      c.field<IntegerAttr>(dim, "cluster", "an integer", false);
      c.field<IntegerAttr>(dim, "max_blocks", "an integer", false);
    }
  }
  if (ArrayAttr block = c.arrayOf<IntegerAttr>(r, "block", "integers", true);
      block && block.size() != 3)
    c.fail() << "field 'block' must have 3 dims, got " << block.size();
  c.field<IntegerAttr>(r, "dynamic_shared_bytes", "an integer", true);
  c.field<DictionaryAttr>(r, "attrs", "a dictionary", true);
  c.arrayOf<DictionaryAttr>(r, "tensor_maps", "dictionaries", false);
  c.arrayOf<StringAttr>(r, "size_variants", "kernel names", false);
  c.field<IntegerAttr>(r, "sm_count", "an integer", false);
  c.arrayOf<IntegerAttr>(r, "tile_rates", "integers", false);
  c.arrayOf<IntegerAttr>(r, "max_lengths", "integers", false);
  c.arrayOf<IntegerAttr>(r, "max_rows", "integers", false);
  c.arrayOf<IntegerAttr>(r, "unaligned_only", "integers", false);
  c.field<DictionaryAttr>(r, "split_tail", "a dictionary", false);
  c.field<DictionaryAttr>(r, "split_keys", "a dictionary", false);
}

} // namespace

LogicalResult MiniDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == kMmaKindAttrName) {
    if (!isa<MathUnitAttr>(attr.getValue()))
      return op->emitOpError() << name << " must be a #mini.math attribute (e.g. "
                               << "#mini.math<mma_sync>), got " << attr.getValue();
    return success();
  }
  if (name == kKernelRecordAttrName) {
    auto record = dyn_cast<DictionaryAttr>(attr.getValue());
    if (!record)
      return op->emitOpError() << name << " must be a dictionary";
    RecordChecker c(op, name);
    checkRecord(c, record);
    return failure(c.failed);
  }
  if (name == kCompanionKernelsAttrName) {
    auto records = dyn_cast<ArrayAttr>(attr.getValue());
    if (!records || !llvm::all_of(records, [](Attribute r) { return isa<DictionaryAttr>(r); }))
      return op->emitOpError() << name << " must be an array of dictionaries";
    for (Attribute r : records) {
      RecordChecker c(op, name);
      c.field<StringAttr>(cast<DictionaryAttr>(r), "entry", "a string", true);
      checkRecord(c, cast<DictionaryAttr>(r));
      if (c.failed)
        return failure();
    }
    return success();
  }
  if (name == kFunctionRecordAttrName) {
    auto record = dyn_cast<DictionaryAttr>(attr.getValue());
    if (!record)
      return op->emitOpError() << name << " must be a dictionary";
    RecordChecker c(op, name);
    checkFunctionRecord(c, record);
    return failure(c.failed);
  }
  // mini-promote-tiles' mark for mini-pipeline-stages (StageLoops.h's
  // kAfterIssueAttrName), which removes it.
  if (name == "mini.after_issue") {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitOpError() << name << " must be a unit attribute";
    return success();
  }
  return op->emitOpError() << "has an unknown attribute of the mini dialect: " << name;
}

LogicalResult MiniDialect::verifyRegionArgAttribute(Operation *op, unsigned region, unsigned arg,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name != kSizeNamesAttrName)
    return op->emitOpError() << "has an unknown argument attribute of the mini dialect: " << name;
  // A tensor, or the memref bufferization makes of it.
  auto type = dyn_cast<ShapedType>(op->getRegion(region).getArgument(arg).getType());
  auto names = dyn_cast<ArrayAttr>(attr.getValue());
  if (!type || !type.hasRank() || !names || !llvm::all_of(names, llvm::IsaPred<StringAttr>))
    return op->emitOpError() << name << " of argument " << arg
                             << " must be an array of strings on a ranked tensor";
  if (static_cast<int64_t>(names.size()) != type.getNumDynamicDims())
    return op->emitOpError() << name << " of argument " << arg << " has " << names.size()
                             << " names; its type " << type << " has " << type.getNumDynamicDims()
                             << " dynamic dims";
  for (Attribute n : names) {
    StringRef s = cast<StringAttr>(n).getValue();
    bool identifier = !s.empty() && (llvm::isAlpha(s[0]) || s[0] == '_') &&
                      llvm::all_of(s, [](char ch) { return llvm::isAlnum(ch) || ch == '_'; });
    if (!identifier)
      return op->emitOpError() << name << " of argument " << arg << ": '" << s
                               << "' is not a name (a letter or _, then letters, digits or _)";
  }
  return success();
}
