// Tests lib/Transforms/ExportBundle.cpp with the row kernels of a dynamic
// length: the first kernel's record names the others (size_variants), the
// longest row each takes (max_lengths, 0: any) and the most rows (max_rows,
// 0: any: on sm_90a the longest rows go by clusters of 8, 4 and 2 blocks a
// row where at most 16, 33 or 66 rows leave SMs idle), the kernel that
// takes only rows of part vectors (unaligned_only: rows of up to 64 values
// that are not a multiple of 8, staged), and every one is in the bundle's
// cubin.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mini-opt %s --mini-pipeline="bundle=%t toolkit=%cuda_toolkit" -o /dev/null
// RUN: FileCheck %s --input-file=%t/manifest.json
// RUN: grep -a -o -E "rows_softmax_(c16|c64|c64_unaligned|c32768|long|long_r16|long_r33|long_r66)\b" %t/mini_kernels.cubin | sort -u | FileCheck %s --check-prefix=CUBIN

// CHECK: "entry": "rows_softmax"
// CHECK: "max_lengths": [
// CHECK-NEXT: 8,
// CHECK-NEXT: 16,
// CHECK-NEXT: 32,
// CHECK-NEXT: 64,
// CHECK-NEXT: 64,
// CHECK-NEXT: 128,
// CHECK: 32768,
// CHECK-NEXT: 0,
// CHECK-NEXT: 0,
// CHECK-NEXT: 0,
// CHECK-NEXT: 0
// CHECK-NEXT: ],
// CHECK: "max_rows": [
// CHECK-COUNT-14: 0,
// CHECK-NEXT: 16,
// CHECK-NEXT: 33,
// CHECK-NEXT: 66,
// CHECK-NEXT: 0
// CHECK-NEXT: ],
// CHECK: "size_variants": [
// CHECK-NEXT: "rows_softmax_c16",
// CHECK-NEXT: "rows_softmax_c32",
// CHECK-NEXT: "rows_softmax_c64_unaligned",
// CHECK-NEXT: "rows_softmax_c64",
// CHECK: "rows_softmax_c32768",
// CHECK-NEXT: "rows_softmax_long_r16",
// CHECK-NEXT: "rows_softmax_long_r33",
// CHECK-NEXT: "rows_softmax_long_r66",
// CHECK-NEXT: "rows_softmax_long"
// CHECK-NEXT: ],
// CHECK: "unaligned_only": [
// CHECK-NEXT: 0,
// CHECK-NEXT: 0,
// CHECK-NEXT: 0,
// CHECK-NEXT: 8,
// CHECK-COUNT-13: 0,
// CHECK-NEXT: 0
// CHECK-NEXT: ]
// CHECK: "entry": "rows_softmax_c16"
// CHECK: "entry": "rows_softmax_long_r16"
// CHECK: "cluster": 8
// CHECK: "entry": "rows_softmax_long"
// CHECK-NOT: "max_lengths"
// CUBIN: rows_softmax_c16
// CUBIN-NEXT: rows_softmax_c32768
// CUBIN-NEXT: rows_softmax_c64
// CUBIN-NEXT: rows_softmax_c64_unaligned
// CUBIN-NEXT: rows_softmax_long
// CUBIN-NEXT: rows_softmax_long_r16
// CUBIN-NEXT: rows_softmax_long_r33
// CUBIN-NEXT: rows_softmax_long_r66
func.func @rows(%x: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = mini.softmax %x : tensor<?x?xf16> -> tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
