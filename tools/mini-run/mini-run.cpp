// mini-run BUNDLE: run every kernel of a bundle on fresh random inputs, check it
// against the hand-written reference kernel, and report error and time.
#include "BenchReport.h"
#include "HostTensor.h"
#include "References.h"
#include "RunFunction.h"

#include "mini/reference/Cpu.h"
#include "mini/reference/Cublas.h"
#include "mini/reference/Reference.h"
#include "mini/runtime/Error.h"
#include "mini/runtime/Half.h"
#include "mini/runtime/Runtime.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace mini;
using namespace mini::run;
using rt::DType;

namespace {

struct Options {
  std::string bundle;
  rt::Sizes sizes;
  std::string kernel; // empty: all
  std::string op;     // with no --kernel: only the kernels of this op
  std::string function; // --function NAME: run a function of the bundle instead
  uint64_t seed = 0;
  bool seedGiven = false;
  int warmup = 3, iters = 10;
  int launches = 1;       // --launches N: launches per timed sample
  int rotate = 1;         // --rotate N: timed launches cycle through N copies of the buffers
  bool nonfinite = false; // plant NaN and -inf in the inputs
  bool cpuCheck = true;   // also compare with float64 on the CPU when small
  bool bench = false;     // also print bandwidth / throughput against a peer
  std::string matmulRef = "tiled";
  int splitKeys = 0; // > 0: decode attention launches use this many key splits
  std::string json;  // --json FILE: the --bench records as mini-bench/1
  std::string group; // --group NAME: the records' group (e.g. "ladder:matmul")
  int timeout = 120; // --timeout S: the longest wait for the device (0: none)
};

[[noreturn]] void usage(const std::string &error) {
  if (!error.empty())
    std::fprintf(stderr, "mini-run: %s\n", error.c_str());
  std::fprintf(
      stderr,
      "usage: mini-run BUNDLE_DIR [--size NAME=N[,NAME=N...]]\n"
      "                [--kernel ENTRY | --op OP | --function NAME]\n"
      "                [--seed N] [--warmup N] [--iters N] [--launches N] [--rotate N]\n"
      "                [--nonfinite]\n"
      "                [--no-cpu-check] [--matmul-ref naive|tiled|wmma|wmma-cp.async] [--bench]\n"
      "                [--split-keys N] [--json FILE [--group NAME]] [--timeout S]\n"
      "Runs each kernel of the bundle on random inputs, checks it against the\n"
      "reference kernel (norm(out - ref) / norm(ref)) and times both. --bench adds\n"
      "GB/s against a device-to-device copy of the same bytes (row ops) or TFLOP/s.\n"
      "--split-keys N: an attention launch that takes its decode kernel splits the\n"
      "keys N ways (capped at its max_splits) instead of as the runtime plans.\n"
      "--launches N: each timed sample is N launches back to back (default 1), so\n"
      "that a kernel of a few microseconds is timed without the host's launch work.\n"
      "--rotate N: the timed launches of a kernel (ours and, with --bench, cuBLAS)\n"
      "cycle through N copies of its buffers, so that with N copies larger than the\n"
      "L2 each launch reads its operands from memory (as a model's layers read their\n"
      "own weights), not from what the launch before left in the L2. Not with\n"
      "--function.\n"
      "--json FILE (implies --bench) writes the measurements as one mini-bench/1 file\n"
      "(docs/BENCH-JSON.md) for scripts/report.py; --group tags its records (e.g.\n"
      "ladder:matmul, each labelled by its kernel).\n"
      "--function NAME runs a function of the bundle (its launches in order, sizes\n"
      "named by the source's mini.size_names, else arg<i>.<d> for dim d of argument\n"
      "i) against the reference kernels\n"
      "composed in the same order; --bench times it and each launch.\n"
      "--timeout S: a wait for the device longer than S seconds (default 120; 0:\n"
      "no limit) ends the run with exit status 124: a kernel that never returns\n"
      "cannot be stopped.\n"
      "Exit status: 0 all match, 1 a mismatch, 2 a usage or runtime error, 77 no GPU,\n"
      "124 a wait past --timeout.\n");
  std::exit(2);
}

int64_t parseInt(const std::string &s, const std::string &what) {
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0' || errno == ERANGE)
    usage("bad " + what + " '" + s + "'");
  return v;
}

/// A repeat count: within [0, kMaxCount], never silently wrapped to int.
int count(const std::string &s, const std::string &option) {
  constexpr int64_t kMaxCount = 1000000;
  int64_t v = parseInt(s, option);
  if (v < 0 || v > kMaxCount)
    usage(option + " must be in [0, " + std::to_string(kMaxCount) + "], got " + s);
  return static_cast<int>(v);
}

Options parseArgs(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        usage(a + " needs a value");
      return argv[++i];
    };
    if (a == "--size") {
      std::string list = value();
      size_t start = 0;
      while (start <= list.size()) {
        size_t comma = list.find(',', start);
        std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        size_t eq = item.find('=');
        if (eq == std::string::npos || eq == 0)
          usage("--size expects NAME=N, got '" + item + "'");
        std::string name = item.substr(0, eq);
        if (o.sizes.count(name))
          usage("--size gives " + name + " twice");
        o.sizes[name] = parseInt(item.substr(eq + 1), "size " + name);
        if (comma == std::string::npos)
          break;
        start = comma + 1;
      }
    } else if (a == "--kernel") {
      o.kernel = value();
    } else if (a == "--op") {
      o.op = value();
    } else if (a == "--function") {
      o.function = value();
    } else if (a == "--seed") {
      o.seed = static_cast<uint64_t>(parseInt(value(), "seed"));
      o.seedGiven = true;
    } else if (a == "--warmup") {
      o.warmup = count(value(), "--warmup");
    } else if (a == "--iters") {
      o.iters = count(value(), "--iters");
    } else if (a == "--launches") {
      o.launches = count(value(), "--launches");
    } else if (a == "--rotate") {
      o.rotate = count(value(), "--rotate");
    } else if (a == "--nonfinite") {
      o.nonfinite = true;
    } else if (a == "--bench") {
      o.bench = true;
    } else if (a == "--split-keys") {
      o.splitKeys = count(value(), "--split-keys");
      if (o.splitKeys < 1)
        usage("--split-keys must be >= 1");
    } else if (a == "--json") {
      o.json = value();
      o.bench = true;
    } else if (a == "--group") {
      o.group = value();
    } else if (a == "--timeout") {
      o.timeout = count(value(), "--timeout");
    } else if (a == "--no-cpu-check") {
      o.cpuCheck = false;
    } else if (a == "--matmul-ref") {
      o.matmulRef = value();
    } else if (a == "-h" || a == "--help") {
      usage("");
    } else if (!a.empty() && a[0] == '-') {
      usage("unknown option " + a);
    } else if (o.bundle.empty()) {
      o.bundle = a;
    } else {
      usage("more than one bundle given");
    }
  }
  if (o.bundle.empty())
    usage("no bundle directory given");
  if (!o.group.empty() && o.json.empty())
    usage("--group needs --json");
  if (o.launches < 1)
    usage("--launches must be >= 1");
  if (o.rotate < 1)
    usage("--rotate must be >= 1");
  if (o.rotate > 1 && !o.function.empty())
    usage("--rotate times single kernels; it does not apply to --function");
  if (o.iters < 1 || o.warmup < 0)
    usage("--iters must be >= 1 and --warmup >= 0");
  return o;
}

