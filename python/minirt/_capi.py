"""ctypes declarations of libmini_rt.so (runtime/include/mini/mini_rt.h)."""
import ctypes
import ctypes.util
import os
from pathlib import Path

API_VERSION = 1
DTYPES = {0: "f16", 1: "bf16", 2: "f32"}


class MiniError(RuntimeError):
    """A bundle, manifest or launch error reported by the runtime."""


def _candidates():
    env = os.environ.get("MINI_RT_LIB")
    if env:
        yield Path(env)
        return
    here = Path(__file__).resolve().parent
    yield here / "libmini_rt.so"  # installed next to the package
    for root in (here.parent.parent, Path.cwd()):  # the repo: python/minirt -> build/lib
        yield root / "build" / "lib" / "libmini_rt.so"
    found = ctypes.util.find_library("mini_rt")
    if found:
        yield Path(found)


def _declare(lib):
    c_bundle = ctypes.c_void_p
    sigs = {
        "mini_api_version": (ctypes.c_int, []),
        "mini_last_error": (ctypes.c_char_p, []),
        "mini_bundle_open": (ctypes.c_int, [ctypes.c_char_p, ctypes.POINTER(c_bundle)]),
        "mini_bundle_close": (None, [c_bundle]),
        "mini_bundle_chip": (ctypes.c_char_p, [c_bundle]),
        "mini_bundle_load": (ctypes.c_int, [c_bundle, ctypes.c_int]),
        "mini_bundle_device": (ctypes.c_int, [c_bundle]),
        "mini_bundle_num_kernels": (ctypes.c_int, [c_bundle]),
        "mini_kernel_name": (ctypes.c_char_p, [c_bundle, ctypes.c_int]),
        "mini_bundle_find_kernel": (ctypes.c_int, [c_bundle, ctypes.c_char_p]),
        "mini_kernel_op": (ctypes.c_char_p, [c_bundle, ctypes.c_int]),
        "mini_kernel_num_tensors": (ctypes.c_int, [c_bundle, ctypes.c_int]),
        "mini_kernel_tensor_name": (ctypes.c_char_p, [c_bundle, ctypes.c_int, ctypes.c_int]),
        "mini_kernel_tensor_dtype": (ctypes.c_int, [c_bundle, ctypes.c_int, ctypes.c_int]),
        "mini_kernel_tensor_is_output": (ctypes.c_int, [c_bundle, ctypes.c_int, ctypes.c_int]),
        "mini_kernel_tensor_rank": (ctypes.c_int, [c_bundle, ctypes.c_int, ctypes.c_int]),
        "mini_kernel_tensor_dim": (ctypes.c_char_p,
                                   [c_bundle, ctypes.c_int, ctypes.c_int, ctypes.c_int]),
        "mini_kernel_num_sizes": (ctypes.c_int, [c_bundle, ctypes.c_int]),
        "mini_kernel_size_name": (ctypes.c_char_p, [c_bundle, ctypes.c_int, ctypes.c_int]),
        "mini_kernel_static_size": (ctypes.c_int64, [c_bundle, ctypes.c_int, ctypes.c_int]),
        "mini_kernel_attr": (ctypes.c_double,
                             [c_bundle, ctypes.c_int, ctypes.c_char_p, ctypes.c_double]),
        "mini_kernel_check_sizes": (ctypes.c_int, [
            c_bundle, ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p),
            ctypes.POINTER(ctypes.c_int64)]),
        "mini_bundle_num_functions": (ctypes.c_int, [c_bundle]),
        "mini_function_name": (ctypes.c_char_p, [c_bundle, ctypes.c_int]),
        "mini_function_num_args": (ctypes.c_int, [c_bundle, ctypes.c_int]),
        "mini_function_num_results": (ctypes.c_int, [c_bundle, ctypes.c_int]),
        "mini_function_tensor_dtype": (ctypes.c_int,
                                       [c_bundle, ctypes.c_int, ctypes.c_int, ctypes.c_int]),
        "mini_function_tensor_rank": (ctypes.c_int,
                                      [c_bundle, ctypes.c_int, ctypes.c_int, ctypes.c_int]),
        "mini_function_tensor_dim": (ctypes.c_int64, [
            c_bundle, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
            ctypes.POINTER(ctypes.c_char_p)]),
        "mini_run_function": (ctypes.c_int, [
            c_bundle, ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_uint64), ctypes.c_int,
            ctypes.POINTER(ctypes.c_uint64), ctypes.c_int, ctypes.POINTER(ctypes.c_char_p),
            ctypes.POINTER(ctypes.c_int64), ctypes.c_void_p]),
        "mini_launch": (ctypes.c_int, [
            c_bundle, ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_uint64), ctypes.c_int,
            ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_int64), ctypes.c_void_p]),
    }
    for name, (restype, argtypes) in sigs.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


_lib = None


def library():
    """The loaded libmini_rt.so: $MINI_RT_LIB, next to the package, the repo's build/lib,
    or the loader's search path."""
    global _lib
    if _lib is None:
        tried = []
        for path in _candidates():
            tried.append(str(path))
            if path.exists():
                lib = _declare(ctypes.CDLL(str(path)))
                if lib.mini_api_version() != API_VERSION:
                    raise MiniError(f"{path} has C API version {lib.mini_api_version()}, "
                                    f"this package needs {API_VERSION}")
                _lib = lib
                break
        else:
            raise MiniError("libmini_rt.so not found (tried: " + ", ".join(tried) +
                            "); build the repo (scripts/build.sh) or set MINI_RT_LIB")
    return _lib


def last_error():
    return library().mini_last_error().decode()


def check(rc):
    if rc != 0:
        raise MiniError(last_error())


def sizes_arrays(sizes):
    """Two ctypes arrays (names, values) for a {name: int} dict."""
    names = (ctypes.c_char_p * len(sizes))(*[n.encode() for n in sizes])
    values = (ctypes.c_int64 * len(sizes))(*[int(v) for v in sizes.values()])
    return names, values
