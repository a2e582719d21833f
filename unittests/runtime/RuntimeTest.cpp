// Runtime error paths that need no GPU, and a device smoke test that skips
// without one.
#include "mini/runtime/Error.h"
#include "mini/runtime/Half.h"
#include "mini/runtime/Runtime.h"

#include "RowCopy.h"
#include "TestUtil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

using namespace mini::rt;

namespace {

/// A minimal ELF64 header for a CUDA object whose section table is `shnum`
/// entries of 64 bytes at `shoff`.
std::string elfHeader(uint16_t machine, uint64_t shoff, uint16_t shnum) {
  std::string h(64, '\0');
  std::memcpy(&h[0], "\x7f" "ELF", 4);
  h[4] = 2; // 64-bit
  h[5] = 1; // little-endian
  std::memcpy(&h[18], &machine, 2);
  std::memcpy(&h[40], &shoff, 8);
  uint16_t shentsize = 64;
  std::memcpy(&h[58], &shentsize, 2);
  std::memcpy(&h[60], &shnum, 2);
  return h;
}

TEST(Cubin, AcceptsACompleteObject) {
  std::string image = elfHeader(190, 64, 2) + std::string(128, '\0');
  EXPECT_EQ(errorOf([&] { validateCubin(image, "k.cubin"); }), "<no error>");
}

TEST(Cubin, RejectsTruncatedObject) {
  std::string image = elfHeader(190, 64, 2) + std::string(100, '\0');
  EXPECT_EQ(errorOf([&] { validateCubin(image, "k.cubin"); }),
            "bad cubin 'k.cubin': truncated: its tables end at byte 192 but the file has 164");
  EXPECT_EQ(errorOf([&] { validateCubin(image.substr(0, 20), "k.cubin"); }),
            "bad cubin 'k.cubin': truncated (20 bytes, smaller than an ELF header)");
}

TEST(Cubin, RejectsNonCudaObjects) {
  EXPECT_EQ(errorOf([] { validateCubin(std::string(80, 'x'), "k.cubin"); }),
            "bad cubin 'k.cubin': not an ELF file");
  std::string x86 = elfHeader(62, 64, 0);
  EXPECT_EQ(errorOf([&] { validateCubin(x86, "k.cubin"); }),
            "bad cubin 'k.cubin': ELF machine is 62, not CUDA (190)");
}

/// A CUDA ELF object with a section-name table and one `.nv.info.k` section
/// holding `records`.
std::string cubinWithInfo(const std::string &records) {
  std::string names = std::string("\0.shstrtab\0.nv.info.k\0", 22);
  uint64_t namesAt = 64, infoAt = namesAt + names.size(), shoff = infoAt + records.size();
  std::string image = elfHeader(190, shoff, 3);
  uint16_t shstrndx = 1;
  std::memcpy(&image[62], &shstrndx, 2);
  image += names + records;
  auto section = [](uint32_t name, uint64_t offset, uint64_t size) {
    std::string h(64, '\0');
    std::memcpy(&h[0], &name, 4);
    std::memcpy(&h[24], &offset, 8);
    std::memcpy(&h[32], &size, 8);
    return h;
  };
  return image + section(0, 0, 0) + section(1, namesAt, names.size()) +
         section(11, infoAt, records.size());
}

TEST(Cubin, CountsEachKernelsParameterRecords) {
  // Two parameter records (format 4, attribute 0x17, 12 bytes), a 16-bit
  // value record and a sized record of another attribute between them.
  std::string param = std::string("\x04\x17\x0c\x00", 4) + std::string(12, '\x01');
  std::string records = param + std::string("\x03\x1b\xff\x00", 4) +
                        std::string("\x04\x31\x02\x00\x00\x00", 6) + param;
  std::map<std::string, size_t> counts;
  EXPECT_EQ(errorOf([&] { counts = cubinParamCounts(cubinWithInfo(records), "k.cubin"); }),
            "<no error>");
  EXPECT_EQ(counts, (std::map<std::string, size_t>{{"k", 2}}));
}

TEST(Cubin, RejectsAnInfoSectionEndingInsideARecord) {
  std::string records = std::string("\x04\x17\x0c\x00", 4) + std::string(8, '\x01');
  EXPECT_EQ(errorOf([&] { cubinParamCounts(cubinWithInfo(records), "k.cubin"); }),
            "bad cubin 'k.cubin': section .nv.info.k ends inside a record");
}

TEST(Cubin, RejectsAnInfoSectionPastTheEndOfTheFile) {
  std::string image = cubinWithInfo(std::string("\x03\x1b\xff\x00", 4));
  // The third section header's size field: 4 bytes claimed as 4096.
  uint64_t shoff = 0, size = 4096;
  std::memcpy(&shoff, &image[40], 8);
  std::memcpy(&image[shoff + 2 * 64 + 32], &size, 8);
  EXPECT_EQ(errorOf([&] { cubinParamCounts(image, "k.cubin"); }),
            "bad cubin 'k.cubin': a section lies past the end of the file");
}

TEST(Chip, MismatchMessageNamesBothChips) {
  EXPECT_EQ(errorOf([] { checkChip("sm_90a", 8, 0, "NVIDIA A100"); }),
            "bundle built for sm_90a, device is sm_80 (NVIDIA A100); recompile with "
            "--mini-pipeline=\"chip=sm_80 ...\"");
  EXPECT_EQ(errorOf([] { checkChip("sm_80", 8, 9, "L4"); }), "<no error>");
}

KernelSpec twoTensorKernel() {
  KernelSpec k;
  k.entry = "softmax_0";
  k.op = "softmax";
  k.tensors = {{"x", DType::F16, {"R", "C"}, false}, {"y", DType::F16, {"R", "C"}, true}};
  k.sizes = {"R", "C"};
  k.staticSizes = {{"R", -1}, {"C", 7}};
  return k;
}

TEST(KernelParams, LayoutIsDescriptorPerTensorThenSizes) {
  KernelSpec k = twoTensorKernel();
  KernelParams p(k, {0x1000, 0x2000}, {{"R", 3}, {"C", 7}});
  ASSERT_EQ(p.size(), 12u);
  auto at = [&](size_t i) { return *static_cast<int64_t *>(p.data()[i]); };
  EXPECT_EQ(at(0), 0x1000); // allocated
  EXPECT_EQ(at(1), 0x1000); // aligned
  EXPECT_EQ(at(2), 0);      // offset
  EXPECT_EQ(at(3), 21);     // R * C elements
  EXPECT_EQ(at(4), 1);      // stride
  EXPECT_EQ(at(5), 0x2000);
  EXPECT_EQ(at(10), 3);
  EXPECT_EQ(at(11), 7);
}

TEST(KernelParams, WrongTensorCountIsAnError) {
  KernelSpec k = twoTensorKernel();
  EXPECT_EQ(errorOf([&] { KernelParams(k, {0x1000}, {{"R", 3}, {"C", 7}}); }),
            "kernel 'softmax_0' takes 2 tensors (x, y), got 1");
  EXPECT_EQ(errorOf([&] { KernelParams(k, {1, 2}, {{"C", 7}}); }),
            "kernel 'softmax_0': size R was not resolved");
}

KernelSpec matmulWithTensorMaps() {
  KernelSpec k;
  k.entry = "mm";
  k.op = "matmul";
  k.tensors = {{"a", DType::F16, {"batch", "M", "K"}, false},
               {"b", DType::F16, {"batch", "K", "N"}, false},
               {"c", DType::F32, {"batch", "M", "N"}, true}};
  k.sizes = {"batch", "M", "N", "K"};
  k.tensorMaps = {{0, {1, 128, 64}, 128}, {1, {1, 64, 64}, 128}};
  return k;
}

TEST(TensorMapLayout, InnermostFirstWithByteStrides) {
  KernelSpec k = matmulWithTensorMaps();
  TensorMapLayout a = tensorMapLayout(k, k.tensorMaps[0], {{"batch", 3}, {"M", 100}, {"N", 40}, {"K", 24}});
  EXPECT_EQ(a.dims, (std::vector<uint64_t>{24, 100, 3}));
  EXPECT_EQ(a.strides, (std::vector<uint64_t>{48, 4800}));
  EXPECT_EQ(a.box, (std::vector<uint32_t>{64, 128, 1}));
  EXPECT_TRUE(a.encodable);
  EXPECT_EQ(a.rows, 300u);
  EXPECT_EQ(a.rowBytes, 48u);
  // K = 20: rows of 40 bytes, not a multiple of 16: TMA cannot read them in
  // place. The launch copies them into rows 48 bytes apart, which it can.
  Sizes odd = {{"batch", 3}, {"M", 8}, {"N", 8}, {"K", 20}};
  TensorMapLayout unaligned = tensorMapLayout(k, k.tensorMaps[0], odd);
  EXPECT_FALSE(unaligned.encodable);
  EXPECT_EQ(unaligned.rows, 24u);
  EXPECT_EQ(unaligned.rowBytes, 40u);
  TensorMapLayout packed = tensorMapLayout(k, k.tensorMaps[0], odd, 48);
  EXPECT_TRUE(packed.encodable);
  EXPECT_EQ(packed.dims, (std::vector<uint64_t>{20, 8, 3}));
  EXPECT_EQ(packed.strides, (std::vector<uint64_t>{48, 384}));
}

TEST(KernelParams, TensorMapPointersComeAfterTheSizes) {
  KernelSpec k = matmulWithTensorMaps();
  Sizes s = {{"batch", 1}, {"M", 8}, {"N", 8}, {"K", 8}};
  KernelParams p(k, {0x1000, 0x2000, 0x3000}, s, {0x9000, 0x9080});
  ASSERT_EQ(p.size(), 5u * 3 + 4 + 2);
  EXPECT_EQ(*static_cast<int64_t *>(p.data()[19]), 0x9000);
  EXPECT_EQ(*static_cast<int64_t *>(p.data()[20]), 0x9080);
  EXPECT_EQ(errorOf([&] { KernelParams(k, {0x1000, 0x2000, 0x3000}, s); }),
            "kernel 'mm' takes 2 tensor maps, got 0");
}

TEST(Half, RoundTripsAndRounds) {
  for (float f : {0.0f, 1.0f, -2.5f, 65504.0f, 6.1035156e-05f, 5.9604645e-08f})
    EXPECT_EQ(halfToFloat(floatToHalf(f)), f) << f;
  EXPECT_TRUE(std::isinf(halfToFloat(floatToHalf(70000.0f))));
  EXPECT_TRUE(std::isnan(halfToFloat(floatToHalf(NAN))));
  EXPECT_EQ(halfToFloat(floatToHalf(1.0f + 1.0f / 4096)), 1.0f); // ties to even
  EXPECT_EQ(bf16ToFloat(floatToBf16(1.0f + 1.0f / 128)), 1.0078125f);
  EXPECT_EQ(bf16ToFloat(floatToBf16(-3.0f)), -3.0f);
  EXPECT_TRUE(std::isnan(bf16ToFloat(floatToBf16(NAN))));
}

TEST(Device, OpensTheFirstGpuOrSkips) {
  std::string reason;
  if (deviceCount(&reason) == 0) {
    EXPECT_FALSE(reason.empty());
    GTEST_SKIP() << "no GPU: " << reason;
  }
  Device device(0);
  EXPECT_FALSE(device.name().empty());
  DeviceBuffer buf(1024, "test");
  buf.fill(0xAB);
  std::string host(1024, '\0');
  buf.download(host.data());
  EXPECT_EQ(host, std::string(1024, '\xAB'));
}

TEST(Timing, InterleavedRunsTakeTurnsAndGiveOneMedianEach) {
  std::string reason;
  if (deviceCount(&reason) == 0)
    GTEST_SKIP() << "no GPU: " << reason;
  Device device(0);
  DeviceBuffer small(1 << 10, "small"), large(64 << 20, "large");
  std::string calls;
  std::vector<double> ms = timeInterleavedMedianMs(
      {[&] { calls += 'a'; small.fill(1); }, [&] { calls += 'b'; large.fill(2); }},
      /*warmup=*/1, /*iters=*/3, "test");
  EXPECT_EQ(calls, "abababab"); // warm-up round, then 3 timed rounds
  ASSERT_EQ(ms.size(), 2u);
  EXPECT_GT(ms[0], 0.0);
  EXPECT_GT(ms[1], ms[0]); // filling 64 MB takes longer than 1 KB
}

TEST(Timing, SeveralLaunchesASampleGiveTheTimeOfOne) {
  std::string reason;
  if (deviceCount(&reason) == 0)
    GTEST_SKIP() << "no GPU: " << reason;
  Device device(0);
  DeviceBuffer large(64 << 20, "large");
  std::string calls;
  auto fill = [&] {
    calls += 'a';
    large.fill(2);
  };
  double one = timeMedianMs(fill, /*warmup=*/1, /*iters=*/3, "test");
  calls.clear();
  double four = timeMedianMs(fill, /*warmup=*/1, /*iters=*/3, "test", /*launches=*/4);
  EXPECT_EQ(calls, std::string(1 + 3 * 4, 'a')); // warm-up once, then 3 samples of 4
  // Filling 64 MB takes far longer than launching it: the per-launch times agree.
  EXPECT_GT(four, one * 0.5);
  EXPECT_LT(four, one * 2.0);
}

TEST(Timing, RejectsSamplesOfNoLaunch) {
  // Checked before the driver is asked for anything: no GPU needed.
  try {
    timeMedianMs([] {}, /*warmup=*/0, /*iters=*/1, "nothing", /*launches=*/0);
    FAIL() << "expected an error";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("need launches >= 1, iters >= 1 and warmup >= 0; got 0"),
              std::string::npos)
        << e.what();
  }
}

