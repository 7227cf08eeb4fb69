// File-descriptor helpers shared by the pool and the worker side: an owning handle and EINTR-safe I/O.
#pragma once

#include <sys/types.h>

#include <cstddef>

namespace poolcheck::isolation::detail {

// Owns one file descriptor and closes it once.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd&& other) noexcept : fd_(other.release()) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept {
    if (this != &other) reset(other.release());
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd() { reset(); }

  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void reset(int fd = -1);

 private:
  int fd_ = -1;
};

// Throws std::system_error on failure.
void set_nonblocking(int fd);

// read()/write() retried on EINTR; results as the system calls give them.
ssize_t read_retrying(int fd, void* buffer, size_t size);

// A write that cannot kill this process with SIGPIPE: a reader that is gone gives -1 with errno EPIPE.
// SIGPIPE is blocked for this thread during the write and a SIGPIPE it raised is consumed, so the process-wide
// disposition (which belongs to the program, not to this library) is left alone.
ssize_t write_without_sigpipe(int fd, const void* data, size_t size);

// The same for a stream socket, in one system call (MSG_NOSIGNAL).
ssize_t send_without_sigpipe(int fd, const void* data, size_t size);

}  // namespace poolcheck::isolation::detail
