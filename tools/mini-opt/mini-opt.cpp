// mini-opt: mlir-opt with the mini dialect and passes registered, plus the
// upstream dialects, passes and GPU targets the pipeline uses, and the
// test-only passes of test/lib.
#include "mini/Dialect/Mini/MiniDialect.h"
#include "mini/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include <string>
#include <vector>

namespace mini::test {
void registerTestPipelineSchedulePass();
} // namespace mini::test

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mini::registerMiniPasses();
  mini::registerMiniPipeline();
  mini::test::registerTestPipelineSchedulePass();

  mlir::DialectRegistry registry;
  registry.insert<mini::MiniDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates NVVM to LLVM IR before running ptxas.
  mlir::registerAllToLLVMIRTranslations(registry);

  // An error names its location and says what is wrong; printing the
  // failing operation too (upstream's default) dumps a whole lowered
  // module when a late pass fails, tens of thousands of lines. Still on
  // request: --mlir-print-op-on-diagnostic=true.
  std::vector<char *> args(argv, argv + argc);
  std::string quiet = "--mlir-print-op-on-diagnostic=false";
  // Shared memory gets 32-bit pointers in the NVPTX backend (the shared
  // window is far below 4 GB): 64-bit addresses cost registers the mma
  // kernels need. A process-wide LLVM option, so the tool sets it, as a
  // default that --nvptx-short-ptr=false overrides (the last one wins).
  std::string shortPointers = "--nvptx-short-ptr";
  args.insert(args.begin() + 1, {quiet.data(), shortPointers.data()});
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      static_cast<int>(args.size()), args.data(), "mini tile compiler driver\n", registry));
}
