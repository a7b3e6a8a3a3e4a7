// The analysis board's requests, apart from games: a position given as a
// start and moves, checked move by move; its state for POST /api/position
// (legal moves, notation, result); and the options of POST /api/analyse
// (`multipv`, `depth`) with their bounds. GameService runs the analysis
// itself on its engine pool.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>

#include "core/expected.h"
#include "server/game_service.h"
#include "server/match.h"

namespace server {

constexpr int MAX_MULTIPV = 5;
constexpr int MAX_ANALYSIS_DEPTH = 30;

struct AnalysisRequest {
  std::shared_ptr<Match> match;
  AnalysisLimits limits;
};

// {"variant", "fen", "moves", "setup"}: the match after the moves, or what
// was wrong (the move's number and text when one is not legal). With
// "setup": true the start must be a position a game could reach (the
// editor's check), not only one the FEN reader accepts.
core::Expected<std::unique_ptr<Match>> position_from(const nlohmann::json& body);

// POST /api/position: the state a game would have at that position, with
// `variant`, `turn`, `result` and `reason`; 400 with the reason otherwise.
ApiResult position_reply(const nlohmann::json& body);

// The position and the limits of an analysis; `budget` is the server's.
core::Expected<AnalysisRequest> analysis_request(const nlohmann::json& body,
                                                 std::chrono::milliseconds budget);
// Runs it (blocking; for a worker thread): the engine's answer and `fen`.
nlohmann::json run_analysis(const AnalysisRequest& request);

}  // namespace server
