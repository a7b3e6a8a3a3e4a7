#include "cli/judge.h"

#include <iostream>
#include <nlohmann/json.hpp>

#include "chaturanga/fen.h"
#include "chaturanga/game.h"
#include "chaturanga/movegen.h"
#include "chaturanga/notation.h"
#include "chaturanga/options_json.h"
#include "cli/variant_judges.h"

namespace cli {

using nlohmann::json;

namespace {

json error_json(const std::string& message) { return json{{"error", message}}; }

// Inputs may carry invalid UTF-8 that an error message quotes back; it is
// replaced rather than allowed to abort the answer.
std::string dump(const json& answer) { return answer.dump(-1, ' ', false, json::error_handler_t::replace); }

// The game of the family named `variant`, with the options of "rules" if given.
core::Expected<const chaturanga::RuleSet*> requested_rules(const json& request,
                                                           const chaturanga::RuleSet& named) {
  if (!request.contains("rules") || request["rules"].is_null()) return &named;
  if (named.variant != chaturanga::Variant::Chaturanga)
    return core::error("\"rules\" are Chaturanga's options; " + std::string(named.name) + " has none");
  const auto options = chaturanga::options_from_json(request["rules"], named.options);
  if (!options) return core::error(options.error());
  return &chaturanga::chaturanga_rules(*options);
}

json judge_family(const json& request, const chaturanga::RuleSet& named) {
  using namespace chaturanga;
  const auto rules = requested_rules(request, named);
  if (!rules) return error_json(rules.error());
  Game game(start_position(**rules));
  if (request.contains("fen") && !request["fen"].is_null()) {
    if (!request["fen"].is_string()) return error_json("\"fen\" must be a string");
    auto g = Game::from_fen(**rules, request["fen"].get<std::string>());
    if (!g) return error_json("bad FEN: " + g.error());
    game = *g;
  }
  if (request.contains("moves") && !request["moves"].is_null()) {
    if (!request["moves"].is_array()) return error_json("\"moves\" must be an array of strings");
    std::size_t index = 0;
    for (const json& mv : request["moves"]) {
      if (!mv.is_string()) return error_json("moves[" + std::to_string(index) + "] is not a string");
      const auto played = game.play_uci(mv.get<std::string>());
      if (!played) return error_json("moves[" + std::to_string(index) + "]: " + played.error());
      ++index;
    }
  }
  const Position& pos = game.position();
  json legal = json::array();
  if (!game.over()) {
    MoveList moves;
    generate<GenKind::All>(pos, moves);
    for (const Move m : moves) legal.push_back(to_uci(m, **rules));
  }
  const Outcome outcome = game.outcome();
  json answer{{"fen", to_fen(pos)},
              {"turn", pos.side_to_move() == WHITE ? "w" : "b"},
              {"legal", std::move(legal)},
              {"result", result_text(outcome.result)},
              {"reason", nullptr}};
  if (outcome.reason != Reason::None) answer["reason"] = reason_text(outcome.reason);
  return answer;
}

}  // namespace

std::string judge_line(const std::string& line) {
  if (line.find_first_not_of(" \t") == std::string::npos)
    return dump(error_json("empty line: expected a JSON object"));
  json request;
  try {
    request = json::parse(line);
  } catch (const json::exception& e) {
    return dump(error_json(std::string("input is not JSON: ") + e.what()));
  }
  if (!request.is_object()) return dump(error_json("input must be a JSON object"));
  std::string variant = "chaturanga";
  if (request.contains("variant")) {
    if (!request["variant"].is_string()) return dump(error_json("\"variant\" must be a string"));
    variant = request["variant"].get<std::string>();
  }
  try {
    if (const chaturanga::RuleSet* family = chaturanga::find_rules(variant))
      return dump(judge_family(request, *family));
    if (const VariantJudge other = find_variant_judge(variant)) return dump(other(request));
  } catch (const std::exception& e) {
    return dump(error_json(std::string("bad input: ") + e.what()));
  }
  return dump(error_json("unknown variant '" + variant + "'"));
}

int run_judge(std::istream& in, std::ostream& out) {
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    out << judge_line(line) << '\n';
  }
  out.flush();
  return 0;
}

}  // namespace cli
