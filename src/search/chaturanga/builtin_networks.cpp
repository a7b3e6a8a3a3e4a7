#include "search/chaturanga/builtin_networks.h"

#include <cstdlib>
#include <iostream>
#include <memory>
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

CHATURANGA_INCBIN(MAKRUK, "makruk.net")
CHATURANGA_INCBIN(SHATRANJ, "shatranj.net")

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
  switch (variant) {
    case Variant::Makruk: {
      static const std::unique_ptr<Network> makruk = parse_builtin(
          CHATURANGA_MAKRUK_NETWORK_BEGIN, CHATURANGA_MAKRUK_NETWORK_END, "the built-in Makruk network");
      return makruk.get();
    }
    case Variant::Shatranj: {
      static const std::unique_ptr<Network> shatranj =
          parse_builtin(CHATURANGA_SHATRANJ_NETWORK_BEGIN, CHATURANGA_SHATRANJ_NETWORK_END,
                        "the built-in Shatranj network");
      return shatranj.get();
    }
    default: return nullptr;
  }
}

}  // namespace search::chaturanga
