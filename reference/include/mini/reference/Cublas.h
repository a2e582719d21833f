// cuBLAS as the matmul peer in benchmarks, loaded with dlopen so that
// programs start where cuBLAS is absent. Row-major, f32 accumulation
// (CUBLAS_COMPUTE_32F), batch-strided, default stream.
#ifndef MINI_REFERENCE_CUBLAS_H
#define MINI_REFERENCE_CUBLAS_H

#include "mini/runtime/Manifest.h"

#include <cstdint>
#include <string>

namespace mini::ref {

class Cublas {
public:
  /// Throws mini::rt::Error when libcublas cannot be loaded or initialized.
  Cublas();
  ~Cublas();
  Cublas(const Cublas &) = delete;
  Cublas &operator=(const Cublas &) = delete;

  /// C[b] = A[b] B[b] (row-major). `tf32`: f32 operands may go through
  /// the tensor cores as TF32 (CUBLAS_COMPUTE_32F_FAST_TF32).
  void matmul(rt::DType in, rt::DType out, const void *a, const void *b, void *c, int64_t batch,
              int64_t M, int64_t N, int64_t K, bool tf32 = false);

private:
  void *library_ = nullptr;
  void *handle_ = nullptr;
  void *gemm_ = nullptr;
  void *destroy_ = nullptr;
};

} // namespace mini::ref

#endif
