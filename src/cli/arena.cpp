#include "cli/arena.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <map>
#include <mutex>
#include <numeric>
#include <ostream>
#include <sstream>
#include <thread>

#include "chaturaji/fen.h"
#include "chaturaji/movegen.h"
#include "chaturaji/notation.h"
#include "chaturaji/scoring.h"
#include "core/rng.h"

namespace cli {

const char* const ARENA_USAGE =
    "usage: chaturanga arena --variant chaturaji-teams|chaturaji-dice|chaturaji-points\n"
    "                        --bot SPEC --bot SPEC [--bot SPEC --bot SPEC]\n"
    "                        [--games N] [--openings N] [--opening-plies N] [--max-plies N]\n"
    "                        [--threads N] [--seed N] [--record FILE]\n"
    "  SPEC: name[:depth=N][:ms=N][:nodes=N][:noise=N][:WEIGHT=N], name one of auto random greedy\n"
    "        greedy-material greedy-capture team expectimax star1 brs brs+ paranoid\n"
    "        mcts; WEIGHT an evaluation "
    "weight\n"
    "        (pawn knight boat rook bishop king mobility pawn_step king_zone king_attacked points threat\n"
    "        king_risk)\n"
    "  teams and dice take two bots (one per team), points four players.\n";

namespace {

using chaturaji::Game;
using chaturaji::Position;
using chaturaji::SEAT_COUNT;

std::optional<std::int64_t> to_number(std::string_view text) {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 0) return std::nullopt;
  return v;
}

// One game's result for the players in seat order.
struct GameRecord {
  std::array<int, SEAT_COUNT> bot{};  // which bot sat on each seat
  std::array<double, SEAT_COUNT> place{};
  std::array<double, SEAT_COUNT> win{};  // 1 alone first, 1/k shared, 0 otherwise
  chaturaji::SeatMask winners = 0;
  chaturaji::Reason reason = chaturaji::Reason::None;
  bool adjudicated = false;
  int plies = 0;
  std::string moves;  // with --record: the game's moves, each turn's throw first (dice)
};

struct Job {
  int opening;
  std::array<int, SEAT_COUNT> bot;
};

Position make_opening(const ArenaOptions& o, int index) {
  Game game(o.variant, o.seed + std::uint64_t(index) * 7919);
  core::Rng rng(o.seed * 1000003 + std::uint64_t(index));
  for (int i = 0; i < o.opening_plies && !game.over(); ++i) {
    chaturaji::MoveList list;
    chaturaji::generate(game.position(), list);
    game.play(list[std::size_t(rng.below(list.size()))]);
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

GameRecord play_game(const ArenaOptions& o, const Job& job, std::vector<search::TranspositionTable>& tables,
                     std::vector<std::int64_t>& max_ms) {
  const Position start = make_opening(o, job.opening);
  Game game(start, o.seed + std::uint64_t(job.opening) * 7919 + 17);
  for (auto& t : tables) t.clear();
  GameRecord rec;
  rec.bot = job.bot;
  while (!game.over() && rec.plies < o.max_plies) {
    const int bot = job.bot[std::size_t(game.position().turn())];
    const auto t0 = std::chrono::steady_clock::now();
    engine::ChaturajiRequest request = o.bots[std::size_t(bot)].request;
    request.seed = o.seed + std::uint64_t(job.opening) * 31 + std::uint64_t(bot);
    const engine::ChaturajiReply reply = engine::chaturaji_think(game, request, &tables[std::size_t(bot)]);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
    max_ms[std::size_t(bot)] = std::max<std::int64_t>(max_ms[std::size_t(bot)], ms.count());
    if (!reply.move) break;
    if (!o.record.empty()) {
      const Position& pos = game.position();
      if (o.variant == chaturaji::Variant::Dice && pos.moves_this_turn() == 0)
        rec.moves += "dice:" + std::to_string(pos.dice().first) + std::to_string(pos.dice().second) + " ";
      rec.moves += chaturaji::to_text(pos, reply.move) + " ";
    }
    game.play(reply.move);
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
  rec.winners = outcome.winners;
  rec.reason = outcome.reason;
  if (o.variant == chaturaji::Variant::Points) {
    const int k = std::popcount(unsigned(outcome.winners));
    for (int s = 0; s < SEAT_COUNT; ++s) {
      int above = 0, tied = 0;
      for (int t = 0; t < SEAT_COUNT; ++t) {
        if (t == s) continue;
        above += scores[std::size_t(t)] > scores[std::size_t(s)];
        tied += scores[std::size_t(t)] == scores[std::size_t(s)];
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
  return rec;
}

struct Sample {
  double sum = 0, sum_sq = 0;
  int n = 0;
  void add(double x) {
    sum += x;
    sum_sq += x * x;
    ++n;
  }
  double mean() const { return n ? sum / n : 0; }
  // Half the width of the 95 % interval of the mean.
  double error() const {
    if (n < 2) return 0;
    const double var = (sum_sq - sum * sum / n) / (n - 1);
    return 1.96 * std::sqrt(std::max(var, 0.0) / n);
  }
};

std::string fmt(double v, int digits = 3) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << v;
  return s.str();
}

void report(const ArenaOptions& o, const std::vector<GameRecord>& games,
            const std::vector<std::int64_t>& max_ms, std::ostream& out) {
  const chaturaji::RuleSet& r = chaturaji::rules(o.variant);
  const bool points = o.variant == chaturaji::Variant::Points;
  const int players = int(o.bots.size());
  int adjudicated = 0, draws = 0;
  double plies = 0;
  for (const GameRecord& g : games) {
    adjudicated += g.adjudicated;
    draws += g.winners == 0;
    plies += g.plies;
  }
  out << "arena " << r.name << ": " << games.size() << " games, " << adjudicated << " stopped at "
      << o.max_plies << " plies, " << draws << " draws, "
      << fmt(plies / std::max<std::size_t>(games.size(), 1), 1) << " plies per game\n";
  std::map<std::string, int> reasons;
  for (const GameRecord& g : games)
    ++reasons[g.adjudicated ? "max-plies" : std::string(chaturaji::reason_text(g.reason))];
  out << "endings:";
  for (const auto& [why, count] : reasons) out << " " << why << " " << count;
  out << "\n";
  for (int b = 0; b < players; ++b) {
    Sample win, place;
    std::array<int, 7> places{};
    std::array<Sample, SEAT_COUNT> seat_win;
    for (const GameRecord& g : games) {
      // Teams: a bot holds two seats but plays one game; count it once.
      bool counted = false;
      for (int s = 0; s < SEAT_COUNT; ++s) {
        if (g.bot[std::size_t(s)] != b) continue;
        seat_win[std::size_t(s)].add(g.win[std::size_t(s)]);
        if (counted && !points) continue;
        counted = true;
        win.add(g.win[std::size_t(s)]);
        place.add(g.place[std::size_t(s)]);
        places[std::size_t(std::clamp(int(g.place[std::size_t(s)] * 2) - 2, 0, 6))]++;
      }
    }
    out << "player " << b << " " << o.bots[std::size_t(b)].spec << ": games " << win.n << ", "
        << (points ? "first" : "score") << " " << fmt(100 * win.mean(), 1) << "% ± "
        << fmt(100 * win.error(), 1) << "%, mean place " << fmt(place.mean(), 2) << " ± "
        << fmt(place.error(), 2) << ", slowest reply " << max_ms[std::size_t(b)] << " ms\n";
    out << "  places (1, 1.5, 2, 2.5, 3, 3.5, 4):";
    for (const int c : places) out << " " << c;
    out << "\n  by seat (" << (points ? "first" : "score") << " %):";
    for (int s = 0; s < SEAT_COUNT; ++s)
      out << " " << r.colour_name[std::size_t(s)] << " " << fmt(100 * seat_win[std::size_t(s)].mean(), 1)
          << " ± " << fmt(100 * seat_win[std::size_t(s)].error(), 1) << " (" << seat_win[std::size_t(s)].n
          << ")";
    out << "\n";
  }
  if (points) {
    out << "by seat, all players:";
    for (int s = 0; s < SEAT_COUNT; ++s) {
      Sample place;
      for (const GameRecord& g : games) place.add(g.place[std::size_t(s)]);
      out << " " << r.colour_name[std::size_t(s)] << " place " << fmt(place.mean(), 2) << " ± "
          << fmt(place.error(), 2);
    }
    out << "\n";
  }
}

}  // namespace

core::Expected<ArenaBot> parse_arena_bot(const std::string& spec) {
  ArenaBot bot;
  bot.spec = spec;
  std::size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  const auto a = engine::chaturaji_algorithm_from_name(name);
  if (!a) return core::error("--bot '" + spec + "': unknown bot '" + name + "'");
  bot.request.algorithm = *a;
  while (colon != std::string::npos) {
    const std::size_t next = spec.find(':', colon + 1);
    const std::string item =
        spec.substr(colon + 1, next == std::string::npos ? std::string::npos : next - colon - 1);
    const std::size_t eq = item.find('=');
    const auto v = eq == std::string::npos ? std::nullopt : to_number(std::string_view(item).substr(eq + 1));
    const std::string key = item.substr(0, eq);
    if (!v) return core::error("--bot '" + spec + "': '" + item + "' is not key=number");
    if (key == "depth")
      bot.request.limits.depth = int(std::min<std::int64_t>(*v, 64));
    else if (key == "ms")
      bot.request.limits.time_ms = *v;
    else if (key == "nodes")
      bot.request.limits.nodes = std::uint64_t(*v);
    else if (key == "noise")
      bot.request.noise = int(*v);
    else if (chaturaji::EvalParams probe{}; chaturaji::set_param(probe, key, int(*v)))
      bot.weights.emplace_back(key, int(*v));
    else
      return core::error("--bot '" + spec + "': unknown limit or weight '" + key + "'");
    colon = next;
  }
  return bot;
}

core::Expected<ArenaOptions> parse_arena_options(const std::vector<std::string>& args) {
  ArenaOptions o;
  bool variant_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& key = args[i];
    if (i + 1 >= args.size()) return core::error("'" + key + "' needs a value");
    const std::string& value = args[++i];
    if (key == "--variant") {
      const auto v = chaturaji::variant_from_name(value);
      if (!v) return core::error("--variant '" + value + "': not a four-handed rule set");
      o.variant = *v;
      variant_given = true;
      continue;
    }
    if (key == "--record") {
      o.record = value;
      continue;
    }
    if (key == "--bot") {
      auto bot = parse_arena_bot(value);
      if (!bot) return core::error(bot.error());
      o.bots.push_back(*bot);
      continue;
    }
    const auto n = to_number(value);
    if (!n) return core::error("'" + key + "': '" + value + "' is not a number");
    if (key == "--games")
      o.games = int(*n);
    else if (key == "--openings")
      o.openings = int(*n);
    else if (key == "--opening-plies")
      o.opening_plies = int(*n);
    else if (key == "--max-plies")
      o.max_plies = int(std::max<std::int64_t>(*n, 1));
    else if (key == "--threads")
      o.threads = int(std::clamp<std::int64_t>(*n, 1, 64));
    else if (key == "--seed")
      o.seed = std::uint64_t(*n);
    else
      return core::error("unknown option '" + key + "'");
  }
  if (!variant_given) return core::error("--variant is required");
  for (ArenaBot& bot : o.bots) {
    if (bot.weights.empty()) continue;
    bot.params = std::make_shared<chaturaji::EvalParams>(chaturaji::builtin_params(o.variant));
    for (const auto& [name, value] : bot.weights) chaturaji::set_param(*bot.params, name, value);
    bot.request.params = bot.params.get();
  }
  const std::size_t want = o.variant == chaturaji::Variant::Points ? 4 : 2;
  if (o.bots.size() != want)
    return core::error(std::string(chaturaji::rules(o.variant).name) + " needs " + std::to_string(want) +
                       " --bot options, got " + std::to_string(o.bots.size()));
  return o;
}

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
  const auto seats = seatings(o);
  const int per_opening = int(seats.size());
  const int openings = o.openings > 0 ? o.openings : std::max(1, (o.games + per_opening - 1) / per_opening);
  std::vector<Job> jobs;
  for (int i = 0; i < openings; ++i)
    for (const auto& s : seats) jobs.push_back({i, s});

  std::vector<GameRecord> records(jobs.size());
  std::vector<std::int64_t> max_ms(o.bots.size(), 0);
  std::atomic<std::size_t> next{0};
  std::mutex lock;
  const auto worker = [&] {
    std::vector<search::TranspositionTable> tables(o.bots.size());
    for (auto& t : tables) t.resize(4);
    std::vector<std::int64_t> slowest(o.bots.size(), 0);
    for (std::size_t j; (j = next++) < jobs.size();) records[j] = play_game(o, jobs[j], tables, slowest);
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
      const GameRecord& g = records[j];
      file << "opening " << jobs[j].opening << " seats";
      for (const int b : g.bot) file << " " << b;
      file << " winners";
      for (int s = 0; s < SEAT_COUNT; ++s)
        if (g.winners & chaturaji::seat_bit(s))
          file << " " << chaturaji::rules(o.variant).colour_name[std::size_t(s)];
      file << " plies " << g.plies << " | " << chaturaji::to_fen(make_opening(o, jobs[j].opening)) << " | "
           << g.moves << "\n";
    }
  }
  report(o, records, max_ms, out);
  return 0;
}

}  // namespace cli
