#include "server/ratings/glicko2.h"

#include <cmath>
#include <numbers>

namespace server::ratings {

namespace {

// The factor between the Glicko and the Glicko-2 scale: 400 / ln(10).
constexpr double SCALE = 173.7178;
constexpr double CENTRE = 1500;

double to_mu(double rating) { return (rating - CENTRE) / SCALE; }
double to_phi(double rd) { return rd / SCALE; }

double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double mu_j, double phi_j) { return 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j))); }

// Step 5: the new volatility, the root of f by the Illinois variant of
// regula falsi, as the paper gives it (its A, B, C are x_a, x_b, x_c).
double new_volatility(double sigma, double phi, double v, double delta, const SystemConstants& c) {
  const double a = std::log(sigma * sigma);
  const double tau2 = c.tau * c.tau;
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / tau2;
  };
  double x_a = a;
  double x_b = 0;
  if (delta * delta > phi * phi + v) {
    x_b = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * c.tau) < 0) ++k;
    x_b = a - k * c.tau;
  }
  double f_a = f(x_a);
  double f_b = f(x_b);
  while (std::abs(x_b - x_a) > c.epsilon) {
    const double x_c = x_a + (x_a - x_b) * f_a / (f_b - f_a);
    const double f_c = f(x_c);
    if (f_c * f_b <= 0) {
      x_a = x_b;
      f_a = f_b;
    } else {
      f_a /= 2;
    }
    x_b = x_c;
    f_b = f_c;
  }
  return std::exp(x_a / 2);
}

}  // namespace

Estimate estimate(const Glicko& player, const std::vector<Encounter>& encounters) {
  const double mu = to_mu(player.rating);
  double inverse_v = 0;
  double sum = 0;
  for (const Encounter& e : encounters) {
    const double mu_j = to_mu(e.opponent.rating);
    const double phi_j = to_phi(e.opponent.rd);
    const double gj = g(phi_j);
    const double ej = expected(mu, mu_j, phi_j);
    inverse_v += gj * gj * ej * (1 - ej);
    sum += gj * (e.score - ej);
  }
  const double v = 1 / inverse_v;
  return {v, v * sum};
}

Glicko update(const Glicko& player, const std::vector<Encounter>& encounters, const SystemConstants& c) {
  const double phi = to_phi(player.rd);
  if (encounters.empty()) {
    const double grown = std::sqrt(phi * phi + player.volatility * player.volatility) * SCALE;
    return {player.rating, std::min(grown, c.max_rd), player.volatility};
  }
  const Estimate est = estimate(player, encounters);
  const double sigma = new_volatility(player.volatility, phi, est.variance, est.delta, c);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / est.variance);
  // delta / v is the sum of g (s - E) over the encounters (step 7).
  const double mu_new = to_mu(player.rating) + phi_new * phi_new * est.delta / est.variance;
  return {mu_new * SCALE + CENTRE, std::min(phi_new * SCALE, c.max_rd), sigma};
}

}  // namespace server::ratings
