#include "case/arguments.h"

#include <algorithm>
#include <stdexcept>

namespace poolcheck {

std::string argument_list(const ArgumentNames& names) {
  std::string s;
  for (const auto* group : {&names.tensors, &names.arrays, &names.scalars})
    for (const auto& n : *group) s += (s.empty() ? "" : ", ") + n;
  return s;
}

const TensorArg* CaseReader::passed_tensor(const char* name) const {
  const TensorArg* t = c_->tensor(name);
  return t && t->present ? t : nullptr;
}

const IntArrayArg* CaseReader::passed_array(const char* name) const {
  const IntArrayArg* a = c_->array(name);
  return a && a->present ? a : nullptr;
}

std::string CaseReader::option(const char* key) const {
  for (const auto& [k, v] : c_->options)
    if (k == key) return v;
  return "";
}

TensorArg& CaseWriter::tensor(const char* name) { return c_->tensor_mut(name); }

IntArrayArg& CaseWriter::array(const char* name) { return c_->array_mut(name); }

void CaseWriter::set_option(const OptionName& option, const std::string& word) {
  auto& opts = c_->options;
  opts.erase(std::remove_if(opts.begin(), opts.end(), [&](const auto& o) { return o.first == option.key; }),
             opts.end());
  if (option.values.empty() || word != option.values.front()) opts.emplace_back(option.key, word);
}

}  // namespace poolcheck
