// A small JSON reader for bundle manifests (the run side links no LLVM).
#ifndef MINI_RUNTIME_JSON_H
#define MINI_RUNTIME_JSON_H

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mini::rt {

class Json {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };

  /// Parses `text`; throws mini::rt::Error with the line and column on bad input.
  static Json parse(const std::string &text);

  Kind kind() const { return kind_; }
  bool isObject() const { return kind_ == Kind::Object; }
  bool isArray() const { return kind_ == Kind::Array; }
  bool isString() const { return kind_ == Kind::String; }
  bool isNumber() const { return kind_ == Kind::Number; }
  bool isBool() const { return kind_ == Kind::Bool; }

  bool boolean() const { return bool_; }
  double number() const { return number_; }
  const std::string &string() const { return string_; }
  const std::vector<Json> &array() const { return array_; }
  const std::map<std::string, Json> &object() const { return object_; }
  /// Member `key` of an object, or nullptr.
  const Json *find(const std::string &key) const;

  static const char *kindName(Kind k);

private:
  friend class JsonParser;
  Kind kind_ = Kind::Null;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<Json> array_;
  std::map<std::string, Json> object_;
};

} // namespace mini::rt

#endif
