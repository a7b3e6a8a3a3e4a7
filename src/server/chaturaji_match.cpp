#include "server/chaturaji_match.h"

#include <charconv>
#include <random>

#include "chaturaji/fen.h"
#include "chaturaji/notation.h"
#include "chaturaji/pgn4.h"
#include "core/rng.h"
#include "engine/chaturaji_bot.h"
#include "server/review.h"

namespace server {

using namespace chaturaji;

namespace {

constexpr std::string_view SEED_KEY = "seed=";

std::vector<std::string> seat_names(const RuleSet& r) {
  std::vector<std::string> names;
  for (const std::string_view name : r.colour_name) names.emplace_back(name);
  return names;
}

// Splits a trailing `seed=N` off `fen`.
core::Expected<std::optional<std::uint64_t>> take_seed(std::string& fen) {
  while (!fen.empty() && fen.back() == ' ') fen.pop_back();
  const std::size_t space = fen.rfind(' ');
  const std::size_t start = space == std::string::npos ? 0 : space + 1;
  if (std::string_view(fen).substr(start, SEED_KEY.size()) != SEED_KEY) return std::optional<std::uint64_t>();
  const std::string text = fen.substr(start + SEED_KEY.size());
  std::uint64_t seed = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty())
    return core::error("seed: '" + text + "' is not a whole number from 0 to 18446744073709551615");
  fen.erase(space == std::string::npos ? 0 : space);
  return std::optional<std::uint64_t>(seed);
}

std::uint64_t random_seed() {
  std::random_device device;
  return (std::uint64_t(device()) << 32) | device();
}

}  // namespace

Throw dice_throw(std::uint64_t seed, int ply) {
  core::Rng rng(seed ^ (std::uint64_t(ply + 1) * 0x9E3779B97F4A7C15ULL));
  rng.next();
  const auto first = std::uint8_t(2 + rng.below(4));
  return Throw{first, std::uint8_t(2 + rng.below(4))};
}

core::Expected<std::unique_ptr<Match>> ChaturajiMatch::create(std::string_view variant,
                                                              std::string_view fen) {
  const auto v = variant_from_name(variant);
  if (!v) return core::error("variant '" + std::string(variant) + "' is not a Chaturaji rule set");
  std::string text(fen);
  auto seed = take_seed(text);
  if (!seed) return core::error(seed.error());
  Position start = Position::start(*v);
  if (!text.empty()) {
    auto parsed = parse_fen(*v, text);
    if (!parsed) return core::error("fen: " + parsed.error());
    start = *parsed;
  }
  const bool throwing = chaturaji::rules(*v).dice && start.ring_size() == 1;
  const bool keep_first = text.find("dice=") != std::string::npos;
  const std::uint64_t s = seed->value_or(random_seed());
  return std::unique_ptr<Match>(new ChaturajiMatch(Game(start, s), s, throwing, keep_first));
}

ChaturajiMatch::ChaturajiMatch(Game game) : game_(std::move(game)), seats_(seat_names(rules())) {}

ChaturajiMatch::ChaturajiMatch(Game game, std::uint64_t seed, bool throwing, bool keep_first_throw)
    : game_(std::move(game)),
      seats_(seat_names(rules())),
      seed_(seed),
      throwing_(throwing),
      keep_first_throw_(keep_first_throw) {
  throw_if_new_turn();
}

void ChaturajiMatch::throw_if_new_turn() {
  if (!throwing_ || game_.over()) return;
  const Position& pos = game_.position();
  if (pos.moves_this_turn() != 0 || pos.dice_left() != 3) return;
  if (ply() == 0 && keep_first_throw_) return;
  const Throw t = dice_throw(seed_, ply());
  const std::string text{'d', 'i', 'c', 'e', ':', char('0' + t.first), char('0' + t.second)};
  game_.play_text(text);
}

int ChaturajiMatch::turn() const { return over() ? -1 : game_.position().turn(); }

