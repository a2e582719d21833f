// The reference a kernel's output is checked against: a reference kernel
// on the GPU (References.h), and float64 on the CPU for small problems.
#include "References.h"
#include "HostTensor.h"

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

/// The position of `k`'s tensor `name`, or -1.
int tensorIndex(const rt::KernelSpec &k, const char *name) {
  for (size_t i = 0; i < k.tensors.size(); ++i)
    if (k.tensors[i].name == name)
      return static_cast<int>(i);
  return -1;
}

/// A norm (rmsnorm, layernorm) with its residual: the sum x + r in `k`'s
/// sum tensor (or a buffer of its own when the kernel writes none), then
/// the norm of it.
std::pair<std::string, std::function<void()>>
residualNormReference(const rt::KernelSpec &k, const rt::Sizes &sizes,
                      const std::vector<CUdeviceptr> &ptrs, void *out) {
  auto at = [&](const char *name) {
    int i = tensorIndex(k, name);
    return i < 0 ? nullptr : (void *)ptrs[i];
  };
  DType dt = k.tensors[0].dtype;
  int64_t R = sizes.at("R"), C = sizes.at("C"), n = R * C;
  std::shared_ptr<rt::DeviceBuffer> own;
  void *sum = at("s");
  if (!sum) {
    own = std::make_shared<rt::DeviceBuffer>(
        static_cast<size_t>(std::max<int64_t>(n, 1)) * rt::dtypeBytes(dt), "reference sum");
    sum = (void *)own->ptr();
  }
  void *x = at("x"), *r = at("r"), *w = at("w"), *b = at("b");
  if (k.op == "rmsnorm") {
    float eps = static_cast<float>(k.attr("epsilon", 1e-6));
    return {"add+rmsnorm/vectorized", [=] {
              ref::binary(false, dt, x, r, sum, n, n);
              ref::rmsnorm(dt, sum, w, out, R, C, eps);
              (void)own;
            }};
  }
  float eps = static_cast<float>(k.attr("epsilon", 1e-5));
  return {"add+layernorm/two-pass", [=] {
            ref::binary(false, dt, x, r, sum, n, n);
            ref::layernorm(dt, sum, w, b, out, R, C, eps);
            (void)own;
          }};
}

} // namespace

bool isProductPair(const rt::KernelSpec &k) {
  return k.op == "matmul" && tensorIndex(k, "up") == 2;
}

/// The reference kernel of `k`'s op on the same inputs (`ptrs`, the
/// kernel's tensor order), writing `refOut` (its first output; a norm's sum,
/// the second, goes to its place in `ptrs`): its name and a launch.
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
    // reference interprets it: the product, then the epilogue's inputs. A
    // SwiGLU pair's program takes both products first (its up, tensor 2,
    // is a right-hand side, not an input of the program).
    int64_t n = k.numElements(k.tensors.back(), sizes);
    bool pair = isProductPair(k);
    auto product = std::make_shared<rt::DeviceBuffer>(static_cast<size_t>(std::max<int64_t>(n, 1)) *
                                                          4 * (pair ? 2 : 1),
                                                      "matmul reference product");
    void *gate = (void *)product->ptr(), *up = static_cast<float *>(gate) + n;
    std::vector<ref::ProgramInput> inputs = {{gate, DType::F32, n}};
    if (pair)
      inputs.push_back({up, DType::F32, n});
    for (size_t i = pair ? 3 : 2; i + 1 < k.tensors.size(); ++i)
      inputs.push_back({in(i), k.tensors[i].dtype, k.numElements(k.tensors[i], sizes)});
    return {
        name + (pair ? "+swiglu" : "+epilogue"), [=, &k] {
          (void)product; // the lambda keeps the buffer alive
          ref::matmul(v, dt, DType::F32, in(0), in(1), gate, s("batch"), s("M"), s("N"), s("K"));
          if (pair)
            ref::matmul(v, dt, DType::F32, in(0), in(2), up, s("batch"), s("M"), s("N"), s("K"));
          ref::elementwiseProgram(k.program, k.programResult, inputs, out, outType, n);
        }};
  }
  if (k.op == "softmax")
    return {"softmax/block-reduce", [=] {
              ref::softmax(ref::SoftmaxVariant::BlockReduce, dt, in(0), out, s("R"), s("C"));
            }};
  if ((k.op == "rmsnorm" || k.op == "layernorm") && tensorIndex(k, "r") >= 0)
    return residualNormReference(k, sizes, ptrs, out);
  if ((k.op == "rmsnorm" || k.op == "layernorm") && tensorIndex(k, "r") >= 0)
    return residualNormReference(k, sizes, ptrs, out);
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
  if (k.op == "transpose") {
    int64_t inner = sizes.count("inner") ? s("inner") : 1; // swaps with dims after them
    return {"transpose/per-element",
            [=] { ref::transpose(dt, in(0), out, s("batch"), s("R"), s("C"), inner); }};
  }
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

