// The C API (libmini_rt.so): lookups and error paths need no GPU; one launch
// through it on the suite bundle skips without a GPU.
#include "mini/mini_rt.h"
#include "mini/runtime/Runtime.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

namespace {

/// A bundle directory holding only a manifest: a matmul with a static N and
/// an attention (the cubin is never read without a GPU).
class CApi : public ::testing::Test {
protected:
  void SetUp() override {
    dir = fs::temp_directory_path() / ("mini-capi-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "manifest.json") << R"({"format":"mini-bundle","version":1,
      "chip":"sm_90a","abi":"x","kernels":[{
      "entry":"mm","op":"matmul","cubin":"k.cubin","sizes":["batch","M","N","K"],
      "static_sizes":{"batch":-1,"M":-1,"N":64,"K":-1},
      "tensors":[{"name":"a","dtype":"f16","dims":["batch","M","K"],"output":false},
                 {"name":"b","dtype":"bf16","dims":["batch","K","N"],"output":false},
                 {"name":"c","dtype":"f32","dims":["batch","M","N"],"output":true}],
      "grid":[{"sizes":["N"],"div":64},{"sizes":["M"],"div":64},{"sizes":["batch"],"div":1}],
      "block":[128,1,1],"dynamic_shared_bytes":0,"attrs":{"scale":0.5,"causal":true}}]})";
    ASSERT_EQ(mini_bundle_open(dir.c_str(), &bundle), MINI_OK) << mini_last_error();
  }
  void TearDown() override {
    mini_bundle_close(bundle);
    fs::remove_all(dir);
  }
  fs::path dir;
  mini_bundle *bundle = nullptr;
};

TEST_F(CApi, DescribesKernelsWithoutAGpu) {
  EXPECT_EQ(mini_api_version(), MINI_RT_API_VERSION);
  EXPECT_STREQ(mini_bundle_chip(bundle), "sm_90a");
  EXPECT_EQ(mini_bundle_device(bundle), -1);
  ASSERT_EQ(mini_bundle_num_kernels(bundle), 1);
  EXPECT_STREQ(mini_kernel_name(bundle, 0), "mm");
  EXPECT_EQ(mini_bundle_find_kernel(bundle, "mm"), 0);
  EXPECT_STREQ(mini_kernel_op(bundle, 0), "matmul");
  ASSERT_EQ(mini_kernel_num_tensors(bundle, 0), 3);
  EXPECT_STREQ(mini_kernel_tensor_name(bundle, 0, 1), "b");
  EXPECT_EQ(mini_kernel_tensor_dtype(bundle, 0, 0), MINI_F16);
  EXPECT_EQ(mini_kernel_tensor_dtype(bundle, 0, 1), MINI_BF16);
  EXPECT_EQ(mini_kernel_tensor_dtype(bundle, 0, 2), MINI_F32);
  EXPECT_EQ(mini_kernel_tensor_is_output(bundle, 0, 2), 1);
  EXPECT_EQ(mini_kernel_tensor_is_output(bundle, 0, 0), 0);
  EXPECT_EQ(mini_kernel_tensor_rank(bundle, 0, 2), 3);
  EXPECT_STREQ(mini_kernel_tensor_dim(bundle, 0, 0, 2), "K");
  ASSERT_EQ(mini_kernel_num_sizes(bundle, 0), 4);
  EXPECT_STREQ(mini_kernel_size_name(bundle, 0, 2), "N");
  EXPECT_EQ(mini_kernel_static_size(bundle, 0, 2), 64);
  EXPECT_EQ(mini_kernel_static_size(bundle, 0, 1), -1);
  EXPECT_EQ(mini_kernel_attr(bundle, 0, "scale", 1.0), 0.5);
  EXPECT_EQ(mini_kernel_attr(bundle, 0, "causal", 0.0), 1.0);
  EXPECT_EQ(mini_kernel_attr(bundle, 0, "epsilon", 7.0), 7.0);
}

TEST_F(CApi, OutOfRangeIndicesGiveNullOrMinusOne) {
  EXPECT_EQ(mini_kernel_name(bundle, 1), nullptr);
  EXPECT_EQ(mini_kernel_name(bundle, -1), nullptr);
  EXPECT_EQ(mini_kernel_op(nullptr, 0), nullptr);
  EXPECT_EQ(mini_kernel_num_tensors(bundle, 5), -1);
  EXPECT_EQ(mini_kernel_tensor_name(bundle, 0, 3), nullptr);
  EXPECT_EQ(mini_kernel_tensor_dtype(bundle, 0, -1), -1);
  EXPECT_EQ(mini_kernel_tensor_dim(bundle, 0, 0, 3), nullptr);
  EXPECT_EQ(mini_kernel_size_name(bundle, 0, 4), nullptr);
  EXPECT_EQ(mini_kernel_static_size(bundle, 0, 4), -2);
  EXPECT_EQ(mini_bundle_num_kernels(nullptr), -1);
  EXPECT_EQ(mini_bundle_chip(nullptr), nullptr);
  mini_bundle_close(nullptr); // allowed
}

TEST_F(CApi, UnknownKernelListsTheNames) {
  EXPECT_EQ(mini_bundle_find_kernel(bundle, "nope"), -1);
  EXPECT_STREQ(mini_last_error(), "no kernel 'nope' in the bundle (it has: mm)");
  EXPECT_EQ(mini_bundle_find_kernel(bundle, nullptr), -1);
}

TEST_F(CApi, ChecksSizesWithoutAGpu) {
  const char *names[] = {"batch", "M", "N", "K"};
  int64_t good[] = {2, 100, 64, 30};
  EXPECT_EQ(mini_kernel_check_sizes(bundle, 0, 4, names, good), MINI_OK) << mini_last_error();
  int64_t wrongStatic[] = {2, 100, 65, 30};
  EXPECT_EQ(mini_kernel_check_sizes(bundle, 0, 4, names, wrongStatic), MINI_ERROR);
  EXPECT_NE(std::string(mini_last_error()).find("N"), std::string::npos) << mini_last_error();
  EXPECT_EQ(mini_kernel_check_sizes(bundle, 0, 3, names, good), MINI_ERROR);
  EXPECT_NE(std::string(mini_last_error()).find("K"), std::string::npos) << mini_last_error();
  EXPECT_EQ(mini_kernel_check_sizes(bundle, 0, 4, nullptr, good), MINI_ERROR);
  EXPECT_EQ(mini_kernel_check_sizes(bundle, 3, 4, names, good), MINI_ERROR);
  EXPECT_STREQ(mini_last_error(), "kernel index 3 is out of range (the bundle has 1 kernels)");
}

TEST_F(CApi, LaunchRejectsBadTensorsBeforeTouchingTheGpu) {
  const char *names[] = {"batch", "M", "N", "K"};
  int64_t sizes[] = {1, 16, 64, 16};
  uint64_t two[] = {256, 512};
  EXPECT_EQ(mini_launch(bundle, 0, 2, two, 4, names, sizes, nullptr), MINI_ERROR);
  EXPECT_STREQ(mini_last_error(), "kernel 'mm' takes 3 tensors, got 2");
  uint64_t misaligned[] = {256, 520, 1024};
  EXPECT_EQ(mini_launch(bundle, 0, 3, misaligned, 4, names, sizes, nullptr), MINI_ERROR);
  EXPECT_STREQ(mini_last_error(),
               "kernel 'mm': tensor 'b' must be a non-null device pointer aligned to 16 bytes");
  uint64_t null[] = {256, 512, 0};
  EXPECT_EQ(mini_launch(bundle, 0, 3, null, 4, names, sizes, nullptr), MINI_ERROR);
  EXPECT_NE(std::string(mini_last_error()).find("tensor 'c'"), std::string::npos);
}

TEST_F(CApi, ErrorsAreThreadLocal) {
  EXPECT_EQ(mini_bundle_find_kernel(bundle, "here"), -1);
  std::string other;
  std::thread([&] {
    other = mini_last_error(); // nothing failed on this thread yet
    mini_bundle_find_kernel(bundle, "there");
  }).join();
  EXPECT_EQ(other, "");
  EXPECT_NE(std::string(mini_last_error()).find("'here'"), std::string::npos);
}

TEST(CApiOpen, ReportsMissingAndMalformedBundles) {
  mini_bundle *b = reinterpret_cast<mini_bundle *>(1);
  EXPECT_EQ(mini_bundle_open("/nonexistent/bundle", &b), MINI_ERROR);
  EXPECT_EQ(b, nullptr);
  EXPECT_NE(std::string(mini_last_error()).find("/nonexistent/bundle/manifest.json"),
            std::string::npos)
      << mini_last_error();
  EXPECT_EQ(mini_bundle_open(nullptr, &b), MINI_ERROR);
  EXPECT_EQ(mini_bundle_open("/tmp", nullptr), MINI_ERROR);
  fs::path dir = fs::temp_directory_path() / ("mini-capi-bad-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "manifest.json") << R"({"format":"mini-bundle","version":1,"chip":)";
  EXPECT_EQ(mini_bundle_open(dir.c_str(), &b), MINI_ERROR);
  EXPECT_NE(std::string(mini_last_error()).find("JSON parse error at line 1"), std::string::npos)
      << mini_last_error();
  fs::remove_all(dir);
}

TEST(CApiFunctions, DescribesAndChecksFunctionsWithoutAGpu) {
  fs::path dir = fs::temp_directory_path() / ("mini-capi-fn-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "manifest.json") << R"({"format":"mini-bundle","version":1,
    "chip":"sm_90a","abi":"x","kernels":[{
    "entry":"f_silu","op":"silu","cubin":"k.cubin","sizes":["R","C"],
    "static_sizes":{"R":-1,"C":64},
    "tensors":[{"name":"x","dtype":"f16","dims":["R","C"],"output":false},
               {"name":"y","dtype":"f16","dims":["R","C"],"output":true}],
    "grid":[{"sizes":["R","C"],"div":8192},{"sizes":[],"div":1},{"sizes":[],"div":1}],
    "block":[256,1,1],"dynamic_shared_bytes":0,"attrs":{}}],
    "functions":[{"name":"f","args":[{"name":"arg0","dtype":"f16","dims":["arg0.0",64]}],
      "results":[{"name":"result0","dtype":"f16","dims":["arg0.0",64]}],"buffers":[],
      "launches":[{"kernel":"f_silu","tensors":["arg0","result0"],
                   "sizes":{"R":["arg0.0"],"C":[64]}}]}]})";
  mini_bundle *b = nullptr;
  ASSERT_EQ(mini_bundle_open(dir.c_str(), &b), MINI_OK) << mini_last_error();
  EXPECT_EQ(mini_bundle_num_functions(b), 1);
  EXPECT_STREQ(mini_function_name(b, 0), "f");
  EXPECT_EQ(mini_function_name(b, 1), nullptr);
  EXPECT_EQ(mini_bundle_find_function(b, "f"), 0);
  EXPECT_EQ(mini_bundle_find_function(b, "g"), -1);
  EXPECT_STREQ(mini_last_error(), "bundle has no function 'g' (it has: f)");
  EXPECT_EQ(mini_function_num_args(b, 0), 1);
  EXPECT_EQ(mini_function_num_results(b, 0), 1);
  // The tensors' dtypes and dims: a dynamic dim names its size.
  EXPECT_EQ(mini_function_tensor_dtype(b, 0, 0, 0), MINI_F16);
  EXPECT_EQ(mini_function_tensor_rank(b, 0, 1, 0), 2);
  const char *dimName = nullptr;
  EXPECT_EQ(mini_function_tensor_dim(b, 0, 1, 0, 0, &dimName), -1);
  EXPECT_STREQ(dimName, "arg0.0");
  EXPECT_EQ(mini_function_tensor_dim(b, 0, 0, 0, 1, &dimName), 64);
  EXPECT_EQ(dimName, nullptr);
  EXPECT_EQ(mini_function_tensor_dim(b, 0, 0, 0, 2, nullptr), -2);
  EXPECT_EQ(mini_function_tensor_rank(b, 0, 0, 1), -1);
  EXPECT_EQ(mini_function_tensor_dtype(b, 1, 0, 0), -1);
  const char *names[] = {"arg0.0"};
  int64_t rows[] = {3};
  uint64_t x[] = {256}, y[] = {512};
  EXPECT_EQ(mini_run_function(b, 0, 1, x, 0, nullptr, 1, names, rows, nullptr), MINI_ERROR);
  EXPECT_STREQ(mini_last_error(), "function 'f' takes 1 argument(s) and 1 result(s), got 1 and 0");
  uint64_t misaligned[] = {520};
  EXPECT_EQ(mini_run_function(b, 0, 1, x, 1, misaligned, 1, names, rows, nullptr), MINI_ERROR);
  EXPECT_STREQ(mini_last_error(),
               "function 'f': tensor 'result0' must be a non-null device pointer aligned to 16 bytes");
  EXPECT_EQ(mini_run_function(b, 0, 1, x, 1, y, 0, nullptr, nullptr, nullptr), MINI_ERROR);
  EXPECT_STREQ(mini_last_error(),
               "function 'f': size arg0.0 is dynamic; give it, e.g. --size arg0.0=128");
  EXPECT_EQ(mini_run_function(b, 1, 1, x, 1, y, 1, names, rows, nullptr), MINI_ERROR);
  EXPECT_STREQ(mini_last_error(), "function index 1 is out of range (the bundle has 1 functions)");
  mini_bundle_close(b);
  fs::remove_all(dir);
}

/// One softmax of the suite bundle through the C API on a stream of its own.
TEST(CApiGpu, LaunchesOnAStream) {
  const char *dir = std::getenv("MINI_TEST_BUNDLE");
  if (!dir || !fs::exists(fs::path(dir) / "manifest.json"))
    GTEST_SKIP() << "MINI_TEST_BUNDLE does not name a bundle";
  std::string reason;
  if (mini::rt::deviceCount(&reason) == 0)
    GTEST_SKIP() << "no GPU: " << reason;
  mini_bundle *b = nullptr;
  ASSERT_EQ(mini_bundle_open(dir, &b), MINI_OK) << mini_last_error();
  int k = mini_bundle_find_kernel(b, "softmax_f32_softmax");
  ASSERT_GE(k, 0) << mini_last_error();
  ASSERT_EQ(mini_bundle_load(b, 0), MINI_OK) << mini_last_error();
  EXPECT_EQ(mini_bundle_load(b, 1), MINI_ERROR); // loaded on device 0 already
  const int64_t rows = 37, cols = 1001;
  std::vector<float> x(rows * cols), y(rows * cols, NAN);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-4, 4);
  for (float &v : x)
    v = dist(rng);
  {
    mini::rt::DeviceBuffer dx(x.size() * 4), dy(y.size() * 4);
    dx.upload(x.data());
    dy.fill(0xFF);
    const auto &d = mini::rt::driver();
    CUstream stream = nullptr;
    ASSERT_EQ(d.cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
    uint64_t tensors[] = {dx.ptr(), dy.ptr()};
    const char *names[] = {"R", "C"};
    int64_t sizes[] = {rows, cols};
    ASSERT_EQ(mini_launch(b, k, 2, tensors, 2, names, sizes, stream), MINI_OK) << mini_last_error();
    ASSERT_EQ(d.cuStreamSynchronize(stream), CUDA_SUCCESS);
    d.cuStreamDestroy(stream);
    dy.download(y.data());
  }
  double worst = 0;
  for (int64_t r = 0; r < rows; ++r) {
    double max = -INFINITY, sum = 0;
    for (int64_t c = 0; c < cols; ++c)
      max = std::fmax(max, x[r * cols + c]);
    for (int64_t c = 0; c < cols; ++c)
      sum += std::exp(double(x[r * cols + c]) - max);
    for (int64_t c = 0; c < cols; ++c)
      worst = std::fmax(worst, std::fabs(y[r * cols + c] - std::exp(x[r * cols + c] - max) / sum));
  }
  EXPECT_LT(worst, 1e-5);
  mini_bundle_close(b);
}

} // namespace
