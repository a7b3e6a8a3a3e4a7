// The `chaturanga judge` answer for chaturaji-teams, -dice and -points
// (docs/api: one JSON object in, one out); `legal` adds to the generated
// moves the choices generate() leaves out (`pass` in dice, `claim`). Input: "variant", and either
// "fen" (our notation, omitted for the start) with "moves", or "pgn4" (points
// only); "seed" seeds the dice. Output: "fen", "turn", "legal", "result",
// "reason", "scores" (final, with end bonuses, once over), "out", and for
// dice the "dice" of the turn; "warnings" lists what a PGN4 import read
// generously. Errors come back as {"error": "..."}.
// "record" (our record of a `teams` or `dice` game, chaturaji/record.h)
// replays that game instead; for `dice` it also verifies the fair throws:
// the secret (the record's DiceSecret tag, or "dice_secret") must hash to the
// commitment ("dice_commitment", the one published at the start, which must
// then equal the record's DiceCommitment tag; or that tag alone) and give
// every recorded throw. The answer adds "verified": {"throws": N,
// "commitment": hex}; the first mismatch is the error.
#pragma once

#include <nlohmann/json.hpp>

namespace chaturaji {

nlohmann::json judge(const nlohmann::json& request);

}  // namespace chaturaji
