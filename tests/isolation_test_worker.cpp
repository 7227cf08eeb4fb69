// The worker isolation_test drives: it answers, crashes, hangs or chatters on request, so every path of the pool
// can be reached with a real process.
//
// Requests ("<command>:<argument>"):
//   echo:T     -> T                       segv[:L]  -> writes L to stderr, then an invalid memory access
//   abort[:L]  -> writes L, then abort()   hang      -> sleeps forever
//   exit:N     -> _exit(N)                log:L     -> writes L to stderr, answers "logged"
//   spew:N     -> N stderr lines "spew line <i>", answers "spewed"
//   longline:N -> one stderr line of N 'x', answers "ok"
//   stdout:T   -> T printed to stdout with printf and with write(1, ...), answers "ok"
//   big:N      -> N bytes of a known pattern   size:P -> "<bytes of P> <checksum of P>"
//   await:PATH -> waits until PATH exists, answers "seen"      touch:PATH -> creates PATH, answers "touched"
//   helper     -> forks a child that sleeps forever (holding the worker's pipes), answers its pid
//   spin:MS    -> runs until it has used MS ms of CPU time, answers "spun"
// Environment: ISOLATION_TEST_INIT_ERROR=M (init fails with M), ISOLATION_TEST_INIT_ABORT=1 (init writes a line
// and aborts), ISOLATION_TEST_INIT_HANG=1, ISOLATION_TEST_INIT_FAIL_IF_EXISTS=PATH,
// ISOLATION_TEST_SLOW_INIT_IF_EXISTS=PATH (init takes 0.5 s), ISOLATION_TEST_NICE=N (init lowers the worker's
// priority to nice N, after its start-up), ISOLATION_TEST_STDOUT_BEFORE_SERVE=1 (writes to
// stdout before serve() takes it over) and ISOLATION_TEST_PRINTF_BEFORE_SERVE=1 (leaves a line in stdout's buffer).
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <thread>

#include "isolation/serve.h"

namespace {

std::string pattern(size_t size) {
  std::string text(size, '\0');
  for (size_t i = 0; i < size; ++i) text[i] = static_cast<char>('a' + i % 26);
  return text;
}

uint64_t fnv1a(const std::string& text) {
  uint64_t hash = 1469598103934665603ull;
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
  return hash;
}

double thread_cpu_seconds() {
  timespec now{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

void log_line(const std::string& line) {
  if (!line.empty()) std::fprintf(stderr, "%s\n", line.c_str());
}

// Sanitizer runtimes catch SIGSEGV and turn it into exit(1) after their report; the tests are about how the pool
// reports a death by signal, so the default action is restored first.
[[noreturn]] void invalid_memory_access() {
  ::signal(SIGSEGV, SIG_DFL);
  void* page = ::mmap(nullptr, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  *static_cast<volatile int*>(page) = 1;
  std::abort();  // not reached: the page allows no access
}

std::string handle(const std::string& request) {
  size_t colon = request.find(':');
  std::string command = request.substr(0, colon);
  std::string argument = colon == std::string::npos ? "" : request.substr(colon + 1);

  if (command == "echo") return argument;
  if (command == "segv") {
    log_line(argument);
    invalid_memory_access();
  }
  if (command == "abort") {
    log_line(argument);
    ::signal(SIGABRT, SIG_DFL);
    std::abort();
  }
  if (command == "hang") {
    for (;;) ::pause();
  }
  if (command == "exit") ::_exit(std::atoi(argument.c_str()));
  if (command == "log") {
    log_line(argument);
    return "logged";
  }
  if (command == "spew") {
    long lines = std::atol(argument.c_str());
    for (long i = 0; i < lines; ++i) std::fprintf(stderr, "spew line %ld\n", i);
    return "spewed";
  }
  if (command == "longline") {
    log_line(std::string(std::strtoul(argument.c_str(), nullptr, 10), 'x'));
    return "ok";
  }
  if (command == "stdout") {
    std::printf("%s\n", argument.c_str());
    std::string line = argument + "\n";
    ssize_t written = ::write(1, line.data(), line.size());
    (void)written;
    return "ok";
  }
  if (command == "helper") {
    pid_t helper = ::fork();
    if (helper == 0) {
      for (;;) ::pause();
    }
    return std::to_string(helper);
  }
  if (command == "spin") {
    double until = thread_cpu_seconds() + std::atof(argument.c_str()) / 1000;
    while (thread_cpu_seconds() < until) {
    }
    return "spun";
  }
  if (command == "big") return pattern(std::strtoul(argument.c_str(), nullptr, 10));
  if (command == "size") return std::to_string(argument.size()) + " " + std::to_string(fnv1a(argument));
  if (command == "await") {
    for (int i = 0; i < 10000 && ::access(argument.c_str(), F_OK) != 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return ::access(argument.c_str(), F_OK) == 0 ? "seen" : "gave up";
  }
  if (command == "touch") {
    int fd = ::open(argument.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
    if (fd >= 0) ::close(fd);
    return fd >= 0 ? "touched" : "cannot create";
  }
  return "unknown request '" + command + "'";
}

std::string init() {
  if (const char* message = std::getenv("ISOLATION_TEST_INIT_ERROR")) return message;
  if (std::getenv("ISOLATION_TEST_INIT_ABORT")) {
    log_line("init is about to abort");
    ::signal(SIGABRT, SIG_DFL);
    std::abort();
  }
  if (std::getenv("ISOLATION_TEST_INIT_HANG")) {
    for (;;) ::pause();
  }
  if (const char* marker = std::getenv("ISOLATION_TEST_INIT_FAIL_IF_EXISTS")) {
    if (::access(marker, F_OK) == 0) return std::string("marker file ") + marker + " exists";
  }
  if (const char* nice = std::getenv("ISOLATION_TEST_NICE")) {
    if (::setpriority(PRIO_PROCESS, 0, std::atoi(nice)) != 0) return "setpriority failed";
  }
  if (const char* marker = std::getenv("ISOLATION_TEST_SLOW_INIT_IF_EXISTS")) {
    if (::access(marker, F_OK) == 0) std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  return "";
}

}  // namespace

int main() {
  if (std::getenv("ISOLATION_TEST_PRINTF_BEFORE_SERVE")) std::printf("buffered before serve\n");  // not flushed
  if (std::getenv("ISOLATION_TEST_STDOUT_BEFORE_SERVE")) {
    ssize_t written = ::write(1, "hello\n", 6);
    (void)written;
  }
  return poolcheck::isolation::serve(init, handle);
}
