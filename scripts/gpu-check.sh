#!/usr/bin/env bash
# Runs the compiled suite bundle (bench/suite.mlir) at the shapes issue 3 lists,
# each checked against the reference kernels by mini-run; in full mode (or
# with a regex that matches "static") also every kernel of the static bundles
# at its own sizes: bench/matmul-shapes.mlir's, and bench/attention-static*.mlir's
# where built beside the suite (attention-static*), once as drawn and once with
# NaN and Inf planted. Needs a GPU; the bundles and mini-run may come from
# another machine (no MLIR needed here).
#   scripts/gpu-check.sh [BUNDLE_DIR] [MINI_RUN] [quick | full | KERNEL_REGEX] [STATIC_BUNDLE_DIR]
set -uo pipefail
cd "$(dirname "$0")/.."
bundle="${1:-build/bundles/suite}"
minirun="${2:-build/bin/mini-run}"
mode="${3:-full}"
static="${4:-$(dirname "$bundle")/static}"

cases=()
add() { cases+=("$1|$2"); }
mm_shapes="batch=1,M=1,N=1,K=1 batch=1,M=17,N=33,K=65 batch=1,M=1000,N=1030,K=777 batch=1,M=1000,N=1032,K=776 batch=1,M=4096,N=4096,K=4096 batch=3,M=129,N=257,K=100"
row_shapes="R=1,C=1 R=32768,C=1 R=5,C=7 R=1000,C=1000 R=32768,C=4096 R=4096,C=32768 R=1,C=100000 R=300,C=100000"
# Each band of row lengths (the suite's length variants: up to 32, 256, 1024,
# 8192, 32768 values, then streamed) at and past its end, odd lengths (the
# peeled head and tail), and row counts that leave a block part empty.
row_shapes+=" R=1001,C=3 R=333,C=17 R=77,C=32 R=77,C=33 R=1000,C=255 R=999,C=257 R=100,C=1025 R=33,C=8193 R=9,C=32769 R=7,C=50257"
# Past the bands, few rows run by clusters (sm_90a: up to 16 rows by 8
# blocks each, 33 by 4, 66 by 2), more by a block a row: each at its edge.
row_shapes+=" R=16,C=40001 R=17,C=40001 R=33,C=33001 R=66,C=65536 R=67,C=40000"
# Staged short rows of a dynamic length: a block takes as many as its stage
# holds (several blocks, the last part full), each row mapped with the
# fewest values that hold it (1, 2, 4, 8 ... values), aligned rows as vectors.
row_shapes+=" R=20001,C=1 R=9001,C=2 R=6007,C=3 R=2051,C=4 R=1000,C=5 R=3001,C=8 R=2000,C=12 R=1001,C=16 R=700,C=24"
# Rows of 33 to 64 values: staged where not whole vectors (several blocks,
# the last part full), the rows-per-warp kernel where they are.
row_shapes+=" R=1003,C=37 R=515,C=61 R=300,C=63 R=257,C=48 R=300,C=64"
# Rows in shared memory (the suite's *_shared configs: f16 up to 53248
# values, bf16 131072 with 16 in registers, f32 28672 with 16 in
# registers): short rows, odd lengths, the longest, one past (streamed).
for s in R=5,C=8 R=7,C=40009 R=3,C=53248 R=2,C=53249 R=300,C=4099; do add softmax_f16_shared_softmax "$s"; done
for s in R=5,C=3 R=3,C=100003 R=2,C=131072 R=2,C=131073 R=64,C=1000; do add rmsnorm_bf16_shared_rmsnorm "$s"; done
for s in R=5,C=1 R=9,C=20001 R=3,C=28672 R=2,C=28673; do add softmax_f32_shared_softmax "$s"; done
# Rows shared by a cluster's blocks (the suite's *_cluster configs; f16
# cached up to 196608 values, bf16 up to 16384, f32 up to 128, layernorm
# streamed, add + rmsnorm bf16 cached up to 24576): short rows, odd
# lengths, the longest cached, one past (streamed), partial blocks. (An f16
# softmax of rows past about 800K values is mostly subnormal, 1 / C < 6e-5:
# its float64 check fails for any kernel that stores f16.)
for s in R=1,C=1 R=5,C=8 R=3,C=100003 R=2,C=196608 R=2,C=196609 R=16,C=524288 R=3,C=262147; do add softmax_f16_cluster_softmax "$s"; done
for s in R=1,C=3 R=5,C=16384 R=3,C=16385 R=7,C=50257 R=64,C=1000; do add rmsnorm_bf16_cluster_rmsnorm "$s"; done
for s in R=1,C=1 R=33,C=7 R=100,C=128 R=9,C=129 R=3,C=100003; do add softmax_f32_cluster_softmax "$s"; done
for s in R=1,C=9 R=3,C=100003 R=16,C=1048576; do add layernorm_f16_cluster_layernorm "$s"; done
for s in R=5,C=8 R=3,C=24576 R=2,C=24577 R=7,C=50257; do add add_rmsnorm_bf16_cluster_rmsnorm "$s"; done
# f32 rows split over a cluster's blocks, in registers (the suite's *_split
# configs: softmax cached up to 57344 values, layernorm 131072, rmsnorm
# 40960): short and odd rows, the longest cached, one past (streamed), row
# counts from 1 to several waves.
for s in R=1,C=1 R=33,C=7 R=3,C=57344 R=2,C=57345 R=500,C=50257 R=67,C=40009; do add softmax_f32_split_softmax "$s"; done
for s in R=1,C=3 R=5,C=100003 R=3,C=131072 R=2,C=131073 R=300,C=65536; do add layernorm_f32_split_layernorm "$s"; done
for s in R=7,C=9 R=3,C=40960 R=2,C=40961 R=1000,C=33001; do add rmsnorm_f32_split_rmsnorm "$s"; done
for t in f16 bf16 f32; do
  for s in $mm_shapes; do add "mm_${t}_matmul" "$s"; done
  [ "$t" != f32 ] && add "mm_${t}_to_${t}_matmul" "batch=2,M=1000,N=1030,K=777" && add "mm_${t}_to_${t}_matmul" "batch=2,M=520,N=1032,K=1000"
  # WMMA (f16 through gpu.subgroup_mma_*, bf16 through the NVVM intrinsics): aligned and unaligned rows.
  [ "$t" != f32 ] && for s in batch=2,M=1000,N=1032,K=776 batch=3,M=129,N=264,K=8 batch=1,M=33,N=65,K=17; do add "mm_${t}_wmma_matmul" "$s"; done
  # The cp.async pipeline (the default on sm_90 takes TMA copies).
  [ "$t" != f32 ] && for s in batch=2,M=1000,N=1032,K=776 batch=3,M=129,N=264,K=8 batch=1,M=33,N=65,K=17; do add "mm_${t}_cp_async_matmul" "$s"; done
  # The stream-K tail (f16: 256x128 tiles; bf16 to f32: 128x256): shapes
  # whose tail blocks span two tiles (1000^2 x 776, 4352^2 x 520; 1000^2 x
  # 200: a tile over 4 blocks), one whose blocks end where tiles do (2000 x
  # 3000 x 1000), one whose plan has no tail (batch 2), one with unaligned
  # rows (K odd).
  [ "$t" != f32 ] && for s in batch=1,M=1000,N=1000,K=776 batch=1,M=4352,N=4352,K=520 batch=1,M=1000,N=1000,K=200 batch=1,M=2000,N=3000,K=1000 batch=2,M=1000,N=1032,K=776 batch=1,M=1000,N=1000,K=777 batch=1,M=256,N=256,K=65536 batch=1,M=300,N=200,K=20000; do add "mm_${t}_split_matmul" "$s"; done
  # Tall K over few tiles: split-K through the tail kernel (16 steps a block);
  # K or N odd too (the runtime's 16-byte copies of A and B; C's odd rows
  # stored element by element in the tail's sum).
  [ "$t" != f32 ] && for s in batch=1,M=256,N=256,K=65536 batch=1,M=130,N=520,K=32768 batch=1,M=1024,N=1024,K=32768 batch=1,M=520,N=504,K=20000 batch=1,M=255,N=257,K=32771 batch=1,M=256,N=256,K=65535 batch=1,M=130,N=517,K=32768 batch=1,M=1000,N=1001,K=20001; do add "mm_${t}_matmul" "$s"; done
  # The gemv kernel (M <= 8 at launch): one row and a few, B rows whole
  # vectors and not (N odd: scalar loads), N narrower than a block (5
  # columns), K shorter than a chunk and long, a batch, just past 8 rows.
  for s in batch=1,M=1,N=4096,K=4096 batch=1,M=3,N=5,K=100003 batch=1,M=8,N=4097,K=1000 batch=2,M=5,N=1000,K=777 batch=1,M=2,N=264,K=3 batch=3,M=7,N=24,K=515 batch=1,M=9,N=264,K=300; do add "mm_${t}_matmul" "$s"; done
  [ "$t" != f32 ] && add "mm_${t}_to_${t}_matmul" "batch=1,M=4,N=11008,K=4096"
  # 16x64 tensor-core tiles (sm_90, 8 < M <= 16 where N > 8192 at launch):
  # whole and partial tiles, unaligned rows (the scalar path), a batch,
  # short and long K.
  [ "$t" != f32 ] && for s in batch=1,M=16,N=8200,K=4096 batch=1,M=13,N=8193,K=777 batch=2,M=16,N=9000,K=300 batch=1,M=10,N=11008,K=64 batch=1,M=11,N=8200,K=20011; do add "mm_${t}_matmul" "$s"; done
  # The narrow few-rows tiling (sm_90, 8 < M <= 32 where N <= 8192 at
  # launch: 32x64 tiles in 8 stages, the stream-K tail): whole and partial
  # tiles, N at its bound, unaligned rows (no tail), a batch (no tail),
  # long and short K.
  [ "$t" != f32 ] && for s in batch=1,M=16,N=4096,K=4096 batch=1,M=32,N=8192,K=14336 batch=1,M=24,N=4095,K=777 batch=1,M=13,N=8191,K=777 batch=2,M=20,N=1000,K=300 batch=1,M=11,N=24,K=20011 batch=1,M=17,N=24,K=2001 batch=1,M=32,N=64,K=8; do add "mm_${t}_matmul" "$s"; done
  # The few-rows tiling (sm_90, 16 < M <= 64 past the narrow tiles: 64x128
  # tiles, the stream-K tail as split-K): whole and partial tiles, unaligned
  # rows (no tail), a batch (no tail), long and short K, wide N, N just past
  # the narrow tiles' 8192; just past.
  [ "$t" != f32 ] && for s in batch=1,M=64,N=4096,K=4096 batch=1,M=33,N=4097,K=777 batch=2,M=40,N=1000,K=300 batch=1,M=50,N=24,K=20011 batch=1,M=64,N=11008,K=64 batch=1,M=48,N=14336,K=4096 batch=1,M=32,N=8193,K=4096 batch=1,M=65,N=264,K=2001; do add "mm_${t}_matmul" "$s"; done
  # wgmma (f16: 128x256 tiles to f16; bf16: 128x128 to f32): aligned, unaligned
  # (the scalar path, in two column halves), the stream-K tail, a batch.
  [ "$t" != f32 ] && for s in batch=1,M=1000,N=1032,K=776 batch=1,M=4096,N=4096,K=4096 batch=3,M=129,N=264,K=8 batch=1,M=33,N=65,K=17 batch=1,M=1000,N=1000,K=777 batch=1,M=4352,N=4352,K=520 batch=1,M=1000,N=1000,K=200 batch=2,M=2000,N=3000,K=1000 batch=1,M=1,N=4096,K=4096; do add "mm_${t}_wgmma_matmul" "$s"; done
  for s in $row_shapes; do add "softmax_${t}_softmax" "$s"; add "rmsnorm_${t}_rmsnorm" "$s"; add "layernorm_${t}_layernorm" "$s"; done
