// test-mini-pipeline-schedule: expands loops whose software-pipeline
// schedule the IR spells out, so that the lit tests can show the expansion
// (lib/Transforms/Kernels/PipelineSchedule.h) apart from the schedules
// mini-pipeline-stages builds:
//   scf.for ... {
//     %slot = arith.constant {test.slot} 0 : index
//     <op> {test.stage = S}     (in the pipelined body's order)
//     ...
//   } {test.slots = N [, test.peeled] [, test.first_slot_zero]}
#include "Kernels/PipelineSchedule.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {

struct TestPipelineSchedulePass : PassWrapper<TestPipelineSchedulePass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPipelineSchedulePass)

  StringRef getArgument() const final { return "test-mini-pipeline-schedule"; }
  StringRef getDescription() const final {
    return "Expand scf.for loops by the pipeline schedule their test.* attributes give";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, scf::SCFDialect>();
  }

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      if (loop->hasAttr("test.slots"))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      mini::PipelineSchedule s;
      s.slots = loop->getAttrOfType<IntegerAttr>("test.slots").getInt();
      s.peeled = loop->hasAttr("test.peeled");
      s.firstSlotZero = loop->hasAttr("test.first_slot_zero");
      for (Operation &op : loop.getBody()->without_terminator()) {
        if (auto stage = op.getAttrOfType<IntegerAttr>("test.stage"))
          s.order.push_back({&op, stage.getInt()});
        if (op.hasAttr("test.slot"))
          s.slot = op.getResult(0);
      }
      if (failed(mini::expandPipeline(loop, s)))
        return signalPassFailure();
    }
  }
};

} // namespace

namespace mini::test {
void registerTestPipelineSchedulePass() { PassRegistration<TestPipelineSchedulePass>(); }
} // namespace mini::test
