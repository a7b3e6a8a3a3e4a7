#include "search/chaturanga/builtin_networks.h"

#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "search/chaturanga/network.h"

// The network file's bytes, put into the read-only data by the assembler;
// CMake names the file (MAKRUK_NETWORK_FILE) and rebuilds this one when the
// network changes.
__asm__(
    ".pushsection .rodata\n"
    ".balign 16\n"
    ".globl CHATURANGA_MAKRUK_NETWORK_BEGIN\n"
    ".hidden CHATURANGA_MAKRUK_NETWORK_BEGIN\n"
    "CHATURANGA_MAKRUK_NETWORK_BEGIN:\n"
    ".incbin \"" MAKRUK_NETWORK_FILE
    "\"\n"
    ".globl CHATURANGA_MAKRUK_NETWORK_END\n"
    ".hidden CHATURANGA_MAKRUK_NETWORK_END\n"
    "CHATURANGA_MAKRUK_NETWORK_END:\n"
    ".popsection\n");

extern "C" const char CHATURANGA_MAKRUK_NETWORK_BEGIN[];
extern "C" const char CHATURANGA_MAKRUK_NETWORK_END[];

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
  if (variant != ::chaturanga::Variant::Makruk) return nullptr;
  static const std::unique_ptr<Network> makruk = parse_builtin(
      CHATURANGA_MAKRUK_NETWORK_BEGIN, CHATURANGA_MAKRUK_NETWORK_END, "the built-in Makruk network");
  return makruk.get();
}

}  // namespace search::chaturanga
