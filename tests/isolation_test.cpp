// WorkerPool against a real worker process (isolation_test_worker): answers, crashes, hangs, big frames, stderr
// handling, start-up failures and process hygiene. Each test states the outcome it expects. ctest runs them at
// the default depth and again with ISOLATION_TEST_DEPTH=1 (one request per worker, no queue).
#include <errno.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "isolation/frame.h"
#include "isolation/line_log.h"
#include "isolation/worker_pool.h"

#ifndef ISOLATION_TEST_WORKER
#error "ISOLATION_TEST_WORKER must be the path of the isolation_test_worker executable"
#endif

namespace poolcheck::isolation {
// Readable enum values in gtest's failure messages.
void PrintTo(CompletionKind kind, std::ostream* out) { *out << completion_kind_name(kind); }
}  // namespace poolcheck::isolation

namespace {

using namespace poolcheck::isolation;
using Env = std::vector<std::pair<std::string, std::string>>;

WorkerCommand test_worker(Env env = {}) { return {ISOLATION_TEST_WORKER, {}, std::move(env)}; }

PoolOptions pool_options(int workers = 1) {
  PoolOptions options;
  options.workers = workers;
  options.startup_timeout = 10;
  if (const char* depth = std::getenv("ISOLATION_TEST_DEPTH")) options.depth = std::atoi(depth);
  return options;
}

Completion run(WorkerPool& pool, const std::string& request, double timeout_seconds = 10) {
  uint64_t ticket = pool.submit(request, timeout_seconds);
  Completion completion = pool.wait();
  EXPECT_EQ(completion.ticket, ticket);
  return completion;
}

bool has_substring(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

int count_of(const std::vector<std::string>& lines, const std::string& wanted) {
  return static_cast<int>(std::count(lines.begin(), lines.end(), wanted));
}

// Reaped (no longer our child, not even a zombie) and no process with that id exists.
bool reaped_and_gone(int pid) {
  int status;
  bool not_our_child = ::waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD;
  bool no_process = ::kill(pid, 0) == -1 && errno == ESRCH;
  return not_our_child && no_process;
}

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "isolation_" + std::to_string(::getpid()) + "_" + name;
}

std::string constructor_error(const WorkerCommand& command, const PoolOptions& options) {
  try {
    WorkerPool pool(command, options);
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  ADD_FAILURE() << "expected the constructor to throw std::runtime_error";
  return "";
}

std::string invalid_argument_text(const std::function<void()>& action) {
  try {
    action();
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  ADD_FAILURE() << "expected std::invalid_argument";
  return "";
}

// The worker's checksum for "size:" requests.
uint64_t fnv1a(const std::string& text) {
  uint64_t hash = 1469598103934665603ull;
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
  return hash;
}

// --- Answers ---

TEST(IsolationPool, EchoRoundTripAnswersOk) {
  WorkerPool pool(test_worker(), pool_options());
  Completion completion = run(pool, "echo:hello");
  EXPECT_EQ(completion.kind, CompletionKind::Ok) << completion.describe();
  EXPECT_EQ(completion.response, "hello");
  EXPECT_TRUE(completion.log_tail.empty());
  EXPECT_EQ(completion.pid, pool.pids().at(0));
  EXPECT_EQ(run(pool, "echo:").response, "");  // an empty answer is a valid frame
  EXPECT_EQ(pool.restarts(), 0);
}

TEST(IsolationPool, StdoutNoiseLandsInTheLogAndTheProtocolSurvives) {
  WorkerPool pool(test_worker(), pool_options());
  Completion noisy = run(pool, "stdout:backend chatter on stdout");
  EXPECT_EQ(noisy.kind, CompletionKind::Ok) << noisy.describe();
  EXPECT_EQ(noisy.response, "ok");
  // Once through printf, once through write(1, ...): both reached stderr, not the protocol.
  EXPECT_EQ(count_of(noisy.log_tail, "backend chatter on stdout"), 2);
  EXPECT_EQ(run(pool, "echo:still in sync").response, "still in sync");
}

TEST(IsolationPool, EightMegabyteRequestAndResponse) {
  WorkerPool pool(test_worker(), pool_options());
  std::string payload(8 << 20, '\0');
  std::mt19937 random(7);
  for (char& c : payload) c = static_cast<char>(random());

  Completion sized = run(pool, "size:" + payload);
  ASSERT_EQ(sized.kind, CompletionKind::Ok) << sized.describe();
  EXPECT_EQ(sized.response, std::to_string(payload.size()) + " " + std::to_string(fnv1a(payload)));

  Completion echoed = run(pool, "echo:" + payload);  // 8 MB in both directions at once
  ASSERT_EQ(echoed.kind, CompletionKind::Ok) << echoed.describe();
  EXPECT_TRUE(echoed.response == payload) << "echo of " << echoed.response.size() << " bytes differs";

  Completion big = run(pool, "big:" + std::to_string(8 << 20));
  ASSERT_EQ(big.kind, CompletionKind::Ok) << big.describe();
  ASSERT_EQ(big.response.size(), size_t{8} << 20);
  bool pattern_intact = true;
  for (size_t i = 0; i < big.response.size(); ++i) pattern_intact &= big.response[i] == static_cast<char>('a' + i % 26);
  EXPECT_TRUE(pattern_intact);
}

// --- Crashes and timeouts ---

TEST(IsolationPool, SegvIsCrashedBySigsegvWithTheLineWrittenJustBefore) {
  WorkerPool pool(test_worker(), pool_options());
  Completion crash = run(pool, "segv:about to touch a PROT_NONE page");
  EXPECT_EQ(crash.kind, CompletionKind::Crashed) << crash.describe();
  EXPECT_EQ(crash.signal, SIGSEGV);
  EXPECT_EQ(crash.exit_status, -1);
  EXPECT_EQ(crash.describe(), "killed by signal 11 (SIGSEGV)");
  ASSERT_FALSE(crash.log_tail.empty());
  EXPECT_EQ(crash.log_tail.back(), "about to touch a PROT_NONE page");
  // The pool kept its size: a fresh worker answers the next request.
  EXPECT_EQ(pool.restarts(), 1);
  EXPECT_EQ(pool.workers(), 1);
  EXPECT_EQ(pool.idle(), 1);
  EXPECT_EQ(run(pool, "echo:after the crash").response, "after the crash");
}

TEST(IsolationPool, AbortIsCrashedBySigabrt) {
  WorkerPool pool(test_worker(), pool_options());
  Completion crash = run(pool, "abort:giving up");
  EXPECT_EQ(crash.kind, CompletionKind::Crashed) << crash.describe();
  EXPECT_EQ(crash.signal, SIGABRT);
  EXPECT_EQ(crash.describe(), "killed by signal 6 (SIGABRT)");
  EXPECT_EQ(count_of(crash.log_tail, "giving up"), 1);
}

TEST(IsolationPool, ExitBeforeAnsweringIsCrashedWithTheStatus) {
  WorkerPool pool(test_worker(), pool_options());
  Completion three = run(pool, "exit:3");
  EXPECT_EQ(three.kind, CompletionKind::Crashed) << three.describe();
  EXPECT_EQ(three.exit_status, 3);
  EXPECT_EQ(three.signal, 0);
  EXPECT_EQ(three.describe(), "exited with status 3 before answering");
  // Exiting cleanly without an answer is a crash too.
  Completion zero = run(pool, "exit:0");
  EXPECT_EQ(zero.kind, CompletionKind::Crashed) << zero.describe();
  EXPECT_EQ(zero.exit_status, 0);
  EXPECT_EQ(pool.restarts(), 2);
}

TEST(IsolationPool, HangTimesOutAndTheReplacementServesTheNextRequest) {
  WorkerPool pool(test_worker(), pool_options());
  int hung_pid = pool.pids().at(0);
  Completion late = run(pool, "hang", 0.3);
  EXPECT_EQ(late.kind, CompletionKind::TimedOut) << late.describe();
  EXPECT_GE(late.seconds, 0.3);
  EXPECT_EQ(late.timeout_seconds, 0.3);
  const std::string text = late.describe(), prefix = "timed out after ", suffix = " s (limit 0.30 s)";
  ASSERT_TRUE(text.starts_with(prefix) && text.ends_with(suffix)) << text;
  EXPECT_GE(std::stod(text.substr(prefix.size())), 0.3) << text;
  EXPECT_TRUE(reaped_and_gone(hung_pid)) << "the hung worker must be killed and reaped";
  EXPECT_EQ(pool.restarts(), 1);
  EXPECT_NE(pool.pids().at(0), hung_pid);
  Completion next = run(pool, "echo:next");
  EXPECT_EQ(next.kind, CompletionKind::Ok) << next.describe();
  EXPECT_EQ(next.response, "next");
}

TEST(IsolationPool, WorkerKilledFromOutsideWhileBusyIsCrashedBySigkill) {
  WorkerPool pool(test_worker(), pool_options());
  pool.submit("hang", 10);
  ASSERT_EQ(::kill(pool.pids().at(0), SIGKILL), 0);
  Completion crash = pool.wait();
  EXPECT_EQ(crash.kind, CompletionKind::Crashed) << crash.describe();
  EXPECT_EQ(crash.signal, SIGKILL);
  EXPECT_TRUE(crash.protocol_error.empty()) << crash.protocol_error;
  EXPECT_LT(crash.seconds, 5) << "a death must be noticed at once, not at the 10 s timeout";
}

TEST(IsolationPool, WorkerThatDiedWhileIdleIsReplacedBeforeTheNextRequest) {
  WorkerPool pool(test_worker(), pool_options());
  int pid = pool.pids().at(0);
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  siginfo_t info{};  // wait until it is dead, without reaping it (that is the pool's job)
  ASSERT_EQ(::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT), 0);
  Completion answer = run(pool, "echo:not blamed");
  EXPECT_EQ(answer.kind, CompletionKind::Ok) << answer.describe();
  EXPECT_EQ(answer.response, "not blamed");
  EXPECT_EQ(pool.restarts(), 1);
  EXPECT_TRUE(reaped_and_gone(pid));
}

TEST(IsolationPool, OversizedAnswerIsAProtocolErrorAndTheWorkerIsReplaced) {
  PoolOptions options = pool_options();
  options.max_response_bytes = 1000;
  WorkerPool pool(test_worker(), options);
  Completion refused = run(pool, "big:5000");
  EXPECT_EQ(refused.kind, CompletionKind::Crashed) << refused.describe();
  EXPECT_TRUE(has_substring(refused.protocol_error, "5000 bytes")) << refused.protocol_error;
  EXPECT_TRUE(has_substring(refused.describe(), "max_response_bytes (1000)")) << refused.describe();
  EXPECT_EQ(run(pool, "big:1000").response.size(), 1000u);
}

TEST(IsolationPool, WorkerGoneDuringALargeWriteIsACrashNotASigpipe) {
  // The pool must not rely on the program ignoring SIGPIPE: restore the default (death) for this test.
  struct sigaction default_action {
  }, previous{};
  default_action.sa_handler = SIG_DFL;
  ASSERT_EQ(::sigaction(SIGPIPE, &default_action, &previous), 0);
  {
    WorkerPool pool(test_worker(), pool_options());
    int pid = pool.pids().at(0);
    // Stopped, it reads nothing: the pipe fills and most of the request is still to be written from wait().
    ASSERT_EQ(::kill(pid, SIGSTOP), 0);
    pool.submit("size:" + std::string(16 << 20, 'x'), 10);
    ASSERT_EQ(::kill(pid, SIGKILL), 0);
    siginfo_t info{};
    ASSERT_EQ(::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT), 0);
    Completion crash = pool.wait();
    EXPECT_EQ(crash.kind, CompletionKind::Crashed) << crash.describe();
    EXPECT_EQ(crash.signal, SIGKILL);
  }
  ::sigaction(SIGPIPE, &previous, nullptr);
}

// --- The worker's stderr ---

TEST(IsolationPool, LogTailHoldsOnlyTheLinesOfItsOwnRequest) {
  WorkerPool pool(test_worker(), pool_options());
  Completion logged = run(pool, "log:first request's line");
  EXPECT_EQ(logged.kind, CompletionKind::Ok) << logged.describe();
  EXPECT_EQ(logged.response, "logged");
  EXPECT_EQ(logged.log_tail, std::vector<std::string>{"first request's line"});
  Completion quiet = run(pool, "echo:quiet");
  EXPECT_TRUE(quiet.log_tail.empty()) << quiet.log_tail.front();
  // Many times over, so a line landing in the wrong request (or in none) has its chance to show.
  for (int i = 0; i < 300; ++i) {
    std::string line = "line of request " + std::to_string(i);
    ASSERT_EQ(run(pool, "log:" + line).log_tail, std::vector<std::string>{line});
    ASSERT_EQ(run(pool, "echo:x").log_tail, std::vector<std::string>{});
  }
}

TEST(IsolationPool, StderrFloodIsDrainedWhileWaitingAndOnlyTheLastLinesKept) {
  PoolOptions options = pool_options();
  options.log_tail_lines = 3;
  WorkerPool pool(test_worker(), options);
  // ~2 MB of stderr: far beyond a pipe's buffer, so the worker would block (and time out) if nobody drained it.
  Completion flood = run(pool, "spew:120000");
  EXPECT_EQ(flood.kind, CompletionKind::Ok) << flood.describe();
  EXPECT_EQ(flood.log_tail, (std::vector<std::string>{"spew line 119997", "spew line 119998", "spew line 119999"}));
}

TEST(IsolationPool, OverlongStderrLineIsCut) {
  WorkerPool pool(test_worker(), pool_options());
  Completion completion = run(pool, "longline:100000");
  ASSERT_EQ(completion.log_tail.size(), 1u);
  const std::string& line = completion.log_tail[0];
  EXPECT_EQ(line, std::string(4096, 'x') + " [95904 more bytes cut]");
}

TEST(IsolationPool, ForwardsStderrLinesWhenAsked) {
  PoolOptions options = pool_options();
  options.forward_stderr = true;
  WorkerPool pool(test_worker(), options);
  ::testing::internal::CaptureStderr();
  Completion completion = run(pool, "log:forwarded line");
  std::string ours = ::testing::internal::GetCapturedStderr();
  EXPECT_TRUE(has_substring(ours, "[worker " + std::to_string(completion.pid) + "] forwarded line\n")) << ours;
  EXPECT_EQ(completion.log_tail, std::vector<std::string>{"forwarded line"});
}

// --- Several workers, counts and misuse ---

TEST(IsolationPool, TwoWorkersServeConcurrently) {
  WorkerPool pool(test_worker(), pool_options(2));
  std::string marker = temp_path("rendezvous");
  ::unlink(marker.c_str());
  // The first request can only finish once the second has run: served one after the other, it would time out.
  uint64_t waiting = pool.submit("await:" + marker, 5);
  uint64_t touching = pool.submit("touch:" + marker, 5);
  EXPECT_EQ(pool.idle(), 0);
  EXPECT_EQ(pool.in_flight(), 2);
  std::map<uint64_t, Completion> by_ticket;
  for (int i = 0; i < 2; ++i) {
    Completion completion = pool.wait();
    by_ticket[completion.ticket] = completion;
  }
  ::unlink(marker.c_str());
  ASSERT_EQ(by_ticket.count(waiting), 1u);
  ASSERT_EQ(by_ticket.count(touching), 1u);
  EXPECT_EQ(by_ticket[waiting].kind, CompletionKind::Ok) << by_ticket[waiting].describe();
  EXPECT_EQ(by_ticket[waiting].response, "seen");
  EXPECT_EQ(by_ticket[touching].response, "touched");
  EXPECT_NE(by_ticket[waiting].pid, by_ticket[touching].pid);
  EXPECT_EQ(pool.idle(), 2);
}

TEST(IsolationPool, AnswersAreNotHeldBackByAnotherWorkersRestart) {
  std::string marker = temp_path("slow_init");
  ::unlink(marker.c_str());
  WorkerPool pool(test_worker({{"ISOLATION_TEST_SLOW_INIT_IF_EXISTS", marker}}), pool_options(2));
  int fd = ::open(marker.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
  ASSERT_GE(fd, 0);
  ::close(fd);
  // The crash's replacement takes 0.5 s to start; the echo, answered meanwhile, comes out first.
  uint64_t crashing = pool.submit("segv", 10);
  uint64_t answering = pool.submit("echo:quick", 10);
  Completion first = pool.wait();
  Completion second = pool.wait();
  ::unlink(marker.c_str());
  EXPECT_EQ(first.ticket, answering) << first.describe();
  EXPECT_EQ(second.ticket, crashing);
  EXPECT_EQ(second.kind, CompletionKind::Crashed) << second.describe();
  EXPECT_EQ(pool.workers(), 2);
  EXPECT_EQ(pool.idle(), 2) << "the crash is handed out only once its replacement is ready";
}

TEST(IsolationPool, CountsWorkersIdleAndInFlight) {
  WorkerPool pool(test_worker(), pool_options(2));
  EXPECT_EQ(pool.workers(), 2);
  EXPECT_EQ(pool.idle(), 2);
  EXPECT_EQ(pool.in_flight(), 0);
  EXPECT_EQ(pool.pids().size(), 2u);
  pool.submit("echo:x", 5);
  EXPECT_EQ(pool.idle(), 1);
  EXPECT_EQ(pool.in_flight(), 1);
  pool.wait();
  EXPECT_EQ(pool.idle(), 2);
  EXPECT_EQ(pool.in_flight(), 0);
}

TEST(IsolationPool, SubmitWithNoRoomIsALogicError) {
  PoolOptions options = pool_options();
  WorkerPool pool(test_worker(), options);
  EXPECT_EQ(pool.capacity(), options.depth);
  for (int i = 0; i < options.depth; ++i) pool.submit("hang", 10);
  EXPECT_THROW(pool.submit("echo:x", 1), std::logic_error);
  EXPECT_EQ(pool.in_flight(), options.depth);
}

TEST(IsolationPool, WaitWithNothingInFlightIsALogicError) {
  WorkerPool pool(test_worker(), pool_options());
  EXPECT_THROW(pool.wait(), std::logic_error);
}

TEST(IsolationPool, BadArgumentsAreRejectedNamingTheArgumentAndValue) {
  PoolOptions no_workers = pool_options(0);
  std::string text = invalid_argument_text([&] { WorkerPool pool(test_worker(), no_workers); });
  EXPECT_TRUE(has_substring(text, "workers") && has_substring(text, "got 0")) << text;

  PoolOptions no_startup = pool_options();
  no_startup.startup_timeout = -1;
  text = invalid_argument_text([&] { WorkerPool pool(test_worker(), no_startup); });
  EXPECT_TRUE(has_substring(text, "startup_timeout") && has_substring(text, "got -1")) << text;

  text = invalid_argument_text([&] { WorkerPool pool(WorkerCommand{}, pool_options()); });
  EXPECT_TRUE(has_substring(text, "executable")) << text;

  WorkerPool pool(test_worker(), pool_options());
  for (double timeout : {0.0, -2.0, std::nan("")}) {
    text = invalid_argument_text([&] { pool.submit("echo:x", timeout); });
    EXPECT_TRUE(has_substring(text, "timeout_seconds")) << text;
  }
  EXPECT_TRUE(has_substring(invalid_argument_text([&] { pool.submit("echo:x", -2); }), "got -2"));
  EXPECT_EQ(pool.in_flight(), 0) << "a refused request must not be in flight";
}

// --- Start-up failures ---

TEST(IsolationStartup, InitErrorIsThrownWithItsMessage) {
  std::string text =
      constructor_error(test_worker({{"ISOLATION_TEST_INIT_ERROR", "backend library not loadable"}}), pool_options());
  EXPECT_TRUE(has_substring(text, ISOLATION_TEST_WORKER)) << text;
  EXPECT_TRUE(has_substring(text, "its init failed: backend library not loadable")) << text;
}

TEST(IsolationStartup, MissingExecutableIsNamed) {
  std::string text = constructor_error({"/nonexistent/dir/poolcheck-worker", {}, {}}, pool_options());
  EXPECT_TRUE(has_substring(text, "'/nonexistent/dir/poolcheck-worker'")) << text;
  EXPECT_TRUE(has_substring(text, "not found")) << text;
}

TEST(IsolationStartup, BareNameMissingFromPathIsNamed) {
  std::string text = constructor_error({"poolcheck-no-such-worker", {}, {}}, pool_options());
  EXPECT_TRUE(has_substring(text, "'poolcheck-no-such-worker'") && has_substring(text, "not found in PATH")) << text;
}

TEST(IsolationStartup, NonExecutableFileIsNamed) {
  std::string path = temp_path("not_executable");
  int fd = ::open(path.c_str(), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0644);
  ASSERT_GE(fd, 0);
  ::close(fd);
  std::string text = constructor_error({path, {}, {}}, pool_options());
  ::unlink(path.c_str());
  EXPECT_TRUE(has_substring(text, "'" + path + "'") && has_substring(text, "not executable")) << text;
}

TEST(IsolationStartup, DeathDuringStartupReportsTheSignalAndTheStderrTail) {
  std::string text = constructor_error(test_worker({{"ISOLATION_TEST_INIT_ABORT", "1"}}), pool_options(2));
  EXPECT_TRUE(has_substring(text, "killed by signal 6 (SIGABRT) during start-up")) << text;
  EXPECT_TRUE(has_substring(text, "init is about to abort")) << text;
}

TEST(IsolationStartup, NoHandshakeWithinTheStartupTimeout) {
  PoolOptions options = pool_options();
  options.startup_timeout = 0.3;
  std::string text = constructor_error(test_worker({{"ISOLATION_TEST_INIT_HANG", "1"}}), options);
  EXPECT_TRUE(has_substring(text, "no handshake within 0.30 s")) << text;
}

TEST(IsolationStartup, StdoutWrittenBeforeServeIsNotAHandshake) {
  std::string text = constructor_error(test_worker({{"ISOLATION_TEST_STDOUT_BEFORE_SERVE", "1"}}), pool_options());
  EXPECT_TRUE(has_substring(text, "not a poolcheck isolation handshake")) << text;
}

TEST(IsolationStartup, StdoutBufferedBeforeServeGoesToTheLogNotTheProtocol) {
  PoolOptions options = pool_options();
  options.forward_stderr = true;
  std::string failure, answer;
  ::testing::internal::CaptureStderr();
  try {
    WorkerPool pool(test_worker({{"ISOLATION_TEST_PRINTF_BEFORE_SERVE", "1"}}), options);
    answer = run(pool, "echo:in sync").response;
  } catch (const std::exception& error) {
    failure = error.what();
  }
  std::string ours = ::testing::internal::GetCapturedStderr();
  ASSERT_EQ(failure, "");
  EXPECT_EQ(answer, "in sync");
  EXPECT_TRUE(has_substring(ours, "] buffered before serve\n")) << ours;
}

TEST(IsolationStartup, ReplacementThatCannotStartIsThrownAndTheCompletionKept) {
  std::string marker = temp_path("fail_next_init");
  ::unlink(marker.c_str());
  WorkerPool pool(test_worker({{"ISOLATION_TEST_INIT_FAIL_IF_EXISTS", marker}}), pool_options());
  int fd = ::open(marker.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
  ASSERT_GE(fd, 0);
  ::close(fd);
  pool.submit("segv", 5);
  std::string text;
  try {
    pool.wait();
  } catch (const std::runtime_error& error) {
    text = error.what();
  }
  ::unlink(marker.c_str());
  EXPECT_TRUE(has_substring(text, "its init failed: marker file")) << "expected a runtime_error, got '" << text << "'";
  EXPECT_EQ(pool.workers(), 0);
  EXPECT_EQ(pool.in_flight(), 1);
  Completion crash = pool.wait();  // the crash the failed replacement was for is not lost
  EXPECT_EQ(crash.kind, CompletionKind::Crashed) << crash.describe();
  EXPECT_EQ(crash.signal, SIGSEGV);
  EXPECT_EQ(pool.in_flight(), 0);
  EXPECT_THROW(pool.submit("echo:x", 1), std::logic_error);
}

// --- Process hygiene ---

TEST(IsolationPool, DestructorKillsAndReapsEveryWorker) {
  std::vector<int> pids;
  {
    WorkerPool pool(test_worker(), pool_options(2));
    pool.submit("hang", 60);  // one busy, one idle
    pids = pool.pids();
    ASSERT_EQ(pids.size(), 2u);
    for (int pid : pids) EXPECT_EQ(::kill(pid, 0), 0) << "worker " << pid << " should be alive";
  }
  for (int pid : pids) EXPECT_TRUE(reaped_and_gone(pid)) << "worker " << pid << " survived the pool";
}

TEST(IsolationPool, BusyWorkerDiesWhenItsOwnerIsKilled) {
  // Orphans are re-parented to this process, so it can see how they died.
  ASSERT_EQ(::prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
  int report[2];
  ASSERT_EQ(::pipe2(report, O_CLOEXEC), 0);
  pid_t owner = ::fork();
  ASSERT_GE(owner, 0);
  if (owner == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the test
    ::close(report[0]);
    int pid = -1;
    try {
      WorkerPool pool(test_worker(), pool_options());
      pool.submit("hang", 600);
      pid = pool.pids().at(0);
      if (::write(report[1], &pid, sizeof pid) != sizeof pid) ::_exit(3);
      for (;;) ::pause();
    } catch (...) {
      ::_exit(4);
    }
  }
  ::close(report[1]);
  int worker = -1;
  ssize_t got;
  do got = ::read(report[0], &worker, sizeof worker);
  while (got < 0 && errno == EINTR);
  ::close(report[0]);
  ASSERT_EQ(got, static_cast<ssize_t>(sizeof worker)) << "the owner did not report its worker";

  ::kill(owner, SIGKILL);
  ::waitpid(owner, nullptr, 0);
  // A worker stuck in "hang" only ends if the kernel kills it for its owner's death.
  int status = 0;
  pid_t reaped = 0;
  for (int i = 0; i < 500 && reaped == 0; ++i) {
    reaped = ::waitpid(worker, &status, WNOHANG);
    if (reaped == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::prctl(PR_SET_CHILD_SUBREAPER, 0);
  if (reaped != worker) {  // do not leave it behind
    ::kill(worker, SIGKILL);
    ::waitpid(worker, nullptr, 0);
  }
  ASSERT_EQ(reaped, worker) << "the worker outlived its owner";
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "status " << status;
}

TEST(IsolationPool, HelperOfADeadWorkerIsKilledAndDoesNotDelayTheReport) {
  // Orphans are re-parented to this process, so it can see how the helper died.
  ASSERT_EQ(::prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
  WorkerPool pool(test_worker(), pool_options());
  Completion spawned = run(pool, "helper");
  ASSERT_EQ(spawned.kind, CompletionKind::Ok) << spawned.describe();
  int helper = std::stoi(spawned.response);
  // The helper keeps the worker's pipes open, so no EOF comes: the death itself must be noticed.
  Completion crash = run(pool, "exit:5", 10);
  EXPECT_EQ(crash.kind, CompletionKind::Crashed) << crash.describe();
  EXPECT_EQ(crash.exit_status, 5);
  EXPECT_LT(crash.seconds, 5) << "noticed only at the timeout";
  int status = 0;
  pid_t reaped = 0;
  for (int i = 0; i < 200 && reaped == 0; ++i) {
    reaped = ::waitpid(helper, &status, WNOHANG);
    if (reaped == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::prctl(PR_SET_CHILD_SUBREAPER, 0);
  if (reaped != helper) {  // do not leave it behind
    ::kill(helper, SIGKILL);
    ::waitpid(helper, nullptr, 0);
  }
  ASSERT_EQ(reaped, helper) << "the helper outlived its worker";
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "status " << status;
}

// --- Throughput ---

TEST(IsolationPool, ManySmallRequestsRoundTripTime) {
  constexpr int kRequests = 2000;
  for (int workers : {1, 2}) {
    WorkerPool pool(test_worker(), pool_options(workers));
    int answered = 0;
    auto start = std::chrono::steady_clock::now();
    int sent = 0;
    while (answered < kRequests) {
      while (sent < kRequests && pool.in_flight() < pool.capacity()) {
        pool.submit("echo:" + std::to_string(sent), 10);
        ++sent;
      }
      Completion completion = pool.wait();
      ASSERT_EQ(completion.kind, CompletionKind::Ok) << completion.describe();
      ASSERT_EQ(completion.response, std::to_string(completion.ticket - 1));
      ++answered;
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("[ isolation ] %d small requests over %d worker(s): %.1f us per request\n", kRequests, workers,
                seconds / kRequests * 1e6);
    EXPECT_EQ(pool.restarts(), 0);
  }
}

// --- Pieces ---

TEST(IsolationCompletion, DescribeTexts) {
  Completion completion;
  completion.kind = CompletionKind::Crashed;
  completion.signal = 11;
  EXPECT_EQ(completion.describe(), "killed by signal 11 (SIGSEGV)");
  completion.signal = 0;
  completion.exit_status = 3;
  EXPECT_EQ(completion.describe(), "exited with status 3 before answering");
  completion.protocol_error = "announced a response of 9 bytes";
  EXPECT_EQ(completion.describe(), "protocol error: announced a response of 9 bytes");
  completion = Completion{};
  completion.kind = CompletionKind::TimedOut;
  completion.seconds = 2.004;
  completion.timeout_seconds = 2;
  EXPECT_EQ(completion.describe(), "timed out after 2.00 s (limit 2.00 s)");
  completion.kind = CompletionKind::Ok;
  EXPECT_EQ(completion.describe(), "answered in 2.00 s");
}

// The frames a FrameReader takes from a non-blocking pipe holding `bytes`, and the status it ended on.
std::pair<std::vector<std::string>, poolcheck::isolation::detail::FrameReader::Status> frames_in(
    const std::string& bytes) {
  using poolcheck::isolation::detail::FrameReader;
  int fds[2];
  if (::pipe2(fds, O_NONBLOCK) != 0) return {{}, FrameReader::Status::Failed};
  EXPECT_EQ(::write(fds[1], bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  FrameReader reader(1024);
  std::vector<std::string> frames;
  FrameReader::Status status;
  while ((status = reader.read_from(fds[0])) == FrameReader::Status::Complete) frames.push_back(reader.take_payload());
  ::close(fds[0]);
  ::close(fds[1]);
  return {frames, status};
}

// Several answers waiting in the pipe are taken from one read, each whole and in order; what follows the last whole
// frame stays unread as a partial frame. Control: a frame cut short is never handed out.
TEST(IsolationFrames, SeveralFramesInOneReadComeOutWholeAndInOrder) {
  using poolcheck::isolation::detail::encode_frame;
  using poolcheck::isolation::detail::FrameReader;
  const std::string three = encode_frame("first") + encode_frame("") + encode_frame(std::string(600, 'x'));
  const auto [frames, status] = frames_in(three + encode_frame("fourth").substr(0, 6));
  EXPECT_EQ(frames, (std::vector<std::string>{"first", "", std::string(600, 'x')}));
  EXPECT_EQ(status, FrameReader::Status::Partial);
  // Control: a frame cut one byte short gives nothing but Partial.
  const auto [cut, cut_status] = frames_in(encode_frame("first").substr(0, 8));
  EXPECT_TRUE(cut.empty());
  EXPECT_EQ(cut_status, FrameReader::Status::Partial);
  // A header announcing more than the limit is refused at once, whatever follows.
  EXPECT_EQ(frames_in(encode_frame(std::string(2000, 'y'))).second, FrameReader::Status::TooLarge);
}

TEST(IsolationLineLog, KeepsTheLastLinesSinceAMark) {
  std::vector<std::string> forwarded;
  poolcheck::isolation::detail::LineLog log(2, [&](std::string_view line) { forwarded.emplace_back(line); });
  log.append("one\ntw");
  uint64_t mark = log.total_lines();
  EXPECT_EQ(mark, 1u);
  log.append("o\r\nthree\nfour");  // "two" was split across appends; CRLF is trimmed
  EXPECT_EQ(log.lines_since(mark), (std::vector<std::string>{"two", "three"}));
  log.finish_partial_line();
  EXPECT_EQ(log.lines_since(mark), (std::vector<std::string>{"three", "four"}));  // only 2 kept
  EXPECT_EQ(log.lines_since(log.total_lines()), std::vector<std::string>{});
  EXPECT_EQ(forwarded, (std::vector<std::string>{"one", "two", "three", "four"}));
}

}  // namespace
