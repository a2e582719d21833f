// RUN: mini-opt %s -split-input-file -verify-diagnostics

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
func.func @uneven_threads(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op needs tile_k and tile_n multiples of 8 and whole 8-element copies per thread; got tile 64x64x32 for 96 threads}}
  mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {threads = 96 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb
  return
}

// -----

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
func.func @tile_rank(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op tile must be [tile_m, tile_n, tile_k]; got 2 sizes}}
  mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {threads = 128 : i64, tile = array<i64: 64, 64>} : memref<?xf16>, memref<?xf16>, !sa, !sb
  return
}

// -----

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
func.func @mixed(%a: memref<?xf16>, %b: memref<?xbf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op a and b element types differ: 'f16' and 'bf16'}}
  mini.stage_copy %a[%i], %b[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xbf16>, !sa, !sb
  return
}

// -----

!sa = memref<3x64x24xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
func.func @stage_too_narrow(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op sa must be workgroup memory of 'f16', [stages, 64, >= 32]; got 'memref<3x64x24xf16, #gpu.address_space<workgroup>>'}}
  mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb
  return
}

// -----

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16>
func.func @global_stage(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op sb must be workgroup memory of 'f16', [stages, 32, >= 64]; got 'memref<3x32x72xf16>'}}
  mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb
  return
}

// -----

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
func.func @async_without_token(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op returns a token exactly when async}}
  mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {async, threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb
  return
}

// -----

!sa = memref<3x64x40xf16, #gpu.address_space<workgroup>>
!sb = memref<3x32x72xf16, #gpu.address_space<workgroup>>
func.func @interior_sync(%a: memref<?xf16>, %sa: !sa, %sb: !sb, %i: index) {
  // expected-error @+1 {{'mini.stage_copy' op interior applies only to async copies}}
  mini.stage_copy %a[%i], %a[%i] block(%i, %i) sizes(%i, %i, %i) into %sa, %sb[%i] step %i {interior, threads = 128 : i64, tile = array<i64: 64, 64, 32>} : memref<?xf16>, memref<?xf16>, !sa, !sb
  return
}
