#include "tune/network_trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <ostream>
#include <random>

#include "search/chaturanga/eval.h"

namespace tune {

using namespace chaturanga;
using namespace search::chaturanga;

namespace {

constexpr int H = NET_HIDDEN;

// A position as the network reads it: each side's view of its pieces, the
// mover and the label from the mover's side.
struct Row {
  std::uint32_t first;  // into the feature arrays
  std::uint8_t count;
  std::uint8_t mover;
  float target;
  float hand;  // the hand-made evaluation, mover's view
};

struct Dataset {
  std::vector<Row> rows;
  std::vector<std::uint16_t> white_view;
  std::vector<std::uint16_t> black_view;
};

Dataset make_dataset(const std::vector<TexelSample>& samples) {
  Dataset d;
  d.rows.reserve(samples.size());
  for (const TexelSample& s : samples) {
    Row r{std::uint32_t(d.white_view.size()), 0, std::uint8_t(s.pos.side_to_move()), 0,
          float(hand_made_evaluate(s.pos))};
    r.target = float(s.pos.side_to_move() == WHITE ? s.result : 1 - s.result);
    Bitboard b = s.pos.pieces();
    while (b) {
      const Square sq = core::pop_lsb(b);
      const Piece pc = s.pos.piece_on(sq);
      d.white_view.push_back(std::uint16_t(net_feature(WHITE, color_of(pc), type_of(pc), sq)));
      d.black_view.push_back(std::uint16_t(net_feature(BLACK, color_of(pc), type_of(pc), sq)));
      ++r.count;
    }
    d.rows.push_back(r);
  }
  return d;
}

// The network's weights as one flat array, for the optimiser.
constexpr std::size_t PARAMS = std::size_t(NET_INPUTS) * H + H + 2 * H + 2;
constexpr std::size_t HIDDEN_BIAS = std::size_t(NET_INPUTS) * H;
constexpr std::size_t OUTPUT_WEIGHTS = HIDDEN_BIAS + H;
constexpr std::size_t OUTPUT_BIAS = OUTPUT_WEIGHTS + 2 * H;
constexpr std::size_t BASE_SCALE = OUTPUT_BIAS + 1;
// The base scale moves in hundredths of a logit per centipawn, so that
// the optimiser's steps suit it as they suit the other weights.
constexpr float BASE_UNIT = 0.01f;

void to_flat(const Network& net, std::vector<float>& w) {
  for (int f = 0; f < NET_INPUTS; ++f) std::copy_n(net.input_weights[f].begin(), H, w.begin() + f * H);
  std::copy_n(net.hidden_bias.begin(), H, w.begin() + HIDDEN_BIAS);
  std::copy_n(net.output_weights.begin(), 2 * H, w.begin() + OUTPUT_WEIGHTS);
  w[OUTPUT_BIAS] = net.output_bias;
  w[BASE_SCALE] = net.base_scale / BASE_UNIT;
}

void from_flat(const std::vector<float>& w, Network& net) {
  for (int f = 0; f < NET_INPUTS; ++f) std::copy_n(w.begin() + f * H, H, net.input_weights[f].begin());
  std::copy_n(w.begin() + HIDDEN_BIAS, H, net.hidden_bias.begin());
  std::copy_n(w.begin() + OUTPUT_WEIGHTS, 2 * H, net.output_weights.begin());
  net.output_bias = w[OUTPUT_BIAS];
  net.base_scale = w[BASE_SCALE] * BASE_UNIT;
}

void randomize(Network& net, std::mt19937& rng) {
  std::normal_distribution<float> input(0.0f, 0.05f);
  for (auto& row : net.input_weights)
    for (float& x : row) x = input(rng);
  net.hidden_bias.fill(0.25f);
  // The output starts at nothing: the correction grows from the hand-made score.
  net.output_weights.fill(0.0f);
  net.output_bias = 0;
}

struct Pass {
  const std::vector<float>& w;
  std::vector<float>* grad;  // null: only the error

