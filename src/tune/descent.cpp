#include "tune/descent.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <ostream>

namespace tune {

double fit_scale(const std::function<double(double)>& error) {
  double best_k = 1;
  double best = error(best_k);
  for (double step : {0.5, 0.1, 0.02}) {
    bool improved = true;
    while (improved) {
      improved = false;
      for (double k : {best_k - step, best_k + step}) {
        if (k <= 0) continue;
        const double e = error(k);
        if (e < best) {
          best = e;
          best_k = k;
          improved = true;
        }
      }
    }
  }
  return best_k;
}

double coordinate_descent(std::span<int> weights, std::vector<bool> inert,
                          const std::function<double(std::span<const int>)>& error,
                          const DescentOptions& options, std::ostream& log) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  inert.resize(weights.size(), false);
  double best = error(weights);
  for (int pass = 0; pass < options.passes; ++pass) {
    const int step = options.steps.empty()
                         ? 1
                         : options.steps[std::min<std::size_t>(std::size_t(pass), options.steps.size() - 1)];
    int changed = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
      if (inert[i]) continue;
      if (elapsed() > options.seconds) {
        log << "time limit reached in pass " << pass + 1 << std::endl;
        return best;
      }
      const int original = weights[i];
      bool moved = false;
      bool any_effect = false;
      for (int delta : {step, -step}) {
        weights[i] = original + delta;
        const double e = error(weights);
        any_effect |= e != best;
        if (e < best) {
          best = e;
          moved = true;
          while (options.line_search) {
            weights[i] += delta;
            const double further = error(weights);
            if (further >= best) {
              weights[i] -= delta;
              break;
            }
            best = further;
          }
          break;
        }
      }
      if (!moved) weights[i] = original;
      if (!any_effect) inert[i] = true;
      changed += moved;
    }
    log << "pass " << pass + 1 << " step " << step << ": " << changed << " weights moved, error " << best
        << ", " << int(elapsed()) << " s" << std::endl;
  }
  return best;
}

}  // namespace tune
