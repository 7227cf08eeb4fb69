#include "reports/jsonl_writer.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "reports/result_line.h"

namespace poolcheck::reports {

namespace {

std::runtime_error io_error(const std::string& what, const std::filesystem::path& p, int err) {
  return std::runtime_error(what + " " + p.string() + ": " + std::strerror(err));
}

}  // namespace

std::string result_line(const CaseResult& r) {
  // Control characters are escaped, so every record stays on one line; invalid UTF-8 is replaced.
  std::string line;
  append_result_line(r, &line);
  return line;
}

JsonlWriter::JsonlWriter(std::filesystem::path path, int64_t keep_bytes) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | (keep_bytes < 0 ? O_TRUNC : 0) | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw io_error("cannot create", path_, errno);
  if (keep_bytes >= 0 && ::ftruncate(fd_, keep_bytes) != 0) throw io_error("cannot truncate", path_, errno);
}

JsonlWriter::~JsonlWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void JsonlWriter::add(const CaseResult& r) {
  if (fd_ < 0) throw std::runtime_error("write to a closed report file " + path_.string());
  line_.clear();  // the buffer is kept: its capacity serves the next line
  append_result_line(r, &line_);
  // Unbuffered on purpose: what the kernel has survives the process. A short write (signal, pipe) continues.
  const char* p = line_.data();
  size_t left = line_.size();
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw io_error("cannot write", path_, errno);
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  ++lines_;
}

void JsonlWriter::close() {
  if (fd_ < 0) return;
  const int rc = ::close(fd_);
  fd_ = -1;
  if (rc != 0) throw io_error("cannot write", path_, errno);
}

}  // namespace poolcheck::reports
