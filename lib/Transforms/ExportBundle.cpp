// mini-export-bundle: cubins + manifest.json, the contract with the runtime.
#include "mini/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
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

LogicalResult writeFile(Operation *op, StringRef path, StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return op->emitError() << "cannot write '" << path << "': " << ec.message();
  os << bytes;
  return success();
}

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

    // module name -> (cubin file, chip)
    llvm::StringMap<std::pair<std::string, std::string>> binaries;
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
    if (walk.wasInterrupted())
      return signalPassFailure();

    llvm::json::Array kernels;
    std::string chip;
    walk = module.walk([&](gpu::LaunchFuncOp launch) {
      auto record = launch->getAttrOfType<DictionaryAttr>("mini.kernel");
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
      llvm::json::Object entry = *toJson(record).getAsObject();
      entry["entry"] = launch.getKernelName().getValue().str();
      entry["cubin"] = it->second.first;
      chip = it->second.second;
      kernels.push_back(std::move(entry));
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    if (kernels.empty()) {
      module.emitError("mini-export-bundle found no kernel launch made by "
                       "mini-lower-to-gpu");
      return signalPassFailure();
    }

    llvm::json::Object manifest{{"format", "mini-bundle"},
                                {"version", 1},
                                {"chip", chip},
                                {"abi", "each tensor: memref<?xT> descriptor "
                                        "(ptr, ptr, i64 offset, i64 size, i64 "
                                        "stride); each size: i64"},
                                {"kernels", std::move(kernels)}};
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(manifest))) << "\n";
    SmallString<256> path(dir);
    llvm::sys::path::append(path, "manifest.json");
    if (failed(writeFile(module, path, text)))
      return signalPassFailure();
  }
};

} // namespace
