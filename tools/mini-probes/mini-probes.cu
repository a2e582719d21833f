// The ceilings a matmul on mma.sync runs into, measured on this device:
//   - mma.sync m16n8k16 throughput (f16 and bf16, f32 accumulators) with
//     registers only, at 1, 2 and 4 blocks of 8 warps per SM;
//   - L2 -> SM read bandwidth: every SM streams a buffer that fits in L2,
//     16-byte loads;
//   - DRAM read bandwidth: the same over a buffer far larger than L2.
// Each is the best of 10 launches after warm-up (CUDA events). Exit 77
// without a GPU.
#include "mini/reference/Reference.h"
#include "mini/runtime/Error.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <functional>

namespace {

__global__ void readKernel(const int4 *src, size_t n, size_t passes, int *sink) {
  int4 acc = {0, 0, 0, 0};
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t p = 0; p < passes; ++p) {
    size_t shift = (p * 65599) % n; // each pass starts elsewhere
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += stride) {
      size_t j = i + shift;
      int4 v = __ldcg(src + (j >= n ? j - n : j)); // through L2, not L1
      acc.x ^= v.x; acc.y ^= v.y; acc.z ^= v.z; acc.w ^= v.w;
    }
  }
  if ((acc.x ^ acc.y ^ acc.z ^ acc.w) == 0x12345678)
    *sink = acc.x;
}

double bestMs(const std::function<void()> &launch) {
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  for (int i = 0; i < 3; ++i)
    launch();
  float best = 1e30f;
  for (int i = 0; i < 10; ++i) {
    cudaEventRecord(e0);
    launch();
    cudaEventRecord(e1);
    cudaEventSynchronize(e1);
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    best = std::min(best, ms);
  }
  mini::ref::checkLaunch("probe", /*sync=*/true);
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  return best;
}

double readBandwidth(size_t bytes, size_t passes, int sms) {
  int4 *buf = nullptr;
  int *sink = nullptr;
  if (cudaMalloc(&buf, bytes) != cudaSuccess || cudaMalloc(&sink, sizeof(int)) != cudaSuccess)
    throw mini::rt::Error("cudaMalloc of " + std::to_string(bytes) + " bytes failed");
  cudaMemset(buf, 1, bytes);
  size_t n = bytes / sizeof(int4);
  double ms = bestMs([&] { readKernel<<<sms * 8, 256>>>(buf, n, passes, sink); });
  cudaFree(buf);
  cudaFree(sink);
  return double(bytes) * passes / ms * 1e-6; // GB/s
}

} // namespace

int main() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::printf("mini-probes: skipped: no CUDA device\n");
    return 77;
  }
  try {
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    int sms = prop.multiProcessorCount;
    std::printf("device: %s, %d SMs, L2 %d MB\n", prop.name, sms, prop.l2CacheSize >> 20);
    float *sink = nullptr;
    cudaMalloc(&sink, sizeof(float));
    for (auto in : {mini::rt::DType::F16, mini::rt::DType::BF16})
      for (int blocksPerSm : {4, 2, 1}) {
        double flops = 0;
        double ms = bestMs([&] { flops = mini::ref::mmaSyncPeakFlops(in, sink, 4096, blocksPerSm); });
        std::printf("mma.sync m16n8k16 %-4s f32 acc, %2d warps/SM: %7.1f TFLOP/s\n",
                    in == mini::rt::DType::F16 ? "f16" : "bf16", 8 * blocksPerSm, flops / ms * 1e-9);
      }
    cudaFree(sink);
    std::printf("L2 -> SM reads (16 MB buffer, 64 passes):   %7.0f GB/s\n",
                readBandwidth(16u << 20, 64, sms));
    std::printf("DRAM reads (2 GB buffer, 2 passes):         %7.0f GB/s\n",
                readBandwidth(size_t(2) << 30, 2, sms));
  } catch (const mini::rt::Error &e) {
    std::fprintf(stderr, "mini-probes: %s\n", e.what());
    return 2;
  }
  return 0;
}