done
# TF32 (f32 through mma.sync m16n8k8; TMA or cp.async stages): the matmul shapes,
# rows of A and B whole 16-byte chunks and not (K or N not a multiple of 4:
# the scalar copies), the small tilings (by launch cost), the gemv kernel
# (M <= 8), a batch, long K; on sm_90 the TMA kernel's stream-K tail (few
# tiles, long K), K a multiple of 4 but not 8 (TMA, no tail), few rows.
for s in $mm_shapes batch=2,M=1000,N=1032,K=776 batch=1,M=1000,N=1031,K=777 batch=1,M=3,N=5,K=100003 batch=1,M=8,N=4097,K=1000 batch=1,M=9,N=264,K=300 batch=1,M=200,N=300,K=20011 batch=1,M=2048,N=2048,K=2048 batch=4,M=333,N=129,K=64 batch=1,M=256,N=256,K=65536 batch=1,M=300,N=520,K=8204 batch=1,M=32,N=4096,K=4096; do add mm_tf32_matmul "$s"; done
for t in f16 bf16 f32; do
  for d in 64 128; do
    for c in "" _causal; do
      for st in 1 77 1024 4096; do
        for g in 8 2; do
          [ "$t" != f16 ] && [ "$st" = 4096 ] && continue  # f16 covers the longest; others up to 1024
          add "attn${d}${c}_${t}_attention" "B=2,H=8,G=$g,S=$st,T=$st"
        done
      done
      add "attn${d}${c}_${t}_attention" "B=2,H=8,G=2,S=1,T=1024"    # decode step
      add "attn${d}${c}_${t}_attention" "B=2,H=8,G=2,S=300,T=77"    # S > T: causal rows that see no key
      add "attn${d}${c}_${t}_attention" "B=1,H=4,G=1,S=77,T=300"
    done
  done
