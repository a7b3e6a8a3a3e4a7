// GameService::analyse: a position's evaluation, on the analysis pool.
#include "server/analysis.h"
#include "server/game_service.h"
#include "server/match.h"
#include "server/room.h"

namespace server {

using nlohmann::json;

void GameService::analyse(const json& body, const Caller& caller, std::function<void(ApiResult)> done) {
  auto request = analysis_request(body, options_.analysis_budget);
  if (!request) return done(fail(400, request.error()));
  auto answer = std::make_shared<std::function<void(ApiResult)>>(std::move(done));
  AnalysisPool::Job job;
  job.run = [request = std::move(request).value(), answer] {
    // A pool thread must not end on an exception: the client gets a 500.
    try {
      (*answer)({200, run_analysis(request)});
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
