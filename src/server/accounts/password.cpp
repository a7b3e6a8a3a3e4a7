#include "server/accounts/password.h"

#include <sodium.h>

#include <new>
#include <stdexcept>

#include "server/accounts/session_id.h"

namespace server::accounts {

std::string hash_password(std::string_view password) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
  char out[crypto_pwhash_STRBYTES];
  // Fails only when the 64 MiB cannot be had.
  if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
    throw std::bad_alloc();
  return out;
}

bool verify_password(const std::string& hash, std::string_view password) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

const std::string& dummy_hash() {
  static const std::string hash = hash_password(new_session_id());
  return hash;
}

}  // namespace server::accounts