std::string sizesText(const rt::KernelSpec &k, const rt::Sizes &s) {
  std::string out;
  for (const std::string &n : k.sizes)
    out += (out.empty() ? "" : ",") + n + "=" + std::to_string(s.at(n));
  return out;
}

/// Multiply-adds the float64 CPU reference would do.

ref::MatmulVariant matmulVariant(const std::string &name) {
  for (auto v : {ref::MatmulVariant::Naive, ref::MatmulVariant::Tiled, ref::MatmulVariant::Wmma,
                 ref::MatmulVariant::Pipelined})
    if (name == ref::name(v))
      return v;
  usage("unknown --matmul-ref '" + name + "'");
}

/// A kernel's buffers and, for --rotate N, N - 1 copies of them (inputs
/// copied, so that every copy holds the same problem).
class BufferCopies {
public:
  BufferCopies(const std::vector<rt::DeviceBuffer> &dev, int copies) {
    sets_.emplace_back();
    for (const rt::DeviceBuffer &b : dev)
      sets_[0].push_back(b.ptr());
    for (int c = 1; c < copies; ++c) {
      sets_.emplace_back();
      for (const rt::DeviceBuffer &b : dev) {
        extra_.emplace_back(b.bytes(), "--rotate copy");
        rt::check(rt::driver().cuMemcpyDtoD(extra_.back().ptr(), b.ptr(), b.bytes()),
                  "cuMemcpyDtoD", "--rotate copy");
        sets_.back().push_back(extra_.back().ptr());
      }
    }
    for (const rt::DeviceBuffer &b : dev)
      bytes_ += double(b.bytes()) * double(copies);
  }
  /// The pointers of copy i mod N.
  const std::vector<CUdeviceptr> &set(size_t i) const { return sets_[i % sets_.size()]; }
  size_t count() const { return sets_.size(); }
  /// The bytes of all copies, the kernel's own buffers included.
  double bytes() const { return bytes_; }

private:
  std::vector<std::vector<CUdeviceptr>> sets_;
  std::vector<rt::DeviceBuffer> extra_;
  double bytes_ = 0;
};

