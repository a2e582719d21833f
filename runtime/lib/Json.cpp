#include "mini/runtime/Json.h"
#include "mini/runtime/Error.h"

#include <cstdlib>

namespace mini::rt {

class JsonParser {
public:
  explicit JsonParser(const std::string &text) : s(text) {}

  Json parseDocument() {
    Json v = parseValue(0);
    skipSpace();
    if (pos != s.size())
      fail("unexpected trailing characters");
    return v;
  }

private:
  const std::string &s;
  size_t pos = 0;

  [[noreturn]] void fail(const std::string &what) {
    size_t line = 1, col = 1;
    for (size_t i = 0; i < pos && i < s.size(); ++i) {
      if (s[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    throw Error("JSON parse error at line " + std::to_string(line) + ", column " +
                std::to_string(col) + ": " + what);
  }

  void skipSpace() {
    while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\n' || s[pos] == '\t' || s[pos] == '\r'))
      ++pos;
  }

  void expect(char c) {
    skipSpace();
    if (pos >= s.size() || s[pos] != c)
      fail(std::string("expected '") + c + "'");
    ++pos;
  }

  bool consumeWord(const char *w) {
    size_t n = std::char_traits<char>::length(w);
    if (s.compare(pos, n, w) != 0)
      return false;
    pos += n;
    return true;
  }

  Json parseValue(int depth) {
    if (depth > 64)
      fail("nesting deeper than 64");
    skipSpace();
    if (pos >= s.size())
      fail("unexpected end of input");
    Json v;
    char c = s[pos];
    if (c == '{') {
      ++pos;
      v.kind_ = Json::Kind::Object;
      skipSpace();
      if (pos < s.size() && s[pos] == '}') {
        ++pos;
        return v;
      }
      while (true) {
        skipSpace();
        if (pos >= s.size() || s[pos] != '"')
          fail("expected a string key");
        std::string key = parseString();
        expect(':');
        v.object_[key] = parseValue(depth + 1);
        skipSpace();
        if (pos < s.size() && s[pos] == ',') {
          ++pos;
          continue;
        }
        expect('}');
        return v;
      }
    }
    if (c == '[') {
      ++pos;
      v.kind_ = Json::Kind::Array;
      skipSpace();
      if (pos < s.size() && s[pos] == ']') {
        ++pos;
        return v;
      }
      while (true) {
        v.array_.push_back(parseValue(depth + 1));
        skipSpace();
        if (pos < s.size() && s[pos] == ',') {
          ++pos;
          continue;
        }
        expect(']');
        return v;
      }
    }
    if (c == '"') {
      v.kind_ = Json::Kind::String;
      v.string_ = parseString();
      return v;
    }
    if (consumeWord("true")) {
      v.kind_ = Json::Kind::Bool;
      v.bool_ = true;
      return v;
    }
    if (consumeWord("false")) {
      v.kind_ = Json::Kind::Bool;
      return v;
    }
    if (consumeWord("null"))
      return v;
    if (c == '-' || (c >= '0' && c <= '9')) {
      const char *begin = s.c_str() + pos;
      char *end = nullptr;
      v.kind_ = Json::Kind::Number;
      v.number_ = std::strtod(begin, &end);
      if (end == begin)
        fail("bad number");
      pos += static_cast<size_t>(end - begin);
      return v;
    }
    fail(std::string("unexpected character '") + c + "'");
  }

  std::string parseString() {
    ++pos; // opening quote
    std::string out;
    while (pos < s.size() && s[pos] != '"') {
      char c = s[pos++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos >= s.size())
        break;
      char e = s[pos++];
      switch (e) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'u': {
        if (pos + 4 > s.size())
          fail("bad \\u escape");
        unsigned code = std::strtoul(s.substr(pos, 4).c_str(), nullptr, 16);
        pos += 4;
        if (code < 0x80) {
          out += static_cast<char>(code);
        } else if (code < 0x800) {
          out += static_cast<char>(0xC0 | (code >> 6));
          out += static_cast<char>(0x80 | (code & 0x3F));
        } else {
          out += static_cast<char>(0xE0 | (code >> 12));
          out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
          out += static_cast<char>(0x80 | (code & 0x3F));
        }
        break;
      }
      default: out += e;
      }
    }
    if (pos >= s.size())
      fail("unterminated string");
    ++pos; // closing quote
    return out;
  }
};

Json Json::parse(const std::string &text) { return JsonParser(text).parseDocument(); }

const Json *Json::find(const std::string &key) const {
  auto it = object_.find(key);
  return it == object_.end() ? nullptr : &it->second;
}

const char *Json::kindName(Kind k) {
  switch (k) {
  case Kind::Null: return "null";
  case Kind::Bool: return "a boolean";
  case Kind::Number: return "a number";
  case Kind::String: return "a string";
  case Kind::Array: return "an array";
  case Kind::Object: return "an object";
  }
  return "?";
}

} // namespace mini::rt
