#include "search/chaturanga/search.h"

#include <algorithm>
#include <cmath>
#include <new>
#include <optional>
#include <system_error>
#include <thread>

#include "chaturanga/movegen.h"
#include "chaturanga/rules.h"
#include "search/chaturanga/eval.h"
#include "search/chaturanga/game_ends.h"
#include "search/chaturanga/movepick.h"
#include "search/chaturanga/search_params.h"
#include "search/chaturanga/see.h"
#include "search/chaturanga/worker.h"

namespace search::chaturanga {

using namespace chaturanga;

namespace {

bool has_pieces(const Position& pos, Color c) {
  return core::popcount(pos.pieces(c) & ~pos.pieces(PAWN) & ~pos.pieces(KING)) >= 2;
}

// The bound a node's best score is: a cut, exact on the principal variation, or all moves failed low.
Bound bound_of(int best, int old_alpha, int beta, bool pv) {
  return best >= beta ? Bound::Lower : (pv && best > old_alpha) ? Bound::Exact : Bound::Upper;
}

// A stored score deep enough, with a bound that settles a node outside the principal variation.
bool tt_settles(const TTHit& tte, int tt_score, int depth, int alpha, int beta) {
  return tte.found && tte.depth >= depth &&
         (tte.bound == Bound::Exact || (tte.bound == Bound::Lower ? tt_score >= beta : tt_score <= alpha));
}

}  // namespace

std::uint64_t Shared::total_nodes() const {
  std::uint64_t n = 0;
  for (const auto& w : *workers) n += w->nodes();
  return n;
}

bool Worker::is_draw(const Position& pos, int ply) const {
  if (rule_draw(pos)) return true;
  // Any repetition inside the search counts as a draw; before the root the
  // position must have occurred twice already, as the rules say.
  const int last = int(keys_.size()) - 1;
  const int reach = std::min(int(pos.halfmove_clock()), last);
  int seen = 0;
  for (int back = 4; back <= reach; back += 2)
    if (keys_[last - back] == pos.key()) {
      if (back < ply) return true;
      if (++seen == 2) return true;
    }
  return false;
}

void Worker::count_node() {
  // Only this thread writes its counter: a plain increment, no locked add.
  const std::uint64_t n = nodes_.load(std::memory_order_relaxed) + 1;
  nodes_.store(n, std::memory_order_relaxed);
  if (id_ != 0) return;
  const Limits& limits = shared_->limits;
  if (limits.nodes && shared_->workers->size() == 1 && n >= limits.nodes) shared_->control.stop = true;
  if ((n & 1023) != 0) return;
  if (limits.nodes && shared_->total_nodes() >= limits.nodes) shared_->control.stop = true;
  if (shared_->control.also_stop && shared_->control.also_stop->load(std::memory_order_relaxed))
    shared_->control.stop = true;
  if (shared_->time.timed() && !shared_->control.pondering &&
      shared_->time.elapsed_ms() >= shared_->time.maximum_ms())
    shared_->control.stop = true;
}

void Worker::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

void Worker::update_quiet_stats(const Position& pos, int ply, Move best, const Move* quiets, int quiet_count,
                                int depth, const ContRows& rows) {
  const Color us = pos.side_to_move();
  const int bonus = std::min(depth * depth * 16 + 32, 1600);
  history_.add_killer(ply, best);
  history_.update(us, best, bonus);
  history_.update(rows, cont_key(pos, best), bonus);
  for (int i = 0; i < quiet_count; ++i) {
    history_.update(us, quiets[i], -bonus);
    history_.update(rows, cont_key(pos, quiets[i]), -bonus);
  }
  if (ply > 0 && stack_[ply - 1].move) {
    const Move prev = stack_[ply - 1].move;
    history_.counter[prev.from()][prev.to()] = best;
  }
}

// At the root under MultiPV: a move of a line already reported at this depth
// (or not among the root moves searched) is not searched again.
bool Worker::outside_root_lines(Move m) const {
  return std::find_if(root_moves_.begin() + pv_index_, root_moves_.end(),
                      [m](const RootMove& rm) { return rm.move == m; }) == root_moves_.end();
}

// A searched move's score taken into the node: a new best, a new principal
// variation when it raises alpha; true when it reaches beta (a cut).
template <bool PV>
bool Worker::take_score(int score, Move m, int ply, int& best, Move& best_move, int& alpha, int beta) {
  if (score <= best) return false;
  best = score;
  if (score <= alpha) return false;
  best_move = m;
  if constexpr (PV) update_pv(ply, m);
  if (score >= beta) return true;
  alpha = score;
  return false;
}

template <bool PV>
int Worker::qsearch(const Position& pos, int alpha, int beta, int ply, int qdepth) {
  network_line_.enter(ply, pos);
  count_node();
  if (shared_->control.stop.load(std::memory_order_relaxed)) return DRAW;
  if constexpr (PV) pv_length_[ply] = ply;
  seldepth_ = std::max(seldepth_, ply);
  const Color us = pos.side_to_move();
  if (const Outcome o = adjudicate_material(pos); o.over()) return outcome_score(o, us, ply);
  if (can_take_king(pos)) return win_in(ply + 1);
  if (rule_draw(pos)) return DRAW;
  if (ply >= MAX_PLY) return evaluate(pos);

  const TTHit tte = shared_->tt.probe(pos.key());
  const int tt_score = from_tt(tte.score, ply);
  if (!PV && tte.found &&
      (tte.bound == Bound::Exact || (tte.bound == Bound::Lower ? tt_score >= beta : tt_score <= alpha)))
    return tt_score;

  // A threatened king or a bare king cannot stand pat: the first must move
  // away, the second (where a bare king loses) must take the last enemy
  // piece at once or lose.
  const bool in_danger = pos.king_attacked(us) && qdepth < 4;
  const bool bare = pos.rules().bare_king != BareKing::Off && pos.is_bare(us);
  int best = -INF;
  int static_eval = NO_EVAL;
  if (bare) {
    best = loss_in(ply + 1);
  } else if (!in_danger) {
    static_eval = Worker::static_eval(pos, tte, ply);
    best = static_eval;
    if (best >= beta) {
      if (!tte.found)
        shared_->tt.store(pos.key(), PackedMove{}, to_tt(best, ply), static_eval, -1, Bound::Lower);
      return best;
    }
    alpha = std::max(alpha, best);
  }

  const int old_alpha = alpha;
  Move best_move;
  MovePicker picker(pos, unpack<Move>(tte.move), history_, ply, Move::none(), !in_danger);
  if (in_danger && picker.size() == 0) return no_move_score(pos, ply);
  while (const Move m = picker.next()) {
    if (!in_danger && !bare) {
      const int gain = SEE_VALUE[type_of(pos.piece_on(m.to()))];
      if (static_eval + gain + search_params().q_delta <= alpha) continue;
      if (picker.last_was_bad_capture()) break;  // the losing captures come last
    }
    shared_->tt.prefetch(pos.key_after(m));
    const Position child = pos.after(m);
    stack_[ply].move = m;
    stack_[ply].cont = cont_key(pos, m);
    const int score = -qsearch<PV>(child, -beta, -alpha, ply + 1, qdepth + 1);
    if (shared_->control.stop.load(std::memory_order_relaxed)) return DRAW;
    if (take_score<PV>(score, m, ply, best, best_move, alpha, beta)) break;
  }
  const Bound bound = bound_of(best, old_alpha, beta, PV);
  shared_->tt.store(pos.key(), pack(best_move), to_tt(best, ply), static_eval, -1, bound);
  return best;
}

// Game ends, repetitions, a king that can be taken and the distance to the
// nearest forced result: a score when they settle the node, else the window
// narrowed to what is still possible.
std::optional<int> Worker::settled(const Position& pos, int& alpha, int& beta, int ply) const {
  const Color us = pos.side_to_move();
  if (const Outcome o = adjudicate_material(pos); o.over()) return outcome_score(o, us, ply);
  if (is_draw(pos, ply)) return DRAW;
  if (pos.rules().sittuyin_promotion && promotion_only_stalemate(pos)) return DRAW;
  if (can_take_king(pos)) return win_in(ply + 1);
  if (ply >= MAX_PLY) return evaluate(pos);
  alpha = std::max(alpha, loss_in(ply));
  beta = std::min(beta, win_in(ply + 1));
  if (alpha >= beta) return alpha;
  return std::nullopt;
}

// The static evaluation: the table's when it holds one.
int Worker::static_eval(const Position& pos, const TTHit& tte, int ply) {
  return tte.found && tte.eval != NO_EVAL ? tte.eval : evaluate(pos, network_line_, ply);
}

// The static evaluation sharpened by the table's score where its bound allows.
int Worker::node_eval(int static_eval, const TTHit& tte, int tt_score) const {
  int eval = static_eval;
  if (tte.found &&
      (tte.bound == Bound::Exact || (tte.bound == Bound::Lower ? tt_score > eval : tt_score < eval)) &&
      !is_decisive(tt_score))
    eval = tt_score;
  return eval;
}

// Reverse futility and the null move, before any move is tried.
std::optional<int> Worker::prune_early(const Position& pos, int beta, int depth, int ply, int eval,
                                       bool improving, bool cut_node) {
  if (depth <= 7 && eval - search_params().rfp_margin * (depth - improving) >= beta) return eval;
  if (depth < 3 || eval < beta || ply == 0 || !stack_[ply - 1].move || !has_pieces(pos, pos.side_to_move()))
    return std::nullopt;
  const int r = 3 + depth / 4 + std::min((eval - beta) / search_params().nmp_eval_div, 3);
  Position child = pos;
  child.pass();
  stack_[ply].move = Move::none();
  stack_[ply].cont = NO_CONT;
  keys_.push_back(child.key());
  const int score = -search<Node::NonPV>(child, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
  keys_.pop_back();
  if (shared_->control.stop.load(std::memory_order_relaxed)) return DRAW;
  if (score >= beta) return is_decisive(score) ? beta : score;
  return std::nullopt;
}

// Late quiet moves and losing captures that a shallow node does not try.
bool Worker::prune_move(const Position& pos, Move m, bool quiet, int depth, int eval, int alpha,
                        bool improving, int quiet_count, MovePicker& picker) const {
  const SearchParams& p = search_params();
  if (quiet) {
    if (depth <= 6 && quiet_count >= (3 + depth * depth) / (2 - improving)) {
      picker.skip_quiets();
      return true;
    }
    // Alpha only rises, so every later quiet move is futile too.
    if (depth <= 6 && eval + p.fut_base + p.fut_mul * depth <= alpha) {
      picker.skip_quiets();
      return true;
    }
    return depth <= 6 && !see_ge(pos, m, -p.see_quiet * depth * depth);
  }
  return depth <= 6 && !see_ge(pos, m, -p.see_capture * depth);
}

// The child's score: late moves first with a reduced null window, then the
// full depth, then the full window along the principal variation.
template <bool PV>
int Worker::search_child(const Position& child, Move m, bool reducible, int alpha, int beta, int depth,
                         int ply, int move_count, bool cut_node, bool improving, bool quiet) {
  const int new_depth = depth - 1;
  const bool root = ply == 0;
  int score = 0;
  if (depth >= 3 && move_count > 1 + root && reducible) {
    int r = reduction(depth, move_count);
    r += !PV;
    r += cut_node;
    r -= improving;
    if (quiet) r -= history_.score(~child.side_to_move(), m) / search_params().hist_div;
    const int d = std::clamp(new_depth - r, 1, new_depth);
    score = -search<Node::NonPV>(child, -alpha - 1, -alpha, d, ply + 1, true);
    if (score > alpha && d < new_depth)
      score = -search<Node::NonPV>(child, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
  } else if (!PV || move_count > 1) {
    score = -search<Node::NonPV>(child, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
  }
  if (PV && (move_count == 1 || score > alpha))
    score = -search<Node::PV>(child, -beta, -alpha, new_depth, ply + 1, false);
  return score;
}

// At the root: the move's score and line for the MultiPV lines and reports.
void Worker::update_root_move(Move m, int score, int alpha, int move_count, std::uint64_t nodes) {
  RootMove& rm =
      *std::find_if(root_moves_.begin(), root_moves_.end(), [m](const RootMove& r) { return r.move == m; });
  rm.nodes += nodes;
  if (move_count == 1 || score > alpha) {
    rm.score = score;
    rm.seldepth = seldepth_;
    rm.pv.assign(1, m);
    for (int i = 1; i < pv_length_[1]; ++i) rm.pv.push_back(pv_[1][i]);
    if (move_count > 1 && pv_index_ == 0) ++best_move_changes_;
  } else {
    rm.score = -INF;
  }
}

template <Worker::Node N>
int Worker::search(const Position& pos, int alpha, int beta, int depth, int ply, bool cut_node) {
  constexpr bool ROOT = N == Node::Root;
  constexpr bool PV = N != Node::NonPV;
  const Color us = pos.side_to_move();
  const bool in_danger = pos.king_attacked(us);
  // A threatened king extends the search, as check does in chess.
  if (in_danger && ply < 2 * root_depth_) ++depth;
  if (depth <= 0) return qsearch<PV>(pos, alpha, beta, ply, 0);

  network_line_.enter(ply, pos);
  count_node();
  if (shared_->control.stop.load(std::memory_order_relaxed)) return DRAW;
  if constexpr (PV) pv_length_[ply] = ply;
  seldepth_ = std::max(seldepth_, ply);
  if constexpr (!ROOT)
    if (const auto score = settled(pos, alpha, beta, ply)) return *score;

  const TTHit tte = shared_->tt.probe(pos.key());
  const int tt_score = from_tt(tte.score, ply);
  const Move tt_move = ROOT ? root_moves_[pv_index_].move : unpack<Move>(tte.move);
  if (!PV && tt_settles(tte, tt_score, depth, alpha, beta)) return tt_score;

  // The table keeps the static evaluation, never a search's score: else
  // scores would pass for evaluations from search to search.
  const int raw_eval = in_danger ? NO_EVAL : static_eval(pos, tte, ply);
  const int eval = in_danger ? 0 : node_eval(raw_eval, tte, tt_score);
  stack_[ply].eval = in_danger ? -INF : raw_eval;
  const bool improving = !in_danger && ply >= 2 && raw_eval > stack_[ply - 2].eval;
  if (!PV && !in_danger && !is_decisive(beta))
    if (const auto score = prune_early(pos, beta, depth, ply, eval, improving, cut_node)) return *score;
  if (!ROOT && depth >= 4 && !tt_move && (PV || cut_node)) --depth;

  const Move prev = ply > 0 ? stack_[ply - 1].move : Move::none();
  const ContRows rows = cont_rows(ply);
  MovePicker picker(pos, tt_move, history_, ply, prev, false, rows);
  if (picker.size() == 0) return no_move_score(pos, ply);

  const int old_alpha = alpha;
  int best = -INF;
  Move best_move;
  Move quiets[64];
  int quiet_count = 0;
  int move_count = 0;
  while (const Move m = picker.next()) {
    if constexpr (ROOT)
      if (outside_root_lines(m)) continue;
    const bool quiet = !pos.is_capture(m) && !m.is_promotion();
    if (!ROOT && best > -WIN_BOUND && !in_danger &&
        prune_move(pos, m, quiet, depth, eval, alpha, improving, quiet_count, picker))
      continue;
    shared_->tt.prefetch(pos.key_after(m));
    const Position child = pos.after(m);
    stack_[ply].move = m;
    stack_[ply].cont = cont_key(pos, m);
    keys_.push_back(child.key());
    ++move_count;
    const std::uint64_t nodes_before = ROOT ? nodes() : 0;
    const bool reducible = quiet || picker.last_was_bad_capture();
    const int score = search_child<PV>(child, m, reducible, alpha, beta, depth, ply, move_count, cut_node,
                                       improving, quiet);
    keys_.pop_back();
    if (shared_->control.stop.load(std::memory_order_relaxed)) return DRAW;

    if constexpr (ROOT) update_root_move(m, score, alpha, move_count, nodes() - nodes_before);
    if (take_score<PV>(score, m, ply, best, best_move, alpha, beta)) break;
    if (quiet && m != best_move && quiet_count < 64) quiets[quiet_count++] = m;
  }
  if (move_count == 0) return ROOT ? alpha : (best == -INF ? alpha : best);

  if (best >= beta && !pos.is_capture(best_move) && !best_move.is_promotion())
    update_quiet_stats(pos, ply, best_move, quiets, quiet_count, depth, rows);
  if (!ROOT || pv_index_ == 0) {
    const Bound bound = bound_of(best, old_alpha, beta, PV);
    shared_->tt.store(pos.key(), pack(best_move), to_tt(best, ply), raw_eval, depth, bound);
  }
  return best;
}

void Worker::take_memory(const RootPosition& root) {
  if (!continuation_) continuation_ = std::make_unique<ContinuationHistory>();
  keys_.reserve(root.history.size() + MAX_PLY + 8);
}

void Worker::iterate(const RootPosition& root, Shared& shared) {
  shared_ = &shared;
  // The main thread searches without the table where the system refuses it.
  if (!continuation_) continuation_.reset(new (std::nothrow) ContinuationHistory());
  root_ = &root.pos;
  completed_depth_ = 0;
  keys_ = root.history;
  keys_.push_back(root.pos.key());
  root_moves_.clear();
  MoveList moves;
  generate<GenKind::All>(root.pos, moves);
  for (const Move m : moves)
    if (shared.limits.searchmoves.empty() ||
        std::find(shared.limits.searchmoves.begin(), shared.limits.searchmoves.end(), pack(m)) !=
            shared.limits.searchmoves.end()) {
      RootMove rm;
      rm.move = m;
      root_moves_.push_back(rm);
    }
  if (root_moves_.empty()) return;
  multipv_ = std::min<int>(shared.multipv, int(root_moves_.size()));
  max_depth_ = shared.limits.depth > 0 ? std::min(shared.limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
  for (auto& k : stack_) k = Frame{};
  best_changes_total_ = 0;
  enough_ = false;
  // Odd helper threads start one deeper, so that the threads spread over depths.
  deepen(*this, 1 + (id_ % 2 == 1 && max_depth_ > 1));
}

bool Worker::may_start(int depth) const { return depth <= max_depth_ && !enough_; }

bool Worker::iteration(int depth) {
  root_depth_ = depth;
  for (RootMove& rm : root_moves_) {
    rm.previous_score = rm.score;
    rm.nodes = 0;
  }
  best_move_changes_ = 0;
  const std::uint64_t nodes_before = nodes();
  for (pv_index_ = 0; pv_index_ < multipv_; ++pv_index_) {
    search_line();
    if (shared_->control.stop) return false;
  }
  completed_depth_ = depth;
  iteration_scores_[depth] = root_moves_[0].score;
  if (id_ != 0) return true;
  report_lines(depth);
  best_changes_total_ = best_changes_total_ / 2 + best_move_changes_;
  const std::uint64_t spent = nodes() - nodes_before;
  const double best_effort = spent ? double(root_moves_[0].nodes) / double(spent) : 0.0;
  enough_ = should_stop_iterating(depth, best_changes_total_, best_effort);
  return true;
}

void Worker::search_line() {
  seldepth_ = 0;
  const int previous = root_moves_[pv_index_].previous_score;
  int delta = search_params().asp_delta;
  int alpha = -INF;
  int beta = INF;
  if (root_depth_ >= 4 && !is_decisive(previous)) {
    alpha = std::max(previous - delta, -INF);
    beta = std::min(previous + delta, INF);
  }
  while (true) {
    const int score = search<Node::Root>(*root_, alpha, beta, root_depth_, 0, false);
    std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end(),
                     [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    if (shared_->control.stop) break;
    if (score <= alpha) {
      beta = (alpha + beta) / 2;
      alpha = std::max(score - delta, -INF);
    } else if (score >= beta) {
      beta = std::min(score + delta, INF);
    } else {
      break;
    }
    delta += delta / 2 + 5;
  }
  std::stable_sort(root_moves_.begin(), root_moves_.begin() + pv_index_ + 1,
                   [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
}

bool Worker::should_stop_iterating(int depth, int best_changes, double best_effort) const {
  const Limits& limits = shared_->limits;
  const int score = root_moves_[0].score;
  if (!limits.infinite && is_decisive(score) && depth >= 2 * (WIN - std::abs(score)) + 4) return true;
  if (!shared_->time.timed() || shared_->control.pondering || limits.movetime_ms > 0) return false;
  const IterationSignals signals{depth, best_changes, score_drop(depth), best_effort};
  return double(shared_->time.elapsed_ms()) >= double(shared_->time.optimum_ms()) * optimum_scale(signals);
}

// How far the root score fell: against the side's previous move in the game
// and (half of it) against four depths before; nothing where a score is a
// forced result.
int Worker::score_drop(int depth) const {
  const int score = root_moves_[0].score;
  if (is_decisive(score)) return 0;
  int drop = 0;
  const int before = shared_->previous_score;
  if (before != NO_EVAL && !is_decisive(before)) drop += before - score;
  if (depth > 4 && !is_decisive(iteration_scores_[depth - 4]))
    drop += (iteration_scores_[depth - 4] - score) / 2;
  return drop;
}

void Worker::report_lines(int depth) {
  const int multipv = std::min<int>(shared_->multipv, int(root_moves_.size()));
  for (int i = 0; i < multipv; ++i) {
    const RootMove& rm = root_moves_[i];
    Report r;
    r.depth = depth;
    r.seldepth = rm.seldepth;
    r.multipv = i + 1;
    r.score = rm.score;
    r.nodes = shared_->total_nodes();
    r.time_ms = shared_->time.elapsed_ms();
    r.hashfull = shared_->tt.hashfull();
    r.pv = rm.pv;
    shared_->report(r);
  }
}

Searcher::Searcher(TranspositionTable& tt) : tt_(tt) { set_threads(1); }
Searcher::~Searcher() = default;

void Searcher::set_threads(int n) {
  n = std::clamp(n, 1, 256);
  workers_.clear();
  for (int i = 0; i < n; ++i) workers_.push_back(std::make_unique<Worker>(i));
}

void Searcher::clear() {
  for (auto& w : workers_) w->clear();
  has_last_ = false;
}

Result Searcher::run(const RootPosition& root, const Limits& limits, Control& control, const ReportFn& report,
                     std::int64_t overhead_ms) {
  Shared shared{tt_, limits, control, report, {}, &workers_, std::max(1, limits.multipv)};
  const std::size_t earlier = root.history.size();
  if (has_last_ && earlier >= 2 && root.history[earlier - 2] == last_root_key_)
    shared.previous_score = last_score_;
  const int ply = 2 * (root.pos.fullmove_number() - 1) + root.pos.side_to_move();
  shared.time.start(limits, root.pos.side_to_move(), ply, overhead_ms);
  tt_.new_search();
  // Counters are reset before any thread starts, so no report sums a stale one.
  for (auto& w : workers_) w->reset_nodes();
  std::vector<std::thread> helpers;
  for (std::size_t i = 1; i < workers_.size(); ++i) {
    // A thread the system will not start or give its memory (its limit on
    // threads or on address space) leaves the search to those that did start.
    try {
      workers_[i]->take_memory(root);
      helpers.emplace_back([&, i] { workers_[i]->iterate(root, shared); });
    } catch (const std::system_error&) {
      break;
    } catch (const std::bad_alloc&) {
      break;
    }
  }
  Worker& main = *workers_[0];
  main.iterate(root, shared);
  // UCI: in infinite or ponder mode the best move waits for stop or ponderhit.
  while (!control.stop && (limits.infinite || control.pondering))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  control.stop = true;
  for (auto& t : helpers) t.join();

  Result result;
  result.threads = int(helpers.size()) + 1;
  result.nodes = shared.total_nodes();
  result.depth = main.completed_depth();
  const auto& rms = main.root_moves();
  if (rms.empty()) return result;
  result.best = rms[0].move;
  result.score = rms[0].score;
  last_root_key_ = root.pos.key();
  last_score_ = result.score;
  has_last_ = true;
  if (rms[0].pv.size() > 1) result.ponder = rms[0].pv[1];
  for (int i = 0; i < std::min<int>(shared.multipv, int(rms.size())); ++i)
    result.lines.push_back({rms[i].move, rms[i].score});
  return result;
}

}  // namespace search::chaturanga
