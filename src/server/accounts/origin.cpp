#include "server/accounts/origin.h"

#include <cctype>
#include <string>

namespace server::accounts {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// "host:port" of an authority such as "Example.org", "example.org:8080" or
// "[::1]:8080", with `default_port` where it names none.
std::string with_port(std::string_view authority, std::string_view default_port) {
  std::string a = lower(authority);
  const auto bracket = a.rfind(']');
  const auto colon = a.rfind(':');
  const bool has_port = colon != std::string::npos && (bracket == std::string::npos || colon > bracket);
  return has_port ? a : a + ":" + std::string(default_port);
}

}  // namespace

bool from_another_site(const RequestSite& site) {
  const std::string fetch = lower(site.fetch_site);
  if (fetch == "cross-site" || fetch == "same-site") return true;
  if (site.origin.empty()) return false;
  const std::string origin = lower(site.origin);
  std::string_view rest;
  std::string_view port;
  if (origin.starts_with("http://")) {
    rest = std::string_view(site.origin).substr(7);
    port = "80";
  } else if (origin.starts_with("https://")) {
    rest = std::string_view(site.origin).substr(8);
    port = "443";
  } else {
    return true;  // "null" (a sandboxed or file page) or another scheme
  }
  if (site.host.empty()) return true;
  return with_port(rest.substr(0, rest.find('/')), port) != with_port(site.host, port);
}

}  // namespace server::accounts
