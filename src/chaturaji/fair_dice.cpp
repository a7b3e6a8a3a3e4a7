#include "chaturaji/fair_dice.h"

#include <sodium.h>

#include <stdexcept>

namespace chaturaji {

namespace {

constexpr std::string_view THROW_LABEL = "chaturaji-dice:";
constexpr std::string_view SEED_LABEL = "chaturaji-dice-seed:";

// sodium_init() may be called any number of times from any thread; without
// it randombytes_buf() may not use the best source the system has.
void ensure_sodium() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

std::string hex_of(const unsigned char* bytes, std::size_t n) {
  static constexpr char DIGITS[] = "0123456789abcdef";
  std::string s;
  s.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    s += DIGITS[bytes[i] >> 4];
    s += DIGITS[bytes[i] & 15];
  }
  return s;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

DiceSecret new_dice_secret() {
  ensure_sodium();
  DiceSecret s;
  randombytes_buf(s.data(), s.size());
  return s;
}

DiceSecret seed_dice_secret(std::uint64_t seed) {
  const std::string text = std::string(SEED_LABEL) + std::to_string(seed);
  DiceSecret s;
  crypto_hash_sha256(s.data(), reinterpret_cast<const unsigned char*>(text.data()), text.size());
  return s;
}

Throw fair_throw(const DiceSecret& secret, int ply) {
  static_assert(crypto_auth_hmacsha256_KEYBYTES == std::tuple_size_v<DiceSecret>);
  const std::string message = std::string(THROW_LABEL) + std::to_string(ply);
  unsigned char h[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256(h, reinterpret_cast<const unsigned char*>(message.data()), message.size(),
                         secret.data());
  return Throw{std::uint8_t(2 + h[0] % 4), std::uint8_t(2 + h[1] % 4)};
}

std::string dice_commitment(const DiceSecret& secret) {
  unsigned char h[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(h, secret.data(), secret.size());
  return hex_of(h, sizeof h);
}

std::string to_hex(const DiceSecret& secret) { return hex_of(secret.data(), secret.size()); }

core::Expected<DiceSecret> dice_secret_from_hex(std::string_view hex) {
  DiceSecret s;
  if (hex.size() != 2 * s.size())
    return core::error("a dice secret is 64 hex digits, not " + std::to_string(hex.size()) + " characters");
  for (std::size_t i = 0; i < s.size(); ++i) {
    const int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
    if (hi < 0 || lo < 0)
      return core::error("a dice secret is hex digits; character " +
                         std::to_string(2 * i + (hi < 0 ? 1 : 2)) + " is not one");
    s[i] = std::uint8_t(hi * 16 + lo);
  }
  return s;
}

}  // namespace chaturaji
