#include "server/security_headers.h"

#include <array>
#include <utility>

namespace server {

namespace {

constexpr std::array<std::pair<const char*, const char*>, 4> HEADERS = {{
    {"Content-Security-Policy",
     "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; "
     "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"},
    {"X-Content-Type-Options", "nosniff"},
    // For browsers that predate frame-ancestors.
    {"X-Frame-Options", "DENY"},
    // Links to other sites do not learn which game was open.
    {"Referrer-Policy", "same-origin"},
}};

}  // namespace

void set_security_headers(boost::beast::http::fields& fields) {
  for (const auto& [name, value] : HEADERS) fields.set(name, value);
}

const std::string& security_header_lines() {
  static const std::string lines = [] {
    std::string s;
    for (const auto& [name, value] : HEADERS) s += std::string(name) + ": " + value + "\r\n";
    return s;
  }();
  return lines;
}

}  // namespace server