done
# Causal with a last block whose second warpgroup has no rows (it skips
# every tile while the first overlaps its products).
add attn128_causal_f16_attention B=1,H=8,G=2,S=4099,T=4099
add attn64_causal_bf16_attention B=2,H=4,G=4,S=2053,T=2053
# Other head dims on tensor cores: 256 (32-key tiles, Q re-read), 80 and 96
# (odd multiples of 8, padded to 16), at sizes that are not multiples of a tile.
for k in attn256_causal_f16 attn256_bf16 attn80_causal_f16 attn96_bf16; do
  for s in B=1,H=8,G=2,S=77,T=300 B=2,H=16,G=8,S=300,T=77 B=1,H=32,G=8,S=4099,T=4099 B=2,H=8,G=1,S=1,T=1024; do
    add "${k}_attention" "$s"
  done
done
# The decode kernel (GQA rows packed, keys split, partials combined): long
# T with a few query rows, as the runtime plans it and with forced splits
# (1: no combine; 3; 64: more splits than key tiles, so some are empty).
for k in attn128_f16 attn128_causal_bf16 attn64_causal_f16 attn256_causal_f16 attn80_causal_f16; do
  for s in B=16,H=32,G=8,S=1,T=4099 B=4,H=32,G=8,S=16,T=4099 B=1,H=8,G=1,S=5,T=20011 B=3,H=6,G=2,S=300,T=1000; do
    add "${k}_attention" "$s"
  done
  for n in 1 3 64; do cases+=("${k}_attention|B=2,H=16,G=4,S=7,T=3001|--split-keys $n"); done
