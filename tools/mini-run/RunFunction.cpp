// mini-run --function (RunFunction.h).
#include "RunFunction.h"
#include "HostTensor.h"
#include "References.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <list>

namespace mini::run {

namespace {

/// A function's tensors in device memory: the arguments, results and
/// intermediates of one run (ours, or the reference chain's).
struct FunctionBuffers {
  std::vector<rt::DeviceBuffer> args, results, buffers;

  CUdeviceptr at(const rt::FunctionBinding &b) const {
    return b.of(args, results, buffers)[b.index].ptr();
  }
};

std::vector<rt::DeviceBuffer> allocate(const std::vector<rt::FunctionTensor> &tensors,
                                       const std::vector<int64_t> &elements, const char *what) {
  std::vector<rt::DeviceBuffer> out;
  for (size_t i = 0; i < tensors.size(); ++i)
    out.emplace_back(static_cast<size_t>(elements[i]) * rt::dtypeBytes(tensors[i].dtype),
                     std::string(what) + " '" + tensors[i].name + "'");
  return out;
}

std::string sizesText(const rt::FunctionPlan &plan) {
  std::string s;
  for (const auto &[name, value] : plan.dims)
    s += (s.empty() ? "" : ",") + name + "=" + std::to_string(value);
  return s.empty() ? "static" : s;
}

/// The function in float64 on the CPU, each launch's output rounded to its
/// tensor's type as the GPU stores it.
std::vector<std::vector<double>> cpuChain(const rt::FunctionSpec &f, const rt::FunctionPlan &plan,
                                          const std::vector<HostTensor> &args) {
  std::vector<std::vector<double>> argValues, results(f.results.size()), buffers(f.buffers.size());
  for (const HostTensor &t : args)
    argValues.push_back(t.toDouble());
  auto values = [&](const rt::FunctionBinding &b) -> std::vector<double> & {
    return b.of(argValues, results, buffers)[b.index];
  };
  for (const rt::FunctionPlan::Launch &l : plan.launches) {
    std::vector<std::vector<double>> in;
    std::vector<size_t> outIndices;
    for (size_t t = 0; t < l.tensors.size(); ++t) {
      if (l.kernel->tensors[t].output)
        outIndices.push_back(t);
      else
        in.push_back(values(l.tensors[t]));
    }
    std::vector<std::vector<double>> ys = cpuTruth(*l.kernel, l.sizes, std::move(in));
    for (size_t o = 0; o < outIndices.size(); ++o) {
      const std::vector<double> &y = ys[o];
      HostTensor rounded(l.kernel->tensors[outIndices[o]].dtype, static_cast<int64_t>(y.size()));
      for (size_t i = 0; i < y.size(); ++i)
        rounded.set(static_cast<int64_t>(i), static_cast<float>(y[i]));
      values(l.tensors[outIndices[o]]) = rounded.toDouble();
    }
  }
  return results;
}

} // namespace

bool runFunction(const FunctionRunOptions &opt, const rt::LoadedBundle &loaded,
                 const rt::Device &device, const rt::FunctionSpec &f, const rt::FunctionPlan &plan,
                 std::mt19937_64 &rng) {
  std::vector<HostTensor> hostArgs;
  FunctionBuffers ours, refs;
  ours.args = allocate(f.args, plan.argElements, "argument");
  // Arguments in [-1, 1), except a matmul's right operand (weights): in
  // +-sqrt(3 / K), variance 1 / K, as initialised weights are, so that a
  // chain of products keeps its scale and f16 does not overflow.
  std::vector<float> range(f.args.size(), 1.f);
  for (const rt::FunctionPlan::Launch &l : plan.launches)
    if (l.kernel->op == "matmul" && l.tensors[1].kind == rt::FunctionBinding::Arg)
      range[l.tensors[1].index] = std::sqrt(3.f / static_cast<float>(l.sizes.at("K")));
  for (size_t i = 0; i < f.args.size(); ++i) {
    hostArgs.emplace_back(f.args[i].dtype, plan.argElements[i]);
    fillRandom(hostArgs.back(), rng, -range[i], range[i], opt.nonfinite);
    ours.args[i].upload(hostArgs.back().bytes.data());
  }
  ours.results = allocate(f.results, plan.resultElements, "result");
  refs.results = allocate(f.results, plan.resultElements, "reference result");
  refs.buffers = allocate(f.buffers, plan.bufferElements, "reference intermediate");
  std::vector<CUdeviceptr> argPtrs, resultPtrs;
  for (const rt::DeviceBuffer &b : ours.args)
    argPtrs.push_back(b.ptr());
  for (const rt::DeviceBuffer &b : ours.results)
    resultPtrs.push_back(b.ptr());

  // The reference chain reads our arguments and writes its own buffers.
  std::vector<std::pair<std::string, std::function<void()>>> refLaunches;
  std::list<std::vector<CUdeviceptr>> refPtrs; // the reference launches hold references to these
  for (const rt::FunctionPlan::Launch &l : plan.launches) {
    std::vector<CUdeviceptr> &ptrs = refPtrs.emplace_back();
    CUdeviceptr out = 0;
    for (size_t t = 0; t < l.tensors.size(); ++t) {
      CUdeviceptr p = l.tensors[t].kind == rt::FunctionBinding::Arg ? ours.at(l.tensors[t])
                                                                    : refs.at(l.tensors[t]);
      ptrs.push_back(p);
      if (l.kernel->tensors[t].output && !out)
        out = p;
    }
    refLaunches.push_back(referenceFor(opt.matmulRef, *l.kernel, l.sizes, ptrs, out));
  }
  auto runOurs = [&] { loaded.runFunction(f, plan, argPtrs, resultPtrs); };
  auto runRefs = [&] {
    for (auto &[name, launch] : refLaunches)
      launch();
  };

  for (rt::DeviceBuffer &b : ours.results)
    b.fill(0xFF); // NaN in every type
  for (rt::DeviceBuffer &b : refs.results)
    b.fill(0xFF);
  runOurs();
  device.synchronize("function '" + f.name + "'");
  runRefs();
  device.synchronize("the reference chain of '" + f.name + "'");

  double work = 0;
  for (const rt::FunctionPlan::Launch &l : plan.launches)
    work += cpuWork(*l.kernel, l.sizes);
  std::vector<std::vector<double>> truth;
  if (opt.cpuCheck && work <= 3e8)
    truth = cpuChain(f, plan, hostArgs);

  double oursMs = rt::timeMedianMs(runOurs, opt.warmup, opt.iters, f.name, opt.launches);
  double refMs = rt::timeMedianMs(runRefs, opt.warmup, opt.iters, "reference chain", opt.launches);
  bool all = true;
  for (size_t i = 0; i < f.results.size(); ++i) {
    rt::DType t = f.results[i].dtype;
    HostTensor got(t, plan.resultElements[i]), want(t, plan.resultElements[i]);
    ours.results[i].download(got.bytes.data());
    refs.results[i].download(want.bytes.data());
    Comparison c = compare(got, want.toDouble());
    // Each launch rounds its output (the tolerance of the least precise
    // type the chain stores); ours and the reference's differences carry
    // into the next launch.
    double tol = 0;
    for (const rt::FunctionPlan::Launch &l : plan.launches)
      for (const rt::TensorSpec &spec : l.kernel->tensors)
        tol =
            std::max(tol, l.kernel->attr("tf32", 0) != 0 ? kTf32Tolerance : tolerance(spec.dtype));
    tol *= static_cast<double>(plan.launches.size());
    double cpuError = -1;
    if (!truth.empty()) {
      Comparison cc = compare(got, truth[i]);
      cpuError = cc.relError;
      c.nonfiniteMismatch += cc.nonfiniteMismatch;
    }
    bool ok =
        c.relError <= tol && c.nonfiniteMismatch == 0 && (cpuError < 0 || cpuError <= 2 * tol);
    char cpuText[32] = "-";
    if (cpuError >= 0)
      std::snprintf(cpuText, sizeof(cpuText), "%.2e", cpuError);
    std::printf("%-22s %-9s %-5s %-40s %-20s %9.2e %9s %7.1e %9.4f %9.4f  %s\n", f.name.c_str(),
                f.results[i].name.c_str(), rt::dtypeName(t), sizesText(plan).c_str(),
                (std::to_string(plan.launches.size()) + " launches").c_str(), c.relError, cpuText,
                tol, oursMs, refMs, ok ? "PASS" : "FAIL");
    if (c.nonfiniteMismatch)
      std::printf("  %lld output(s) differ in NaN/Inf from the reference (first at index %lld)\n",
                  static_cast<long long>(c.nonfiniteMismatch), static_cast<long long>(c.firstBad));
    all = all && ok;
  }
  if (opt.bench) {
    // Bytes: each launch reads its inputs and writes its output once.
    double bytes = 0;
    for (const rt::FunctionPlan::Launch &l : plan.launches)
      for (const rt::TensorSpec &t : l.kernel->tensors)
        bytes += double(l.kernel->numElements(t, l.sizes)) * double(rt::dtypeBytes(t.dtype));
    std::printf("  bench %-22s %zu launches  %.4f ms  %.0f MB moved by its kernels\n",
                f.name.c_str(), plan.launches.size(), oursMs, bytes * 1e-6);
    std::vector<CUdeviceptr> tensors;
    for (size_t i = 0; i < plan.launches.size(); ++i) {
      const rt::FunctionPlan::Launch &l = plan.launches[i];
      tensors.clear();
      for (const rt::FunctionBinding &b : l.tensors)
        tensors.push_back(b.kind == rt::FunctionBinding::Arg      ? argPtrs[b.index]
                          : b.kind == rt::FunctionBinding::Result ? resultPtrs[b.index]
                                                                  : refs.at(b));
      double ms = rt::timeMedianMs([&] { loaded.launch(*l.kernel, tensors, l.sizes); }, opt.warmup,
                                   opt.iters, l.kernel->entry, opt.launches);
      std::printf("  bench   launch %-2zu %-24s %-11s %.4f ms (%4.1f%%)\n", i,
                  l.kernel->entry.c_str(), l.kernel->op.c_str(), ms, 100 * ms / oursMs);
    }
  }
  return all;
}

} // namespace mini::run
