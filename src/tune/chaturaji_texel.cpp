#include "tune/chaturaji_texel.h"

#include <algorithm>
#include <array>
#include <bit>
#include <istream>
#include <ostream>
#include <sstream>
#include <string_view>
#include <utility>

#include "chaturaji/fen.h"
#include "chaturaji/game.h"
#include "chaturaji/movegen.h"
#include "search/chaturaji/eval.h"
#include "tune/chaturanga_texel.h"

namespace tune {

using chaturaji::Position;
using chaturaji::SEAT_COUNT;
using chaturaji::Variant;
using search::chaturaji::EvalParams;

namespace {

constexpr std::size_t WEIGHT_COUNT = chaturaji::PIECE_TYPE_COUNT + 7;

// Every weight of `p`, in set_param's names and EvalParams' order.
constexpr std::array<std::string_view, WEIGHT_COUNT> NAMES{
    "pawn",      "knight",    "boat",          "rook",   "bishop", "king",     "mobility",
    "pawn_step", "king_zone", "king_attacked", "points", "threat", "king_risk"};

// Every weight is a worth or a penalty: a negative one, which only noise in
// the games can favour, gets this error, worse than any prediction.
constexpr double NEGATIVE = 2.0;

std::array<int*, WEIGHT_COUNT> fields(EvalParams& p) {
  return {&p.piece[0],  &p.piece[1],  &p.piece[2],      &p.piece[3], &p.piece[4], &p.piece[5], &p.mobility,
          &p.pawn_step, &p.king_zone, &p.king_attacked, &p.points,   &p.threat,   &p.king_risk};
}

struct RecordedGame {
  chaturaji::SeatMask winners = 0;
  std::string start;
  std::string moves;
};

// The fields of one `arena --record` line:
// opening N seats B B B B winners [color ...] plies N | <position> | <moves>
core::Expected<RecordedGame> parse_line(Variant v, const std::string& line) {
  const std::size_t bar1 = line.find(" | ");
  const std::size_t bar2 = bar1 == std::string::npos ? bar1 : line.find(" | ", bar1 + 3);
  if (bar2 == std::string::npos)
    return core::error("expected 'opening ... plies N | <position> | <moves>', two ' | ' separators");
  std::istringstream head(line.substr(0, bar1));
  std::string word;
  int number = 0;
  if (!(head >> word) || word != "opening" || !(head >> number))
    return core::error("expected 'opening N' at the start");
  if (!(head >> word) || word != "seats") return core::error("expected 'seats' after the opening");
  for (int s = 0; s < SEAT_COUNT; ++s)
    if (!(head >> number)) return core::error("expected four bot numbers after 'seats'");
  if (!(head >> word) || word != "winners") return core::error("expected 'winners' after the seats");
  RecordedGame g;
  const auto& names = chaturaji::rules(v).color_name;
  while (head >> word && word != "plies") {
    int seat = -1;
    for (int s = 0; s < SEAT_COUNT; ++s)
      if (names[std::size_t(s)] == word) seat = s;
    if (seat < 0)
      return core::error("'" + word + "' is no colour of " + std::string(chaturaji::rules(v).name));
    g.winners |= chaturaji::seat_bit(seat);
  }
  if (word != "plies" || !(head >> number)) return core::error("expected 'plies N' after the winners");
  g.start = line.substr(bar1 + 3, bar2 - bar1 - 3);
  g.moves = line.substr(bar2 + 3);
  return g;
}

double label(Variant v, chaturaji::SeatMask winners, int seat) {
  if (v == Variant::Points)
    return (winners & chaturaji::seat_bit(seat)) ? 1.0 / std::popcount(unsigned(winners)) : 0.0;
  if (!winners) return 0.5;
  return (winners & chaturaji::seat_bit(seat)) ? 1.0 : 0.0;
}

// No capture for the player to move: its evaluation is not about to swing.
bool is_quiet(const Position& pos) {
  chaturaji::MoveList list;
  chaturaji::generate(pos, list);
  for (const chaturaji::Move m : list)
    if (m.is_board_move() && pos.piece_on(m.to()) != chaturaji::NO_PIECE) return false;
  return true;
}

int evaluate(const Position& pos, int seat, const EvalParams& p) {
  switch (pos.variant()) {
    case Variant::Teams: return search::chaturaji::evaluate_teams(pos, seat, p);
    case Variant::Dice: return search::chaturaji::evaluate_dice(pos, seat, p);
    case Variant::Points: return search::chaturaji::evaluate_points(pos, seat, p);
  }
  return 0;
}

// Replays one game and appends its quiet positions.
core::Expected<bool> replay(Variant v, const RecordedGame& g, const ChaturajiRead& options, int& quiet_seen,
                            std::vector<ChaturajiSample>& out) {
  auto start = chaturaji::parse_fen(v, g.start);
  if (!start) return core::error("position '" + g.start + "': " + start.error());
  chaturaji::Game game(*start);
  std::istringstream moves(g.moves);
  std::string text;
  for (int ply = 0; moves >> text;) {
    const bool is_throw = text.starts_with("dice:");
    if (!is_throw && ply++ >= options.skip_plies && is_quiet(game.position()) &&
        quiet_seen++ % options.every == 0) {
      const Position& pos = game.position();
      if (v == Variant::Points) {
        for (int s = 0; s < SEAT_COUNT; ++s)
          if (pos.is_in(s)) out.push_back({pos, s, label(v, g.winners, s)});
      } else {
        out.push_back({pos, pos.turn(), label(v, g.winners, pos.turn())});
      }
    }
    const auto played = game.play_text(text);
    if (!played) return core::error("move '" + text + "': " + played.error());
  }
  return true;
}

}  // namespace

core::Expected<int> read_records(Variant v, std::istream& in, const ChaturajiRead& options,
                                 std::vector<ChaturajiSample>& out) {
  ChaturajiRead checked = options;
  if (checked.every < 1) checked.every = 1;
  std::string line;
  int games = 0;
  int quiet_seen = 0;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (line.back() == '\r') line.pop_back();
    auto g = parse_line(v, line);
    if (!g) return core::error("record line " + std::to_string(number) + ": " + g.error());
    const auto ok = replay(v, *g, checked, quiet_seen, out);
    if (!ok) return core::error("record line " + std::to_string(number) + ": " + ok.error());
    ++games;
  }
  return games;
}

