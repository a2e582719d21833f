#include "Common.cuh"

#include <mma.h>

namespace mini::ref {
namespace {

template <typename TI, typename TO>
__global__ void matmulNaive(const TI *a, const TI *b, TO *c, int64_t M, int64_t N, int64_t K) {
  int64_t z = blockIdx.z;
  int64_t i = blockIdx.y * int64_t(blockDim.y) + threadIdx.y;
  int64_t j = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (i >= M || j >= N)
    return;
  const TI *az = a + z * M * K, *bz = b + z * K * N;
  float acc = 0;
  for (int64_t k = 0; k < K; ++k)
    acc = fmaf(toF32(az[i * K + k]), toF32(bz[k * N + j]), acc);
  c[(z * M + i) * N + j] = fromF32<TO>(acc);
}

constexpr int kTile = 32;

template <typename TI, typename TO>
__global__ void matmulTiled(const TI *a, const TI *b, TO *c, int64_t M, int64_t N, int64_t K) {
  __shared__ float as[kTile][kTile + 1], bs[kTile][kTile + 1];
  int64_t z = blockIdx.z;
  int ty = threadIdx.y, tx = threadIdx.x;
  int64_t i = blockIdx.y * int64_t(kTile) + ty, j = blockIdx.x * int64_t(kTile) + tx;
  const TI *az = a + z * M * K, *bz = b + z * K * N;
  float acc = 0;
  for (int64_t k0 = 0; k0 < K; k0 += kTile) {
    as[ty][tx] = (i < M && k0 + tx < K) ? toF32(az[i * K + k0 + tx]) : 0.f;
    bs[ty][tx] = (k0 + ty < K && j < N) ? toF32(bz[(k0 + ty) * N + j]) : 0.f;
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < kTile; ++kk)
      acc = fmaf(as[ty][kk], bs[kk][tx], acc);
    __syncthreads();
  }
  if (i < M && j < N)
    c[(z * M + i) * N + j] = fromF32<TO>(acc);
}

// Tensor-core kernels: a 64x64 C tile per block of 4 warps, each warp 32x32
// (2x2 WMMA 16x16x16 fragments); K steps of 32 staged in shared memory.
constexpr int kBM = 64, kBN = 64, kBK = 32;
constexpr int kPadA = 8, kPadB = 8; // keeps 16-byte alignment, spreads banks

template <typename TI>
__device__ void loadTileScalar(TI (*as)[kBK + kPadA], TI (*bs)[kBN + kPadB], const TI *az,
                               const TI *bz, int64_t row0, int64_t col0, int64_t k0, int64_t M,
                               int64_t N, int64_t K) {
  for (int e = threadIdx.x; e < kBM * kBK; e += blockDim.x) {
    int r = e / kBK, cc = e % kBK;
    int64_t gr = row0 + r, gc = k0 + cc;
    as[r][cc] = (gr < M && gc < K) ? az[gr * K + gc] : fromF32<TI>(0.f);
  }
  for (int e = threadIdx.x; e < kBK * kBN; e += blockDim.x) {
    int r = e / kBN, cc = e % kBN;
    int64_t gr = k0 + r, gc = col0 + cc;
    bs[r][cc] = (gr < K && gc < N) ? bz[gr * N + gc] : fromF32<TI>(0.f);
  }
}

/// 16-byte cp.async of a kRows x kCols tile of a row-major matrix (leading
/// dimension ld, rowLimit x colLimit) starting at (row0, col0); chunks that
/// are partly outside the matrix or misaligned are copied element by element
/// (zero-filled).
template <int kRows, int kCols, int kLd, typename TI>
__device__ void copyTileAsync(TI (*dst)[kLd], const TI *src, int64_t row0, int64_t col0,
                              int64_t rowLimit, int64_t colLimit, int64_t ld) {
  constexpr int kVec = 8; // 8 x 16-bit = 16 bytes
  for (int e = threadIdx.x; e < kRows * kCols / kVec; e += blockDim.x) {
    int r = e / (kCols / kVec), cc = (e % (kCols / kVec)) * kVec;
    int64_t gr = row0 + r, gc = col0 + cc;
    const TI *from = src + gr * ld + gc;
    if (gr < rowLimit && gc + kVec <= colLimit && (reinterpret_cast<uintptr_t>(from) % 16) == 0) {
      unsigned to = static_cast<unsigned>(__cvta_generic_to_shared(&dst[r][cc]));
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(to), "l"(from));
    } else {
      for (int v = 0; v < kVec; ++v)
        dst[r][cc + v] = (gr < rowLimit && gc + v < colLimit) ? src[gr * ld + gc + v]
                                                              : fromF32<TI>(0.f);
    }
  }
}

/// The A and B tiles at depth k0 by cp.async, committed as one group.
template <typename TI>
__device__ void loadTileAsync(TI (*as)[kBK + kPadA], TI (*bs)[kBN + kPadB], const TI *az,
                              const TI *bz, int64_t row0, int64_t col0, int64_t k0, int64_t M,
                              int64_t N, int64_t K) {
  copyTileAsync<kBM, kBK>(as, az, row0, k0, M, K, K);
  copyTileAsync<kBK, kBN>(bs, bz, k0, col0, K, N, N);
  asm volatile("cp.async.commit_group;\n" ::);
}

