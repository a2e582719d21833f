// mini-export-bundle: cubins + manifest.json, the contract with the runtime.
#include "mini/Dialect/Mini/MiniDialect.h"
#include "mini/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace mini {
#define GEN_PASS_DEF_MINIEXPORTBUNDLE
#include "mini/Transforms/Passes.h.inc"
} // namespace mini

using namespace mlir;

namespace {

/// Attribute -> JSON for the plain attribute kinds `mini.kernel` holds.
llvm::json::Value toJson(Attribute attr) {
  if (auto s = dyn_cast<StringAttr>(attr))
    return s.getValue().str();
  if (auto b = dyn_cast<BoolAttr>(attr))
    return b.getValue();
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return i.getInt();
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValueAsDouble();
  if (isa<UnitAttr>(attr))
    return true;
  if (auto a = dyn_cast<ArrayAttr>(attr)) {
    llvm::json::Array out;
    for (Attribute e : a)
      out.push_back(toJson(e));
    return out;
  }
  if (auto d = dyn_cast<DictionaryAttr>(attr)) {
    llvm::json::Object out;
    for (NamedAttribute n : d)
      out[n.getName().getValue()] = toJson(n.getValue());
    return out;
  }
  std::string s;
  llvm::raw_string_ostream(s) << attr;
  return s;
}

/// Every kernel the manifest names (an entry, a size variant, a tail
/// kernel) has a record of its own and a symbol in its cubin: a bundle that
/// names a missing kernel would not load at all.
LogicalResult checkReferences(ModuleOp module, const llvm::json::Array &kernels,
                              const llvm::StringSet<> &entries) {
  llvm::StringMap<StringRef> cubins; // entry -> the cubin's bytes
  module.walk([&](gpu::BinaryOp binary) {
    StringRef bytes = cast<gpu::ObjectAttr>(binary.getObjects()[0]).getObject().getValue();
    for (const llvm::json::Value &k : kernels)
      if (k.getAsObject()->getString("cubin") == binary.getName().str() + ".cubin")
        cubins[*k.getAsObject()->getString("entry")] = bytes;
  });
  for (const llvm::json::Value &k : kernels) {
    const llvm::json::Object &record = *k.getAsObject();
    StringRef entry = *record.getString("entry");
    if (!cubins.lookup(entry).contains(entry))
      return module.emitError() << "mini-export-bundle: kernel '" << entry
                                << "' is not in its cubin";
    SmallVector<StringRef> named;
    if (const llvm::json::Array *variants = record.getArray("size_variants"))
      for (const llvm::json::Value &v : *variants)
        named.push_back(*v.getAsString());
    if (const llvm::json::Object *split = record.getObject("split_tail"))
      if (std::optional<StringRef> tail = split->getString("kernel"))
        named.push_back(*tail);
    if (const llvm::json::Object *split = record.getObject("split_keys"))
      for (StringRef key : {"decode_kernel", "combine_kernel"})
        if (std::optional<StringRef> part = split->getString(key))
          named.push_back(*part);
    for (StringRef name : named)
      if (!entries.contains(name))
        return module.emitError() << "mini-export-bundle: kernel '" << entry << "' names kernel '"
                                  << name << "', which the bundle would not contain";
  }
  return success();
}

LogicalResult writeFile(Operation *op, StringRef path, StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return op->emitError() << "cannot write '" << path << "': " << ec.message();
  os << bytes;
  return success();
}

/// The cubins written, by kernel module: file name and chip.
using Binaries = llvm::StringMap<std::pair<std::string, std::string>>;

/// The manifest's kernel records, one per entry, and the chip they run on.
struct Records {
  llvm::json::Array kernels;
  llvm::StringSet<> entries;
  std::string chip;
  llvm::json::Array functions;
};

struct MiniExportBundlePass
    : mini::impl::MiniExportBundleBase<MiniExportBundlePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (dir.empty()) {
      module.emitError("mini-export-bundle needs a directory: "
                       "--mini-export-bundle=\"dir=PATH\"");
      return signalPassFailure();
    }
    if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
      module.emitError() << "cannot create bundle directory '" << dir
                         << "': " << ec.message();
      return signalPassFailure();
    }
    Binaries binaries;
    Records records;
    if (failed(writeCubins(module, binaries)) || failed(collectRecords(module, binaries, records)) ||
        failed(checkReferences(module, records.kernels, records.entries)))
      return signalPassFailure();
    if (records.kernels.empty()) {
      module.emitError("mini-export-bundle found no kernel launch made by "
                       "mini-lower-to-gpu");
      return signalPassFailure();
    }
    if (failed(collectFunctions(module, records)) || failed(writeManifest(module, records)))
      return signalPassFailure();
  }

  /// Each gpu.binary's cubin as DIR/<module>.cubin.
  LogicalResult writeCubins(ModuleOp module, Binaries &binaries) {
    WalkResult walk = module.walk([&](gpu::BinaryOp binary) {
      if (binary.getObjects().size() != 1) {
        binary.emitError("mini-export-bundle expects exactly one target per "
                         "gpu.binary, got ")
            << binary.getObjects().size();
        return WalkResult::interrupt();
      }
      auto object = cast<gpu::ObjectAttr>(binary.getObjects()[0]);
      auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
      if (!target || object.getFormat() != gpu::CompilationTarget::Binary) {
        binary.emitError("mini-export-bundle needs an NVVM cubin: run "
                         "gpu-module-to-binary with format=bin");
        return WalkResult::interrupt();
      }
      std::string file = binary.getName().str() + ".cubin";
      SmallString<256> path(dir);
      llvm::sys::path::append(path, file);
      if (failed(writeFile(binary, path, object.getObject().getValue())))
        return WalkResult::interrupt();
      binaries[binary.getName()] = {file, target.getChip().str()};
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

  /// The records of mini-lower-to-gpu's launches and of the kernels that run
  /// through them (companions), each entry once.
  LogicalResult collectRecords(ModuleOp module, const Binaries &binaries, Records &out) {
    auto add = [&](llvm::json::Object entry, const std::string &name, const std::string &cubin) {
      if (!out.entries.insert(name).second) // a companion kernel: its launch and its records on others'
        return;
      entry["entry"] = name;
      entry["cubin"] = cubin;
      out.kernels.push_back(std::move(entry));
    };
    WalkResult walk = module.walk([&](gpu::LaunchFuncOp launch) {
      auto record = launch->getAttrOfType<DictionaryAttr>(mini::MiniDialect::kKernelRecordAttrName);
      if (!record)
        return WalkResult::advance();
      auto it = binaries.find(launch.getKernelModuleName().getValue());
      if (it == binaries.end()) {
        launch.emitError("kernel module '")
            << launch.getKernelModuleName().getValue()
            << "' has no gpu.binary: run gpu-module-to-binary before "
               "mini-export-bundle";
        return WalkResult::interrupt();
      }
      out.chip = it->second.second;
      add(*toJson(record).getAsObject(), launch.getKernelName().getValue().str(),
          it->second.first);
      if (auto companions =
              launch->getAttrOfType<ArrayAttr>(mini::MiniDialect::kCompanionKernelsAttrName))
        for (auto record : companions.getAsRange<DictionaryAttr>())
          add(*toJson(record).getAsObject(), record.getAs<StringAttr>("entry").str(),
              it->second.first);
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

  /// The function records (mini.function), each launch's kernel one of the
  /// bundle's entries.
  LogicalResult collectFunctions(ModuleOp module, Records &out) {
    WalkResult walk = module.walk([&](func::FuncOp func) {
      auto record = func->getAttrOfType<DictionaryAttr>(mini::MiniDialect::kFunctionRecordAttrName);
      if (!record)
        return WalkResult::advance();
      for (auto launch : record.getAs<ArrayAttr>("launches").getAsRange<DictionaryAttr>())
        if (StringRef kernel = launch.getAs<StringAttr>("kernel").getValue();
            !out.entries.contains(kernel)) {
          func.emitError() << "mini-export-bundle: function '" << func.getSymName()
                           << "' launches kernel '" << kernel << "', which the bundle lacks";
          return WalkResult::interrupt();
        }
      out.functions.push_back(toJson(record));
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

  LogicalResult writeManifest(ModuleOp module, Records &records) {
    llvm::json::Object manifest{{"format", "mini-bundle"},
                                {"version", 1},
                                {"chip", records.chip},
                                {"abi", "each tensor: memref<?xT> descriptor "
                                        "(ptr, ptr, i64 offset, i64 size, i64 "
                                        "stride); each size: i64"},
                                {"kernels", std::move(records.kernels)}};
    if (!records.functions.empty())
      manifest["functions"] = std::move(records.functions);
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(manifest))) << "\n";
    SmallString<256> path(dir);
    llvm::sys::path::append(path, "manifest.json");
    return writeFile(module, path, text);
  }
};

} // namespace
