#!/usr/bin/env python3
"""Time PyTorch's peers of our ops and write them as a peers-only mini-bench/1 file.

  bench/torch_peers.py --cases FILE [--cases FILE ...] --json OUT
                       [--iters N] [--compile] [--dry-run]

A case file holds one case a line, the op, the input element type and the
sizes that `mini-run --size` takes, and "causal" for a causal attention
('#' starts a comment, blank lines are ignored):

  matmul bf16 batch=1,M=4095,N=4097,K=4093
  softmax f16 R=8192,C=50257
  rmsnorm bf16 R=4096,C=8192
  add_layernorm f16 R=16384,C=1024
  attention f16 B=1,H=32,G=8,S=8192,T=8192,D=128 causal

Peers (each the median of --iters calls on fresh random inputs, CUDA events
around each call, the L2 left warm between calls as mini-run's timing leaves
it, so the ratios compare like with like):
  matmul             cuBLAS (torch.matmul); torch.compile with --compile
  softmax, rmsnorm,  torch (eager), torch.compile, copy (a device-to-device
  layernorm          copy moving the op's bytes)
  add_rmsnorm,       the same for h = x + r, then the norm of h; both written
  add_layernorm      (our residual norm with its sum: mini-run's op rmsnorm /
                     layernorm with tensors x, r, w[, b], y, s)
  attention          sdpa-flash, sdpa-cudnn, sdpa-efficient
A peer that refuses a case or fails is left out of its record, with a note
on stderr. The records carry sizes, attrs and bytes as mini-run's do (see
docs/BENCH-JSON.md), so report.py merges them into our rows.

--dry-run only parses the case files and prints the cases (no torch needed).
Exit status: 0 done, 2 a bad argument or case file, 77 no torch or no GPU.
"""
import argparse
import datetime
import json
import math
import os
import subprocess
import sys
import warnings
from dataclasses import dataclass

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The size names of each op, as mini-run and docs/BENCH-JSON.md spell them.
SIZE_NAMES = {
    "matmul": ("batch", "M", "N", "K"),
    "softmax": ("R", "C"),
    "rmsnorm": ("R", "C"),
    "layernorm": ("R", "C"),
    "add_rmsnorm": ("R", "C"),
    "add_layernorm": ("R", "C"),
    "attention": ("B", "H", "G", "S", "T", "D"),
}
ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4}
RMS_EPS = 1e-6
LN_EPS = 1e-5
WARMUP = 5
EXIT_SKIP = 77


class CaseError(Exception):
    """A case line that does not parse; the message names file and line."""


@dataclass
class Case:
    op: str
    dtype: str
    sizes: dict
    causal: bool
    where: str  # "FILE:LINE", for messages

    def text(self):
        sizes = ",".join(f"{k}={v}" for k, v in self.sizes.items())
        return f"{self.op} {self.dtype} {sizes}{' causal' if self.causal else ''}"

    def flops(self):
        s = self.sizes
        if self.op == "matmul":
            return 2.0 * s["batch"] * s["M"] * s["N"] * s["K"]
        if self.op == "attention":
            return 4.0 * s["B"] * s["H"] * s["S"] * s["T"] * s["D"] * (0.5 if self.causal else 1.0)
        return None

    def bytes(self):
        """Each input read once and the output written once."""
        s, elt = self.sizes, ELEMENT_BYTES[self.dtype]
        if self.op == "matmul":
            b = s["batch"]
            return b * (s["M"] * s["K"] + s["K"] * s["N"] + s["M"] * s["N"]) * elt
        if self.op == "attention":
            q = s["B"] * s["H"] * s["S"] * s["D"]
            kv = s["B"] * s["G"] * s["T"] * s["D"]
            return (2 * q + 2 * kv) * elt
        rows = 2 * s["R"] * s["C"] * elt
        if self.op.startswith("add_"):  # x and r read, the norm and the sum written
            rows *= 2
        columns = {"softmax": 0, "rmsnorm": 1, "add_rmsnorm": 1}.get(self.op, 2)
        return rows + columns * s["C"] * elt


