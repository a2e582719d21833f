"""The minirt package on a GPU with PyTorch: every kernel of the suite bundle
against torch at odd shapes (float64 reference), out=, a side stream, the
torch.compile path through registered custom ops, and errors on real tensors.
Skips without torch, a GPU or MINI_TEST_BUNDLE.
"""
import math
import os
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import minirt  # noqa: E402

try:
    import torch
except ImportError:
    torch = None

# Relative error bound by output type (norm(out - ref) / norm(ref)).
TOLERANCE = {"f16": 2e-3, "bf16": 1.6e-2, "f32": 1e-4}


def reference(kernel, inputs):
    """The op in float64 on the GPU."""
    x = [t.double() for t in inputs]
    if kernel.op == "matmul":
        return x[0] @ x[1]
    if kernel.op == "softmax":
        return torch.softmax(x[0], dim=-1)
    if kernel.op == "rmsnorm":
        eps = kernel.attr("epsilon", 1e-6)
        return x[0] * torch.rsqrt(x[0].pow(2).mean(-1, keepdim=True) + eps) * x[1]
    q, k, v = x
    repeat = q.shape[1] // k.shape[1]
    k, v = k.repeat_interleave(repeat, dim=1), v.repeat_interleave(repeat, dim=1)
    scores = q @ k.transpose(-1, -2) * kernel.attr("scale", 1 / math.sqrt(q.shape[-1]))
    if kernel.attr("causal", 0):
        s, t = scores.shape[-2:]
        keep = torch.ones(s, t, dtype=torch.bool, device=q.device).tril(t - s)  # bottom-right
        scores = scores.masked_fill(~keep, float("-inf"))
    return torch.softmax(scores, dim=-1) @ v


def inputs_for(kernel, generator):
    """Random inputs at shapes that are multiples of no tile."""
    d = kernel.static_sizes.get("D", 64)
    shapes = {
        "matmul": {"a": (2, 257, 77), "b": (2, 77, 131)},
        "softmax": {"x": (37, 1001)},
        "rmsnorm": {"x": (33, 4099), "w": (4099,)},
        "attention": {"q": (2, 4, 67, d), "k": (2, 2, 131, d), "v": (2, 2, 131, d)},
    }[kernel.op]
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}
    return [torch.randn(shapes[t.name], generator=generator, device="cuda").to(dtype[t.dtype])
            for t in kernel.inputs]


def rel_error(out, ref):
    out = out.double()
    return ((out - ref).norm() / ref.norm()).item()


@unittest.skipIf(torch is None, "torch is not installed")
class OnTheGpu(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not torch.cuda.is_available():
            raise unittest.SkipTest("no CUDA device")
        path = os.environ.get("MINI_TEST_BUNDLE")
        if not path or not Path(path, "manifest.json").exists():
            raise unittest.SkipTest("MINI_TEST_BUNDLE does not name a bundle")
        cls.bundle = minirt.load(path)
        cls.generator = torch.Generator(device="cuda").manual_seed(1)

    def test_every_kernel_matches_torch(self):
        # The ops `reference` knows; a matmul with epilogue inputs is not one.
        for kernel in self.bundle:
            if kernel.op not in ("matmul", "softmax", "rmsnorm", "attention") or \
                    len(kernel.inputs) > {"matmul": 2}.get(kernel.op, 3):
                continue
            with self.subTest(kernel=kernel.name):
                inputs = inputs_for(kernel, self.generator)
                out = kernel(*inputs)
                ref = reference(kernel, inputs)
                self.assertEqual(tuple(out.shape), tuple(ref.shape))
                self.assertLess(rel_error(out, ref), TOLERANCE[kernel.outputs[0].dtype])

    def test_function_matches_torch(self):
        # chain_f16: bias, tanh GELU, a scale of 0.5 and a residual, fused into
        # one launch; results allocated by minirt.
        f = self.bundle.functions["chain_f16"]
        x = torch.randn(33, 4097, device="cuda", dtype=torch.float16)
        b = torch.randn(4097, device="cuda", dtype=torch.float16)
        r = torch.randn(33, 4097, device="cuda", dtype=torch.float16)
        out = f(x, b, r)
        ref = torch.nn.functional.gelu(x.double() + b.double(), approximate="tanh") * 0.5 + r.double()
        self.assertEqual(tuple(out.shape), (33, 4097))
        self.assertLess(rel_error(out, ref), TOLERANCE["f16"])
        with self.assertRaisesRegex(ValueError, r"argument 'arg1' dim 0 is 4096, must be 4097"):
            f(x, b[:4096].clone(), r)

    def test_out_and_a_side_stream(self):
        kernel = self.bundle.softmax_bf16_softmax
        x = torch.randn(129, 4097, device="cuda", dtype=torch.bfloat16)
        out = torch.full_like(x, float("nan"))
        stream = torch.cuda.Stream()
        stream.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(stream):
            result = kernel(x, out=out)
        stream.synchronize()
        self.assertIs(result, out)
        self.assertLess(rel_error(out, torch.softmax(x.double(), -1)), TOLERANCE["bf16"])

    def test_matmul_without_batch_dim(self):
        kernel = self.bundle.mm_f16_to_f16_matmul
        a = torch.randn(1000, 777, device="cuda", dtype=torch.float16)
        b = torch.randn(777, 1001, device="cuda", dtype=torch.float16)
        c = kernel(a, b)
        self.assertEqual(tuple(c.shape), (1000, 1001))
        self.assertLess(rel_error(c, a.double() @ b.double()), TOLERANCE["f16"])

    def test_registered_op_under_torch_compile(self):
        ops = minirt.register_torch_ops(self.bundle, namespace="mini_test")
        x = torch.randn(64, 1000, device="cuda", dtype=torch.float16)
        w = torch.randn(1000, device="cuda", dtype=torch.float16)

        def layer(x, w):
            return ops.rmsnorm_f16_rmsnorm(x * 2, w) + 1

        compiled = torch.compile(layer, fullgraph=True)
        kernel = self.bundle.rmsnorm_f16_rmsnorm
        want = reference(kernel, [x * 2, w]) + 1
        self.assertLess(rel_error(compiled(x, w), want), TOLERANCE["f16"])

    def test_errors_on_real_tensors(self):
        kernel = self.bundle.softmax_f16_softmax
        x = torch.randn(64, 128, device="cuda", dtype=torch.float16)
        with self.assertRaisesRegex(ValueError, "must be contiguous"):
            kernel(x.t())
        with self.assertRaisesRegex(ValueError, r"must be f16 \(torch.float16\), got f32"):
            kernel(x.float())
        with self.assertRaisesRegex(ValueError, "must be on a CUDA device, got cpu"):
            kernel(x.cpu())
        with self.assertRaisesRegex(ValueError, "16-byte aligned"):
            storage = torch.empty(64 * 128 + 1, device="cuda", dtype=torch.float16)
            kernel(storage[1:].view(64, 128))


if __name__ == "__main__":
    unittest.main()
