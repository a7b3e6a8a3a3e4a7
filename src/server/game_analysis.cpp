// GameService::analyse: a position's evaluation, on the analysis pool.
#include "server/game_service.h"
#include "server/match.h"
#include "server/room.h"

namespace server {

using nlohmann::json;

void GameService::analyse(const json& body, const Caller& caller, std::function<void(ApiResult)> done) {
  if (!body.is_object()) return done(fail(400, "the body must be a JSON object"));
  const auto variant = variant_of(body);
  if (!variant) return done(fail(400, variant.error()));
  const json fen = body.value("fen", json(""));
  const json moves = body.value("moves", json::array());
  if (!fen.is_string()) return done(fail(400, "fen must be a string"));
  if (!moves.is_array()) return done(fail(400, "moves must be an array of strings"));
  // Analysis is practice: a position may give its throws.
  auto made = make_match(*variant, fen.get<std::string>(), MatchOptions{true, {}});
  if (!made) return done(fail(400, made.error()));
  std::shared_ptr<Match> match = std::move(made).value();
  for (const json& mv : moves) {
    if (!mv.is_string()) return done(fail(400, "moves must be an array of strings"));
    if (auto ok = match->play(mv.get<std::string>()); !ok) return done(fail(400, ok.error()));
  }
  auto answer = std::make_shared<std::function<void(ApiResult)>>(std::move(done));
  AnalysisPool::Job job;
  job.run = [match, budget = options_.analysis_budget, answer] {
    // A pool thread must not end on an exception: the client gets a 500.
    try {
      json out =
          match->over() ? json{{"over", true}, {"result", match->result()}} : match->analyse(budget, nullptr);
      out["fen"] = match->state()["fen"];
      (*answer)({200, out});
    } catch (const std::exception& e) {
      (*answer)(fail(500, std::string("the analysis failed: ") + e.what()));
    }
  };
  job.refuse = [answer](AnalysisPool::Refusal why, std::chrono::seconds wait) {
    ApiResult busy = fail(503, why == AnalysisPool::Refusal::Stopping
                                   ? std::string("the server is stopping")
                                   : "the analysis queue is full and this request gave its place to another "
                                     "address's; try again in " +
                                         std::to_string(wait.count()) + " s");
    busy.retry_after = wait;
    (*answer)(busy);
  };
  const std::string who = caller.address.empty() ? "this client" : caller.address;
  const auto admitted = analysis_.submit(caller.address, std::move(job));
  if (admitted) return;
  const auto& o = analysis_.options();
  const std::string again = "; try again in " + std::to_string(admitted.retry_after.count()) + " s";
  ApiResult refused =
      admitted.refusal == AnalysisPool::Refusal::ClientFull
          ? fail(429, "too many analyses from " + who + ": at most " + std::to_string(o.per_client) +
                          " queued or running at once" + again)
      : admitted.refusal == AnalysisPool::Refusal::Stopping
          ? fail(503, "the server is stopping")
          : fail(503, "the analysis queue is full (" + std::to_string(o.queue_max) + " waiting)" + again);
  refused.retry_after = admitted.retry_after;
  (*answer)(refused);
}

}  // namespace server
