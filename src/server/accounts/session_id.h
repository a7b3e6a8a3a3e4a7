// Session ids and their cookie. An id is 32 random bytes (the operating
// system's, through libsodium) in base64url; the store keeps only its
// SHA-256, so a copy of the database opens no session. The cookie is
// HttpOnly, SameSite=Lax and Path=/, and Secure when the request came over
// TLS (X-Forwarded-Proto: https from the proxy in front; the server itself
// speaks plain HTTP).
#pragma once

#include <chrono>
#include <string>
#include <string_view>

namespace server::accounts {

inline constexpr std::string_view SESSION_COOKIE = "chaturanga_session";
inline constexpr std::chrono::seconds SESSION_LIFETIME = std::chrono::hours(24 * 30);

std::string new_session_id();
// The SHA-256 of `id`, in lower-case hex: what the store keeps.
std::string session_hash(std::string_view id);

// The value of cookie `name` in a Cookie header ("a=1; b=2"), or "" when
// it is not there. The first of several with the same name wins.
std::string cookie_value(std::string_view cookie_header, std::string_view name);

// The Set-Cookie value that gives the browser session `id`, and the one
// that takes it away.
std::string session_cookie(std::string_view id, bool secure);
std::string expired_session_cookie(bool secure);

}  // namespace server::accounts
