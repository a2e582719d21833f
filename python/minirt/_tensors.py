"""What the package needs to know of an array: torch tensors, or any object with
__cuda_array_interface__ (CuPy, Numba, ...), without importing either."""
from dataclasses import dataclass

# __cuda_array_interface__ type strings; bfloat16 has none, so it needs torch.
_TYPESTRS = {"<f2": "f16", "<f4": "f32"}
TORCH_DTYPES = {"f16": "float16", "bf16": "bfloat16", "f32": "float32"}


@dataclass
class ArrayInfo:
    shape: tuple
    dtype: str           # "f16", "bf16", "f32", or the foreign name when unsupported
    pointer: int
    device: object       # CUDA ordinal, None when unknown, or the foreign device (e.g. "cpu")
    contiguous: bool
    is_torch: bool


def _is_torch(obj):
    return type(obj).__module__.startswith("torch") and hasattr(obj, "data_ptr")


def describe(obj):
    """ArrayInfo of `obj`, or None when it is no array this package knows."""
    if _is_torch(obj):
        dtype = str(obj.dtype).replace("torch.", "")
        ours = {v: k for k, v in TORCH_DTYPES.items()}.get(dtype, "torch." + dtype)
        device = obj.device.index if obj.is_cuda else obj.device.type
        if obj.is_cuda and device is None:
            device = 0
        return ArrayInfo(tuple(int(d) for d in obj.shape), ours, obj.data_ptr(), device,
                         obj.is_contiguous(), True)
    cai = getattr(obj, "__cuda_array_interface__", None)
    if cai is None:
        return None
    shape = tuple(int(d) for d in cai["shape"])
    typestr = cai["typestr"]
    strides = cai.get("strides")
    contiguous = strides is None or tuple(strides) == _row_major_strides(shape, typestr)
    return ArrayInfo(shape, _TYPESTRS.get(typestr, typestr), int(cai["data"][0]), None,
                     contiguous, False)


def _row_major_strides(shape, typestr):
    itemsize = int(typestr[2:])
    strides, step = [], itemsize
    for d in reversed(shape):
        strides.append(step)
        step *= d
    return tuple(reversed(strides))
