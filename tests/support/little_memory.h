// Runs a function in a child process whose address space may grow only so
// far (RLIMIT_AS), so that a test can meet a machine that cannot give a
// large table or many threads on any machine, deterministically. The child
// sends back what the function returns; an abort or a signal shows in the
// exit status, never in the test process itself.
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <exception>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

namespace testing_support {

// The sanitizers' allocators reserve terabytes of shadow memory and end the
// process on a failed allocation instead of returning null, so an address
// space limit tests them rather than the code.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool SANITIZED = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
constexpr bool SANITIZED = true;
#else
constexpr bool SANITIZED = false;
#endif
#else
constexpr bool SANITIZED = false;
#endif

struct ChildRun {
  std::string out;
  bool exited_cleanly = false;
  int status = 0;
};

// The address space this process maps now, in bytes.
inline std::size_t mapped_bytes() {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string key;
    std::size_t kib = 0;
    if (words >> key >> kib && key == "VmSize:") return kib * 1024;
  }
  return 0;
}

// `body` in a child that may map at most `headroom_mb` more than now.
inline ChildRun run_with_little_memory(std::size_t headroom_mb, const std::function<std::string()>& body) {
  int fds[2];
  if (pipe(fds) != 0) return {"pipe failed", false, -1};
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) return {"fork failed", false, -1};
  if (pid == 0) {
    close(fds[0]);
    const rlim_t limit = mapped_bytes() + headroom_mb * 1024 * 1024;
    const rlimit r{limit, limit};
    if (setrlimit(RLIMIT_AS, &r) != 0) _exit(3);
    // An exception must not leave the child: it would run the rest of the
    // test program a second time.
    std::string out;
    try {
      out = body();
    } catch (const std::exception& e) {
      out = std::string("child threw: ") + e.what();
      if (write(fds[1], out.data(), out.size()) < 0) _exit(6);
      _exit(5);
    }
    for (std::size_t at = 0; at < out.size();) {
      const ssize_t n = write(fds[1], out.data() + at, out.size() - at);
      if (n <= 0) _exit(4);
      at += std::size_t(n);
    }
    _exit(0);
  }
  close(fds[1]);
  ChildRun run;
  char buffer[4096];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;) run.out.append(buffer, std::size_t(n));
  close(fds[0]);
  waitpid(pid, &run.status, 0);
  run.exited_cleanly = WIFEXITED(run.status) && WEXITSTATUS(run.status) == 0;
  return run;
}

}  // namespace testing_support
