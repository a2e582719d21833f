// mini-run --function: a bundle's function run as written (its launches in
// order through the runtime) and checked against the reference kernels
// composed in the same order (RunFunction.cpp).
#ifndef MINI_RUN_RUNFUNCTION_H
#define MINI_RUN_RUNFUNCTION_H

#include "mini/reference/Reference.h"
#include "mini/runtime/Runtime.h"

#include <random>

namespace mini::run {

struct FunctionRunOptions {
  int warmup = 3, iters = 10, launches = 1;
  bool cpuCheck = true, nonfinite = false, bench = false;
  ref::MatmulVariant matmulRef = ref::MatmulVariant::Tiled;
};

/// Runs `f` at `plan` on random arguments and compares each result with the
/// reference chain (and with float64 on the CPU, intermediates rounded to
/// their types, when small); prints a line per result and, with `bench`,
/// the function's time and each launch's. Returns true when all match.
bool runFunction(const FunctionRunOptions &opt, const rt::LoadedBundle &loaded,
                 const rt::Device &device, const rt::FunctionSpec &f, const rt::FunctionPlan &plan,
                 std::mt19937_64 &rng);

} // namespace mini::run

#endif
