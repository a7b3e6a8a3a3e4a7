// What the page draws for a four-handed game, and its records: PGN4 for
// `points`, our own notation for `teams` and `dice` (chaturaji/record.h).
#include <algorithm>

#include "chaturaji/fen.h"
#include "chaturaji/fen4.h"
#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"
#include "chaturaji/pgn4.h"
#include "chaturaji/record.h"
#include "chaturaji/scoring.h"
#include "server/chaturaji_match.h"

namespace server {

using namespace chaturaji;
using nlohmann::json;

namespace {

constexpr const char* EDGE_NAME[] = {"north", "east", "south", "west"};

std::string colour(const RuleSet& r, int seat) { return std::string(r.color_name[seat]); }

json colours_in(const RuleSet& r, SeatMask mask) {
  json out = json::array();
  for (int s = 0; s < SEAT_COUNT; ++s)
    if (mask & seat_bit(s)) out.push_back(colour(r, s));
  return out;
}

std::string throw_text(Throw t) { return {char('0' + t.first), char('0' + t.second)}; }

// Kings of players still in that a piece of a live enemy attacks.
json attacked_kings(const Position& pos) {
  const RuleSet& r = pos.rules();
  json out = json::array();
  for (int s = 0; s < SEAT_COUNT; ++s) {
    if (!pos.is_in(s)) continue;
    const SeatMask enemies = SeatMask(enemies_of(r.teams, s) & pos.in());
    for (Bitboard kings = pos.pieces(s, KING); kings; kings &= kings - 1) {
      const Square sq = Square(std::countr_zero(kings));
      if (pos.attackers_to(sq, enemies)) out.push_back(square_name(sq));
    }
  }
  return out;
}

json legal_moves(const Position& pos) {
  json legal = json::array();
  MoveList list;
  generate(pos, list);
  for (const Move m : list) legal.push_back(to_text(pos, m));
  if (may_pass(pos) && !list.contains(Move::special(Move::Pass))) legal.push_back("pass");
  if (may_claim(pos)) legal.push_back("claim");
  return legal;
}

json move_squares(Move m) {
  if (m.type() == Move::Drop) return json::array({square_name(m.to())});
  if (!m.is_board_move()) return json::array();
  return json::array({square_name(m.from()), square_name(m.to())});
}

// One entry per ply: the move, who made it, the move as the record writes it
// (PGN4 in `points`), the scores after it and, in `points`, the check bonus
// it earned; in `dice`, the throw it was made with.
json history(const Game& game) {
  const RuleSet& r = game.start().rules();
  json out = json::array();
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    const Position& before = game.history()[i];
    const Position& after = game.history()[i + 1];
    const Move m = game.moves()[i];
    json scores = json::array();
    for (int s = 0; s < SEAT_COUNT; ++s) scores.push_back(after.score(s));
    const std::string text = to_text(before, m);
    json entry{{"move", text},
               {"notation", r.variant == Variant::Points ? pgn4_move(before, after, m) : text},
               {"seat", colour(r, before.turn())},
               {"fen", to_fen(after)},
               {"squares", move_squares(m)},
               {"scores", std::move(scores)},
               {"out", colours_in(r, SeatMask(ALL_SEATS & ~after.in()))},
               {"check", attacked_kings(after)}};
    if (r.variant == Variant::Points)
      entry["bonus"] = m.is_board_move() ? check_bonus(newly_threatened(before, after, before.turn())) : 0;
    if (r.dice) entry["dice"] = throw_text(before.dice());
    out.push_back(std::move(entry));
  }
  return out;
}

// The names of the files and ranks as the game's record writes squares:
// chess.com's frame for `points` (a1 is d4), ours for the others.
json square_names(const RuleSet& r) {
  json files = json::array(), ranks = json::array();
  for (int i = 0; i < 8; ++i) {
    const std::string name = r.variant == Variant::Points ? frame_square_name(core::make_square(i, i))
                                                          : square_name(core::make_square(i, i));
    files.push_back(name.substr(0, 1));
    ranks.push_back(name.substr(1));
  }
  return json{{"files", files}, {"ranks", ranks}};
}

json rule_set_info(const RuleSet& r) {
  json edges = json::object(), pieces = json::object();
  for (int s = 0; s < SEAT_COUNT; ++s) edges[colour(r, s)] = EDGE_NAME[int(r.edge[s])];
  for (int k = 0; k < PIECE_TYPE_COUNT; ++k)
    if (r.letter[k] != ' ') pieces[std::string(1, r.letter[k])] = std::string(r.piece_type_name[k]);
  json letters = json::object();
  for (int s = 0; s < SEAT_COUNT; ++s) letters[std::string(1, r.color_letter[s])] = colour(r, s);
  return json{{"edges", edges},
              {"pieces", pieces},
              {"colour_letters", letters},
              {"teams", r.teams},
              {"dice", r.dice},
              {"promotion", r.promotion == Promotion::Choice ? "choice" : "automatic"},
              {"squares", square_names(r)}};
}

}  // namespace

