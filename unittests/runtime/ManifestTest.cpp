#include "mini/runtime/Manifest.h"
#include "mini/runtime/Error.h"
#include "mini/runtime/LaunchRules.h"

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <string>

using namespace mini::rt;

namespace {

/// A valid one-kernel manifest; tests break one piece of it.
std::string manifest(const std::string &kernelExtra = "", const std::string &chip = "sm_90a",
                     const std::string &dims = R"(["M","K"])") {
  return R"({"format":"mini-bundle","version":1,"chip":")" + chip + R"(","abi":"x","kernels":[{
    "entry":"k0","op":"matmul","cubin":"mini_kernels.cubin",
    "sizes":["batch","M","N","K"],
    "static_sizes":{"batch":1,"M":-1,"N":33,"K":65},
    "tensors":[{"name":"a","dtype":"f16","dims":)" + dims + R"(,"output":false},
               {"name":"b","dtype":"f16","dims":["K","N"],"output":false},
               {"name":"c","dtype":"f32","dims":["M","N"],"output":true}],
    "grid":[{"sizes":["N"],"div":64},{"sizes":["M"],"div":64},{"sizes":["batch"],"div":1}],
    "block":[256,1,1],"dynamic_shared_bytes":0,"attrs":{"scale":0.5,"causal":true})" +
         kernelExtra + "}]}";
}

TEST(Manifest, ReportsJsonSyntaxErrorsWithLineAndColumn) {
  std::string msg = errorOf([] { Bundle::parse("{\n  \"a\": [1, 2,,]\n}", "/tmp"); });
  EXPECT_NE(msg.find("manifest: JSON parse error at line 2, column 14"), std::string::npos) << msg;
  msg = errorOf([] { Bundle::parse(R"({"format": "mini-bundle")", "/tmp"); });
  EXPECT_NE(msg.find("manifest: JSON parse error"), std::string::npos) << msg;
  msg = errorOf([] { Bundle::parse(R"({} x)", "/tmp"); });
  EXPECT_NE(msg.find("manifest: JSON parse error at line 1, column 4"), std::string::npos) << msg;
}

TEST(Manifest, NamesTheFieldAndBothKinds) {
  std::string text = manifest();
  text.replace(text.find("\"version\":1"), 11, "\"version\":\"1\"");
  std::string msg = errorOf([&] { Bundle::parse(text, "/tmp"); });
  EXPECT_NE(msg.find("manifest: field 'version' must be a number, got a string"), std::string::npos)
      << msg;
  text = manifest();
  text.replace(text.find("\"output\":false"), 14, "\"output\":null");
  msg = errorOf([&] { Bundle::parse(text, "/tmp"); });
  EXPECT_NE(msg.find("field 'output' must be a boolean, got null"), std::string::npos) << msg;
}

TEST(Manifest, ParsesAValidBundle) {
  Bundle b = Bundle::parse(manifest(), "/tmp/bundle");
  ASSERT_EQ(b.kernels.size(), 1u);
  const KernelSpec &k = b.kernel("k0");
  EXPECT_EQ(b.chip, "sm_90a");
  EXPECT_EQ(k.numParams(), 5u * 3 + 4);
  EXPECT_EQ(k.tensors[2].dtype, DType::F32);
  EXPECT_TRUE(k.tensors[2].output);
  EXPECT_DOUBLE_EQ(k.attr("scale", 0), 0.5);
  EXPECT_DOUBLE_EQ(k.attr("causal", 0), 1.0);
  Sizes s = k.resolveSizes({{"M", 100}});
  EXPECT_EQ(s.at("N"), 33);
  EXPECT_EQ(k.numElements(k.tensors[0], s), 100 * 65);
  auto grid = k.gridDims(s);
  EXPECT_EQ(grid[0], 1);
  EXPECT_EQ(grid[1], 2);
  EXPECT_EQ(grid[2], 1);
}

TEST(Manifest, MissingFieldIsNamed) {
  std::string text = manifest();
  size_t pos = text.find(R"("block":[256,1,1],)");
  text.erase(pos, std::string(R"("block":[256,1,1],)").size());
  EXPECT_EQ(errorOf([&] { Bundle::parse(text, "."); }),
            "manifest kernel 'k0' is missing field 'block'");
}

TEST(Manifest, WrongTypeIsNamed) {
  std::string text = manifest();
  text.replace(text.find(R"("op":"matmul")"), 13, R"("op":7)");
  EXPECT_EQ(errorOf([&] { Bundle::parse(text, "."); }),
            "manifest kernel 'k0': field 'op' must be a string, got a number");
}

TEST(Manifest, NegativeSharedMemoryIsRejected) {
  std::string text = manifest();
  text.replace(text.find(R"("dynamic_shared_bytes":0)"), 24, R"("dynamic_shared_bytes":-16)");
  EXPECT_EQ(errorOf([&] { Bundle::parse(text, "."); }),
            "manifest kernel 'k0': 'dynamic_shared_bytes' must be >= 0, got -16");
}

TEST(Manifest, TensorMapsAddOnePointerEach) {
  Bundle b = Bundle::parse(
      manifest(R"(,"tensor_maps":[{"tensor":"a","box":[128,64],"swizzle":128},
                                  {"tensor":"b","box":[64,64],"swizzle":128}])"),
      ".");
  const KernelSpec &k = b.kernel("k0");
  ASSERT_EQ(k.tensorMaps.size(), 2u);
  EXPECT_EQ(k.tensorMaps[1].tensor, 1u);
  EXPECT_EQ(k.tensorMaps[1].box, (std::vector<int64_t>{64, 64}));
  EXPECT_EQ(k.numParams(), 5u * 3 + 4 + 2);
}

TEST(Manifest, ClusteredGridDimsRoundUpToWholeClusters) {
  std::string text = manifest();
  const std::string m = R"({"sizes":["M"],"div":64})";
  text.replace(text.find(m), m.size(), R"({"sizes":["M"],"div":64,"cluster":4})");
  Bundle b = Bundle::parse(text, ".");
  const KernelSpec &k = b.kernel("k0");
  EXPECT_EQ(k.grid[0].cluster, 1); // optional: no clusters
  EXPECT_EQ(k.gridDims(k.resolveSizes({{"M", 100}}))[1], 4);  // 2 tiles, 1 cluster
  EXPECT_EQ(k.gridDims(k.resolveSizes({{"M", 257}}))[1], 8);  // 5 tiles, 2 clusters
  EXPECT_EQ(k.gridDims(k.resolveSizes({{"M", 256}}))[1], 4);  // 4 tiles exactly
  text.replace(text.find(R"("cluster":4)"), 11, R"("cluster":0)");
  EXPECT_EQ(errorOf([&] { Bundle::parse(text, "."); }),
            "manifest kernel 'k0' grid[1]: 'cluster' must be in [1, 8]");
}

TEST(Manifest, PersistentGridDimsStopAtMaxBlocks) {
  std::string text = manifest();
  const std::string m = R"({"sizes":["M"],"div":64})";
  text.replace(text.find(m), m.size(), R"({"sizes":["M"],"div":64,"max_blocks":132})");
  Bundle b = Bundle::parse(text, ".");
  const KernelSpec &k = b.kernel("k0");
  EXPECT_EQ(k.grid[0].maxBlocks, 0);                                // optional: no cap
  EXPECT_EQ(k.gridDims(k.resolveSizes({{"M", 100}}))[1], 2);        // 2 tiles
  EXPECT_EQ(k.gridDims(k.resolveSizes({{"M", 64 * 132}}))[1], 132); // as many as the cap
  EXPECT_EQ(k.gridDims(k.resolveSizes({{"M", 100000}}))[1], 132);   // 1563 tiles, capped
  text.replace(text.find(R"("max_blocks":132)"), 16, R"("max_blocks":0)");
  EXPECT_EQ(errorOf([&] { Bundle::parse(text, "."); }),
            "manifest kernel 'k0' grid[1]: 'max_blocks' must be >= 1");
}

