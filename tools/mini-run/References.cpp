// The reference a kernel's output is checked against: a reference kernel
// on the GPU (References.h), and float64 on the CPU for small problems.
#include "References.h"

#include "mini/reference/Cpu.h"
#include "mini/runtime/Error.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

namespace mini::run {

using rt::DType;

namespace {

/// The reference's unary op for `k`, if its op is one.
std::optional<ref::UnaryOp> unaryOp(const rt::KernelSpec &k) {
  if (k.op == "silu")
    return ref::UnaryOp::Silu;
  if (k.op == "gelu")
    return k.attr("tanh", 0) != 0 ? ref::UnaryOp::GeluTanh : ref::UnaryOp::Gelu;
  if (k.op == "scale")
    return ref::UnaryOp::Scale;
  if (k.op == "cast")
    return ref::UnaryOp::Cast;
  return std::nullopt;
}

} // namespace

/// The reference kernel of `k`'s op on the same inputs (`ptrs`, the
/// kernel's tensor order), writing `refOut`: its name and a launch.
std::pair<std::string, std::function<void()>>
referenceFor(ref::MatmulVariant matmulRef, const rt::KernelSpec &k, const rt::Sizes &sizes,
             const std::vector<CUdeviceptr> &ptrs, CUdeviceptr refOut) {
  auto s = [sizes](const char *n) { return sizes.at(n); };
  auto in = [&ptrs](size_t i) { return (void *)ptrs[i]; };
  void *out = (void *)refOut;
  DType dt = k.tensors[0].dtype;
  if (k.op == "matmul") {
    DType outType = k.tensors.back().dtype;
    ref::MatmulVariant v = matmulRef;
    if (!ref::supports(v, dt))
      v = ref::MatmulVariant::Tiled;
    std::string name = std::string("matmul/") + ref::name(v);
    if (k.program.empty())
      return {name, [=] {
                ref::matmul(v, dt, outType, in(0), in(1), out, s("batch"), s("M"), s("N"),
                            s("K"));
              }};
    // The epilogue on the f32 product, as the fused elementwise kernel's
    // reference interprets it: the product, then the epilogue's inputs.
    int64_t n = k.numElements(k.tensors.back(), sizes);
    auto product = std::make_shared<rt::DeviceBuffer>(
        static_cast<size_t>(std::max<int64_t>(n, 1)) * 4, "matmul reference product");
    std::vector<ref::ProgramInput> inputs = {{(void *)product->ptr(), DType::F32, n}};
    for (size_t i = 2; i + 1 < k.tensors.size(); ++i)
      inputs.push_back({in(i), k.tensors[i].dtype, k.numElements(k.tensors[i], sizes)});
    return {name + "+epilogue", [=, &k] {
              ref::matmul(v, dt, DType::F32, in(0), in(1), (void *)product->ptr(), s("batch"),
                          s("M"), s("N"), s("K"));
              ref::elementwiseProgram(k.program, k.programResult, inputs, out, outType, n);
            }};
  }
  if (k.op == "softmax")
    return {"softmax/block-reduce", [=] {
              ref::softmax(ref::SoftmaxVariant::BlockReduce, dt, in(0), out, s("R"), s("C"));
            }};
  if (k.op == "rmsnorm") {
    float eps = static_cast<float>(k.attr("epsilon", 1e-6));
    return {"rmsnorm/vectorized",
            [=] { ref::rmsnorm(dt, in(0), in(1), out, s("R"), s("C"), eps); }};
  }
  if (k.op == "layernorm") {
    float eps = static_cast<float>(k.attr("epsilon", 1e-5));
    return {"layernorm/two-pass",
            [=] { ref::layernorm(dt, in(0), in(1), in(2), out, s("R"), s("C"), eps); }};
  }
  if (k.op == "attention") {
    float scale = static_cast<float>(k.attr("scale", 1.0 / std::sqrt(double(s("D")))));
    bool causal = k.attr("causal", 0) != 0;
    return {"attention/flash", [=] {
              ref::attention(dt, in(0), in(1), in(2), out, s("B"), s("H"), s("G"), s("S"), s("T"),
                             s("D"), scale, causal);
            }};
  }
  int64_t n = k.numElements(k.tensors.back(), sizes);
  if (k.op == "elementwise") {
    std::vector<ref::ProgramInput> inputs;
    for (size_t i = 0; i + 1 < k.tensors.size(); ++i)
      inputs.push_back({in(i), k.tensors[i].dtype, k.numElements(k.tensors[i], sizes)});
    DType outType = k.tensors.back().dtype;
    return {"elementwise/interpreted", [=, &k] {
              ref::elementwiseProgram(k.program, k.programResult, inputs, out, outType, n);
            }};
  }
  if (k.op == "add" || k.op == "mul") {
    int64_t bn = k.numElements(k.tensors[1], sizes);
    bool mul = k.op == "mul";
    return {k.op + "/per-element", [=] { ref::binary(mul, dt, in(0), in(1), out, n, bn); }};
  }
  if (k.op == "causal_mask")
    return {"causal_mask/per-element",
            [=] { ref::causalMask(dt, in(0), out, s("batch"), s("S"), s("T")); }};
  if (k.op == "transpose")
    return {"transpose/per-element",
            [=] { ref::transpose(dt, in(0), out, s("batch"), s("R"), s("C")); }};
  if (std::optional<ref::UnaryOp> unary = unaryOp(k)) {
    DType outType = k.tensors.back().dtype;
    float factor = static_cast<float>(k.attr("factor", 1.0));
    return {std::string(ref::name(*unary)) + "/per-element",
            [=] { ref::unary(*unary, dt, outType, in(0), out, n, factor); }};
  }
  throw rt::Error("kernel '" + k.entry + "': unknown op '" + k.op + "'");
}

/// `k`'s program in float64 on `first` (when not empty) and then `rest`,
/// writing `y` (which may be `first`'s data: each element is read before
/// it is written).
static void runProgram(const rt::KernelSpec &k, const std::vector<double> &first,
                       const std::vector<std::vector<double>> &rest, double *y, int64_t n) {
  std::vector<std::string> ops;
  std::vector<std::vector<int64_t>> args;
  std::vector<double> values;
  for (const rt::ProgramStep &step : k.program) {
    ops.push_back(step.op);
    args.push_back(step.args);
    values.push_back(step.value);
  }
  std::vector<const double *> inputs;
  std::vector<int64_t> elements;
  if (!first.empty()) {
    inputs.push_back(first.data());
    elements.push_back(static_cast<int64_t>(first.size()));
  }
  for (const std::vector<double> &v : rest) {
    inputs.push_back(v.data());
    elements.push_back(static_cast<int64_t>(v.size()));
  }
  ref::cpu::elementwiseProgram(ops, args, values, k.programResult, inputs, elements, y, n);
}

/// `k`'s output in float64 on the CPU from the inputs in `host`.
std::vector<double> cpuTruth(const rt::KernelSpec &k, const rt::Sizes &sizes,
                             const std::vector<std::vector<double>> &in, int64_t outElements) {
  auto s = [&](const char *n) { return sizes.at(n); };
  std::vector<double> truth(static_cast<size_t>(outElements));
  if (k.op == "matmul") {
    ref::cpu::matmul(in[0].data(), in[1].data(), truth.data(), s("batch"), s("M"), s("N"), s("K"));
    if (!k.program.empty()) // the epilogue on the product and the tensors after a and b
      runProgram(k, truth, {in.begin() + 2, in.end()}, truth.data(), outElements);
  } else if (k.op == "softmax")
    ref::cpu::softmax(in[0].data(), truth.data(), s("R"), s("C"));
  else if (k.op == "rmsnorm")
    ref::cpu::rmsnorm(in[0].data(), in[1].data(), truth.data(), s("R"), s("C"),
                      k.attr("epsilon", 1e-6));
  else if (k.op == "layernorm")
    ref::cpu::layernorm(in[0].data(), in[1].data(), in[2].data(), truth.data(), s("R"), s("C"),
                        k.attr("epsilon", 1e-5));
  else if (k.op == "add" || k.op == "mul")
    ref::cpu::binary(k.op == "mul", in[0].data(), in[1].data(), truth.data(), outElements,
                     int64_t(in[1].size()));
  else if (k.op == "elementwise")
    runProgram(k, {}, in, truth.data(), outElements);
  else if (k.op == "causal_mask")
    ref::cpu::causalMask(in[0].data(), truth.data(), s("batch"), s("S"), s("T"));
  else if (k.op == "transpose")
    ref::cpu::transpose(in[0].data(), truth.data(), s("batch"), s("R"), s("C"));
  else if (std::optional<ref::UnaryOp> unary = unaryOp(k))
    ref::cpu::unary(ref::name(*unary), in[0].data(), truth.data(), outElements,
                    k.attr("factor", 1.0));
  else
    ref::cpu::attention(in[0].data(), in[1].data(), in[2].data(), truth.data(), s("B"), s("H"),
                        s("G"), s("S"), s("T"), s("D"),
                        k.attr("scale", 1.0 / std::sqrt(double(s("D")))), k.attr("causal", 0) != 0);
  return truth;
}

double cpuWork(const rt::KernelSpec &k, const rt::Sizes &s) {
  auto d = [&](const char *n) { return double(s.at(n)); };
  if (k.op == "matmul")
    return d("batch") * d("M") * d("N") * d("K");
  if (k.op == "attention")
    return 2 * d("B") * d("H") * d("S") * d("T") * d("D");
  const rt::TensorSpec &out = k.tensors.back(); // the output, last for every op
  return 3 * double(k.numElements(out, s));
}

} // namespace mini::run
