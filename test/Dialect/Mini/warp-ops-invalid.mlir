// RUN: mini-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{warp_tile role must be a, b or acc; got 'c'}}
func.func private @bad_role(!mini.warp_tile<c, 16x16xf32>)

// -----

// expected-error @+1 {{warp_tile acc must hold f32; got 'f16'}}
func.func private @acc_f16(!mini.warp_tile<acc, 16x16xf16>)

// -----

// expected-error @+1 {{warp_tile a of 'f16' must be rows x 16 (one mma deep); got 16x32}}
func.func private @a_too_deep(!mini.warp_tile<a, 16x32xf16>)

// -----

// expected-error @+1 {{warp_tile b of 'f32' must be 8 x cols (one mma deep); got 16x16}}
func.func private @b_tf32_too_deep(!mini.warp_tile<b, 16x16xf32>)

// -----

// expected-error @+1 {{warp_tile b must hold f16, bf16 or f32 (tf32); got 'i32'}}
func.func private @b_i32(!mini.warp_tile<b, 16x16xi32>)

// -----

// expected-error @+1 {{warp_tile sides must be positive multiples of 16 but for the depth; got 24x16}}
func.func private @ragged(!mini.warp_tile<acc, 24x16xf32>)

// -----

// expected-error @+1 {{warp_tile sides must be at most 256; got 16x4096}}
func.func private @huge(!mini.warp_tile<acc, 16x4096xf32>)

// -----

// expected-error @+1 {{warp_tile must be 2-D; got rank 3}}
func.func private @rank3(!mini.warp_tile<acc, 16x16x16xf32>)

// -----

func.func @load_global(%s: memref<2x64x24xf16>, %i: index) {
  // expected-error @+1 {{'mini.warp_load' op source must be in workgroup memory; got 'memref<2x64x24xf16>'}}
  %a = mini.warp_load %s[%i, %i, %i] : memref<2x64x24xf16> -> !mini.warp_tile<a, 16x16xf16>
  return
}

// -----

func.func @load_type(%s: memref<2x64x24xbf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'mini.warp_load' op source element type 'bf16' differs from the tile's 'f16'}}
  %a = mini.warp_load %s[%i, %i, %i] : memref<2x64x24xbf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<a, 16x16xf16>
  return
}

// -----

func.func @load_too_big(%s: memref<2x32x24xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'mini.warp_load' op the 64x16 tile does not fit a 32x24 stage}}
  %a = mini.warp_load %s[%i, %i, %i] : memref<2x32x24xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<a, 64x16xf16>
  return
}

// -----

func.func @load_a_boxes(%s: memref<2x2x64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'mini.warp_load' op source must be [stages, rows, cols]; got rank 4}}
  %a = mini.warp_load %s[%i, %i, %i] {swizzled} : memref<2x2x64x64xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<a, 16x16xf16>
  return
}

// -----

func.func @load_boxes_unswizzled(%s: memref<2x2x64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'mini.warp_load' op a source of boxes must be swizzled}}
  %b = mini.warp_load %s[%i, %i, %i] : memref<2x2x64x64xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<b, 16x16xf16>
  return
}

// -----

func.func @load_bad_swizzle(%s: memref<2x64x24xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'mini.warp_load' op swizzled rows must be 32, 64 or 128 bytes (a TMA swizzle span); got 48}}
  %a = mini.warp_load %s[%i, %i, %i] {swizzled} : memref<2x64x24xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<a, 16x16xf16>
  return
}

// -----

func.func @mma_shapes(%a: !mini.warp_tile<a, 32x16xf16>, %b: !mini.warp_tile<b, 16x16xf16>, %c: !mini.warp_tile<acc, 16x16xf32>) {
  // expected-error @+1 {{'mini.warp_mma' op accumulator 16x16 does not match a 32x16 times b 16x16}}
  %d = mini.warp_mma %a, %b, %c : !mini.warp_tile<a, 32x16xf16>, !mini.warp_tile<b, 16x16xf16> -> !mini.warp_tile<acc, 16x16xf32>
  return
}

