// The manifest's functions (Manifest.h FunctionSpec): parsing, the checks
// against the kernels they launch, and the plan at sizes (buffer bindings,
// intermediates, size checks), on hand-written manifests; no GPU needed.
#include "mini/runtime/Manifest.h"

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <string>

using namespace mini::rt;

namespace {

/// Two kernels (a bias add over R x C with a C-long b; a silu over R x C)
/// and a function x, b -> silu(x + b) with intermediate t0; tests break one
/// piece of it.
std::string manifest(const std::string &function) {
  return R"({"format":"mini-bundle","version":1,"chip":"sm_90a","abi":"x","kernels":[
    {"entry":"f_add","op":"add","cubin":"c.cubin","sizes":["R","C"],
     "static_sizes":{"R":-1,"C":-1},
     "tensors":[{"name":"a","dtype":"f16","dims":["R","C"],"output":false},
                {"name":"b","dtype":"f16","dims":["C"],"output":false},
                {"name":"y","dtype":"f16","dims":["R","C"],"output":true}],
     "grid":[{"sizes":["R","C"],"div":8192},{"sizes":[],"div":1},{"sizes":[],"div":1}],
     "block":[256,1,1],"dynamic_shared_bytes":0,"attrs":{}},
    {"entry":"f_silu","op":"silu","cubin":"c.cubin","sizes":["R","C"],
     "static_sizes":{"R":-1,"C":64},
     "tensors":[{"name":"x","dtype":"f16","dims":["R","C"],"output":false},
                {"name":"y","dtype":"f16","dims":["R","C"],"output":true}],
     "grid":[{"sizes":["R","C"],"div":8192},{"sizes":[],"div":1},{"sizes":[],"div":1}],
     "block":[256,1,1],"dynamic_shared_bytes":0,"attrs":{}}],
  "functions":[)" +
         function + "]}";
}

const char *kFunction = R"({"name":"f",
  "args":[{"name":"arg0","dtype":"f16","dims":["arg0.0",64]},
          {"name":"arg1","dtype":"f16","dims":[64]}],
  "results":[{"name":"result0","dtype":"f16","dims":["arg0.0",64]}],
  "buffers":[{"name":"t0","dtype":"f16","dims":["arg0.0",64]}],
  "launches":[{"kernel":"f_add","tensors":["arg0","arg1","t0"],"sizes":{"R":["arg0.0"],"C":[64]}},
              {"kernel":"f_silu","tensors":["t0","result0"],"sizes":{"R":["arg0.0"],"C":[64]}}]})";

/// kFunction with the first `from` replaced by `to`.
std::string broken(const std::string &from, const std::string &to) {
  std::string f = kFunction;
  size_t at = f.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return f.replace(at, from.size(), to);
}

TEST(Function, ParsesAndPlansBindingsIntermediatesAndSizes) {
  Bundle b = Bundle::parse(manifest(kFunction), "/tmp");
  const FunctionSpec &f = b.function("f");
  EXPECT_EQ(f.dynamicSizes(), std::vector<std::string>{"arg0.0"});
  FunctionPlan p = f.plan(b, {{"arg0.0", 10}});
  EXPECT_EQ(p.argElements, (std::vector<int64_t>{640, 64}));
  EXPECT_EQ(p.resultElements, std::vector<int64_t>{640});
  EXPECT_EQ(p.bufferElements, std::vector<int64_t>{640});
  ASSERT_EQ(p.launches.size(), 2u);
  EXPECT_EQ(p.launches[0].kernel->entry, "f_add");
  EXPECT_EQ(p.launches[0].sizes, (Sizes{{"R", 10}, {"C", 64}}));
  ASSERT_EQ(p.launches[0].tensors.size(), 3u);
  EXPECT_EQ(p.launches[0].tensors[1].kind, FunctionBinding::Arg);
  EXPECT_EQ(p.launches[0].tensors[1].index, 1u);
  EXPECT_EQ(p.launches[0].tensors[2].kind, FunctionBinding::Buffer);
  EXPECT_EQ(p.launches[1].tensors[0].kind, FunctionBinding::Buffer);
  EXPECT_EQ(p.launches[1].tensors[1].kind, FunctionBinding::Result);
}