done
# Elementwise ops (issue 29): single elements, odd row lengths (the vector
# path's scalar tail, a broadcast rhs whose rows are not whole vectors),
# partial blocks, a large case; transpose and the causal mask at tiles cut by
# the edges and at S > T, S < T.
ew_shapes="R=1,C=1 R=7,C=3 R=1000,C=1000 R=3,C=100003 R=33,C=4097 R=4096,C=4096"
for t in f16 bf16 f32; do
  for k in add residual mul silu gelu gelu_tanh scale; do
    op=${k/residual/add}; op=${op/gelu_tanh/gelu}
    for s in $ew_shapes; do add "${k}_${t}_${op}" "$s"; done
  done
  for s in batch=1,R=1,C=1 batch=3,R=77,C=130 batch=2,R=1000,C=1001 batch=1,R=4096,C=4096 batch=5,R=64,C=64; do
    add "transpose_${t}_transpose" "$s"
  done
  for s in batch=1,S=1,T=1 batch=3,S=77,T=300 batch=2,S=300,T=77 batch=4,S=1000,T=1000 batch=2,S=5,T=3; do
    add "mask_${t}_causal_mask" "$s"
  done
done
# Transposes with a run after the swapped dims (tokens x heads x D ->
# heads x tokens x D): runs of 128, 64 and any length, partial blocks.
for s in batch=1,R=1,C=1 batch=1,R=77,C=32 batch=3,R=1000,C=8 batch=1,R=4096,C=32; do
  add "heads_f16_transpose" "$s,inner=128"
  add "heads_any_f32_transpose" "$s,inner=3"
