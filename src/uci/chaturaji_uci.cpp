#include "uci/chaturaji_uci.h"

#include <algorithm>
#include <charconv>
#include <ostream>
#include <sstream>
#include <vector>

#include "chaturaji/fen.h"
#include "chaturaji/notation.h"
#include "chaturaji/perft.h"

namespace uci {

namespace {

// A time beyond a year counts as a year, which keeps the search's sums in range.
constexpr std::int64_t YEAR_MS = 365LL * 24 * 3600 * 1000;

std::vector<std::string> split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::optional<std::int64_t> number(const std::string& text) {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 0) return std::nullopt;
  return v;
}

void set_position(const std::vector<std::string>& w, ChaturajiSession& s, std::ostream& out) {
  std::size_t i = 1;
  chaturaji::Position start = chaturaji::Position::start(s.variant);
  if (i < w.size() && w[i] == "startpos") {
    ++i;
  } else if (i < w.size() && w[i] == "fen") {
    std::string fen;
    for (++i; i < w.size() && w[i] != "moves"; ++i) fen += (fen.empty() ? "" : " ") + w[i];
    auto parsed = chaturaji::parse_fen(s.variant, fen);
    if (!parsed) {
      out << "info string error: bad position '" << fen << "': " << parsed.error() << "\n";
      return;
    }
    start = *parsed;
  } else {
    out << "info string error: position needs 'startpos' or 'fen <position>'\n";
    return;
  }
  chaturaji::Game game(start, s.seed);
  if (i < w.size() && w[i] == "moves") {
    for (++i; i < w.size(); ++i) {
      if (auto m = game.play_text(w[i]); !m) {
        out << "info string error: move '" << w[i] << "': " << m.error() << "\n";
        return;
      }
    }
  } else if (i < w.size()) {
    out << "info string error: unexpected '" << w[i] << "' in position\n";
    return;
  }
  s.game = std::move(game);
}

void perft(const std::vector<std::string>& w, ChaturajiSession& s, std::ostream& out) {
  const auto depth = w.size() == 3 ? number(w[2]) : std::nullopt;
  if (!depth || *depth < 1 || *depth > s.max_perft_depth) {
    out << "info string error: go perft needs a depth from 1 to " << s.max_perft_depth << "\n";
    return;
  }
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : chaturaji::perft_divide(s.game.position(), int(*depth))) {
    out << chaturaji::to_text(s.game.position(), move) << ": " << nodes << '\n';
    total += nodes;
  }
  out << "\nNodes searched: " << total << "\n\n";
}

void go(const std::vector<std::string>& w, ChaturajiSession& s, std::ostream& out) {
  if (w.size() > 1 && w[1] == "perft") return perft(w, s, out);
  engine::ChaturajiRequest request;
  request.algorithm = s.algorithm;
  request.seed = s.seed;
  request.limits.stop = &s.stop;
  std::int64_t clock[2] = {0, 0};
  std::int64_t inc[2] = {0, 0};
  bool infinite = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (w[i] == "infinite") {
      infinite = true;
      continue;
    }
    if (w[i] == "ponder") continue;
    if (i + 1 >= w.size()) {
      out << "info string error: go " << w[i] << " needs a number\n";
      return;
    }
    const auto v = number(w[i + 1]);
    if (!v) {
      out << "info string error: go " << w[i] << " '" << w[i + 1] << "' is not a number\n";
      return;
    }
    const std::string& key = w[i++];
    if (key == "movetime")
      request.limits.time_ms = std::min(*v, YEAR_MS);
    else if (key == "depth")
      request.limits.depth = int(std::min<std::int64_t>(*v, 64));
    else if (key == "nodes")
      request.limits.nodes = std::uint64_t(*v);
    else if (key == "wtime")
      clock[0] = *v;
    else if (key == "btime")
      clock[1] = *v;
    else if (key == "winc")
      inc[0] = *v;
    else if (key == "binc")
      inc[1] = *v;
    else if (key == "movestogo")
      continue;
    else {
      out << "info string error: unknown go argument '" << key << "'\n";
      return;
    }
  }
  const int side = s.game.position().turn() & 1;
  if (!request.limits.time_ms && clock[side] > 0)
    request.limits.time_ms = std::max<std::int64_t>(
        1, std::min(clock[side], YEAR_MS) / 40 + std::min(inc[side], YEAR_MS) * 3 / 4 - 10);
  if (!infinite && !request.limits.time_ms && !request.limits.depth && !request.limits.nodes)
    request.limits.time_ms = 1000;
  if (s.max_nodes && (!request.limits.nodes || request.limits.nodes > s.max_nodes))
    request.limits.nodes = s.max_nodes;
  const engine::ChaturajiReply reply = engine::chaturaji_think(s.game, request, &s.tt);
  if (!reply.move) {
    out << "info string the game is over\nbestmove (none)\n";
    return;
  }
  const auto& r = reply.result;
  if (r.depth > 0) {
    out << "info depth " << r.depth << " score cp " << r.score << " nodes " << r.nodes << " time " << r.ms
        << " nps " << (r.ms > 0 ? r.nodes * 1000 / std::uint64_t(r.ms) : r.nodes) << "\n";
  }
  out << "bestmove " << chaturaji::to_text(s.game.position(), reply.move) << "\n";
}

}  // namespace

std::optional<chaturaji::Variant> chaturaji_variant(const std::string& uci_variant) {
  return chaturaji::variant_from_name(uci_variant);
}

bool handle_chaturaji(const std::string& line, ChaturajiSession& session, std::ostream& out) {
  const std::vector<std::string> w = split(line);
  if (w.empty()) return false;
  if (w[0] == "position")
    set_position(w, session, out);
  else if (w[0] == "go")
    go(w, session, out);
  else if (w[0] == "ucinewgame") {
    session.game = chaturaji::Game(session.variant, session.seed);
    session.tt.clear();
  } else if (w[0] == "d")
    out << chaturaji::to_fen(session.game.position()) << "\n";
  else
    return false;
  out.flush();
  return true;
}

}  // namespace uci
