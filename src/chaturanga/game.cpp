#include "chaturanga/game.h"

#include <algorithm>

#include "chaturanga/fen.h"
#include "chaturanga/movegen.h"
#include "chaturanga/notation.h"

namespace chaturanga {

Game::Game(const Position& start) : positions_{start} {
  positions_.reserve(256);
  outcome_ = adjudicate(start, 1);
  outcomes_.push_back(outcome_);
}

core::Expected<Game> Game::from_fen(std::string_view fen) { return from_fen(seed_rules(), fen); }

core::Expected<Game> Game::from_fen(const RuleSet& rules, std::string_view fen) {
  auto pos = parse_fen(rules, fen);
  if (!pos) return core::error(pos.error());
  return Game(*pos);
}

int Game::occurrences() const {
  const Position& now = position();
  int count = 0;
  // Only positions since the last capture or pawn move can repeat this one.
  const int reach = std::min<int>(now.halfmove_clock(), int(positions_.size()) - 1);
  for (int back = 0; back <= reach; back += 2)
    if (positions_[positions_.size() - 1 - back].key() == now.key()) ++count;
  return count;
}

bool Game::play(Move m) {
  if (over()) return false;
  MoveList legal;
  generate<GenKind::All>(position(), legal);
  if (!legal.contains(m)) return false;
  positions_.push_back(position().after(m));
  moves_.push_back(m);
  outcome_ = adjudicate(position(), occurrences());
  outcomes_.push_back(outcome_);
  return true;
}

core::Expected<Move> Game::play_uci(std::string_view text) {
  if (over())
    return core::error("move '" + std::string(text) + "': the game is over (" +
                       std::string(reason_text(outcome_.reason)) + ")");
  auto m = parse_uci(position(), text);
  if (!m) return m;
  play(*m);
  return m;
}

bool Game::undo() {
  if (moves_.empty()) return false;
  positions_.pop_back();
  moves_.pop_back();
  outcomes_.pop_back();
  outcome_ = outcomes_.back();
  return true;
}

}  // namespace chaturanga
