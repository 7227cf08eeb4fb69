// Atomic file output: content goes to a hidden temporary file in the target's directory, which is renamed
// over the target only when complete. Readers see the old file or the whole new one, never a torn write.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>

namespace poolcheck::reports {

class AtomicFile {
 public:
  // Creates the temporary file "<dir>/.<name>.tmp.<pid>". Throws std::runtime_error on failure.
  explicit AtomicFile(std::filesystem::path target);
  ~AtomicFile();  // removes the temporary file unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void write(std::string_view bytes);  // throws std::runtime_error on a write error
  // Flushes, syncs and renames into place. Throws std::runtime_error; the temporary file is then removed.
  void commit();

  const std::filesystem::path& target() const { return target_; }
  const std::filesystem::path& temp_path() const { return temp_; }

 private:
  void discard() noexcept;

  std::filesystem::path target_;
  std::filesystem::path temp_;
  std::FILE* file_ = nullptr;
  bool committed_ = false;
};

// Whole-file convenience.
void write_file_atomic(const std::filesystem::path& target, std::string_view content);

}  // namespace poolcheck::reports
