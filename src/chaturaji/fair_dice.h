// Provably fair throws for `dice` (docs/chaturaji.md, "Fair dice"). Each game
// has a secret of 32 bytes from the operating system's random source. Its
// commitment, SHA-256 of the 32 bytes, is public from the game's creation;
// the secret itself only once the game has ended. The throw of the turn that
// starts at ply p (moves made so far, from 0) is
//   h = HMAC-SHA-256(key = secret, message = "chaturaji-dice:" + p in decimal)
//   first die = 2 + (h[0] mod 4), second die = 2 + (h[1] mod 4)
// Four faces divide 256, so a byte mod 4 is exactly uniform: the rejection
// step of rejection sampling (drop bytes >= 256 - 256 mod 4) never rejects,
// and is left out. Whoever holds the secret recomputes every throw and checks
// it against the commitment; nobody without it can tell a throw in advance.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "chaturaji/position.h"
#include "core/expected.h"

namespace chaturaji {

using DiceSecret = std::array<std::uint8_t, 32>;

// A fresh secret from the operating system (libsodium's randombytes_buf).
DiceSecret new_dice_secret();
// The secret of a practice game with a public seed: SHA-256 of the text
// "chaturaji-dice-seed:" + the seed in decimal. Anyone can compute it, so
// such a game's throws are known to all in advance.
DiceSecret seed_dice_secret(std::uint64_t seed);

Throw fair_throw(const DiceSecret& secret, int ply);
// Lower-case hex of SHA-256(secret): what is published at the start.
std::string dice_commitment(const DiceSecret& secret);

std::string to_hex(const DiceSecret& secret);
// 64 hex digits (either case); the error names what is wrong.
core::Expected<DiceSecret> dice_secret_from_hex(std::string_view hex);

}  // namespace chaturaji
