// Reading the manifest's JSON with errors that say where the problem is.
// Private to runtime/lib (Manifest.cpp, Functions.cpp).
#ifndef MINI_RUNTIME_LIB_JSONREADER_H
#define MINI_RUNTIME_LIB_JSONREADER_H

#include "mini/runtime/Error.h"
#include "mini/runtime/Manifest.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace mini::rt::detail {

using Json = nlohmann::json;

/// The JSON kinds a manifest field can be required to have (any number is
/// one kind: the reader checks integrality itself).
enum class Kind { Bool, Number, String, Array, Object };

inline bool isKind(const Json &v, Kind kind) {
  switch (kind) {
  case Kind::Bool:
    return v.is_boolean();
  case Kind::Number:
    return v.is_number();
  case Kind::String:
    return v.is_string();
  case Kind::Array:
    return v.is_array();
  case Kind::Object:
    return v.is_object();
  }
  return false;
}

inline const char *kindName(Kind kind) {
  switch (kind) {
  case Kind::Bool:
    return "a boolean";
  case Kind::Number:
    return "a number";
  case Kind::String:
    return "a string";
  case Kind::Array:
    return "an array";
  case Kind::Object:
    return "an object";
  }
  return "?";
}

inline const char *kindName(const Json &v) {
  for (Kind k : {Kind::Bool, Kind::Number, Kind::String, Kind::Array, Kind::Object})
    if (isKind(v, k))
      return kindName(k);
  return "null";
}

/// Parses `text`; a syntax error becomes an Error naming `what`, the line and the column.
inline Json parseJson(const std::string &text, const std::string &what) {
  try {
    return Json::parse(text);
  } catch (const Json::parse_error &e) {
    // e.what() is "[json.exception.parse_error.N] parse error at line L, column C: ...".
    std::string message = e.what();
    size_t at = message.find("parse error");
    throw Error(what + ": JSON " + (at == std::string::npos ? message : message.substr(at)));
  }
}

/// Field access with errors that say where in the manifest the problem is.
class Reader {
public:
  Reader(const Json &json, std::string where) : json(json), where(std::move(where)) {}

  const Json &get(const std::string &key, Kind kind) const {
    if (!json.is_object())
      throw Error(where + " must be an object");
    auto v = json.find(key);
    if (v == json.end())
      throw Error(where + " is missing field '" + key + "'");
    if (!isKind(*v, kind))
      throw Error(where + ": field '" + key + "' must be " + kindName(kind) + ", got " +
                  kindName(*v));
    return *v;
  }
  bool has(const std::string &key) const { return json.contains(key); }
  std::string str(const std::string &key) const {
    return get(key, Kind::String).get<std::string>();
  }
  int64_t integer(const std::string &key) const {
    return toInteger(get(key, Kind::Number).get<double>(), "field '" + key + "'");
  }
  /// `d` as an int64, if it is an integer within +-2^62 (a double holds
  /// those exactly; a cast of a larger one is undefined).
  int64_t toInteger(double d, const std::string &what) const {
    constexpr double kLimit = 4611686018427387904.0; // 2^62
    if (d != std::floor(d) || !(std::fabs(d) <= kLimit)) {
      std::ostringstream os;
      os << where << ": " << what << " must be an integer within +-2^62, got " << d;
      throw Error(os.str());
    }
    return static_cast<int64_t>(d);
  }
  /// The integers of array field `key`, each in [lo, hi]; `what` names them
  /// in the error.
  std::vector<int64_t> integers(const std::string &key, int64_t lo, int64_t hi,
                                const std::string &what) const {
    std::vector<int64_t> out;
    for (const Json &e : get(key, Kind::Array)) {
      if (!e.is_number() || e.get<double>() != std::floor(e.get<double>()) ||
          e.get<double>() < lo || e.get<double>() > hi)
        throw Error(where + ": " + what + " must be integers in [" + std::to_string(lo) + ", " +
                    std::to_string(hi) + "]");
      out.push_back(static_cast<int64_t>(e.get<double>()));
    }
    return out;
  }
  std::vector<std::string> strings(const std::string &key) const {
    std::vector<std::string> out;
    for (const Json &e : get(key, Kind::Array)) {
      if (!e.is_string())
        throw Error(where + ": field '" + key + "' must hold strings");
      out.push_back(e.get<std::string>());
    }
    return out;
  }

  const Json &json;
  std::string where;
};

inline DType parseDType(const std::string &s, const std::string &where) {
  if (s == "f16")
    return DType::F16;
  if (s == "bf16")
    return DType::BF16;
  if (s == "f32")
    return DType::F32;
  throw Error(where + ": unsupported dtype '" + s + "' (expected f16, bf16 or f32)");
}

/// Bundle::parse's reading of "functions" (Functions.cpp), after the kernels.
void parseFunctions(const Json &json, Bundle &b);

} // namespace mini::rt::detail

#endif
