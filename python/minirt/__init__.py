"""Run mini-opt's kernel bundles from Python.

    import torch, minirt
    bundle = minirt.load("build/bundles/suite")
    c = bundle.mm_f16_to_f16_matmul(a, b)          # a: M x K, b: K x N (or batch x ...)
    y = bundle["softmax_bf16_softmax"](x, out=y)
    ops = minirt.register_torch_ops(bundle)        # torch.ops.mini.<kernel>, for torch.compile

A kernel takes its input tensors in the manifest's order (torch CUDA tensors or any
object with __cuda_array_interface__), reads the sizes from their shapes, allocates
the output (or writes `out=`) and launches on the current torch stream (or `stream=`,
a CUstream handle). Wrong shapes, dtypes, devices or layouts raise ValueError naming
the tensor and its dims; runtime and bundle errors raise MiniError.

ctypes over libmini_rt.so (the C API in runtime/include/mini/mini_rt.h): no compiled
extension, any Python 3, any PyTorch. Opening a bundle and checking arguments need no
GPU.
"""
import ctypes

from ._capi import DTYPES, MiniError, check, last_error, library, sizes_arrays
from ._functions import Function
from ._tensors import TORCH_DTYPES, describe

__all__ = ["Bundle", "Kernel", "MiniError", "load", "register_torch_ops"]


class TensorSpec:
    """One tensor of a kernel: name, dtype ("f16", "bf16", "f32"), dims (size names)."""

    def __init__(self, name, dtype, dims, output):
        self.name, self.dtype, self.dims, self.output = name, dtype, tuple(dims), output

    def __repr__(self):
        return f"{self.name}: {self.dtype}[{', '.join(self.dims)}]" + (" (out)" if self.output else "")


