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

// Reads frames from a descriptor, many per read(): the bytes past a frame's end stay in this reader for the next
// call, so one reader serves a descriptor for its whole life. With pipelined requests several answers often wait in
// the pipe; reading them one syscall at a time (header, payload, then EAGAIN) cost more than handling them.
class FrameReader {
 public:
  enum class Status { Partial, Complete, EndOfFile, TooLarge, Failed };

  explicit FrameReader(uint64_t max_payload) : max_payload_(max_payload) {}
  void set_max_payload(uint64_t max_payload) { max_payload_ = max_payload; }

  // Complete when a whole frame is held (then without reading); otherwise reads until one is, or until a read
  // comes back short or finds nothing (Partial: the pipe was empty then; on a blocking descriptor call again).
  // Failed leaves errno set. EndOfFile, TooLarge and Failed are final for this descriptor.
  Status read_from(int fd);
  std::string take_payload();                             // after Complete; the reader is then ready for the next frame
  uint64_t announced_size() const { return announced_; }  // after TooLarge: what the header claimed
  bool mid_frame() const { return held() > 0; }

 private:
  size_t held() const { return end_ - start_; }
  // Whether the held bytes hold a whole frame; sets announced_ once the header is in.
  bool frame_held();

  uint64_t max_payload_;
  std::string buffer_;  // its size is the room to read into; bytes read and not taken: [start_, end_)
  size_t start_ = 0, end_ = 0;
  uint64_t announced_ = 0;
};

// Blocking frame output for the worker side (EINTR-safe); the worker reads with a FrameReader on a blocking
// descriptor.
bool write_frame_blocking(int fd, std::string_view payload);

}  // namespace poolcheck::isolation::detail
