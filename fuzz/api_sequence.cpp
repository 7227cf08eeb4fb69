#include "fuzz/api_sequence.h"

#include <array>
#include <map>
#include <memory>
#include <string>

#include "acl/acl.h"
#include "case/numeric.h"
#include "fuzz/byte_reader.h"
#include "fuzz/fuzz_checks.h"
#include "fuzz/raw_ops.h"
#include "harness/device_tensor.h"
#include "harness/op_adapter.h"
#include "poolcheck_emu/emu.h"

namespace poolcheck::fuzz {

namespace {

constexpr size_t kMaxActions = 24;
const std::array kOps{
#define POOLCHECK_OPERATOR(token, aclnn) #token,
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
};

// One planned call of a known-good case and everything it owns.
struct Slot {
  std::string op;
  std::vector<void*> mem;           // per tensor, nullptr once freed
  std::vector<aclTensor*> tensors;  // nullptr once destroyed
  std::vector<aclIntArray*> arrays;
  aclOpExecutor* exec = nullptr;   // live executor, or nullptr
  aclOpExecutor* stale = nullptr;  // an executor already consumed, for reuse attempts
  uint64_t ws = 0;
  bool intact = true;       // every tensor and allocation the execute phase uses still alive
  bool self_gone = false;   // `self` (shape only, never read by the execute phase) freed or destroyed
  uint64_t gone_at = 0;     // creations counted when something the execute phase uses went away
  uint64_t planned_at = 0;  // creations counted once this slot's tensors and memory were made
  bool clobbered = false;   // another slot's call ran on a freed address that may be this slot's memory
};

class Sequence {
 public:
  explicit Sequence(ByteReader& r) : r_(r) {}

  void run() {
    for (size_t i = 0; i < kMaxActions && r_.remaining() > 0; ++i) step(r_.u8() % 14);
  }

  // Back to a usable runtime, everything released; returns the op to re-check with.
  std::string finish() {
    if (!initialized_) expect_acl("aclInit", aclInit(nullptr), true);
    if (device_ != 0) expect_acl("aclrtSetDevice", aclrtSetDevice(0), true);
    for (auto& s : slots_) release(s);
    return last_op_;
  }

  void set_context(std::string ctx) { ctx_ = std::move(ctx); }

 private:
  bool runtime_ok() const { return initialized_ && device_ == 0; }

  void expect_acl(const char* what, int32_t st, bool must_succeed) {
    if (!documented_acl_status(st))
      finding(std::string(what) + " returned undocumented " + std::to_string(st), ctx_ + trace_);
    if (must_succeed && st != 0)
      finding(std::string(what) + " failed with " + std::to_string(st) + " where it must succeed", ctx_ + trace_);
  }
  void expect_aclnn(const char* what, int32_t st, bool should_succeed) {
    if (!documented_aclnn_status(st))
      finding(std::string(what) + " returned undocumented " + std::to_string(st), ctx_ + trace_);
    if (should_succeed != (st == 0))
      finding(std::string(what) + (st == 0 ? " succeeded where it must fail"
                                           : " failed with " + std::to_string(st) + " where it must succeed"),
              ctx_ + trace_);
  }

