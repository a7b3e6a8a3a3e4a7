#include "cli/arena.h"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <mutex>
#include <ostream>
#include <thread>

#include "chaturaji/fen.h"
#include "cli/arena_game.h"
#include "cli/arena_report.h"

namespace cli {

using chaturaji::SEAT_COUNT;

int run_arena(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    out << ARENA_USAGE;
    return 0;
  }
  auto parsed = parse_arena_options(args);
  if (!parsed) {
    err << "arena: " << parsed.error() << "\n" << ARENA_USAGE;
    return 2;
  }
  ArenaOptions o = *parsed;
  for (const ArenaBot& bot : o.bots) {
    std::string error;
    if (bot.is_external() && !ExternalBot(bot.external).start(o.variant, error)) {
      err << "arena: --bot '" << bot.spec << "': " << error << "\n";
      return 2;
    }
  }
  const auto seats = arena::seatings(o);
  const int per_opening = int(seats.size());
  const int openings = o.openings > 0 ? o.openings : std::max(1, (o.games + per_opening - 1) / per_opening);
  std::vector<arena::Job> jobs;
  for (int i = 0; i < openings; ++i)
    for (const auto& s : seats) jobs.push_back({i, s});

  std::vector<arena::GameRecord> records(jobs.size());
  std::vector<std::int64_t> max_ms(o.bots.size(), 0);
  std::atomic<std::size_t> next{0};
  std::mutex lock;
  const auto worker = [&] {
    arena::Engines engines(o.bots.size());
    arena::Externals externals(o.bots.size());
    for (std::size_t b = 0; b < o.bots.size(); ++b) {
      if (!o.bots[b].is_external()) {
        engines[b] = std::make_unique<engine::ChaturajiEngine>(4);
        engines[b]->set_algorithm(o.bots[b].options.algorithm);
        engines[b]->set_noise(o.bots[b].options.noise);
        engines[b]->set_params(o.bots[b].options.params);
        continue;
      }
      externals[b] = std::make_unique<ExternalBot>(o.bots[b].external);
      std::string error;
      externals[b]->start(o.variant, error);  // a failure shows as forfeits
    }
    std::vector<std::int64_t> slowest(o.bots.size(), 0);
    for (std::size_t j; (j = next++) < jobs.size();)
      records[j] = arena::play_game(o, jobs[j], engines, externals, slowest);
    const std::lock_guard guard(lock);
    for (std::size_t b = 0; b < slowest.size(); ++b) max_ms[b] = std::max(max_ms[b], slowest[b]);
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < o.threads; ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (!o.record.empty()) {
    std::ofstream file(o.record);
    if (!file) {
      err << "arena: --record '" << o.record << "': cannot write\n";
      return 1;
    }
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      const arena::GameRecord& g = records[j];
      file << "opening " << jobs[j].opening << " seats";
      for (const int b : g.bot) file << " " << b;
      file << " winners";
      for (int s = 0; s < SEAT_COUNT; ++s)
        if (g.winners & chaturaji::seat_bit(s))
          file << " " << chaturaji::rules(o.variant).color_name[std::size_t(s)];
      file << " plies " << g.plies << " | " << chaturaji::to_fen(arena::make_opening(o, jobs[j].opening))
           << " | " << g.moves << "\n";
    }
  }
  arena::report(o, records, max_ms, out);
  return 0;
}

}  // namespace cli
