#!/usr/bin/env python3
"""Attention against PyTorch SDPA's backends, one table.

For each shape: ours (mini-run --bench on a bundle, which checks the result
against the reference kernel and prints TFLOP/s) and SDPA's flash, cuDNN and
efficient backends timed with triton.testing.do_bench (median), in the same
process run. FLOPs count 4*B*H*S*T*D, halved with causal (S = T only: SDPA's
is_causal is top-left aligned, ours bottom-right; they agree where S = T).
Decode shapes (S < T) run without a mask.

  bench/attention_peers.py --bundle DIR --mini-run PATH [--shapes quick|full]
Needs a GPU, torch and triton; exits 77 without them.
"""
import argparse
import re
import subprocess
import sys

SHAPES = {
    # (dtype, B, H, G, S, T, D, causal)
    "quick": [
        ("f16", 1, 32, 8, 8192, 8192, 128, True),
        ("bf16", 4, 32, 32, 2048, 2048, 128, False),
        ("f16", 8, 16, 16, 4096, 4096, 64, False),
        ("f16", 16, 32, 8, 1, 4096, 128, False),
    ],
}
# Off the benchmark grid: D 80, 96 and 256, sizes that are not multiples of
# a tile (primes, 3001), S != T without a mask.
SHAPES["odd"] = [
    ("f16", 2, 16, 16, 4099, 4099, 256, True),
    ("bf16", 4, 16, 16, 2048, 2048, 256, False),
    ("f16", 4, 32, 8, 3001, 3001, 80, True),
    ("bf16", 4, 32, 8, 4093, 4093, 96, False),
    ("f16", 4, 32, 8, 1000, 3001, 128, False),
    ("bf16", 3, 24, 8, 2053, 2053, 64, True),
]
# Decode: few query rows against a long K/V (GQA), where the bound is
# reading K and V: the table adds their bytes / time against a D2D copy.
SHAPES["decode"] = [
    (t, b, 32, 8, s, kv, 128, c)
    for (t, c) in (("f16", False), ("bf16", True))
    for (b, s, kv) in ((16, 1, 4096), (16, 1, 1024), (1, 1, 32768), (8, 4, 8192), (4, 16, 16384),
                       (64, 1, 2048))
] + [("f16", 8, 16, 2, 1, 8192, 64, False), ("f16", 2, 32, 32, 1, 8192, 128, False)]
# Short sequences, where each work item's serial part (Q's first wait, the
# causal diagonal, the epilogue) weighs most: the config choice to measure
# there is attention-warps=4 attention-tile-keys=64 (docs/PERF.md, v14).
SHAPES["short"] = [
    ("f16", b, 16, 16, s, s, d, c)
    for d in (64, 128)
    for c in (True, False)
    for (b, s) in ((32, 512), (16, 1024))
]
SHAPES["full"] = SHAPES["quick"] + [
    (t, b, h, g, s, s, d, c)
    for t in ("f16", "bf16")
    for d in (64, 128)
    for c in (False, True)
    for (b, h, g, s) in ((16, 16, 16, 1024), (4, 32, 8, 4096), (1, 32, 8, 8192))
]


def flops(b, h, s, t, d, causal):
    return 4.0 * b * h * s * t * d * (0.5 if causal else 1.0)


def kv_gbs(b, g, t, d, tflops, flops_):
    """K and V bytes over the time that `tflops` at `flops_` implies."""
    return 2 * b * g * t * d * 2 / (flops_ / (tflops * 1e12)) * 1e-9


def copy_gbs():
    import torch
    from triton.testing import do_bench
    x = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    y = torch.empty_like(x)
    ms = do_bench(lambda: y.copy_(x), warmup=25, rep=100, return_mode="median")
    return 2 * x.numel() / ms * 1e-6


def ours(args, dtype, b, h, g, s, t, d, causal):
    kernel = f"attn{d}{'_causal' if causal else ''}_{dtype}_attention"
    cmd = [args.mini_run, args.bundle, "--kernel", kernel, "--size",
           f"B={b},H={h},G={g},S={s},T={t}", "--bench", "--iters", "20", "--warmup", "3",
           "--no-cpu-check"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"bench\s+\S+\s+ours\s+([0-9.]+) TFLOP/s", out.stdout)
    ok = "PASS" in out.stdout
    if not m:
        sys.stderr.write(out.stdout + out.stderr)
        return None, False
    return float(m.group(1)), ok


