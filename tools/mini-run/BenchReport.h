// mini-run --json: the benchmark records of a run, written as one
// "mini-bench/1" file (docs/BENCH-JSON.md) for scripts/report.py.
#ifndef MINI_RUN_BENCHREPORT_H
#define MINI_RUN_BENCHREPORT_H

#include "mini/runtime/Runtime.h"

#include <string>
#include <utility>
#include <vector>

namespace mini::run {

/// One kernel at one set of sizes, as --bench measured it.
struct BenchRecord {
  const rt::KernelSpec *kernel = nullptr;
  rt::Sizes sizes;
  double oursMs = 0;
  std::vector<std::pair<std::string, double>> peersMs; // e.g. {"cuBLAS", 0.19}
  double flops = 0;                                     // 0: a memory-bound op
  double bytes = 0;                                     // each input read once, outputs written once
  // The roofline's ceiling: "copy" (GB/s, the D2D copy) or "mma" (TFLOP/s).
  std::string ceiling, ceilingSource;
  double ceilingValue = 0;
  bool pass = false;
  double relError = 0;
};

class BenchReport {
public:
  BenchReport(std::string path, std::string group) : path_(std::move(path)), group_(std::move(group)) {}
  bool enabled() const { return !path_.empty(); }
  void add(BenchRecord record) { records_.push_back(std::move(record)); }
  /// Writes the file (device, clocks, git commit, records). Throws rt::Error.
  void write(const rt::Device &device) const;

private:
  std::string path_, group_;
  std::vector<BenchRecord> records_;
};

} // namespace mini::run

#endif
