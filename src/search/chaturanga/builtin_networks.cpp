#include "search/chaturanga/builtin_networks.h"

#include <cstdlib>
#include <iostream>
#include <iterator>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>

#include "search/chaturanga/network.h"

// A network file's bytes, put into the read-only data by the assembler
// between the symbols CHATURANGA_<NAME>_NETWORK_BEGIN and _END; CMake names
// the folder (NETWORKS_DIR).
#define CHATURANGA_INCBIN(NAME, FILE)                        \
  __asm__(                                                   \
      ".pushsection .rodata\n"                               \
      ".balign 16\n"                                         \
      ".globl CHATURANGA_" #NAME                             \
      "_NETWORK_BEGIN\n"                                     \
      ".hidden CHATURANGA_" #NAME                            \
      "_NETWORK_BEGIN\n"                                     \
      "CHATURANGA_" #NAME                                    \
      "_NETWORK_BEGIN:\n"                                    \
      ".incbin \"" NETWORKS_DIR "/" FILE                     \
      "\"\n"                                                 \
      ".globl CHATURANGA_" #NAME                             \
      "_NETWORK_END\n"                                       \
      ".hidden CHATURANGA_" #NAME                            \
      "_NETWORK_END\n"                                       \
      "CHATURANGA_" #NAME                                    \
      "_NETWORK_END:\n"                                      \
      ".popsection\n");                                      \
  extern "C" const char CHATURANGA_##NAME##_NETWORK_BEGIN[]; \
  extern "C" const char CHATURANGA_##NAME##_NETWORK_END[];

CHATURANGA_INCBIN(CHATURANGA, "chaturanga.net")
CHATURANGA_INCBIN(MAKRUK, "makruk.net")
CHATURANGA_INCBIN(SHATRANJ, "shatranj.net")
CHATURANGA_INCBIN(SITTUYIN, "sittuyin.net")

namespace search::chaturanga {

namespace {

// A built-in network that does not parse is a broken build, not bad input.
std::unique_ptr<Network> parse_builtin(const char* begin, const char* end, const std::string& name) {
  std::istringstream in(std::string(begin, end));
  auto net = parse_network(in, name);
  if (!net) {
    std::cerr << "chaturanga: " << net.error() << '\n';
    std::abort();
  }
  return std::move(net).value();
}

}  // namespace

const Network* builtin_network(::chaturanga::Variant variant) {
  using ::chaturanga::Variant;
  struct Builtin {
    Variant variant;
    const char* begin;
    const char* end;
    const char* name;
  };
  static constexpr Builtin BUILTINS[] = {
      // The seed's rules only: eval.cpp leaves Chaturanga's other readings
      // to the hand-made evaluation.
      {Variant::Chaturanga, CHATURANGA_CHATURANGA_NETWORK_BEGIN, CHATURANGA_CHATURANGA_NETWORK_END,
       "the built-in Chaturanga network"},
      {Variant::Makruk, CHATURANGA_MAKRUK_NETWORK_BEGIN, CHATURANGA_MAKRUK_NETWORK_END,
       "the built-in Makruk network"},
      {Variant::Shatranj, CHATURANGA_SHATRANJ_NETWORK_BEGIN, CHATURANGA_SHATRANJ_NETWORK_END,
       "the built-in Shatranj network"},
      {Variant::Sittuyin, CHATURANGA_SITTUYIN_NETWORK_BEGIN, CHATURANGA_SITTUYIN_NETWORK_END,
       "the built-in Sittuyin network"},
      // Cambodian is Makruk with two first moves: Makruk's network, measured
      // there (docs/benchmarks.md).
      {Variant::Cambodian, CHATURANGA_MAKRUK_NETWORK_BEGIN, CHATURANGA_MAKRUK_NETWORK_END,
       "the built-in Makruk network (for Cambodian)"},
  };
  // Each parsed on first use, once, whichever thread asks first.
  static std::unique_ptr<Network> parsed[std::size(BUILTINS)];
  static std::once_flag once[std::size(BUILTINS)];
  for (std::size_t i = 0; i < std::size(BUILTINS); ++i) {
    const Builtin& b = BUILTINS[i];
    if (b.variant != variant) continue;
    std::call_once(once[i], [&] { parsed[i] = parse_builtin(b.begin, b.end, b.name); });
    return parsed[i].get();
  }
  return nullptr;
}

}  // namespace search::chaturanga
