#include "isolation/frame.h"

#include <sys/uio.h>

#include <algorithm>
#include <cerrno>
#include <utility>

#include "isolation/fd.h"

namespace poolcheck::isolation::detail {
namespace {

void put_length(uint64_t length, unsigned char* out) {
  for (size_t i = 0; i < kFrameHeaderBytes; ++i) out[i] = static_cast<unsigned char>(length >> (8 * i));
}

uint64_t get_length(const unsigned char* in) {
  uint64_t length = 0;
  for (size_t i = 0; i < kFrameHeaderBytes; ++i) length |= uint64_t{in[i]} << (8 * i);
  return length;
}

constexpr size_t kKeptRoomBytes = size_t{1} << 20;

}  // namespace

std::string encode_frame(std::string_view payload) {
  std::string frame(kFrameHeaderBytes + payload.size(), '\0');
  put_length(payload.size(), reinterpret_cast<unsigned char*>(frame.data()));
  std::copy(payload.begin(), payload.end(), frame.begin() + kFrameHeaderBytes);
  return frame;
}

bool FrameReader::frame_held() {
  if (held() < kFrameHeaderBytes) return false;
  announced_ = get_length(reinterpret_cast<const unsigned char*>(buffer_.data() + start_));
  return announced_ <= max_payload_ && held() - kFrameHeaderBytes >= announced_;
}

FrameReader::Status FrameReader::read_from(int fd) {
  constexpr size_t kReadBytes = 64 * 1024;
  for (;;) {
    if (frame_held()) return Status::Complete;
    if (held() >= kFrameHeaderBytes && announced_ > max_payload_) return Status::TooLarge;
    // Taken bytes go before the next read, so the buffer holds at most one partial frame and what follows it.
    if (start_ > 0) {
      std::copy(buffer_.begin() + static_cast<std::ptrdiff_t>(start_),
                buffer_.begin() + static_cast<std::ptrdiff_t>(end_), buffer_.begin());
      end_ -= start_;
      start_ = 0;
    }
    // Room for the frame's missing bytes once its header says how many, grown as they arrive rather than trusting
    // the announced size up front; otherwise (and at least) one pipe's worth. The room is kept for the next frames.
    size_t want = kReadBytes;
    if (held() >= kFrameHeaderBytes) {
      const uint64_t missing = kFrameHeaderBytes + announced_ - held();
      want = static_cast<size_t>(std::clamp<uint64_t>(missing, kReadBytes, std::max<size_t>(held(), kReadBytes)));
    }
    if (buffer_.size() < end_ + want) buffer_.resize(end_ + want);
    const ssize_t n = read_retrying(fd, buffer_.data() + end_, want);
    if (n > 0) end_ += static_cast<size_t>(n);
    if (n == 0) return Status::EndOfFile;
    if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK ? Status::Partial : Status::Failed;
    // A short read emptied the pipe: asking again would only find it empty.
    if (static_cast<size_t>(n) < want && !frame_held()) {
      if (held() >= kFrameHeaderBytes && announced_ > max_payload_) return Status::TooLarge;
      return Status::Partial;
    }
  }
}

std::string FrameReader::take_payload() {
  std::string payload(buffer_.data() + start_ + kFrameHeaderBytes, static_cast<size_t>(announced_));
  start_ += kFrameHeaderBytes + static_cast<size_t>(announced_);
  if (start_ == end_) {
    start_ = end_ = 0;
    if (buffer_.size() > kKeptRoomBytes) std::string().swap(buffer_);  // a huge answer's room is not kept
  }
  announced_ = 0;
  return payload;
}

bool write_frame_blocking(int fd, std::string_view payload) {
  if (payload.size() > kMaxFramePayload) {
    errno = EMSGSIZE;
    return false;
  }
  unsigned char header[kFrameHeaderBytes];
  put_length(payload.size(), header);
  // One writev for header and payload: no copy of a large payload, and a small frame leaves in one piece.
  iovec parts[2] = {{header, sizeof header}, {const_cast<char*>(payload.data()), payload.size()}};
  size_t total = sizeof header + payload.size();
  size_t done = 0;
  while (done < total) {
    ssize_t n = ::writev(fd, parts, 2);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<size_t>(n);
    for (iovec& part : parts) {
      size_t step = std::min(part.iov_len, static_cast<size_t>(n));
      part.iov_base = static_cast<char*>(part.iov_base) + step;
      part.iov_len -= step;
      n -= static_cast<ssize_t>(step);
    }
  }
  return true;
}

}  // namespace poolcheck::isolation::detail
