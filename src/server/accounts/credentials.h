// The rules of a name and a password (docs/api.md, Accounts): a name of 3
// to 20 of A-Z a-z 0-9 _ -, a password of 8 to 256 characters.
#pragma once

#include <string>
#include <string_view>

namespace server::accounts {

// The rule `username` breaks, or "" when it keeps them all.
std::string username_problem(std::string_view username);
std::string password_problem(std::string_view password);

}  // namespace server::accounts
