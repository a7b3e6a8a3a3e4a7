#include "uci/chaturanga_session.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "chaturanga/fen.h"
#include "chaturanga/notation.h"
#include "chaturanga/perft.h"
#include "engine/chaturanga_levels.h"
#include "search/score.h"

namespace uci {

namespace {

std::string format_report(const engine::ChaturangaEngine::Report& r, const chaturanga::RuleSet& rules) {
  std::ostringstream os;
  os << "info depth " << r.depth << " seldepth " << r.seldepth << " multipv " << r.multipv << " score ";
  if (search::is_decisive(r.score))
    os << "mate " << search::mate_moves(r.score);
  else
    os << "cp " << r.score;
  if (r.bound == search::Bound::Lower) os << " lowerbound";
  if (r.bound == search::Bound::Upper) os << " upperbound";
  os << " nodes " << r.nodes << " nps "
     << r.nodes * 1000 / std::uint64_t(std::max<std::int64_t>(1, r.time_ms)) << " hashfull " << r.hashfull
     << " time " << r.time_ms << " pv";
  for (const chaturanga::Move m : r.pv) os << ' ' << chaturanga::to_uci(m, rules);
  return os.str();
}

}  // namespace

const char* const RULE_OPTIONS =
    "option name Elephant type combo default alfil var alfil var silver var dabbaba\n"
    "option name Kings type combo default apart var apart var facing\n"
    "option name Goal type combo default capture var capture var checkmate\n"
    "option name NoMove type combo default wins var wins var loses\n"
    "option name BareKing type check default true\n";

std::optional<core::Expected<chaturanga::Options>> set_rule_option(chaturanga::Options options,
                                                                   std::string_view key,
                                                                   std::string_view value) {
  if (key == "elephant" || key == "kings" || key == "goal")
    return chaturanga::set_option(options, key, value);
  if (key == "nomove") return chaturanga::set_option(options, "no-move", value);
  if (key != "bareking") return std::nullopt;
  if (value != "true" && value != "false")
    return core::error("option 'BareKing' needs true or false, got '" + std::string(value) + "'");
  options.bare_king = value == "true";
  return options;
}

ChaturangaSession::ChaturangaSession(const chaturanga::RuleSet& rules, Output& out, const Bounds& bounds)
    : rules_(rules), out_(out), bounds_(bounds) {
  engine_.set_position(chaturanga::Game(chaturanga::start_position(rules_)));
}

ChaturangaSession::~ChaturangaSession() {
  engine_.stop();
  engine_.wait();
}

void ChaturangaSession::settle() {
  if (open_ended_) engine_.stop();
  engine_.wait();
}

void ChaturangaSession::position(std::istringstream& args) {
  std::string word;
  args >> word;
  chaturanga::Game next(chaturanga::start_position(rules_));
  if (word == "fen") {
    std::string fen;
    while (args >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    if (word != "moves") word.clear();
    auto g = chaturanga::Game::from_fen(rules_, fen);
    if (!g) return out_.error("bad FEN '" + fen + "': " + g.error());
    next = *g;
  } else if (word == "startpos") {
    word.clear();
    args >> word;
  } else {
    return out_.error("position needs 'startpos' or 'fen', got '" + word + "'");
  }
  if (!word.empty() && word != "moves") return out_.error("position: expected 'moves', got '" + word + "'");
  while (args >> word) {
    const auto played = next.play_uci(word);
    if (!played) return out_.error("position: " + played.error());
  }
  engine_.set_position(next);
}

bool ChaturangaSession::parse_limits(std::istringstream& args, search::Limits& limits) {
  using chaturanga::BLACK;
  using chaturanga::WHITE;
  std::string word;
  while (args >> word) {
    // A number past what the limit holds means "as much as it holds".
    auto number = [&](auto& target) {
      using T = std::remove_reference_t<decltype(target)>;
      long long v = 0;
      if (!(args >> v) || v < 0) {
        out_.error("go: '" + word + "' needs a non-negative number");
        return false;
      }
      target = std::cmp_greater(v, std::numeric_limits<T>::max()) ? std::numeric_limits<T>::max() : T(v);
      return true;
    };
    bool ok = true;
    if (word == "wtime")
      ok = number(limits.time_ms[WHITE]);
    else if (word == "btime")
      ok = number(limits.time_ms[BLACK]);
    else if (word == "winc")
      ok = number(limits.inc_ms[WHITE]);
    else if (word == "binc")
      ok = number(limits.inc_ms[BLACK]);
    else if (word == "movestogo")
      ok = number(limits.movestogo);
    else if (word == "movetime")
      ok = number(limits.movetime_ms);
    else if (word == "depth")
      ok = number(limits.depth);
    else if (word == "nodes")
      ok = number(limits.nodes);
    else if (word == "mate") {
      int moves = 0;
      ok = number(moves);
      limits.depth =
          moves > std::numeric_limits<int>::max() / 2 ? std::numeric_limits<int>::max() : 2 * moves;
    } else if (word == "infinite")
      limits.infinite = true;
    else if (word == "ponder")
      limits.ponder = true;
    else if (word == "searchmoves") {
      std::string text;
      while (args >> text) {
        const auto m = chaturanga::parse_uci(engine_.game().position(), text);
        if (!m) {
          out_.error("go searchmoves: " + m.error());
          return false;
        }
        limits.searchmoves.push_back(search::pack(*m));
      }
    } else {
      out_.error("go: unknown limit '" + word + "'");
      return false;
    }
    if (!ok) return false;
  }
  return true;
}

void ChaturangaSession::go(std::istringstream& args, const Settings& settings) {
  engine::Request request;
  if (!parse_limits(args, request.limits)) return;
  search::Limits& limits = request.limits;
  if (bounds_.max_nodes && (!limits.nodes || limits.nodes > bounds_.max_nodes))
    limits.nodes = bounds_.max_nodes;
  settle();
  if (engine_.game().over()) {
    out_.say("info string the game is over (" +
             std::string(chaturanga::reason_text(engine_.game().outcome().reason)) + ")");
    return out_.say("bestmove (none)");
  }
  if (settings.limit_strength)
    request.level = engine::level_for_elo(settings.elo ? settings.elo : engine::MAX_ELO);
  else if (settings.skill < 20)
    request.level = engine::level_for_skill(settings.skill);
  request.seed = settings.games * 7919u + unsigned(engine_.game().moves().size()) + 1;
  open_ended_ = limits.infinite || limits.ponder;
  engine_.go(
      request, [this](const engine::ChaturangaEngine::Report& r) { out_.say(format_report(r, rules_)); },
      [this](const engine::ChaturangaEngine::Reply& r) {
        if (r.threads < engine_.options().threads)
          out_.say("info string Threads: only " + std::to_string(r.threads) + " of " +
                   std::to_string(engine_.options().threads) + " threads could be started");
        std::string text =
            "bestmove " + (r.best ? chaturanga::to_uci(r.best, rules_) : std::string("(none)"));
        if (r.ponder && !r.lines.empty() && r.best == r.lines.front().move)
          text += " ponder " + chaturanga::to_uci(r.ponder, rules_);
        out_.say(text);
      });
}

void ChaturangaSession::perft(int depth) {
  settle();
  std::ostringstream os;
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : chaturanga::perft_divide(engine_.game().position(), depth)) {
    os << chaturanga::to_uci(move, rules_) << ": " << nodes << '\n';
    total += nodes;
  }
  os << "\nNodes searched: " << total << '\n';
  out_.say(os.str());
}

void ChaturangaSession::print() {
  settle();
  out_.say("Fen: " + chaturanga::to_fen(engine_.game().position()));
}

}  // namespace uci
