// judge: every input line gives exactly one line of valid JSON back.
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/judge.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string line(reinterpret_cast<const char*>(data), size);
  if (line.find('\n') != std::string::npos) return 0;
  const std::string answer = cli::judge_line(line);
  if (answer.find('\n') != std::string::npos) std::abort();
  const auto parsed = nlohmann::json::parse(answer, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) std::abort();
  return 0;
}
