// Export -> import gives back the same case: an ATK entry poolcheck writes reads back as the exact case (its
// "poolcheck" field), and its ATK fields alone make the same call with the same distributions; an edited entry
// whose fields disagree with its descriptor is read from the fields, with a warning.
#include <gtest/gtest.h>

#include "case/descriptor.h"
#include "harness/op_adapter.h"
#include "interop/atk_export.h"
#include "interop/atk_import.h"
#include "interop/case_bytes.h"

namespace poolcheck::interop {
namespace {

const char* kCases[] = {
    "op=avgpool2d_grad soc=Ascend910B gradOutput=f16:1x2x4x4:fmt=NCHW self=f16:1x2x8x8:fmt=NCHW "
    "gradInput=f16:1x2x8x8:fmt=NCHW kernelSize=[2,2] stride=[2,2] padding=[0,0] ceilMode=0 countIncludePad=1 "
    "divisorOverride=0 cubeMathType=0 seed=7 fill=normal fill.gradOutput=nd:-3:3:1:2 fill.self=uniform:-1:1",
    "op=maxpool3d_grad soc=Ascend910_93 gradOutput=f32:1x2x1x2x3 self=f32:1x2x1x4x6:st=48,24,24,6,1 "
    "indices=i32:1x2x1x2x3 gradInput=f32:1x2x1x4x6 kernelSize=[1,2,2] stride=[1,2,2] padding=[0,0,0] "
    "dilation=[1,1,1] det=1 cores=3 seed=11 fill=ties",
    "op=adaptive_avgpool3d_grad soc=Ascend910B gradOutput=bf16:2x3x2x2x3 self=bf16:2x3x5x7x7 out=bf16:2x3x5x7x7 "
    "seed=4 fill=normal fill.gradOutput=nan fill.self=const:0.5",
};

Case parsed(const std::string& line) {
  const ParseResult p = parse_runnable_case(line);
  EXPECT_TRUE(p.ok) << p.error;
  return p.value;
}

ImportedFile round_trip(const nlohmann::json& entry) {
  return import_atk(nlohmann::json::array({entry}), "exported.json", {});
}

// The call a case makes and the distributions of its drawn inputs: what an ATK entry can carry.
std::string call_of(const Case& c) {
  const OpAdapter& op = *find_adapter(c.op);
  std::string s = c.op;
  for (const auto& [name, t] : c.tensors)
    s += " " + name + "=" + dtype_name(t.dtype) + ":" + std::to_string(t.shape.size());
  for (const auto& [name, t] : c.tensors)
    for (int64_t d : t.shape) s += "," + std::to_string(d);
  for (const auto& [name, a] : c.arrays) {
    s += " " + name + "=";
    for (int64_t v : a.values) s += std::to_string(v) + ",";
  }
  for (const CallParam& p : op.signature)
    if (p.kind != CallParam::Tensor && p.kind != CallParam::IntArray)
      s += std::string(" ") + p.name + "=" + std::to_string(c.scalar(p.name).value_or(p.absent));
  for (const auto& name : op.filled) {
    const TensorFill* f = c.tensor_fill(name);
    s += " fill." + name + "=" + (f ? fill_token(*f) : std::string(fill_name(c.fill)));
  }
  return s;
}

TEST(AtkExport, ImportGivesBackTheSameCase) {
  for (const char* line : kCases) {
    const Case c = parsed(line);
    const AtkExport e = atk_entry(case_bytes(c), "rt", 0);
    const ImportedFile back = round_trip(e.entry);
    ASSERT_EQ(back.entries.size(), 1u);
    ASSERT_TRUE(back.entries[0].c.has_value()) << back.entries[0].refusal;
    EXPECT_EQ(to_descriptor(*back.entries[0].c), to_descriptor(c));
    for (const auto& w : back.warnings) EXPECT_EQ(w.find("disagrees"), std::string::npos) << w;
    // The exact tensors: one .npy per input with data, the expected output and its bounds.
    EXPECT_TRUE(e.files.count("rt.gradOutput.npy")) << line;
    EXPECT_TRUE(e.files.count("rt.expected.npy")) << line;
  }
}

TEST(AtkExport, TheAtkFieldsAloneMakeTheSameCall) {
  for (const char* line : {kCases[0], kCases[2]}) {  // fills ATK can state; the layouts its executor uses
    const Case c = parsed(line);
    nlohmann::json entry = atk_entry(case_bytes(c), "rt", 0).entry;
    entry.erase("poolcheck");
    const ImportedFile back = round_trip(entry);
    ASSERT_TRUE(back.entries[0].c.has_value()) << back.entries[0].refusal;
    EXPECT_EQ(call_of(*back.entries[0].c), call_of(c));
  }
}

// Negative control: an entry edited after export (another shape in its fields) is not silently replaced by its
// stale descriptor: the fields win, and the import says so.
TEST(AtkExportNegativeControl, AnEditedEntryIsReadFromItsFields) {
  const Case c = parsed(kCases[2]);
  nlohmann::json entry = atk_entry(case_bytes(c), "rt", 0).entry;
  entry["inputs"][1]["shape"] = {2, 3, 6, 7, 7};
  const ImportedFile back = round_trip(entry);
  ASSERT_TRUE(back.entries[0].c.has_value()) << back.entries[0].refusal;
  EXPECT_EQ(back.entries[0].c->tensor("self")->shape, (std::vector<int64_t>{2, 3, 6, 7, 7}));
  EXPECT_NE(to_descriptor(*back.entries[0].c), to_descriptor(c));
  ASSERT_EQ(back.warnings.size(), 1u);
  EXPECT_NE(back.warnings[0].find("disagrees with the entry's ATK fields"), std::string::npos);
}

}  // namespace
}  // namespace poolcheck::interop