def parse_sizes(text):
    sizes = {}
    for item in text.split(","):
        name, eq, value = item.partition("=")
        if not eq or not name:
            raise CaseError(f"sizes expect NAME=N, got '{item}'")
        if name in sizes:
            raise CaseError(f"size {name} given twice")
        try:
            sizes[name] = int(value)
        except ValueError:
            raise CaseError(f"size {name}: '{value}' is not an integer") from None
        if sizes[name] < 1:
            raise CaseError(f"size {name} must be >= 1, got {value}")
    return sizes


def parse_case(line, where):
    """One case line (comment already stripped): OP DTYPE SIZES [causal]."""
    words = line.split()
    if len(words) not in (3, 4):
        raise CaseError(f"{where}: expected 'OP DTYPE SIZES [causal]', got '{line}'")
    op, dtype, sizes_text = words[:3]
    try:
        if op not in SIZE_NAMES:
            raise CaseError(f"unknown op '{op}' (known: {', '.join(SIZE_NAMES)})")
        if dtype not in ELEMENT_BYTES:
            raise CaseError(f"unknown dtype '{dtype}' (known: {', '.join(ELEMENT_BYTES)})")
        sizes = parse_sizes(sizes_text)
        # Exactly mini-run's names: records merge only where the sizes are equal.
        if set(sizes) != set(SIZE_NAMES[op]):
            raise CaseError(f"{op} takes sizes {','.join(SIZE_NAMES[op])}, got {sizes_text}")
        causal = len(words) == 4
        if causal and (op != "attention" or words[3] != "causal"):
            raise CaseError(f"unexpected '{words[3]}' (only attention takes 'causal')")
        if op == "attention" and sizes["H"] % sizes["G"]:
            raise CaseError(f"H={sizes['H']} is not a multiple of G={sizes['G']}")
    except CaseError as e:
        raise CaseError(f"{where}: {e}") from None
    return Case(op, dtype, sizes, causal, where)


def read_cases(paths):
    cases = []
    for path in paths:
        with open(path) as f:
            for number, raw in enumerate(f, 1):
                line = raw.split("#", 1)[0].strip()
                if line:
                    cases.append(parse_case(line, f"{path}:{number}"))
    return cases


def peer_names(case, compile_matmul):
    if case.op == "matmul":
        return ["cuBLAS"] + (["torch.compile"] if compile_matmul else [])
    if case.op == "attention":
        return ["sdpa-flash", "sdpa-cudnn", "sdpa-efficient"]
    return ["torch", "torch.compile", "copy"]


def dry_run(cases, compile_matmul):
    for i, case in enumerate(cases, 1):
        flops = case.flops()
        flops_text = f"{flops:.4g}" if flops is not None else "null"
        print(f"{i:3}  {case.text():55}  flops {flops_text:>10}  bytes {case.bytes():>12}  "
              f"peers {', '.join(peer_names(case, compile_matmul))}")
    print(f"{len(cases)} cases (dry run: nothing timed, no JSON written)")


def import_torch():
    """torch with a GPU, or exit with the skip status our test scripts use."""
    try:
        import torch
    except ImportError as e:
        print(f"torch_peers: skipped: {e}", file=sys.stderr)
        sys.exit(EXIT_SKIP)
    if not torch.cuda.is_available():
        print("torch_peers: skipped: torch sees no CUDA device", file=sys.stderr)
        sys.exit(EXIT_SKIP)
    return torch


