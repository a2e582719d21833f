// The C API (mini/mini_rt.h) over the C++ runtime: errors become return codes
// and a thread-local message.
#include "mini/mini_rt.h"
#include "mini/runtime/Error.h"
#include "mini/runtime/Runtime.h"

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace mini::rt;

struct mini_bundle {
  Bundle bundle;
  std::vector<const KernelSpec *> kernels; // the launchable ones
  std::unique_ptr<Device> device;
  int ordinal = -1;
  std::unique_ptr<LoadedBundle> loaded;
  // The loaded bundle's caches (tensor maps, workspaces) are not thread-safe.
  std::mutex mutex;
};

namespace {

thread_local std::string lastError;

/// Runs `body`; an exception becomes MINI_ERROR and the thread's message.
template <typename Body> int guarded(Body body) {
  try {
    body();
    return MINI_OK;
  } catch (const std::exception &e) {
    lastError = e.what();
  } catch (...) {
    lastError = "unknown error";
  }
  return MINI_ERROR;
}

const KernelSpec *kernelAt(const mini_bundle *b, int kernel) {
  if (!b || kernel < 0 || kernel >= static_cast<int>(b->kernels.size()))
    return nullptr;
  return b->kernels[kernel];
}

const TensorSpec *tensorAt(const mini_bundle *b, int kernel, int tensor) {
  const KernelSpec *k = kernelAt(b, kernel);
  if (!k || tensor < 0 || tensor >= static_cast<int>(k->tensors.size()))
    return nullptr;
  return &k->tensors[tensor];
}

const FunctionSpec *functionAt(const mini_bundle *b, int function) {
  if (!b || function < 0 || function >= static_cast<int>(b->bundle.functions.size()))
    return nullptr;
  return &b->bundle.functions[function];
}

/// The C API's code of a dtype (MINI_F16, MINI_BF16, MINI_F32).
int dtypeCode(DType d) {
  switch (d) {
  case DType::F16: return MINI_F16;
  case DType::BF16: return MINI_BF16;
  case DType::F32: return MINI_F32;
  }
  return -1;
}

const FunctionTensor *functionTensorAt(const mini_bundle *b, int function, int isResult,
                                       int tensor) {
  const FunctionSpec *f = functionAt(b, function);
  if (!f)
    return nullptr;
  const std::vector<FunctionTensor> &list = isResult ? f->results : f->args;
  if (tensor < 0 || tensor >= static_cast<int>(list.size()))
    return nullptr;
  return &list[tensor];
}

const KernelSpec &checkedKernel(const mini_bundle *b, int kernel) {
  if (!b)
    throw Error("the bundle is null");
  const KernelSpec *k = kernelAt(b, kernel);
  if (!k)
    throw Error("kernel index " + std::to_string(kernel) + " is out of range (the bundle has " +
                std::to_string(b->kernels.size()) + " kernels)");
  return *k;
}

/// The named sizes, checked and completed by the kernel (static ones filled).
Sizes resolve(const KernelSpec &k, int num, const char *const *names, const int64_t *values) {
  if (num < 0 || (num > 0 && (!names || !values)))
    throw Error("kernel '" + k.entry + "': sizes must be given as two arrays of " +
                std::to_string(num) + " names and values");
  Sizes given;
  for (int i = 0; i < num; ++i) {
    if (!names[i])
      throw Error("kernel '" + k.entry + "': size name #" + std::to_string(i) + " is null");
    given[names[i]] = values[i];
  }
  return k.resolveSizes(given);
}

void load(mini_bundle *b, int ordinal) {
  if (b->loaded) {
    if (b->ordinal != ordinal)
      throw Error("the bundle is loaded on device " + std::to_string(b->ordinal) +
                  "; open it again for device " + std::to_string(ordinal));
    return;
  }
  std::string reason;
  int count = deviceCount(&reason);
  if (count == 0)
    throw Error("no CUDA device: " + reason);
  if (ordinal < 0 || ordinal >= count)
    throw Error("device " + std::to_string(ordinal) + " does not exist (" +
                std::to_string(count) + " device(s))");
  auto device = std::make_unique<Device>(ordinal);
  b->loaded = std::make_unique<LoadedBundle>(b->bundle, *device);
  b->device = std::move(device);
  b->ordinal = ordinal;
}

/// Runs `fn` on the bundle loaded (on the current device when
/// mini_bundle_load was not called), under the bundle's lock: the loaded
/// bundle's caches are not thread-safe.
void withLoaded(mini_bundle *bundle, const std::function<void(const LoadedBundle &)> &fn) {
  std::lock_guard<std::mutex> lock(bundle->mutex);
  if (!bundle->loaded) {
    CUdevice current = 0;
    int ordinal = driver().cuCtxGetDevice(&current) == CUDA_SUCCESS ? current : 0;
    load(bundle, ordinal);
  }
  bundle->device->makeCurrent();
  fn(*bundle->loaded);
}

} // namespace

