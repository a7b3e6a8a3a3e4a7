#include "server/chaturaji_match.h"

#include "chaturaji/agreement.h"
#include "chaturaji/fen.h"
#include "chaturaji/notation.h"
#include "chaturaji/pgn4.h"
#include "engine/bot.h"
#include "server/review.h"

namespace server {

using namespace chaturaji;

namespace {

std::vector<std::string> seat_names(const RuleSet& r) {
  std::vector<std::string> names;
  for (const std::string_view name : r.color_name) names.emplace_back(name);
  return names;
}

}  // namespace

core::Expected<std::unique_ptr<Match>> ChaturajiMatch::create(std::string_view variant, std::string_view fen,
                                                              const MatchOptions& options) {
  const auto v = variant_from_name(variant);
  if (!v) return core::error("variant '" + std::string(variant) + "' is not a Chaturaji rule set");
  auto setup = set_up_game(*v, fen, options.practice, options.dice_secret);
  if (!setup) return core::error(setup.error());
  return std::unique_ptr<Match>(new ChaturajiMatch(std::move(setup).value()));
}

ChaturajiMatch::ChaturajiMatch(Game game) : game_(std::move(game)), seats_(seat_names(rules())) {}

ChaturajiMatch::ChaturajiMatch(GameSetup setup)
    : game_(std::move(setup.game)), dice_(setup.dice), seats_(seat_names(rules())) {}

int ChaturajiMatch::turn() const { return over() ? -1 : game_.position().turn(); }

std::vector<std::string> ChaturajiMatch::moves() const {
  std::vector<std::string> out;
  out.reserve(game_.moves().size());
  for (std::size_t i = 0; i < game_.moves().size(); ++i)
    out.push_back(to_text(game_.history()[i], game_.moves()[i]));
  return out;
}

std::string ChaturajiMatch::start_fen() const {
  const std::string field = dice_.fen_field();
  return to_fen(game_.start()) + (field.empty() ? "" : " " + field);
}

core::Expected<bool> ChaturajiMatch::play(std::string_view move) {
  if (over()) return core::error("the game is over");
  if (move.substr(0, 5) == "dice:")
    return core::error("the server throws the dice; a player cannot set them");
  auto played = game_.play_text(move);
  if (!played) return core::error(played.error());
  dice_.throw_if_new_turn(game_);
  return true;
}

bool ChaturajiMatch::well_formed(std::string_view move) const { return chaturaji::is_move_form(move); }

bool ChaturajiMatch::undo() {
  if (!decided_reason_.empty() || secret_out()) return false;
  return game_.undo();
}

std::string ChaturajiMatch::result() const {
  if (!decided_reason_.empty()) return decided_result_;
  return result_text(rules(), game_.outcome());
}

std::string ChaturajiMatch::reason() const {
  if (!decided_reason_.empty()) return decided_reason_;
  return std::string(reason_text(game_.outcome().reason));
}

void ChaturajiMatch::resign(int seat) {
  decided_result_ = result_text(rules(), ended_by_resignation(game_, seat));
  decided_reason_ = "resignation";
}

std::string ChaturajiMatch::resignation_move() const {
  return rules().variant == Variant::Points ? "resign" : "";
}

void ChaturajiMatch::agree_draw() {
  decided_result_ = "draw";
  decided_reason_ = "agreement";
}

// Everyone but the claimer's enemies wins: with teams its team, each for
// itself the claimer alone.
void ChaturajiMatch::abandon(int seat, bool draw) {
  Outcome o = game_.outcome();
  o.over = true;
  o.winners = draw ? SeatMask(0) : SeatMask(ALL_SEATS & ~enemies_of(rules().teams, seat));
  decided_result_ = draw ? "draw" : result_text(rules(), o);
  decided_reason_ = "abandoned";
}

unsigned ChaturajiMatch::agreement_seats() const {
  return over() ? 0 : chaturaji::agreement_seats(game_.position());
}

std::string ChaturajiMatch::time_out() {
  const std::string move = "timeout";
  if (auto played = play(move); !played) return {};
  return move;
}

// The winners are those the result names (it holds a decided ending too);
// the scores those of the game as it ended.
std::vector<int> ChaturajiMatch::places() const {
  const std::string text = result();
  SeatMask winners = 0;
  for (int seat = 0; seat < SEAT_COUNT; ++seat)
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t end = std::min(text.find('+', at), text.size());
      if (std::string_view(text).substr(at, end - at) == rules().color_name[seat]) winners |= seat_bit(seat);
      at = end + 1;
    }
  const auto places = finishing_places(rules(), winners, game_.outcome().scores);
  return {places.begin(), places.end()};
}

void ChaturajiMatch::restore_ending(std::string_view result, std::string_view reason) {
  if (over() || (reason != "resignation" && reason != "agreement" && reason != "abandoned") || result == "*")
    return;
  decided_result_ = std::string(result);
  decided_reason_ = std::string(reason);
}

std::string ChaturajiMatch::bot_move(int level, std::chrono::milliseconds budget,
                                     const std::atomic<bool>* stop, unsigned seed) const {
  if (over()) return {};
  const Move m = engine::bot_move(game_, level, budget, stop, seed);
  return m ? to_text(game_.position(), m) : std::string();
}

nlohmann::json ChaturajiMatch::analyse(const AnalysisLimits& limits, const std::atomic<bool>* stop) const {
  // The search is given the game without its dice source: the throws to come
  // are chance nodes to it, never known values.
  const auto reply = engine::analyse(game_, limits.budget, stop, std::uint64_t(ply()), limits.depth);
  nlohmann::json out;
  out["depth"] = reply.depth;
  out["score_cp"] = reply.score;
  out["mate"] = nullptr;
  out["turn"] = seats_[game_.position().turn()];
  const Position& pos = game_.position();
  const bool points = rules().variant == chaturaji::Variant::Points;
  nlohmann::json pv = nlohmann::json::array(), written = nlohmann::json::array();
  if (reply.best) {
    pv.push_back(to_text(pos, reply.best));
    written.push_back(points ? pgn4_move(pos, pos.after(reply.best), reply.best) : to_text(pos, reply.best));
  }
  out["pv"] = pv;
  // As the record writes it (PGN4 in `points`), like the history's `notation`.
  out["pv_san"] = written;
  // The four-handed searches give one line.
  out["lines"] = nlohmann::json::array({{{"score_cp", reply.score}, {"pv", pv}, {"pv_san", written}}});
  if (rules().variant == chaturaji::Variant::Points)
    out["move_values"] = points_move_values(game_.position());
  return out;
}

}  // namespace server
