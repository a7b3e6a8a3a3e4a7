#include "chaturaji/judge.h"

#include "chaturaji/fen.h"
#include "chaturaji/game.h"
#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"
#include "chaturaji/pgn4.h"
#include "chaturaji/scoring.h"

namespace chaturaji {

using nlohmann::json;

namespace {

json error_json(const std::string& message) { return json{{"error", message}}; }

json answer(const Game& game, const std::vector<std::string>& warnings) {
  const Position& pos = game.position();
  const RuleSet& r = pos.rules();
  const Outcome o = game.outcome();
  json legal = json::array();
  if (!o.over) {
    MoveList list;
    generate(pos, list);
    for (const Move m : list) legal.push_back(to_text(pos, m));
    if (may_pass(pos) && !list.contains(Move::special(Move::Pass))) legal.push_back("pass");
    if (may_claim(pos)) legal.push_back("claim");
  }
  json scores = json::object();
  json out = json::array();
  for (int s = 0; s < SEAT_COUNT; ++s) {
    scores[std::string(r.colour_name[s])] = o.scores[s];
    if (!pos.is_in(s)) out.push_back(std::string(r.colour_name[s]));
  }
  json a{{"fen", to_fen(pos)},        {"turn", std::string(r.colour_name[pos.turn()])},
         {"legal", std::move(legal)}, {"result", result_text(r, o)},
         {"reason", nullptr},         {"scores", std::move(scores)},
         {"out", std::move(out)}};
  if (o.reason != Reason::None) a["reason"] = std::string(reason_text(o.reason));
  if (r.dice) {
    json dice = json::array();
    if (pos.dice_left() & 1) dice.push_back(pos.dice().first);
    if (pos.dice_left() & 2) dice.push_back(pos.dice().second);
    a["dice"] = std::move(dice);
  }
  if (!warnings.empty()) a["warnings"] = warnings;
  return a;
}

}  // namespace

json judge(const json& request) {
  const std::string name = request.value("variant", std::string());
  const auto variant = variant_from_name(name);
  if (!variant) return error_json("unknown variant '" + name + "'");
  std::uint64_t seed = 1;
  if (request.contains("seed")) {
    if (!request["seed"].is_number_integer() || request["seed"].get<std::int64_t>() < 0)
      return error_json("\"seed\" must be a non-negative integer");
    seed = request["seed"].get<std::uint64_t>();
  }
  if (request.contains("pgn4") && !request["pgn4"].is_null()) {
    if (*variant != Variant::Points) return error_json("\"pgn4\" replays chaturaji-points games only");
    if (!request["pgn4"].is_string()) return error_json("\"pgn4\" must be a string");
    auto imported = parse_pgn4(request["pgn4"].get<std::string>());
    if (!imported) return error_json("bad PGN4: " + imported.error());
    return answer(imported->game, imported->warnings);
  }
  Game game(*variant, seed);
  if (request.contains("fen") && !request["fen"].is_null()) {
    if (!request["fen"].is_string()) return error_json("\"fen\" must be a string");
    auto pos = parse_fen(*variant, request["fen"].get<std::string>());
    if (!pos) return error_json("bad position: " + pos.error());
    game = Game(*pos, seed);
  }
  if (request.contains("moves") && !request["moves"].is_null()) {
    if (!request["moves"].is_array()) return error_json("\"moves\" must be an array of strings");
    std::size_t index = 0;
    for (const json& mv : request["moves"]) {
      if (!mv.is_string()) return error_json("moves[" + std::to_string(index) + "] is not a string");
      const auto played = game.play_text(mv.get<std::string>());
      if (!played) return error_json("moves[" + std::to_string(index) + "]: " + played.error());
      ++index;
    }
  }
  return answer(game, {});
}

}  // namespace chaturaji
