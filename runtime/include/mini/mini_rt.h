/* The run side's C API (libmini_rt.so): open a kernel bundle, look up its
 * kernels and their tensors, launch one on device pointers and a stream.
 * For bindings that cannot use C++ (python/minirt loads it with ctypes).
 *
 * Errors: a function that can fail returns MINI_OK (0) or MINI_ERROR (-1) (or
 * -1 for an index) and leaves a message, for the calling thread, that
 * mini_last_error() returns until the next failing call.
 *
 * Opening a bundle and asking about its kernels needs no GPU. mini_bundle_load
 * (or the first launch) loads the cubins into the primary context of a
 * device, the context the CUDA runtime API (and PyTorch) use too.
 *
 * Kernels are numbered 0 .. mini_bundle_num_kernels() - 1: the bundle's
 * launchable kernels, in manifest order. Size variants, split-tail and decode
 * kernels are not among them; a launch runs them where their kernel's plan
 * says so. */
#ifndef MINI_RT_H
#define MINI_RT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define MINI_RT_EXPORT __attribute__((visibility("default")))
#else
#define MINI_RT_EXPORT
#endif

#define MINI_RT_API_VERSION 1
#define MINI_OK 0
#define MINI_ERROR (-1)

typedef struct mini_bundle mini_bundle;

/* Element types, as mini_kernel_tensor_dtype returns them. */
enum { MINI_F16 = 0, MINI_BF16 = 1, MINI_F32 = 2 };

MINI_RT_EXPORT int mini_api_version(void);
/* The calling thread's last error message ("" if none). */
MINI_RT_EXPORT const char *mini_last_error(void);

/* Reads and validates DIR/manifest.json (no GPU). */
MINI_RT_EXPORT int mini_bundle_open(const char *dir, mini_bundle **out);
/* Unloads the bundle's modules and frees it; NULL is allowed. Launches still
 * running must have finished. */
MINI_RT_EXPORT void mini_bundle_close(mini_bundle *bundle);
/* The chip it was built for, e.g. "sm_90a". */
MINI_RT_EXPORT const char *mini_bundle_chip(const mini_bundle *bundle);
/* Loads the cubins on device `ordinal` (checks the chip, each kernel's
 * parameters and shared memory). Once per bundle; a second call for the same
 * device does nothing, for another device fails. */
MINI_RT_EXPORT int mini_bundle_load(mini_bundle *bundle, int ordinal);
/* The device the bundle is loaded on, or -1. */
MINI_RT_EXPORT int mini_bundle_device(const mini_bundle *bundle);

MINI_RT_EXPORT int mini_bundle_num_kernels(const mini_bundle *bundle);
/* Kernel `kernel`'s entry name, or NULL when out of range. */
MINI_RT_EXPORT const char *mini_kernel_name(const mini_bundle *bundle, int kernel);
/* The index of the kernel named `name`, or -1 (the error lists the names). */
MINI_RT_EXPORT int mini_bundle_find_kernel(const mini_bundle *bundle, const char *name);

/* About kernel `kernel` (no GPU). Out-of-range indices give NULL or -1. */
MINI_RT_EXPORT const char *mini_kernel_op(const mini_bundle *bundle, int kernel);
MINI_RT_EXPORT int mini_kernel_num_tensors(const mini_bundle *bundle, int kernel);
MINI_RT_EXPORT const char *mini_kernel_tensor_name(const mini_bundle *bundle, int kernel, int tensor);
MINI_RT_EXPORT int mini_kernel_tensor_dtype(const mini_bundle *bundle, int kernel, int tensor);
MINI_RT_EXPORT int mini_kernel_tensor_is_output(const mini_bundle *bundle, int kernel, int tensor);
MINI_RT_EXPORT int mini_kernel_tensor_rank(const mini_bundle *bundle, int kernel, int tensor);
/* The size name of dim `dim` of the tensor (e.g. "M"). */
MINI_RT_EXPORT const char *mini_kernel_tensor_dim(const mini_bundle *bundle, int kernel, int tensor, int dim);
MINI_RT_EXPORT int mini_kernel_num_sizes(const mini_bundle *bundle, int kernel);
MINI_RT_EXPORT const char *mini_kernel_size_name(const mini_bundle *bundle, int kernel, int size);
/* The size's compiled value, or -1 when it is given at launch (-2: bad index). */
MINI_RT_EXPORT int64_t mini_kernel_static_size(const mini_bundle *bundle, int kernel, int size);
/* A numeric attribute of the op (e.g. "scale", "causal", "epsilon"), or `fallback`. */
MINI_RT_EXPORT double mini_kernel_attr(const mini_bundle *bundle, int kernel, const char *name, double fallback);

