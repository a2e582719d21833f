#include "mini/reference/Cublas.h"
#include "mini/runtime/Error.h"

#include <cublas_api.h>
#include <dlfcn.h>

namespace mini::ref {
namespace {

// Spelled out: cublas_api.h also declares a C++ overload of this name.
using GemmStridedBatchedEx = cublasStatus_t (*)(
    cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void *,
    const void *, cudaDataType, int, long long, const void *, cudaDataType, int, long long,
    const void *, void *, cudaDataType, int, long long, int, cublasComputeType_t, cublasGemmAlgo_t);
using Create = cublasStatus_t (*)(cublasHandle_t *);
using Destroy = cublasStatus_t (*)(cublasHandle_t);

cudaDataType cudaType(rt::DType t) {
  switch (t) {
  case rt::DType::F16: return CUDA_R_16F;
  case rt::DType::BF16: return CUDA_R_16BF;
  case rt::DType::F32: return CUDA_R_32F;
  }
  return CUDA_R_32F;
}

} // namespace

Cublas::Cublas() {
  for (const char *name : {"libcublas.so.13", "libcublas.so.12", "libcublas.so"})
    if ((library_ = dlopen(name, RTLD_NOW | RTLD_LOCAL)))
      break;
  if (!library_)
    throw rt::Error(std::string("cannot load cuBLAS (libcublas.so.13): ") + dlerror());
  auto create = reinterpret_cast<Create>(dlsym(library_, "cublasCreate_v2"));
  gemm_ = dlsym(library_, "cublasGemmStridedBatchedEx");
  destroy_ = dlsym(library_, "cublasDestroy_v2");
  if (!create || !gemm_ || !destroy_)
    throw rt::Error("cuBLAS lacks cublasCreate_v2/cublasGemmStridedBatchedEx/cublasDestroy_v2");
  cublasHandle_t h = nullptr;
  if (cublasStatus_t s = create(&h); s != CUBLAS_STATUS_SUCCESS)
    throw rt::Error("cublasCreate failed with status " + std::to_string(int(s)));
  handle_ = h;
}

Cublas::~Cublas() {
  if (handle_)
    reinterpret_cast<Destroy>(destroy_)(static_cast<cublasHandle_t>(handle_));
  if (library_)
    dlclose(library_);
}

void Cublas::matmul(rt::DType in, rt::DType out, const void *a, const void *b, void *c,
                    int64_t batch, int64_t M, int64_t N, int64_t K, bool tf32) {
  // Row-major C = A B is column-major C^T = B^T A^T: swap the operands.
  float alpha = 1.0f, beta = 0.0f;
  cublasStatus_t s = reinterpret_cast<GemmStridedBatchedEx>(gemm_)(
      static_cast<cublasHandle_t>(handle_), CUBLAS_OP_N, CUBLAS_OP_N, int(N), int(M), int(K),
      &alpha, b, cudaType(in), int(N), K * N, a, cudaType(in), int(K), M * K, &beta, c,
      cudaType(out), int(N), M * N, int(batch),
      tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  if (s != CUBLAS_STATUS_SUCCESS)
    throw rt::Error("cublasGemmStridedBatchedEx failed with status " + std::to_string(int(s)) +
                    " (M=" + std::to_string(M) + ", N=" + std::to_string(N) + ", K=" +
                    std::to_string(K) + ")");
}

} // namespace mini::ref
