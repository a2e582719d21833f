// Reference kernels of the elementwise ops: one thread per element, in f32,
// written for obviousness rather than speed (they are the oracle).
#include "Common.cuh"

#include <cmath>

namespace mini::ref {
namespace {

constexpr int kThreads = 256;

unsigned gridFor(int64_t n, const char *what) { return gridDim1((n + kThreads - 1) / kThreads, what); }

__device__ __forceinline__ int64_t globalIndex() {
  return int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
}

template <typename T>
__global__ void binaryKernel(bool mul, const T *a, const T *b, T *y, int64_t n, int64_t bn) {
  int64_t i = globalIndex();
  if (i >= n)
    return;
  float x = toF32(a[i]), z = toF32(b[i % bn]);
  y[i] = fromF32<T>(mul ? x * z : x + z);
}

__device__ float unaryOp(UnaryOp op, float x, float factor) {
  switch (op) {
  case UnaryOp::Silu: return x / (1.0f + expf(-x));
  case UnaryOp::Gelu: return 0.5f * x * (1.0f + erff(x * 0.70710678118654752f));
  case UnaryOp::GeluTanh:
    return 0.5f * x * (1.0f + tanhf(0.79788456080286536f * (x + 0.044715f * x * x * x)));
  case UnaryOp::Scale: return x * factor;
  case UnaryOp::Cast: return x;
  }
  return x;
}

template <typename In, typename Out>
__global__ void unaryKernel(UnaryOp op, const In *x, Out *y, int64_t n, float factor) {
  int64_t i = globalIndex();
  if (i < n)
    y[i] = fromF32<Out>(unaryOp(op, toF32(x[i]), factor));
}

template <typename T>
__global__ void causalMaskKernel(const T *x, T *y, int64_t n, int64_t S, int64_t T_) {
  int64_t idx = globalIndex();
  if (idx >= n)
    return;
  int64_t j = idx % T_, i = (idx / T_) % S;
  y[idx] = j > i + T_ - S ? fromF32<T>(-INFINITY) : x[idx];
}

template <typename T>
__global__ void transposeKernel(const T *x, T *y, int64_t n, int64_t R, int64_t C, int64_t inner) {
  int64_t idx = globalIndex();
  if (idx >= n)
    return;
  int64_t i = idx % inner, run = idx / inner;
  int64_t c = run % C, r = (run / C) % R, z = run / (R * C);
  y[((z * C + c) * R + r) * inner + i] = x[idx];
}

// A fused elementwise program, passed by value as the kernel's parameter.
constexpr int kMaxInputs = 8, kMaxSteps = 64;
enum StepOp { Const, AddF, SubF, MulF, DivF, NegF, Exp, Erf, Tanh, Fma };
struct Step {
  int op, a, b, c;
  float value;
};
struct Program {
  Step steps[kMaxSteps];
  int numSteps, result, numInputs;
  const void *in[kMaxInputs];
  int dtype[kMaxInputs];
  int64_t elements[kMaxInputs];
};

__device__ float loadAs(const void *p, int dtype, int64_t i) {
  if (dtype == int(DType::F16))
    return toF32(static_cast<const __half *>(p)[i]);
  if (dtype == int(DType::BF16))
    return toF32(static_cast<const __nv_bfloat16 *>(p)[i]);
  return static_cast<const float *>(p)[i];
}

template <typename Out> __global__ void programKernel(Program p, Out *y, int64_t n) {
  int64_t i = globalIndex();
  if (i >= n)
    return;
  float v[kMaxInputs + kMaxSteps];
  for (int j = 0; j < p.numInputs; ++j)
    v[j] = loadAs(p.in[j], p.dtype[j], i % p.elements[j]);
  for (int s = 0; s < p.numSteps; ++s) {
    const Step &st = p.steps[s];
    float a = v[st.a], b = v[st.b], c = v[st.c], r = 0;
    switch (st.op) {
    case Const: r = st.value; break;
    case AddF: r = a + b; break;
    case SubF: r = a - b; break;
    case MulF: r = a * b; break;
    case DivF: r = a / b; break;
    case NegF: r = -a; break;
    case Exp: r = expf(a); break;
    case Erf: r = erff(a); break;
    case Tanh: r = tanhf(a); break;
    case Fma: r = fmaf(a, b, c); break;
    }
    v[p.numInputs + s] = r;
  }
  y[i] = fromF32<Out>(v[p.result]);
}

} // namespace

void elementwiseProgram(const std::vector<rt::ProgramStep> &program, int64_t result,
                        const std::vector<ProgramInput> &inputs, void *y, DType out, int64_t n) {
  if (inputs.size() > kMaxInputs || program.size() > kMaxSteps)
    throw rt::Error("reference elementwise: at most " + std::to_string(kMaxInputs) +
                    " inputs and " + std::to_string(kMaxSteps) + " steps, got " +
                    std::to_string(inputs.size()) + " and " + std::to_string(program.size()));
  Program p{};
  p.numInputs = static_cast<int>(inputs.size());
  p.numSteps = static_cast<int>(program.size());
  p.result = static_cast<int>(result);
  for (size_t j = 0; j < inputs.size(); ++j) {
    p.in[j] = inputs[j].ptr;
    p.dtype[j] = int(inputs[j].dtype);
    p.elements[j] = inputs[j].elements;
  }
  static const std::pair<const char *, StepOp> kOps[] = {
      {"const", Const}, {"addf", AddF}, {"subf", SubF}, {"mulf", MulF}, {"divf", DivF},
      {"negf", NegF},   {"exp", Exp},   {"erf", Erf},   {"tanh", Tanh}, {"fma", Fma}};
  for (size_t s = 0; s < program.size(); ++s) {
    const rt::ProgramStep &step = program[s];
    Step &st = p.steps[s];
    st.op = -1;
    for (auto [name, op] : kOps)
      if (step.op == name)
        st.op = op;
    if (st.op < 0)
      throw rt::Error("reference elementwise: unknown op '" + step.op + "'");
    int args[3] = {0, 0, 0};
    for (size_t a = 0; a < step.args.size() && a < 3; ++a)
      args[a] = static_cast<int>(step.args[a]);
    st.a = args[0];
    st.b = args[1];
    st.c = args[2];
    st.value = static_cast<float>(step.value);
  }
  dispatch(out, [&](auto tag) {
    using Out = decltype(tag);
    programKernel<Out><<<gridFor(n, "reference elementwise"), kThreads>>>(
        p, static_cast<Out *>(y), n);
  });
  checkLaunch("reference elementwise");
}

const char *name(UnaryOp op) {
  switch (op) {
  case UnaryOp::Silu: return "silu";
  case UnaryOp::Gelu: return "gelu";
  case UnaryOp::GeluTanh: return "gelu_tanh";
  case UnaryOp::Scale: return "scale";
  case UnaryOp::Cast: return "cast";
  }
  return "?";
}

void binary(bool mul, DType t, const void *a, const void *b, void *y, int64_t n, int64_t bn) {
  dispatch(t, [&](auto tag) {
    using T = decltype(tag);
    binaryKernel<T><<<gridFor(n, "reference add/mul"), kThreads>>>(
        mul, static_cast<const T *>(a), static_cast<const T *>(b), static_cast<T *>(y), n, bn);
  });
  checkLaunch(mul ? "reference mul" : "reference add");
}

void unary(UnaryOp op, DType in, DType out, const void *x, void *y, int64_t n, float factor) {
  dispatch(in, [&](auto inTag) {
    dispatch(out, [&](auto outTag) {
      using In = decltype(inTag);
      using Out = decltype(outTag);
      unaryKernel<In, Out><<<gridFor(n, "reference unary op"), kThreads>>>(
          op, static_cast<const In *>(x), static_cast<Out *>(y), n, factor);
    });
  });
  checkLaunch(std::string("reference ") + name(op));
}

void causalMask(DType t, const void *x, void *y, int64_t batch, int64_t S, int64_t T) {
  dispatch(t, [&](auto tag) {
    using E = decltype(tag);
    int64_t n = batch * S * T;
    causalMaskKernel<E><<<gridFor(n, "reference causal_mask"), kThreads>>>(
        static_cast<const E *>(x), static_cast<E *>(y), n, S, T);
  });
  checkLaunch("reference causal_mask");
}

void transpose(DType t, const void *x, void *y, int64_t batch, int64_t R, int64_t C,
               int64_t inner) {
  dispatch(t, [&](auto tag) {
    using E = decltype(tag);
    int64_t n = batch * R * C * inner;
    transposeKernel<E><<<gridFor(n, "reference transpose"), kThreads>>>(
        static_cast<const E *>(x), static_cast<E *>(y), n, R, C, inner);
  });
  checkLaunch("reference transpose");
}

} // namespace mini::ref
