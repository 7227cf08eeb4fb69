// An operator's arguments by the names a descriptor uses, and the base of every operator's typed case view
// (ops/<token>/view.h): the view spells each name once, so adapters, spec rules and generators never look an
// argument up by a string of their own.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "case/case.h"

namespace poolcheck {

// An operator-specific data option (not an API argument): its descriptor key and the words it accepts.
struct OptionName {
  std::string key;                  // e.g. "idxfault"
  std::vector<std::string> values;  // accepted words; the first is the default, which descriptors omit
};

struct ArgumentNames {
  std::vector<std::string> tensors;  // in API order, every one required (`name=null` passes nullptr)
  std::vector<std::string> arrays;   // in API order, every one required (`name=null[]` passes nullptr)
  std::vector<std::string> scalars;  // optional: a missing one takes the operator's documented default
  std::vector<OptionName> options;   // optional
  // The forward call's input among the tensors (self): the data fills keep its values plain (ties draw few
  // levels there, special draws no NaN or inf there) and the benchmarks do not count it as traffic.
  std::string forward_input;
  // The incoming gradient among the tensors (gradOutput): what fuzzers feed raw bytes into, what peers read first.
  std::string gradient;
};

// "gradOutput, self, ..., kernelSize, ..., ceilMode": the tensors, int arrays and scalars in that order, for messages.
std::string argument_list(const ArgumentNames& names);

// Read access for a typed view: an argument the case passes as nullptr (or lacks) reads as nullptr.
class CaseReader {
 public:
  explicit CaseReader(const Case& c) : c_(&c) {}
  const Case& raw() const { return *c_; }

 protected:
  const TensorArg* passed_tensor(const char* name) const;
  const IntArrayArg* passed_array(const char* name) const;
  int64_t scalar_or(const char* name, int64_t absent) const { return c_->scalar(name).value_or(absent); }
  // The option's word, or "" when the case does not set it.
  std::string option(const char* key) const;

 private:
  const Case* c_;
};

// Write access for a typed view. A tensor or array the case lacks is a harness defect, so it throws
// std::logic_error naming the operator and the argument instead of adding one.
class CaseWriter {
 public:
  explicit CaseWriter(Case& c) : c_(&c) {}
  Case& raw() { return *c_; }

 protected:
  TensorArg& tensor(const char* name);
  IntArrayArg& array(const char* name);
  void set_scalar(const char* name, int64_t v) { c_->set_scalar(name, v); }
  // Sets the option; the default word removes it, so descriptors stay as short as before.
  void set_option(const OptionName& option, const std::string& word);

 private:
  Case* c_;
};

}  // namespace poolcheck
