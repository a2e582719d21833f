# Triton's TF32 matmul (the tutorial kernel: grouped order, tl.dot with
# input_precision="tf32", a few autotuned tilings) against cuBLAS TF32, as a
# compiler peer for the tf32 kernel (docs/PERF.md tf32 v1). Needs a GPU,
# PyTorch and Triton:  python3 bench/triton_tf32_peer.py
import torch, triton, triton.language as tl
torch.backends.cuda.matmul.allow_tf32 = True

@triton.autotune(configs=[
    triton.Config({'BM': 128, 'BN': 256, 'BK': 32, 'G': 8}, num_stages=3, num_warps=8),
    triton.Config({'BM': 128, 'BN': 128, 'BK': 32, 'G': 8}, num_stages=4, num_warps=4),
    triton.Config({'BM': 128, 'BN': 128, 'BK': 32, 'G': 8}, num_stages=4, num_warps=8),
    triton.Config({'BM': 256, 'BN': 128, 'BK': 32, 'G': 8}, num_stages=3, num_warps=8),
    triton.Config({'BM': 128, 'BN': 256, 'BK': 16, 'G': 8}, num_stages=4, num_warps=8),
], key=['M', 'N', 'K'])
@triton.jit
def mm(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, G: tl.constexpr):
    pid = tl.program_id(0)
    npm = tl.cdiv(M, BM); npn = tl.cdiv(N, BN)
    group = pid // (G * npn); first = group * G; gs = min(npm - first, G)
    pm = first + (pid % gs); pn = (pid % (G * npn)) // gs
    rm = pm * BM + tl.arange(0, BM); rn = pn * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        x = tl.load(a + rm[:, None] * K + (k * BK + rk)[None, :], mask=(rm[:, None] < M) & ((k * BK + rk)[None, :] < K), other=0.)
        y = tl.load(b + (k * BK + rk)[:, None] * N + rn[None, :], mask=((k * BK + rk)[:, None] < K) & (rn[None, :] < N), other=0.)
        acc = tl.dot(x, y, acc, input_precision="tf32")
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))

for (M, N, K) in [(4096, 4096, 4096), (8192, 8192, 8192), (2048, 2048, 2048), (4096, 11008, 4096)]:
    a = torch.randn(M, K, device='cuda'); b = torch.randn(K, N, device='cuda'); c = torch.empty(M, N, device='cuda')
    run = lambda: mm[lambda m: (triton.cdiv(M, m['BM']) * triton.cdiv(N, m['BN']),)](a, b, c, M, N, K)
    run(); torch.cuda.synchronize()
    ref = a @ b
    err = ((c - ref).norm() / ref.norm()).item()
    t_tr = triton.testing.do_bench(run, warmup=25, rep=200)
    t_cb = triton.testing.do_bench(lambda: torch.matmul(a, b), warmup=25, rep=200)
    f = 2 * M * N * K * 1e-9
    print(f"{M}x{N}x{K} triton {f/t_tr:.1f} TFLOP/s ({mm.best_config}) cuBLAS-tf32 {f/t_cb:.1f} triton/cuBLAS {t_cb/t_tr:.3f} err {err:.1e}", flush=True)