json ChaturajiMatch::state() const {
  const Position& pos = game_.position();
  const RuleSet& r = rules();
  const Outcome o = game_.outcome();
  json s;
  s["fen"] = to_fen(pos);
  s["start_fen"] = start_fen();
  s["colours"] = seats_;
  s["rules"] = rule_set_info(r);
  json moves = json::array(), fens = json::array({to_fen(game_.start())});
  const json plies = history(game_);
  for (const json& h : plies) {
    moves.push_back(h["move"]);
    fens.push_back(h["fen"]);
  }
  s["moves"] = moves;
  s["san"] = std::move(moves);
  s["fens"] = std::move(fens);
  s["history"] = plies;
  s["legal"] = over() ? json::array() : legal_moves(pos);
  s["check"] = attacked_kings(pos);
  s["last_move"] = plies.empty() ? json(nullptr) : plies.back()["move"];
  s["last_squares"] = plies.empty() ? json::array() : plies.back()["squares"];
  json scores = json::object();
  for (int i = 0; i < SEAT_COUNT; ++i) scores[seats_[i]] = o.scores[i];
  s["scores"] = std::move(scores);
  s["out"] = colours_in(r, SeatMask(ALL_SEATS & ~pos.in()));
  s["resigned"] = colours_in(r, pos.resigned());
  s["may_pass"] = !over() && may_pass(pos);
  s["may_claim"] = !over() && may_claim(pos);
  if (r.dice) {
    const Throw t = pos.dice();
    s["dice"] = {{"throw", json::array({t.first, t.second})},
                 {"unused", json::array({(pos.dice_left() & 1) != 0, (pos.dice_left() & 2) != 0})},
                 {"moved", pos.moves_this_turn()}};
    s["reentry"] = colours_in(r, pos.reentry());
    json thrones = json::array();
    for (int taker = 0; taker < SEAT_COUNT; ++taker)
      for (int victim = 0; victim < SEAT_COUNT; ++victim)
        if (pos.thrones(taker) & seat_bit(victim)) thrones.push_back({colour(r, taker), colour(r, victim)});
    s["thrones"] = std::move(thrones);
  }
  // Fair dice: the commitment from the start, the secret once it may be shown.
  const std::string commitment = dice_.commitment();
  s["dice_commitment"] = commitment.empty() ? json(nullptr) : json(commitment);
  s["dice_secret"] = secret_out() ? json(dice_.secret_hex()) : json(nullptr);
  const std::string why = reason();
  s["reason_words"] = why;
  return s;
}

std::string ChaturajiMatch::pgn(const Tags& tags) const {
  Tags all = tags;
  all["Variant"] = std::string(rules().name);
  if (!decided_reason_.empty()) all["Termination"] = decided_reason_;
  if (const std::string c = dice_.commitment(); !c.empty()) all["DiceCommitment"] = c;
  if (secret_out()) all["DiceSecret"] = dice_.secret_hex();
  if (rules().variant == Variant::Points) {
    const std::string body = to_pgn4(game_);
    all.erase("Variant");
    const std::size_t first_line = body.find('\n') + 1;
    return body.substr(0, first_line) + tag_lines(all) + body.substr(first_line);
  }
  all["Result"] = result();
  all["StartFen"] = start_fen();
  return to_record(game_, all, result());
}

core::Expected<json> replay_pgn4(std::string_view text) {
  auto parsed = parse_pgn4(text);
  if (!parsed) return core::error("pgn4: " + parsed.error());
  Pgn4Game record = std::move(parsed).value();
  const ChaturajiMatch match(std::move(record.game));
  json s = match.state();
  s["variant"] = match.variant();
  s["result"] = match.result();
  s["reason"] = match.reason().empty() ? json(nullptr) : json(match.reason());
  s["turn"] = match.turn() >= 0 ? json(match.seats()[match.turn()]) : json(nullptr);
  s["tags"] = record.tags;
  s["warnings"] = record.warnings;
  return s;
}

}  // namespace server