/// `k`'s outputs in float64 on the CPU (in tensor order) from its inputs
/// `in` (in tensor order).
std::vector<std::vector<double>> cpuTruth(const rt::KernelSpec &k, const rt::Sizes &sizes,
                                          std::vector<std::vector<double>> in) {
  auto s = [&](const char *n) { return sizes.at(n); };
  std::vector<std::vector<double>> outs;
  for (const rt::TensorSpec &t : k.tensors)
    if (t.output)
      outs.emplace_back(static_cast<size_t>(k.numElements(t, sizes)));
  std::vector<double> &truth = outs.front();
  int64_t outElements = static_cast<int64_t>(truth.size());
  if ((k.op == "rmsnorm" || k.op == "layernorm") && tensorIndex(k, "r") >= 0) {
    // The sum, rounded as the kernel stores it, replaces x and r.
    HostTensor h(k.tensors[0].dtype, static_cast<int64_t>(in[0].size()));
    for (size_t i = 0; i < in[0].size(); ++i)
      h.set(static_cast<int64_t>(i), static_cast<float>(in[0][i] + in[1][i]));
    in.erase(in.begin(), in.begin() + 2);
    in.insert(in.begin(), h.toDouble());
    if (outs.size() > 1)
      outs[1] = in[0];
  }
  if (k.op == "matmul") {
    ref::cpu::matmul(in[0].data(), in[1].data(), truth.data(), s("batch"), s("M"), s("N"), s("K"));
    if (isProductPair(k)) { // a SwiGLU pair: its program takes both products
      std::vector<double> up(truth.size());
      ref::cpu::matmul(in[0].data(), in[2].data(), up.data(), s("batch"), s("M"), s("N"), s("K"));
      in[2] = std::move(up);
    }
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
    ref::cpu::transpose(in[0].data(), truth.data(), s("batch"), s("R"), s("C"),
                        sizes.count("inner") ? s("inner") : 1);
  else if (std::optional<ref::UnaryOp> unary = unaryOp(k))
    ref::cpu::unary(ref::name(*unary), in[0].data(), truth.data(), outElements,
                    k.attr("factor", 1.0));
  else
    ref::cpu::attention(in[0].data(), in[1].data(), in[2].data(), truth.data(), s("B"), s("H"),
                        s("G"), s("S"), s("T"), s("D"),
                        k.attr("scale", 1.0 / std::sqrt(double(s("D")))), k.attr("causal", 0) != 0);
  return outs;
}

double cpuWork(const rt::KernelSpec &k, const rt::Sizes &s) {
  auto d = [&](const char *n) { return double(s.at(n)); };
  if (k.op == "matmul") // a SwiGLU pair computes two products
    return d("batch") * d("M") * d("N") * d("K") * (isProductPair(k) ? 2 : 1);
  if (k.op == "attention")
    return 2 * d("B") * d("H") * d("S") * d("T") * d("D");
  const rt::TensorSpec &out = k.tensors.back(); // the output, last for every op
  return 3 * double(k.numElements(out, s));
}

} // namespace mini::run
