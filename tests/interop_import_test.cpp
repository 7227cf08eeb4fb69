// poolcheck import on the project's own ATK and TTK sample files (tests/interop/samples/): every range_values form
// and every attribute of each seed operator converts to the descriptor written out here by hand, every malformed
// entry is refused naming the entry and the field while the others convert, and unknown fields warn once.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "case/descriptor.h"
#include "interop/atk_import.h"
#include "interop/csv_rows.h"
#include "interop/python_literal.h"
#include "interop/vendor_import.h"

namespace poolcheck::interop {
namespace {

const std::string kSamples = std::string(POOLCHECK_SOURCE_DIR) + "/tests/interop/samples/";

ImportedFile sample(const std::string& file) { return import_vendor_file(kSamples + file, {}); }

// The converted case of the entry whose source ends with `tail`, as a descriptor ("(refused) why" otherwise).
std::string converted(const ImportedFile& f, const std::string& tail) {
  for (const auto& e : f.entries)
    if (e.source.size() >= tail.size() && e.source.compare(e.source.size() - tail.size(), tail.size(), tail) == 0)
      return e.c ? to_descriptor(*e.c) : "(refused) " + e.refusal;
  return "(no entry " + tail + ")";
}

// Whether the entry converted to a case whose descriptor holds `text` (with the descriptor in the failure message).
::testing::AssertionResult converts_with(const ImportedFile& f, const std::string& tail, const std::string& text) {
  const std::string d = converted(f, tail);
  if (d.find(text) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "entry" << tail << " is '" << d << "', without '" << text << "'";
}

size_t count_converted(const ImportedFile& f) {
  return static_cast<size_t>(std::count_if(f.entries.begin(), f.entries.end(), [](const auto& e) { return e.c; }));
}

bool has_refusal(const ImportedFile& f, const std::string& text) {
  return std::any_of(f.entries.begin(), f.entries.end(),
                     [&](const auto& e) { return !e.c && e.refusal.find(text) != std::string::npos; });
}

TEST(AtkImport, MaxPoolingEveryRangeFormAndAttribute) {
  const ImportedFile f = sample("atk_aclnnMaxPool3dWithArgmaxBackward.json");
  EXPECT_EQ(f.format, VendorFormat::Atk);
  EXPECT_EQ(f.entries.size(), 13u);
  EXPECT_EQ(count_converted(f), 8u);
  const std::string common = "kernelSize=[2,2,2] stride=[2,2,2] padding=[0,0,0] dilation=[1,1,1] ceilMode=0 ";
  EXPECT_EQ(converted(f, " id=0"),
            "op=maxpool3d_grad soc=Ascend910B gradOutput=f32:1x2x2x3x4 self=f32:1x2x4x6x8 indices=i32:1x2x2x3x4 "
            "gradInput=f32:1x2x4x6x8 " +
                common + "seed=0 fill=normal fill.gradOutput=uniform:-5:5 fill.self=uniform:-5:5");
  EXPECT_EQ(converted(f, " id=1"),
            "op=maxpool3d_grad soc=Ascend910B gradOutput=f16:2x3x3x4x5 self=f16:2x3x5x7x9 indices=i32:2x3x3x4x5 "
            "gradInput=f16:2x3x5x7x9 kernelSize=[3,3,3] stride=[2,2,2] padding=[1,1,1] dilation=[1,1,1] ceilMode=1 "
            "seed=1 fill=normal fill.gradOutput=nd:-100:100:1:25 fill.self=uniform:-5:5");
  EXPECT_TRUE(converts_with(f, " id=2", "fill.gradOutput=const:0 fill.self=uniform:-1:1"));
  EXPECT_TRUE(converts_with(f, " id=3", "fill.gradOutput=const:1.5"));
  EXPECT_TRUE(converts_with(f, " id=4", "gradOutput=f32:3x2x3x3 self=f32:3x5x6x6"));
  EXPECT_TRUE(converts_with(f, " id=4", "fill.gradOutput=nan"));
  EXPECT_TRUE(converts_with(f, " id=5", "fill.gradOutput=inf fill.self=nan"));
  EXPECT_TRUE(converts_with(f, " id=6", "fill.gradOutput=neginf fill.self=uniform:0:0"));
  // Refusals name the entry and the field; the other entries converted.
  EXPECT_TRUE(has_refusal(f, "id=8: input 'gradOutput' range_values: [5,-5] is not [lo, hi]"));
  EXPECT_TRUE(has_refusal(f, "id=9: aclnn_name 'MaxPool2dWithMask' is none of poolcheck's entry points"));
  EXPECT_TRUE(has_refusal(f, "id=10: field 'inputs' is missing"));
  EXPECT_TRUE(has_refusal(f, "id=11: input 'gradOutput': dtype 'fp99'"));
  EXPECT_TRUE(has_refusal(f, "id=12: input 'gradOutput' range_values: {\"name\":\"uniform\"}"));
  // Unknown fields warn once per file; the indices' range_values are said to be ignored.
  EXPECT_EQ(std::count_if(f.warnings.begin(), f.warnings.end(),
                          [](const std::string& w) { return w.find("'owner'") != std::string::npos; }),
            1);
  EXPECT_TRUE(std::any_of(f.warnings.begin(), f.warnings.end(),
                          [](const std::string& w) { return w.find("derived input 'indices'") != std::string::npos; }));
}

TEST(AtkImport, AveragePoolingSnakeCaseAttributesAndLayouts) {
  const ImportedFile f = sample("atk_aclnnAvgPool2dBackward.json");
  EXPECT_EQ(count_converted(f), 5u);
  EXPECT_EQ(converted(f, " id=0"),
            "op=avgpool2d_grad soc=Ascend910B gradOutput=f32:1x9x1x2:fmt=NCHW self=f32:1x9x1x17:fmt=NCHW "
            "gradInput=f32:1x9x1x17:fmt=NCHW kernelSize=[1,17] stride=[1,17] padding=[0,8] ceilMode=1 "
            "countIncludePad=0 divisorOverride=27 cubeMathType=0 seed=0 fill=normal "
            "fill.gradOutput=nd:-100:100:1:25 fill.self=nd:-100:100:1:25");
  // 3-D tensors are NCL; a [lo, hi] divisor is drawn from the entry's seed, inside the range.
  const std::string two = converted(f, " id=2");
  EXPECT_NE(two.find("self=f32:3x9x11:fmt=NCL"), std::string::npos) << two;
  const ParseResult p = parse_descriptor(two);
  ASSERT_TRUE(p.ok) << two;
  const int64_t divisor = p.value.scalar("divisorOverride").value_or(-1);
  EXPECT_GE(divisor, 1);
  EXPECT_LE(divisor, 100);
  EXPECT_TRUE(converts_with(f, " id=3", "divisorOverride=5"));
  EXPECT_TRUE(converts_with(f, " id=3", "fill.gradOutput=inf fill.self=const:1"));
  EXPECT_TRUE(has_refusal(f, "id=5: input 'divisorOverride' range_values: \"seven\" is not an integer"));
}

TEST(AtkImport, AdaptiveInputIsSelf) {
  const ImportedFile f = sample("atk_aclnnAdaptiveAvgPool3dBackward.json");
  EXPECT_EQ(count_converted(f), 5u);
  EXPECT_EQ(converted(f, " id=1"),
            "op=adaptive_avgpool3d_grad soc=Ascend910B gradOutput=f32:2x3x2x3x4 self=f32:2x3x5x7x9 "
            "out=f32:2x3x5x7x9 seed=1 fill=normal fill.gradOutput=uniform:-3:3 fill.self=nd:-100:100:1:25");
  EXPECT_TRUE(converts_with(f, " id=4", "fill.gradOutput=neginf fill.self=const:2.5"));
  EXPECT_TRUE(has_refusal(f, "id=5: input 'weight' is no argument of adaptive_avgpool3d_grad"));
}

TEST(TtkImport, AclnnRows) {
  const ImportedFile f = sample("ttk_aclnn_seed_operators.csv");
  EXPECT_EQ(f.format, VendorFormat::TtkAclnn);
  EXPECT_EQ(f.entries.size(), 7u);
  EXPECT_EQ(count_converted(f), 4u);
  EXPECT_EQ(converted(f, "test=sample_maxpool_bf16_int64_ncdhw_1"),
            "op=maxpool3d_grad soc=Ascend950 gradOutput=bf16:2x3x2x3x3:fmt=NCDHW self=bf16:2x3x3x4x5:fmt=NCDHW "
            "indices=i64:2x3x2x3x3:fmt=NCDHW gradInput=bf16:2x3x3x4x5:fmt=NCDHW kernelSize=[2,2,2] stride=[2,2,2] "
            "padding=[1,1,1] dilation=[1,1,1] ceilMode=1 seed=2 fill=normal fill.gradOutput=uniform:-1:1 "
            "fill.self=uniform:-5:5");
  EXPECT_TRUE(converts_with(f, "test=sample_avgpool_fp16_nchw_2", "cubeMathType=0"));
  EXPECT_TRUE(has_refusal(f, "test=sample_disabled_4 (line 6): is_enabled is FALSE"));
  EXPECT_TRUE(has_refusal(f, "output_tensor_indexes [0]: avgpool2d_grad's output is tensor 2"));
  EXPECT_TRUE(has_refusal(f, "test=sample_broken_literal_6 (line 8): column 'tensor_view_shapes'"));
}

TEST(TtkImport, KernelRowsMapOntoTheirEntryPoint) {
  const ImportedFile f = sample("ttk_kernel_seed_operators.csv");
  EXPECT_EQ(f.format, VendorFormat::TtkKernel);
  EXPECT_EQ(count_converted(f), 3u);
  EXPECT_EQ(converted(f, "test=sample_avg_2d_float32_1"),
            "op=avgpool2d_grad soc=Ascend950 gradOutput=f32:2x3x4x5:fmt=NCHW self=f32:2x3x8x10:fmt=NCHW "
            "gradInput=f32:2x3x8x10:fmt=NCHW kernelSize=[2,2] stride=[2,2] padding=[0,0] ceilMode=0 countIncludePad=0 "
            "divisorOverride=0 seed=2 fill=normal fill.gradOutput=uniform:-100:100");
  EXPECT_TRUE(converts_with(f, "test=sample_adaptive_fp16_0", "gradOutput=f16:3x4x1x2x2:fmt=NCDHW"));
  // A real 3-D pooling is an aclnnAvgPool3dBackward call, its depth axis kept.
  EXPECT_TRUE(converts_with(f, "test=sample_avg_3d_float16_2",
                            "op=avgpool3d_grad soc=Ascend950 gradOutput=f16:2x3x2x4x5 self=f16:2x3x5x8x10"));
  EXPECT_TRUE(converts_with(f, "test=sample_avg_3d_float16_2", "kernelSize=[2,2,2] stride=[2,2,2] padding=[0,0,0]"));
  EXPECT_TRUE(has_refusal(f, "kernel 'max_pool_grad_with_argmax' is behind none of poolcheck's entry points"));
}

TEST(VendorImport, FilesThatAreNeitherFormatAreRefusedNamingTheFile) {
  const std::string dir = ::testing::TempDir();
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir + name) << text;
    return dir + name;
  };
  auto error = [&](const std::string& path) {
    try {
      import_vendor_file(path, {});
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("(imported)");
  };
  EXPECT_NE(error(write("broken.json", "[{\"id\": 1,")).find("broken.json: not valid JSON"), std::string::npos);
  EXPECT_NE(error(write("object.json", "{\"id\": 1}")).find("neither an ATK case list"), std::string::npos);
  EXPECT_NE(error(write("other.csv", "a,b\n1,2\n")).find("other.csv: neither"), std::string::npos);
  EXPECT_NE(error(write("quote.csv", "testcase_name,api_name\n\"x,y\n")).find("quoted field is never closed"),
            std::string::npos);
  EXPECT_NE(error(dir + "absent.json").find("absent.json: cannot be opened"), std::string::npos);
}

TEST(VendorImport, CsvAndPythonLiteralReaders) {
  const auto rows = parse_csv("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"multi\nline\",2,3\n");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].fields, (std::vector<std::string>{"a", "b,c", "say \"hi\""}));
  EXPECT_EQ(rows[1].fields[0], "multi\nline");
  EXPECT_EQ(rows[1].line, 2);
  const auto v = parse_python_literal("{'k': [2, 2], \"ceil\": False, 'r': ((1e-3, -0.5),), 'n': None}");
  EXPECT_EQ(v["k"], nlohmann::json({2, 2}));
  EXPECT_EQ(v["ceil"], false);
  EXPECT_DOUBLE_EQ(v["r"][0][0].get<double>(), 1e-3);
  EXPECT_TRUE(v["n"].is_null());
  EXPECT_THROW(parse_python_literal("(1, 2"), std::invalid_argument);
  EXPECT_THROW(parse_python_literal("[1 2]"), std::invalid_argument);
  EXPECT_THROW(parse_python_literal("{'a': 1} x"), std::invalid_argument);
}

// Negative control: the descriptor comparisons above fire when an entry says something else (a changed deviation
// range gives another fill), so they are not comparing a converter's output with itself.
TEST(AtkImportNegativeControl, AnAlteredEntryConvertsToAnotherCase) {
  std::ifstream in(kSamples + "atk_aclnnMaxPool3dWithArgmaxBackward.json");
  nlohmann::json doc = nlohmann::json::parse(in);
  doc[1]["inputs"][0]["range_values"]["std"] = {1, 26};
  const ImportedFile f = import_atk(doc, "altered.json", {});
  EXPECT_TRUE(converts_with(f, " id=1", "fill.gradOutput=nd:-100:100:1:26"));
  EXPECT_NE(converted(f, " id=1"), converted(sample("atk_aclnnMaxPool3dWithArgmaxBackward.json"), " id=1"));
}

}  // namespace
}  // namespace poolcheck::interop
