#include "isolation/serve.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "isolation/fd.h"
#include "isolation/frame.h"
#include "isolation/served_mark.h"

namespace poolcheck::isolation {
namespace {

bool dup2_retrying(int from, int to) {
  while (::dup2(from, to) < 0) {
    if (errno != EINTR) return false;
  }
  return true;
}

// Moves stdin/stdout (the protocol) to private close-on-exec descriptors, then makes fd 1 a copy of fd 2 and
// fd 0 /dev/null. Returns false (with a message on stderr) if that fails.
bool take_protocol_fds(detail::UniqueFd& requests, detail::UniqueFd& answers) {
  requests = detail::UniqueFd(::fcntl(0, F_DUPFD_CLOEXEC, 3));
  answers = detail::UniqueFd(::fcntl(1, F_DUPFD_CLOEXEC, 3));
  if (!requests || !answers) {
    std::fprintf(stderr, "poolcheck isolation worker: cannot move the protocol descriptors: %s\n",
                 std::strerror(errno));
    return false;
  }
  detail::UniqueFd null_input(::open("/dev/null", O_RDONLY | O_CLOEXEC));
  if (!dup2_retrying(2, 1) || !null_input || !dup2_retrying(null_input.get(), 0)) {
    std::fprintf(stderr, "poolcheck isolation worker: cannot redirect stdin/stdout: %s\n", std::strerror(errno));
    return false;
  }
  // Text a program buffered for stdout before calling serve() is flushed only now, into the log, not the protocol.
  std::fflush(stdout);
  // stdout now ends in the pool's log: line buffering keeps the lines printed just before a crash.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  return true;
}

// One write: atomic in a pipe, so a line another thread writes meanwhile cannot split it. Best effort: a handler
// that closed or redirected stderr has no log left to attribute.
void write_served_mark() {
  while (::write(2, detail::kServedMark.data(), detail::kServedMark.size()) < 0 && errno == EINTR) {
  }
}

}  // namespace

int serve(const std::function<std::string()>& init, const std::function<std::string(const std::string&)>& handler) {
  detail::UniqueFd requests, answers;
  if (!take_protocol_fds(requests, answers)) return 2;

  std::string init_error = init ? init() : std::string();
  if (init_error.empty() && !handler) init_error = "serve() was given no request handler";
  std::fflush(stdout);
  if (!init_error.empty()) {
    detail::write_frame_blocking(answers.get(), std::string(detail::kHandshakeInitError) + init_error);
    return 2;
  }
  if (!detail::write_frame_blocking(answers.get(), detail::kHandshakeReady)) return 1;

  // Requests are read blocking: a descriptor inherited non-blocking would make the wait below a busy loop.
  if (const int flags = ::fcntl(requests.get(), F_GETFL); flags >= 0 && (flags & O_NONBLOCK))
    ::fcntl(requests.get(), F_SETFL, flags & ~O_NONBLOCK);
  detail::FrameReader reader(detail::kMaxFramePayload);
  for (;;) {
    detail::FrameReader::Status status;
    while ((status = reader.read_from(requests.get())) == detail::FrameReader::Status::Partial) {
    }
    if (status == detail::FrameReader::Status::EndOfFile) return reader.mid_frame() ? 1 : 0;
    if (status != detail::FrameReader::Status::Complete) return 1;
    const std::string request = reader.take_payload();
    std::string response = handler(request);
    std::fflush(stdout);
    write_served_mark();  // before the answer: every line of this request is then ahead of the mark
    if (!detail::write_frame_blocking(answers.get(), response)) return 1;
  }
}

}  // namespace poolcheck::isolation