def median_ms(torch, fn, iters):
    """Median ms of `iters` calls of fn."""
    for _ in range(WARMUP):
        fn()
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
              for _ in range(iters)]
    for start, stop in events:
        start.record()
        fn()
        stop.record()
    torch.cuda.synchronize()
    times = sorted(start.elapsed_time(stop) for start, stop in events)
    return times[len(times) // 2]


def first_call(torch, fn):
    """Run fn once (compiles, picks a backend): None if it ran, else why not.

    SDPA says why a backend refuses only in warnings; a compile failure can be
    of any exception type. Either is a note, never the end of the run."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            fn()
            torch.cuda.synchronize()
            return None
        except Exception as e:  # noqa: BLE001 - see the docstring
            reasons = [str(w.message) for w in caught] + [str(e)]
    return " / ".join(r.strip().splitlines()[0] for r in reasons if r.strip())


def randn(torch, case, *shape):
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}[case.dtype]
    return torch.randn(*shape, dtype=dtype, device="cuda")


def matmul_peers(torch, case, compile_matmul):
    s = case.sizes
    a = randn(torch, case, s["batch"], s["M"], s["K"])
    b = randn(torch, case, s["batch"], s["K"], s["N"])
    c = torch.empty(s["batch"], s["M"], s["N"], dtype=a.dtype, device="cuda")
    peers = {"cuBLAS": [("", lambda: torch.matmul(a, b, out=c))]}
    if compile_matmul:
        compiled = torch.compile(lambda x, y: torch.matmul(x, y), dynamic=False)
        peers["torch.compile"] = [("", lambda: compiled(a, b))]
    return peers


def rmsnorm_function(torch):
    functional = torch.nn.functional
    if hasattr(functional, "rms_norm"):
        return lambda x, w: functional.rms_norm(x, (x.shape[-1],), w, RMS_EPS)

    def explicit(x, w):
        # The mean of squares in f32, as models and F.rms_norm compute it.
        xf = x.float()
        return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + RMS_EPS)).to(x.dtype) * w

    return explicit


def row_peers(torch, case):
    s = case.sizes
    x = randn(torch, case, s["R"], s["C"])
    functional = torch.nn.functional
    rms = rmsnorm_function(torch)
    layer = lambda t, w, b: functional.layer_norm(t, (t.shape[-1],), w, b, LN_EPS)
    if case.op == "softmax":
        eager, args = (lambda t: torch.softmax(t, dim=-1)), (x,)
    elif case.op == "rmsnorm":
        eager, args = rms, (x, randn(torch, case, s["C"]))
    elif case.op == "layernorm":
        eager, args = layer, (x, randn(torch, case, s["C"]), randn(torch, case, s["C"]))
    else:  # add_rmsnorm, add_layernorm: the norm of the sum, and the sum
        r, w, b = randn(torch, case, s["R"], s["C"]), randn(torch, case, s["C"]), randn(torch, case, s["C"])
        def add_norm(t, u, *columns):
            h = t + u
            return (rms(h, *columns) if case.op == "add_rmsnorm" else layer(h, *columns)), h

        eager, args = add_norm, ((x, r, w) if case.op == "add_rmsnorm" else (x, r, w, b))
    compiled = torch.compile(eager, dynamic=False)
    # The copy reads and writes as many bytes as the op moves in all.
    src = torch.randint(0, 256, (case.bytes() // 2,), dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    return {
        "torch": [("", lambda: eager(*args))],
        "torch.compile": [("", lambda: compiled(*args))],
        "copy": [("", lambda: dst.copy_(src))],
    }


def causal_args(torch, case):
    """(attn_mask, is_causal) for SDPA's bottom-right aligned causal mask.

    SDPA's is_causal aligns top-left, which is bottom-right only where S = T;
    elsewhere an explicit mask (which the flash backend refuses). A single
    query sits at the last position and sees every key: no mask needed."""
    s, t = case.sizes["S"], case.sizes["T"]
    if not case.causal or s == 1:
        return None, False
    if s == t:
        return None, True
    return torch.ones(s, t, dtype=torch.bool, device="cuda").tril(t - s), False


def attention_peers(torch, case):
    try:
        from torch.nn.attention import SDPBackend, sdpa_kernel  # torch >= 2.3
    except ImportError as e:
        print(f"  note: attention skipped: {e}", file=sys.stderr)
        return {}

    s = case.sizes
    q = randn(torch, case, s["B"], s["H"], s["S"], s["D"])
    k = randn(torch, case, s["B"], s["G"], s["T"], s["D"])
    v = randn(torch, case, s["B"], s["G"], s["T"], s["D"])
    mask, is_causal = causal_args(torch, case)
    common = {"attn_mask": mask, "is_causal": is_causal, "scale": 1.0 / math.sqrt(s["D"])}
    if s["G"] == s["H"]:
        layouts = [("", k, v, {})]
    else:
        # enable_gqa reads each K/V head once (torch >= 2.5, not every backend);
        # else each query head gets its own copy, which reads H/G times the bytes.
        group = s["H"] // s["G"]
        layouts = [("enable_gqa", k, v, {"enable_gqa": True}),
                   ("K/V expanded", k.repeat_interleave(group, 1), v.repeat_interleave(group, 1), {})]

    def call(backend, kk, vv, extra):
        def run():
            with sdpa_kernel(backend):
                return torch.nn.functional.scaled_dot_product_attention(q, kk, vv, **common, **extra)
        return run

    peers = {}
    for name, backend_name in (("sdpa-flash", "FLASH_ATTENTION"), ("sdpa-cudnn", "CUDNN_ATTENTION"),
                               ("sdpa-efficient", "EFFICIENT_ATTENTION")):
        backend = getattr(SDPBackend, backend_name, None)  # an older torch lacks cuDNN
        if backend is None:
            print(f"  note: {name} skipped: this torch has no SDPBackend.{backend_name}", file=sys.stderr)
            continue
        peers[name] = [(label, call(backend, kk, vv, extra)) for label, kk, vv, extra in layouts]
    if mask is not None:
        print("  note: S != T causal: explicit bottom-right mask", file=sys.stderr)
    return peers


def time_case(torch, case, args):
    """{peer: median ms} for the peers that accept the case."""
    if case.op == "matmul":
        peers = matmul_peers(torch, case, args.compile)
    elif case.op == "attention":
        peers = attention_peers(torch, case)
    else:
        peers = row_peers(torch, case)
    times = {}
    for name, tries in peers.items():
        refusals = []
        for label, fn in tries:
            reason = first_call(torch, fn)
            if reason is None:
                if refusals:
                    print(f"  note: {name} runs with {label} ({'; '.join(refusals)})", file=sys.stderr)
                times[name] = median_ms(torch, fn, args.iters)
                break
            refusals.append(f"{label} refused: {reason}" if label else reason)
        else:
            print(f"  note: {name} skipped: {'; '.join(refusals)}", file=sys.stderr)
    return times


def record(case, peers):
    rec = {"op": case.op, "kernel": None, "dtype": case.dtype, "sizes": dict(case.sizes)}
    if case.causal:
        rec["attrs"] = {"causal": 1}
    rec.update({"ours_ms": None, "peers": peers, "flops": case.flops(), "bytes": case.bytes(),
                "tflops": None, "gbps": None, "roofline": None, "check": None, "rel_err": None})
    return rec


def nvml_info(uuid):
    """Max SM and memory clocks and the memory bus width of the GPU with this
    UUID, from NVML ({} without pynvml or a match). NVML numbers GPUs its own
    way, not as CUDA_VISIBLE_DEVICES does: match by UUID."""
    try:
        import pynvml
    except ImportError:
        return {}

    def value(call, *call_args):
        try:
            return call(*call_args)
        except (pynvml.NVMLError, AttributeError):  # AttributeError: an older pynvml
            return None

    try:
        pynvml.nvmlInit()
    except pynvml.NVMLError:
        return {}
    try:
        for i in range(pynvml.nvmlDeviceGetCount()):
            handle = pynvml.nvmlDeviceGetHandleByIndex(i)
            found = pynvml.nvmlDeviceGetUUID(handle)
            if isinstance(found, bytes):
                found = found.decode()
            if found.lower() == f"gpu-{uuid}".lower():
                return {
                    "sm_clock_mhz": value(pynvml.nvmlDeviceGetMaxClockInfo, handle, pynvml.NVML_CLOCK_SM),
                    "mem_clock_mhz": value(pynvml.nvmlDeviceGetMaxClockInfo, handle, pynvml.NVML_CLOCK_MEM),
                    "mem_bus_bits": value(pynvml.nvmlDeviceGetMemoryBusWidth, handle),
                }
    finally:
        pynvml.nvmlShutdown()
    return {}


def device_info(torch):
    props = torch.cuda.get_device_properties(torch.cuda.current_device())
    info = {"name": props.name, "chip": f"sm_{props.major}{props.minor}",
            "sm_count": props.multi_processor_count,
            "sm_clock_mhz": None, "mem_clock_mhz": None, "mem_bus_bits": None}
    uuid = getattr(props, "uuid", None)  # torch >= 2.1
    if uuid is not None:
        info.update(nvml_info(str(uuid)))
    return info


def git_commit():
    """$MINI_GIT_COMMIT (a copy of the tree whose .git is not its own), else HEAD."""
    if os.environ.get("MINI_GIT_COMMIT"):
        return os.environ["MINI_GIT_COMMIT"]
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True,
                             text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip() or None


def rate(case, ms):
    flops = case.flops()
    if flops is not None:
        return f"{flops / ms * 1e-9:8.1f} TFLOP/s"
    return f"{case.bytes() / ms * 1e-6:8.1f} GB/s"


def print_table(results):
    width = max(len(case.text()) for case, _ in results)
    print(f"{'case':{width}}  {'peer':14} {'ms':>10}  rate")
    for case, peers in results:
        first = case.text()
        if not peers:
            print(f"{first:{width}}  (no peer ran)")
        for name, ms in peers.items():
            print(f"{first:{width}}  {name:14} {ms:10.4f} {rate(case, ms)}")
            first = ""


def main():
    ap = argparse.ArgumentParser(description="Time PyTorch peers of the cases; write mini-bench/1 JSON.")
    ap.add_argument("--cases", action="append", required=True, metavar="FILE",
                    help="case file (repeatable)")
    ap.add_argument("--json", required=True, metavar="OUT", help="output mini-bench/1 file")
    ap.add_argument("--iters", type=int, default=50, help="timed calls per peer (median)")
    ap.add_argument("--compile", action="store_true",
                    help="also time torch.compile of matmul (slow to compile)")
    ap.add_argument("--dry-run", action="store_true", help="parse and print the cases only")
    args = ap.parse_args()
    if args.iters < 1:
        ap.error("--iters must be >= 1")
    try:
        cases = read_cases(args.cases)
    except (CaseError, OSError) as e:
        ap.error(str(e))
    if args.dry_run:
        dry_run(cases, args.compile)
        return 0

    torch = import_torch()
    # f32 matmuls in full f32, as mini-run's cuBLAS peer (no TF32).
    torch.set_float32_matmul_precision("highest")
    results = []
    for i, case in enumerate(cases, 1):
        print(f"case {i} of {len(cases)}: {case.text()}", file=sys.stderr, flush=True)
        # Each case compiles afresh for its own static shape: dynamo would
        # otherwise go dynamic after a recompile and fall back to eager past
        # its recompile limit.
        torch.compiler.reset()
        results.append((case, time_case(torch, case, args)))

    doc = {
        "schema": "mini-bench/1",
        "source": "torch-peers",
        "created": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "git_commit": git_commit(),
        "device": device_info(torch),
        "records": [record(case, peers) for case, peers in results if peers],
    }
    with open(args.json, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print_table(results)
    print(f"wrote {len(doc['records'])} records to {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