TEST(Function, PlanNamesMissingUnknownAndBadSizes) {
  Bundle b = Bundle::parse(manifest(kFunction), "/tmp");
  const FunctionSpec &f = b.function("f");
  EXPECT_EQ(errorOf([&] { f.plan(b, {}); }),
            "function 'f': size arg0.0 is dynamic; give it, e.g. --size arg0.0=128");
  EXPECT_EQ(errorOf([&] {
              f.plan(b, {{"arg0.0", 2}, {"Q", 2}});
            }),
            "function 'f' has no dynamic size 'Q' (its dynamic sizes: arg0.0; or a kernel size "
            "name that all its launches bind to one of them)");
  // A kernel size that every launch binds to one dynamic size stands for it.
  EXPECT_EQ(f.plan(b, {{"R", 7}}).dims, (Sizes{{"arg0.0", 7}}));
  EXPECT_NE(errorOf([&] {
              f.plan(b, {{"arg0.0", 2}, {"R", 3}});
            }).find("function 'f': size arg0.0 given twice"),
            std::string::npos);
  // C is static in the launches: no alias.
  EXPECT_NE(errorOf([&] { f.plan(b, {{"arg0.0", 2}, {"C", 64}}); }).find("has no dynamic size 'C'"),
            std::string::npos);
  EXPECT_EQ(errorOf([&] {
              f.plan(b, {{"arg0.0", 0}});
            }),
            "function 'f': size arg0.0 must be >= 1, got 0");
  EXPECT_EQ(errorOf([&] {
              f.plan(b, {{"arg0.0", int64_t(1) << 58}});
            }),
            "function 'f': tensor 'arg0' of arg0.0 x 64 has more than 2^60 elements");
  EXPECT_EQ(errorOf([&] { b.function("g"); }), "bundle has no function 'g' (it has: f)");
}

TEST(Function, PlanChecksEachKernelsSizesAndTensors) {
  // The silu kernel fixes C = 64: a launch at C = 32 is refused, by launch.
  Bundle b = Bundle::parse(
      manifest(broken(R"("tensors":["t0","result0"],"sizes":{"R":["arg0.0"],"C":[64]})",
                      R"("tensors":["t0","result0"],"sizes":{"R":["arg0.0",2],"C":[32]})")),
      "/tmp");
  EXPECT_EQ(errorOf([&] {
              b.function("f").plan(b, {{"arg0.0", 3}});
            }),
            "function 'f' launch #1 (kernel 'f_silu'): kernel 'f_silu': size C is fixed to 64 by "
            "the bundle; got C=32");
  // A buffer smaller than the kernel's tensor at the launch's sizes.
  b = Bundle::parse(manifest(broken(R"({"name":"t0","dtype":"f16","dims":["arg0.0",64]})",
                                    R"({"name":"t0","dtype":"f16","dims":["arg0.0",32]})")),
                    "/tmp");
  EXPECT_EQ(errorOf([&] {
              b.function("f").plan(b, {{"arg0.0", 3}});
            }),
            "function 'f' launch #0 (kernel 'f_add'): the kernel's tensor 'y' has 192 elements at "
            "these sizes, the function's 't0' (arg0.0x32) 96");
}

TEST(Function, BadRecordsAreNamed) {
  auto parseError = [](const std::string &function) {
    return errorOf([&] { Bundle::parse(manifest(function), "/tmp"); });
  };
  EXPECT_EQ(parseError(broken(R"("kernel":"f_silu")", R"("kernel":"f_gelu")")),
            "bundle has no kernel 'f_gelu' (it has: f_add, f_silu)");
  EXPECT_EQ(
      parseError(broken(R"(["t0","result0"])", R"(["t0"])")),
      "manifest function 'f' launch #1 (kernel 'f_silu'): binds 1 tensors, the kernel takes 2");
  EXPECT_EQ(parseError(broken(R"(["t0","result0"])", R"(["t0","t9"])")),
            "manifest function 'f' launch #1 (kernel 'f_silu'): the function has no tensor 't9'");
  EXPECT_EQ(parseError(broken(R"(["t0","result0"])", R"(["t0","arg1"])")),
            "manifest function 'f' launch #1 (kernel 'f_silu'): writes argument 'arg1'");
  EXPECT_EQ(parseError(broken(R"("name":"t0","dtype":"f16")", R"("name":"t0","dtype":"f32")")),
            "manifest function 'f' launch #0 (kernel 'f_add'): binds f32 tensor 't0' to the "
            "kernel's f16 tensor 'y'");
  EXPECT_EQ(parseError(broken(R"("name":"t0","dtype":"f16","dims":["arg0.0",64])",
                              R"("name":"t0","dtype":"f16","dims":["arg9.0",64])")),
            "manifest function 'f' tensor 't0': dim 'arg9.0' is not a dim of an argument");
  EXPECT_EQ(parseError(broken(R"("name":"t0")", R"("name":"arg1")")),
            "manifest function 'f': two tensors are named 'arg1'");
  EXPECT_EQ(
      parseError(broken(R"("sizes":{"R":["arg0.0"],"C":[64]}})", R"("sizes":{"R":["arg0.0"]}})")),
      "manifest function 'f' launch #0 (kernel 'f_add'): gives no size C");
  EXPECT_EQ(parseError(broken(R"("dims":[64]})", R"("dims":[0]})")),
            "manifest function 'f' tensor 'arg1': dims must be integers >= 1 or size names, got 0");
  EXPECT_EQ(parseError(broken(R"(["arg0","arg1","t0"])", R"(["result0","arg1","t0"])")),
            "manifest function 'f' launch #0 (kernel 'f_add'): reads 'result0' before any launch "
            "writes it");
  EXPECT_EQ(parseError(broken(R"(["t0","result0"])", R"(["t0","t0"])")),
            "manifest function 'f': no launch writes result 'result0'");
  EXPECT_EQ(parseError(std::string(kFunction) + "," + kFunction),
            "manifest: two functions are named 'f'");
}

} // namespace

