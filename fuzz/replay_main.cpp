// A main() for the fuzz targets without libFuzzer (it builds with g++): runs every file named on the
// command line, and every file inside a named directory, through LLVMFuzzerTestOneInput once. A finding
// traps, so ctest sees the crash and the file that caused it is the last one printed.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv);
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

void run_file(const std::filesystem::path& p) {
  std::fprintf(stderr, "replay %s\n", p.c_str());
  std::ifstream in(p, std::ios::binary);
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
  LLVMFuzzerInitialize(&argc, &argv);
  size_t files = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path arg(argv[i]);
    if (!std::filesystem::is_directory(arg)) {
      run_file(arg);
      ++files;
      continue;
    }
    std::vector<std::filesystem::path> in_dir;  // sorted, so a failure reproduces in the same order
    for (const auto& e : std::filesystem::directory_iterator(arg))
      if (e.is_regular_file()) in_dir.push_back(e.path());
    std::sort(in_dir.begin(), in_dir.end());
    for (const auto& p : in_dir) run_file(p);
    files += in_dir.size();
  }
  std::fprintf(stderr, "replayed %zu inputs\n", files);
  return files == 0 ? 1 : 0;  // an empty corpus is a broken test, not a pass
}
