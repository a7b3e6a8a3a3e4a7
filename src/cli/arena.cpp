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
    "  or uci=COMMAND[:ms=N][:nodes=N][:depth=N][:timeout=MS]: an outside program that speaks the\n"
    "        four-handed UCI (position startpos moves ... or, for dice, position fen ...; then go),\n"
    "        one per thread; COMMAND runs through /bin/sh and may not contain ':'. No bestmove within\n"
    "        timeout (default 2*ms+2000, or 60000 without ms) or an illegal one is a forfeit: that\n"
    "        player times out or resigns in the game, ranks below every player that did not forfeit\n"
    "        (points) and is counted as a forfeit in the report.\n"
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

// What an outside program's `info` lines said over a game, per seat.
struct InfoSum {
  int replies = 0;
  int with_info = 0;
  double depth = 0, nodes = 0, ms = 0;
};

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
  std::array<ExternalFault, SEAT_COUNT> fault{};
  std::string fault_detail;  // the first forfeit of the game, for the report
  std::array<InfoSum, SEAT_COUNT> info{};
};

struct Job {
  int opening;
  std::array<int, SEAT_COUNT> bot;
};

// The opening position; with `moves`, also the moves that lead to it from the start.
Position make_opening(const ArenaOptions& o, int index, std::vector<std::string>* moves = nullptr) {
  Game game(o.variant, o.seed + std::uint64_t(index) * 7919);
  core::Rng rng(o.seed * 1000003 + std::uint64_t(index));
  for (int i = 0; i < o.opening_plies && !game.over(); ++i) {
    chaturaji::MoveList list;
    chaturaji::generate(game.position(), list);
    const chaturaji::Move m = list[std::size_t(rng.below(list.size()))];
    if (moves) moves->push_back(chaturaji::to_text(game.position(), m));
    game.play(m);
  }
  return game.position();
}

// What an outside program is told: the moves from the start, or for dice (whose
// throws the moves do not carry) the position itself.
std::string position_command(const ArenaOptions& o, const Game& game, const std::string& moves) {
  if (o.variant == chaturaji::Variant::Dice) return "position fen " + chaturaji::to_fen(game.position());
  return moves.empty() ? "position startpos" : "position startpos moves" + moves;
}

using Externals = std::vector<std::unique_ptr<ExternalBot>>;
using Engines = std::vector<std::unique_ptr<engine::ChaturajiEngine>>;

// Asks an outside program for the move; a fault becomes a timeout or resignation.
chaturaji::Move external_move(ExternalBot& bot, const ArenaOptions& o, const Game& game,
                              const std::string& moves, GameRecord& rec) {
  const int seat = game.position().turn();
  const ExternalReply reply = bot.ask(game.position(), position_command(o, game, moves));
  InfoSum& info = rec.info[std::size_t(seat)];
  ++info.replies;
  if (reply.has_info) {
    ++info.with_info;
    info.depth += reply.depth;
    info.nodes += double(reply.nodes);
    info.ms += double(reply.time_ms);
  }
  if (reply.fault == ExternalFault::None) return reply.move;
  rec.fault[std::size_t(seat)] = reply.fault;
  if (rec.fault_detail.empty())
    rec.fault_detail = std::string(chaturaji::rules(o.variant).colour_name[std::size_t(seat)]) + " at ply " +
                       std::to_string(rec.plies) + ": " + reply.detail;
  return chaturaji::Move::special(reply.fault == ExternalFault::NoAnswer ? chaturaji::Move::Timeout
                                                                         : chaturaji::Move::Resign);
}

std::vector<std::array<int, SEAT_COUNT>> seatings(const ArenaOptions& o) {
  std::vector<std::array<int, SEAT_COUNT>> out;
  if (o.variant != chaturaji::Variant::Points) return {{0, 1, 0, 1}, {1, 0, 1, 0}};
  std::array<int, SEAT_COUNT> perm{0, 1, 2, 3};
  do out.push_back(perm);
  while (std::next_permutation(perm.begin(), perm.end()));
  return out;
}