/// manifest() with kernel k0 running its last wave stream-K style (`split`:
/// the fields of its split_tail) through the tail kernel k0_split.
std::string splitManifest(const std::string &split = R"("kernel":"k0_split")",
                          const std::string &splitKernelExtra = R"("split_blocks":true)") {
  const std::string fields = R"("max_splits":4,"depth":"K","tile_k":16,"tile_elements":4096,)"
                             R"("aligned":["N"],)";
  std::string text = manifest(R"(,"split_tail":{)" + fields + split + "}");
  std::string kernelObject = manifest(R"(,"split_tail":{)" + fields + splitKernelExtra + "}");
  kernelObject = kernelObject.substr(kernelObject.find("[{") + 1);
  kernelObject = kernelObject.substr(0, kernelObject.size() - 2); // drop "]}"
  kernelObject.replace(kernelObject.find(R"("k0")"), 4, R"("k0_split")");
  return text.substr(0, text.size() - 2) + "," + kernelObject + "]}";
}

TEST(Manifest, KernelsByEntryEvenAfterTheListChanges) {
  Bundle b = Bundle::parse(splitManifest(), ".");
  EXPECT_EQ(b.kernel("k0_split").entry, "k0_split");
  EXPECT_EQ(b.kernel("k0").entry, "k0");
  // The index is a shortcut: a list reordered after parse is still read by
  // entry, and an unknown entry still lists the kernels there are.
  std::swap(b.kernels[0], b.kernels[1]);
  EXPECT_EQ(b.kernel("k0").entry, "k0");
  EXPECT_EQ(b.kernel("k0_split").entry, "k0_split");
  EXPECT_EQ(errorOf([&] { b.kernel("k1"); }), "bundle has no kernel 'k1' (it has: k0_split, k0)");
}

TEST(Manifest, SplitTailPlansStreamKBlocks) {
  Bundle b = Bundle::parse(splitManifest(), ".");
  const KernelSpec &k = b.kernel("k0");
  EXPECT_EQ(k.splitTail.maxSplits, 4);
  EXPECT_EQ(k.splitTail.kernel, "k0_split");
  EXPECT_EQ(k.numParams(), 5u * 3 + 4 + 1); // + the number of whole tiles
  EXPECT_TRUE(b.isCompanionKernel("k0_split"));
  EXPECT_FALSE(b.isCompanionKernel("k0"));
  EXPECT_EQ(b.kernel("k0_split").numParams(), 5u * 3 + 4 + 5 * 2 + 2); // + workspace and plan
  // M = 1000: 16 tiles of 64 rows (N = 33: one column), 5 K steps of 16.
  // On 13 SMs 3 tiles are left after a full wave (at most a quarter of the
  // SMs: kTailMostSMsShare): 15 steps, 8 blocks of 2 (ceildiv(15, 13) =
  // ceildiv(5, 4) = 2), slots for 8 blocks + 3 tiles.
  // (N = 33 is not a multiple of 8: "aligned" here names N only to be
  // tested below, so the manifest's N is read as 40.)
  Sizes sizes = k.resolveSizes({{"M", 1000}});
  sizes["N"] = 40;
  SplitTailPlan p = k.planSplitTail(sizes, 13);
  EXPECT_EQ(p.splitTiles, 3);
  EXPECT_EQ(p.unsplitTiles, 13);
  EXPECT_EQ(p.stepsPerBlock, 2);
  EXPECT_EQ(p.blocks, 8);
  EXPECT_EQ(p.slots(), 11);
  // Rows that are not 16-byte aligned get no tail (no scalar path) where
  // the runtime leaves them in place (4.3 MFLOP: below kCopyRowsMinFlops)...
  EXPECT_EQ(k.planSplitTail(k.resolveSizes({{"M", 1000}}), 13).blocks, 0);
  // ... and split where it copies them into 16-byte rows (2 tiles of 1024
  // steps, N = 33: 138 MFLOP), unless MINI_RT_PACK_ROWS=never.
  Sizes copied = k.resolveSizes({{"M", 2 * 64}});
  copied["K"] = 1024 * 16;
  EXPECT_TRUE(k.copiesRows(copied));
  EXPECT_EQ(k.planSplitTail(copied, 132).blocks, 128);
  setenv("MINI_RT_PACK_ROWS", "never", 1);
  EXPECT_FALSE(k.copiesRows(copied));
  EXPECT_EQ(k.planSplitTail(copied, 132).blocks, 0);
  unsetenv("MINI_RT_PACK_ROWS");
  // Whole waves leave no tail.
  sizes["M"] = 768;
  p = k.planSplitTail(sizes, 12);
  EXPECT_EQ(p.blocks, 0);
  EXPECT_EQ(p.splitTiles, 0);
  EXPECT_EQ(p.unsplitTiles, 12);
  // 2 tiles left of 18 on 16 SMs: blocks take at least a quarter of a tile
  // (2 of 5 steps), so 5 blocks, not 10.
  sizes["M"] = 18 * 64;
  p = k.planSplitTail(sizes, 16);
  EXPECT_EQ(p.stepsPerBlock, 2);
  EXPECT_EQ(p.blocks, 5);
  EXPECT_EQ(p.unsplitTiles, 16);
  // 11 tiles left of 23 on 12 SMs: 55 steps need blocks of 5, a whole tile.
  sizes["M"] = 23 * 64;
  p = k.planSplitTail(sizes, 12);
  EXPECT_EQ(p.blocks, 0);
  EXPECT_EQ(p.unsplitTiles, 23);
  // Tall K, 2 tiles on 132 SMs: 1024 steps each. A quarter of a tile (256
  // steps: 8 blocks) is more than a block needs; 16 steps (the
  // kTailStepsEnough floor, and 2048 / 132 rounded up) give 128 blocks.
  sizes["M"] = 2 * 64;
  sizes["K"] = 1024 * 16;
  p = k.planSplitTail(sizes, 132);
  EXPECT_EQ(p.stepsPerBlock, mini::launch::kTailStepsEnough);
  EXPECT_EQ(p.blocks, 128);
  EXPECT_EQ(p.splitTiles, 2);
  EXPECT_EQ(p.unsplitTiles, 0);
  // 3 tiles on 12 SMs: the aligned split, each tile's 5 steps cut at the
  // same steps into ranges of ceildiv(5, 12 / 3) = 2: 3 x 3 blocks (laid
  // end to end, 15 steps would take 8 blocks of 2).
  sizes["M"] = 3 * 64;
  sizes["K"] = 5 * 16;
  p = k.planSplitTail(sizes, 12);
  EXPECT_EQ(p.stepsPerBlock, 2);
  EXPECT_EQ(p.blocks, 9);
  EXPECT_EQ(p.splitTiles, 3);
  EXPECT_EQ(p.unsplitTiles, 0);
  EXPECT_EQ(p.slots(), 12);
  // 7 tiles on 12 SMs do not fit twice, and laid end to end they would
  // fill more than a quarter of the SMs (kTailMostSMsShare): unsplit.
  sizes["M"] = 7 * 64;
  p = k.planSplitTail(sizes, 12);
  EXPECT_EQ(p.blocks, 0);
  EXPECT_EQ(p.unsplitTiles, 7);
}

