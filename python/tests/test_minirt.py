"""The minirt package without a GPU: bundles, manifests and argument errors.

Arrays are stand-ins with __cuda_array_interface__ (no torch needed); every error
here is raised before anything touches a GPU.
  MINI_RT_LIB=build/lib/libmini_rt.so python3 -m unittest discover -s python/tests
"""
import json
import os
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import minirt  # noqa: E402

MATMUL = {
    "entry": "mm", "op": "matmul", "cubin": "k.cubin", "sizes": ["batch", "M", "N", "K"],
    "static_sizes": {"batch": -1, "M": -1, "N": 64, "K": -1},
    "tensors": [{"name": "a", "dtype": "f16", "dims": ["batch", "M", "K"], "output": False},
                {"name": "b", "dtype": "f16", "dims": ["batch", "K", "N"], "output": False},
                {"name": "c", "dtype": "f32", "dims": ["batch", "M", "N"], "output": True}],
    "grid": [{"sizes": ["N"], "div": 64}, {"sizes": ["M"], "div": 64}, {"sizes": ["batch"], "div": 1}],
    "block": [128, 1, 1], "dynamic_shared_bytes": 0, "attrs": {"scale": 0.5}}


def write_bundle(directory, kernels, **fields):
    manifest = {"format": "mini-bundle", "version": 1, "chip": "sm_90a", "abi": "x",
                "kernels": kernels}
    manifest.update(fields)
    Path(directory, "manifest.json").write_text(json.dumps(manifest))


class Array:
    """A device array as CuPy or Numba would describe it (never dereferenced)."""

    def __init__(self, shape, typestr="<f2", pointer=1 << 20, strides=None):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr, "data": (pointer, False),
                                         "strides": strides, "version": 3}


class BundleErrors(unittest.TestCase):
    def test_missing_bundle_names_the_manifest(self):
        with self.assertRaisesRegex(minirt.MiniError, "/nonexistent/b/manifest.json"):
            minirt.load("/nonexistent/b")

    def test_malformed_manifest_names_line_and_field(self):
        with tempfile.TemporaryDirectory() as d:
            Path(d, "manifest.json").write_text('{"format": "mini-bundle",\n "version": }')
            with self.assertRaisesRegex(minirt.MiniError, "JSON parse error at line 2"):
                minirt.load(d)
            write_bundle(d, [dict(MATMUL, block="wide")])
            with self.assertRaisesRegex(minirt.MiniError,
                                        "kernel 'mm': field 'block' must be an array, got a string"):
                minirt.load(d)


