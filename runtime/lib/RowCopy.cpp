#include "RowCopy.h"

#include <algorithm>

namespace mini::rt {
namespace {

// Warp tid.y of block (x, y) takes rows y x ntid.y + tid.y, then every
// nctaid.y x ntid.y-th; its lane tid.x takes the row's 16-byte chunks x x
// 32 + tid.x, then every nctaid.x x 32-th: a few long rows (A of tall K)
// spread over as many blocks as many short ones. A row's last chunk loads
// only the bytes inside the row and pads with zeros (TMA never reads the
// padding: the maps' extents are the rows' own).
constexpr const char *kRowCopyPtx = R"(
.version 7.8
.target sm_80
.address_size 64

.visible .entry mini_rt_copy_rows(.param .u64 p_src, .param .u64 p_dst, .param .u64 p_rows,
                                  .param .u64 p_row_bytes, .param .u64 p_pitch)
{
  .reg .pred %p<10>;
  .reg .b16 %h<8>;
  .reg .b32 %r<10>;
  .reg .b64 %rd<20>;

  ld.param.u64 %rd1, [p_src];
  ld.param.u64 %rd2, [p_dst];
  ld.param.u64 %rd3, [p_rows];
  ld.param.u64 %rd4, [p_row_bytes];
  ld.param.u64 %rd5, [p_pitch];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.y;
  mov.u32 %r2, %ctaid.y;
  mov.u32 %r3, %ntid.y;
  mov.u32 %r4, %nctaid.y;
  mul.wide.u32 %rd6, %r2, %r3;
  cvt.u64.u32 %rd7, %r1;
  add.u64 %rd6, %rd6, %rd7;
  mul.wide.u32 %rd8, %r4, %r3;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %nctaid.x;
  mad.lo.u32 %r5, %r2, %r3, %r1;
  mul.wide.u32 %rd9, %r5, 16;
  mul.lo.u32 %r5, %r4, %r3;
  mul.wide.u32 %rd16, %r5, 16;
ROW:
  setp.ge.u64 %p1, %rd6, %rd3;
  @%p1 bra DONE;
  mul.lo.u64 %rd10, %rd6, %rd4;
  add.u64 %rd10, %rd1, %rd10;
  mul.lo.u64 %rd11, %rd6, %rd5;
  add.u64 %rd11, %rd2, %rd11;
  mov.u64 %rd12, %rd9;
CHUNK:
  setp.ge.u64 %p2, %rd12, %rd4;
  @%p2 bra NEXT;
  add.u64 %rd13, %rd10, %rd12;
  sub.u64 %rd14, %rd4, %rd12;
  mov.b16 %h1, 0;
  mov.b16 %h2, 0;
  mov.b16 %h3, 0;
  mov.b16 %h4, 0;
  mov.b16 %h5, 0;
  mov.b16 %h6, 0;
  mov.b16 %h7, 0;
  ld.global.nc.u16 %h0, [%rd13];
  setp.gt.u64 %p3, %rd14, 2;
  @%p3 ld.global.nc.u16 %h1, [%rd13+2];
  setp.gt.u64 %p4, %rd14, 4;
  @%p4 ld.global.nc.u16 %h2, [%rd13+4];
  setp.gt.u64 %p5, %rd14, 6;
  @%p5 ld.global.nc.u16 %h3, [%rd13+6];
  setp.gt.u64 %p6, %rd14, 8;
  @%p6 ld.global.nc.u16 %h4, [%rd13+8];
  setp.gt.u64 %p7, %rd14, 10;
  @%p7 ld.global.nc.u16 %h5, [%rd13+10];
  setp.gt.u64 %p8, %rd14, 12;
  @%p8 ld.global.nc.u16 %h6, [%rd13+12];
  setp.gt.u64 %p9, %rd14, 14;
  @%p9 ld.global.nc.u16 %h7, [%rd13+14];
  mov.b32 %r6, {%h0, %h1};
  mov.b32 %r7, {%h2, %h3};
  mov.b32 %r8, {%h4, %h5};
  mov.b32 %r9, {%h6, %h7};
  add.u64 %rd15, %rd11, %rd12;
  st.global.v4.b32 [%rd15], {%r6, %r7, %r8, %r9};
  add.u64 %rd12, %rd12, %rd16;
  bra CHUNK;
NEXT:
  add.u64 %rd6, %rd6, %rd8;
  bra ROW;
DONE:
  ret;
}
)";

constexpr unsigned kWarpsPerBlock = 8;
constexpr uint64_t kMaxGridY = 65535, kMaxGridX = 1 << 20; // the rest by striding

} // namespace

RowCopier::~RowCopier() {
  if (module_)
    driver().cuModuleUnload(module_);
}

void RowCopier::copyAsync(CUdeviceptr source, CUdeviceptr dest, uint64_t rows, uint64_t rowBytes,
                          uint64_t pitch, CUstream stream, const std::string &what) {
  const DriverApi &d = driver();
  if (!loaded_) {
    loaded_ = true;
    if (d.cuModuleLoadData(&module_, kRowCopyPtx) != CUDA_SUCCESS ||
        d.cuModuleGetFunction(&kernel_, module_, "mini_rt_copy_rows") != CUDA_SUCCESS)
      kernel_ = nullptr;
  }
  if (kernel_ && source % 2 == 0 && rowBytes % 2 == 0 && pitch % 16 == 0 && rows > 0) {
    uint64_t rowBlocks =
        std::min<uint64_t>((rows + kWarpsPerBlock - 1) / kWarpsPerBlock, kMaxGridY);
    uint64_t chunkBlocks = std::min<uint64_t>((pitch / 16 + 31) / 32, kMaxGridX);
    void *params[] = {&source, &dest, &rows, &rowBytes, &pitch};
    check(d.cuLaunchKernel(kernel_, static_cast<unsigned>(chunkBlocks),
                           static_cast<unsigned>(rowBlocks), 1, 32, kWarpsPerBlock, 1, 0, stream,
                           params, nullptr),
          "cuLaunchKernel", what);
    return;
  }
  CUDA_MEMCPY2D p = {};
  p.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  p.srcDevice = source;
  p.srcPitch = rowBytes;
  p.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  p.dstDevice = dest;
  p.dstPitch = pitch;
  p.WidthInBytes = rowBytes;
  p.Height = rows;
  check(d.cuMemcpy2DAsync(&p, stream), "cuMemcpy2DAsync", what);
}

} // namespace mini::rt
