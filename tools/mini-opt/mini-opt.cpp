// mini-opt: mlir-opt with the mini dialect and passes registered, plus the
// upstream dialects, passes and GPU targets the pipeline uses.
#include "mini/Dialect/Mini/MiniDialect.h"
#include "mini/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mini::registerMiniPasses();
  mini::registerMiniPipeline();

  mlir::DialectRegistry registry;
  registry.insert<mini::MiniDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates NVVM to LLVM IR before running ptxas.
  mlir::registerAllToLLVMIRTranslations(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "mini tile compiler driver\n", registry));
}
