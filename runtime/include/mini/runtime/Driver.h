// The CUDA driver API, loaded at run time with dlopen so that programs start
// (and GPU tests can skip) on machines without a driver.
#ifndef MINI_RUNTIME_DRIVER_H
#define MINI_RUNTIME_DRIVER_H

#include <cuda.h>

#include <string>

namespace mini::rt {

// clang-format off
#define MINI_CUDA_DRIVER_FUNCTIONS(X)                                          \
  X(cuInit) X(cuDriverGetVersion) X(cuDeviceGetCount) X(cuDeviceGet)           \
  X(cuDeviceGetName) X(cuDeviceGetAttribute) X(cuDevicePrimaryCtxRetain)       \
  X(cuDevicePrimaryCtxRelease) X(cuCtxSetCurrent) X(cuCtxSynchronize)          \
  X(cuCtxGetDevice)                                                            \
  X(cuModuleLoadData) X(cuModuleUnload) X(cuModuleGetFunction)                 \
  X(cuFuncGetAttribute) X(cuFuncSetAttribute) X(cuLaunchKernel) X(cuMemAlloc)  \
  X(cuMemFree) X(cuMemcpyHtoD) X(cuMemcpyDtoH) X(cuMemcpyDtoD) X(cuMemsetD8)   \
  X(cuMemcpyHtoDAsync) X(cuMemsetD8Async) X(cuStreamCreate) X(cuStreamDestroy)  \
  X(cuStreamSynchronize) X(cuMemcpy2DAsync)                                   \
  X(cuEventCreate) X(cuEventDestroy) X(cuEventRecord) X(cuEventSynchronize)    \
  X(cuEventQuery)                                                              \
  X(cuEventElapsedTime) X(cuGetErrorName) X(cuGetErrorString)                 \
  X(cuTensorMapEncodeTiled) X(cuOccupancyMaxActiveClusters)
// clang-format on

struct DriverApi {
#define MINI_DECLARE_FN(name) decltype(&::name) name = nullptr;
  MINI_CUDA_DRIVER_FUNCTIONS(MINI_DECLARE_FN)
#undef MINI_DECLARE_FN
};

/// The loaded driver, initialized (cuInit). Throws Error when libcuda.so.1 is
/// missing, lacks a function, or cuInit fails.
const DriverApi &driver();

/// Throws Error("<call> failed[ for <context>]: <NAME> (<description>)") unless
/// `result` is CUDA_SUCCESS.
void check(CUresult result, const char *call, const std::string &context = "");

/// "CUDA_ERROR_X (description)" for any result code.
std::string describe(CUresult result);

} // namespace mini::rt

#endif
