// A bundle's functions (Manifest.h FunctionSpec): parsed and checked against
// the kernels they launch when the manifest loads, and planned at sizes
// before anything runs, so that a bad binding or size is an error naming
// the function and the launch rather than a fault on the GPU.
#include "JsonReader.h"

#include <algorithm>
#include <set>

namespace mini::rt {

using namespace detail;

namespace {

FunctionDim parseDim(const Json &d, const std::string &where) {
  if (d.is_string())
    return {-1, d.get<std::string>()};
  if (d.is_number() && d.get<double>() >= 1 && d.get<double>() == std::floor(d.get<double>()) &&
      d.get<double>() <= 4611686018427387904.0)
    return {static_cast<int64_t>(d.get<double>()), ""};
  throw Error(where + " must be integers >= 1 or size names, got " + d.dump());
}

std::vector<FunctionDim> parseDims(const Reader &r, const std::string &key,
                                   const std::string &what) {
  std::vector<FunctionDim> out;
  for (const Json &d : r.get(key, Kind::Array))
    out.push_back(parseDim(d, r.where + ": " + what));
  return out;
}

std::string dimText(const std::vector<FunctionDim> &dims, const char *sep) {
  std::string s;
  for (const FunctionDim &d : dims)
    s += (s.empty() ? "" : sep) + (d.size >= 0 ? std::to_string(d.size) : d.name);
  return s.empty() ? "1" : s;
}

FunctionSpec parseFunction(const Json &json, size_t index, const Bundle &b) {
  Reader r(json, "manifest function #" + std::to_string(index));
  FunctionSpec f;
  f.name = r.str("name");
  std::string where = "manifest function '" + f.name + "'";
  r.where = where;
  std::map<std::string, FunctionBinding> byName;
  std::set<std::string> known; // dynamic sizes, from the arguments
  auto tensors = [&](const char *key, FunctionBinding::Kind kind,
                     std::vector<FunctionTensor> &out) {
    for (const Json &t : r.get(key, Kind::Array)) {
      Reader tr(t, where + " " + std::string(key) + " #" + std::to_string(out.size()));
      FunctionTensor ft;
      ft.name = tr.str("name");
      tr.where = where + " tensor '" + ft.name + "'";
      ft.dtype = parseDType(tr.str("dtype"), tr.where);
      ft.dims = parseDims(tr, "dims", "dims");
      for (const FunctionDim &d : ft.dims) {
        if (d.size >= 0)
          continue;
        if (kind == FunctionBinding::Arg)
          known.insert(d.name);
        else if (!known.count(d.name))
          throw Error(tr.where + ": dim '" + d.name + "' is not a dim of an argument");
      }
      if (!byName.emplace(ft.name, FunctionBinding{kind, out.size()}).second)
        throw Error(where + ": two tensors are named '" + ft.name + "'");
      out.push_back(std::move(ft));
    }
  };
  tensors("args", FunctionBinding::Arg, f.args);
  tensors("results", FunctionBinding::Result, f.results);
  tensors("buffers", FunctionBinding::Buffer, f.buffers);
  std::set<std::string> written; // results and buffers a launch has written so far
  for (const Json &l : r.get("launches", Kind::Array)) {
    Reader lr(l, where + " launch #" + std::to_string(f.launches.size()));
    FunctionLaunch launch;
    launch.kernel = lr.str("kernel");
    lr.where += " (kernel '" + launch.kernel + "')";
    const KernelSpec &k = b.kernel(launch.kernel);
    launch.tensors = lr.strings("tensors");
    if (launch.tensors.size() != k.tensors.size())
      throw Error(lr.where + ": binds " + std::to_string(launch.tensors.size()) +
                  " tensors, the kernel takes " + std::to_string(k.tensors.size()));
    for (size_t i = 0; i < k.tensors.size(); ++i) {
      auto it = byName.find(launch.tensors[i]);
      if (it == byName.end())
        throw Error(lr.where + ": the function has no tensor '" + launch.tensors[i] + "'");
      const FunctionBinding &bind = it->second;
      const FunctionTensor &t = f.tensor(bind);
      launch.bindings.push_back(bind);
      if (t.dtype != k.tensors[i].dtype)
        throw Error(lr.where + ": binds " + dtypeName(t.dtype) + " tensor '" + t.name +
                    "' to the kernel's " + dtypeName(k.tensors[i].dtype) + " tensor '" +
                    k.tensors[i].name + "'");
      if (k.tensors[i].output && bind.kind == FunctionBinding::Arg)
        throw Error(lr.where + ": writes argument '" + t.name + "'");
      if (!k.tensors[i].output && bind.kind != FunctionBinding::Arg && !written.count(t.name))
        throw Error(lr.where + ": reads '" + t.name + "' before any launch writes it");
    }
    for (size_t i = 0; i < k.tensors.size(); ++i)
      if (k.tensors[i].output)
        written.insert(launch.tensors[i]);
    const Json &sizes = lr.get("sizes", Kind::Object);
    for (const std::string &name : k.sizes) {
      if (!sizes.contains(name))
        throw Error(lr.where + ": gives no size " + name);
      Reader sr(sizes, lr.where + " size " + name);
      launch.sizes[name] = parseDims(sr, name, "factors");
      for (const FunctionDim &d : launch.sizes[name])
        if (d.size < 0 && !known.count(d.name))
          throw Error(sr.where + ": factor '" + d.name + "' is not a dim of an argument");
    }
    f.launches.push_back(std::move(launch));
  }
  if (f.launches.empty())
    throw Error(where + ": 'launches' is empty");
  for (const FunctionTensor &t : f.results)
    if (!written.count(t.name))
      throw Error(where + ": no launch writes result '" + t.name + "'");
  return f;
}

} // namespace

void detail::parseFunctions(const Json &json, Bundle &b) {
  size_t i = 0;
  for (const Json &f : json) {
    b.functions.push_back(parseFunction(f, i++, b));
    for (size_t j = 0; j + 1 < b.functions.size(); ++j)
      if (b.functions[j].name == b.functions.back().name)
        throw Error("manifest: two functions are named '" + b.functions.back().name + "'");
  }
}

std::vector<std::string> FunctionSpec::dynamicSizes() const {
  std::vector<std::string> out;
  for (const FunctionTensor &t : args)
    for (const FunctionDim &d : t.dims)
      if (d.size < 0 && std::find(out.begin(), out.end(), d.name) == out.end())
        out.push_back(d.name);
  return out;
}

int64_t FunctionSpec::numElements(const FunctionTensor &t, const Sizes &dims) {
  constexpr int64_t kLimit = int64_t(1) << 60;
  int64_t n = 1;
  for (const FunctionDim &d : t.dims) {
    int64_t v = d.size >= 0 ? d.size : dims.at(d.name);
    if (n > kLimit / v)
      throw Error("tensor '" + t.name + "' of " + dimText(t.dims, " x ") +
                  " has more than 2^60 elements");
    n *= v;
  }
  return n;
}

/// The function's dynamic size that a kernel size name stands for: the one
/// dim every launch binds `size` to (a single factor), or "" where none does
/// or launches disagree. (A function of one matmul takes M, N and K as well
/// as arg0.0, arg1.1 and arg0.1.)
static std::string aliasedDim(const std::vector<FunctionLaunch> &launches,
                              const std::string &size) {
  std::string dim;
  for (const FunctionLaunch &l : launches) {
    auto it = l.sizes.find(size);
    if (it == l.sizes.end())
      continue;
    if (it->second.size() != 1 || it->second[0].size >= 0 ||
        (!dim.empty() && dim != it->second[0].name))
      return "";
    dim = it->second[0].name;
  }
  return dim;
}

FunctionPlan FunctionSpec::plan(const Bundle &bundle, const Sizes &given) const {
  std::string where = "function '" + name + "'";
  std::vector<std::string> dynamic = dynamicSizes();
  FunctionPlan p;
  for (const auto &[size, value] : given) {
    std::string dim = size;
    if (std::find(dynamic.begin(), dynamic.end(), size) == dynamic.end())
      dim = aliasedDim(launches, size);
    if (dim.empty()) {
      std::string names;
      for (const std::string &d : dynamic)
        names += (names.empty() ? "" : ", ") + d;
      throw Error(where + " has no dynamic size '" + size +
                  "' (its dynamic sizes: " + (names.empty() ? "none" : names) +
                  "; or a kernel size name that all its launches bind to one of them)");
    }
    if (value < 1)
      throw Error(where + ": size " + size + " must be >= 1, got " + std::to_string(value));
    if (p.dims.count(dim) && p.dims[dim] != value)
      throw Error(where + ": size " + dim + " given twice (" + size + "=" +
                  std::to_string(value) + " and " + std::to_string(p.dims[dim]) + ")");
    p.dims[dim] = value;
  }
  for (const std::string &d : dynamic)
    if (!p.dims.count(d))
      throw Error(where + ": size " + d + " is dynamic; give it, e.g. --size " + d + "=128");
  try {
    for (const FunctionTensor &t : args)
      p.argElements.push_back(numElements(t, p.dims));
    for (const FunctionTensor &t : results)
      p.resultElements.push_back(numElements(t, p.dims));
    for (const FunctionTensor &t : buffers)
      p.bufferElements.push_back(numElements(t, p.dims));
  } catch (const Error &e) {
    throw Error(where + ": " + e.what());
  }
  for (size_t i = 0; i < launches.size(); ++i) {
    const FunctionLaunch &l = launches[i];
    const KernelSpec &k = bundle.kernel(l.kernel);
    std::string at = where + " launch #" + std::to_string(i) + " (kernel '" + k.entry + "')";
    FunctionPlan::Launch launch;
    launch.kernel = &k;
    Sizes sizes;
    for (const std::string &s : k.sizes) {
      FunctionTensor factors{s, DType::F32, l.sizes.at(s)};
      try {
        sizes[s] = numElements(factors, p.dims);
      } catch (const Error &) {
        throw Error(at + ": size " + s + " is more than 2^60");
      }
    }
    try {
      launch.sizes = k.resolveSizes(sizes);
    } catch (const Error &e) {
      throw Error(at + ": " + e.what());
    }
    for (size_t t = 0; t < k.tensors.size(); ++t) {
      const FunctionTensor &bound = tensor(l.bindings[t]);
      int64_t need = k.numElements(k.tensors[t], launch.sizes);
      int64_t have = numElements(bound, p.dims);
      if (need != have)
        throw Error(at + ": the kernel's tensor '" + k.tensors[t].name + "' has " +
                    std::to_string(need) + " elements at these sizes, the function's '" +
                    bound.name + "' (" + dimText(bound.dims, "x") + ") " + std::to_string(have));
      launch.tensors.push_back(l.bindings[t]);
    }
    p.launches.push_back(std::move(launch));
  }
  return p;
}

const FunctionSpec &Bundle::function(const std::string &name) const {
  for (const FunctionSpec &f : functions)
    if (f.name == name)
      return f;
  std::string known;
  for (const FunctionSpec &f : functions)
    known += (known.empty() ? "" : ", ") + f.name;
  throw Error("bundle has no function '" + name + "' (it has: " + (known.empty() ? "none" : known) +
              ")");
}

} // namespace mini::rt
