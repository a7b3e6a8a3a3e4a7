// UCI command lines: the input is a session's stdin, line by line, for both
// chess and (after `setoption name UCI_Variant value chaturaji-...`) the
// four-handed rule sets. The session is bounded (uci::Bounds) so that no
// `go`, `go perft` or `bench` runs away; it must end and never crash.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "uci/uci.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::ostringstream out;
  uci::Bounds bounds;
  bounds.max_nodes = 1000;
  bounds.max_perft_depth = 3;
  bounds.max_bench_depth = 1;
  bounds.max_hash_mb = 4;
  bounds.max_threads = 2;
  if (uci::run(in, out, bounds) != 0) std::abort();
  return 0;
}
