// Every generated case of every operator, valid or not, prints as one line that parses back to the same case;
// so does every case of a generator that moves each field of Case off its generated value. Each field changed
// alone changes the line and parses back changed (the negative controls: a field the descriptor dropped or
// misread would round-trip to the unchanged case).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <functional>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/descriptor.h"
#include "generators/generators.h"
#include "harness/op_adapter.h"

namespace poolcheck {

namespace {

const std::vector<DType> kDTypes{DType::F32, DType::F16, DType::BF16, DType::F64,  DType::I8,       DType::U8,
                                 DType::I16, DType::I32, DType::I64,  DType::Bool, DType::Undefined};
const std::vector<Format> kFormats{Format::ND,  Format::NCHW,    Format::NHWC,     Format::NCDHW,    Format::NDHWC,
                                   Format::NCL, Format::NC1HWC0, Format::FractalZ, Format::NDC1HWC0, Format::Undefined};
const std::vector<FillKind> kFills{FillKind::Normal,  FillKind::Ints,  FillKind::WideInts, FillKind::Ties,
                                   FillKind::Special, FillKind::Large, FillKind::Zeros};
// Operator data options are key=word pairs to the descriptor (which keys an operator takes is checked later).
const std::vector<std::string> kOptionWords{"oow", "oop", "neg", "some_word-2"};

// Each field is changed in about one case of three, so every field is seen both as generated and changed.
bool change() { return *rc::gen::inRange(0, 3) == 0; }

rc::Gen<int64_t> any_int() {
  return rc::gen::oneOf(rc::gen::inRange<int64_t>(-3, 64), rc::gen::arbitrary<int64_t>(),
                        rc::gen::element(std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()));
}

std::vector<int64_t> int_list(size_t max_len) {
  return *rc::gen::container<std::vector<int64_t>>(*rc::gen::inRange<size_t>(0, max_len + 1), any_int());
}

// Only values a descriptor can carry: alloc_elems is -1 (exact) or a count, cores within [0, 4096], ub_bytes
// non-negative, int32_index_limit within [0, INT32_MAX], fill a fill name.
void perturb(TensorArg& t) {
  if (*rc::gen::inRange(0, 8) == 0) t.present = false;
  if (change()) t.dtype = *rc::gen::elementOf(kDTypes);
  if (change()) t.format = *rc::gen::elementOf(kFormats);
  if (change()) t.shape = int_list(6);
  if (change()) t.strides = int_list(6);
  if (change()) t.offset = *any_int();
  if (change())
    t.alloc_elems = *rc::gen::oneOf(rc::gen::just<int64_t>(-1), rc::gen::inRange<int64_t>(0, 1000000),
                                    rc::gen::just(std::numeric_limits<int64_t>::max()));
  // A view without strides must have representable contiguous ones (ContiguousStridesPastInt64MaxAreRefused).
  if (t.strides.empty() && !checked_contiguous_strides(t.shape)) t.strides = {1};
}

rc::Gen<Case> perturbed_case() {
  return rc::gen::exec([] {
    const std::string op = *rc::gen::elementOf(gen::operators());
    Case c = *rc::gen::arbitrary<bool>() ? *gen::valid_case(op) : *gen::invalid_case(op);
    if (change())  // free text: the descriptor must keep spaces and '%' inside one token
      c.platform = *rc::gen::element<std::string>("Ascend910B", "Ascend950", "", "Ascend910B ", " a b%20c\t");
    for (auto& [name, t] : c.tensors) perturb(t);
    for (auto& [name, a] : c.arrays) {
      if (change()) a.present = !a.present;
      if (change()) a.values = int_list(5);
    }
    for (auto& [name, v] : c.scalars)
      if (change()) v = *any_int();
    if (change()) c.null_workspace_size = !c.null_workspace_size;
    if (change()) c.null_executor = !c.null_executor;
    if (change()) c.deterministic = !c.deterministic;
    if (change()) c.cores = *rc::gen::inRange<int32_t>(0, 4097);
    if (change()) c.ub_bytes = *rc::gen::oneOf(rc::gen::inRange<int64_t>(0, 1 << 20), rc::gen::positive<int64_t>());
    if (change())
      c.int32_index_limit =
          *rc::gen::oneOf(rc::gen::inRange<int64_t>(0, 1 << 20), rc::gen::inRange<int64_t>(0, kMaxInt32IndexLimit + 1),
                          rc::gen::just(kMaxInt32IndexLimit));
    if (change())
      c.seed = *rc::gen::oneOf(rc::gen::arbitrary<uint64_t>(), rc::gen::element(uint64_t{1} << 63, ~uint64_t{0}));
    if (change()) c.fill = *rc::gen::elementOf(kFills);
    if (change()) c.options = {{"idxfault", *rc::gen::elementOf(kOptionWords)}};
    return c;
  });
}

// The round trip, as the properties and the controls check it.
void assert_round_trips(const Case& c) {
  const std::string line = to_descriptor(c);
  RC_ASSERT(line.find('\n') == std::string::npos);
  const ParseResult p = parse_descriptor(line);
  if (!p.ok) RC_FAIL("does not parse: " + p.error + "\n  " + line);
  RC_ASSERT(p.value == normalized(c));
  RC_ASSERT(to_descriptor(p.value) == line);
}

// One field changed to a value the base case does not have, by name; every field of Case is here, per tensor,
// int array and scalar of the case.
std::vector<std::pair<std::string, std::function<void(Case&)>>> single_field_changes(const Case& base) {
  std::vector<std::pair<std::string, std::function<void(Case&)>>> out;
  auto add = [&](std::string name, std::function<void(Case&)> f) { out.emplace_back(std::move(name), std::move(f)); };
  add("op", [](Case& c) { c.op = c.op == "maxpool3d_grad" ? "avgpool2d_grad" : "maxpool3d_grad"; });
  add("platform", [](Case& c) { c.platform += " "; });
  for (const auto& [tensor_name, t] : base.tensors) {
    const std::string n = tensor_name;
    if (!t.present) {  // a null tensor has no other attribute to change
      add(n + ".present", [n](Case& c) { c.tensor_mut(n).present = true; });
      continue;
    }
    add(n + ".present", [n](Case& c) { c.tensor_mut(n).present = false; });
    add(n + ".dtype", [n](Case& c) {
      auto& dt = c.tensor_mut(n).dtype;
      dt = dt == DType::F32 ? DType::I64 : DType::F32;
    });
    add(n + ".format", [n](Case& c) {
      auto& f = c.tensor_mut(n).format;
      f = f == Format::FractalZ ? Format::ND : Format::FractalZ;
    });
    add(n + ".shape", [n](Case& c) { c.tensor_mut(n).shape.push_back(3); });
    add(n + ".strides", [n](Case& c) {  // twice the contiguous strides (one stride for a 0-d view): not contiguous
      auto& v = c.tensor_mut(n);
      v.strides = contiguous_strides(v.shape);
      for (auto& s : v.strides) s *= 2;
      if (v.strides.empty()) v.strides = {5};
    });
    add(n + ".offset", [n](Case& c) { c.tensor_mut(n).offset += 7; });
    add(n + ".alloc_elems", [n](Case& c) {
      auto& a = c.tensor_mut(n).alloc_elems;
      a = a == 12345 ? 54321 : 12345;
    });
  }
  for (const auto& [array_name, a] : base.arrays) {
    const std::string n = array_name;
    add(n + ".present", [n](Case& c) { c.array_mut(n).present = !c.array_mut(n).present; });
    if (!a.present) continue;  // a null array has no values to change
    add(n + ".values", [n](Case& c) { c.array_mut(n).values.push_back(-9); });
    if (!a.values.empty()) add(n + ".values (empty)", [n](Case& c) { c.array_mut(n).values.clear(); });
  }
  for (const auto& [scalar_name, v] : base.scalars) {
    const std::string n = scalar_name;
    add(n, [n](Case& c) { c.set_scalar(n, *c.scalar(n) + 1); });
  }
  add("null_workspace_size", [](Case& c) { c.null_workspace_size = !c.null_workspace_size; });
  add("null_executor", [](Case& c) { c.null_executor = !c.null_executor; });
  add("deterministic", [](Case& c) { c.deterministic = !c.deterministic; });
  add("cores", [](Case& c) { c.cores = c.cores == 7 ? 9 : 7; });
  add("ub_bytes", [](Case& c) { c.ub_bytes = c.ub_bytes == 4096 ? 8192 : 4096; });
  add("int32_index_limit", [](Case& c) { c.int32_index_limit = c.int32_index_limit == 77 ? 78 : 77; });
  add("seed", [](Case& c) { c.seed ^= 0x8000000000000001ull; });
  add("fill", [](Case& c) { c.fill = c.fill == FillKind::Ties ? FillKind::Zeros : FillKind::Ties; });
  add("options", [](Case& c) {
    const bool neg = !c.options.empty() && c.options.front().second == "neg";
    c.options = {{"idxfault", neg ? "oop" : "neg"}};
  });
  return out;
}

}  // namespace

RC_GTEST_PROP(Descriptor, EveryOperatorsGeneratedCasesRoundTrip, ()) {
  const std::string op = *rc::gen::elementOf(gen::operators());
  const bool valid = *rc::gen::arbitrary<bool>();
  RC_TAG(op, valid ? "valid" : "invalid");
  assert_round_trips(valid ? *gen::valid_case(op) : *gen::invalid_case(op));
}

RC_GTEST_PROP(Descriptor, CasesWithEveryFieldPerturbedRoundTrip, ()) { assert_round_trips(*perturbed_case()); }

// The perturbing generator reaches every field and every value kind, counted over a fixed sample.
TEST(DescriptorCoverage, PerturbedCasesExerciseEveryField) {
  std::map<std::string, int> seen;
  for (uint64_t i = 0; i < 600; ++i) {
    const Case c = gen::sample(perturbed_case(), 4000 + i, static_cast<int>(i % 100));
    seen["op " + c.op]++;
    if (c.platform.find_first_of(" %\t") != std::string::npos) seen["platform with a space or %"]++;
    for (const auto& [name, t] : c.tensors) {
      if (!t.present) seen["tensor null"]++;
      if (!t.present) continue;
      seen[std::string("dtype ") + dtype_name(t.dtype)]++;
      seen[std::string("format ") + format_name(t.format)]++;
      if (t.shape.empty()) seen["0-d shape"]++;
      if (!t.strides.empty() && !is_contiguous(t.shape, t.strides)) seen["strides"]++;
      if (t.offset < 0) seen["negative offset"]++;
      if (t.offset > 0) seen["positive offset"]++;
      if (t.alloc_elems >= 0) seen["alloc_elems"]++;
    }
    for (const auto& [name, a] : c.arrays)
      seen[!a.present ? "array null" : a.values.empty() ? "array empty" : "array"]++;
    for (const auto& [name, v] : c.scalars) seen[v < 0 ? "scalar negative" : "scalar"]++;
    if (c.null_workspace_size) seen["null_workspace_size"]++;
    if (c.null_executor) seen["null_executor"]++;
    if (c.deterministic) seen["deterministic"]++;
    if (c.cores > 0) seen["cores"]++;
    if (c.ub_bytes > 0) seen["ub_bytes"]++;
    if (c.int32_index_limit > 0) seen["int32_index_limit"]++;
    if (c.int32_index_limit == kMaxInt32IndexLimit) seen["int32_index_limit at INT32_MAX"]++;
    if (c.seed > (uint64_t{1} << 63)) seen["seed > 2^63"]++;
    seen[std::string("fill ") + fill_name(c.fill)]++;
    seen[c.options.empty() ? "no option" : "option " + c.options.front().second]++;
  }
  std::vector<std::string> want{"tensor null",
                                "0-d shape",
                                "strides",
                                "negative offset",
                                "positive offset",
                                "alloc_elems",
                                "array null",
                                "array empty",
                                "array",
                                "scalar",
                                "scalar negative",
                                "null_workspace_size",
                                "null_executor",
                                "deterministic",
                                "cores",
                                "ub_bytes",
                                "seed > 2^63",
                                "int32_index_limit",
                                "int32_index_limit at INT32_MAX"};
  for (const auto& op : gen::operators()) want.push_back("op " + op);
  for (DType dt : kDTypes) want.push_back(std::string("dtype ") + dtype_name(dt));
  for (Format f : kFormats) want.push_back(std::string("format ") + format_name(f));
  for (FillKind f : kFills) want.push_back(std::string("fill ") + fill_name(f));
  want.push_back("no option");
  for (const auto& w : kOptionWords) want.push_back("option " + w);
  for (const auto& w : want) EXPECT_GT(seen[w], 0) << w;
}

// Each field changed alone, on a valid and an invalid case of every operator: the line changes, parses back to
// the changed case and not to the base.
TEST(DescriptorNegativeControl, EachFieldChangedAloneChangesTheDescriptor) {
  for (const auto& op : gen::operators())
    for (const bool valid : {true, false}) {
      const Case base = normalized(gen::sample(valid ? gen::valid_case(op) : gen::invalid_case(op), 99));
      const std::string base_line = to_descriptor(base);
      for (const auto& [field, change_it] : single_field_changes(base)) {
        SCOPED_TRACE(op + (valid ? " valid " : " invalid ") + field);
        Case changed = base;
        change_it(changed);
        ASSERT_FALSE(normalized(changed) == base) << "the change is not a change";
        const std::string line = to_descriptor(changed);
        EXPECT_NE(line, base_line);
        const ParseResult p = parse_descriptor(line);
        ASSERT_TRUE(p.ok) << p.error;
        EXPECT_EQ(p.value, normalized(changed)) << line;
        EXPECT_FALSE(p.value == base) << line;
      }
    }
}

TEST(DescriptorNegativeControl, BrokenTokensAreRefused) {
  const std::string line = to_descriptor(gen::sample(gen::maxpool3d_grad::valid(), 99));
  EXPECT_TRUE(parse_descriptor(line).ok);
  EXPECT_FALSE(parse_descriptor(line + " gradInput=f32:2x").ok);
  EXPECT_FALSE(parse_descriptor(line + " kernelSize=[1,x]").ok);
  EXPECT_FALSE(parse_descriptor(line + " cores=-1").ok);
  EXPECT_TRUE(parse_descriptor(line + " i32limit=2147483647").ok);
  for (const char* bad : {" i32limit=-1", " i32limit=2147483648", " i32limit=1e3", " i32limit="}) {
    const ParseResult p = parse_descriptor(line + bad);
    EXPECT_FALSE(p.ok) << bad;
    // The message names the token (key and value) and the rule.
    EXPECT_NE(p.error.find(std::string("'") + (bad + 1) + "'"), std::string::npos) << p.error;
    EXPECT_NE(p.error.find("[0, 2147483647]"), std::string::npos) << p.error;
  }
  EXPECT_FALSE(parse_descriptor(line + " idxfault=-sideways").ok);    // an option's word starts with a letter
  EXPECT_FALSE(parse_runnable_case(line + " idxfault=sideways").ok);  // not one of max pooling's index faults
  EXPECT_FALSE(parse_runnable_case(line + " colour=blue").ok);        // not an option of max pooling
  EXPECT_FALSE(parse_descriptor(line + " gradInput=f32:2:alloc=-2").ok);
  EXPECT_FALSE(parse_descriptor(line + " soc=Ascend%2").ok);
  EXPECT_FALSE(parse_descriptor(line + " fill=%zz").ok);
  EXPECT_FALSE(parse_descriptor("soc=Ascend910B").ok);  // no op
}

// A view without strides is contiguous; where those strides would pass INT64_MAX the harness refuses the token
// instead of handing a backend a wrapped stride.
TEST(Descriptor, ContiguousStridesPastInt64MaxAreRefused) {
  const std::string huge = "gradOutput=f32:1x1x99999999999x99999999";
  const ParseResult p = parse_descriptor("op=maxpool3d_grad soc=Ascend910B " + huge);
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.error.find("token '" + huge + "'"), std::string::npos) << p.error;
  EXPECT_NE(p.error.find("contiguous stride past INT64_MAX"), std::string::npos) << p.error;
  // Control: the same dims with explicit strides parse; the refusal is about the implied strides alone.
  const ParseResult q = parse_descriptor("op=maxpool3d_grad soc=Ascend910B " + huge + ":st=1,1,1,1");
  EXPECT_TRUE(q.ok) << q.error;
  // The boundary: a stride of exactly INT64_MAX is representable, one past it is not.
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(contiguous_strides({2, kMax}), (std::vector<int64_t>{kMax, 1}));
  EXPECT_FALSE(checked_contiguous_strides({2, 2, int64_t{1} << 62}).has_value());
  EXPECT_THROW(contiguous_strides({2, 2, int64_t{1} << 62}), std::invalid_argument);
  EXPECT_EQ(contiguous_strides({2, 3, 4}), (std::vector<int64_t>{12, 4, 1}));
}

}  // namespace poolcheck