class Kernel:
    """A launchable kernel of a bundle; call it on its input tensors."""

    def __init__(self, bundle, index):
        lib, handle = library(), bundle._handle
        self._bundle, self._index = bundle, index
        self.name = lib.mini_kernel_name(handle, index).decode()
        self.op = lib.mini_kernel_op(handle, index).decode()
        self.tensors = []
        for t in range(lib.mini_kernel_num_tensors(handle, index)):
            dims = [lib.mini_kernel_tensor_dim(handle, index, t, d).decode()
                    for d in range(lib.mini_kernel_tensor_rank(handle, index, t))]
            self.tensors.append(TensorSpec(lib.mini_kernel_tensor_name(handle, index, t).decode(),
                                           DTYPES[lib.mini_kernel_tensor_dtype(handle, index, t)],
                                           dims, bool(lib.mini_kernel_tensor_is_output(handle, index, t))))
        self.inputs = [t for t in self.tensors if not t.output]
        self.outputs = [t for t in self.tensors if t.output]
        self.sizes = [lib.mini_kernel_size_name(handle, index, i).decode()
                      for i in range(lib.mini_kernel_num_sizes(handle, index))]
        fixed = {n: lib.mini_kernel_static_size(handle, index, i) for i, n in enumerate(self.sizes)}
        self.static_sizes = {n: v for n, v in fixed.items() if v >= 0}

    def attr(self, name, default=None):
        """A numeric attribute of the op ("scale", "causal", "epsilon"), or `default`."""
        nan = float("nan")
        v = library().mini_kernel_attr(self._bundle._handle, self._index, name.encode(), nan)
        return default if v != v else v

    def __repr__(self):
        return f"<minirt.Kernel {self.name} ({self.op}): {', '.join(map(repr, self.tensors))}>"

    # -- binding arguments ---------------------------------------------------
    def _batchless(self, spec, shape):
        """A tensor may leave out a leading "batch" dim (then batch = 1)."""
        return len(shape) == len(spec.dims) - 1 and spec.dims[:1] == ("batch",)

    def _check_array(self, spec, obj, role):
        info = describe(obj)
        what = f"{role} '{spec.name}' of kernel '{self.name}'"
        if info is None:
            raise ValueError(f"{what} must be a torch CUDA tensor or have __cuda_array_interface__, "
                             f"got {type(obj).__name__}")
        if isinstance(info.device, str):
            raise ValueError(f"{what} must be on a CUDA device, got {info.device}")
        if info.dtype != spec.dtype:
            raise ValueError(f"{what} must be {spec.dtype} (torch.{TORCH_DTYPES[spec.dtype]}), "
                             f"got {info.dtype}")
        if len(info.shape) != len(spec.dims) and not self._batchless(spec, info.shape):
            raise ValueError(f"{what} must have {len(spec.dims)} dims ({', '.join(spec.dims)}), "
                             f"got shape {info.shape}")
        if not info.contiguous:
            raise ValueError(f"{what} must be contiguous (row-major); call .contiguous()")
        if info.pointer % 16:
            raise ValueError(f"{what} must start 16-byte aligned (a view at an offset?); "
                             f"call .clone()")
        return info

    def bind(self, *inputs):
        """{size name: value} from the inputs' shapes (checked against each other, the
        compiled sizes and the op), and the inputs' ArrayInfo. Needs no GPU."""
        if len(inputs) != len(self.inputs):
            raise ValueError(f"kernel '{self.name}' takes {len(self.inputs)} inputs "
                             f"({', '.join(t.name for t in self.inputs)}), got {len(inputs)}")
        infos = [self._check_array(spec, obj, "input") for spec, obj in zip(self.inputs, inputs)]
        sizes, _ = self.sizes_from_shapes([i.shape for i in infos])
        missing = [n for n in self.sizes if n not in sizes]
        if missing:
            raise ValueError(f"kernel '{self.name}': sizes {missing} appear in no input")
        self._check_sizes(sizes)
        return sizes, infos

    def sizes_from_shapes(self, shapes):
        """{size name: value} that the inputs' shapes (in input order, ranks already
        checked) give, the compiled sizes filled in, and whether the inputs leave out
        the batch dim. Conflicting dims raise ValueError. Shapes may be symbolic (the
        torch op's fake implementation)."""
        sizes, origin, batchless = {}, {}, False
        for spec, shape in zip(self.inputs, shapes):
            dims = spec.dims
            if self._batchless(spec, shape):
                dims, batchless = dims[1:], True
                sizes.setdefault("batch", 1)
                origin.setdefault("batch", f"input '{spec.name}' (no batch dim)")
            for axis, (name, value) in enumerate(zip(dims, shape)):
                here = f"input '{spec.name}' dim {axis}"
                if name in sizes and sizes[name] != value:
                    raise ValueError(f"kernel '{self.name}': size {name} is {sizes[name]} from "
                                     f"{origin[name]} but {value} from {here}")
                sizes.setdefault(name, value)
                origin.setdefault(name, here)
        for name, value in self.static_sizes.items():
            sizes.setdefault(name, value)
        return sizes, batchless

    def _check_sizes(self, sizes):
        names, values = sizes_arrays(sizes)
        if library().mini_kernel_check_sizes(self._bundle._handle, self._index, len(sizes),
                                             names, values):
            raise ValueError(last_error())

    def output_shape(self, spec, sizes, batchless):
        dims = spec.dims[1:] if batchless and spec.dims[:1] == ("batch",) else spec.dims
        return tuple(sizes[d] for d in dims)

    # -- launching -----------------------------------------------------------
    def __call__(self, *inputs, out=None, stream=None):
        sizes, infos = self.bind(*inputs)
        batchless = any(self._batchless(s, i.shape) for s, i in zip(self.inputs, infos))
        outs, out_infos = self._outputs(out, sizes, infos, batchless)
        devices = {i.device for i in infos + out_infos if i.device is not None}
        if len(devices) > 1:
            raise ValueError(f"kernel '{self.name}': tensors are on different devices {sorted(devices)}")
        device = devices.pop() if devices else None
        if device is not None and self._bundle.device is None:
            self._bundle.load(device)
        if stream is None:
            stream = _torch_stream(device) if any(i.is_torch for i in infos) else 0
        by_input, by_output = iter(infos), iter(out_infos)
        pointers = [next(by_output if spec.output else by_input).pointer for spec in self.tensors]
        names, values = sizes_arrays(sizes)
        ptrs = (ctypes.c_uint64 * len(pointers))(*pointers)
        check(library().mini_launch(self._bundle._handle, self._index, len(pointers), ptrs,
                                    len(sizes), names, values, ctypes.c_void_p(stream or None)))
        return outs[0] if len(outs) == 1 else tuple(outs)

    def _outputs(self, out, sizes, infos, batchless):
        """The outputs (out=, checked, or allocated with torch) and their ArrayInfo."""
        if out is not None:
            outs = list(out) if isinstance(out, (tuple, list)) else [out]
            if len(outs) != len(self.outputs):
                raise ValueError(f"kernel '{self.name}' has {len(self.outputs)} outputs, "
                                 f"out= gives {len(outs)}")
            out_infos = []
            for spec, o in zip(self.outputs, outs):
                info = self._check_array(spec, o, "output")
                shapes = {self.output_shape(spec, sizes, False), self.output_shape(spec, sizes, True)}
                if info.shape not in shapes:
                    raise ValueError(f"output '{spec.name}' of kernel '{self.name}' must have shape "
                                     f"{self.output_shape(spec, sizes, batchless)} "
                                     f"({', '.join(spec.dims)}), got {info.shape}")
                out_infos.append(info)
            return outs, out_infos
        if not any(i.is_torch for i in infos):
            raise ValueError(f"kernel '{self.name}': pass out= (allocating outputs needs torch "
                             f"tensors as inputs)")
        import torch
        device = torch.device("cuda", next(i.device for i in infos))
        outs = [torch.empty(self.output_shape(spec, sizes, batchless),
                            dtype=getattr(torch, TORCH_DTYPES[spec.dtype]), device=device)
                for spec in self.outputs]
        return outs, [describe(o) for o in outs]