// Places and wins from the final scores; in points a player that forfeited
// ranks below every player that did not.
void place_players(const ArenaOptions& o, chaturaji::Outcome outcome,
                   const std::array<int, SEAT_COUNT>& scores, GameRecord& rec) {
  if (o.variant == chaturaji::Variant::Points) {
    const auto key = [&](int s) {
      return std::pair(rec.fault[std::size_t(s)] == ExternalFault::None, scores[std::size_t(s)]);
    };
    if (std::any_of(rec.fault.begin(), rec.fault.end(),
                    [](ExternalFault f) { return f != ExternalFault::None; })) {
      auto best = key(0);
      for (int s = 1; s < SEAT_COUNT; ++s) best = std::max(best, key(s));
      outcome.winners = 0;
      for (int s = 0; s < SEAT_COUNT; ++s)
        if (key(s) == best) outcome.winners |= chaturaji::seat_bit(s);
    }
    const int k = std::popcount(unsigned(outcome.winners));
    for (int s = 0; s < SEAT_COUNT; ++s) {
      int above = 0, tied = 0;
      for (int t = 0; t < SEAT_COUNT; ++t) {
        if (t == s) continue;
        above += key(t) > key(s);
        tied += key(t) == key(s);
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
  rec.winners = outcome.winners;
  rec.reason = outcome.reason;
}

GameRecord play_game(const ArenaOptions& o, const Job& job, Engines& engines, Externals& externals,
                     std::vector<std::int64_t>& max_ms) {
  std::vector<std::string> opening_moves;
  const Position start = make_opening(o, job.opening, &opening_moves);
  Game game(start, o.seed + std::uint64_t(job.opening) * 7919 + 17);
  for (auto& e : engines)
    if (e) e->clear_hash();
  std::string moves;  // from the start, for outside programs
  for (const std::string& m : opening_moves) moves += " " + m;
  for (auto& e : externals) {
    std::string error;
    if (e) e->new_game(error);
  }
  GameRecord rec;
  rec.bot = job.bot;
  while (!game.over() && rec.plies < o.max_plies) {
    const int bot = job.bot[std::size_t(game.position().turn())];
    const auto t0 = std::chrono::steady_clock::now();
    chaturaji::Move move = chaturaji::Move::none();
    if (ExternalBot* external = externals[std::size_t(bot)].get()) {
      move = external_move(*external, o, game, moves, rec);
    } else {
      engine::Request request = o.bots[std::size_t(bot)].request;
      request.seed = o.seed + std::uint64_t(job.opening) * 31 + std::uint64_t(bot);
      engine::ChaturajiEngine& e = *engines[std::size_t(bot)];
      e.set_position(game);
      move = e.think(request).best;
    }
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
    max_ms[std::size_t(bot)] = std::max<std::int64_t>(max_ms[std::size_t(bot)], ms.count());
    if (!move) break;
    const Position& pos = game.position();
    const std::string text = chaturaji::to_text(pos, move);
    if (!o.record.empty()) {
      if (o.variant == chaturaji::Variant::Dice && pos.moves_this_turn() == 0)
        rec.moves += "dice:" + std::to_string(pos.dice().first) + std::to_string(pos.dice().second) + " ";
      rec.moves += text + " ";
    }
    moves += " " + text;
    game.play(move);
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
  place_players(o, outcome, scores, rec);
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

// Forfeits of an outside program and what its `info` lines said.
void report_external(int b, const std::vector<GameRecord>& games, std::ostream& out) {
  int no_answer = 0, illegal = 0;
  InfoSum sum;
  for (const GameRecord& g : games) {
    for (int s = 0; s < SEAT_COUNT; ++s) {
      if (g.bot[std::size_t(s)] != b) continue;
      no_answer += g.fault[std::size_t(s)] == ExternalFault::NoAnswer;
      illegal += g.fault[std::size_t(s)] == ExternalFault::Illegal;
      const InfoSum& i = g.info[std::size_t(s)];
      sum.replies += i.replies;
      sum.with_info += i.with_info;
      sum.depth += i.depth;
      sum.nodes += i.nodes;
      sum.ms += i.ms;
    }
  }
  out << "  outside program: forfeits " << no_answer + illegal << " (no answer " << no_answer << ", illegal "
      << illegal << ") in " << sum.replies << " replies";
  if (sum.with_info > 0)
    out << "; its info: mean depth " << fmt(sum.depth / sum.with_info, 1) << ", mean nodes "
        << fmt(sum.nodes / sum.with_info, 0);
  if (sum.ms > 0) out << ", nps " << fmt(sum.nodes * 1000 / sum.ms, 0);
  out << "\n";
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
    if (o.bots[std::size_t(b)].is_external()) report_external(b, games, out);
  }
  int listed = 0;
  for (std::size_t j = 0; j < games.size(); ++j) {
    if (games[j].fault_detail.empty() || ++listed > 10) continue;
    out << "forfeit in game " << j << ": " << games[j].fault_detail << "\n";
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

namespace {

struct SpecItem {
  std::string key;
  std::int64_t value;
};

// The `:key=number` items after a bot spec's first word, in order.
core::Expected<std::vector<SpecItem>> spec_items(const std::string& spec) {
  std::vector<SpecItem> items;
  std::size_t colon = spec.find(':');
  while (colon != std::string::npos) {
    const std::size_t next = spec.find(':', colon + 1);
    const std::string item =
        spec.substr(colon + 1, next == std::string::npos ? std::string::npos : next - colon - 1);
    const std::size_t eq = item.find('=');
    const auto v = eq == std::string::npos ? std::nullopt : to_number(std::string_view(item).substr(eq + 1));
    if (!v) return core::error("--bot '" + spec + "': '" + item + "' is not key=number");
    items.push_back({item.substr(0, eq), *v});
    colon = next;
  }
  return items;
}

core::Expected<ArenaBot> parse_external_bot(const std::string& spec) {
  ArenaBot bot;
  bot.spec = spec;
  const std::size_t colon = spec.find(':');
  bot.external.command = spec.substr(4, colon == std::string::npos ? std::string::npos : colon - 4);
  if (bot.external.command.empty()) return core::error("--bot '" + spec + "': uci= needs a command");
  const auto items = spec_items(spec);
  if (!items) return core::error(items.error());
  for (const auto& [key, v] : *items) {
    if (key == "ms")
      bot.external.ms = v;
    else if (key == "nodes")
      bot.external.nodes = std::uint64_t(v);
    else if (key == "depth")
      bot.external.depth = int(std::min<std::int64_t>(v, 64));
    else if (key == "timeout")
      bot.external.timeout_ms = v;
    else
      return core::error("--bot '" + spec + "': an outside program takes ms, nodes, depth or timeout, not '" +
                         key + "'");
  }
  return bot;
}

}  // namespace

core::Expected<ArenaBot> parse_arena_bot(const std::string& spec) {
  if (spec.rfind("uci=", 0) == 0) return parse_external_bot(spec);
  ArenaBot bot;
  bot.spec = spec;
  const std::string name = spec.substr(0, spec.find(':'));
  const auto a = engine::chaturaji_algorithm_from_name(name);
  if (!a) return core::error("--bot '" + spec + "': unknown bot '" + name + "'");
  bot.options.algorithm = *a;
  const auto items = spec_items(spec);
  if (!items) return core::error(items.error());
  for (const auto& [key, v] : *items) {
    if (key == "depth")
      bot.request.limits.depth = int(std::min<std::int64_t>(v, 64));
    else if (key == "ms")
      bot.request.limits.movetime_ms = v;
    else if (key == "nodes")
      bot.request.limits.nodes = std::uint64_t(v);
    else if (key == "noise")
      bot.options.noise = int(v);
    else if (search::chaturaji::EvalParams probe{}; search::chaturaji::set_param(probe, key, int(v)))
      bot.weights.emplace_back(key, int(v));
    else
      return core::error("--bot '" + spec + "': unknown limit or weight '" + key + "'");
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
    bot.params =
        std::make_shared<search::chaturaji::EvalParams>(search::chaturaji::builtin_params(o.variant));
    for (const auto& [name, value] : bot.weights) search::chaturaji::set_param(*bot.params, name, value);
    bot.options.params = bot.params.get();
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
  for (const ArenaBot& bot : o.bots) {
    std::string error;
    if (bot.is_external() && !ExternalBot(bot.external).start(o.variant, error)) {
      err << "arena: --bot '" << bot.spec << "': " << error << "\n";
      return 2;
    }
  }
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
    Engines engines(o.bots.size());
    Externals externals(o.bots.size());
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
      records[j] = play_game(o, jobs[j], engines, externals, slowest);
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
