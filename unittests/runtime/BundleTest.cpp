// A compiled bundle on the GPU: loads, and reports chip and ABI mismatches.
// Needs a GPU and MINI_TEST_BUNDLE (the suite bundle); skips otherwise.
#include "mini/runtime/Error.h"
#include "mini/runtime/Runtime.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

using namespace mini::rt;
namespace fs = std::filesystem;

namespace {

class BundleTest : public ::testing::Test {
protected:
  void SetUp() override {
    const char *dir = std::getenv("MINI_TEST_BUNDLE");
    if (!dir || !fs::exists(fs::path(dir) / "manifest.json"))
      GTEST_SKIP() << "MINI_TEST_BUNDLE does not name a bundle";
    std::string reason;
    if (deviceCount(&reason) == 0)
      GTEST_SKIP() << "no GPU: " << reason;
    bundleDir = dir;
    device = std::make_unique<Device>(0);
  }

  /// A copy of the bundle in a temp dir with `edit` applied to the manifest text.
  std::string editedCopy(const std::function<void(std::string &)> &edit) {
    fs::path tmp = fs::temp_directory_path() / ("mini-bundle-test-" + std::to_string(::getpid()));
    fs::create_directories(tmp);
    fs::copy(bundleDir, tmp, fs::copy_options::overwrite_existing | fs::copy_options::recursive);
    std::ifstream in(tmp / "manifest.json");
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    edit(text);
    std::ofstream(tmp / "manifest.json") << text;
    return tmp.string();
  }

  std::string loadError(const std::string &dir) {
    try {
      LoadedBundle loaded(Bundle::load(dir), *device);
    } catch (const Error &e) {
      return e.what();
    }
    return "<no error>";
  }

  std::string bundleDir;
  std::unique_ptr<Device> device;
};

// Needs the bundle only: each kernel's parameter count in the cubin (what
// the runtime checks the manifest against) is the one the manifest implies.
TEST(BundleCubin, ParamCountsMatchTheManifest) {
  const char *dir = std::getenv("MINI_TEST_BUNDLE");
  if (!dir || !fs::exists(fs::path(dir) / "manifest.json"))
    GTEST_SKIP() << "MINI_TEST_BUNDLE does not name a bundle";
  Bundle bundle = Bundle::load(dir);
  std::map<std::string, std::map<std::string, size_t>> counts;
  for (const KernelSpec &k : bundle.kernels) {
    if (!counts.count(k.cubin)) {
      std::ifstream in(fs::path(dir) / k.cubin, std::ios::binary);
      std::stringstream image;
      image << in.rdbuf();
      counts[k.cubin] = cubinParamCounts(image.str(), k.cubin);
    }
    EXPECT_EQ(counts[k.cubin][k.entry], k.numParams()) << k.entry;
  }
}

TEST_F(BundleTest, LoadsEveryKernel) { EXPECT_EQ(loadError(bundleDir), "<no error>"); }

TEST_F(BundleTest, ChipMismatchIsReported) {
  std::string dir = editedCopy([](std::string &t) {
    t.replace(t.find("\"chip\": \"sm_90a\""), 16, "\"chip\": \"sm_80\"");
  });
  EXPECT_NE(loadError(dir).find("bundle built for sm_80, device is " + device->chip()), std::string::npos);
}

TEST_F(BundleTest, AbiMismatchIsReported) {
  // Declare one size too many for the last kernel (no size variants share
  // its ABI): its cubin entry disagrees.
  std::string dir = editedCopy([](std::string &t) {
    size_t pos = t.find("\"sizes\": [", t.rfind("\"op\":"));
    t.insert(pos + 10, "\"extra\",");
    size_t st = t.find("\"static_sizes\": {", pos);
    t.insert(st + 17, "\"extra\": 1,");
  });
  EXPECT_NE(loadError(dir).find("but the cubin's entry takes"), std::string::npos) << loadError(dir);
}

TEST_F(BundleTest, SharedMemoryBeyondTheDeviceIsReported) {
  // The first kernel with dynamic shared memory (a tensor-core matmul) asks
  // for more than any block may have.
  std::string dir = editedCopy([](std::string &t) {
    const std::string key = "\"dynamic_shared_bytes\": ";
    size_t pos = t.find(key);
    while (pos != std::string::npos && t.compare(pos + key.size(), 2, "0,") == 0)
      pos = t.find(key, pos + 1);
    ASSERT_NE(pos, std::string::npos) << "no kernel with dynamic shared memory in the bundle";
    size_t end = t.find_first_not_of("0123456789", pos + key.size());
    t.replace(pos + key.size(), end - pos - key.size(), "999999");
  });
  std::string error = loadError(dir);
  EXPECT_NE(error.find("needs 999999 bytes of shared memory per block; " + device->name() +
                       " allows " + std::to_string(device->maxSharedBytesPerBlock())),
            std::string::npos)
      << error;
}

TEST_F(BundleTest, TruncatedCubinIsReported) {
  std::string dir = editedCopy([](std::string &) {});
  fs::resize_file(fs::path(dir) / "mini_kernels.cubin", 1000);
  EXPECT_NE(loadError(dir).find("bad cubin"), std::string::npos);
}

} // namespace
