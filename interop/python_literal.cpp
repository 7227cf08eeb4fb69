#include "interop/python_literal.h"

#include <cctype>
#include <charconv>
#include <stdexcept>

namespace poolcheck::interop {

namespace {

class Reader {
 public:
  explicit Reader(const std::string& s) : s_(s) {}

  nlohmann::json value() {
    skip_space();
    if (at_end()) fail("a value");
    const char ch = s_[i_];
    if (ch == '(' || ch == '[') return sequence(ch == '(' ? ')' : ']');
    if (ch == '{') return dict();
    if (ch == '\'' || ch == '"') return quoted();
    if (word("True")) return true;
    if (word("False")) return false;
    if (word("None")) return nullptr;
    return number();
  }

  void finish() {
    skip_space();
    if (!at_end()) fail("the end of the literal");
  }

 private:
  bool at_end() const { return i_ >= s_.size(); }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  [[noreturn]] void fail(const std::string& expected) const {
    throw std::invalid_argument("offset " + std::to_string(i_) + " of '" + s_ + "': expected " + expected);
  }
  bool word(const char* w) {
    const std::string text(w);
    if (s_.compare(i_, text.size(), text) != 0) return false;
    i_ += text.size();
    return true;
  }

  nlohmann::json sequence(char close) {
    ++i_;
    nlohmann::json a = nlohmann::json::array();
    for (;;) {
      skip_space();
      if (!at_end() && s_[i_] == close) break;
      a.push_back(value());
      skip_space();
      if (!at_end() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (at_end() || s_[i_] != close) fail(std::string("',' or '") + close + "'");
    }
    ++i_;
    return a;
  }

  nlohmann::json dict() {
    ++i_;
    nlohmann::json o = nlohmann::json::object();
    for (;;) {
      skip_space();
      if (!at_end() && s_[i_] == '}') break;
      const nlohmann::json key = value();
      if (!key.is_string()) fail("a string key");
      skip_space();
      if (at_end() || s_[i_] != ':') fail("':'");
      ++i_;
      o[key.get<std::string>()] = value();
      skip_space();
      if (!at_end() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (at_end() || s_[i_] != '}') fail("',' or '}'");
    }
    ++i_;
    return o;
  }

  nlohmann::json quoted() {
    const char q = s_[i_++];
    std::string out;
    while (!at_end() && s_[i_] != q) {
      if (s_[i_] == '\\' && i_ + 1 < s_.size()) ++i_;
      out += s_[i_++];
    }
    if (at_end()) fail(std::string("a closing ") + q);
    ++i_;
    return out;
  }

  nlohmann::json number() {
    size_t j = i_;
    while (j < s_.size() &&
           (std::isalnum(static_cast<unsigned char>(s_[j])) || s_[j] == '.' || s_[j] == '-' || s_[j] == '+'))
      ++j;
    const std::string text = s_.substr(i_, j - i_);
    int64_t iv = 0;
    const auto [iend, iec] = std::from_chars(text.data(), text.data() + text.size(), iv);
    if (!text.empty() && iec == std::errc() && iend == text.data() + text.size()) {
      i_ = j;
      return iv;
    }
    double dv = 0;
    const auto [dend, dec] = std::from_chars(text.data(), text.data() + text.size(), dv);
    if (text.empty() || dec != std::errc() || dend != text.data() + text.size()) fail("a number");
    i_ = j;
    return dv;
  }

  const std::string& s_;
  size_t i_ = 0;
};

}  // namespace

nlohmann::json parse_python_literal(const std::string& text) {
  Reader r(text);
  nlohmann::json v = r.value();
  r.finish();
  return v;
}

}  // namespace poolcheck::interop
