// Our record of a `teams` or `dice` game (`points` games are kept as
// chess.com PGN4, chaturaji/pgn4.h): `[Name "value"]` tags, a blank line,
// one line per round with each turn as the colour letter, the throw in
// braces for `dice` and the turn's moves (`1. r: {34} e7e6 e8e7 g: {25}
// pass`), and the result alone on the last line. The tags that matter here:
// `Variant`, `StartFen` (our notation, with `seed=N` for a seeded practice
// game), `Result`, and for fair dice `DiceCommitment` (from the start) and
// `DiceSecret` (once the game has ended).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "chaturaji/fair_dice.h"
#include "chaturaji/game.h"
#include "core/expected.h"

namespace chaturaji {

using RecordTags = std::map<std::string, std::string>;

// `[Name "value"]` lines, quotes and backslashes escaped.
std::string tag_lines(const RecordTags& tags);
// The record of `game` under `tags`, ending with `result`.
std::string to_record(const Game& game, const RecordTags& tags, std::string_view result);

// The throw a turn of a `dice` record was played with.
struct RecordedThrow {
  int round = 0;
  int ply = 0;  // the turn's first move
  int seat = 0;
  Throw dice;
};

struct Record {
  RecordTags tags;
  Game game;  // every move replayed through the rules, with the recorded throws
  std::vector<RecordedThrow> throws;
  std::string result;  // the last line
};

// Reads a record and replays it; the error names the round, the seat and
// the token that do not fit the rules.
core::Expected<Record> parse_record(std::string_view text);

// Checks a `dice` record's throws: SHA-256 of `secret` must be `commitment`
// (hex, either case) and each turn's throw the one the secret gives for the
// ply the turn started at. Returns how many throws were checked, or an error
// naming the first mismatch.
core::Expected<int> verify_throws(const Record& record, const DiceSecret& secret,
                                  std::string_view commitment);

}  // namespace chaturaji