/// Bandwidth against the ceiling measured in the same process: a
/// device-to-device copy that reads and writes as many bytes as the kernel
/// (each input read once, the output written once). Matmul and attention
/// report TFLOP/s instead. Fills `record`'s peers, work and ceiling.
void printBench(const Options &opt, const rt::KernelSpec &k, const rt::Sizes &sizes,
                const std::vector<rt::DeviceBuffer> &dev, const BufferCopies &copies,
                const std::function<void()> &runOurs, double oursMs, double refMs,
                const std::string &refName, run::BenchRecord &record) {
  auto d = [&](const char *n) { return double(sizes.at(n)); };
  double bytes = 0;
  for (const rt::DeviceBuffer &b : dev)
    bytes += double(b.bytes());
  record.bytes = bytes;
  record.oursMs = oursMs;
  record.peersMs.emplace_back(refName, refMs);
  if (k.op == "matmul" || k.op == "attention") {
    // A SwiGLU pair (tensor 2 is "up") computes two products; its peers
    // compute both, without the SiLU and the product of the two.
    bool pair = run::isProductPair(k);
    double flops = k.op == "matmul" ? 2 * d("batch") * d("M") * d("N") * d("K") * (pair ? 2 : 1)
                                    : 4 * d("B") * d("H") * d("S") * d("T") * d("D") *
                                          (k.attr("causal", 0) != 0 ? 0.5 : 1.0);
    record.flops = flops;
    std::printf("  bench %-22s ours %8.2f TFLOP/s   %s %8.2f TFLOP/s   ours/ref %.2f\n", k.entry.c_str(),
                flops / oursMs * 1e-9, refName.c_str(), flops / refMs * 1e-9, refMs / oursMs);
    if (k.op == "matmul") {
      // The peers on the same buffers: cuBLAS and the tensor-core references
      // (the plain product, where ours has an epilogue).
      DType in = k.tensors[0].dtype, out = k.tensors.back().dtype;
      rt::DeviceBuffer c(dev.back().bytes(), "peer output");
      auto a = (const void *)dev[0].ptr(), b = (const void *)dev[1].ptr();
      std::vector<const void *> rhs = {b};
      if (pair)
        rhs.push_back((const void *)dev[2].ptr());
      double cublasTflops = 0;
      try {
        // Ours and cuBLAS alternate launch by launch: same clocks and power.
        // Each takes the copies of the operands in turn (--rotate).
        ref::Cublas cublas;
        std::vector<double> ms = rt::timeInterleavedMedianMs(
            {runOurs,
             [&, next = size_t(0)]() mutable {
               const std::vector<CUdeviceptr> &set = copies.set(next++);
               for (size_t r = 1; r <= rhs.size(); ++r)
                 cublas.matmul(in, out, (const void *)set[0], (const void *)set[r], (void *)c.ptr(),
                               d("batch"), d("M"), d("N"), d("K"), k.attr("tf32", 0) != 0);
             }},
            opt.warmup, opt.iters, "ours and cuBLAS", opt.launches);
        std::printf("  bench %-22s interleaved: ours %8.2f TFLOP/s   cuBLAS %8.2f TFLOP/s   ours/cuBLAS %.3f\n",
                    k.entry.c_str(), flops / ms[0] * 1e-9, flops / ms[1] * 1e-9, ms[1] / ms[0]);
        record.oursMs = ms[0];
        record.peersMs.emplace_back("cuBLAS", ms[1]);
        cublasTflops = flops / ms[1] * 1e-9;
      } catch (const rt::Error &e) {
        std::printf("  bench %-22s cuBLAS unavailable: %s\n", k.entry.c_str(), e.what());
      }
      double peak = 0;
      if (in != DType::F32) {
        rt::DeviceBuffer sink(sizeof(float), "mma.sync probe sink");
        double probeFlops = 0;
        double ms =
            rt::timeMedianMs([&] { probeFlops = ref::mmaSyncPeakFlops(in, (float *)sink.ptr()); },
                             opt.warmup, opt.iters, "mma.sync peak probe", opt.launches);
        peak = probeFlops / ms * 1e-9;
        std::printf("  bench %-22s mma.sync peak %8.2f TFLOP/s   ours/peak %.3f\n", k.entry.c_str(),
                    peak, flops / oursMs * 1e-9 / peak);
      }
      // The compute roof: the mma.sync probe, or cuBLAS where that is faster
      // (wgmma exceeds what mma.sync can issue).
      if (peak > 0 || cublasTflops > 0) {
        record.ceiling = "mma";
        record.ceilingSource = cublasTflops > peak ? "cuBLAS" : "mma.sync probe";
        record.ceilingValue = std::max(peak, cublasTflops);
      }
      for (auto v : {ref::MatmulVariant::Wmma, ref::MatmulVariant::Pipelined}) {
        if (!ref::supports(v, in))
          continue;
        double ms = rt::timeMedianMs(
            [&] {
              for (const void *r : rhs)
                ref::matmul(v, in, out, a, r, (void *)c.ptr(), d("batch"), d("M"), d("N"), d("K"));
            },
            opt.warmup, opt.iters, ref::name(v), opt.launches);
        std::printf("  bench %-22s ref %-14s %8.2f TFLOP/s\n", k.entry.c_str(), ref::name(v), flops / ms * 1e-9);
        record.peersMs.emplace_back(std::string("matmul/") + ref::name(v), ms);
      }
    }
    return;
  }
  size_t copyBytes = static_cast<size_t>(bytes / 2);
  rt::DeviceBuffer dst(copyBytes, "copy destination");
  CUdeviceptr src = dev[0].ptr();
  size_t srcBytes = std::min(copyBytes, dev[0].bytes());
  double copyMs = rt::timeMedianMs(
      [&] {
        // The copy source is the first input, repeated if the output is larger.
        for (size_t off = 0; off < copyBytes; off += srcBytes)
          rt::check(rt::driver().cuMemcpyDtoD(dst.ptr() + off, src, std::min(srcBytes, copyBytes - off)),
                    "cuMemcpyDtoD", "bandwidth ceiling");
      },
      opt.warmup, opt.iters, "device-to-device copy", opt.launches);
  auto gbs = [&](double ms) { return bytes / ms * 1e-6; };
  std::printf("  bench %-22s %.0f MB  ours %7.0f GB/s (%.2fx copy)   %s %7.0f GB/s (%.2fx)   copy %7.0f GB/s\n",
              k.entry.c_str(), bytes * 1e-6, gbs(oursMs), copyMs / oursMs, refName.c_str(), gbs(refMs),
              copyMs / refMs, gbs(copyMs));
  record.peersMs.emplace_back("copy", copyMs);
  record.ceiling = "copy";
  record.ceilingSource = "cuMemcpyDtoD";
  record.ceilingValue = gbs(copyMs);
}