def peers(dtype, b, h, g, s, t, d, causal):
    import torch
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel
    from triton.testing import do_bench

    tdt = torch.float16 if dtype == "f16" else torch.bfloat16
    q = torch.randn(b, h, s, d, device="cuda", dtype=tdt)
    k = torch.randn(b, g, t, d, device="cuda", dtype=tdt)
    v = torch.randn(b, g, t, d, device="cuda", dtype=tdt)
    kx, vx = k.repeat_interleave(h // g, 1), v.repeat_interleave(h // g, 1)
    is_causal = causal and s == t
    out = {}
    for name, backend in (("flash", SDPBackend.FLASH_ATTENTION),
                          ("cudnn", SDPBackend.CUDNN_ATTENTION),
                          ("efficient", SDPBackend.EFFICIENT_ATTENTION)):
        def run(kk=k, vv=v, gqa=True):
            with sdpa_kernel(backend):
                return F.scaled_dot_product_attention(q, kk, vv, is_causal=is_causal,
                                                      enable_gqa=gqa and g != h)
        fn = None
        for attempt in (lambda: run(), lambda: run(kx, vx, False)):
            try:
                attempt()
                fn = attempt
                break
            except Exception:
                continue
        if fn is None:
            out[name] = None
            continue
        ms = do_bench(fn, warmup=25, rep=100, return_mode="median")
        out[name] = flops(b, h, s, t, d, causal) / ms * 1e-9
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bundle", required=True)
    ap.add_argument("--mini-run", required=True)
    ap.add_argument("--shapes", default="quick", choices=sorted(SHAPES))
    args = ap.parse_args()
    try:
        import torch  # noqa: F401
        import triton  # noqa: F401
    except ImportError as e:
        print(f"attention_peers: skipped: {e}")
        return 77
    import torch
    if not torch.cuda.is_available():
        print("attention_peers: skipped: no GPU")
        return 77
    rows = []
    shapes = SHAPES[args.shapes]
    for i, shape in enumerate(shapes):
        dtype, b, h, g, s, t, d, causal = shape
        print(f"case {i + 1} of {len(shapes)}: {shape}", flush=True)
        mine, ok = ours(args, *shape)
        p = peers(*shape)
        rows.append((shape, mine, ok, p))
    fmt = lambda x: f"{x:8.1f}" if x is not None else "       -"
    print("\ndtype  B   H  G     S     T   D causal |  ours  check |   flash    cudnn   effic | x flash x cudnn")
    for (dtype, b, h, g, s, t, d, causal), mine, ok, p in rows:
        ratio = lambda peer: f"{mine / peer:7.3f}" if mine and peer else "      -"
        print(f"{dtype:5} {b:2} {h:3} {g:2} {s:5} {t:5} {d:3} {str(causal):6} |{fmt(mine)} "
              f"{'PASS' if ok else 'FAIL':5} |{fmt(p['flash'])} {fmt(p['cudnn'])} "
              f"{fmt(p['efficient'])} | {ratio(p['flash'])} {ratio(p['cudnn'])}")
    print("(TFLOP/s; decode rows: the same FLOP count, so the ratio is the time ratio)")
    decode = [r for r in rows if r[0][4] < r[0][5]]
    if decode:
        copy = copy_gbs()
        print(f"\nK+V read (GB/s; D2D copy {copy:.0f} GB/s): ours, x copy, cuDNN, flash")
        for (dtype, b, h, g, s, t, d, causal), mine, ok, p in decode:
            f = flops(b, h, s, t, d, causal)
            bw = lambda x: kv_gbs(b, g, t, d, x, f) if x else 0.0
            print(f"{dtype:5} B={b:<3} H={h} G={g:<2} S={s:<3} T={t:<6} D={d} causal={causal!s:5} "
                  f"{bw(mine):7.0f} {bw(mine) / copy:5.2f} {bw(p['cudnn']):7.0f} {bw(p['flash']):7.0f}")
    return 0 if all(ok for _, _, ok, _ in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
