#include "cli/arena_game.h"

#include <algorithm>
#include <chrono>

#include "chaturaji/fen.h"
#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"
#include "chaturaji/scoring.h"
#include "core/rng.h"

namespace cli::arena {

using chaturaji::Game;
using chaturaji::Position;

namespace {

// What an outside program is told: the moves from the start, or for dice (whose
// throws the moves do not carry) the position itself.
std::string position_command(const ArenaOptions& o, const Game& game, const std::string& moves) {
  if (o.variant == chaturaji::Variant::Dice) return "position fen " + chaturaji::to_fen(game.position());
  return moves.empty() ? "position startpos" : "position startpos moves" + moves;
}

// Asks an outside program for the move; a fault becomes a timeout or resignation.
chaturaji::Move external_move(ExternalBot& bot, const ArenaOptions& o, const Game& game,
                              const std::string& moves, GameRecord& rec) {
  const int seat = game.position().turn();
  const ExternalReply reply = bot.ask(game.position(), position_command(o, game, moves));
  InfoSum& info = rec.info[std::size_t(seat)];
  ++info.replies;
  if (reply.has_info) {
    ++info.with_info;
    info.depth += reply.depth;
    info.nodes += double(reply.nodes);
    info.ms += double(reply.time_ms);
  }
  if (reply.fault == ExternalFault::None) return reply.move;
  rec.fault[std::size_t(seat)] = reply.fault;
  if (rec.fault_detail.empty())
    rec.fault_detail = std::string(chaturaji::rules(o.variant).color_name[std::size_t(seat)]) + " at ply " +
                       std::to_string(rec.plies) + ": " + reply.detail;
  return chaturaji::Move::special(reply.fault == ExternalFault::NoAnswer ? chaturaji::Move::Timeout
                                                                         : chaturaji::Move::Resign);
}

// Places and wins from the final scores; in points a player that forfeited
// ranks below every player that did not.
void place_players(const ArenaOptions& o, chaturaji::Outcome outcome,
                   const std::array<int, SEAT_COUNT>& scores, GameRecord& rec) {
  if (o.variant == chaturaji::Variant::Points) {
    const auto key = [&](int s) {
      return std::pair(rec.fault[std::size_t(s)] == ExternalFault::None, scores[std::size_t(s)]);
    };
    if (std::any_of(rec.fault.begin(), rec.fault.end(),
                    [](ExternalFault f) { return f != ExternalFault::None; })) {
      auto best = key(0);
      for (int s = 1; s < SEAT_COUNT; ++s) best = std::max(best, key(s));
      outcome.winners = 0;
      for (int s = 0; s < SEAT_COUNT; ++s)
        if (key(s) == best) outcome.winners |= chaturaji::seat_bit(s);
    }
    const int k = std::popcount(unsigned(outcome.winners));
    for (int s = 0; s < SEAT_COUNT; ++s) {
      int above = 0, tied = 0;
      for (int t = 0; t < SEAT_COUNT; ++t) {
        if (t == s) continue;
        above += key(t) > key(s);
        tied += key(t) == key(s);
      }
      rec.place[std::size_t(s)] = 1 + above + 0.5 * tied;
      rec.win[std::size_t(s)] = (outcome.winners & chaturaji::seat_bit(s)) ? 1.0 / k : 0.0;
    }
  } else {
    for (int s = 0; s < SEAT_COUNT; ++s) {
      const bool won = outcome.winners & chaturaji::seat_bit(s);
      const bool draw = outcome.winners == 0;
      rec.win[std::size_t(s)] = won ? 1.0 : draw ? 0.5 : 0.0;
      rec.place[std::size_t(s)] = won ? 1.0 : draw ? 1.5 : 2.0;
    }
  }
  rec.winners = outcome.winners;
  rec.reason = outcome.reason;
}

}  // namespace

Position make_opening(const ArenaOptions& o, int index, std::vector<std::string>* moves) {
  Game game(o.variant, o.seed + std::uint64_t(index) * 7919);
  core::Rng rng(o.seed * 1000003 + std::uint64_t(index));
  for (int i = 0; i < o.opening_plies && !game.over(); ++i) {
    chaturaji::MoveList list;
    chaturaji::generate(game.position(), list);
    const chaturaji::Move m = list[std::size_t(rng.below(list.size()))];
    if (moves) moves->push_back(chaturaji::to_text(game.position(), m));
    game.play(m);
  }
  return game.position();
}

std::vector<std::array<int, SEAT_COUNT>> seatings(const ArenaOptions& o) {
  std::vector<std::array<int, SEAT_COUNT>> out;
  if (o.variant != chaturaji::Variant::Points) return {{0, 1, 0, 1}, {1, 0, 1, 0}};
  std::array<int, SEAT_COUNT> perm{0, 1, 2, 3};
  do out.push_back(perm);
  while (std::next_permutation(perm.begin(), perm.end()));
  return out;
}

GameRecord play_game(const ArenaOptions& o, const Job& job, Engines& engines, Externals& externals,
                     std::vector<std::int64_t>& max_ms) {
  std::vector<std::string> opening_moves;
  const Position start = make_opening(o, job.opening, &opening_moves);
  Game game(start, o.seed + std::uint64_t(job.opening) * 7919 + 17);
  for (auto& e : engines)
    if (e) e->clear_hash();
  std::string moves;  // from the start, for outside programs
  for (const std::string& m : opening_moves) moves += " " + m;
  for (auto& e : externals) {
    std::string error;
    if (e) e->new_game(error);
  }
  GameRecord rec;
  rec.bot = job.bot;
  while (!game.over() && rec.plies < o.max_plies) {
    const int bot = job.bot[std::size_t(game.position().turn())];
    const auto t0 = std::chrono::steady_clock::now();
    chaturaji::Move move = chaturaji::Move::none();
    if (ExternalBot* external = externals[std::size_t(bot)].get()) {
      move = external_move(*external, o, game, moves, rec);
    } else {
      engine::Request request = o.bots[std::size_t(bot)].request;
      request.seed = o.seed + std::uint64_t(job.opening) * 31 + std::uint64_t(bot);
      engine::ChaturajiEngine& e = *engines[std::size_t(bot)];
      e.set_position(game);
      move = e.think(request).best;
    }
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
    max_ms[std::size_t(bot)] = std::max<std::int64_t>(max_ms[std::size_t(bot)], ms.count());
    if (!move) break;
    const Position& pos = game.position();
    const std::string text = chaturaji::to_text(pos, move);
    if (!o.record.empty()) {
      if (o.variant == chaturaji::Variant::Dice && pos.moves_this_turn() == 0)
        rec.moves += "dice:" + std::to_string(pos.dice().first) + std::to_string(pos.dice().second) + " ";
      rec.moves += text + " ";
    }
    moves += " " + text;
    game.play(move);
    ++rec.plies;
  }
  chaturaji::Outcome outcome = game.outcome();
  std::array<int, SEAT_COUNT> scores = outcome.scores;
  if (!outcome.over) {
    rec.adjudicated = true;
    if (o.variant == chaturaji::Variant::Points) {
      scores = chaturaji::final_scores(game.position(), chaturaji::Ending::Draw);
      const int top = *std::max_element(scores.begin(), scores.end());
      for (int s = 0; s < SEAT_COUNT; ++s)
        if (scores[std::size_t(s)] == top) outcome.winners |= chaturaji::seat_bit(s);
    }
  }
  place_players(o, outcome, scores, rec);
  return rec;
}

}  // namespace cli::arena