/// Which kernel a launch at `sizes` runs, where the runtime chooses.
void printPlan(const rt::LoadedBundle &loaded, const rt::KernelSpec &k, const rt::Sizes &sizes) {
  if (const rt::KernelSpec &v = loaded.bundle().forSizes(k, sizes); v.entry != k.entry)
    std::printf(!k.maxLengths.empty()
                    ? "%s: runs size variant %s (the first whose max length holds C and max rows "
                      "hold R)\n"
                : v.maxM() > 0 && v.maxN() > 0
                    ? "%s: runs size variant %s (M <= its max_m, N <= its max_n)\n"
                : v.maxM() > 0
                    ? "%s: runs size variant %s (M <= its max_m)\n"
                    : "%s: runs size variant %s (the least waves x time per wave at these sizes)\n",
                k.entry.c_str(), v.entry.c_str());
  if (rt::SplitKeysPlan plan = loaded.splitKeysPlan(k, sizes); plan.splits > 0)
    std::printf("%s: runs decode kernel %s, %lld row block(s) x %lld key split(s)%s\n",
                k.entry.c_str(), k.splitKeys.decodeKernel.c_str(),
                static_cast<long long>(plan.rowBlocks), static_cast<long long>(plan.splits),
                plan.splits > 1 ? (", then " + k.splitKeys.combineKernel).c_str() : "");
}

