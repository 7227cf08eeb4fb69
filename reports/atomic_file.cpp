#include "reports/atomic_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

namespace poolcheck::reports {

namespace {

std::runtime_error io_error(const std::string& what, const std::filesystem::path& p, int err) {
  return std::runtime_error(what + " " + p.string() + ": " + std::strerror(err));
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path target) : target_(std::move(target)) {
  std::filesystem::path dir = target_.parent_path();
  // Appended: GCC 12 at -O3 reports a false -Wrestrict in "." + std::string.
  std::string name = ".";
  name.append(target_.filename().string()).append(".tmp.").append(std::to_string(::getpid()));
  temp_ = dir / name;
  file_ = std::fopen(temp_.c_str(), "wb");
  if (!file_) throw io_error("cannot create", temp_, errno);
}

AtomicFile::~AtomicFile() {
  if (!committed_) discard();
}

void AtomicFile::discard() noexcept {
  if (file_) {
    std::fclose(file_);
    file_ = nullptr;
  }
  std::error_code ec;
  std::filesystem::remove(temp_, ec);
}

void AtomicFile::write(std::string_view bytes) {
  if (!file_) throw std::runtime_error("write to a closed report file " + target_.string());
  if (bytes.empty()) return;
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) throw io_error("cannot write", temp_, errno);
}

void AtomicFile::commit() {
  if (!file_) throw std::runtime_error("commit of a closed report file " + target_.string());
  int err = 0;
  if (std::fflush(file_) != 0) err = errno;
  if (!err && ::fsync(::fileno(file_)) != 0 && errno != EINVAL) err = errno;
  if (std::fclose(file_) != 0 && !err) err = errno;
  file_ = nullptr;
  if (!err && std::rename(temp_.c_str(), target_.c_str()) != 0) err = errno;
  if (err) {
    discard();
    throw io_error("cannot write", target_, err);
  }
  committed_ = true;
}

void write_file_atomic(const std::filesystem::path& target, std::string_view content) {
  AtomicFile f(target);
  f.write(content);
  f.commit();
}

}  // namespace poolcheck::reports
