#include "BenchReport.h"

#include "mini/runtime/Error.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>

namespace mini::run {
namespace {

using Json = nlohmann::ordered_json;

/// $MINI_GIT_COMMIT (a copy of the tree whose .git is not its own, as on a
/// lent machine), else HEAD of the checkout around the working directory, or
/// null.
Json gitCommit() {
  if (const char *given = std::getenv("MINI_GIT_COMMIT"); given && *given)
    return given;
  std::array<char, 64> buf{};
  FILE *pipe = popen("git rev-parse HEAD 2>/dev/null", "r");
  if (!pipe)
    return nullptr;
  std::string out;
  while (fgets(buf.data(), buf.size(), pipe))
    out += buf.data();
  if (pclose(pipe) != 0 || out.size() < 40)
    return nullptr;
  return out.substr(0, 40);
}

std::string utcNow() {
  std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return text;
}

Json deviceJson(const rt::Device &d) {
  // The driver reports clocks in kHz.
  return {{"name", d.name()},
          {"chip", d.chip()},
          {"sm_count", d.smCount()},
          {"sm_clock_mhz", d.attribute(CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000},
          {"mem_clock_mhz", d.attribute(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE) / 1000},
          {"mem_bus_bits", d.attribute(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH)}};
}

Json recordJson(const BenchRecord &r, const std::string &group) {
  const rt::KernelSpec &k = *r.kernel;
  Json sizes = Json::object();
  for (const std::string &name : k.sizes)
    sizes[name] = r.sizes.at(name);
  Json j = {{"op", k.op}, {"kernel", k.entry}, {"dtype", rt::dtypeName(k.tensors[0].dtype)},
            {"sizes", sizes}};
  if (k.attr("causal", 0) != 0) // absent otherwise, as bench/torch_peers.py writes it
    j["attrs"] = {{"causal", 1}};
  j["group"] = group.empty() ? Json(nullptr) : Json(group);
  j["label"] = group.empty() ? Json(nullptr) : Json(k.entry);
  j["ours_ms"] = r.oursMs;
  Json peers = Json::object(), ratio = Json::object();
  for (const auto &[name, ms] : r.peersMs) {
    peers[name] = ms;
    ratio[name] = ms / r.oursMs;
  }
  j["peers"] = peers;
  j["ratio"] = ratio;
  j["flops"] = r.flops > 0 ? Json(r.flops) : Json(nullptr);
  j["bytes"] = r.bytes;
  j["tflops"] = r.flops > 0 ? Json(r.flops / r.oursMs * 1e-9) : Json(nullptr);
  j["gbps"] = r.bytes / r.oursMs * 1e-6;
  if (r.ceiling.empty()) {
    j["roofline"] = nullptr;
  } else {
    bool copy = r.ceiling == "copy";
    double achieved = copy ? r.bytes / r.oursMs * 1e-6 : r.flops / r.oursMs * 1e-9;
    j["roofline"] = {{"ceiling", r.ceiling},
                     {"ceiling_value", r.ceilingValue},
                     {"unit", copy ? "GB/s" : "TFLOP/s"},
                     {"source", r.ceilingSource},
                     {"fraction", achieved / r.ceilingValue}};
  }
  j["check"] = r.pass ? "PASS" : "FAIL";
  j["rel_err"] = r.relError;
  return j;
}

} // namespace

void BenchReport::write(const rt::Device &device) const {
  Json records = Json::array();
  for (const BenchRecord &r : records_)
    records.push_back(recordJson(r, group_));
  Json file = {{"schema", "mini-bench/1"}, {"source", "mini-run"}, {"created", utcNow()},
               {"git_commit", gitCommit()}, {"device", deviceJson(device)},
               {"records", records}};
  std::ofstream out(path_);
  out << file.dump(1) << "\n";
  if (!out)
    throw rt::Error("cannot write the benchmark report '" + path_ + "'");
}

} // namespace mini::run