/// Runs one kernel; returns true when it matches.
bool runKernel(const Options &opt, const rt::LoadedBundle &loaded, const rt::Device &device,
               const rt::KernelSpec &k, const rt::Sizes &sizes, std::mt19937_64 &rng,
               run::BenchReport &report) {
  printPlan(loaded, k, sizes);
  std::vector<HostTensor> host;
  std::vector<rt::DeviceBuffer> dev;
  std::vector<CUdeviceptr> ptrs;
  std::vector<size_t> outs; // the outputs' positions (a norm's y, then its sum)
  for (size_t i = 0; i < k.tensors.size(); ++i) {
    const rt::TensorSpec &t = k.tensors[i];
    int64_t n = k.numElements(t, sizes);
    host.emplace_back(t.dtype, n);
    dev.emplace_back(host.back().bytes.size(), "tensor '" + t.name + "' of " + k.entry);
    ptrs.push_back(dev.back().ptr());
    if (t.output) {
      outs.push_back(i);
      continue;
    }
    // Softmax sees a wider range so the max matters, the activations their
    // tails; everything else [-1, 1).
    float range = k.op == "softmax" ? 8.f : k.op == "silu" || k.op == "gelu" ? 4.f : 1.f;
    fillRandom(host.back(), rng, -range, range, opt.nonfinite && t.name != "w");
    dev.back().upload(host.back().bytes.data());
  }
  if (outs.empty())
    throw rt::Error("kernel '" + k.entry + "' has no output tensor");
  // The reference reads our inputs and writes outputs of its own.
  std::vector<rt::DeviceBuffer> refOuts;
  std::vector<CUdeviceptr> refPtrs = ptrs;
  for (size_t o : outs) {
    refOuts.emplace_back(dev[o].bytes(), "reference " + k.tensors[o].name);
    refPtrs[o] = refOuts.back().ptr();
  }

  DType dt = k.tensors[0].dtype, outType = k.tensors[outs[0]].dtype;
  auto [refName, runRef] =
      referenceFor(matmulVariant(opt.matmulRef), k, sizes, refPtrs, refPtrs[outs[0]]);

  // Poison every output (0xFF bytes are NaN in f16, bf16 and f32), run once each.
  for (size_t j = 0; j < outs.size(); ++j) {
    dev[outs[j]].fill(0xFF);
    refOuts[j].fill(0xFF);
  }
  loaded.launch(k, ptrs, sizes);
  device.synchronize("kernel '" + k.entry + "'");
  runRef();
  device.synchronize(refName);
  std::vector<std::vector<double>> want;
  for (size_t j = 0; j < outs.size(); ++j) {
    HostTensor w(k.tensors[outs[j]].dtype, host[outs[j]].size());
    refOuts[j].download(w.bytes.data());
    want.push_back(w.toDouble());
  }
  // Every output against its reference, the worst error and all NaN/Inf
  // mismatches.
  auto compareAll = [&](const std::vector<std::vector<double>> &expected) {
    Comparison worst;
    for (size_t j = 0; j < outs.size(); ++j) {
      HostTensor got(k.tensors[outs[j]].dtype, host[outs[j]].size());
      dev[outs[j]].download(got.bytes.data());
      Comparison c = compare(got, expected[j]);
      worst.relError = std::max(worst.relError, c.relError);
      if (c.nonfiniteMismatch && worst.firstBad < 0)
        worst.firstBad = c.firstBad;
      worst.nonfiniteMismatch += c.nonfiniteMismatch;
    }
    return worst;
  };
  Comparison c = compareAll(want);

  // float64 ground truth for small problems.
  double cpuError = -1;
  if (opt.cpuCheck && cpuWork(k, sizes) <= 3e8) {
    std::vector<std::vector<double>> in;
    for (size_t i = 0; i < host.size(); ++i)
      if (!k.tensors[i].output)
        in.push_back(host[i].toDouble());
    Comparison cc = compareAll(cpuTruth(k, sizes, std::move(in)));
    cpuError = cc.relError;
    c.nonfiniteMismatch += cc.nonfiniteMismatch;
  }

  // --rotate: launch i runs on copy i mod N of the buffers.
  BufferCopies copies(dev, opt.rotate);
  auto runOurs = [&, next = size_t(0)]() mutable { loaded.launch(k, copies.set(next++), sizes); };
  if (copies.count() > 1)
    std::printf("%s: timed launches rotate through %zu copies of the buffers (%.0f MB)\n",
                k.entry.c_str(), copies.count(), copies.bytes() * 1e-6);
  double oursMs = rt::timeMedianMs(runOurs, opt.warmup, opt.iters, k.entry, opt.launches);
  double refMs = rt::timeMedianMs(runRef, opt.warmup, opt.iters, refName, opt.launches);
  // Once more after the timed launches, poisoned again: a kernel that keeps
  // state between launches (the split tail's counters) must leave it ready.
  for (size_t o : outs)
    dev[o].fill(0xFF);
  loaded.launch(k, ptrs, sizes);
  device.synchronize("kernel '" + k.entry + "' (after timing)");
  Comparison again = compareAll(want);
  if (again.relError > c.relError || again.nonfiniteMismatch > c.nonfiniteMismatch) {
    std::printf("  the launch after the timed ones differs: rel_err %.2e, %lld non-finite "
                "mismatches\n",
                again.relError, static_cast<long long>(again.nonfiniteMismatch));
    c.relError = std::max(c.relError, again.relError);
    c.nonfiniteMismatch += again.nonfiniteMismatch;
  }

  // The tolerance is that of the output type; a matmul also rounds its inputs.
  double tol = std::max(tolerance(outType), tolerance(dt) * (outType == DType::F32 && dt != DType::F32 ? 0.5 : 1.0));
  if (k.attr("tf32", 0) != 0)
    tol = std::max(tol, kTf32Tolerance);
  // Past tol from the reference only where the float64 truth shows the
  // reference is the one off (an f32 reference summing K = 100003 terms in
  // order drifts past 1e-5; ours, in parallel partial sums, stays closer).
  bool exact = cpuError >= 0 && cpuError <= tol;
  bool ok = (c.relError <= tol || exact) && c.nonfiniteMismatch == 0 &&
            (cpuError < 0 || cpuError <= 2 * tol + 1e-6);
  char cpuText[32] = "-";
  if (cpuError >= 0)
    std::snprintf(cpuText, sizeof(cpuText), "%.2e", cpuError);
  std::printf("%-22s %-9s %-5s %-40s %-20s %9.2e %9s %7.1e %9.4f %9.4f  %s\n", k.entry.c_str(), k.op.c_str(),
              rt::dtypeName(dt), sizesText(k, sizes).c_str(), refName.c_str(), c.relError, cpuText, tol,
              oursMs, refMs, ok ? "PASS" : "FAIL");
  if (opt.bench) {
    run::BenchRecord record{&k, sizes};
    record.pass = ok;
    record.relError = c.relError;
    printBench(opt, k, sizes, dev, copies, runOurs, oursMs, refMs, refName, record);
    report.add(std::move(record));
  }
  if (c.nonfiniteMismatch)
    std::printf("  %lld output(s) differ in NaN/Inf from the reference (first at index %lld)\n",
                static_cast<long long>(c.nonfiniteMismatch), static_cast<long long>(c.firstBad));
  return ok;
}