// -----

func.func @mma_roles(%a: !mini.warp_tile<b, 16x16xf16>, %c: !mini.warp_tile<acc, 16x16xf32>) {
  // expected-error @+1 {{'mini.warp_mma' op operands must be an a tile and a b tile; got b and b}}
  %d = mini.warp_mma %a, %a, %c : !mini.warp_tile<b, 16x16xf16>, !mini.warp_tile<b, 16x16xf16> -> !mini.warp_tile<acc, 16x16xf32>
  return
}

// -----

func.func @mma_types(%a: !mini.warp_tile<a, 16x16xf16>, %b: !mini.warp_tile<b, 16x16xbf16>, %c: !mini.warp_tile<acc, 16x16xf32>) {
  // expected-error @+1 {{'mini.warp_mma' op a and b element types differ: 'f16' and 'bf16'}}
  %d = mini.warp_mma %a, %b, %c : !mini.warp_tile<a, 16x16xf16>, !mini.warp_tile<b, 16x16xbf16> -> !mini.warp_tile<acc, 16x16xf32>
  return
}

// -----

func.func @mma_acc_operand(%a: !mini.warp_tile<a, 16x16xf16>, %b: !mini.warp_tile<b, 16x16xf16>) {
  // expected-error @+1 {{'mini.warp_mma' op operand #2 must be warp accumulator tile, but got '!mini.warp_tile<a, 16x16xf16>'}}
  %d = mini.warp_mma %a, %b, %a : !mini.warp_tile<a, 16x16xf16>, !mini.warp_tile<b, 16x16xf16> -> !mini.warp_tile<a, 16x16xf16>
  return
}

// -----

func.func @store_any_cols_unstaged(%acc: !mini.warp_tile<acc, 16x16xf32>, %c: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'mini.warp_store' op any_cols applies only to stores through scratch}}
  mini.warp_store %acc, %c[%i] at(%i, %i) bounds(%i, %i) {any_cols} : !mini.warp_tile<acc, 16x16xf32>, memref<?xf32>
  return
}

// -----

func.func @store_pairs_scratch(%acc: !mini.warp_tile<acc, 16x16xf32>, %c: memref<?xf32>, %s: memref<384xf32, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'mini.warp_store' op pairs applies only to stores without scratch}}
  mini.warp_store %acc, %c[%i] at(%i, %i) bounds(%i, %i) scratch(%s : memref<384xf32, #gpu.address_space<workgroup>>) {pairs} : !mini.warp_tile<acc, 16x16xf32>, memref<?xf32>
  return
}

// -----

func.func @store_global_scratch(%acc: !mini.warp_tile<acc, 16x16xf32>, %c: memref<?xf32>, %s: memref<384xf32>, %i: index) {
  // expected-error @+1 {{'mini.warp_store' op scratch must be a static workgroup memref; got 'memref<384xf32>'}}
  mini.warp_store %acc, %c[%i] at(%i, %i) bounds(%i, %i) scratch(%s : memref<384xf32>) : !mini.warp_tile<acc, 16x16xf32>, memref<?xf32>
  return
}

// -----

func.func @warpgroup_mma_narrow_acc(%sa: memref<4x128x64xf16, #gpu.address_space<workgroup>>, %sb: memref<4x4x64x64xf16, #gpu.address_space<workgroup>>, %acc: !mini.warp_tile<acc, 16x128xf32>, %i: index) {
  // expected-error @+1 {{'mini.warpgroup_mma' op accumulator must be a warp's 16 x 256 quarter of an m64n256 product (n <= 256, A rows a multiple of 64); got 16x128 and 128 A rows}}
  %r = mini.warpgroup_mma stage %i row %i of %sa, %sb, %acc : memref<4x128x64xf16, #gpu.address_space<workgroup>>, memref<4x4x64x64xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<acc, 16x128xf32>
  return
}

