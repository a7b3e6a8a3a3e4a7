#include "chaturaji/judge.h"

#include <cctype>

#include "chaturaji/dice_source.h"
#include "chaturaji/fen.h"
#include "chaturaji/game.h"
#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"
#include "chaturaji/pgn4.h"
#include "chaturaji/record.h"
#include "chaturaji/scoring.h"

namespace chaturaji {

using nlohmann::json;

namespace {

json error_json(const std::string& message) { return json{{"error", message}}; }

std::string lower_hex(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

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
    scores[std::string(r.color_name[s])] = o.scores[s];
    if (!pos.is_in(s)) out.push_back(std::string(r.color_name[s]));
  }
  json a{{"fen", to_fen(pos)},        {"turn", std::string(r.color_name[pos.turn()])},
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

// A string field of the request, or "" when absent; false when it is not a string.
bool optional_text(const json& request, const char* key, std::string& out) {
  if (!request.contains(key) || request[key].is_null()) return true;
  if (!request[key].is_string()) return false;
  out = request[key].get<std::string>();
  return true;
}

struct Verified {
  DiceSecret secret;
  std::string commitment;
  int throws = 0;
};

// Checks a dice record with the request's commitment and secret, where
// given, else the record's tags.
core::Expected<Verified> verify_record(const json& request, const Record& record) {
  std::string commitment, secret_hex;
  if (!optional_text(request, "dice_commitment", commitment))
    return core::error("\"dice_commitment\" must be a string of 64 hex digits");
  if (!optional_text(request, "dice_secret", secret_hex))
    return core::error("\"dice_secret\" must be a string of 64 hex digits");
  const auto tag = [&](const char* name) {
    const auto it = record.tags.find(name);
    return it == record.tags.end() ? std::string() : it->second;
  };
  const std::string recorded = tag("DiceCommitment");
  if (!commitment.empty() && !recorded.empty() && lower_hex(commitment) != lower_hex(recorded))
    return core::error("the record's DiceCommitment " + recorded + " is not the commitment given, " +
                       commitment);
  if (commitment.empty()) commitment = recorded;
  if (secret_hex.empty()) secret_hex = tag("DiceSecret");
  if (commitment.empty())
    return core::error("no dice commitment: give \"dice_commitment\" (published when the game began)");
  if (secret_hex.empty())
    return core::error(
        "no dice secret: the record has no DiceSecret tag (it is revealed when the game ends)");
  const auto secret = dice_secret_from_hex(secret_hex);
  if (!secret) return core::error("dice secret: " + secret.error());
  const auto checked = verify_throws(record, *secret, commitment);
  if (!checked) return core::error("dice: " + checked.error());
  return Verified{*secret, lower_hex(commitment), *checked};
}

json judge_record(const json& request, Variant variant) {
  if (!request["record"].is_string()) return error_json("\"record\" must be a string");
  auto record = parse_record(request["record"].get<std::string>());
  if (!record) return error_json("bad record: " + record.error());
  if (record->game.start().variant() != variant)
    return error_json("the record is of " + std::string(record->game.start().rules().name) + ", not " +
                      std::string(rules(variant).name));
  if (!rules(variant).dice) return answer(record->game, {});
  const auto verified = verify_record(request, *record);
  if (!verified) return error_json(verified.error());
  // The record ends before the throw of the turn under way; the secret gives it.
  Game game = record->game;
  DiceSource::fair(verified->secret).throw_if_new_turn(game);
  json a = answer(game, {});
  a["verified"] = {{"throws", verified->throws}, {"commitment", verified->commitment}};
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
  if (request.contains("record") && !request["record"].is_null()) return judge_record(request, *variant);
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
