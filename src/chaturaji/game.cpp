#include "chaturaji/game.h"

#include <algorithm>

#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"
#include "chaturaji/scoring.h"

namespace chaturaji {

std::string_view reason_text(Reason r) {
  switch (r) {
    case Reason::None: return "";
    case Reason::KingsCaptured: return "kings-captured";
    case Reason::LastPlayer: return "last-player";
    case Reason::Claim: return "claim";
    case Reason::Resign: return "resign";
    case Reason::Repetition: return "repetition";
    case Reason::FiftyRounds: return "fifty-rounds";
    case Reason::NoMove: return "no-move";
  }
  return "";
}

std::string result_text(const RuleSet& r, const Outcome& o) {
  if (!o.over) return "*";
  if (!o.winners) return "draw";
  std::string s;
  for (int seat = 0; seat < SEAT_COUNT; ++seat)
    if (o.winners & seat_bit(seat)) s += (s.empty() ? "" : "+") + std::string(r.color_name[seat]);
  return s;
}

std::array<int, SEAT_COUNT> finishing_places(const RuleSet& r, SeatMask winners,
                                             const std::array<int, SEAT_COUNT>& scores) {
  const bool by_score = !r.teams && !r.dice;
  const auto ahead = [&](int a, int b) {
    const bool wa = winners & seat_bit(a);
    const bool wb = winners & seat_bit(b);
    if (wa != wb) return wa;
    return by_score && winners && scores[std::size_t(a)] > scores[std::size_t(b)];
  };
  std::array<int, SEAT_COUNT> places{};
  for (int s = 0; s < SEAT_COUNT; ++s) {
    places[std::size_t(s)] = 1;
    for (int t = 0; t < SEAT_COUNT; ++t)
      if (ahead(t, s)) ++places[std::size_t(s)];
  }
  return places;
}

Game::Game(Variant v, std::uint64_t seed) : Game(Position::start(v), seed) { roll_if_new_turn(); }

Game::Game(const Position& start, std::uint64_t seed)
    : rng_(seed), roll_dice_(start.variant() == Variant::Dice && start.ring_size() == 1) {
  history_.push_back(start);
}

Game Game::with_given_throws(const Position& start) {
  Game g(start);
  g.roll_dice_ = false;
  return g;
}

core::Expected<bool> Game::set_throw(Throw t) {
  Position& pos = history_.back();
  if (pos.variant() != Variant::Dice) return core::error("this rule set has no dice");
  if (t.first < 2 || t.first > 5 || t.second < 2 || t.second > 5)
    return core::error("a throw is two faces 2-5");
  if (pos.moves_this_turn() != 0 || pos.dice_left() != 3)
    return core::error("the dice of a turn under way cannot change");
  pos.set_dice(t);
  return true;
}

core::Expected<Move> Game::play_text(std::string_view text) {
  if (over()) return core::error("the game is over");
  if (text.substr(0, 5) == "dice:") {
    const std::string_view t = text.substr(5);
    if (t.size() != 2 || t[0] < '2' || t[0] > '5' || t[1] < '2' || t[1] > '5') {
      if (position().variant() != Variant::Dice)
        return core::error("'" + std::string(text) + "': this rule set has no dice");
      return core::error("'" + std::string(text) + "': a throw is two faces 2-5, e.g. dice:34");
    }
    if (auto set = set_throw(Throw{std::uint8_t(t[0] - '0'), std::uint8_t(t[1] - '0')}); !set)
      return core::error("'" + std::string(text) + "': " + set.error());
    return Move::none();
  }
  auto m = parse_move(position(), text);
  if (!m) return m;
  play(*m);
  return m;
}

void Game::play(Move m) {
  history_.push_back(position().after(m));
  moves_.push_back(m);
  roll_if_new_turn();
}

void Game::roll_if_new_turn() {
  Position& pos = history_.back();
  if (!roll_dice_ || pos.moves_this_turn() != 0 || pos.dice_left() != 3) return;
  const auto face = [&] { return std::uint8_t(2 + rng_.below(4)); };
  const std::uint8_t first = face();
  pos.set_dice(Throw{first, face()});
}

bool Game::undo() {
  if (history_.size() < 2) return false;
  history_.pop_back();
  moves_.pop_back();
  return true;
}

namespace {

bool nobody_can_move(const Position& pos) {
  for (int s = 0; s < SEAT_COUNT; ++s) {
    if (!(pos.movers() & seat_bit(s))) continue;
    Position p = pos;
    p.set_turn(s);
    MoveList list;
    generate(p, list);
    if (!(list.size() == 1 && list[0].type() == Move::Pass)) return false;
  }
  return true;
}

SeatMask top_scorers(const std::array<int, SEAT_COUNT>& s) {
  int best = s[0];
  for (const int v : s) best = std::max(best, v);
  SeatMask m = 0;
  for (int i = 0; i < SEAT_COUNT; ++i)
    if (s[i] == best) m |= seat_bit(i);
  return m;
}

}  // namespace

Outcome Game::outcome() const {
  const Position& pos = position();
  Outcome o;
  for (int i = 0; i < SEAT_COUNT; ++i) o.scores[i] = pos.score(i);
  const bool points = pos.variant() == Variant::Points;
  const auto end = [&](Reason why, Ending how) {
    o.over = true;
    o.reason = why;
    if (points) {
      o.scores = final_scores(pos, how);
      o.winners = top_scorers(o.scores);
    }
    return o;
  };
  if (points) {
    if (pos.claimant() >= 0) return end(Reason::Claim, Ending::Claim);
    if (pos.in_count() <= 1) return end(Reason::LastPlayer, Ending::LastPlayer);
  } else {
    if (pos.resigned()) {
      o.over = true;
      o.reason = Reason::Resign;
      const int loser = std::countr_zero(unsigned(pos.resigned()));
      o.winners = SeatMask(seat_bit(loser ^ 1) | seat_bit(loser ^ 3));
      return o;
    }
    for (int t = 0; t < 2; ++t) {
      if (!pos.has_king(t ^ 1) && !pos.has_king(t ^ 3)) {
        o.over = true;
        o.reason = Reason::KingsCaptured;
        o.winners = SeatMask(seat_bit(t) | seat_bit(t ^ 2));
        return o;
      }
    }
  }
  if (!pos.rules().dice) {
    int repeats = 0;
    const core::Key key = pos.key();
    for (const Position& p : history_)
      if (p.key() == key) ++repeats;
    if (repeats >= 3) return end(Reason::Repetition, Ending::Draw);
  }
  const int players = std::popcount(unsigned(pos.movers()));
  if (pos.clock() >= 50 * std::max(players, 1)) return end(Reason::FiftyRounds, Ending::Draw);
  if (!pos.rules().dice && nobody_can_move(pos)) return end(Reason::NoMove, Ending::Draw);
  return o;
}

Outcome ended_by_resignation(const Game& game, int seat) {
  const RuleSet& r = game.start().rules();
  Outcome o = game.outcome();
  o.over = true;
  o.reason = Reason::Resign;
  o.winners = 0;
  if (r.teams) {
    o.winners = SeatMask(seat % 2 == 0 ? seat_bit(1) | seat_bit(3) : seat_bit(0) | seat_bit(2));
    return o;
  }
  // The one who leaves never wins: the most points among the others do.
  int best = -1;
  for (int s = 0; s < SEAT_COUNT; ++s)
    if (s != seat) best = std::max(best, int(o.scores[std::size_t(s)]));
  for (int s = 0; s < SEAT_COUNT; ++s)
    if (s != seat && o.scores[std::size_t(s)] == best) o.winners |= seat_bit(s);
  return o;
}

}  // namespace chaturaji
