// The references mini-run checks a kernel against (References.cpp): the
// reference kernel of its op on the GPU, and float64 on the CPU.
#ifndef MINI_RUN_REFERENCES_H
#define MINI_RUN_REFERENCES_H

#include "mini/reference/Reference.h"
#include "mini/runtime/Manifest.h"
#include "mini/runtime/Runtime.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace mini::run {

/// Whether `k` is a SwiGLU pair's matmul (tensor 2 is "up"): its program
/// takes both products, A x b and A x up.
bool isProductPair(const rt::KernelSpec &k);

/// The reference kernel of `k`'s op on the same inputs (`ptrs`, the
/// kernel's tensor order), writing `refOut`: its name and a launch, which
/// reads `ptrs` when it runs (keep the vector alive).
std::pair<std::string, std::function<void()>>
referenceFor(ref::MatmulVariant matmulRef, const rt::KernelSpec &k, const rt::Sizes &sizes,
             const std::vector<CUdeviceptr> &ptrs, CUdeviceptr refOut);

/// `k`'s output in float64 on the CPU from its inputs `in` (the kernel's
/// tensor order, the output left out).
/// `k`'s outputs in float64 on the CPU, in tensor order, from its inputs
/// `in` (in tensor order).
std::vector<std::vector<double>> cpuTruth(const rt::KernelSpec &k, const rt::Sizes &sizes,
                                          std::vector<std::vector<double>> in);

/// A measure of the CPU's work for `k` at `sizes` (mini-run checks on the
/// CPU below a limit).
double cpuWork(const rt::KernelSpec &k, const rt::Sizes &sizes);

} // namespace mini::run

#endif