extern "C" {

int mini_api_version(void) { return MINI_RT_API_VERSION; }

const char *mini_last_error(void) { return lastError.c_str(); }

int mini_bundle_open(const char *dir, mini_bundle **out) {
  return guarded([&] {
    if (!out)
      throw Error("mini_bundle_open: the output pointer is null");
    *out = nullptr;
    if (!dir)
      throw Error("mini_bundle_open: the bundle directory is null");
    auto b = std::make_unique<mini_bundle>();
    b->bundle = Bundle::load(dir);
    for (const KernelSpec &k : b->bundle.kernels)
      if (!b->bundle.isSizeVariant(k.entry) && !b->bundle.isCompanionKernel(k.entry))
        b->kernels.push_back(&k);
    *out = b.release();
  });
}

void mini_bundle_close(mini_bundle *bundle) {
  if (bundle && bundle->device)
    guarded([&] { bundle->device->makeCurrent(); });
  delete bundle;
}

const char *mini_bundle_chip(const mini_bundle *bundle) {
  return bundle ? bundle->bundle.chip.c_str() : nullptr;
}

int mini_bundle_load(mini_bundle *bundle, int ordinal) {
  return guarded([&] {
    if (!bundle)
      throw Error("the bundle is null");
    std::lock_guard<std::mutex> lock(bundle->mutex);
    load(bundle, ordinal);
  });
}

int mini_bundle_device(const mini_bundle *bundle) { return bundle ? bundle->ordinal : -1; }

int mini_bundle_num_kernels(const mini_bundle *bundle) {
  return bundle ? static_cast<int>(bundle->kernels.size()) : -1;
}

const char *mini_kernel_name(const mini_bundle *bundle, int kernel) {
  const KernelSpec *k = kernelAt(bundle, kernel);
  return k ? k->entry.c_str() : nullptr;
}

int mini_bundle_find_kernel(const mini_bundle *bundle, const char *name) {
  int found = -1;
  int rc = guarded([&] {
    if (!bundle || !name)
      throw Error("mini_bundle_find_kernel: the bundle or the name is null");
    std::string names;
    for (size_t i = 0; i < bundle->kernels.size(); ++i) {
      if (bundle->kernels[i]->entry == name)
        found = static_cast<int>(i);
      names += (i ? ", " : "") + bundle->kernels[i]->entry;
    }
    if (found < 0)
      throw Error("no kernel '" + std::string(name) + "' in the bundle (it has: " + names + ")");
  });
  return rc == MINI_OK ? found : -1;
}

const char *mini_kernel_op(const mini_bundle *bundle, int kernel) {
  const KernelSpec *k = kernelAt(bundle, kernel);
  return k ? k->op.c_str() : nullptr;
}

int mini_kernel_num_tensors(const mini_bundle *bundle, int kernel) {
  const KernelSpec *k = kernelAt(bundle, kernel);
  return k ? static_cast<int>(k->tensors.size()) : -1;
}

const char *mini_kernel_tensor_name(const mini_bundle *bundle, int kernel, int tensor) {
  const TensorSpec *t = tensorAt(bundle, kernel, tensor);
  return t ? t->name.c_str() : nullptr;
}

int mini_kernel_tensor_dtype(const mini_bundle *bundle, int kernel, int tensor) {
  const TensorSpec *t = tensorAt(bundle, kernel, tensor);
  return t ? dtypeCode(t->dtype) : -1;
}

int mini_kernel_tensor_is_output(const mini_bundle *bundle, int kernel, int tensor) {
  const TensorSpec *t = tensorAt(bundle, kernel, tensor);
  return t ? t->output : -1;
}

int mini_kernel_tensor_rank(const mini_bundle *bundle, int kernel, int tensor) {
  const TensorSpec *t = tensorAt(bundle, kernel, tensor);
  return t ? static_cast<int>(t->dims.size()) : -1;
}

const char *mini_kernel_tensor_dim(const mini_bundle *bundle, int kernel, int tensor, int dim) {
  const TensorSpec *t = tensorAt(bundle, kernel, tensor);
  if (!t || dim < 0 || dim >= static_cast<int>(t->dims.size()))
    return nullptr;
  return t->dims[dim].c_str();
}

int mini_kernel_num_sizes(const mini_bundle *bundle, int kernel) {
  const KernelSpec *k = kernelAt(bundle, kernel);
  return k ? static_cast<int>(k->sizes.size()) : -1;
}

const char *mini_kernel_size_name(const mini_bundle *bundle, int kernel, int size) {
  const KernelSpec *k = kernelAt(bundle, kernel);
  if (!k || size < 0 || size >= static_cast<int>(k->sizes.size()))
    return nullptr;
  return k->sizes[size].c_str();
}

int64_t mini_kernel_static_size(const mini_bundle *bundle, int kernel, int size) {
  const char *name = mini_kernel_size_name(bundle, kernel, size);
  return name ? kernelAt(bundle, kernel)->staticSizes.at(name) : -2;
}

double mini_kernel_attr(const mini_bundle *bundle, int kernel, const char *name, double fallback) {
  const KernelSpec *k = kernelAt(bundle, kernel);
  return k && name ? k->attr(name, fallback) : fallback;
}

int mini_kernel_check_sizes(const mini_bundle *bundle, int kernel, int num_sizes,
                            const char *const *size_names, const int64_t *size_values) {
  return guarded(
      [&] { resolve(checkedKernel(bundle, kernel), num_sizes, size_names, size_values); });
}

int mini_launch(mini_bundle *bundle, int kernel, int num_tensors, const uint64_t *tensors,
                int num_sizes, const char *const *size_names, const int64_t *size_values,
                void *stream) {
  return guarded([&] {
    const KernelSpec &k = checkedKernel(bundle, kernel);
    if (num_tensors != static_cast<int>(k.tensors.size()) || (num_tensors && !tensors))
      throw Error("kernel '" + k.entry + "' takes " + std::to_string(k.tensors.size()) +
                  " tensors, got " + std::to_string(num_tensors));
    std::vector<CUdeviceptr> pointers(tensors, tensors + num_tensors);
    for (size_t i = 0; i < pointers.size(); ++i) {
      // The kernels' 16-byte vector and TMA paths assume allocation-aligned bases.
      if (!pointers[i] || pointers[i] % 16)
        throw Error("kernel '" + k.entry + "': tensor '" + k.tensors[i].name +
                    "' must be a non-null device pointer aligned to 16 bytes");
    }
    Sizes sizes = resolve(k, num_sizes, size_names, size_values);
    withLoaded(bundle, [&](const LoadedBundle &loaded) {
      loaded.launch(k, pointers, sizes, static_cast<CUstream>(stream));
    });
  });
}

int mini_bundle_num_functions(const mini_bundle *bundle) {
  return bundle ? static_cast<int>(bundle->bundle.functions.size()) : -1;
}

const char *mini_function_name(const mini_bundle *bundle, int function) {
  const FunctionSpec *f = functionAt(bundle, function);
  return f ? f->name.c_str() : nullptr;
}

int mini_bundle_find_function(const mini_bundle *bundle, const char *name) {
  int found = -1;
  int rc = guarded([&] {
    if (!bundle || !name)
      throw Error("mini_bundle_find_function: the bundle or the name is null");
    const FunctionSpec &f = bundle->bundle.function(name);
    found = static_cast<int>(&f - bundle->bundle.functions.data());
  });
  return rc == MINI_OK ? found : -1;
}

int mini_function_num_args(const mini_bundle *bundle, int function) {
  const FunctionSpec *f = functionAt(bundle, function);
  return f ? static_cast<int>(f->args.size()) : -1;
}

int mini_function_num_results(const mini_bundle *bundle, int function) {
  const FunctionSpec *f = functionAt(bundle, function);
  return f ? static_cast<int>(f->results.size()) : -1;
}

int mini_function_tensor_dtype(const mini_bundle *bundle, int function, int is_result,
                               int tensor) {
  const FunctionTensor *t = functionTensorAt(bundle, function, is_result, tensor);
  return t ? dtypeCode(t->dtype) : -1;
}

int mini_function_tensor_rank(const mini_bundle *bundle, int function, int is_result,
                              int tensor) {
  const FunctionTensor *t = functionTensorAt(bundle, function, is_result, tensor);
  return t ? static_cast<int>(t->dims.size()) : -1;
}

int64_t mini_function_tensor_dim(const mini_bundle *bundle, int function, int is_result,
                                 int tensor, int dim, const char **name) {
  const FunctionTensor *t = functionTensorAt(bundle, function, is_result, tensor);
  if (!t || dim < 0 || dim >= static_cast<int>(t->dims.size()))
    return -2;
  const FunctionDim &d = t->dims[dim];
  if (name)
    *name = d.name.empty() ? nullptr : d.name.c_str();
  return d.name.empty() ? d.size : -1;
}

int mini_run_function(mini_bundle *bundle, int function, int num_args, const uint64_t *args,
                      int num_results, const uint64_t *results, int num_sizes,
                      const char *const *size_names, const int64_t *size_values, void *stream) {
  return guarded([&] {
    const FunctionSpec *f = functionAt(bundle, function);
    if (!f)
      throw Error("function index " + std::to_string(function) + " is out of range (the bundle "
                  "has " + std::to_string(bundle ? bundle->bundle.functions.size() : 0) +
                  " functions)");
    if (num_args != static_cast<int>(f->args.size()) ||
        num_results != static_cast<int>(f->results.size()) || (num_args && !args) ||
        (num_results && !results))
      throw Error("function '" + f->name + "' takes " + std::to_string(f->args.size()) +
                  " argument(s) and " + std::to_string(f->results.size()) + " result(s), got " +
                  std::to_string(num_args) + " and " + std::to_string(num_results));
    std::vector<CUdeviceptr> argPtrs(args, args + num_args), resultPtrs(results, results + num_results);
    for (auto [list, specs] : {std::pair{&argPtrs, &f->args}, std::pair{&resultPtrs, &f->results}})
      for (size_t i = 0; i < list->size(); ++i)
        if (!(*list)[i] || (*list)[i] % 16)
          throw Error("function '" + f->name + "': tensor '" + (*specs)[i].name +
                      "' must be a non-null device pointer aligned to 16 bytes");
    if (num_sizes < 0 || (num_sizes > 0 && (!size_names || !size_values)))
      throw Error("function '" + f->name + "': sizes must be given as two arrays of " +
                  std::to_string(num_sizes) + " names and values");
    Sizes given;
    for (int i = 0; i < num_sizes; ++i) {
      if (!size_names[i])
        throw Error("function '" + f->name + "': size name #" + std::to_string(i) + " is null");
      given[size_names[i]] = size_values[i];
    }
    FunctionPlan plan = f->plan(bundle->bundle, given);
    withLoaded(bundle, [&](const LoadedBundle &loaded) {
      loaded.runFunction(*f, plan, argPtrs, resultPtrs, static_cast<CUstream>(stream));
    });
  });
}

} // extern "C"