TEST(RowCopier, CopiesRowsIntoSixteenBytePitchOrSkips) {
  std::string reason;
  if (deviceCount(&reason) == 0)
    GTEST_SKIP() << "no GPU: " << reason;
  Device device(0);
  // Rows of 1001 f16 values from a source 2 bytes past 16 (the kernel),
  // 3 long rows (5001 chunks each: many blocks a row), and rows from an
  // odd address (the driver's 2-D copy). The kernel pads with zeros.
  for (auto [rows, rowBytes, offset] :
       {std::tuple<uint64_t, uint64_t, uint64_t>{37, 2002, 2}, {3, 80002, 0}, {5, 30, 1}}) {
    uint64_t pitch = (rowBytes + 15) / 16 * 16;
    std::vector<unsigned char> host(rows * rowBytes + offset);
    for (size_t i = 0; i < host.size(); ++i)
      host[i] = static_cast<unsigned char>(i * 7 + 1);
    DeviceBuffer source(host.size(), "source"), dest(rows * pitch, "dest");
    source.upload(host.data());
    dest.fill(0xEE);
    RowCopier copier;
    copier.copyAsync(source.ptr() + offset, dest.ptr(), rows, rowBytes, pitch, nullptr, "test");
    std::vector<unsigned char> out(rows * pitch);
    dest.download(out.data()); // after the copy on the default stream
    for (uint64_t r = 0; r < rows; ++r) {
      for (uint64_t b = 0; b < rowBytes; ++b)
        ASSERT_EQ(out[r * pitch + b], host[offset + r * rowBytes + b])
            << "row " << r << " byte " << b << " of rows of " << rowBytes;
      for (uint64_t b = rowBytes; b < pitch && offset % 2 == 0; ++b)
        ASSERT_EQ(out[r * pitch + b], 0) << "row " << r << " padding byte " << b;
    }
  }
}

} // namespace
