// test-mini-pipeline-schedule: expands loops whose software-pipeline
// schedule the IR spells out, so that the lit tests can show the expansion
// (lib/Transforms/Kernels/PipelineSchedule.h) apart from the schedules
// mini-pipeline-stages builds:
//   scf.for ... {
//     %slot = arith.constant {test.slot} 0 : index
//     <op> {test.stage = S}     (in the pipelined body's order, or
//     ...                        that of test.order = N where given)
//   } {test.slots = N [, test.peeled] [, test.first_slot_zero] [, test.drain]}
// With test.drain, a "test.drain" op gets the loop's results, the next slot
// and the latest clones of the ops marked test.drained, and replaces them.
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

  static int64_t orderOf(Operation *op) {
    auto order = op->getAttrOfType<IntegerAttr>("test.order");
    return order ? order.getInt() : 0;
  }

  /// A drain that hands the loop's results, the next slot and the latest
  /// clones of the ops marked test.drained to a "test.drain" op, whose
  /// results replace the loop's.
  static auto drainOp(scf::ForOp loop) {
    SmallVector<Value> drained;
    for (Operation &op : loop.getBody()->without_terminator())
      if (op.hasAttr("test.drained"))
        drained.push_back(op.getResult(0));
    Location loc = loop.getLoc();
    SmallVector<Type> types(loop.getResultTypes());
    return [=](OpBuilder &b, ValueRange results, Value nextSlot, const IRMapping &latest) {
      SmallVector<Value> operands(results);
      operands.push_back(nextSlot);
      for (Value v : drained)
        operands.push_back(latest.lookup(v));
      OperationState state(loc, "test.drain");
      state.addOperands(operands);
      state.addTypes(types);
      return SmallVector<Value>(b.create(state)->getResults());
    };
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
      llvm::stable_sort(s.order, [](mini::ScheduledOp x, mini::ScheduledOp y) {
        return orderOf(x.op) < orderOf(y.op);
      });
      if (loop->hasAttr("test.drain"))
        s.drain = drainOp(loop);
      if (failed(mini::expandPipeline(loop, s)))
        return signalPassFailure();
    }
  }
};

} // namespace

namespace mini::test {
void registerTestPipelineSchedulePass() { PassRegistration<TestPipelineSchedulePass>(); }
} // namespace mini::test