  void plan(Slot& s) {
    release(s);
    s = Slot{};
    s.op = last_op_ = kOps[r_.u8() % kOps.size()];
    const Case& c = known_good_case(s.op);
    pcEmuSetPlatform(c.platform.c_str());
    pcEmuSetKnobs(c.cores, c.ub_bytes);
    const HostValues values = find_adapter(s.op)->make_inputs(c);
    RawArgs x;
    for (const auto& [name, t] : c.tensors) {
      const int64_t n = element_count(t.shape).value_or(0), esize = dtype_size(t.dtype);
      std::vector<uint8_t> host(static_cast<size_t>(std::max<int64_t>(1, n * esize)), 0xCD);
      if (const auto it = values.find(name); it != values.end())
        for (int64_t i = 0; i < n; ++i) encode(t.dtype, it->second[static_cast<size_t>(i)], host.data() + i * esize);
      void* dev = nullptr;
      expect_acl("aclrtMalloc", aclrtMalloc(&dev, host.size(), ACL_MEM_MALLOC_HUGE_FIRST), false);
      s.intact = s.intact && dev;
      if (dev) aclrtMemcpy(dev, host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
      const auto strides = contiguous_strides(t.shape);
      s.mem.push_back(dev);
      s.tensors.push_back(aclCreateTensor(t.shape.data(), t.shape.size(), to_acl(t.dtype), strides.data(), 0,
                                          to_acl(t.format), t.shape.data(), t.shape.size(), dev));
      x.t.push_back(s.tensors.back());
    }
    for (const auto& [name, a] : c.arrays) {
      s.arrays.push_back(aclCreateIntArray(a.values.data(), a.values.size()));
      x.a.push_back(s.arrays.back());
    }
    x.b0 = c.scalar("ceilMode").value_or(0) != 0;
    x.b1 = c.scalar("countIncludePad").value_or(0) != 0;
    x.i0 = c.scalar("divisorOverride").value_or(0);
    x.i1 = static_cast<int8_t>(c.scalar("cubeMathType").value_or(0));
    ++created_;
    s.planned_at = created_;
    expect_aclnn("GetWorkspaceSize", raw_op(s.op).plan(x, &s.ws, &s.exec), runtime_ok() && s.intact);
  }

  // Executes the slot's executor (or its stale one, or null) with a workspace of `ws_bytes` (or none).
  void execute(Slot& s, bool stale, bool give_workspace, uint64_t ws_bytes, aclrtStream stream, bool stream_ok) {
    if (s.op.empty()) return;
    if (stale && !stale_usable(s)) return;
    aclOpExecutor* e = stale ? s.stale : s.exec;
    void* workspace = nullptr;
    if (give_workspace && ws_bytes > 0)
      expect_acl("aclrtMalloc", aclrtMalloc(&workspace, ws_bytes, ACL_MEM_MALLOC_HUGE_FIRST), false);
    const bool ws_ok = ws_bytes >= s.ws && (s.ws == 0 || workspace);
    if (workspace) ++created_;
    const bool rest_ok = e && !stale && runtime_ok() && ws_ok && stream_ok;
    const bool ok = rest_ok && s.intact;
    // Either outcome is right when the call may run or be refused: without `self` (nothing it touches is
    // gone), when another slot's call may have written into this slot's memory (its indices may no longer
    // be valid), or when freed memory or a destroyed tensor's address may since belong to a new one.
    const bool either = rest_ok && (s.intact ? s.self_gone || s.clobbered : created_ > s.gone_at);
    const int32_t st = raw_op(s.op).execute(workspace, ws_bytes, e, stream);
    // A call that may have run on a freed address may have written into whatever now owns it: the memory
    // of any slot planned since (its gradInput landing on another slot's indices fails that slot's check).
    if (rest_ok && !s.intact && created_ > s.gone_at)
      for (auto& other : slots_)
        if (&other != &s && other.planned_at > s.gone_at) other.clobbered = true;
    if (either && !documented_aclnn_status(st))
      finding("execute returned undocumented " + std::to_string(st), ctx_ + trace_);
    else if (!either)
      expect_aclnn("execute", st, ok);
    if (workspace) aclrtFree(workspace);
    if (e && !stale && runtime_ok()) {  // single use: consumed by any call the runtime accepts, even a failing one
      s.stale = s.exec;
      s.exec = nullptr;
    }
  }

  // Tensor `i` (in the case's order) of the slot is gone.
  void mark_gone(Slot& s, ptrdiff_t i) const {
    const Case& c = known_good_case(s.op);
    if (c.tensors[static_cast<size_t>(i)].first == find_adapter(s.op)->arguments.forward_input) {
      s.self_gone = true;
    } else if (s.intact) {
      s.intact = false;
      s.gone_at = created_;
    }
  }

  void release(Slot& s) {
    if (s.exec) expect_aclnn("aclDestroyAclOpExecutor", aclDestroyAclOpExecutor(s.exec), true);
    for (auto* t : s.tensors)
      if (t) expect_aclnn("aclDestroyTensor", aclDestroyTensor(t), true);
    for (auto* a : s.arrays) expect_aclnn("aclDestroyIntArray", aclDestroyIntArray(a), true);
    for (void* m : s.mem)
      if (m) expect_acl("aclrtFree", aclrtFree(m), true);
    s = Slot{};
  }

  void step(uint8_t action) {
    const size_t slot_index = r_.u8() % slots_.size();
    Slot& s = slots_[slot_index];
    // Appended: GCC 12 at -O3 reports a false -Wrestrict in " " + std::string.
    trace_.append(" ").append(std::to_string(action)).append("@").append(std::to_string(slot_index));
    switch (action) {
      case 0:
      case 1:
        plan(s);
        break;
      case 2:  // the right workspace on the default stream
        execute(s, false, true, s.ws, nullptr, true);
        break;
      case 3: {  // a workspace too small by 1..256 bytes, or none at all
        const bool give = r_.flag();
        const uint64_t short_by = 1 + r_.u8();
        execute(s, false, give, s.ws - std::min(s.ws, short_by), nullptr, true);
        break;
      }
      case 4:  // reuse: the consumed executor again
        execute(s, true, true, s.ws, nullptr, true);
        break;
      case 5:  // a stream that is not (or no longer) a stream
        execute(s, false, true, s.ws, r_.flag() ? static_cast<aclrtStream>(&s) : dead_stream(), false);
        break;
      case 6:  // destroy the executor, then destroy it again
        if (s.exec) {
          expect_aclnn("aclDestroyAclOpExecutor", aclDestroyAclOpExecutor(s.exec), true);
          s.stale = s.exec;
          s.exec = nullptr;
        }
        if (stale_usable(s)) expect_aclnn("aclDestroyAclOpExecutor (twice)", aclDestroyAclOpExecutor(s.stale), false);
        break;
      case 7:  // free one tensor's device memory between the phases, then free it again
        if (!s.mem.empty()) {
          void*& m = s.mem[r_.u8() % s.mem.size()];
          if (m) {
            expect_acl("aclrtFree", aclrtFree(m), true);
            const int32_t again = aclrtFree(m);
            expect_acl("aclrtFree (twice)", again, false);
            if (again == 0) finding("freeing device memory twice succeeded", ctx_ + trace_);
            mark_gone(s, &m - s.mem.data());
            m = nullptr;
          }
        }
        break;
      case 8:  // destroy one aclTensor between the phases, then again
        if (!s.tensors.empty()) {
          aclTensor*& t = s.tensors[r_.u8() % s.tensors.size()];
          if (t) {
            expect_aclnn("aclDestroyTensor", aclDestroyTensor(t), true);
            expect_aclnn("aclDestroyTensor (twice)", aclDestroyTensor(t), false);
            mark_gone(s, &t - s.tensors.data());
            t = nullptr;
          }
        }
        break;
      case 9:
        expect_acl("aclFinalize", aclFinalize(), false);
        initialized_ = false;
        device_ = -1;
        break;
      case 10:
        expect_acl("aclInit", aclInit(nullptr), false);
        initialized_ = true;
        break;
      case 11: {
        const int32_t dev = r_.u8() % 3;
        const int32_t st = aclrtSetDevice(dev);
        expect_acl("aclrtSetDevice", st, false);
        if (st == 0) device_ = dev;
        if ((st == 0) != (initialized_ && dev == 0))
          finding("aclrtSetDevice status disagrees with the state", ctx_ + trace_);
        break;
      }
      case 12:
        if (aclrtResetDevice(0) == 0) device_ = -1;
        break;
      case 13:  // execute without a plan: a null executor
        if (!s.op.empty())
          expect_aclnn("execute (null executor)", raw_op(s.op).execute(nullptr, 0, nullptr, nullptr), false);
        break;
    }
  }

  aclrtStream dead_stream() {
    aclrtStream st = nullptr;
    if (aclrtCreateStream(&st) != 0) return reinterpret_cast<aclrtStream>(&dead_marker_);
    aclrtDestroyStream(st);
    return st;
  }

  // A consumed executor may be retried unless its address now belongs to a live one (the allocator reuses it).
  bool stale_usable(const Slot& s) const {
    if (!s.stale) return false;
    for (const auto& other : slots_)
      if (other.exec == s.stale) return false;
    return true;
  }

  ByteReader& r_;
  std::array<Slot, 2> slots_{};
  bool initialized_ = true;
  int32_t device_ = 0;
  std::string last_op_ = kOps[0];
  std::string ctx_;
  uint64_t created_ = 0;  // plans and workspaces made: freed addresses may be handed out again after one
  std::string trace_ = "; actions (action@slot):";  // appended to every finding
  int dead_marker_ = 0;
};

}  // namespace

void fuzz_api_sequence(const uint8_t* data, size_t size) {
  const int64_t live_before = pcEmuLiveAllocations();
  ByteReader r(data, size);
  Sequence seq(r);
  seq.set_context("api_sequence input of " + std::to_string(size) + " bytes (replay the file)");
  seq.run();
  const std::string op = seq.finish();
  check_library_usable(op, live_before, "api_sequence input of " + std::to_string(size) + " bytes");
}

}  // namespace poolcheck::fuzz
