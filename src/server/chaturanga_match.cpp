#include "server/chaturanga_match.h"

#include "chaturanga/fen.h"
#include "chaturanga/movegen.h"
#include "chaturanga/notation.h"
#include "chaturanga/pgn.h"
#include "chaturanga/setup.h"
#include "engine/bot.h"

namespace server {

using namespace chaturanga;

namespace {

const std::vector<std::string> SEATS = {"white", "black"};

Outcome outcome_from_text(std::string_view result) {
  if (result == "1-0") return {Result::WhiteWins, Reason::None};
  if (result == "0-1") return {Result::BlackWins, Reason::None};
  if (result == "1/2-1/2") return {Result::Draw, Reason::None};
  return {};
}

nlohmann::json attacked_kings(const Position& pos) {
  nlohmann::json kings = nlohmann::json::array();
  for (const Color c : {WHITE, BLACK})
    if (pos.king_attacked(c)) kings.push_back(square_name(pos.king_square(c)));
  return kings;
}

}  // namespace

ChaturangaMatch::ChaturangaMatch(Game game)
    : game_(std::move(game)), variant_(family_variant_name(game_.start_position().rules())) {}

core::Expected<std::unique_ptr<Match>> ChaturangaMatch::create(const RuleSet& rules, std::string_view fen) {
  if (fen.empty())
    return std::unique_ptr<Match>(std::make_unique<ChaturangaMatch>(Game(start_position(rules))));
  auto game = Game::from_fen(rules, fen);
  if (!game) return core::error("fen: " + game.error());
  return std::unique_ptr<Match>(std::make_unique<ChaturangaMatch>(std::move(game).value()));
}

const std::vector<std::string>& ChaturangaMatch::seats() const { return SEATS; }

int ChaturangaMatch::turn() const { return over() ? -1 : int(game_.position().side_to_move()); }

std::vector<std::string> ChaturangaMatch::moves() const {
  std::vector<std::string> out;
  out.reserve(game_.moves().size());
  for (const Move m : game_.moves()) out.push_back(to_uci(m, rules()));
  return out;
}

std::string ChaturangaMatch::start_fen() const { return to_fen(game_.start_position()); }

core::Expected<bool> ChaturangaMatch::play(std::string_view move) {
  auto played = game_.play_uci(move);
  if (!played) return core::error(played.error());
  return true;
}

bool ChaturangaMatch::well_formed(std::string_view move) const { return chaturanga::is_uci_form(move); }

bool ChaturangaMatch::undo() {
  if (!decided_reason_.empty()) return false;
  return game_.undo();
}

std::string ChaturangaMatch::result() const { return std::string(result_text(game_.outcome().result)); }

std::vector<int> ChaturangaMatch::places() const {
  const std::string r = result();
  if (r == "1-0") return {1, 2};
  if (r == "0-1") return {2, 1};
  return {1, 1};
}

std::string ChaturangaMatch::reason() const {
  if (!decided_reason_.empty()) return decided_reason_;
  return std::string(reason_text(game_.outcome().reason));
}

void ChaturangaMatch::resign(int seat) {
  game_.set_outcome({win_for(~Color(seat)), Reason::None});
  decided_reason_ = "resignation";
}

void ChaturangaMatch::agree_draw() {
  game_.set_outcome({Result::Draw, Reason::None});
  decided_reason_ = "agreement";
}

void ChaturangaMatch::abandon(int seat, bool draw) {
  game_.set_outcome({draw ? Result::Draw : win_for(Color(seat)), Reason::None});
  decided_reason_ = "abandoned";
}

// The spec's draw against a bare king is kept, though our bare-king rule
// has already ended every game in which the side not to move is bare.
std::string ChaturangaMatch::time_out() {
  const Color flagged = game_.position().side_to_move();
  const bool bare = game_.position().is_bare(~flagged);
  game_.set_outcome({bare ? Result::Draw : win_for(~flagged), Reason::None});
  decided_reason_ = "timeout";
  return {};
}

void ChaturangaMatch::restore_ending(std::string_view result, std::string_view reason) {
  if (over() ||
      (reason != "resignation" && reason != "agreement" && reason != "timeout" && reason != "abandoned"))
    return;
  const Outcome o = outcome_from_text(result);
  if (!o.over()) return;
  game_.set_outcome(o);
  decided_reason_ = std::string(reason);
}

nlohmann::json ChaturangaMatch::state() const {
  const Position& pos = game_.position();
  nlohmann::json s;
  s["fen"] = to_fen(pos);
  s["start_fen"] = start_fen();
  nlohmann::json moves = nlohmann::json::array(), san = nlohmann::json::array();
  nlohmann::json fens = nlohmann::json::array({s["start_fen"]});
  Position replay = game_.start_position();
  for (const Move m : game_.moves()) {
    moves.push_back(to_uci(m, rules()));
    san.push_back(to_san(replay, m));
    replay.play(m);
    fens.push_back(to_fen(replay));
  }
  s["moves"] = std::move(moves);
  s["san"] = std::move(san);
  s["fens"] = std::move(fens);
  nlohmann::json legal = nlohmann::json::array();
  if (!over()) {
    MoveList list;
    generate<GenKind::All>(pos, list);
    for (const Move m : list) legal.push_back(to_uci(m, rules()));
  }
  s["legal"] = std::move(legal);
  s["check"] = attacked_kings(pos);
  s["last_move"] =
      game_.moves().empty() ? nlohmann::json(nullptr) : nlohmann::json(to_uci(game_.moves().back(), rules()));
  s["reason_words"] =
      decided_reason_.empty() ? std::string(reason_words(game_.outcome().reason, rules())) : decided_reason_;
  s.update(family_state());
  return s;
}

// What the page needs beyond the seed's state: the game's name and rule
// options, Sittuyin's pieces in hand and Makruk's count while it runs.
nlohmann::json ChaturangaMatch::family_state() const {
  const RuleSet& r = rules();
  const Position& pos = game_.position();
  nlohmann::json s;
  s["variant_name"] = r.pgn_name;
  s["rules"] = nullptr;
  if (r.variant == Variant::Chaturanga) {
    const Options& o = r.options;
    static constexpr const char* ELEPHANT[] = {"alfil", "silver", "dabbaba"};
    s["rules"] = {{"elephant", ELEPHANT[int(o.elephant)]},
                  {"kings", o.kings_facing ? "facing" : "apart"},
                  {"goal", o.goal == Goal::Checkmate ? "checkmate" : "capture"},
                  {"no-move", o.no_move_wins ? "wins" : "loses"},
                  {"bare-king", o.bare_king ? "on" : "off"}};
    s["rules_text"] = options_text(o);
  }
  s["pockets"] = nullptr;
  if (r.drops) {
    nlohmann::json pockets;
    for (const Color c : {WHITE, BLACK}) {
      nlohmann::json hand = nlohmann::json::object();
      for (int t = 0; t < PIECE_TYPE_COUNT; ++t)
        if (const int n = pos.hand(c, PieceType(t))) hand[std::string(1, r.letters[t])] = n;
      pockets[SEATS[c]] = std::move(hand);
    }
    s["pockets"] = std::move(pockets);
  }
  // Counting in plies as Fairy-Stockfish keeps it; the page shows moves.
  s["counting"] = nullptr;
  if (pos.counting_limit() != 0)
    s["counting"] = {{"plies", pos.counting_ply()},
                     {"limit_plies", pos.counting_limit()},
                     {"moves", (pos.counting_ply() + 1) / 2},
                     {"limit_moves", pos.counting_limit() / 2}};
  return s;
}

std::string ChaturangaMatch::setup_error() const { return chaturanga::setup_error(game_.start_position()); }

std::string ChaturangaMatch::pgn(const Tags& tags) const {
  PgnTags all(tags.begin(), tags.end());
  if (!decided_reason_.empty()) all["Termination"] = decided_reason_;
  return to_pgn(game_, all);
}

std::string ChaturangaMatch::bot_move(int level, std::chrono::milliseconds budget,
                                      const std::atomic<bool>* stop, unsigned seed) const {
  const Move m = engine::bot_move(game_, level, budget, stop, seed);
  return m ? to_uci(m, rules()) : std::string();
}

nlohmann::json ChaturangaMatch::analyse(const AnalysisLimits& limits, const std::atomic<bool>* stop) const {
  const engine::Analysis a = engine::analyse_lines(game_, limits.budget, stop, limits.multipv, limits.depth);
  nlohmann::json out;
  out["depth"] = a.depth;
  out["turn"] = game_.position().side_to_move() == WHITE ? "white" : "black";
  nlohmann::json lines = nlohmann::json::array();
  for (const engine::AnalysisLine& line : a.lines) {
    nlohmann::json pv = nlohmann::json::array(), pv_san = nlohmann::json::array();
    Position pos = game_.position();
    for (const Move m : line.pv) {
      MoveList legal;
      generate<GenKind::All>(pos, legal);
      if (!legal.contains(m)) break;
      pv.push_back(to_uci(m, rules()));
      pv_san.push_back(to_san(pos, m));
      pos.play(m);
    }
    lines.push_back({{"score_cp", line.score_cp}, {"mate", line.mate}, {"pv", pv}, {"pv_san", pv_san}});
  }
  const nlohmann::json best = lines.empty() ? nlohmann::json{{"score_cp", 0},
                                                             {"mate", 0},
                                                             {"pv", nlohmann::json::array()},
                                                             {"pv_san", nlohmann::json::array()}}
                                            : lines[0];
  for (const char* key : {"score_cp", "mate", "pv", "pv_san"}) out[key] = best[key];
  out["lines"] = std::move(lines);
  return out;
}

}  // namespace server