TEST(Manifest, BadSplitTailIsNamed) {
  EXPECT_EQ(errorOf([] { Bundle::parse(splitManifest(R"("kernel":"nope")"), "."); }),
            "manifest kernel 'k0' split-tile kernel 'nope': no such kernel");
  EXPECT_EQ(errorOf([] {
              Bundle::parse(splitManifest(R"("kernel":"k0_split")", R"("kernel":"k0")"), ".");
            }),
            "manifest kernel 'k0' split-tile kernel 'k0_split': it must be marked split_blocks");
  std::string text = splitManifest();
  text.replace(text.find(R"("max_splits":4)"), 14, R"("max_splits":1)");
  EXPECT_EQ(errorOf([&] { Bundle::parse(text, "."); }),
            "manifest kernel 'k0' split_tail: needs max_splits in [2, 64], tile_k >= 1 and "
            "tile_elements >= 1");
  text = splitManifest();
  text.replace(text.find(R"("depth":"K")"), 11, R"("depth":"L")");
  EXPECT_EQ(errorOf([&] { Bundle::parse(text, "."); }),
            "manifest kernel 'k0' split_tail: depth 'L' is not a size of the kernel");
  text = splitManifest();
  text.replace(text.find(R"("aligned":["N"])"), 15, R"("aligned":["Q"])");
  EXPECT_EQ(errorOf([&] { Bundle::parse(text, "."); }),
            "manifest kernel 'k0' split_tail: aligned size 'Q' is not a size of the kernel");
  text = splitManifest();
  const std::string m = R"({"sizes":["M"],"div":64})";
  text.replace(text.find(m), m.size(), R"({"sizes":["M"],"div":64,"cluster":2})");
  EXPECT_EQ(errorOf([&] { Bundle::parse(text, "."); }),
            "manifest kernel 'k0' split_tail: a split tail cannot launch clusters");
}

/// A matmul kernel "big" (64x64 tiles here) with size variants "mid" (32x64,
/// 70% of big's rate) and "small" (16x64, 50%) on 16 SMs.
std::string variantsManifest(const std::string &variants = R"(["mid","small"])",
                             const std::string &smallDims = R"(["M","K"])",
                             const std::string &rates = "[100,70,50]") {
  auto kernel = [](const std::string &entry, int64_t rows, const std::string &extra,
                   const std::string &aDims) {
    return R"({"entry":")" + entry + R"(","op":"matmul","cubin":"k.cubin",
      "sizes":["batch","M","N","K"],"static_sizes":{"batch":1,"M":-1,"N":-1,"K":-1},
      "tensors":[{"name":"a","dtype":"f16","dims":)" + aDims + R"(,"output":false},
                 {"name":"b","dtype":"f16","dims":["K","N"],"output":false},
                 {"name":"c","dtype":"f32","dims":["M","N"],"output":true}],
      "grid":[{"sizes":["N"],"div":64},{"sizes":["M"],"div":)" + std::to_string(rows) +
           R"(},{"sizes":["batch"],"div":1}],
      "block":[128,1,1],"dynamic_shared_bytes":0,"attrs":{})" + extra + "}";
  };
  return R"({"format":"mini-bundle","version":1,"chip":"sm_90a","abi":"x","kernels":[)" +
         kernel("big", 64, R"(,"size_variants":)" + variants + R"(,"sm_count":16,"tile_rates":)" + rates,
                R"(["M","K"])") +
         "," + kernel("mid", 32, "", R"(["M","K"])") + "," +
         kernel("small", 16, "", smallDims) + "]}";
}

TEST(Manifest, SizeVariantsRunWhenTheyTakeFewerWavesTimesTimePerWave) {
  Bundle b = Bundle::parse(variantsManifest(), ".");
  const KernelSpec &big = b.kernel("big");
  EXPECT_EQ(big.smCount, 16);
  EXPECT_EQ(big.tileRates, (std::vector<int64_t>{100, 70, 50}));
  auto at = [&](int64_t m, int64_t n) {
    return b.forSizes(big, big.resolveSizes({{"M", m}, {"N", n}, {"K", 8}})).entry;
  };
  // Cost = ceil(blocks / 16) * tile area * 100 / rate; tile areas 4096,
  // 2048, 1024: one wave costs 4096, 2925 and 2048.
  EXPECT_EQ(at(256, 256), "big");   // 16 | 32 | 64 blocks: 1 | 2 | 4 waves
  EXPECT_EQ(at(128, 256), "mid");   // 8 | 16 | 32 blocks: 1 | 1 | 2 waves
  EXPECT_EQ(at(64, 128), "small");  // 2 | 4 | 8 blocks: one wave each
  EXPECT_EQ(at(320, 320), "big");   // 25 | 50 | 100 blocks: 2 | 4 | 7 waves
  EXPECT_EQ(at(1, 1), "small");
  EXPECT_EQ(b.forSizes(b.kernel("mid"), {{"batch", 1}, {"M", 1}, {"N", 1}, {"K", 1}}).entry,
            "mid"); // a variant launched by name runs itself
  EXPECT_TRUE(b.isSizeVariant("small"));
  EXPECT_FALSE(b.isSizeVariant("big"));
  // Equal costs: the first (the larger tile).
  Bundle even = Bundle::parse(variantsManifest(R"(["mid","small"])", R"(["M","K"])",
                                               "[100,50,25]"), ".");
  EXPECT_EQ(even.forSizes(even.kernel("big"), {{"batch", 1}, {"M", 64}, {"N", 64}, {"K", 8}})
                .entry,
            "big");
}

TEST(Manifest, AVariantWithoutMapsSkipsCopiedRows) {
  // "big" reads A and B through TMA; "mid" and "small" (cp.async) would
  // take their element path on rows that are not 16-byte chunks. Where the
  // runtime copies such rows (from kCopyRowsMinFlops), big runs.
  std::string text = variantsManifest();
  const std::string bigMaps = R"(,"tensor_maps":[{"tensor":"a","box":[64,64],"swizzle":128},
      {"tensor":"b","box":[64,64],"swizzle":128}],"size_variants")";
  text.replace(text.find(R"(,"size_variants")"), 16, bigMaps);
  Bundle b = Bundle::parse(text, ".");
  const KernelSpec &big = b.kernel("big");
  auto at = [&](int64_t m, int64_t n, int64_t k) {
    return b.forSizes(big, big.resolveSizes({{"M", m}, {"N", n}, {"K", k}})).entry;
  };
  EXPECT_EQ(at(128, 256, 4096), "mid"); // aligned: by cost, as before
  EXPECT_EQ(at(128, 256, 4095), "big"); // K odd, 268 MFLOP: copied
  EXPECT_EQ(at(128, 255, 4096), "big"); // N odd
  EXPECT_EQ(at(128, 256, 255), "mid");  // 17 MFLOP: not copied, by cost
  setenv("MINI_RT_PACK_ROWS", "never", 1);
  EXPECT_EQ(at(128, 256, 4095), "mid");
  unsetenv("MINI_RT_PACK_ROWS");
}

