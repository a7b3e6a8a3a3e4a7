// The same-origin check on a write that a cookie authenticates: a browser
// names the page that sent a request in Origin (and, lately, in
// Sec-Fetch-Site), so a page of another site cannot act with the user's
// cookie. SameSite=Lax keeps the cookie off most such requests already;
// this check does not rely on it. A request without either header (curl,
// a program) is not a browser's and passes.
#pragma once

#include <string_view>

namespace server::accounts {

struct RequestSite {
  std::string_view origin;      // Origin: "https://example.org:8443", "null" or empty
  std::string_view host;        // Host: "example.org:8443"
  std::string_view fetch_site;  // Sec-Fetch-Site: "same-origin", "cross-site", ...
};

// True when the request came from a page of another site: an Origin whose
// host and port are not the Host the request was sent to (or "null"), or
// Sec-Fetch-Site "cross-site" or "same-site" (a sibling subdomain is
// another origin too).
bool from_another_site(const RequestSite& site);

}  // namespace server::accounts
