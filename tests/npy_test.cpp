// The .npy codec: round trips of every supported dtype, exact header bytes, and clear refusals of
// malformed, truncated, big-endian and Fortran-order files.
#include "case/npy.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

namespace poolcheck::npy {
namespace {

namespace fs = std::filesystem;

// A header exactly as NumPy writes it (v1.0, padded with spaces to a multiple of 64, ending in '\n').
std::string npy_bytes(const std::string& dict, const std::string& data, int major = 1) {
  std::string out("\x93NUMPY", 6);
  out.push_back(static_cast<char>(major));
  out.push_back(0);
  const size_t pre = major == 1 ? 10 : 12;
  size_t len = dict.size() + 1;
  len += (64 - (pre + len) % 64) % 64;
  for (size_t i = 0; i < pre - 8; ++i) out.push_back(static_cast<char>((len >> (8 * i)) & 0xFF));
  out += dict;
  out.append(len - dict.size() - 1, ' ');
  out.push_back('\n');
  return out + data;
}

std::string error_of(const std::string& bytes) {
  try {
    parse(bytes);
  } catch (const NpyError& e) {
    return e.what();
  }
  return "";
}

class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() / ("npy_test_" + std::to_string(::getpid()) + "_" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

TEST(Npy, SerializeMatchesNumpyLayoutForF4) {
  Array a = from_doubles(DType::F32, {2, 3}, {1, 2, 3, 4, 5, 6});
  const std::string bytes = serialize(a);
  std::string data(24, '\0');
  const float v[6] = {1, 2, 3, 4, 5, 6};
  std::memcpy(data.data(), v, 24);
  EXPECT_EQ(bytes, npy_bytes("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", data));
  EXPECT_EQ((bytes.size() - 24) % 64, 0u);
}

TEST(Npy, ShapeSpellingOfZeroAndOneDimensions) {
  const std::string zero_d = serialize(from_doubles(DType::F64, {}, {2.5}));
  EXPECT_NE(zero_d.find("'shape': (), }"), std::string::npos);
  const std::string one_d = serialize(from_doubles(DType::I32, {3}, {1, 2, 3}));
  EXPECT_NE(one_d.find("'shape': (3,), }"), std::string::npos);
  EXPECT_EQ(parse(zero_d).shape, std::vector<int64_t>{});
  EXPECT_EQ(parse(zero_d).elements(), 1);
  EXPECT_EQ(parse(one_d).shape, std::vector<int64_t>{3});
}

struct DtypeCase {
  DType dt;
  const char* descr;
  std::vector<double> values;  // exactly representable in dt
};

class NpyRoundTrip : public ::testing::TestWithParam<DtypeCase> {};

TEST_P(NpyRoundTrip, ThroughBytesAndThroughAFile) {
  const DtypeCase& p = GetParam();
  const std::vector<int64_t> shape{2, static_cast<int64_t>(p.values.size() / 2)};
  Array a = from_doubles(p.dt, shape, p.values);
  EXPECT_EQ(a.descr, p.descr);
  Array back = parse(serialize(a));
  EXPECT_EQ(back, a);
  std::vector<double> got = to_doubles(back, p.dt);
  ASSERT_EQ(got.size(), p.values.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(p.values[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << i;
    } else {
      EXPECT_EQ(got[i], p.values[i]) << i;
      EXPECT_EQ(std::signbit(got[i]), std::signbit(p.values[i])) << i;
    }
  }

  TempDir dir;
  const std::string path = (dir.path() / "a.npy").string();
  write(path, a);
  EXPECT_EQ(read(path), a);
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    EXPECT_EQ(entry.path().filename(), "a.npy") << "temporary file left behind";
  }
}

const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

INSTANTIATE_TEST_SUITE_P(
    AllDtypes, NpyRoundTrip,
    ::testing::Values(
        DtypeCase{
            DType::F32, "<f4", {0.0, -0.0, 1.5, -3.25e-3f, 3.4028234663852886e38, kInf, kNaN, std::ldexp(1.0, -149)}},
        DtypeCase{DType::F16, "<f2", {0.0, -0.0, 65504, -1.0 / 1024, std::ldexp(1.0, -24), kInf, kNaN, 0.333251953125}},
        DtypeCase{DType::BF16,
                  "<u2",
                  {0.0, -0.0, 1.0078125, -std::ldexp(2.0 - 1.0 / 128, 127), kInf, kNaN, std::ldexp(1.0, -133), 3}},
        DtypeCase{DType::F64, "<f8", {0.0, -0.0, 0.1, -1e300, kInf, kNaN, 5e-324, 1.0 / 3}},
        DtypeCase{DType::I32, "<i4", {0, -1, 2147483647, -2147483648.0, 7, 42}},
        DtypeCase{DType::I64, "<i8", {0, -1, 9007199254740992.0, -9223372036854775808.0, 7, 42}}),
    [](const ::testing::TestParamInfo<DtypeCase>& info) { return std::string(dtype_name(info.param.dt)); });

TEST(Npy, ReadsVersion2Headers) {
  float v[2] = {1.5f, -2.0f};
  std::string data(8, '\0');
  std::memcpy(data.data(), v, 8);
  Array a = parse(npy_bytes("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", data, 2));
  EXPECT_EQ(to_doubles(a, DType::F32), (std::vector<double>{1.5, -2.0}));
}

TEST(Npy, AcceptsKeysInAnyOrderAndDoubleQuotes) {
  Array a = parse(npy_bytes("{\"shape\": (1, 1), \"fortran_order\": False, \"descr\": \"<i8\"}", std::string(8, '\0')));
  EXPECT_EQ(a.descr, "<i8");
  EXPECT_EQ(a.shape, (std::vector<int64_t>{1, 1}));
}

TEST(Npy, RejectsFortranOrder) {
  auto err = error_of(npy_bytes("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", std::string(16, '\0')));
  EXPECT_NE(err.find("fortran_order"), std::string::npos) << err;
}

TEST(Npy, RejectsBigEndian) {
  auto err = error_of(npy_bytes("{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }", std::string(4, '\0')));
  EXPECT_NE(err.find("big-endian"), std::string::npos) << err;
}

TEST(Npy, RejectsUnsupportedDtypes) {
  for (const char* d : {"|u1", "<c8", "<U3", "|b1", "<f16"}) {
    auto err = error_of(npy_bytes(std::string("{'descr': '") + d + "', 'fortran_order': False, 'shape': (1,), }",
                                  std::string(16, '\0')));
    EXPECT_NE(err.find("unsupported dtype"), std::string::npos) << d << ": " << err;
  }
  auto err =
      error_of(npy_bytes("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }", std::string(4, '\0')));
  EXPECT_NE(err.find("structured"), std::string::npos) << err;
}

TEST(Npy, RejectsTruncatedFiles) {
  const std::string good = serialize(from_doubles(DType::F32, {4, 5}, std::vector<double>(20, 1.0)));
  ASSERT_NO_THROW(parse(good));
  // Every prefix of a valid file is refused with an error, never a crash or an out-of-bounds read.
  for (size_t n = 0; n < good.size(); ++n) {
    EXPECT_THROW(parse(std::string_view(good).substr(0, n)), NpyError) << "prefix of " << n << " bytes";
  }
  auto err = error_of(good.substr(0, good.size() - 1));
  EXPECT_NE(err.find("truncated"), std::string::npos) << err;
  err = error_of(good + "x");
  EXPECT_NE(err.find("unexpected bytes"), std::string::npos) << err;
}

TEST(Npy, RejectsMalformedHeaders) {
  const std::string data(4, '\0');
  const char* bad[] = {
      "{'descr': '<f4', 'fortran_order': False}",                                 // no shape
      "{'descr': '<f4', 'shape': (1,)}",                                          // no fortran_order
      "{'fortran_order': False, 'shape': (1,)}",                                  // no descr
      "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}",          // unknown key
      "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (1,)}",  // duplicate
      "{'descr': '<f4', 'fortran_order': Maybe, 'shape': (1,)}",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (1)}",  // not a tuple
      "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,)}",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (1,, 2)}",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,)}",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296)}",
      "{'descr': '<f4 'fortran_order': False, 'shape': (1,)}",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (1,)",  // unclosed
      "'descr': '<f4', 'fortran_order': False, 'shape': (1,)}",
      "{'descr': '<f4', 'fortran_order': False, 'shape': (1,)} trailing",
      "",
  };
  for (const char* h : bad) {
    EXPECT_THROW(parse(npy_bytes(h, data)), NpyError) << h;
  }
  EXPECT_NE(error_of(npy_bytes(bad[0], data)).find("missing key 'shape'"), std::string::npos);
}