namespace {

/// A residual rmsnorm (x, r, w -> y and the sum s, two outputs) whose sum
/// a later add reads: h = x + r; result0 = rmsnorm(h); result1 = h + x.
const char *kTwoOutputs = R"({"format":"mini-bundle","version":1,"chip":"sm_90a","abi":"x","kernels":[
    {"entry":"f_norm","op":"rmsnorm","cubin":"c.cubin","sizes":["R","C"],
     "static_sizes":{"R":-1,"C":64},
     "tensors":[{"name":"x","dtype":"f16","dims":["R","C"],"output":false},
                {"name":"r","dtype":"f16","dims":["R","C"],"output":false},
                {"name":"w","dtype":"f16","dims":["C"],"output":false},
                {"name":"y","dtype":"f16","dims":["R","C"],"output":true},
                {"name":"s","dtype":"f16","dims":["R","C"],"output":true}],
     "grid":[{"sizes":["R"],"div":4},{"sizes":[],"div":1},{"sizes":[],"div":1}],
     "block":[256,1,1],"dynamic_shared_bytes":0,"attrs":{"epsilon":1e-5}},
    {"entry":"f_add","op":"add","cubin":"c.cubin","sizes":["R","C"],
     "static_sizes":{"R":-1,"C":64},
     "tensors":[{"name":"a","dtype":"f16","dims":["R","C"],"output":false},
                {"name":"b","dtype":"f16","dims":["R","C"],"output":false},
                {"name":"y","dtype":"f16","dims":["R","C"],"output":true}],
     "grid":[{"sizes":["R","C"],"div":8192},{"sizes":[],"div":1},{"sizes":[],"div":1}],
     "block":[256,1,1],"dynamic_shared_bytes":0,"attrs":{}}],
  "functions":[{"name":"f",
    "args":[{"name":"arg0","dtype":"f16","dims":["arg0.0",64]},
            {"name":"arg1","dtype":"f16","dims":["arg0.0",64]},
            {"name":"arg2","dtype":"f16","dims":[64]}],
    "results":[{"name":"result0","dtype":"f16","dims":["arg0.0",64]},
               {"name":"result1","dtype":"f16","dims":["arg0.0",64]}],
    "buffers":[{"name":"t0","dtype":"f16","dims":["arg0.0",64]}],
    "launches":[{"kernel":"f_norm","tensors":["arg0","arg1","arg2","result0","t0"],"sizes":{"R":["arg0.0"],"C":[64]}},
                {"kernel":"f_add","tensors":["t0","arg0","result1"],"sizes":{"R":["arg0.0"],"C":[64]}}]}]})";

} // namespace

TEST(Function, KernelWithTwoOutputsWritesBothBindings) {
  Bundle b = Bundle::parse(kTwoOutputs, "/tmp");
  FunctionPlan p = b.function("f").plan(b, {{"arg0.0", 3}});
  ASSERT_EQ(p.launches.size(), 2u);
  ASSERT_EQ(p.launches[0].tensors.size(), 5u);
  EXPECT_EQ(p.launches[0].tensors[3].kind, FunctionBinding::Result);
  EXPECT_EQ(p.launches[0].tensors[4].kind, FunctionBinding::Buffer);
  EXPECT_EQ(p.launches[1].tensors[0].kind, FunctionBinding::Buffer); // the sum, read after
  EXPECT_EQ(p.bufferElements, std::vector<int64_t>{192});
  // The sum not written by the norm (its s bound elsewhere): the add reads
  // t0 before any launch writes it.
  std::string unwritten = kTwoOutputs;
  std::string from = R"("arg2","result0","t0"])";
  unwritten.replace(unwritten.find(from), from.size(), R"("arg2","result0","result1"])");
  EXPECT_NE(errorOf([&] { Bundle::parse(unwritten, "/tmp"); }).find("reads 't0' before any launch writes it"),
            std::string::npos);
}