done
add "heads_any_f32_transpose" "batch=2,R=33,C=5,inner=129"
for s in batch=1,R=1,C=1 batch=1,R=77,C=32 batch=1,R=4099,C=8; do add "heads_bf16_transpose" "$s,inner=64"; done
# Fused chains (mini.elementwise: bias, gelu, scale, residual; SwiGLU's
# product; a per-channel scale, gelu and a cast).
for k in chain_f16 swiglu_bf16 chain_cast_f32; do
  for s in $ew_shapes; do add "${k}_elementwise" "$s"; done
done
for k in cast_f32_to_bf16 cast_f32_to_f16 cast_f16_to_f32 cast_bf16_to_f16; do
  for s in $ew_shapes; do add "${k}_cast" "$s"; done
done
# Matmul epilogues (bias, activation, residual, cast in the store): every
# path at odd shapes, unaligned rows (the scalar path), a batch, the
# stream-K tail and split-K.
epi_shapes="batch=1,M=1,N=1,K=1 batch=1,M=17,N=33,K=65 batch=1,M=1000,N=1030,K=777 batch=1,M=1000,N=1032,K=776 batch=3,M=129,N=264,K=100"
for k in epi_f16 epi_bf16_wgmma epi_f16_cp_async epi_bf16_wmma epi_f16_split epi_f32; do
  for s in $epi_shapes; do add "${k}_matmul" "$s"; done
done
# The gemv kernel's epilogue (bias, residual): aligned and odd rows.
for s in batch=1,M=3,N=1032,K=777 batch=2,M=8,N=33,K=65; do add epi_f16_matmul "$s"; add epi_f32_matmul "$s"; done
# ... and the 16x64 tiles'.
for s in batch=1,M=12,N=1032,K=777 batch=2,M=16,N=33,K=65; do add epi_f16_matmul "$s"; done
# ... and the few-rows tiles' (the tail's split-K sum, then the epilogue).
for s in batch=1,M=40,N=1032,K=4096 batch=1,M=64,N=264,K=777; do add epi_f16_matmul "$s"; done
for s in batch=1,M=1000,N=1000,K=776 batch=1,M=4352,N=4352,K=520 batch=1,M=256,N=256,K=65536 batch=1,M=4096,N=4096,K=4096 batch=1,M=255,N=257,K=32771 batch=1,M=1000,N=1001,K=4099 batch=1,M=2000,N=2001,K=2000 batch=1,M=4096,N=4095,K=4096; do
  add epi_f16_split_matmul "$s"; add epi_bf16_wgmma_matmul "$s"; add epi_f16_matmul "$s"
done
# Weights of static N and K, M at launch: each variant by M either side of
# its bound (gemv to 4, few-rows tiles from 5 to 64: narrow ones to 64
# rows for the f16 weights' N = 1000, to 32 for the bf16 ones, 64x128 to
# 47 and 64x64 from 48 for the bf16 ones' N = 4096; then by
# bound the one-wave 128x64 wgmma tiles, 640 rows for the f16 weights, 256
# for the bf16 ones (their last row of tiles moved up); then by launch cost
# among the default, 128x192 and 128x128 wgmma and 64x128 mma.sync tiles).
for s in M=1 M=4 M=5 M=8 M=9 M=13 M=16 M=17 M=33 M=47 M=48 M=64 M=65 M=128 M=129 M=160 M=200 M=256 M=257 M=300 M=640 M=641 M=768 M=1000 M=1100 M=1300 M=2100; do
  add mm_f16_weights_matmul "$s"; add mm_bf16_weights_long_k_matmul "$s"