TEST(Manifest, AVariantByMRunsWhereMFits) {
  // "small" as the gemv kernel (max_m 8): it runs wherever M <= 8, and
  // never by cost past that.
  std::string text = variantsManifest();
  size_t smallAttrs = text.rfind(R"("attrs":{})");
  text.replace(smallAttrs, 10, R"("attrs":{"max_m":8})");
  Bundle b = Bundle::parse(text, ".");
  const KernelSpec &big = b.kernel("big");
  EXPECT_EQ(b.kernel("small").maxM(), 8);
  EXPECT_EQ(big.maxM(), 0);
  auto at = [&](int64_t m, int64_t n) {
    return b.forSizes(big, big.resolveSizes({{"M", m}, {"N", n}, {"K", 8}})).entry;
  };
  EXPECT_EQ(at(1, 4096), "small"); // by cost: big (4 waves of 4096 < 8 of 2925)
  EXPECT_EQ(at(8, 64), "small");
  EXPECT_EQ(at(9, 64), "mid");     // by cost it would be small (1 wave of 2048)
  EXPECT_EQ(at(64, 128), "mid");
  EXPECT_EQ(at(256, 256), "big");
}

TEST(Manifest, AVariantByMAndNRunsWhereBothFit) {
  // "mid" by M and N (max_m 32, max_n 4096), "small" by M alone (max_m
  // 16): the first whose bounds hold M and N runs.
  std::string text = variantsManifest();
  size_t smallAttrs = text.rfind(R"("attrs":{})");
  text.replace(smallAttrs, 10, R"("attrs":{"max_m":16})");
  size_t midAttrs = text.rfind(R"("attrs":{})", smallAttrs - 1);
  text.replace(midAttrs, 10, R"("attrs":{"max_m":32,"max_n":4096})");
  Bundle b = Bundle::parse(text, ".");
  const KernelSpec &big = b.kernel("big");
  EXPECT_EQ(b.kernel("mid").maxN(), 4096);
  EXPECT_EQ(b.kernel("small").maxN(), 0);
  auto at = [&](int64_t m, int64_t n) {
    return b.forSizes(big, big.resolveSizes({{"M", m}, {"N", n}, {"K", 8}})).entry;
  };
  EXPECT_EQ(at(16, 4096), "mid");
  EXPECT_EQ(at(32, 64), "mid");
  EXPECT_EQ(at(16, 4097), "small"); // N past mid's bound
  EXPECT_EQ(at(17, 4097), "big");   // neither: by cost among the rest (big alone)
  EXPECT_EQ(at(33, 4096), "big");
}

TEST(Manifest, BadVariantBoundsAreNamed) {
  auto withSmallAttrs = [](const std::string &attrs) {
    std::string text = variantsManifest();
    text.replace(text.rfind(R"("attrs":{})"), 10, R"("attrs":)" + attrs);
    return text;
  };
  const std::string where = "manifest kernel 'big' size variant 'small': ";
  EXPECT_EQ(errorOf([&] { Bundle::parse(withSmallAttrs(R"({"max_m":-1})"), "."); }),
            where + "'max_m' must be a whole number >= 1, got -1");
  EXPECT_EQ(errorOf([&] { Bundle::parse(withSmallAttrs(R"({"max_m":8,"max_n":0.5})"), "."); }),
            where + "'max_n' must be a whole number >= 1, got 0.5");
  EXPECT_EQ(errorOf([&] { Bundle::parse(withSmallAttrs(R"({"max_n":4096})"), "."); }),
            where +
                "'max_n' needs a 'max_m' beside it (a variant taken by cost has no bound on N)");
}

TEST(Manifest, BadSizeVariantsAreNamed) {
  EXPECT_EQ(errorOf([] { Bundle::parse(variantsManifest(R"(["mid","nope"])"), "."); }),
            "manifest kernel 'big' size variant 'nope': no such kernel");
  EXPECT_EQ(errorOf([] { Bundle::parse(variantsManifest(R"(["big"])", R"(["M","K"])", "[100,70]"), "."); }),
            "manifest kernel 'big' size variant 'big': a size variant cannot have size "
            "variants of its own");
  EXPECT_EQ(errorOf([] { Bundle::parse(variantsManifest(R"([])"), "."); }),
            "manifest kernel 'big': 'size_variants' must name at least one kernel and "
            "'sm_count' be >= 1");
  EXPECT_EQ(errorOf([] {
              Bundle::parse(variantsManifest(R"(["mid","small"])", R"(["M","K"])", "[100,70]"),
                            ".");
            }),
            "manifest kernel 'big': 'tile_rates' needs 3 entries (the kernel's, then each size "
            "variant's), got 2");
  EXPECT_EQ(errorOf([] {
              Bundle::parse(variantsManifest(R"(["mid","small"])", R"(["M","K"])", "[100,0,50]"),
                            ".");
            }),
            "manifest kernel 'big': 'tile_rates' entries must be integers in [1, 1000]");
  EXPECT_EQ(errorOf([] {
              Bundle::parse(variantsManifest(R"(["mid","small"])", R"(["M","K"])", "[100,70.5,50]"),
                            ".");
            }),
            "manifest kernel 'big': 'tile_rates' entries must be integers in [1, 1000]");
  EXPECT_EQ(errorOf([] {
              Bundle::parse(variantsManifest(R"(["mid","small"])", R"(["K","M"])"), ".");
            }),
            "manifest kernel 'big' size variant 'small': its tensors (dtype, dims or output) are "
            "not the kernel's");
}

/// A softmax kernel "short" with length variants "mid" and "long" (row
/// lengths up to `lengths`, 0 for any).
std::string lengthsManifest(const std::string &lengths = "[32,1024,0]") {
  auto kernel = [](const std::string &entry, const std::string &extra) {
    return R"({"entry":")" + entry + R"(","op":"softmax","cubin":"k.cubin",
      "sizes":["R","C"],"static_sizes":{"R":-1,"C":-1},
      "tensors":[{"name":"x","dtype":"f16","dims":["R","C"],"output":false},
                 {"name":"y","dtype":"f16","dims":["R","C"],"output":true}],
      "grid":[{"sizes":["R"],"div":4},{"sizes":[],"div":1},{"sizes":[],"div":1}],
      "block":[128,1,1],"dynamic_shared_bytes":0,"attrs":{})" + extra + "}";
  };
  return R"({"format":"mini-bundle","version":1,"chip":"sm_90a","abi":"x","kernels":[)" +
         kernel("short", R"(,"size_variants":["mid","long"],"max_lengths":)" + lengths) + "," +
         kernel("mid", "") + "," + kernel("long", "") + "]}";
}

TEST(Manifest, LengthVariantsRunTheFirstThatHoldsTheRow) {
  Bundle b = Bundle::parse(lengthsManifest(), ".");
  const KernelSpec &first = b.kernel("short");
  EXPECT_EQ(first.maxLengths, (std::vector<int64_t>{32, 1024, 0}));
  auto at = [&](int64_t c) { return b.forSizes(first, first.resolveSizes({{"R", 3}, {"C", c}})).entry; };
  EXPECT_EQ(at(1), "short");
  EXPECT_EQ(at(32), "short");
  EXPECT_EQ(at(33), "mid");
  EXPECT_EQ(at(1024), "mid");
  EXPECT_EQ(at(1025), "long");
  EXPECT_EQ(at(1 << 30), "long");
  EXPECT_TRUE(b.isSizeVariant("long"));
}