template <typename TI, typename TO, bool kPipelined>
__global__ void __launch_bounds__(128) matmulWmma(const TI *a, const TI *b, TO *c, int64_t M,
                                                  int64_t N, int64_t K) {
  using namespace nvcuda;
  constexpr int kStages = kPipelined ? 2 : 1;
  __shared__ __align__(128) TI as[kStages][kBM][kBK + kPadA];
  __shared__ __align__(128) TI bs[kStages][kBK][kBN + kPadB];
  __shared__ __align__(128) float cs[4][16][16];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int wm = warp / 2, wn = warp % 2;
  int64_t z = blockIdx.z;
  int64_t row0 = blockIdx.y * int64_t(kBM), col0 = blockIdx.x * int64_t(kBN);
  const TI *az = a + z * M * K, *bz = b + z * K * N;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);

  int64_t steps = (K + kBK - 1) / kBK;
  if (kPipelined && steps > 0)
    loadTileAsync(as[0], bs[0], az, bz, row0, col0, 0, M, N, K);
  for (int64_t s = 0; s < steps; ++s) {
    int stage = kPipelined ? int(s % 2) : 0;
    if (kPipelined) {
      if (s + 1 < steps) {
        loadTileAsync(as[(s + 1) % 2], bs[(s + 1) % 2], az, bz, row0, col0, (s + 1) * kBK, M, N, K);
        asm volatile("cp.async.wait_group 1;\n" ::);
      } else {
        asm volatile("cp.async.wait_group 0;\n" ::);
      }
    } else {
      loadTileScalar(as[0], bs[0], az, bz, row0, col0, s * kBK, M, N, K);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < kBK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, TI, wmma::row_major> fa[2];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, TI, wmma::row_major> fb[2];
      for (int i = 0; i < 2; ++i)
        wmma::load_matrix_sync(fa[i], &as[stage][wm * 32 + i * 16][kk], kBK + kPadA);
      for (int j = 0; j < 2; ++j)
        wmma::load_matrix_sync(fb[j], &bs[stage][kk][wn * 32 + j * 16], kBN + kPadB);
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
          wmma::mma_sync(acc[i][j], fa[i], fb[j], acc[i][j]);
    }
    __syncthreads();
  }
  // Through shared memory, so edges are masked element by element.
  TO *cz = c + z * M * N;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) {
      wmma::store_matrix_sync(&cs[warp][0][0], acc[i][j], 16, wmma::mem_row_major);
      __syncwarp();
      for (int e = lane; e < 256; e += 32) {
        int64_t r = row0 + wm * 32 + i * 16 + e / 16, cc = col0 + wn * 32 + j * 16 + e % 16;
        if (r < M && cc < N)
          cz[r * N + cc] = fromF32<TO>(cs[warp][e / 16][e % 16]);
      }
      __syncwarp();
    }
}

template <typename TI, typename TO>
void launchMatmul(MatmulVariant v, const void *a, const void *b, void *c, int64_t batch,
                  int64_t M, int64_t N, int64_t K) {
  auto A = static_cast<const TI *>(a);
  auto B = static_cast<const TI *>(b);
  auto C = static_cast<TO *>(c);
  if (batch > 65535)
    throw rt::Error("reference matmul: batch " + std::to_string(batch) + " > 65535");
  switch (v) {
  case MatmulVariant::Naive: {
    dim3 block(16, 16), grid(gridDim1((N + 15) / 16, "matmul"), gridDim1((M + 15) / 16, "matmul"), batch);
    matmulNaive<TI, TO><<<grid, block>>>(A, B, C, M, N, K);
    break;
  }
  case MatmulVariant::Tiled: {
    dim3 block(kTile, kTile), grid(gridDim1((N + kTile - 1) / kTile, "matmul"),
                                   gridDim1((M + kTile - 1) / kTile, "matmul"), batch);
    matmulTiled<TI, TO><<<grid, block>>>(A, B, C, M, N, K);
    break;
  }
  case MatmulVariant::Wmma:
  case MatmulVariant::Pipelined: {
    if constexpr (std::is_same_v<TI, float>) {
      throw rt::Error(std::string("reference matmul ") + name(v) + " needs f16 or bf16 operands");
    } else {
      dim3 block(128), grid(gridDim1((N + kBN - 1) / kBN, "matmul"),
                            gridDim1((M + kBM - 1) / kBM, "matmul"), batch);
      if (v == MatmulVariant::Wmma)
        matmulWmma<TI, TO, false><<<grid, block>>>(A, B, C, M, N, K);
      else
        matmulWmma<TI, TO, true><<<grid, block>>>(A, B, C, M, N, K);
    }
    break;
  }
  }
  checkLaunch(std::string("reference matmul ") + name(v));
}

} // namespace

const char *name(MatmulVariant v) {
  switch (v) {
  case MatmulVariant::Naive: return "naive";
  case MatmulVariant::Tiled: return "tiled";
  case MatmulVariant::Wmma: return "wmma";
  case MatmulVariant::Pipelined: return "wmma-cp.async";
  }
  return "?";
}

bool supports(MatmulVariant v, DType in) {
  return v == MatmulVariant::Naive || v == MatmulVariant::Tiled || in != DType::F32;
}

void matmul(MatmulVariant v, DType in, DType out, const void *a, const void *b, void *c,
            int64_t batch, int64_t M, int64_t N, int64_t K) {
  dispatch(in, [&](auto ti) {
    dispatch(out, [&](auto to) {
      launchMatmul<decltype(ti), decltype(to)>(v, a, b, c, batch, M, N, K);
    });
  });
}

void checkLaunch(const std::string &what, bool sync) {
  cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess && sync)
    e = cudaDeviceSynchronize();
  if (e != cudaSuccess)
    throw rt::Error(what + " failed: " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")");
}

} // namespace mini::ref