std::vector<std::string> ChaturajiMatch::moves() const {
  std::vector<std::string> out;
  out.reserve(game_.moves().size());
  for (std::size_t i = 0; i < game_.moves().size(); ++i)
    out.push_back(to_text(game_.history()[i], game_.moves()[i]));
  return out;
}

std::string ChaturajiMatch::start_fen() const {
  std::string fen = to_fen(game_.start());
  if (throwing_) fen += " " + std::string(SEED_KEY) + std::to_string(seed_);
  return fen;
}

core::Expected<bool> ChaturajiMatch::play(std::string_view move) {
  if (over()) return core::error("the game is over");
  if (move.substr(0, 5) == "dice:")
    return core::error("the server throws the dice; a player cannot set them");
  auto played = game_.play_text(move);
  if (!played) return core::error(played.error());
  throw_if_new_turn();
  return true;
}

bool ChaturajiMatch::undo() {
  if (!decided_reason_.empty()) return false;
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
  const RuleSet& r = rules();
  if (r.teams) {
    // The other team wins, named in seat order as the rules name winners.
    if (seat % 2 == 0)
      decided_result_ = std::string(r.colour_name[1]) + "+" + std::string(r.colour_name[3]);
    else
      decided_result_ = std::string(r.colour_name[0]) + "+" + std::string(r.colour_name[2]);
  } else {
    // Everyone for themselves: the game ends here and the most points win.
    const Outcome o = game_.outcome();
    int best = -1000000;
    for (int s = 0; s < SEAT_COUNT; ++s) best = std::max(best, o.scores[s]);
    decided_result_.clear();
    for (int s = 0; s < SEAT_COUNT; ++s)
      if (o.scores[s] == best)
        decided_result_ += (decided_result_.empty() ? "" : "+") + std::string(r.colour_name[s]);
  }
  decided_reason_ = "resignation";
}

void ChaturajiMatch::agree_draw() {
  decided_result_ = "draw";
  decided_reason_ = "agreement";
}

void ChaturajiMatch::restore_ending(std::string_view result, std::string_view reason) {
  if (over() || (reason != "resignation" && reason != "agreement") || result == "*") return;
  decided_result_ = std::string(result);
  decided_reason_ = std::string(reason);
}

std::string ChaturajiMatch::bot_move(int level, std::chrono::milliseconds budget,
                                     const std::atomic<bool>* stop, unsigned seed) const {
  if (over()) return {};
  const Move m = engine::chaturaji_bot_move(game_, level, budget, stop, seed);
  return m ? to_text(game_.position(), m) : std::string();
}

nlohmann::json ChaturajiMatch::analyse(const AnalysisLimits& limits, const std::atomic<bool>* stop) const {
  auto request = engine::chaturaji_level_request(8, limits.budget, stop, seed_);
  if (limits.depth > 0) request.limits.depth = limits.depth;
  const auto reply = engine::chaturaji_think(game_, request);
  nlohmann::json out;
  out["depth"] = reply.result.depth;
  out["score_cp"] = reply.result.score;
  out["mate"] = nullptr;
  out["turn"] = seats_[game_.position().turn()];
  const Position& pos = game_.position();
  const bool points = rules().variant == chaturaji::Variant::Points;
  nlohmann::json pv = nlohmann::json::array(), written = nlohmann::json::array();
  if (reply.move) {
    pv.push_back(to_text(pos, reply.move));
    written.push_back(points ? pgn4_move(pos, pos.after(reply.move), reply.move) : to_text(pos, reply.move));
  }
  out["pv"] = pv;
  // As the record writes it (PGN4 in `points`), like the history's `notation`.
  out["pv_san"] = written;
  // The four-handed searches give one line.
  out["lines"] = nlohmann::json::array({{{"score_cp", reply.result.score}, {"pv", pv}, {"pv_san", written}}});
  if (rules().variant == chaturaji::Variant::Points)
    out["move_values"] = points_move_values(game_.position());
  return out;
}

}  // namespace server