TEST(Manifest, RowCountVariantsRunForFewLongRows) {
  // Rows up to 32 long: the first kernel; longer ones: the second where
  // there are at most 16 rows, else the last.
  Bundle b = Bundle::parse(lengthsManifest(R"([32,0,0],"max_rows":[0,16,0])"), ".");
  const KernelSpec &first = b.kernel("short");
  EXPECT_EQ(first.maxRows, (std::vector<int64_t>{0, 16, 0}));
  auto at = [&](int64_t r, int64_t c) {
    return b.forSizes(first, first.resolveSizes({{"R", r}, {"C", c}})).entry;
  };
  EXPECT_EQ(at(3, 32), "short");
  EXPECT_EQ(at(1000, 32), "short");
  EXPECT_EQ(at(3, 33), "mid");
  EXPECT_EQ(at(16, 1 << 20), "mid");
  EXPECT_EQ(at(17, 1 << 20), "long");
}

TEST(Manifest, BadRowCountVariantsAreNamed) {
  auto error = [](const std::string &lengthsAndRows) {
    return errorOf([&] { Bundle::parse(lengthsManifest(lengthsAndRows), "."); });
  };
  const std::string rowsCount = "manifest kernel 'short': 'max_rows' needs 3 entries, the last 0 "
                                "(any count), like 'max_lengths'";
  const std::string order = "manifest kernel 'short': 'max_lengths' must grow, then 0 (any "
                            "length) for the kernels by row count ('max_rows') and the last; got ";
  EXPECT_EQ(error(R"([32,0,0],"max_rows":[0,16])"), rowsCount);
  EXPECT_EQ(error(R"([32,0,0],"max_rows":[0,16,8])"), rowsCount);
  // A kernel for any length and any count before the last is never run.
  EXPECT_EQ(error(R"([32,0,0],"max_rows":[0,0,0])"), order + "0 before 0");
  EXPECT_EQ(error(R"([0,32,0],"max_rows":[16,0,0])"), order + "0 before 32");
}

TEST(Manifest, UnalignedVariantsRunForRowsOfPartVectors) {
  // Rows up to 64 long that are not a multiple of 8: the first kernel; the
  // rest up to 64: the second; longer ones: the last.
  Bundle b = Bundle::parse(lengthsManifest(R"([64,64,0],"unaligned_only":[8,0,0])"), ".");
  const KernelSpec &first = b.kernel("short");
  EXPECT_EQ(first.unalignedOnly, (std::vector<int64_t>{8, 0, 0}));
  auto at = [&](int64_t c) {
    return b.forSizes(first, first.resolveSizes({{"R", 3}, {"C", c}})).entry;
  };
  EXPECT_EQ(at(1), "short");
  EXPECT_EQ(at(8), "mid");
  EXPECT_EQ(at(33), "short");
  EXPECT_EQ(at(48), "mid");
  EXPECT_EQ(at(63), "short");
  EXPECT_EQ(at(64), "mid");
  EXPECT_EQ(at(65), "long");
  auto error = [](const std::string &lengths) {
    return errorOf([&] { Bundle::parse(lengthsManifest(lengths), "."); });
  };
  EXPECT_EQ(error(R"([64,64,0],"unaligned_only":[8,0])"),
            "manifest kernel 'short': 'unaligned_only' needs 3 entries, the last 0 (any length), "
            "like 'max_lengths'");
  // The aligned rows need the next kernel, of the same length.
  EXPECT_EQ(error(R"([32,64,0],"unaligned_only":[8,0,0])"),
            "manifest kernel 'short': a kernel of 'unaligned_only' rows needs a max length and "
            "the next kernel the same one, for the aligned rows; got 32 before 64");
  EXPECT_EQ(error(R"([64,64,0],"unaligned_only":[100,0,0])"),
            "manifest kernel 'short': 'unaligned_only' entries must be integers in [0, 64]");
}

TEST(Manifest, BadLengthVariantsAreNamed) {
  EXPECT_EQ(errorOf([] { Bundle::parse(lengthsManifest("[32,0]"), "."); }),
            "manifest kernel 'short': 'max_lengths' needs 3 entries (the kernel's, then each "
            "size variant's), got 2");
  EXPECT_EQ(errorOf([] { Bundle::parse(lengthsManifest("[1024,32,0]"), "."); }),
            "manifest kernel 'short': 'max_lengths' must grow, then 0 (any length) for the "
            "kernels by row count ('max_rows') and the last; "
            "got 1024 before 32");
  EXPECT_EQ(errorOf([] { Bundle::parse(lengthsManifest("[0,32,0]"), "."); }),
            "manifest kernel 'short': 'max_lengths' must grow, then 0 (any length) for the "
            "kernels by row count ('max_rows') and the last; "
            "got 0 before 32");
  EXPECT_EQ(errorOf([] { Bundle::parse(lengthsManifest("[32,-1,0]"), "."); }),
            "manifest kernel 'short': 'max_lengths' entries must be integers in [0, "
            "1099511627776]");
}

TEST(Manifest, BadTensorMapsAreNamed) {
  auto parse = [](const std::string &maps) {
    return errorOf([&] { Bundle::parse(manifest(R"(,"tensor_maps":[)" + maps + "]"), "."); });
  };
  EXPECT_EQ(parse(R"({"tensor":"q","box":[8,8],"swizzle":0})"),
            "manifest kernel 'k0' tensor map of 'q': the kernel has no tensor 'q'");
  EXPECT_EQ(parse(R"({"tensor":"a","box":[8],"swizzle":0})"),
            "manifest kernel 'k0' tensor map of 'a': box has 1 dims, the tensor 2");
  EXPECT_EQ(parse(R"({"tensor":"a","box":[8,300],"swizzle":0})"),
            "manifest kernel 'k0' tensor map of 'a': box sizes must be integers in [1, 256]");
  EXPECT_EQ(parse(R"({"tensor":"a","box":[8,8],"swizzle":48})"),
            "manifest kernel 'k0' tensor map of 'a': swizzle must be 0, 32, 64 or 128, got 48");
  // 128 halves = 256 bytes per box row: wider than the 128-byte swizzle span.
  EXPECT_EQ(parse(R"({"tensor":"a","box":[8,128],"swizzle":128})"),
            "manifest kernel 'k0' tensor map of 'a': a box row is 256 bytes; it must be a "
            "multiple of 16 and at most the swizzle span");
}

TEST(Manifest, BadDtypeAndUnknownDim) {
  std::string text = manifest();
  text.replace(text.find(R"("dtype":"f16")"), 13, R"("dtype":"i8")");
  EXPECT_NE(errorOf([&] { Bundle::parse(text, "."); }).find("unsupported dtype 'i8'"), std::string::npos);
  EXPECT_NE(errorOf([] { Bundle::parse(manifest("", "sm_90a", R"(["M","Q"])"), "."); })
                .find("dim 'Q' is not one of the kernel's sizes"),
            std::string::npos);
}

TEST(Manifest, BadChipAndVersion) {
  EXPECT_NE(errorOf([] { Bundle::parse(manifest("", "gfx90a"), "."); }).find("bad chip name 'gfx90a'"),
            std::string::npos);
  std::string text = manifest();
  text.replace(text.find(R"("version":1)"), 11, R"("version":9)");
  EXPECT_NE(errorOf([&] { Bundle::parse(text, "."); }).find("unsupported version 9"), std::string::npos);
}

TEST(Manifest, MissingManifestFileSaysWhatToDo) {
  std::string msg = errorOf([] { Bundle::load("/nonexistent/bundle"); });
  EXPECT_NE(msg.find("cannot read bundle manifest '/nonexistent/bundle/manifest.json'"), std::string::npos);
}

