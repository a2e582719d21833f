"""A bundle's functions (the manifest's "functions"): a func.func run as its
kernels' launches in order, through mini_run_function."""
import ctypes

from ._capi import DTYPES, check, library, sizes_arrays
from ._tensors import TORCH_DTYPES, describe


class FunctionTensor:
    """An argument or result: name, dtype and dims (ints, or the name of a
    dynamic size: the source's `mini.size_names`, else "arg<i>.<d>", dim d
    of argument i)."""

    def __init__(self, name, dtype, dims):
        self.name, self.dtype, self.dims = name, dtype, tuple(dims)

    def __repr__(self):
        return f"{self.name}:{self.dtype}[{'x'.join(map(str, self.dims))}]"


class Function:
    """f(*args, out=None, stream=None) runs the function on CUDA arrays (torch
    tensors or __cuda_array_interface__); results are allocated with torch when
    the arguments are torch tensors, else passed as out=."""

    def __init__(self, bundle, index):
        lib, handle = library(), bundle._handle
        self._bundle, self._index = bundle, index
        self.name = lib.mini_function_name(handle, index).decode()

        def tensors(is_result, count, prefix):
            out = []
            for t in range(count):
                dims = []
                for d in range(lib.mini_function_tensor_rank(handle, index, is_result, t)):
                    name = ctypes.c_char_p()
                    size = lib.mini_function_tensor_dim(handle, index, is_result, t, d,
                                                        ctypes.byref(name))
                    dims.append(name.value.decode() if size == -1 else int(size))
                dtype = DTYPES[lib.mini_function_tensor_dtype(handle, index, is_result, t)]
                out.append(FunctionTensor(f"{prefix}{t}", dtype, dims))
            return out

        self.args = tensors(0, lib.mini_function_num_args(handle, index), "arg")
        self.results = tensors(1, lib.mini_function_num_results(handle, index), "result")

    def __repr__(self):
        return (f"<minirt.Function {self.name}({', '.join(map(repr, self.args))}) -> "
                f"{', '.join(map(repr, self.results))}>")

    def _check(self, spec, obj, role):
        info = describe(obj)
        what = f"{role} '{spec.name}' of function '{self.name}'"
        if info is None or isinstance(info.device, str):
            raise ValueError(f"{what} must be a CUDA array (torch tensor or "
                             f"__cuda_array_interface__), got {type(obj).__name__}")
        if info.dtype != spec.dtype:
            raise ValueError(f"{what} must be {spec.dtype}, got {info.dtype}")
        if len(info.shape) != len(spec.dims):
            raise ValueError(f"{what} must have {len(spec.dims)} dims ({spec!r}), got shape "
                             f"{info.shape}")
        if not info.contiguous or info.pointer % 16:
            raise ValueError(f"{what} must be contiguous and 16-byte aligned")
        return info

    def bind(self, *args):
        """{dynamic size: value} from the arguments' shapes (each dim checked against
        the function's), and the arguments' ArrayInfo. Needs no GPU."""
        if len(args) != len(self.args):
            raise ValueError(f"function '{self.name}' takes {len(self.args)} arguments "
                             f"({', '.join(map(repr, self.args))}), got {len(args)}")
        infos = [self._check(spec, a, "argument") for spec, a in zip(self.args, args)]
        sizes = {}
        for spec, info in zip(self.args, infos):
            for d, (dim, value) in enumerate(zip(spec.dims, info.shape)):
                known = dim if isinstance(dim, int) else sizes.setdefault(dim, value)
                if known != value:
                    named = "" if isinstance(dim, int) else f" (size {dim}, as another dim gives it)"
                    raise ValueError(f"function '{self.name}': argument '{spec.name}' dim {d} is "
                                     f"{value}, must be {known}{named}")
        return sizes, infos

    def result_shape(self, spec, sizes):
        return tuple(d if isinstance(d, int) else sizes[d] for d in spec.dims)

    def __call__(self, *args, out=None, stream=None):
        sizes, infos = self.bind(*args)
        torch_args = any(i.is_torch for i in infos)
        if out is None:
            if not torch_args:
                raise ValueError(f"function '{self.name}': pass out= (allocating results needs "
                                 f"torch tensors as arguments)")
            import torch
            device = torch.device("cuda", infos[0].device)
            out = [torch.empty(self.result_shape(r, sizes), device=device,
                               dtype=getattr(torch, TORCH_DTYPES[r.dtype])) for r in self.results]
        outs = list(out) if isinstance(out, (tuple, list)) else [out]
        if len(outs) != len(self.results):
            raise ValueError(f"function '{self.name}' has {len(self.results)} results, out= "
                             f"gives {len(outs)}")
        out_infos = [self._check(spec, o, "result") for spec, o in zip(self.results, outs)]
        for spec, info in zip(self.results, out_infos):
            if tuple(info.shape) != self.result_shape(spec, sizes):
                raise ValueError(f"result '{spec.name}' of function '{self.name}' must have shape "
                                 f"{self.result_shape(spec, sizes)}, got {tuple(info.shape)}")
        device = infos[0].device if infos else None
        if device is not None and self._bundle.device is None:
            self._bundle.load(device)
        if stream is None and torch_args:
            import torch
            stream = torch.cuda.current_stream(device).cuda_stream
        a = (ctypes.c_uint64 * len(infos))(*[i.pointer for i in infos])
        r = (ctypes.c_uint64 * len(out_infos))(*[i.pointer for i in out_infos])
        names, values = sizes_arrays(sizes)
        check(library().mini_run_function(self._bundle._handle, self._index, len(infos), a,
                                          len(out_infos), r, len(sizes), names, values,
                                          ctypes.c_void_p(stream or None)))
        return outs[0] if len(outs) == 1 else tuple(outs)
