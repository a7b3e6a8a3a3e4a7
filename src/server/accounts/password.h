// Passwords are kept only as Argon2id hashes in libsodium's text form
// (crypto_pwhash_str: the salt and the cost travel inside the text). Each
// call costs tens of milliseconds and 64 MiB on purpose, so none may run on
// an I/O thread: AccountService runs them on workers of its own.
#pragma once

#include <string>
#include <string_view>

namespace server::accounts {

// libsodium's "interactive" cost: 2 passes over 64 MiB.
std::string hash_password(std::string_view password);
bool verify_password(const std::string& hash, std::string_view password);

// The hash of a password nobody knows, made once: a login under an unknown
// name is checked against it, so that it costs what a wrong password
// costs and the time of the answer does not tell which names exist.
const std::string& dummy_hash();

}  // namespace server::accounts
