#include "mini/Dialect/Mini/MiniOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace mlir;

namespace {

class MiniOpsTest : public ::testing::Test {
protected:
  MiniOpsTest() {
    context.loadDialect<mini::MiniDialect, func::FuncDialect>();
  }

  OwningOpRef<ModuleOp> parse(StringRef source) {
    return parseSourceString<ModuleOp>(source, &context);
  }

  template <typename OpT> OpT first(ModuleOp module) {
    OpT found;
    module.walk([&](OpT op) { found = op; });
    return found;
  }

  MLIRContext context;
};

TEST_F(MiniOpsTest, AttentionScaleDefaultsToInverseSqrtHeadDim) {
  auto module = parse(R"mlir(
    func.func @f(%q: tensor<1x2x3x64xf16>) -> tensor<1x2x3x64xf16> {
      %o = mini.attention %q, %q, %q : tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16>, tensor<1x2x3x64xf16> -> tensor<1x2x3x64xf16>
      return %o : tensor<1x2x3x64xf16>
    })mlir");
  ASSERT_TRUE(module);
  auto op = first<mini::AttentionOp>(*module);
  ASSERT_TRUE(op);
  std::optional<float> scale = op.getEffectiveScale();
  ASSERT_TRUE(scale.has_value());
  EXPECT_FLOAT_EQ(*scale, 0.125f);
  EXPECT_FALSE(op.getCausal());
}

TEST_F(MiniOpsTest, AttentionExplicitScaleWins) {
  auto module = parse(R"mlir(
    func.func @f(%q: tensor<1x2x3x?xf16>) -> tensor<1x2x3x?xf16> {
      %o = mini.attention %q, %q, %q {scale = 0.5 : f32, causal} : tensor<1x2x3x?xf16>, tensor<1x2x3x?xf16>, tensor<1x2x3x?xf16> -> tensor<1x2x3x?xf16>
      return %o : tensor<1x2x3x?xf16>
    })mlir");
  ASSERT_TRUE(module);
  auto op = first<mini::AttentionOp>(*module);
  EXPECT_FLOAT_EQ(*op.getEffectiveScale(), 0.5f);
  EXPECT_TRUE(op.getCausal());
}

TEST_F(MiniOpsTest, AttentionDynamicHeadDimHasNoStaticDefaultScale) {
  auto module = parse(R"mlir(
    func.func @f(%q: tensor<1x2x3x?xf16>) -> tensor<1x2x3x?xf16> {
      %o = mini.attention %q, %q, %q : tensor<1x2x3x?xf16>, tensor<1x2x3x?xf16>, tensor<1x2x3x?xf16> -> tensor<1x2x3x?xf16>
      return %o : tensor<1x2x3x?xf16>
    })mlir");
  ASSERT_TRUE(module);
  EXPECT_FALSE(first<mini::AttentionOp>(*module).getEffectiveScale());
}

TEST_F(MiniOpsTest, VerifierRejectsBadMatmulWithoutCrashing) {
  // Diagnostics go to the context's handler; parsing must fail cleanly.
  ScopedDiagnosticHandler silence(&context, [](Diagnostic &) { return success(); });
  auto module = parse(R"mlir(
    func.func @f(%a: tensor<4x8xf16>, %b: tensor<9x4xf16>) -> tensor<4x4xf32> {
      %c = mini.matmul %a, %b : tensor<4x8xf16>, tensor<9x4xf16> -> tensor<4x4xf32>
      return %c : tensor<4x4xf32>
    })mlir");
  EXPECT_FALSE(module);
}

} // namespace
