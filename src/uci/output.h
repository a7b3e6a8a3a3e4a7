// Where a UCI session's answers go: one locked writer, so that the reading
// thread and a search's thread never interleave or repeat a line.
#pragma once

#include <mutex>
#include <ostream>
#include <string>

namespace uci {

class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}
  void say(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    out_ << text << std::endl;
  }
  void error(const std::string& text) { say("info string error: " + text); }

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

}  // namespace uci
