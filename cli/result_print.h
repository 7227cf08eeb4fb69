// Human-readable output of one CaseResult, and the table of elements where impl and oracle disagree.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "harness/runner.h"

namespace poolcheck::cli {

// With `grad_input_shape`, the worst element is also shown as coordinates.
void print_result(std::ostream& os, const CaseResult& r, const std::vector<int64_t>* grad_input_shape = nullptr);

struct Mismatch {
  int64_t index = 0;
  std::vector<int64_t> coords;
  double impl = 0, oracle = 0, bound = 0;
};
// Elements where |impl - oracle| > bound (a NaN on one side only, or differing infinities, counts), in
// index order, at most `limit`. Empty when the tensors are missing or of different lengths.
std::vector<Mismatch> find_mismatches(const CaseTensors& t, size_t limit = 20);
int64_t count_mismatches(const CaseTensors& t);

// Row-major coordinates of a flat index.
std::vector<int64_t> unravel(int64_t index, const std::vector<int64_t>& shape);
// Axis letters of a gradInput shape: NCDHW for 5-D, CDHW for 4-D, else d0,d1,...
std::string axis_names(size_t rank);

void print_mismatch_table(std::ostream& os, const CaseTensors& t, size_t limit = 20);

}  // namespace poolcheck::cli
