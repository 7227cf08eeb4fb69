#include "isolation/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace poolcheck::isolation::detail {
namespace {

// Sent by the child over a close-on-exec pipe when it cannot become the worker; a successful execve closes the
// pipe with nothing written.
struct ChildFailure {
  int stage;
  int error;
};
constexpr int kStageSetup = 1;
constexpr int kStageExec = 2;

// Everything the child needs, built before fork: between fork and execve only async-signal-safe calls are
// allowed (the parent may have other threads holding malloc's locks).
struct ExecPlan {
  std::string path;
  std::vector<std::string> arg_storage, env_storage;
  std::vector<char*> argv, envp;
};

bool is_executable_file(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

std::string failure_prefix(const WorkerCommand& command) {
  return "worker '" + command.executable + "' could not be started: ";
}

// A bare name is looked up in PATH, as a shell would; anything with a slash is used as given.
std::string resolve_executable(const WorkerCommand& command) {
  const std::string& name = command.executable;
  if (name.find('/') != std::string::npos) return name;
  const char* path_variable = std::getenv("PATH");
  std::string search = path_variable && *path_variable ? path_variable : "/usr/local/bin:/usr/bin:/bin";
  size_t begin = 0;
  while (begin <= search.size()) {
    size_t end = std::min(search.find(':', begin), search.size());
    std::string dir = search.substr(begin, end - begin);
    std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + name;
    if (is_executable_file(candidate)) return candidate;
    begin = end + 1;
  }
  throw std::runtime_error(failure_prefix(command) + "not found in PATH");
}

ExecPlan make_plan(const WorkerCommand& command) {
  ExecPlan plan;
  plan.path = resolve_executable(command);
  plan.arg_storage.push_back(command.executable);
  plan.arg_storage.insert(plan.arg_storage.end(), command.args.begin(), command.args.end());

  std::set<std::string> overridden;
  for (const auto& [name, value] : command.env) overridden.insert(name);
  for (char** entry = environ; entry && *entry; ++entry) {
    std::string variable = *entry;
    if (!overridden.count(variable.substr(0, variable.find('=')))) plan.env_storage.push_back(std::move(variable));
  }
  for (const auto& [name, value] : command.env) plan.env_storage.push_back(name + "=" + value);

  for (std::string& arg : plan.arg_storage) plan.argv.push_back(arg.data());
  plan.argv.push_back(nullptr);
  for (std::string& variable : plan.env_storage) plan.envp.push_back(variable.data());
  plan.envp.push_back(nullptr);
  return plan;
}

struct Pipe {
  UniqueFd read_end, write_end;
};

// The request channel is a stream socket pair rather than a pipe: writing to it can say MSG_NOSIGNAL, so a worker
// that died gives EPIPE without the signal-mask calls a pipe write needs around it (four system calls per request).
Pipe make_request_channel() {
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) < 0)
    throw std::runtime_error(std::string("socketpair failed: ") + std::strerror(errno));
  return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

Pipe make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) < 0) throw std::runtime_error(std::string("pipe2 failed: ") + std::strerror(errno));
  return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

[[noreturn]] void report_and_exit(int failure_fd, int stage, int error) {
  ChildFailure failure{stage, error};
  ssize_t ignored = ::write(failure_fd, &failure, sizeof failure);
  (void)ignored;
  ::_exit(127);
}

// Runs in the forked child: async-signal-safe calls only.
[[noreturn]] void become_worker(const ExecPlan& plan, pid_t parent, int stdin_fd, int stdout_fd, int stderr_fd,
                                int failure_fd) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  // The parent may have died before prctl took effect; then nobody would kill this child.
  if (::getppid() != parent) ::_exit(127);
  // Its own process group: a terminal's Ctrl-C goes to the pool's owner only, and a kill reaches the worker's
  // helpers too.
  ::setpgid(0, 0);

  // Lift every descriptor above 2 before dup2 onto 0..2, so no dup2 overwrites a pipe end still to be moved (the
  // parent may have had 0..2 closed, making a pipe end land there).
  int moved[4] = {stdin_fd, stdout_fd, stderr_fd, failure_fd};
  for (int& fd : moved) {
    fd = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
    if (fd < 0) report_and_exit(failure_fd, kStageSetup, errno);
  }
  failure_fd = moved[3];
  for (int target = 0; target < 3; ++target) {
    while (::dup2(moved[target], target) < 0) {
      if (errno != EINTR) report_and_exit(failure_fd, kStageSetup, errno);
    }
  }
#ifdef SYS_close_range
  // Descriptors someone opened without O_CLOEXEC (another worker's pipes included) must not leak into the worker.
  ::syscall(SYS_close_range, 3u, ~0u, CLOSE_RANGE_CLOEXEC);
