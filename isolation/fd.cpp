#include "isolation/fd.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>
#include <system_error>

namespace poolcheck::isolation::detail {

void UniqueFd::reset(int fd) {
  // No retry on EINTR: Linux releases the descriptor even then, and a retry could close someone else's.
  if (fd_ >= 0) ::close(fd_);
  fd_ = fd;
}

void set_nonblocking(int fd) {
  int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
    throw std::system_error(errno, std::generic_category(), "fcntl(O_NONBLOCK)");
}

ssize_t read_retrying(int fd, void* buffer, size_t size) {
  ssize_t n;
  do n = ::read(fd, buffer, size);
  while (n < 0 && errno == EINTR);
  return n;
}

ssize_t write_without_sigpipe(int fd, const void* data, size_t size) {
  sigset_t sigpipe_only, previous;
  sigemptyset(&sigpipe_only);
  sigaddset(&sigpipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &sigpipe_only, &previous);
  // A SIGPIPE already pending belongs to someone else: leave it for them.
  sigset_t pending;
  sigpending(&pending);
  bool was_pending = sigismember(&pending, SIGPIPE) == 1;

  ssize_t n;
  do n = ::write(fd, data, size);
  while (n < 0 && errno == EINTR);
  int saved_errno = errno;

  if (n < 0 && saved_errno == EPIPE && !was_pending) {
    const timespec no_wait{};
    while (sigtimedwait(&sigpipe_only, nullptr, &no_wait) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  errno = saved_errno;
  return n;
}

ssize_t send_without_sigpipe(int fd, const void* data, size_t size) {
  ssize_t n;
  do n = ::send(fd, data, size, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  return n;
}

}  // namespace poolcheck::isolation::detail