TEST(Npy, RejectsBadMagicAndVersions) {
  std::string good = serialize(from_doubles(DType::F32, {1}, {1.0}));
  std::string bad_magic = good;
  bad_magic[1] = 'X';
  EXPECT_NE(error_of(bad_magic).find("bad magic"), std::string::npos);
  std::string v3 = good;
  v3[6] = 3;
  EXPECT_NE(error_of(v3).find("version 3.0"), std::string::npos);
  std::string huge_len = good;
  huge_len[8] = '\xFF';
  huge_len[9] = '\xFF';
  EXPECT_NE(error_of(huge_len).find("truncated"), std::string::npos);
  EXPECT_NE(error_of("hello").find("too short"), std::string::npos);
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n'; }

// Every single-byte change of the header, to each of a set of bytes chosen to look like header syntax, is
// predicted: a change of spelling only (whitespace for whitespace, the optional trailing comma for whitespace)
// parses to the very same array; 'f' -> 'u' in the descr parses to the same bytes read as '<u2'; every other
// change (magic, version, header length, keys, quotes, brackets, digits, the descr) throws NpyError. Nothing
// crashes, and both verdicts occur.
TEST(Npy, EveryHeaderByteChangeIsRejectedOrParsesToTheSameArray) {
  const Array original = from_doubles(DType::F16, {2, 2}, {1, 2, 3, 4});
  const std::string good = serialize(original);
  const size_t header_end = good.size() - original.data.size();
  const size_t dict_begin = 10;  // magic (6), version (2), header length (2)
  const size_t trailing_comma = good.rfind(", }");
  const size_t descr_quote = good.find("'<f2'");
  ASSERT_NE(trailing_comma, std::string::npos);
  ASSERT_NE(descr_quote, std::string::npos);
  const size_t descr_type = descr_quote + 2;
  int accepted = 0, rejected = 0;
  for (size_t i = 0; i < header_end; ++i) {
    for (const char v : {'\0', '\t', '\n', ' ', '"', '\'', ')', ',', '1', 'u', '}', '\xFF'}) {
      if (good[i] == v) continue;
      std::string b = good;
      b[i] = v;
      const bool spelling_only = i >= dict_begin && is_space(v) && (is_space(good[i]) || i == trailing_comma);
      const bool retyped = i == descr_type && v == 'u';
      SCOPED_TRACE("byte " + std::to_string(i) + " ('" + std::string(1, good[i]) + "') -> " +
                   std::to_string(static_cast<unsigned char>(v)));
      try {
        const Array a = parse(b);
        ++accepted;
        EXPECT_TRUE(spelling_only || retyped) << "accepted a change that is neither spelling nor a retype";
        Array want = original;
        if (retyped) want.descr = "<u2";
        EXPECT_EQ(a, want);
        EXPECT_EQ(static_cast<int64_t>(a.data.size()), a.elements() * descr_item_size(a.descr));
      } catch (const NpyError&) {
        ++rejected;
        EXPECT_FALSE(spelling_only || retyped) << "refused a header that means the same array";
      }
    }
  }
  EXPECT_GT(accepted, 0);
  EXPECT_GT(rejected, accepted);
  // Specific known-bad changes, one per part of the file.
  for (const size_t i : {size_t{0}, size_t{3}, size_t{6}, size_t{8}, size_t{9}, dict_begin, descr_type - 1,
                         good.find("False"), good.find("(2, 2)") + 1, trailing_comma + 2}) {
    std::string b = good;
    b[i] = ')';
    EXPECT_THROW(parse(b), NpyError) << "byte " << i;
  }
}

TEST(Npy, DtypeMismatchOnDecodeIsAnError) {
  Array a = from_doubles(DType::F16, {1}, {1.0});
  EXPECT_THROW(to_doubles(a, DType::F32), NpyError);
  EXPECT_THROW(to_doubles(a, DType::BF16), NpyError);  // '<f2' is not bf16 bits
  Array b = from_doubles(DType::BF16, {1}, {1.0});
  EXPECT_THROW(to_doubles(b, DType::F16), NpyError);
}

TEST(Npy, IntegerConversionRefusesNonIntegersAndOverflow) {
  EXPECT_THROW(from_doubles(DType::I32, {1}, {0.5}), NpyError);
  EXPECT_THROW(from_doubles(DType::I32, {1}, {2147483648.0}), NpyError);
  EXPECT_THROW(from_doubles(DType::I64, {1}, {9223372036854775808.0}), NpyError);
  EXPECT_THROW(from_doubles(DType::I64, {1}, {kNaN}), NpyError);
  EXPECT_THROW(from_doubles(DType::F32, {2}, {1.0}), NpyError);  // shape does not match the values
  EXPECT_THROW(from_doubles(DType::I8, {1}, {1.0}), NpyError);   // no .npy mapping
}

TEST(Npy, ReadNamesThePathOnErrors) {
  TempDir dir;
  const fs::path p = dir.path() / "broken.npy";
  std::ofstream(p, std::ios::binary) << "\x93NUMPY\x01";
  try {
    read(p.string());
    FAIL() << "expected NpyError";
  } catch (const NpyError& e) {
    EXPECT_NE(std::string(e.what()).find("broken.npy"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read((dir.path() / "missing.npy").string()), NpyError);
}

}  // namespace
}  // namespace poolcheck::npy
