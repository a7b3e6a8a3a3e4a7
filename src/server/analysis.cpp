#include "server/analysis.h"

#include <string>

#include "server/room.h"

namespace server {

using nlohmann::json;

namespace {

// An optional whole number in [low, high], or what was wrong with it.
core::Expected<int> bounded(const json& body, const char* key, int fallback, int low, int high) {
  if (!body.contains(key)) return fallback;
  const json& v = body[key];
  if (!v.is_number_integer() || v.get<long long>() < low || v.get<long long>() > high)
    return core::error(std::string(key) + " must be a whole number from " + std::to_string(low) + " to " +
                       std::to_string(high));
  return int(v.get<long long>());
}

}  // namespace

core::Expected<std::unique_ptr<Match>> position_from(const json& body) {
  if (!body.is_object()) return core::error("the body must be a JSON object");
  const auto variant = variant_of(body);
  if (!variant) return core::error(variant.error());
  const json fen = body.value("fen", json(""));
  const json moves = body.value("moves", json::array());
  if (!fen.is_string()) return core::error("fen must be a string");
  if (!moves.is_array()) return core::error("moves must be an array of strings");
  // Analysis is practice: a position may give its throws.
  auto made = make_match(*variant, fen.get<std::string>(), MatchOptions{true, {}});
  if (!made) return core::error(made.error());
  std::unique_ptr<Match> match = std::move(made).value();
  if (body.value("setup", false) == true)
    if (const std::string why = match->setup_error(); !why.empty()) return core::error("setup: " + why);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!moves[i].is_string()) return core::error("moves must be an array of strings");
    const std::string move = moves[i].get<std::string>();
    if (auto ok = match->play(move); !ok)
      return core::error("move " + std::to_string(i + 1) + " (" + move + "): " + ok.error());
  }
  return match;
}

ApiResult position_reply(const json& body) {
  auto made = position_from(body);
  if (!made) return {400, json{{"error", made.error()}}};
  const Match& m = **made;
  json s = m.state();
  s["variant"] = m.variant();
  s["turn"] = m.turn() >= 0 ? json(m.seats()[std::size_t(m.turn())]) : json(nullptr);
  s["result"] = m.result();
  s["reason"] = m.reason().empty() ? json(nullptr) : json(m.reason());
  s["ply"] = m.ply();
  return {200, std::move(s)};
}

core::Expected<AnalysisRequest> analysis_request(const json& body, std::chrono::milliseconds budget) {
  auto made = position_from(body);
  if (!made) return core::error(made.error());
  const auto multipv = bounded(body, "multipv", 1, 1, MAX_MULTIPV);
  if (!multipv) return core::error(multipv.error());
  const auto depth = bounded(body, "depth", 0, 1, MAX_ANALYSIS_DEPTH);
  if (!depth) return core::error(depth.error());
  return AnalysisRequest{std::shared_ptr<Match>(std::move(made).value()), {budget, *multipv, *depth}};
}

json run_analysis(const AnalysisRequest& request) {
  const Match& m = *request.match;
  json out = m.over() ? json{{"over", true}, {"result", m.result()}, {"reason", m.reason()}}
                      : m.analyse(request.limits, nullptr);
  out["fen"] = m.state()["fen"];
  return out;
}

}  // namespace server