double chaturaji_error(const std::vector<ChaturajiSample>& samples, const EvalParams& p, double k) {
  double sum = 0;
  for (const ChaturajiSample& s : samples) {
    const double d = s.result - tune::expected_score(evaluate(s.pos, s.seat, p), k);
    sum += d * d;
  }
  return samples.empty() ? 0 : sum / double(samples.size());
}

double chaturaji_fit_k(const std::vector<ChaturajiSample>& samples, const EvalParams& p) {
  return tune::fit_scale([&](double k) { return chaturaji_error(samples, p, k); });
}

double tune_chaturaji(const std::vector<ChaturajiSample>& samples, EvalParams& p,
                      const tune::DescentOptions& options, std::ostream& log,
                      const std::vector<std::string>& frozen) {
  const double k = chaturaji_fit_k(samples, p);
  log << "samples " << samples.size() << ", k " << k << ", error " << chaturaji_error(samples, p, k)
      << std::endl;
  std::array<int, WEIGHT_COUNT> weights{};
  const auto slots = fields(p);
  for (std::size_t i = 0; i < WEIGHT_COUNT; ++i) weights[i] = *slots[i];
  EvalParams trial = p;
  const auto trial_slots = fields(trial);
  // king_risk is about the throws of `dice`; elsewhere it would fit noise.
  std::vector<bool> inert(WEIGHT_COUNT, false);
  inert[WEIGHT_COUNT - 1] = samples.empty() || samples.front().pos.variant() != Variant::Dice;
  for (std::size_t i = 0; i < WEIGHT_COUNT; ++i)
    if (std::find(frozen.begin(), frozen.end(), NAMES[i]) != frozen.end()) inert[i] = true;
  const double e = tune::coordinate_descent(
      weights, std::move(inert),
      [&](std::span<const int> w) {
        for (std::size_t i = 0; i < WEIGHT_COUNT; ++i) {
          if (w[i] < 0) return NEGATIVE;
          *trial_slots[i] = w[i];
        }
        return chaturaji_error(samples, trial, k);
      },
      options, log);
  for (std::size_t i = 0; i < WEIGHT_COUNT; ++i) *slots[i] = weights[i];
  return e;
}

std::string params_initialiser(const EvalParams& p) {
  std::ostringstream s;
  s << "{{" << p.piece[0];
  for (std::size_t k = 1; k < p.piece.size(); ++k) s << ", " << p.piece[k];
  s << "}, " << p.mobility << ", " << p.pawn_step << ", " << p.king_zone << ", " << p.king_attacked << ", "
    << p.points << ", " << p.threat << ", " << p.king_risk << "}";
  return s.str();
}

std::string params_spec(const EvalParams& p) {
  EvalParams copy = p;
  const auto slots = fields(copy);
  std::ostringstream s;
  for (std::size_t i = 0; i < WEIGHT_COUNT; ++i) s << ':' << NAMES[i] << '=' << *slots[i];
  return s.str();
}

}  // namespace tune
