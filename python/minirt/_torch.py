"""Kernels as PyTorch custom ops (torch.library), with fake implementations so
torch.compile can trace them without running them."""
import torch

from ._tensors import TORCH_DTYPES


def _fake(kernel):
    def fake(*inputs):
        # Shapes only (they may be symbolic): the same binding as a launch.
        spec = kernel.outputs[0]
        sizes, batchless = kernel.sizes_from_shapes([tuple(x.shape) for x in inputs])
        return inputs[0].new_empty(kernel.output_shape(spec, sizes, batchless),
                                   dtype=getattr(torch, TORCH_DTYPES[spec.dtype]))
    return fake


def register(bundle, namespace):
    lib = torch.library.Library(namespace, "FRAGMENT")
    register_fake = getattr(torch.library, "register_fake", None) or torch.library.impl_abstract
    for kernel in bundle:
        if len(kernel.outputs) != 1:
            continue  # every op of the dialect has one result today
        args = ", ".join(f"Tensor {t.name}" for t in kernel.inputs)
        lib.define(f"{kernel.name}({args}) -> Tensor")
        lib.impl(kernel.name, lambda *xs, k=kernel: k(*xs), "CUDA")
        register_fake(f"{namespace}::{kernel.name}", _fake(kernel), lib=lib)
    # The registrations live as long as the Library object.
    bundle._torch_libraries.append(lib)
    return getattr(torch.ops, namespace)
