#!/usr/bin/env python3
"""Use a compiled bundle from PyTorch: load it, run every kernel on torch
tensors, check each against torch's own op and time both. Compiles nothing.

  python3 examples/torch_demo.py [BUNDLE]      (default build/bundles/suite)
Needs a GPU, torch and libmini_rt.so (build/lib, or MINI_RT_LIB).
"""
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
import minirt  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}


def torch_op(kernel):
    """torch's version of the kernel's op (in the output's dtype)."""
    out_dtype = DTYPES[kernel.outputs[0].dtype]
    if kernel.op == "matmul":
        return lambda a, b: torch.matmul(a, b).to(out_dtype)
    if kernel.op == "softmax":
        return lambda x: torch.softmax(x, dim=-1)
    if kernel.op == "rmsnorm":
        eps = kernel.attr("epsilon", 1e-6)
        return lambda x, w: F.rms_norm(x, (x.shape[-1],), w, eps)
    causal = bool(kernel.attr("causal", 0))

    def attention(q, k, v):  # S == T here, so is_causal's top-left mask is ours too
        repeat = q.shape[1] // k.shape[1]
        k, v = k.repeat_interleave(repeat, dim=1), v.repeat_interleave(repeat, dim=1)
        return F.scaled_dot_product_attention(q, k, v, is_causal=causal,
                                              scale=kernel.attr("scale", 1 / math.sqrt(q.shape[-1])))
    return attention


def shapes(kernel):
    if kernel.op == "matmul":
        return [(4096, 4096), (4096, 4096)]
    if kernel.op == "softmax":
        return [(8192, 8192)]
    if kernel.op == "rmsnorm":
        return [(8192, 8192), (8192,)]
    d = kernel.static_sizes.get("D", 128)
    return [(4, 32, 2048, d), (4, 8, 2048, d), (4, 8, 2048, d)]


def median_ms(fn, iters=20):
    for _ in range(3):
        fn()
    times = []
    for _ in range(iters):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    return sorted(times)[len(times) // 2]


def main():
    bundle = minirt.load(sys.argv[1] if len(sys.argv) > 1 else "build/bundles/suite")
    print(f"{bundle}, device {torch.cuda.get_device_name()}")
    print(f"{'kernel':34} {'shapes':28} {'rel_err':>9} {'ours ms':>9} {'torch ms':>9} {'torch/ours':>10}")
    for kernel in bundle:
        inputs = [torch.randn(s, device="cuda").to(DTYPES[t.dtype])
                  for s, t in zip(shapes(kernel), kernel.inputs)]
        ours, theirs = kernel(*inputs), torch_op(kernel)(*inputs)
        err = ((ours.double() - theirs.double()).norm() / theirs.double().norm()).item()
        ms_ours = median_ms(lambda: kernel(*inputs))
        ms_torch = median_ms(lambda: torch_op(kernel)(*inputs))
        print(f"{kernel.name:34} {'x'.join(map(str, inputs[0].shape)):28} {err:9.2e} "
              f"{ms_ours:9.3f} {ms_torch:9.3f} {ms_torch / ms_ours:10.2f}")


if __name__ == "__main__":
    main()
