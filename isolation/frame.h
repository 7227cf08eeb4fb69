// The wire format between pool and worker: every message is a 4-byte little-endian payload length, then the
// payload. The worker's first message is a handshake (ready, or its init error).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace poolcheck::isolation::detail {

inline constexpr size_t kFrameHeaderBytes = 4;
inline constexpr uint64_t kMaxFramePayload = 0xFFFFFFFFu;

// Distinctive texts, so a program that is not a serve() worker is recognised rather than misread.
inline constexpr std::string_view kHandshakeReady = "poolcheck-isolation ready v2";
inline constexpr std::string_view kHandshakeInitError = "poolcheck-isolation init-error v1\n";

// Header followed by payload, ready to write. The payload must not exceed kMaxFramePayload.
std::string encode_frame(std::string_view payload);

// Reads one frame at a time from a non-blocking descriptor, and never past that frame's end, so the bytes that
// follow stay in the pipe.
class FrameReader {
 public:
  enum class Status { Partial, Complete, EndOfFile, TooLarge, Failed };

  explicit FrameReader(uint64_t max_payload) : max_payload_(max_payload) {}
  void set_max_payload(uint64_t max_payload) { max_payload_ = max_payload; }

  // Reads until the frame is complete or the descriptor has nothing more (Partial). Failed leaves errno set.
  // EndOfFile, TooLarge and Failed are final for this descriptor.
  Status read_from(int fd);
  std::string take_payload();                             // after Complete; the reader is then ready for the next frame
  uint64_t announced_size() const { return announced_; }  // after TooLarge: what the header claimed
  bool mid_frame() const { return header_bytes_ > 0; }

 private:
  uint64_t max_payload_;
  unsigned char header_[kFrameHeaderBytes] = {};
  size_t header_bytes_ = 0;
  uint64_t announced_ = 0;
  std::string payload_;
  size_t payload_bytes_ = 0;
  bool complete_ = false;
};

// Blocking frame I/O for the worker side (EINTR-safe).
enum class BlockingRead { Frame, EndOfFile, Truncated, Failed };
BlockingRead read_frame_blocking(int fd, std::string& payload);
bool write_frame_blocking(int fd, std::string_view payload);

}  // namespace poolcheck::isolation::detail