// -----

func.func @warpgroup_mma_shallow_rows(%sa: memref<4x128x32xf16, #gpu.address_space<workgroup>>, %sb: memref<4x4x32x64xf16, #gpu.address_space<workgroup>>, %acc: !mini.warp_tile<acc, 16x256xf32>, %i: index) {
  // expected-error @+1 {{'mini.warpgroup_mma' op A rows and B box rows must be 128 bytes (the swizzle span) with the same depth; got A [128 x 32], B boxes [32 x 64]}}
  %r = mini.warpgroup_mma stage %i row %i of %sa, %sb, %acc : memref<4x128x32xf16, #gpu.address_space<workgroup>>, memref<4x4x32x64xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<acc, 16x256xf32>
  return
}

// -----

func.func @warpgroup_mma_global(%sa: memref<4x128x64xf16>, %sb: memref<4x4x64x64xf16, #gpu.address_space<workgroup>>, %acc: !mini.warp_tile<acc, 16x256xf32>, %i: index) {
  // expected-error @+1 {{'mini.warpgroup_mma' op stages must be in workgroup memory}}
  %r = mini.warpgroup_mma stage %i row %i of %sa, %sb, %acc : memref<4x128x64xf16>, memref<4x4x64x64xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<acc, 16x256xf32>
  return
}

// -----

func.func @warpgroup_mma_wait_results(%acc: !mini.warp_tile<acc, 16x256xf32>) {
  // expected-error @+1 {{'mini.warpgroup_mma_wait' op results must match the tiles: 1 tiles, 0 results}}
  mini.warpgroup_mma_wait 0 (%acc) : !mini.warp_tile<acc, 16x256xf32>
  return
}

// -----

func.func @warpgroup_mma_wait_pending() {
  // expected-error @+1 {{'mini.warpgroup_mma_wait' op pending must be in [0, 7]; got 8}}
  mini.warpgroup_mma_wait 8
  return
}

// -----

func.func @warp_store_bias_inputs(%c: memref<?xf16>, %e: memref<?xf16>, %i: index) {
  %zero = mini.warp_zero : !mini.warp_tile<acc, 16x16xf32>
  // expected-error @+1 {{'mini.warp_store' op bias_inputs has 2 entries for 1 epilogue inputs}}
  mini.warp_store %zero, %c[%i] at(%i, %i) bounds(%i, %i) epilogue(%e : memref<?xf16>) {bias_inputs = array<i1: true, false>} : !mini.warp_tile<acc, 16x16xf32>, memref<?xf16> {
  ^bb0(%acc: f32, %x: f32):
    mini.yield %acc : f32
  }
  return
}

// -----

func.func @warp_store_inputs_without_epilogue(%c: memref<?xf16>, %e: memref<?xf16>, %i: index) {
  %zero = mini.warp_zero : !mini.warp_tile<acc, 16x16xf32>
  // expected-error @+1 {{'mini.warp_store' op has 1 epilogue inputs but no epilogue}}
  mini.warp_store %zero, %c[%i] at(%i, %i) bounds(%i, %i) epilogue(%e : memref<?xf16>) : !mini.warp_tile<acc, 16x16xf32>, memref<?xf16>
  return
}

// -----

func.func @swiglu_not_half() {
  %zero = mini.warp_zero : !mini.warp_tile<acc, 16x32xf32>
  // expected-error @+1 {{'mini.warp_swiglu' op result must be the accumulator's 16 rows x half of its 32 columns (a multiple of 16) in f32; got '!mini.warp_tile<acc, 16x32xf32>'}}
  %h = mini.warp_swiglu %zero : !mini.warp_tile<acc, 16x32xf32> -> !mini.warp_tile<acc, 16x32xf32>
  return
}
