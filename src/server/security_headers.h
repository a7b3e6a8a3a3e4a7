// The headers every answer of the server carries, whatever it answers (the
// API, the page's files, errors, 404s, the listener's and the WebSocket
// handshake's refusals). The Content-Security-Policy lets the page load its
// own scripts, styles, images and connections (its WebSockets included) and
// nothing else: no inline script or style, no eval, no plugin, and no other
// site may frame it. docs/api.md lists them.
#pragma once

#include <boost/beast/http/fields.hpp>
#include <string>

namespace server {

void set_security_headers(boost::beast::http::fields& fields);
// The same as header lines ("Name: value\r\n" each), for answers written by hand.
const std::string& security_header_lines();

}  // namespace server