#endif

  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  // Ignored signals stay ignored across execve; the worker should start from the defaults.
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) {
    if (sig != SIGKILL && sig != SIGSTOP) ::sigaction(sig, &default_action, nullptr);
  }

  ::execve(plan.path.c_str(), plan.argv.data(), plan.envp.data());
  report_and_exit(failure_fd, kStageExec, errno);
}

std::string describe_failure(const ChildFailure& failure) {
  std::string error = std::strerror(failure.error);
  if (failure.stage == kStageSetup) return "could not set up its pipes (" + error + ")";
  switch (failure.error) {
    case ENOENT:
      return "not found (" + error + ")";
    case EACCES:
      return "not executable (" + error + ")";
    case ENOEXEC:
      return "not an executable format (" + error + ")";
    default:
      return "execve failed (" + error + ")";
  }
}

ChildEnd end_from_status(int status) {
  ChildEnd end;
  end.state = ChildEnd::State::Ended;
  if (WIFSIGNALED(status)) end.signal = WTERMSIG(status);
  if (WIFEXITED(status)) end.exit_status = WEXITSTATUS(status);
  return end;
}

}  // namespace

ChildProcess spawn_child(const WorkerCommand& command) {
  ExecPlan plan = make_plan(command);
  Pipe to_stdin = make_request_channel(), from_stdout = make_pipe(), from_stderr = make_pipe(), failure = make_pipe();

  pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error(failure_prefix(command) + "fork failed (" + std::strerror(errno) + ")");
  if (pid == 0) {
    become_worker(plan, parent, to_stdin.read_end.get(), from_stdout.write_end.get(), from_stderr.write_end.get(),
                  failure.write_end.get());
  }
  // The same call as in the child: whichever runs first wins the race, the other fails harmlessly.
  ::setpgid(pid, pid);
  to_stdin.read_end.reset();
  from_stdout.write_end.reset();
  from_stderr.write_end.reset();
  failure.write_end.reset();

  ChildFailure child_failure{};
  ssize_t got = read_retrying(failure.read_end.get(), &child_failure, sizeof child_failure);
  if (got < 0) {
    std::string error = std::strerror(errno);
    kill_child(pid);
    reap_child(pid, -1, 5);
    throw std::runtime_error(failure_prefix(command) + "cannot learn whether execve worked (" + error + ")");
  }
  if (got > 0) {
    // It has exited (or is about to): reap it so no zombie is left.
    reap_child(pid, -1, 5);
    if (got != static_cast<ssize_t>(sizeof child_failure))
      throw std::runtime_error(failure_prefix(command) + "the child failed before execve");
    throw std::runtime_error(failure_prefix(command) + describe_failure(child_failure));
  }

  ChildProcess child;
  child.pid = pid;
  child.pidfd = UniqueFd(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
  child.to_stdin = std::move(to_stdin.write_end);
  child.from_stdout = std::move(from_stdout.read_end);
  child.from_stderr = std::move(from_stderr.read_end);
  try {
    set_nonblocking(child.to_stdin.get());
    set_nonblocking(child.from_stdout.get());
    set_nonblocking(child.from_stderr.get());
  } catch (...) {
    kill_child(pid);
    reap_child(pid, child.pidfd.get(), 5);
    throw;
  }
  return child;
}

void kill_child(pid_t pid) {
  if (pid <= 0) return;
  // Safe until the child is reaped: its pid, and so its process group id, cannot be reused before that.
  ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);
}

bool await_exit(pid_t pid, int pidfd, double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(std::clamp(seconds, 0.0, 1e6));
  for (;;) {
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0) {
      if (info.si_pid == pid) return true;
    } else if (errno != EINTR) {
      return true;  // ECHILD: reaped behind our back, so gone as well
    }
    double left = std::chrono::duration<double>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    if (pidfd >= 0) {
      pollfd exited{pidfd, POLLIN, 0};
      ::poll(&exited, 1, static_cast<int>(std::ceil(left * 1000)));
    } else {
      std::this_thread::sleep_for(std::chrono::duration<double>(std::min(left, 0.001)));
    }
  }
}

ChildEnd reap_child(pid_t pid, int pidfd, double seconds) {
  if (!await_exit(pid, pidfd, seconds)) return {ChildEnd::State::Running};
  int status = 0;
  pid_t reaped;
  do reaped = ::waitpid(pid, &status, WNOHANG);
  while (reaped < 0 && errno == EINTR);
  if (reaped == pid) return end_from_status(status);
  return {reaped == 0 ? ChildEnd::State::Running : ChildEnd::State::Lost};
}

}  // namespace poolcheck::isolation::detail