  // The squared error of one row; its gradient added into *grad.
  double row(const Dataset& d, const Row& r) const {
    alignas(32) float acc[2][H];
    const std::uint16_t* views[2] = {d.white_view.data() + r.first, d.black_view.data() + r.first};
    for (int side = 0; side < 2; ++side) {
      std::copy_n(w.begin() + HIDDEN_BIAS, H, acc[side]);
      for (int k = 0; k < r.count; ++k) {
        const float* col = w.data() + std::size_t(views[side][k]) * H;
        for (int i = 0; i < H; ++i) acc[side][i] += col[i];
      }
    }
    // The mover's half of the output layer reads the mover's view.
    const int us = r.mover;
    const int them = 1 - us;
    const float* out_w = w.data() + OUTPUT_WEIGHTS;
    float out = w[OUTPUT_BIAS] + w[BASE_SCALE] * BASE_UNIT * r.hand;
    for (int i = 0; i < H; ++i)
      out +=
          out_w[i] * std::clamp(acc[us][i], 0.0f, 1.0f) + out_w[H + i] * std::clamp(acc[them][i], 0.0f, 1.0f);
    const float p = 1.0f / (1.0f + std::exp(-out));
    const float e = p - r.target;
    if (grad) {
      float* g = grad->data();
      const float d_out = 2 * e * p * (1 - p);
      g[OUTPUT_BIAS] += d_out;
      g[BASE_SCALE] += d_out * BASE_UNIT * r.hand;
      const int halves[2] = {us, them};
      for (int half = 0; half < 2; ++half) {
        const int side = halves[half];
        alignas(32) float d_acc[H];
        for (int i = 0; i < H; ++i) {
          const float a = acc[side][i];
          g[OUTPUT_WEIGHTS + half * H + i] += d_out * std::clamp(a, 0.0f, 1.0f);
          d_acc[i] = (a > 0 && a < 1) ? d_out * out_w[half * H + i] : 0.0f;
        }
        for (int i = 0; i < H; ++i) g[HIDDEN_BIAS + i] += d_acc[i];
        for (int k = 0; k < r.count; ++k) {
          float* col = g + std::size_t(views[side][k]) * H;
          for (int i = 0; i < H; ++i) col[i] += d_acc[i];
        }
      }
    }
    return double(e) * e;
  }
};

double mean_error(const Dataset& d, const std::vector<std::uint32_t>& order, std::size_t from, std::size_t to,
                  const std::vector<float>& w) {
  const Pass pass{w, nullptr};
  double sum = 0;
  for (std::size_t i = from; i < to; ++i) sum += pass.row(d, d.rows[order[i]]);
  return to > from ? sum / double(to - from) : 0;
}

}  // namespace

double train_network(const std::vector<TexelSample>& samples, Network& net, bool fresh,
                     const NetworkTrainOptions& options, std::ostream& log) {
  const auto start = std::chrono::steady_clock::now();
  std::mt19937 rng(options.seed);
  if (fresh) randomize(net, rng);
  const Dataset d = make_dataset(samples);
  std::vector<std::uint32_t> order(d.rows.size());
  std::iota(order.begin(), order.end(), 0u);
  // The last positions are held back whole: they come from other games than
  // the trained ones, so their error is not flattered by a game's neighbours.
  const std::size_t train_end = d.rows.size() - std::size_t(double(d.rows.size()) * options.held_back);

  std::vector<float> w(PARAMS);
  to_flat(net, w);
  std::vector<float> best_w = w;
  std::vector<float> grad(PARAMS), m(PARAMS), v(PARAMS);
  double best = mean_error(d, order, train_end, order.size(), w);
  log << "held back " << order.size() - train_end << " of " << order.size() << ", error " << best
      << std::endl;
  const float beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f;
  long step = 0;
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    std::shuffle(order.begin(), order.begin() + long(train_end), rng);
    double train_sum = 0;
    for (std::size_t b = 0; b < train_end; b += std::size_t(options.batch)) {
      const std::size_t e = std::min(train_end, b + std::size_t(options.batch));
      std::fill(grad.begin(), grad.end(), 0.0f);
      const Pass pass{w, &grad};
      for (std::size_t i = b; i < e; ++i) train_sum += pass.row(d, d.rows[order[i]]);
      ++step;
      const float scale = 1.0f / float(e - b);
      const float lr =
          float(options.learning_rate * std::sqrt(1 - std::pow(beta2, step)) / (1 - std::pow(beta1, step)));
      for (std::size_t k = 0; k < PARAMS; ++k) {
        const float g = grad[k] * scale;
        m[k] = beta1 * m[k] + (1 - beta1) * g;
        v[k] = beta2 * v[k] + (1 - beta2) * g * g;
        w[k] -= lr * m[k] / (std::sqrt(v[k]) + eps);
      }
      const float decay = 1 - float(options.learning_rate * options.weight_decay);
      for (std::size_t k = 0; k < HIDDEN_BIAS; ++k) w[k] *= decay;
    }
    const double held = mean_error(d, order, train_end, order.size(), w);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    log << "epoch " << epoch << " train " << train_sum / double(train_end) << " held back " << held << " ("
        << int(seconds) << " s)" << std::endl;
    // With nothing held back (a handful of positions) the last epoch's is kept.
    if (held < best || train_end == order.size()) {
      best = held;
      best_w = w;
    }
    if (seconds > options.seconds) break;
  }
  from_flat(best_w, net);
  return best;
}

}  // namespace tune
