// Writes the fuzz targets' seed corpora from the RapidCheck generators: valid and invalid cases of each
// operator as descriptor-mode inputs (some with special-value data tails), raw-mode byte strings, and API
// sequences. Deterministic, so a re-run reproduces the checked-in files:
//   make_seed_corpus fuzz/corpora [cases-per-kind]
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "case/rng.h"
#include "fuzz/case_input.h"
#include "generators/generators.h"

namespace fs = std::filesystem;
using poolcheck::Case;

namespace {

uint64_t fnv(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char ch : s) h = (h ^ ch) * 1099511628211ull;
  return h;
}

void write(const fs::path& dir, const std::string& kind, const std::string& bytes) {
  char name[64];
  std::snprintf(name, sizeof name, "%s-%016llx", kind.c_str(), static_cast<unsigned long long>(fnv(bytes)));
  std::ofstream(dir / name, std::ios::binary) << bytes;
}

// fp32 bit patterns that matter for the kernels: NaN, +-Inf, denormals, -0, the largest finite value.
std::vector<uint8_t> special_tail() {
  const float vals[] = {std::numeric_limits<float>::quiet_NaN(),
                        std::numeric_limits<float>::infinity(),
                        -std::numeric_limits<float>::infinity(),
                        std::numeric_limits<float>::denorm_min(),
                        -1e-39f,
                        -0.0f,
                        std::numeric_limits<float>::max(),
                        1.5f};
  std::vector<uint8_t> b(sizeof vals);
  std::memcpy(b.data(), vals, sizeof vals);
  return b;
}

std::string random_bytes(poolcheck::SplitMix64& rng, size_t n) {
  std::string s(n, '\0');
  for (auto& ch : s) ch = static_cast<char>(rng.below(256));
  if (s.size() >= 3 && s.compare(0, 3, "op=") == 0) s[0] = 'x';  // stay in raw mode
  return s;
}

void operator_corpus(const std::string& op, const fs::path& dir, int n) {
  poolcheck::gen::GenConfig cfg;
  cfg.max_nc = 12;  // small enough for the per-input caps and a fast replay
  cfg.max_spatial = 6;
  for (int i = 0; i < n; ++i) {
    const Case v = poolcheck::gen::sample(poolcheck::gen::valid_case(op, cfg), 1000 + i, 30);
    write(dir, "valid", poolcheck::fuzz::encode_case(v, i % 4 == 0 ? special_tail() : std::vector<uint8_t>{}));
    const Case bad = poolcheck::gen::sample(poolcheck::gen::invalid_case(op, cfg), 2000 + i, 30);
    write(dir, "invalid", poolcheck::fuzz::encode_case(bad));
  }
  poolcheck::SplitMix64 rng(fnv(op));
  for (int i = 0; i < n / 2; ++i) write(dir, "raw", random_bytes(rng, 48 + rng.below(400)));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR [cases-per-kind]\n", argv[0]);
    return 2;
  }
  const fs::path root(argv[1]);
  const int n = argc > 2 ? std::atoi(argv[2]) : 40;
  // One target per row of the operator table: <token>_fuzzer.
  const char* const ops[] = {
#define POOLCHECK_OPERATOR(token, aclnn) #token,
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
  };
  for (const char* op : ops) {
    const fs::path dir = root / (std::string(op) + "_fuzzer_seed_corpus");
    fs::create_directories(dir);
    operator_corpus(op, dir, n);
  }
  const fs::path seq = root / "api_sequence_fuzzer_seed_corpus";
  fs::create_directories(seq);
  poolcheck::SplitMix64 rng(7);
  for (int i = 0; i < n; ++i) write(seq, "seq", random_bytes(rng, 8 + rng.below(56)));
  return 0;
}
