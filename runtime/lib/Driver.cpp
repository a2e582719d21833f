#include "mini/runtime/Driver.h"
#include "mini/runtime/Error.h"

#include <dlfcn.h>

#include <mutex>

namespace mini::rt {

// cuda.h maps API names to versioned symbols (cuMemAlloc -> cuMemAlloc_v2);
// stringizing after expansion gives the symbol the header's signature means.
#define MINI_STR2(x) #x
#define MINI_STR(x) MINI_STR2(x)

namespace {
DriverApi loadDriver() {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    lib = dlopen("libcuda.so", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    throw Error(std::string("no CUDA driver: cannot load libcuda.so.1 (") + dlerror() +
                "); is an NVIDIA GPU with its driver present?");
  DriverApi api;
#define MINI_LOAD_FN(name)                                                      \
  api.name = reinterpret_cast<decltype(api.name)>(dlsym(lib, MINI_STR(name)));  \
  if (!api.name)                                                                \
    throw Error("CUDA driver lacks " MINI_STR(name) "; the driver is too old for this runtime (need CUDA 12.4+)");
  MINI_CUDA_DRIVER_FUNCTIONS(MINI_LOAD_FN)
#undef MINI_LOAD_FN
  CUresult r = api.cuInit(0);
  if (r != CUDA_SUCCESS) {
    const char *name = nullptr;
    api.cuGetErrorName(r, &name);
    throw Error(std::string("cuInit failed: ") + (name ? name : "unknown error") +
                " (no usable GPU?)");
  }
  return api;
}
} // namespace

const DriverApi &driver() {
  static std::once_flag once;
  static DriverApi api;
  static std::string failure;
  std::call_once(once, [] {
    try {
      api = loadDriver();
    } catch (const Error &e) {
      failure = e.what();
    }
  });
  if (!failure.empty())
    throw Error(failure);
  return api;
}

std::string describe(CUresult result) {
  const char *name = nullptr, *text = nullptr;
  try {
    driver().cuGetErrorName(result, &name);
    driver().cuGetErrorString(result, &text);
  } catch (const Error &) {
  }
  std::string out = name ? name : ("CUresult " + std::to_string(static_cast<int>(result)));
  if (text)
    out += std::string(" (") + text + ")";
  return out;
}

void check(CUresult result, const char *call, const std::string &context) {
  if (result == CUDA_SUCCESS)
    return;
  std::string msg = std::string(call) + " failed";
  if (!context.empty())
    msg += " for " + context;
  throw Error(msg + ": " + describe(result));
}

} // namespace mini::rt