TEST(Manifest, SizeResolutionErrors) {
  Bundle b = Bundle::parse(manifest(), ".");
  const KernelSpec &k = b.kernels[0];
  EXPECT_EQ(errorOf([&] { k.resolveSizes({}); }),
            "kernel 'k0': size M is dynamic; give it, e.g. --size M=128");
  EXPECT_EQ(errorOf([&] { k.resolveSizes({{"M", 4}, {"N", 32}}); }),
            "kernel 'k0': size N is fixed to 33 by the bundle; got N=32");
  EXPECT_EQ(errorOf([&] { k.resolveSizes({{"M", 0}}); }), "kernel 'k0': size M must be >= 1, got 0");
  EXPECT_EQ(errorOf([&] { k.resolveSizes({{"M", 4}, {"Z", 1}}); }),
            "kernel 'k0' has no size 'Z' (its sizes: batch, M, N, K)");
  EXPECT_EQ(errorOf([&] { b.kernel("nope"); }), "bundle has no kernel 'nope' (it has: k0)");
  std::string zeroN = manifest();
  zeroN.replace(zeroN.find(R"("N":33)"), 6, R"("N":0)");
  Bundle empty = Bundle::parse(zeroN, ".");
  EXPECT_EQ(errorOf([&] { empty.kernels[0].resolveSizes({{"M", 4}}); }),
            "kernel 'k0': size N is fixed to 0 by the bundle; empty tensors are not launched");
  // Sizes whose product would overflow the element (and byte) counts.
  EXPECT_EQ(errorOf([&] { k.resolveSizes({{"M", int64_t(1) << 55}}); }),
            "kernel 'k0': tensor 'a' of M=36028797018963968 x K=65 has more than 2^60 elements");
  EXPECT_EQ(errorOf([&] { k.resolveSizes({{"M", INT64_MAX}}); }),
            "kernel 'k0': tensor 'a' of M=9223372036854775807 x K=65 has more than 2^60 elements");
}

TEST(Chip, ParsesAndMatchesDevices) {
  Chip c = parseChip("sm_90a");
  EXPECT_EQ(c.major, 9);
  EXPECT_EQ(c.minor, 0);
  EXPECT_TRUE(c.archSpecific);
  EXPECT_TRUE(chipRunsOn(c, 9, 0));
  EXPECT_FALSE(chipRunsOn(c, 10, 0));
  Chip ampere = parseChip("sm_80");
  EXPECT_TRUE(chipRunsOn(ampere, 8, 6));
  EXPECT_FALSE(chipRunsOn(ampere, 9, 0));
  EXPECT_FALSE(chipRunsOn(parseChip("sm_86"), 8, 0));
  EXPECT_EQ(parseChip("sm_100a").major, 10);
  EXPECT_NE(errorOf([] { parseChip("sm_9"); }).find("bad chip name"), std::string::npos);
}

} // namespace

namespace {
/// manifest() with `from` replaced by `to` (once).
std::string damaged(const std::string &from, const std::string &to) {
  std::string text = manifest();
  text.replace(text.find(from), from.size(), to);
  return text;
}
} // namespace

TEST(Manifest, EachDamagedFieldIsNamed) {
  EXPECT_EQ(errorOf([] { Bundle::parse(damaged(R"("op":"matmul")", R"("op":"conv")"), "."); }),
            "manifest kernel 'k0': op must name a mini op (matmul, softmax, rmsnorm, layernorm, attention, add, mul, silu, gelu, scale, cast, transpose, causal_mask or elementwise), got 'conv'");
  EXPECT_EQ(errorOf([] { Bundle::parse(damaged(R"("N":33)", R"("N":-5)"), "."); }),
            "manifest kernel 'k0': static size 'N' must be -1 (given at launch) or >= 0, got -5");
  EXPECT_EQ(errorOf([] { Bundle::parse(damaged(R"("output":true)", R"("output":false)"), "."); }),
            "manifest kernel 'k0' has no output tensor");
  EXPECT_EQ(errorOf([] {
              Bundle::parse(damaged(R"("dynamic_shared_bytes":0)", R"("dynamic_shared_bytes":1e300)"),
                            ".");
            }),
            "manifest kernel 'k0': field 'dynamic_shared_bytes' must be an integer within +-2^62, "
            "got 1e+300");
  EXPECT_EQ(errorOf([] { Bundle::parse(damaged(R"("N":33)", R"("N":1e19)"), "."); }),
            "manifest kernel 'k0': static size 'N' must be an integer within +-2^62, got 1e+19");
}

namespace {
/// An attention a0 with decode kernels a0_decode and a0_combine, with
/// `mainSplit` and each part's `part` as their split_keys' last fields.
std::string decodeManifest(
    const std::string &mainSplit = R"("decode_kernel":"a0_decode","combine_kernel":"a0_combine",)"
                                   R"("main_rows":64)",
    const std::string &decodePart = "decode", const std::string &op = "attention") {
  auto kernel = [&](const std::string &entry, const std::string &split) {
    return R"({"entry":")" + entry + R"(","op":")" + op + R"(","cubin":"mini_kernels.cubin",
      "sizes":["B","H","G","S","T","D"],
      "static_sizes":{"B":-1,"H":-1,"G":-1,"S":-1,"T":-1,"D":128},
      "tensors":[{"name":"q","dtype":"f16","dims":["B","H","S","D"],"output":false},
                 {"name":"k","dtype":"f16","dims":["B","G","T","D"],"output":false},
                 {"name":"v","dtype":"f16","dims":["B","G","T","D"],"output":false},
                 {"name":"o","dtype":"f16","dims":["B","H","S","D"],"output":true}],
      "grid":[{"sizes":["S"],"div":64},{"sizes":["H"],"div":1},{"sizes":["B"],"div":1}],
      "block":[128,1,1],"dynamic_shared_bytes":0,"attrs":{},
      "split_keys":{"max_splits":64,"rows":64,"tile_keys":64,)" +
           split + "}}";
  };
  return R"({"format":"mini-bundle","version":1,"chip":"sm_90a","abi":"x","kernels":[)" +
         kernel("a0", mainSplit) + "," + kernel("a0_decode", R"("part":")" + decodePart + "\"") +
         "," + kernel("a0_combine", R"("part":"combine")") + "]}";
}
} // namespace

TEST(Manifest, SplitKeysPlansTheDecodeKernel) {
  Bundle b = Bundle::parse(decodeManifest(), ".");
  const KernelSpec &k = b.kernel("a0");
  EXPECT_EQ(k.splitKeys.decodeKernel, "a0_decode");
  EXPECT_EQ(k.numParams(), 5u * 4 + 6);
  EXPECT_EQ(b.kernel("a0_decode").numParams(), 5u * 4 + 6 + 5 * 2 + 1); // + workspace, splits
  EXPECT_TRUE(b.isCompanionKernel("a0_decode"));
  EXPECT_TRUE(b.isCompanionKernel("a0_combine"));
  EXPECT_FALSE(b.isCompanionKernel("a0"));
  // A decode step with GQA: 16 x 8 = 128 row blocks, not 512; two splits
  // keep 256 blocks within two per SM of 132.
  SplitKeysPlan p = k.planSplitKeys(
      k.resolveSizes({{"B", 16}, {"H", 32}, {"G", 8}, {"S", 1}, {"T", 4096}}), 132);
  EXPECT_EQ(p.splits, 2);
  EXPECT_EQ(p.rowBlocks, 1);
  EXPECT_EQ(p.lseFloats, 2 * 16 * 32);
  EXPECT_EQ(p.partialFloats, 2 * 16 * 32 * 128);
  // One sequence: 8 row blocks, 33 splits; forced to 100, capped at 64.
  Sizes one = k.resolveSizes({{"B", 1}, {"H", 32}, {"G", 8}, {"S", 1}, {"T", 32768}});
  EXPECT_EQ(k.planSplitKeys(one, 132).splits, 33);
  EXPECT_EQ(k.planSplitKeys(one, 132, 100).splits, 64);
  // Short T: at least two 64-key tiles per split.
  EXPECT_EQ(k.planSplitKeys(k.resolveSizes({{"B", 1}, {"H", 32}, {"G", 8}, {"S", 1}, {"T", 300}}),
                            132)
                .splits,
            2);
  // Prefill: as many decode row blocks as the main kernel's, which fill
  // the GPU: the main kernel.
  EXPECT_EQ(k.planSplitKeys(
                 k.resolveSizes({{"B", 4}, {"H", 32}, {"G", 8}, {"S", 4096}, {"T", 4096}}), 132)
                .splits,
            0);
}

