#include "server/accounts/session_id.h"

#include <sodium.h>

#include <array>
#include <stdexcept>

namespace server::accounts {

namespace {

void ensure_sodium() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string attributes(bool secure) {
  return std::string("; Path=/; HttpOnly; SameSite=Lax") + (secure ? "; Secure" : "");
}

}  // namespace

std::string new_session_id() {
  ensure_sodium();
  std::array<unsigned char, 32> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  char text[64];
  sodium_bin2base64(text, sizeof text, bytes.data(), bytes.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  return text;
}

std::string session_hash(std::string_view id) {
  ensure_sodium();
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(id.data()), id.size());
  char hex[2 * crypto_hash_sha256_BYTES + 1];
  sodium_bin2hex(hex, sizeof hex, digest.data(), digest.size());
  return hex;
}

std::string cookie_value(std::string_view cookie_header, std::string_view name) {
  while (!cookie_header.empty()) {
    const auto end = cookie_header.find(';');
    const std::string_view pair = trim(cookie_header.substr(0, end));
    const auto eq = pair.find('=');
    if (eq != std::string_view::npos && trim(pair.substr(0, eq)) == name) {
      std::string_view value = trim(pair.substr(eq + 1));
      if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
        value = value.substr(1, value.size() - 2);
      return std::string(value);
    }
    if (end == std::string_view::npos) break;
    cookie_header.remove_prefix(end + 1);
  }
  return "";
}

std::string session_cookie(std::string_view id, bool secure) {
  return std::string(SESSION_COOKIE) + "=" + std::string(id) +
         "; Max-Age=" + std::to_string(SESSION_LIFETIME.count()) + attributes(secure);
}

std::string expired_session_cookie(bool secure) {
  return std::string(SESSION_COOKIE) + "=; Max-Age=0" + attributes(secure);
}

}  // namespace server::accounts
