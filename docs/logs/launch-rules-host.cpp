// Session 32: the host cost of LoadedBundle::launch's launch rules (Bundle::forSizes, gridDims,
// planSplitTail) on the suite bundle, no GPU needed:
//   g++ -O2 -std=c++17 -Iruntime/include docs/logs/launch-rules-host.cpp build/runtime/libmini_runtime.a -o /tmp/lb
//   /tmp/lb build/bundles/suite
#include "mini/runtime/Manifest.h"
#include <chrono>
#include <cstdio>
using namespace mini::rt;
int main(int argc, char **argv) {
  Bundle b = Bundle::load(argv[1]);
  const char *names[] = {"mm_f16_to_f16_matmul", "epi_f16_matmul", "mm_f16_weights_matmul"};
  for (const char *name : names) {
    const KernelSpec &k = b.kernel(name);
    for (int64_t m : {1, 16, 64, 4096}) {
      Sizes sizes = {{"batch", 1}, {"M", m}, {"N", std::string(name).find("weights") != std::string::npos ? 1000 : 4096}, {"K", 4096}};
      const int n = 20000;
      int64_t sink = 0;
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < n; ++i)
        sink += b.forSizes(k, sizes).block[0];
      auto tA = std::chrono::steady_clock::now();
      const KernelSpec &v = b.forSizes(k, sizes);
      for (int i = 0; i < n; ++i)
        sink += v.gridDims(sizes)[0];
      auto tB = std::chrono::steady_clock::now();
      for (int i = 0; i < n; ++i)
        if (v.splitTail.maxSplits > 1)
          sink += v.planSplitTail(sizes, 132).blocks;
      auto t1 = std::chrono::steady_clock::now();
      std::printf("  forSizes %.2f gridDims %.2f tail %.2f\n", std::chrono::duration<double, std::micro>(tA - t0).count() / n,
                  std::chrono::duration<double, std::micro>(tB - tA).count() / n, std::chrono::duration<double, std::micro>(t1 - tB).count() / n);
      std::printf("%-24s M=%-5lld %s: %.2f us a launch (%lld)\n", name, (long long)m, b.forSizes(k, sizes).entry.c_str(),
                  std::chrono::duration<double, std::micro>(t1 - t0).count() / n, (long long)(sink % 7));
    }
  }
}
