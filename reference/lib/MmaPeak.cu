// The mma.sync ceiling: warps issuing only independent mma.sync m16n8k16 on
// registers (no memory traffic), to show how close a matmul built on mma.sync
// is to what the instruction itself can do on this device.
#include "mini/reference/Reference.h"

#include <cuda_runtime.h>

namespace mini::ref {
namespace {
constexpr int kChains = 8; // independent accumulators per warp

template <bool BF16>
__global__ void __launch_bounds__(256) mmaPeakKernel(float *sink, int iters) {
  unsigned a[4], b[2];
  for (int i = 0; i < 4; ++i)
    a[i] = 0x3c003c00u ^ (threadIdx.x * 0x00010001u * (i + 1)); // finite, nonzero
  b[0] = a[1] ^ 0x00400040u;
  b[1] = a[2] ^ 0x00200020u;
  float acc[kChains][4] = {};
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < kChains; ++j) {
      if constexpr (BF16)
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, "
                     "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(acc[j][0]), "+f"(acc[j][1]), "+f"(acc[j][2]), "+f"(acc[j][3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
      else
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
                     "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(acc[j][0]), "+f"(acc[j][1]), "+f"(acc[j][2]), "+f"(acc[j][3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
  }
  float s = 0;
  for (int j = 0; j < kChains; ++j)
    s += acc[j][0] + acc[j][1] + acc[j][2] + acc[j][3];
  if (s == 1234.5f) // practically never: keeps the chains live
    *sink = s;
}
} // namespace

double mmaSyncPeakFlops(DType in, float *sink, int iters, int blocksPerSm) {
  int device = 0, sms = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  int blocks = sms * blocksPerSm; // 8 warps each
  if (in == DType::BF16)
    mmaPeakKernel<true><<<blocks, 256>>>(sink, iters);
  else
    mmaPeakKernel<false><<<blocks, 256>>>(sink, iters);
  checkLaunch("mma.sync peak probe");
  return double(blocks) * 8 * iters * kChains * (2.0 * 16 * 8 * 16);
}

} // namespace mini::ref
