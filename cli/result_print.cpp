#include "cli/result_print.h"

#include <cmath>
#include <cstdio>

#include "campaign/campaign.h"

namespace poolcheck::cli {

namespace {

std::string num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::string status_text(int32_t status, Phase phase) {
  if (status == 0) return "0 (success)";
  std::string s = std::to_string(status);
  if (phase != Phase::None) s += std::string(" in ") + phase_name(phase);
  return s;
}

bool beyond(double impl, double oracle, double bound) {
  if (std::isnan(impl) || std::isnan(oracle)) return std::isnan(impl) != std::isnan(oracle);
  if (impl == oracle) return false;  // includes equal infinities
  return !(std::fabs(impl - oracle) <= bound);
}

std::string coords_text(const std::vector<int64_t>& c) {
  std::string s = "[";
  for (size_t i = 0; i < c.size(); ++i) {  // appended: GCC 12 at -O3 reports a false -Wrestrict in "," + std::string
    if (i) s += ',';
    s += std::to_string(c[i]);
  }
  return s + "]";
}

}  // namespace

std::vector<int64_t> unravel(int64_t index, const std::vector<int64_t>& shape) {
  std::vector<int64_t> c(shape.size(), 0);
  for (size_t i = shape.size(); i-- > 0;) {
    if (shape[i] <= 0) continue;
    c[i] = index % shape[i];
    index /= shape[i];
  }
  return c;
}

std::string axis_names(size_t rank) {
  if (rank == 5) return "N,C,D,H,W";
  if (rank == 4) return "C,D,H,W";
  std::string s;
  for (size_t i = 0; i < rank; ++i) s += (i ? ",d" : "d") + std::to_string(i);
  return s;
}

std::vector<Mismatch> find_mismatches(const CaseTensors& t, size_t limit) {
  std::vector<Mismatch> out;
  if (t.impl.empty() || t.impl.size() != t.oracle.size() || t.bound.size() != t.oracle.size()) return out;
  for (size_t i = 0; i < t.impl.size() && out.size() < limit; ++i) {
    if (!beyond(t.impl[i], t.oracle[i], t.bound[i])) continue;
    const auto idx = static_cast<int64_t>(i);
    out.push_back(Mismatch{idx, unravel(idx, t.grad_input_shape), t.impl[i], t.oracle[i], t.bound[i]});
  }
  return out;
}

int64_t count_mismatches(const CaseTensors& t) {
  if (t.impl.empty() || t.impl.size() != t.oracle.size() || t.bound.size() != t.oracle.size()) return 0;
  int64_t n = 0;
  for (size_t i = 0; i < t.impl.size(); ++i) n += beyond(t.impl[i], t.oracle[i], t.bound[i]) ? 1 : 0;
  return n;
}

void print_result(std::ostream& os, const CaseResult& r, const std::vector<int64_t>* grad_input_shape) {
  os << "case      " << r.descriptor << "\n";
  os << "outcome   " << outcome_name(r.outcome) << (outcome_is_failure(r.outcome) ? "  (FAILURE)" : "") << "\n";
  os << "expected  " << status_text(r.expected_status, r.expected_phase);
  if (!r.expected_rule.empty()) os << ", rule " << r.expected_rule;
  os << "\n";
  os << "observed  " << status_text(r.observed_status, r.observed_phase) << "\n";
  if (r.tiling_known) {
    os << "tiling    " << tiling_key_label(r) << ", blockDim " << r.block_dim << ", UB high water " << r.ub_high_water
       << " B, workspace " << r.workspace_bytes << " B\n";
    if (!r.tiling.empty()) os << "          " << r.tiling << "\n";
  } else {
    os << "tiling    unknown (no launch, or a backend without introspection)\n";
  }
  if (r.err.elements > 0) {
    os << "error     " << r.err.elements << " elements, " << r.err.mismatches << " beyond bound; max abs "
       << num(r.err.max_abs_err) << ", max ulp " << num(r.err.max_ulp_err) << ", max bound ratio "
       << num(r.err.max_bound_ratio);
    if (r.err.worst_index >= 0) {
      os << " (worst at flat index " << r.err.worst_index;
      if (grad_input_shape && !grad_input_shape->empty()) {
        os << " = " << axis_names(grad_input_shape->size()) << " "
           << coords_text(unravel(r.err.worst_index, *grad_input_shape));
      }
      os << ")";
    }
    os << "\n";
  }
  if (r.rerun.check != RerunCheck::None) {
    os << "rerun     " << rerun_check_name(r.rerun.check) << " check, " << r.rerun.knobs << ": "
       << (r.rerun.failed ? "REJECTED" : "agrees");
    if (r.rerun.first_diff >= 0)
      os << " (first difference at flat index " << r.rerun.first_diff << ": bits 0x" << std::hex << r.rerun.first_bits
         << " then 0x" << r.rerun.second_bits << std::dec << ")";
    os << "\n";
  }
  os << "time      " << num(r.seconds) << " s\n";
  if (!r.message.empty()) os << "message   " << r.message << "\n";
}

void print_mismatch_table(std::ostream& os, const CaseTensors& t, size_t limit) {
  const auto rows = find_mismatches(t, limit);
  if (rows.empty()) return;
  const int64_t total = count_mismatches(t);
  os << "\nelements beyond the bound (first " << rows.size() << " of " << total << "), coordinates "
     << axis_names(t.grad_input_shape.size()) << ":\n";
  char line[256];
  std::snprintf(line, sizeof line, "  %-22s %18s %18s %14s\n", "index", "impl", "oracle", "bound");
  os << line;
  for (const auto& m : rows) {
    std::snprintf(line, sizeof line, "  %-22s %18s %18s %14s\n", coords_text(m.coords).c_str(), num(m.impl).c_str(),
                  num(m.oracle).c_str(), num(m.bound).c_str());
    os << line;
  }
}

}  // namespace poolcheck::cli