class Kernels(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        write_bundle(self.dir.name, [MATMUL])
        self.bundle = minirt.load(self.dir.name)
        self.mm = self.bundle.mm

    def tearDown(self):
        self.bundle.close()
        self.dir.cleanup()

    def test_describes_the_kernel(self):
        self.assertEqual(self.bundle.chip, "sm_90a")
        self.assertIsNone(self.bundle.device)
        self.assertEqual(list(self.bundle.kernels), ["mm"])
        self.assertEqual(self.mm.op, "matmul")
        self.assertEqual([t.name for t in self.mm.inputs], ["a", "b"])
        self.assertEqual(self.mm.outputs[0].dims, ("batch", "M", "N"))
        self.assertEqual(self.mm.static_sizes, {"N": 64})
        self.assertEqual(self.mm.attr("scale"), 0.5)
        self.assertIsNone(self.mm.attr("causal"))
        self.assertIn("a: f16[batch, M, K]", repr(self.mm))

    def test_unknown_kernel_lists_the_names(self):
        with self.assertRaisesRegex(KeyError, r"no kernel 'nope' .*\(it has: mm\)"):
            self.bundle["nope"]
        with self.assertRaises(AttributeError):
            self.bundle.nope

    def test_binds_sizes_from_shapes(self):
        sizes, _ = self.mm.bind(Array((2, 100, 30)), Array((2, 30, 64)))
        self.assertEqual(sizes, {"batch": 2, "M": 100, "K": 30, "N": 64})
        sizes, _ = self.mm.bind(Array((100, 30)), Array((30, 64)))  # no batch dim: batch = 1
        self.assertEqual(sizes["batch"], 1)

    def test_argument_errors_name_the_tensor_and_dims(self):
        cases = [
            ((Array((100, 30)),), r"takes 2 inputs \(a, b\), got 1"),
            ((Array((100, 30)), Array((31, 64))), r"size K is 30 from input 'a' dim 1 but 31 from input 'b' dim 0"),
            ((Array((5, 100, 30, 1)), Array((30, 64))), r"input 'a' of kernel 'mm' must have 3 dims \(batch, M, K\), got shape \(5, 100, 30, 1\)"),
            ((Array((100, 30), typestr="<f4"), Array((30, 64))), r"input 'a' of kernel 'mm' must be f16 \(torch.float16\), got f32"),
            ((Array((100, 30)), Array((30, 64), strides=(2, 60))), r"input 'b' of kernel 'mm' must be contiguous"),
            ((Array((100, 30), pointer=(1 << 20) + 2), Array((30, 64))), r"input 'a' .* 16-byte aligned"),
            ((Array((100, 30)), Array((30, 65))), r"size N is fixed to 64"),
            (([1, 2], Array((30, 64))), r"input 'a' .* must be a torch CUDA tensor or have __cuda_array_interface__, got list"),
        ]
        for args, message in cases:
            with self.subTest(message=message):
                with self.assertRaisesRegex(ValueError, message):
                    self.mm(*args)

    def test_output_errors(self):
        a, b = Array((100, 30)), Array((30, 64))
        with self.assertRaisesRegex(ValueError, r"pass out="):
            self.mm(a, b)
        with self.assertRaisesRegex(ValueError, r"output 'c' of kernel 'mm' must have shape \(100, 64\)"):
            self.mm(a, b, out=Array((100, 63), typestr="<f4"))
        with self.assertRaisesRegex(ValueError, r"output 'c' of kernel 'mm' must be f32"):
            self.mm(a, b, out=Array((100, 64)))


SILU = {
    "entry": "f_silu", "op": "silu", "cubin": "k.cubin", "sizes": ["R", "C"],
    "static_sizes": {"R": -1, "C": 64},
    "tensors": [{"name": "x", "dtype": "f16", "dims": ["R", "C"], "output": False},
                {"name": "y", "dtype": "f16", "dims": ["R", "C"], "output": True}],
    "grid": [{"sizes": ["R", "C"], "div": 8192}, {"sizes": [], "div": 1}, {"sizes": [], "div": 1}],
    "block": [256, 1, 1], "dynamic_shared_bytes": 0, "attrs": {}}
SILU_FUNCTION = {
    "name": "f", "args": [{"name": "arg0", "dtype": "f16", "dims": ["arg0.0", 64]}],
    "results": [{"name": "result0", "dtype": "f16", "dims": ["arg0.0", 64]}], "buffers": [],
    "launches": [{"kernel": "f_silu", "tensors": ["arg0", "result0"],
                  "sizes": {"R": ["arg0.0"], "C": [64]}}]}


class Functions(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        write_bundle(self.dir.name, [SILU], functions=[SILU_FUNCTION])
        self.bundle = minirt.load(self.dir.name)
        self.f = self.bundle.functions["f"]

    def tearDown(self):
        self.bundle.close()
        self.dir.cleanup()

    def test_describes_the_function(self):
        self.assertEqual(list(self.bundle.functions), ["f"])
        self.assertEqual(repr(self.f), "<minirt.Function f(arg0:f16[arg0.0x64]) -> result0:f16[arg0.0x64]>")
        self.assertEqual(self.f.args[0].dims, ("arg0.0", 64))

    def test_binds_dynamic_sizes_from_the_arguments(self):
        sizes, _ = self.f.bind(Array((5, 64)))
        self.assertEqual(sizes, {"arg0.0": 5})
        self.assertEqual(self.f.result_shape(self.f.results[0], sizes), (5, 64))

    def test_argument_and_result_errors(self):
        with self.assertRaisesRegex(ValueError, r"function 'f': argument 'arg0' dim 1 is 32, must be 64$"):
            self.f.bind(Array((5, 32)))
        with self.assertRaisesRegex(ValueError, r"takes 1 arguments"):
            self.f.bind()
        with self.assertRaisesRegex(ValueError, r"must be f16, got f32"):
            self.f.bind(Array((5, 64), "<f4"))
        with self.assertRaisesRegex(ValueError, r"pass out="):
            self.f(Array((5, 64)))
        with self.assertRaisesRegex(ValueError, r"result 'result0' of function 'f' must have shape \(5, 64\)"):
            self.f(Array((5, 64)), out=Array((4, 64), pointer=1 << 21))


class SuiteBundle(unittest.TestCase):
    """The repo's compiled suite bundle, when the build made one."""

    def test_lists_its_launchable_kernels(self):
        path = os.environ.get("MINI_TEST_BUNDLE")
        if not path or not Path(path, "manifest.json").exists():
            self.skipTest("MINI_TEST_BUNDLE does not name a bundle")
        bundle = minirt.load(path)
        names = set(bundle.kernels)
        self.assertIn("softmax_f16_softmax", names)
        self.assertIn("mm_f16_to_f16_matmul", names)
        # Size variants and tail kernels run through their kernel.
        self.assertNotIn("mm_f16_to_f16_matmul_64x128", names)
        self.assertNotIn("mm_f16_to_f16_matmul_split", names)
        attention = [k for k in bundle if k.op == "attention"]
        self.assertTrue(attention and all("D" in k.static_sizes for k in attention))


if __name__ == "__main__":
    unittest.main()