TEST(Manifest, SplitKeysWeighsTheMainKernelsOwnBlocks) {
  // A persistent wgmma main kernel (128 rows per work item, at most 132
  // blocks): S = 1000 x 32 heads x 4 takes 1024 work items against the
  // decode kernel's 63 x 8 x 4 = 2016 blocks (with 64-row items, 2048: the
  // decode kernel would run).
  std::string text = decodeManifest();
  text.replace(text.find(R"("main_rows":64)"), 14, R"("main_rows":128)");
  std::string grid = R"({"sizes":["S"],"div":64},{"sizes":["H"],"div":1},{"sizes":["B"],"div":1})";
  text.replace(text.find(grid), grid.size(),
               R"({"sizes":["B","H","S"],"div":1,"max_blocks":132},{"sizes":[],"div":1},)"
               R"({"sizes":[],"div":1})");
  Bundle b = Bundle::parse(text, ".");
  const KernelSpec &k = b.kernel("a0");
  EXPECT_EQ(k.planSplitKeys(
                 k.resolveSizes({{"B", 4}, {"H", 32}, {"G", 8}, {"S", 1000}, {"T", 3001}}), 132)
                .splits,
            0);
  EXPECT_EQ(b.kernel("a0_decode").planSplitKeys(
                 k.resolveSizes({{"B", 4}, {"H", 32}, {"G", 8}, {"S", 1000}, {"T", 3001}}), 132)
                .splits,
            0); // a part plans nothing
  // A decode step still takes the decode kernel.
  EXPECT_EQ(k.planSplitKeys(
                 k.resolveSizes({{"B", 16}, {"H", 32}, {"G", 8}, {"S", 1}, {"T", 4096}}), 132)
                .splits,
            2);
}

TEST(Manifest, SplitKeysWeighsWhatAMainBlockCosts) {
  // 64-row main blocks that cost as much as a decode block: with GQA (3
  // heads a K/V head), S = 2053 packs into 97 decode row blocks a K/V head
  // against 3 x 33 = 99 main blocks, so the decode kernel runs; at half the
  // cost (the 64-row wgmma kernel's), the main kernel, until packing at
  // least halves the blocks (a decode step).
  Sizes prefill = {{"B", 3}, {"H", 24}, {"G", 8}, {"S", 2053}, {"T", 2053}};
  Sizes decodeStep = {{"B", 3}, {"H", 24}, {"G", 8}, {"S", 1}, {"T", 2053}};
  Bundle same = Bundle::parse(decodeManifest(), ".");
  const KernelSpec &s = same.kernel("a0");
  EXPECT_GT(s.planSplitKeys(s.resolveSizes(prefill), 132).splits, 0);
  std::string text = decodeManifest();
  text.replace(text.find(R"("main_rows":64)"), 14, R"("main_rows":64,"main_block_cost":50)");
  Bundle half = Bundle::parse(text, ".");
  const KernelSpec &h = half.kernel("a0");
  EXPECT_EQ(h.splitKeys.mainBlockCost, 50);
  EXPECT_EQ(h.planSplitKeys(h.resolveSizes(prefill), 132).splits, 0);
  EXPECT_GT(h.planSplitKeys(h.resolveSizes(decodeStep), 132).splits, 0);
}

/// decodeManifest()'s a0 (64 rows a block) with a size variant a0_long
/// (128), chosen by `bounds` (max_lengths and max_rows).
static std::string shortAndLongAttention(const std::string &bounds) {
  std::string text = decodeManifest();
  size_t start = text.find(R"({"entry":"a0",)"), end = text.find(R"(,{"entry":"a0_decode")");
  std::string longKernel = text.substr(start, end - start);
  longKernel.replace(longKernel.find(R"("entry":"a0")"), 12, R"("entry":"a0_long")");
  longKernel.replace(longKernel.find(R"("main_rows":64)"), 14, R"("main_rows":128)");
  text.insert(end, "," + longKernel);
  text.replace(text.find(R"("block":[128,1,1])"), 17,
               R"("size_variants":["a0_long"],)" + bounds + R"(,"block":[128,1,1])");
  return text;
}

/// The kernel a launch of bundle `b`'s a0 at S query rows and T keys runs.
static std::string attentionTakenAt(const Bundle &b, int64_t s, int64_t t) {
  const KernelSpec &k = b.kernel("a0");
  return b.forSizes(k, k.resolveSizes({{"B", 16}, {"H", 16}, {"G", 16}, {"S", s}, {"T", t}})).entry;
}

TEST(Manifest, AttentionTakesItsShortKernelByKeys) {
  // a0 for at most 1024 keys, then a0_long for any: an attention's
  // max_lengths bound T, as a row op's bound C.
  Bundle b = Bundle::parse(shortAndLongAttention(R"("max_lengths":[1024,0])"), ".");
  auto taken = [&](int64_t s, int64_t t) { return attentionTakenAt(b, s, t); };
  EXPECT_EQ(taken(512, 512), "a0");
  EXPECT_EQ(taken(1024, 1024), "a0");
  EXPECT_EQ(taken(1025, 1025), "a0_long");
  EXPECT_EQ(taken(4096, 1024), "a0"); // S is not bounded
  // Each kernel plans decode-or-main with its own rows.
  EXPECT_EQ(b.kernel("a0_long").splitKeys.mainRows, 128);
}

TEST(Manifest, AttentionBoundsItsShortKernelsQueryRows) {
  // With max_rows, an attention's short kernel needs S that short too, as a
  // row op's needs R.
  Bundle b =
      Bundle::parse(shortAndLongAttention(R"("max_lengths":[1024,0],"max_rows":[1024,0])"), ".");
  auto taken = [&](int64_t s, int64_t t) { return attentionTakenAt(b, s, t); };
  EXPECT_EQ(taken(512, 512), "a0");
  EXPECT_EQ(taken(1024, 1000), "a0");
  EXPECT_EQ(taken(4096, 1024), "a0_long");
  EXPECT_EQ(taken(1000, 1025), "a0_long");
}

TEST(Manifest, SizeVariantsNameTheSizeTheyChooseBy) {
  // The same kernels as a row op's: it has no C (nor R) to choose by.
  auto asRowOp = [](const std::string &bounds) {
    std::string text = shortAndLongAttention(bounds);
    for (size_t at; (at = text.find(R"("op":"attention")")) != std::string::npos;)
      text.replace(at, 16, R"("op":"softmax")");
    return errorOf([&] { Bundle::parse(text, "."); });
  };
  EXPECT_NE(asRowOp(R"("max_lengths":[1024,0])")
                .find("'max_lengths' choose by the size 'C', which the kernel does not have"),
            std::string::npos);
}

