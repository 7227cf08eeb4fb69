// WorkerPool with requests queued behind the one in service (depth 2) against the real test worker: a crash or
// timeout is the in-service request's outcome only, the queued ones run elsewhere with their own tickets, and a
// stderr line belongs to the request in service when it was written. Each rule is a check that returns what it
// found broken, and each has a negative control: a wrong pool's completions, which the same check must refuse.
#include <gtest/gtest.h>
#include <signal.h>
#include <time.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "isolation/line_log.h"
#include "isolation/served_mark.h"
#include "isolation/worker_pool.h"

#ifndef ISOLATION_TEST_WORKER
#error "ISOLATION_TEST_WORKER must be the path of the isolation_test_worker executable"
#endif

namespace {

using namespace poolcheck::isolation;

PoolOptions pipelined(int workers = 1) {
  PoolOptions options;
  options.workers = workers;
  options.depth = 2;
  options.startup_timeout = 10;
  return options;
}

WorkerCommand test_worker() { return {ISOLATION_TEST_WORKER, {}, {}}; }

std::map<uint64_t, Completion> wait_all(WorkerPool& pool) {
  std::map<uint64_t, Completion> by_ticket;
  while (pool.in_flight() > 0) {
    Completion completion = pool.wait();
    by_ticket[completion.ticket] = completion;
  }
  return by_ticket;
}

// The request in service ended as `failed_kind`; the one queued behind it answered `answer` from another process.
std::string failure_stays_with_its_request(std::map<uint64_t, Completion> done, uint64_t in_service,
                                           CompletionKind failed_kind, uint64_t queued, const std::string& answer) {
  if (!done.count(in_service) || !done.count(queued)) return "a ticket has no completion";
  const Completion& failed = done[in_service];
  const Completion& behind = done[queued];
  if (failed.kind != failed_kind) return "the in-service request did not fail: " + failed.describe();
  if (behind.kind != CompletionKind::Ok || behind.response != answer)
    return "the queued request did not complete normally: " + behind.describe() + " '" + behind.response + "'";
  if (behind.pid == failed.pid) return "the queued request was answered by the failed worker";
  return "";
}

// Each completion's log tail is exactly the lines its own request wrote.
std::string log_tails_are_their_own(const std::map<uint64_t, Completion>& done,
                                    const std::map<uint64_t, std::vector<std::string>>& written) {
  for (const auto& [ticket, lines] : written) {
    auto it = done.find(ticket);
    if (it == done.end()) return "ticket " + std::to_string(ticket) + " has no completion";
    if (it->second.log_tail != lines)
      return "ticket " + std::to_string(ticket) + " holds not only its own lines (" +
             std::to_string(it->second.log_tail.size()) + " lines)";
  }
  return "";
}

TEST(IsolationPipeline, ACrashIsTheInServiceRequestsAndTheQueuedOneRunsElsewhere) {
  // A death by signal, an exit and a protocol error (an answer beyond max_response_bytes).
  for (const std::string request : {"segv:dying line", "exit:3", "big:5000"}) {
    PoolOptions options = pipelined();
    options.max_response_bytes = 1000;
    WorkerPool pool(test_worker(), options);
    uint64_t crashing = pool.submit(request, 10);
    uint64_t queued = pool.submit("echo:queued", 10);
    EXPECT_EQ(pool.in_flight(), 2);
    std::map<uint64_t, Completion> done = wait_all(pool);
    EXPECT_EQ(failure_stays_with_its_request(done, crashing, CompletionKind::Crashed, queued, "queued"), "") << request;
    EXPECT_TRUE(done[queued].log_tail.empty()) << request;
    EXPECT_EQ(pool.restarts(), 1) << request;
    if (request.starts_with("segv")) {
      EXPECT_EQ(done[crashing].signal, SIGSEGV);
      EXPECT_EQ(done[crashing].log_tail, std::vector<std::string>{"dying line"});
    }

    // Negative control: a pool that failed the queued request with the crash.
    std::map<uint64_t, Completion> wrong = done;
    wrong[queued] = done[crashing];
    wrong[queued].ticket = queued;
    EXPECT_TRUE(failure_stays_with_its_request(wrong, crashing, CompletionKind::Crashed, queued, "queued")
                    .starts_with("the queued request did not complete normally"));
  }
}

TEST(IsolationPipeline, ACrashOfTheSecondRequestIsItsOwnAfterTheFirstAnswered) {
  WorkerPool pool(test_worker(), pipelined());
  uint64_t first = pool.submit("log:first line", 10);
  uint64_t second = pool.submit("segv:second line", 10);
  std::map<uint64_t, Completion> done = wait_all(pool);
  EXPECT_EQ(done[first].kind, CompletionKind::Ok) << done[first].describe();
  EXPECT_EQ(done[first].log_tail, std::vector<std::string>{"first line"});
  EXPECT_EQ(done[second].kind, CompletionKind::Crashed) << done[second].describe();
  EXPECT_EQ(done[second].log_tail, std::vector<std::string>{"second line"});
  EXPECT_EQ(pool.restarts(), 1);
}

// The worker answers two requests and dies on the third before the pool reads any answer; the pool learns of the
// death by writing a fourth request into the closed pipe. Expected: the two answers stand and the crash is the
// third request's. Failure mode it guards: the pool failing the first unread request with the crash.
TEST(IsolationPipeline, ACrashFoundByWritingToTheDeadWorkerIsTheRequestItWasRunning) {
  PoolOptions options = pipelined();
  options.depth = 4;
  WorkerPool pool(test_worker(), options);
  const uint64_t first = pool.submit("echo:one", 10);
  const uint64_t second = pool.submit("echo:two", 10);
  const uint64_t dying = pool.submit("segv:dying", 10);
  // Time for the worker to answer two and die; nothing reads its answers meanwhile.
  const timespec pause{0, 300'000'000};
  nanosleep(&pause, nullptr);
  const uint64_t after = pool.submit("echo:after", 10);
  std::map<uint64_t, Completion> done = wait_all(pool);
  EXPECT_EQ(done[first].kind, CompletionKind::Ok) << done[first].describe();
  EXPECT_EQ(done[first].response, "one");
  EXPECT_EQ(done[second].kind, CompletionKind::Ok) << done[second].describe();
  EXPECT_EQ(done[dying].kind, CompletionKind::Crashed) << done[dying].describe();
  EXPECT_EQ(done[dying].log_tail, std::vector<std::string>{"dying"});
  EXPECT_EQ(done[after].kind, CompletionKind::Ok) << done[after].describe();
  EXPECT_EQ(done[after].response, "after");
  EXPECT_EQ(pool.restarts(), 1);
}

TEST(IsolationPipeline, ATimeoutIsTheInServiceRequestsAndTheQueuedOneIsSentAgain) {
  WorkerPool pool(test_worker(), pipelined());
  // The queued request waits longer than its own limit: measured from its submit, it would time out too.
  uint64_t hanging = pool.submit("hang", 1.0);
  uint64_t queued = pool.submit("echo:late", 0.5);
  std::map<uint64_t, Completion> done = wait_all(pool);
  EXPECT_EQ(failure_stays_with_its_request(done, hanging, CompletionKind::TimedOut, queued, "late"), "");
  EXPECT_EQ(done[hanging].timeout_seconds, 1.0);
  EXPECT_GE(done[hanging].seconds, 1.0);
  EXPECT_EQ(pool.restarts(), 1);

  // Negative control: a pool that timed the queued request from its submit.
  std::map<uint64_t, Completion> wrong = done;
  wrong[queued].kind = CompletionKind::TimedOut;
  EXPECT_TRUE(failure_stays_with_its_request(wrong, hanging, CompletionKind::TimedOut, queued, "late")
                  .starts_with("the queued request did not complete normally"));
}

TEST(IsolationPipeline, EachLogLineBelongsToTheRequestInServiceWhenItWasWritten) {
  WorkerPool pool(test_worker(), pipelined());
  std::map<uint64_t, std::vector<std::string>> written;
  std::map<uint64_t, Completion> done;
  // Two in flight all along, so the worker writes the next request's line while this one's answer is unread.
  for (int i = 0; i < 400; ++i) {
    if (pool.in_flight() == pool.capacity()) {
      Completion completion = pool.wait();
      done[completion.ticket] = completion;
    }
    std::string line = "line of request " + std::to_string(i);
    bool quiet = i % 3 == 2;
    uint64_t ticket = pool.submit(quiet ? "echo:x" : "log:" + line, 10);
    written[ticket] = quiet ? std::vector<std::string>{} : std::vector<std::string>{line};
  }
  for (auto& [ticket, completion] : wait_all(pool)) done[ticket] = completion;
  EXPECT_EQ(log_tails_are_their_own(done, written), "");
  EXPECT_EQ(pool.restarts(), 0);

  // Negative control: a pool that gave a request the line its successor wrote.
  std::map<uint64_t, Completion> wrong = done;
  wrong[written.begin()->first].log_tail.push_back("line of request 1");
  EXPECT_TRUE(log_tails_are_their_own(wrong, written).ends_with("holds not only its own lines (2 lines)"));
}

TEST(IsolationPipeline, NewRequestsGoToTheWorkerHoldingFewest) {
  WorkerPool pool(test_worker(), pipelined(2));
  EXPECT_EQ(pool.capacity(), 4);
  pool.submit("hang", 10);
  pool.submit("echo:to the idle worker", 10);
  Completion answer = pool.wait();  // not stuck behind the hang
  EXPECT_EQ(answer.kind, CompletionKind::Ok) << answer.describe();
  EXPECT_EQ(answer.response, "to the idle worker");
}

TEST(IsolationPipeline, DepthOneHoldsOneRequestPerWorker) {
  PoolOptions options = pipelined(2);
  options.depth = 1;
  WorkerPool pool(test_worker(), options);
  EXPECT_EQ(pool.capacity(), 2);
  pool.submit("hang", 10);
  pool.submit("hang", 10);
  EXPECT_EQ(pool.idle(), 0);
  EXPECT_THROW(pool.submit("echo:x", 1), std::logic_error);
}

TEST(IsolationPipeline, ServedMarksAreFoundAcrossReadsAndOtherNulBytesAreText) {
  using poolcheck::isolation::detail::kServedMark;
  using poolcheck::isolation::detail::ServedMarkSplitter;
  std::string events;
  auto on_text = [&](std::string_view text) { events += "[" + std::string(text) + "]"; };
  auto on_mark = [&] { events += "<mark>"; };
  ServedMarkSplitter splitter;
  std::string stream = "a\n" + std::string(kServedMark) + "b" + std::string(1, '\0') + "c";
  for (char byte : stream) splitter.feed(std::string_view(&byte, 1), on_text, on_mark);  // the worst cut
  splitter.finish(on_text);
  EXPECT_EQ(events, "[a][\n]<mark>[b][" + std::string(1, '\0') + "][c]");

  events.clear();
  ServedMarkSplitter cut;
  cut.feed(kServedMark.substr(0, 5), on_text, on_mark);  // the stream ends inside what looked like a mark
  cut.finish(on_text);
  EXPECT_EQ(events, "[" + std::string(kServedMark.substr(0, 5)) + "]");
}

TEST(IsolationPipeline, LineLogGivesTheLinesBetweenTwoMarks) {
  poolcheck::isolation::detail::LineLog log(3);
  log.append("one\ntwo\nthree\nfour\n");
  EXPECT_EQ(log.lines_between(1, 3), (std::vector<std::string>{"two", "three"}));
  EXPECT_EQ(log.lines_between(0, 2), std::vector<std::string>{"two"});  // "one" is no longer kept
  EXPECT_EQ(log.lines_between(3, 3), std::vector<std::string>{});
  EXPECT_EQ(log.lines_between(2, 9), (std::vector<std::string>{"three", "four"}));
}

}  // namespace
