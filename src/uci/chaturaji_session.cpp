#include "uci/chaturaji_session.h"

#include <algorithm>
#include <charconv>
#include <vector>

#include "chaturaji/fen.h"
#include "chaturaji/notation.h"
#include "chaturaji/perft.h"
#include "search/budget.h"

namespace uci {

namespace {

std::optional<std::int64_t> number(const std::string& text) {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 0) return std::nullopt;
  return v;
}

// UCI has two clocks: White's for Red and Yellow (seats 0 and 2), Black's
// for Blue and Green.
void set_clock(search::Limits& limits, bool white, std::int64_t ms, bool increment) {
  std::int64_t* clocks = increment ? limits.inc_ms : limits.time_ms;
  for (int seat = white ? 0 : 1; seat < chaturaji::SEAT_COUNT; seat += 2) clocks[seat] = ms;
}

}  // namespace

ChaturajiSession::ChaturajiSession(chaturaji::Variant v, Output& out, const Bounds& bounds)
    : variant_(v), out_(out), bounds_(bounds) {
  engine_.new_game(v);
}

ChaturajiSession::~ChaturajiSession() {
  engine_.stop();
  engine_.wait();
}

void ChaturajiSession::settle() {
  if (open_ended_) engine_.stop();
  engine_.wait();
}

void ChaturajiSession::new_game() {
  settle();
  engine_.new_game(variant_);
}

void ChaturajiSession::position(std::istringstream& args) {
  settle();
  std::vector<std::string> w;
  for (std::string word; args >> word;) w.push_back(word);
  std::size_t i = 0;
  chaturaji::Position start = chaturaji::Position::start(variant_);
  if (i < w.size() && w[i] == "startpos") {
    ++i;
  } else if (i < w.size() && w[i] == "fen") {
    std::string fen;
    for (++i; i < w.size() && w[i] != "moves"; ++i) fen += (fen.empty() ? "" : " ") + w[i];
    auto parsed = chaturaji::parse_fen(variant_, fen);
    if (!parsed) return out_.say("info string error: bad position '" + fen + "': " + parsed.error());
    start = *parsed;
  } else {
    return out_.say("info string error: position needs 'startpos' or 'fen <position>'");
  }
  chaturaji::Game game(start, seed_);
  if (i < w.size() && w[i] == "moves") {
    for (++i; i < w.size(); ++i)
      if (auto m = game.play_text(w[i]); !m)
        return out_.say("info string error: move '" + w[i] + "': " + m.error());
  } else if (i < w.size()) {
    return out_.say("info string error: unexpected '" + w[i] + "' in position");
  }
  engine_.set_position(game);
}

bool ChaturajiSession::parse_limits(std::istringstream& args, search::Limits& limits, bool& infinite) {
  std::vector<std::string> w;
  for (std::string word; args >> word;) w.push_back(word);
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] == "infinite") {
      infinite = true;
      continue;
    }
    if (w[i] == "ponder") continue;
    if (i + 1 >= w.size()) {
      out_.say("info string error: go " + w[i] + " needs a number");
      return false;
    }
    const auto v = number(w[i + 1]);
    if (!v) {
      out_.say("info string error: go " + w[i] + " '" + w[i + 1] + "' is not a number");
      return false;
    }
    const std::string& key = w[i++];
    if (key == "movetime")
      limits.movetime_ms = *v;
    else if (key == "depth")
      limits.depth = int(std::min<std::int64_t>(*v, search::MAX_DEPTH));
    else if (key == "nodes")
      limits.nodes = std::uint64_t(*v);
    else if (key == "wtime" || key == "btime")
      set_clock(limits, key == "wtime", *v, false);
    else if (key == "winc" || key == "binc")
      set_clock(limits, key == "winc", *v, true);
    else if (key != "movestogo") {
      out_.say("info string error: unknown go argument '" + key + "'");
      return false;
    }
  }
  return true;
}

void ChaturajiSession::go(std::istringstream& args, const Settings&) {
  engine::Request request;
  bool infinite = false;
  if (!parse_limits(args, request.limits, infinite)) return;
  search::Limits& limits = request.limits;
  const bool clock = limits.uses_clock(engine_.game().position().turn());
  if (!infinite && !limits.movetime_ms && !clock && !limits.depth && !limits.nodes) limits.movetime_ms = 1000;
  if (bounds_.max_nodes && (!limits.nodes || limits.nodes > bounds_.max_nodes))
    limits.nodes = bounds_.max_nodes;
  request.seed = seed_;
  settle();
  open_ended_ = infinite;
  engine_.go(request, {}, [this](const engine::ChaturajiEngine::Reply& r) {
    if (!r.best) return out_.say("info string the game is over\nbestmove (none)");
    std::ostringstream os;
    if (r.depth > 0)
      os << "info depth " << r.depth << " score cp " << r.score << " nodes " << r.nodes << " time " << r.ms
         << " nps " << (r.ms > 0 ? r.nodes * 1000 / std::uint64_t(r.ms) : r.nodes) << "\n";
    os << "bestmove " << chaturaji::to_text(engine_.game().position(), r.best);
    out_.say(os.str());
  });
}

void ChaturajiSession::perft(int depth) {
  settle();
  std::ostringstream os;
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : chaturaji::perft_divide(engine_.game().position(), depth)) {
    os << chaturaji::to_text(engine_.game().position(), move) << ": " << nodes << '\n';
    total += nodes;
  }
  os << "\nNodes searched: " << total;
  out_.say(os.str());
}

void ChaturajiSession::print() {
  settle();
  out_.say(chaturaji::to_fen(engine_.game().position()));
}

std::optional<chaturaji::Variant> chaturaji_variant(const std::string& uci_variant) {
  return chaturaji::variant_from_name(uci_variant);
}

}  // namespace uci