done
# K = 2048 (one-wave tiles without a tail, to 1024 rows): each side of
# the bound, a partial last row of tiles, and past it by launch cost.
for s in M=1 M=100 M=129 M=1000 M=1024 M=1025 M=3000; do add mm_f16_weights_k2048_matmul "$s"; done
# SwiGLU's product pair: 1 to several waves of row tiles, M past a tile.
for s in M=1 M=7 M=64 M=129 M=1000 M=4097; do add pair_f16_matmul "$s"; done
for s in M=1 M=300 M=2048; do add pair_bf16_matmul "$s"; done
# The persistent ping-pong kernel: fewer tiles than SMs, one tile, about
# two a block (each warpgroup one), many a block (the ring's phases wrap).
for s in M=1 M=7 M=64 M=65 M=1000 M=4097 M=20000; do add pp_f16_matmul "$s"; done
for s in M=1 M=129 M=3000; do add pp_epi_bf16_matmul "$s"; done
for s in M=5 M=1000 M=8191; do add pp_res_f16_matmul "$s"; done
for s in M=1 M=65 M=127 M=1000 M=20000; do add pp_c2_f16_matmul "$s"; done
for s in M=1 M=200 M=3001; do add pp_c4_bf16_matmul "$s"; done
# Residual norms (x + r normalized, the sum written too): every band of
# lengths and the staged rows, odd lengths, partial blocks; one without the
# sum; the shared slots, short and long rows and one past them (streamed).
for t in f16 bf16 f32; do
  for s in R=1,C=1 R=1001,C=3 R=333,C=17 R=5,C=7 R=77,C=33 R=1000,C=1000 R=999,C=257 R=33,C=8193 R=9,C=32769 R=7,C=50257; do
    add "add_rmsnorm_${t}_rmsnorm" "$s"; add "add_layernorm_${t}_layernorm" "$s"
  done
done
for s in R=1001,C=3 R=64,C=4096 R=7,C=50257; do add add_rmsnorm_nosum_bf16_rmsnorm "$s"; done
for s in R=5,C=8 R=7,C=40009 R=3,C=53248 R=2,C=53249; do add add_rmsnorm_f16_shared_rmsnorm "$s"; done
# NaN and -inf planted in the inputs must propagate exactly as in the reference.
nonfinite=("softmax_f16_softmax|R=64,C=1000" "softmax_f16_softmax|R=5000,C=1" "layernorm_f32_layernorm|R=3000,C=2"
           "rmsnorm_bf16_rmsnorm|R=1001,C=8" "softmax_bf16_softmax|R=999,C=16" "softmax_f32_softmax|R=8,C=100000" "rmsnorm_bf16_rmsnorm|R=64,C=4096"
           "softmax_bf16_softmax|R=999,C=17" "softmax_f16_softmax|R=100,C=3" "rmsnorm_f16_rmsnorm|R=100,C=250"
           "softmax_f16_softmax|R=515,C=61" "layernorm_f32_layernorm|R=300,C=37"
           "softmax_f16_softmax|R=7,C=50257" "softmax_f16_shared_softmax|R=5,C=40009"
           "rmsnorm_bf16_shared_rmsnorm|R=3,C=100003" "softmax_f32_shared_softmax|R=4,C=20001"
           "layernorm_f16_layernorm|R=64,C=1000" "layernorm_bf16_layernorm|R=999,C=17" "layernorm_f32_layernorm|R=3,C=100000"
           "mm_f16_matmul|batch=1,M=100,N=90,K=80" "attn64_causal_f16_attention|B=1,H=4,G=2,S=77,T=77"
           "attn128_causal_bf16_attention|B=1,H=4,G=2,S=300,T=77" "attn128_bf16_attention|B=1,H=2,G=2,S=33,T=100"
           "attn128_causal_f16_attention|B=1,H=8,G=2,S=1000,T=1000" "attn80_causal_f16_attention|B=1,H=4,G=2,S=300,T=300"
           "attn256_causal_f16_attention|B=1,H=4,G=4,S=200,T=260"
           "attn128_causal_f16_attention|B=4,H=32,G=8,S=9,T=2000" "attn64_f16_attention|B=8,H=16,G=2,S=1,T=5000"
           # Enough work items (>= 132) for the causal main kernels, whose
           # masked tiles' V the producer's warps scan for NaN and Inf.
           "attn64_causal_bf16_attention|B=2,H=66,G=33,S=400,T=400" "attn128_causal_f16_attention|B=1,H=132,G=66,S=300,T=333"
           "attn256_causal_f16_attention|B=1,H=132,G=132,S=130,T=200" "attn80_causal_f16_attention|B=2,H=70,G=35,S=200,T=333"
           "add_bf16_add|R=33,C=4097" "mul_f16_mul|R=100,C=1000" "silu_f16_silu|R=100,C=1000"
           "gelu_bf16_gelu|R=100,C=1000" "gelu_tanh_f32_gelu|R=7,C=3" "cast_f32_to_bf16_cast|R=33,C=4097"
           "mask_f16_causal_mask|batch=2,S=77,T=300" "transpose_bf16_transpose|batch=3,R=77,C=130"
           "chain_f16_elementwise|R=33,C=4097" "swiglu_bf16_elementwise|R=100,C=1000"
           "epi_f16_matmul|batch=1,M=100,N=90,K=80" "epi_bf16_wgmma_matmul|batch=1,M=300,N=512,K=128"
           "pair_f16_matmul|M=300" "pair_bf16_matmul|M=129" "pp_epi_bf16_matmul|M=300"
           "add_rmsnorm_f16_rmsnorm|R=64,C=1000" "add_layernorm_bf16_layernorm|R=999,C=17"
           "add_layernorm_f32_layernorm|R=3,C=100000" "add_rmsnorm_f16_shared_rmsnorm|R=5,C=40009"
           "softmax_f16_cluster_softmax|R=3,C=100003" "softmax_f16_cluster_softmax|R=2,C=300001"
           "softmax_bf16_softmax|R=5,C=100003" "rmsnorm_f16_rmsnorm|R=30,C=40000"
           "rmsnorm_bf16_cluster_rmsnorm|R=5,C=16000" "softmax_f32_cluster_softmax|R=33,C=61"
           "layernorm_f16_cluster_layernorm|R=3,C=100003" "add_rmsnorm_bf16_cluster_rmsnorm|R=3,C=20001"
           "softmax_f32_split_softmax|R=5,C=50257" "layernorm_f32_split_layernorm|R=3,C=100003"
           "rmsnorm_f32_split_rmsnorm|R=9,C=33001")
