#include "server/accounts/credentials.h"

#include <algorithm>

namespace server::accounts {

namespace {

bool name_char(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

// Characters, not bytes: a password in any script counts what a person typed.
std::size_t utf8_length(std::string_view s) {
  return std::size_t(std::count_if(s.begin(), s.end(),
                                   [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

}  // namespace

std::string username_problem(std::string_view username) {
  if (username.size() < 3 || username.size() > 20)
    return "username: 3 to 20 characters, not " + std::to_string(username.size());
  if (!std::all_of(username.begin(), username.end(), name_char))
    return "username: only the letters A-Z and a-z, the digits 0-9, '_' and '-'";
  return "";
}

std::string password_problem(std::string_view password) {
  const std::size_t n = utf8_length(password);
  if (n < 8) return "password: at least 8 characters, not " + std::to_string(n);
  if (n > 256) return "password: at most 256 characters, not " + std::to_string(n);
  if (password.find('\0') != std::string_view::npos) return "password: no NUL character";
  return "";
}

}  // namespace server::accounts
