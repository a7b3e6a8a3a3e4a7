#include "cli/external_bot.h"

#include <sstream>
#include <vector>

#include "chaturaji/notation.h"
#include "chaturaji/rules.h"

namespace cli {

namespace {

using std::chrono::milliseconds;

constexpr milliseconds HANDSHAKE{30000};

// Reads `info ... depth D ... nodes N ... time T` into `r`.
void read_info(const std::string& line, ExternalReply& r) {
  std::istringstream in(line);
  std::string word;
  in >> word;
  if (word != "info") return;
  bool any = false;
  while (in >> word) {
    if (word == "string") return;
    if (word != "depth" && word != "nodes" && word != "time") continue;
    long long v = 0;
    if (!(in >> v) || v < 0) return;
    if (word == "depth") r.depth = int(v);
    if (word == "nodes") r.nodes = std::uint64_t(v);
    if (word == "time") r.time_ms = v;
    any = true;
  }
  r.has_info = r.has_info || any;
}

}  // namespace

std::int64_t ExternalBot::timeout_ms() const {
  if (spec_.timeout_ms > 0) return spec_.timeout_ms;
  return spec_.ms > 0 ? 2 * spec_.ms + 2000 : 60000;
}

std::string ExternalBot::go_command() const {
  std::string go = "go";
  if (spec_.ms > 0) go += " movetime " + std::to_string(spec_.ms);
  if (spec_.nodes > 0) go += " nodes " + std::to_string(spec_.nodes);
  if (spec_.depth > 0) go += " depth " + std::to_string(spec_.depth);
  if (go == "go") go += " movetime 1000";
  return go;
}

bool ExternalBot::start(chaturaji::Variant variant, std::string& error) {
  variant_ = variant;
  if (process_.running()) return true;
  if (!process_.start(spec_.command, error)) return false;
  process_.send("uci");
  if (!process_.wait_for("uciok", HANDSHAKE)) {
    error = "'" + spec_.command + "' did not answer 'uci' with 'uciok' within 30 s";
    process_.stop();
    return false;
  }
  process_.send("setoption name UCI_Variant value " + std::string(chaturaji::rules(variant).name));
  return new_game(error);
}

bool ExternalBot::new_game(std::string& error) {
  if (!process_.running()) return start(variant_, error);
  process_.send("ucinewgame");
  process_.send("isready");
  if (process_.wait_for("readyok", HANDSHAKE)) return true;
  error = "'" + spec_.command + "' did not answer 'isready' within 30 s";
  process_.stop();
  return false;
}

ExternalReply ExternalBot::ask(const chaturaji::Position& pos, const std::string& position_command) {
  ExternalReply r;
  std::string error;
  if (!process_.running() && !start(variant_, error)) {
    r.fault = ExternalFault::NoAnswer;
    r.detail = error;
    return r;
  }
  process_.send(position_command);
  process_.send(go_command());
  const auto line = process_.wait_for("bestmove", milliseconds(timeout_ms()),
                                      [&r](const std::string& l) { read_info(l, r); });
  if (!line) {
    r.fault = ExternalFault::NoAnswer;
    r.detail = "no bestmove within " + std::to_string(timeout_ms()) + " ms";
    process_.stop();
    return r;
  }
  std::istringstream words(*line);
  std::string word, text;
  words >> word >> text;
  const auto move = chaturaji::parse_move(pos, text);
  if (!move || move->type() == chaturaji::Move::Resign || move->type() == chaturaji::Move::Timeout) {
    r.fault = ExternalFault::Illegal;
    r.detail = "answered '" + *line + "'" + (move ? "" : ": " + move.error());
    return r;
  }
  r.move = *move;
  return r;
}

}  // namespace cli
