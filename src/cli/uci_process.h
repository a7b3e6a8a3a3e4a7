// A UCI engine as a child process: lines in, lines out, with deadlines.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <optional>
#include <string>

namespace cli {

class UciProcess {
 public:
  UciProcess() = default;
  ~UciProcess();
  UciProcess(const UciProcess&) = delete;
  UciProcess& operator=(const UciProcess&) = delete;

  // Runs `command` through /bin/sh; false (with a message) if it cannot start.
  bool start(const std::string& command, std::string& error);
  bool send(const std::string& line);
  // The next line, or nothing if the deadline passes or the process ends.
  std::optional<std::string> read_line(std::chrono::steady_clock::time_point deadline);
  // Reads until a line starting with `prefix`; that line, or nothing on timeout.
  std::optional<std::string> wait_for(const std::string& prefix, std::chrono::milliseconds timeout);
  // The same, handing every line read before that one to `seen`.
  std::optional<std::string> wait_for(const std::string& prefix, std::chrono::milliseconds timeout,
                                      const std::function<void(const std::string&)>& seen);
  void stop();
  bool running() const { return pid_ > 0; }

 private:
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
};

}  // namespace cli
