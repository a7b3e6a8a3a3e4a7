#include "cli/arena_report.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>

namespace cli::arena {

namespace {

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

}  // namespace

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
      out << " " << r.color_name[std::size_t(s)] << " " << fmt(100 * seat_win[std::size_t(s)].mean(), 1)
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
      out << " " << r.color_name[std::size_t(s)] << " place " << fmt(place.mean(), 2) << " ± "
          << fmt(place.error(), 2);
    }
    out << "\n";
  }
}

}  // namespace cli::arena