/// Whether there is no GPU to run on (then says so).
bool noGpu() {
  std::string reason;
  if (rt::deviceCount(&reason) > 0)
    return false;
  std::printf("mini-run: no GPU, nothing run (%s)\n", reason.c_str());
  return true;
}

/// The run's random generator (seeded by --seed or at random), after a line
/// saying where it runs, and the header of the result lines (`what` names
/// the first column).
std::mt19937_64 startRun(const Options &opt, const rt::Bundle &bundle, const rt::Device &device,
                         const char *what) {
  uint64_t seed = opt.seedGiven ? opt.seed : std::random_device{}();
  std::printf("device: %s (%s), bundle: %s (%s), seed %llu\n", device.name().c_str(),
              device.chip().c_str(), opt.bundle.c_str(), bundle.chip.c_str(),
              static_cast<unsigned long long>(seed));
  std::printf("%-22s %-9s %-5s %-40s %-20s %9s %9s %7s %9s %9s  %s\n", what,
              *what == 'k' ? "op" : "result", "dtype", "sizes", "reference", "rel_err", "vs_f64",
              "tol", "ours_ms", "ref_ms", "result");
  return std::mt19937_64(seed);
}

/// mini-run --function: plan first (usage errors on any machine), then run.
int runFunctionMain(const Options &opt, const rt::Bundle &bundle) {
  const rt::FunctionSpec &f = bundle.function(opt.function);
  rt::FunctionPlan plan = f.plan(bundle, opt.sizes);
  if (noGpu())
    return 77;
  rt::Device device(0);
  rt::LoadedBundle loaded(bundle, device);
  std::mt19937_64 rng = startRun(opt, bundle, device, "function");
  run::FunctionRunOptions fo;
  fo.warmup = opt.warmup;
  fo.iters = opt.iters;
  fo.launches = opt.launches;
  fo.cpuCheck = opt.cpuCheck;
  fo.nonfinite = opt.nonfinite;
  fo.bench = opt.bench;
  fo.matmulRef = matmulVariant(opt.matmulRef);
  return run::runFunction(fo, loaded, device, f, plan, rng) ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
  Options opt = parseArgs(argc, argv);
  rt::setWaitLimit(opt.timeout);
  try {
    rt::Bundle bundle = rt::Bundle::load(opt.bundle);
    // Select kernels and resolve their sizes before touching the GPU, so that
    // usage errors are reported on any machine.
    std::vector<std::pair<const rt::KernelSpec *, rt::Sizes>> work;
    if (!opt.kernel.empty() + !opt.op.empty() + !opt.function.empty() > 1)
      usage("give one of --kernel, --op and --function");
    if (!opt.function.empty()) {
      if (!opt.json.empty())
        usage("--json records kernels; --function prints its times (use --bench)");
      return runFunctionMain(opt, bundle);
    }
    if (!opt.kernel.empty()) {
      const rt::KernelSpec &k = bundle.kernel(opt.kernel);
      work.emplace_back(&k, k.resolveSizes(opt.sizes));
    } else {
      for (const rt::KernelSpec &k : bundle.kernels)
        // Size variants, tail and decode kernels run through their kernel.
        if (!bundle.isSizeVariant(k.entry) && !bundle.isCompanionKernel(k.entry) &&
            (opt.op.empty() || k.op == opt.op))
          work.emplace_back(&k, k.resolveSizes(opt.sizes));
      if (work.empty())
        throw rt::Error("the bundle has no " + opt.op + " kernel");
    }
    if (noGpu())
      return 77; // the conventional "skipped" status for test drivers
    rt::Device device(0);
    rt::LoadedBundle loaded(bundle, device);
    loaded.forceSplitKeys(opt.splitKeys);
    std::mt19937_64 rng = startRun(opt, bundle, device, "kernel");
    bool all = true;
    run::BenchReport report(opt.json, opt.group);
    for (size_t i = 0; i < work.size(); ++i) {
      const auto &[k, sizes] = work[i];
      if (work.size() > 1 && opt.bench) // long runs: where it is
        std::fprintf(stderr, "mini-run: case %zu of %zu: %s\n", i + 1, work.size(), k->entry.c_str());
      all = runKernel(opt, loaded, device, *k, sizes, rng, report) && all;
    }
    if (report.enabled())
      report.write(device);
    return all ? 0 : 1;
  } catch (const rt::Error &e) {
    std::fprintf(stderr, "mini-run: error: %s\n", e.what());
    return 2;
  }
}