def _torch_stream(device):
    import torch
    return torch.cuda.current_stream(device).cuda_stream


class Bundle:
    """A bundle directory (manifest.json and cubins) opened through libmini_rt.so."""

    def __init__(self, path):
        handle = ctypes.c_void_p()
        check(library().mini_bundle_open(str(path).encode(), ctypes.byref(handle)))
        self._handle = handle
        self.path = str(path)
        self.chip = library().mini_bundle_chip(handle).decode()
        self.kernels = {}
        for i in range(library().mini_bundle_num_kernels(handle)):
            k = Kernel(self, i)
            self.kernels[k.name] = k
        self.functions = {}
        for i in range(library().mini_bundle_num_functions(handle)):
            f = Function(self, i)
            self.functions[f.name] = f
        self._torch_libraries = []

    @property
    def device(self):
        """The CUDA ordinal the cubins are loaded on, or None before the first launch."""
        d = library().mini_bundle_device(self._handle)
        return None if d < 0 else d

    def load(self, device=0):
        """Loads the cubins on `device` (the first launch does it for its tensors' device)."""
        check(library().mini_bundle_load(self._handle, int(device)))

    def __getitem__(self, name):
        if name not in self.kernels:
            raise KeyError(f"no kernel '{name}' in {self.path} (it has: {', '.join(self.kernels)})")
        return self.kernels[name]

    def __getattr__(self, name):
        kernels = self.__dict__.get("kernels", {})
        if name in kernels:
            return kernels[name]
        raise AttributeError(f"no kernel '{name}' in {self.__dict__.get('path')}")

    def __iter__(self):
        return iter(self.kernels.values())

    def __repr__(self):
        return f"<minirt.Bundle {self.path} ({self.chip}, {len(self.kernels)} kernels)>"

    def close(self):
        """Unloads the cubins; launches still running must have finished."""
        if self._handle:
            library().mini_bundle_close(self._handle)
            self._handle = None

    def __del__(self):
        # Interpreter shutdown may have unloaded the library already.
        try:
            self.close()
        except Exception:
            pass


def load(path):
    """Opens the bundle at `path` (a directory with manifest.json)."""
    return Bundle(path)


def register_torch_ops(bundle, namespace="mini"):
    """Registers each kernel of `bundle` as the PyTorch custom op
    torch.ops.<namespace>.<kernel> (CUDA implementation and a fake one for
    shapes), so it runs inside torch.compile graphs. Returns torch.ops.<namespace>."""
    from ._torch import register
    return register(bundle, namespace)