for c in "${nonfinite[@]}"; do cases+=("$c|--nonfinite"); done
if [ "$mode" = quick ]; then
  cases=("${cases[@]:0:12}")
elif [ "$mode" != full ]; then # a regex: only the cases whose kernel matches
  kept=(); for c in "${cases[@]}"; do [[ "${c%%|*}" =~ $mode ]] && kept+=("$c"); done
  cases=("${kept[@]}")
fi

pass=0; fail=0; failed=()
for c in "${cases[@]}"; do
  IFS='|' read -r k s extra <<<"$c"
  out=$("$minirun" "$bundle" --kernel "$k" --size "$s" --iters 5 --warmup 2 $extra 2>&1)
  rc=$?
  if [ $rc -eq 77 ]; then echo "gpu-check: skipped: $out"; exit 77; fi
  echo "$out" | grep -E "^(${k}|  )" || echo "$out"
  if [ $rc -eq 0 ]; then pass=$((pass+1)); else fail=$((fail+1)); failed+=("$k $s $extra (rc=$rc)"); fi
done
# The static bundles: each kernel once, at the sizes compiled into it (the
# attention ones also with non-finite inputs).
statics=("$static|")
for d in "$(dirname "$bundle")"/attention-static*; do
  [ -d "$d" ] && statics+=("$d|" "$d|--nonfinite")
done
if [ "$mode" = full ] || [[ static =~ $mode ]]; then
  for entry in "${statics[@]}"; do
    IFS='|' read -r dir extra <<<"$entry"
    [ -f "$dir/manifest.json" ] || continue
    out=$("$minirun" "$dir" --iters 3 --warmup 1 $extra 2>&1)
    rc=$?
    if [ $rc -eq 77 ]; then echo "gpu-check: skipped: $out"; exit 77; fi
    echo "$out" | grep -E "PASS|FAIL|error"
    passed=$(grep -c " PASS$" <<<"$out"); failedStatic=$(grep -c " FAIL$" <<<"$out")
    pass=$((pass + passed)); fail=$((fail + failedStatic))
    [ $rc -ne 0 ] && [ "$failedStatic" -eq 0 ] && fail=$((fail + 1))
    [ $rc -ne 0 ] && failed+=("static bundle $dir $extra (rc=$rc)")
  done
fi
echo
for f in "${failed[@]}"; do echo "FAILED: $f"; done
echo "gpu-check: $pass passed, $fail failed"
[ $fail -eq 0 ]