TEST(Manifest, SplitKeysNamesWhatIsWrong) {
  auto parse = [](const std::string &mainSplit, const std::string &part = "decode",
                  const std::string &op = "attention") {
    return errorOf([&] { Bundle::parse(decodeManifest(mainSplit, part, op), "."); });
  };
  const std::string parts = R"("decode_kernel":"a0_decode","combine_kernel":"a0_combine",)";
  EXPECT_EQ(parse(R"("decode_kernel":"a0_x","combine_kernel":"a0_combine","main_rows":64)"),
            "manifest kernel 'a0' decode kernel 'a0_x': no such kernel");
  EXPECT_EQ(
      parse(parts + R"("main_rows":64)", "combine"),
      "manifest kernel 'a0' decode kernel 'a0_decode': its split_keys must say part \"decode\"");
  EXPECT_EQ(parse(parts + R"("main_rows":64)", "other"),
            "manifest kernel 'a0_decode' split_keys: 'part' must be \"decode\" or \"combine\", "
            "got \"other\"");
  EXPECT_EQ(parse(parts + R"("main_rows":64)", "decode", "softmax"),
            "manifest kernel 'a0' split_keys: only an attention kernel splits keys, this one is "
            "'softmax'");
  EXPECT_EQ(parse(parts + R"("main_rows":0)"),
            "manifest kernel 'a0' split_keys: needs main_rows in [1, 4096], got 0");
  EXPECT_EQ(
      parse(parts + R"("main_rows":64,"main_block_cost":0)"),
      "manifest kernel 'a0' split_keys: needs main_block_cost in [1, 10000] (percent), got 0");
  EXPECT_EQ(parse(R"("decode_kernel":"a0_decode","combine_kernel":"a0_combine")"),
            "manifest kernel 'a0' split_keys is missing field 'main_rows'");
}

TEST(Manifest, ElementwiseOpsParseWithMixedTypesAndABroadcastOperand) {
  // A cast's tensors differ in type; a bias's rhs has one dim of the two.
  std::string text = manifest();
  text.replace(text.find(R"("op":"matmul")"), 13, R"("op":"cast")");
  Bundle b = Bundle::parse(text, "/tmp");
  EXPECT_EQ(b.kernel("k0").op, "cast");
  EXPECT_EQ(b.kernel("k0").tensors[0].dtype, DType::F16);
  EXPECT_EQ(b.kernel("k0").tensors[2].dtype, DType::F32);
  for (const char *op : {"add", "mul", "silu", "gelu", "scale", "transpose", "causal_mask"}) {
    text = manifest();
    text.replace(text.find(R"("op":"matmul")"), 13, std::string(R"("op":")") + op + "\"");
    EXPECT_EQ(Bundle::parse(text, "/tmp").kernel("k0").op, op);
  }
  text = manifest();
  text.replace(text.find(R"("op":"matmul")"), 13, R"("op":"relu")");
  std::string msg = errorOf([&] { Bundle::parse(text, "/tmp"); });
  EXPECT_NE(msg.find("op must name a mini op (matmul, softmax, rmsnorm, layernorm, attention, add, mul, "
                     "silu, gelu, scale, cast, transpose, causal_mask or elementwise), got 'relu'"),
            std::string::npos)
      << msg;
}

TEST(Manifest, ElementwiseProgramsAreReadAndCheckedStepByStep) {
  // The matmul record's three tensors as an elementwise op: two inputs.
  auto withProgram = [](const std::string &attrs) {
    std::string text = manifest();
    text.replace(text.find(R"("op":"matmul")"), 13, R"("op":"elementwise")");
    const std::string old = R"("attrs":{"scale":0.5,"causal":true})";
    text.replace(text.find(old), old.size(), R"("attrs":)" + attrs);
    return text;
  };
  Bundle b = Bundle::parse(
      withProgram(R"({"program":[{"op":"const","value":2},{"op":"fma","args":[0,1,2]}],"result":3})"),
      "/tmp");
  const KernelSpec &k = b.kernel("k0");
  ASSERT_EQ(k.program.size(), 2u);
  EXPECT_EQ(k.program[0].op, "const");
  EXPECT_DOUBLE_EQ(k.program[0].value, 2.0);
  EXPECT_EQ(k.program[1].args, (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(k.programResult, 3);
  EXPECT_EQ(errorOf([&] { Bundle::parse(withProgram(R"({"program":[{"op":"sqrt","args":[0]}],"result":2})"), "/tmp"); }),
            "manifest kernel 'k0' program step #0: unknown op 'sqrt'");
  EXPECT_EQ(errorOf([&] { Bundle::parse(withProgram(R"({"program":[{"op":"addf","args":[0,2]}],"result":2})"), "/tmp"); }),
            "manifest kernel 'k0' program step #0: args (earlier values) must be integers in [0, 1]");
  EXPECT_EQ(errorOf([&] { Bundle::parse(withProgram(R"({"program":[{"op":"negf","args":[0,1]}],"result":2})"), "/tmp"); }),
            "manifest kernel 'k0' program step #0: negf takes 1 args, got 2");
  EXPECT_EQ(errorOf([&] { Bundle::parse(withProgram(R"({"program":[],"result":2})"), "/tmp"); }),
            "manifest kernel 'k0' program: result 2 is not one of its 2 values");
}

TEST(Manifest, MatmulEpiloguePrograms) {
  // A bias e0 between b and c: the program's values are the accumulator,
  // then e0.
  auto withEpilogue = [](const std::string &attrs, bool bias = true) {
    std::string text = manifest();
    const std::string c = R"({"name":"c")";
    if (bias)
      text.insert(text.find(c), R"({"name":"e0","dtype":"bf16","dims":["N"],"output":false},)");
    const std::string old = R"("attrs":{"scale":0.5,"causal":true})";
    text.replace(text.find(old), old.size(), R"("attrs":)" + attrs);
    return text;
  };
  Bundle b = Bundle::parse(
      withEpilogue(R"({"program":[{"op":"addf","args":[0,1]},{"op":"tanh","args":[2]}],"result":3})"),
      "/tmp");
  const KernelSpec &k = b.kernel("k0");
  ASSERT_EQ(k.tensors.size(), 4u);
  EXPECT_EQ(k.tensors[2].dtype, DType::BF16);
  ASSERT_EQ(k.program.size(), 2u);
  EXPECT_EQ(k.programResult, 3);
  // An epilogue of the accumulator alone; a plain matmul has no program.
  EXPECT_EQ(Bundle::parse(withEpilogue(R"({"program":[{"op":"negf","args":[0]}],"result":1})", false),
                          "/tmp")
                .kernel("k0")
                .program.size(),
            1u);
  EXPECT_TRUE(Bundle::parse(withEpilogue("{}", false), "/tmp").kernel("k0").program.empty());
  EXPECT_EQ(errorOf([&] { Bundle::parse(withEpilogue("{}"), "/tmp"); }),
            "manifest kernel 'k0': a matmul with epilogue inputs needs its epilogue's program");
  EXPECT_EQ(errorOf([&] {
              Bundle::parse(withEpilogue(R"({"program":[{"op":"addf","args":[0,2]}],"result":2})"),
                            "/tmp");
            }),
            "manifest kernel 'k0' program step #0: args (earlier values) must be integers in [0, 1]");
}