/* Checks `num_sizes` named sizes against the kernel (every size given, static
 * ones equal, the op's own limits) without a GPU. */
MINI_RT_EXPORT int mini_kernel_check_sizes(const mini_bundle *bundle, int kernel, int num_sizes,
                            const char *const *size_names, const int64_t *size_values);

/* Launches kernel `kernel` on `num_tensors` device pointers (the kernel's
 * tensors in order, outputs included; each contiguous, row-major) at the
 * named sizes, on `stream` (a CUstream; NULL: the legacy default stream).
 * Asynchronous. Loads the bundle on the current device first when
 * mini_bundle_load was not called. */
MINI_RT_EXPORT int mini_launch(mini_bundle *bundle, int kernel, int num_tensors, const uint64_t *tensors,
                int num_sizes, const char *const *size_names, const int64_t *size_values,
                void *stream);

/* Functions (the manifest's "functions"): a func.func run as its launches in
 * order, numbered 0 .. mini_bundle_num_functions() - 1. Sizes are the
 * function's dynamic sizes, named as the source named them (mini.size_names
 * on an argument), else arg<i>.<d> (dim d of argument i). */
MINI_RT_EXPORT int mini_bundle_num_functions(const mini_bundle *bundle);
MINI_RT_EXPORT const char *mini_function_name(const mini_bundle *bundle, int function);
/* The function's index, or -1 (with an error naming the functions) when absent. */
MINI_RT_EXPORT int mini_bundle_find_function(const mini_bundle *bundle, const char *name);
MINI_RT_EXPORT int mini_function_num_args(const mini_bundle *bundle, int function);
MINI_RT_EXPORT int mini_function_num_results(const mini_bundle *bundle, int function);

/* Argument (`is_result` 0) or result (`is_result` 1) `tensor` of the
 * function: its dtype (MINI_F16, MINI_BF16, MINI_F32), its rank, and dim
 * `dim`: its static size, or -1 for a dynamic dim with *name (when not
 * NULL) set to the dynamic size it is (its name, or arg<i>.<d>); -2 when out of
 * range. */
MINI_RT_EXPORT int mini_function_tensor_dtype(const mini_bundle *bundle, int function,
                                              int is_result, int tensor);
MINI_RT_EXPORT int mini_function_tensor_rank(const mini_bundle *bundle, int function,
                                             int is_result, int tensor);
MINI_RT_EXPORT int64_t mini_function_tensor_dim(const mini_bundle *bundle, int function,
                                                int is_result, int tensor, int dim,
                                                const char **name);

/* Runs function `function` on `num_args` argument and `num_results` result
 * device pointers (each contiguous, row-major, 16-byte aligned) at the named
 * dynamic sizes, on `stream` (NULL: the legacy default stream).
 * Asynchronous; every binding and size is checked before the first launch.
 * The intermediates live in the bundle, allocated at the first call and
 * reused: calls of one function on two streams must not overlap. Loads the
 * bundle on the current device first when mini_bundle_load was not called. */
MINI_RT_EXPORT int mini_run_function(mini_bundle *bundle, int function, int num_args,
                                     const uint64_t *args, int num_results,
                                     const uint64_t *results, int num_sizes,
                                     const char *const *size_names, const int64_t *size_values,
                                     void *stream);

#ifdef __cplusplus
}
#endif

#endif
