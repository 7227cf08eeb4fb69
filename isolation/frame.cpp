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

// Reads exactly `size` bytes, blocking. Returns the bytes read before EOF (== size on success), or -1 on error.
ssize_t read_fully(int fd, char* buffer, size_t size) {
  size_t done = 0;
  while (done < size) {
    ssize_t n = read_retrying(fd, buffer + done, size - done);
    if (n < 0) return -1;
    if (n == 0) break;
    done += static_cast<size_t>(n);
  }
  return static_cast<ssize_t>(done);
}

}  // namespace

std::string encode_frame(std::string_view payload) {
  std::string frame(kFrameHeaderBytes + payload.size(), '\0');
  put_length(payload.size(), reinterpret_cast<unsigned char*>(frame.data()));
  std::copy(payload.begin(), payload.end(), frame.begin() + kFrameHeaderBytes);
  return frame;
}

FrameReader::Status FrameReader::read_from(int fd) {
  while (!complete_) {
    if (header_bytes_ < kFrameHeaderBytes) {
      ssize_t n = read_retrying(fd, header_ + header_bytes_, kFrameHeaderBytes - header_bytes_);
      if (n == 0) return Status::EndOfFile;
      if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK ? Status::Partial : Status::Failed;
      header_bytes_ += static_cast<size_t>(n);
      if (header_bytes_ < kFrameHeaderBytes) continue;
      announced_ = get_length(header_);
      if (announced_ > max_payload_) return Status::TooLarge;
      payload_.clear();
      payload_bytes_ = 0;
      complete_ = announced_ == 0;
      continue;
    }
    // Grow as the bytes arrive rather than trusting the announced size up front.
    if (payload_.size() == payload_bytes_) {
      size_t grown = std::max<size_t>(payload_bytes_ * 2, 64 * 1024);
      payload_.resize(static_cast<size_t>(std::min<uint64_t>(announced_, grown)));
    }
    ssize_t n = read_retrying(fd, payload_.data() + payload_bytes_, payload_.size() - payload_bytes_);
    if (n == 0) return Status::EndOfFile;
    if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK ? Status::Partial : Status::Failed;
    payload_bytes_ += static_cast<size_t>(n);
    complete_ = payload_bytes_ == announced_;
  }
  return Status::Complete;
}

std::string FrameReader::take_payload() {
  payload_.resize(payload_bytes_);
  std::string payload = std::move(payload_);
  payload_ = std::string();
  payload_bytes_ = 0;
  header_bytes_ = 0;
  announced_ = 0;
  complete_ = false;
  return payload;
}

BlockingRead read_frame_blocking(int fd, std::string& payload) {
  unsigned char header[kFrameHeaderBytes];
  ssize_t n = read_fully(fd, reinterpret_cast<char*>(header), sizeof header);
  if (n < 0) return BlockingRead::Failed;
  if (n == 0) return BlockingRead::EndOfFile;
  if (static_cast<size_t>(n) < sizeof header) return BlockingRead::Truncated;
  payload.resize(static_cast<size_t>(get_length(header)));
  n = read_fully(fd, payload.data(), payload.size());
  if (n < 0) return BlockingRead::Failed;
  return static_cast<size_t>(n) == payload.size() ? BlockingRead::Frame : BlockingRead::Truncated;
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
