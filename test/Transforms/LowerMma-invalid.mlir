// Tests lib/Transforms/LowerMma.cpp.
// RUN: mini-opt %s -split-input-file -mini-lower-mma -verify-diagnostics

gpu.module @m {
  // expected-error @+1 {{'gpu.func' op has warp ops but no mini.mma_kind = #mini.math<mma_sync>, <wmma> or <wgmma>}}
  gpu.func @no_kind() kernel {
    %zero = mini.warp_zero : !mini.warp_tile<acc, 16x16xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  // CUDA cores have no warp tiles.
  // expected-error @+1 {{'gpu.func' op has warp ops but no mini.mma_kind = #mini.math<mma_sync>, <wmma> or <wgmma>}}
  gpu.func @bad_kind() kernel attributes {mini.mma_kind = #mini.math<simt>} {
    %zero = mini.warp_zero : !mini.warp_tile<acc, 16x16xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @wmma_swizzled(%s: memref<4x128x64xf16, #gpu.address_space<workgroup>>, %i: index) kernel attributes {mini.mma_kind = #mini.math<wmma>} {
    // expected-error @+1 {{'mini.warp_load' op reads swizzled stages, which WMMA loads cannot address}}
    %a = mini.warp_load %s[%i, %i, %i] {swizzled} : memref<4x128x64xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<a, 16x16xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @mixed_types(%s: memref<1x16x24xf16, #gpu.address_space<workgroup>>,
                        %t: memref<1x16x24xbf16, #gpu.address_space<workgroup>>, %i: index) kernel attributes {mini.mma_kind = #mini.math<wmma>} {
    %a = mini.warp_load %s[%i, %i, %i] : memref<1x16x24xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<a, 16x16xf16>
    // expected-error @+1 {{'mini.warp_load' op reads 'bf16' but the function's other warp tiles are 'f16'; one operand type per function}}
    %b = mini.warp_load %t[%i, %i, %i] : memref<1x16x24xbf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<b, 16x16xbf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @wmma_no_scratch(%c: memref<?xf32>, %i: index) kernel attributes {mini.mma_kind = #mini.math<wmma>} {
    %zero = mini.warp_zero : !mini.warp_tile<acc, 16x16xf32>
    // expected-error @+1 {{'mini.warp_store' op needs a [warps, 16, 16] f32 scratch with WMMA}}
    mini.warp_store %zero, %c[%i] at(%i, %i) bounds(%i, %i) : !mini.warp_tile<acc, 16x16xf32>, memref<?xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @mma_sync_scratch(%c: memref<?xf16>, %s: memref<300xf16, #gpu.address_space<workgroup>>, %i: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %zero = mini.warp_zero : !mini.warp_tile<acc, 16x16xf32>
    // expected-error @+1 {{'mini.warp_store' op needs a 1-D 'f16' scratch of whole 384-element warp slices; got 'memref<300xf16, #gpu.address_space<workgroup>>'}}
    mini.warp_store %zero, %c[%i] at(%i, %i) bounds(%i, %i) scratch(%s : memref<300xf16, #gpu.address_space<workgroup>>) : !mini.warp_tile<acc, 16x16xf32>, memref<?xf16>
    gpu.return
  }
}

// -----

// expected-error @+1 {{'func.func' op takes or returns warp tiles; they live within one kernel}}
func.func @tile_argument(%t: !mini.warp_tile<acc, 16x16xf32>, %c: memref<?xf32>, %i: index) attributes {mini.mma_kind = #mini.math<mma_sync>} {
  mini.warp_store %t, %c[%i] at(%i, %i) bounds(%i, %i) : !mini.warp_tile<acc, 16x16xf32>, memref<?xf32>
  return
}

// -----

// A warpgroup op needs the wgmma kind: mma.sync fragments alone cannot issue it.
gpu.module @m {
  gpu.func @warpgroup_in_mma_sync(%sa: memref<4x128x64xf16, #gpu.address_space<workgroup>>, %sb: memref<4x4x64x64xf16, #gpu.address_space<workgroup>>, %i: index) kernel attributes {mini.mma_kind = #mini.math<mma_sync>} {
    %zero = mini.warp_zero : !mini.warp_tile<acc, 16x256xf32>
    // expected-error @+1 {{'mini.warpgroup_mma' op needs a function of mini.mma_kind = #mini.math<wgmma>; this one's is #mini.math<mma_sync>}}
    %r = mini.warpgroup_mma stage %i row %i of %sa, %sb, %zero : memref<4x128x64xf16, #gpu.address_space<workgroup>>, memref<4x4x64x64xf16, #gpu.address_space<workgroup>> -> !mini.warp_tile<acc, 16x256xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @wmma_swiglu() kernel attributes {mini.mma_kind = #mini.math<wmma>} {
    %zero = mini.warp_zero : !mini.warp_tile<acc, 16x32xf32>
    // expected-error @+1 {{'mini.warp_swiglu' op needs mma.sync or wgmma fragments; WMMA's are opaque}}
    %h = mini.warp_swiglu %zero : !mini.warp_tile<acc, 16x32xf32> -> !mini.warp_tile<acc, 16x16xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @wmma_tf32(%s: memref<2x64x12xf32, #gpu.address_space<workgroup>>, %i: index) kernel attributes {mini.mma_kind = #mini.math<wmma>} {
    // expected-error @+1 {{'mini.warp_load' op reads f32 (tf32) tiles, which only mma.sync multiplies}}
    %a = mini.warp_load %s[%i, %i, %i] : memref<2x64x12xf32, #gpu.address_space<workgroup>> -> !mini.warp_tile<a, 16x8xf32>
    gpu.return
  }
}
