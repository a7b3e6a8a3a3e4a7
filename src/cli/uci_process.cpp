#include "cli/uci_process.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>

namespace cli {

UciProcess::~UciProcess() { stop(); }

bool UciProcess::start(const std::string& command, std::string& error) {
  int in_pipe[2];
  int out_pipe[2];
  if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  pid_ = fork();
  if (pid_ < 0) {
    error = std::string("fork: ") + std::strerror(errno);
    return false;
  }
  if (pid_ == 0) {
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    close(in_pipe[0]);
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(out_pipe[1]);
    execl("/bin/sh", "sh", "-c", ("exec " + command).c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
  signal(SIGPIPE, SIG_IGN);
  return true;
}

bool UciProcess::send(const std::string& line) {
  if (to_child_ < 0) return false;
  const std::string text = line + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(to_child_, text.data() + done, text.size() - done);
    if (n <= 0) return false;
    done += std::size_t(n);
  }
  return true;
}

std::optional<std::string> UciProcess::read_line(std::chrono::steady_clock::time_point deadline) {
  while (true) {
    if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (from_child_ < 0) return std::nullopt;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd p{from_child_, POLLIN, 0};
    const int ready = poll(&p, 1, int(std::min<long long>(left.count(), 1000)));
    if (ready < 0 && errno != EINTR) return std::nullopt;
    if (ready <= 0) continue;
    char chunk[4096];
    const ssize_t n = read(from_child_, chunk, sizeof(chunk));
    if (n <= 0) {
      close(from_child_);
      from_child_ = -1;
      continue;
    }
    buffer_.append(chunk, std::size_t(n));
  }
}

std::optional<std::string> UciProcess::wait_for(const std::string& prefix,
                                                std::chrono::milliseconds timeout) {
  return wait_for(prefix, timeout, [](const std::string&) {});
}

std::optional<std::string> UciProcess::wait_for(const std::string& prefix, std::chrono::milliseconds timeout,
                                                const std::function<void(const std::string&)>& seen) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (auto line = read_line(deadline)) {
    if (line->rfind(prefix, 0) == 0) return line;
    seen(*line);
  }
  return std::nullopt;
}

void UciProcess::stop() {
  if (pid_ <= 0) return;
  send("quit");
  if (to_child_ >= 0) close(to_child_);
  to_child_ = -1;
  for (int i = 0; i < 50; ++i) {
    if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
      pid_ = -1;
      break;
    }
    usleep(10000);
  }
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  if (from_child_ >= 0) close(from_child_);
  from_child_ = -1;
}

}  // namespace cli
