#include "search/chaturanga/network.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <istream>
#include <vector>

#include "search/chaturanga/builtin_networks.h"
#include "search/score.h"

namespace search::chaturanga {

using namespace ::chaturanga;

namespace {

constexpr char MAGIC[8] = {'C', 'H', 'N', 'E', 'T', '1', '\0', '\0'};

using Weights = std::array<float, NET_HIDDEN>;
using Sums = std::array<std::int32_t, NET_HIDDEN>;

// A weight in the sums' fixed point (truncated: the same every time).
std::int32_t fixed(float w) { return std::int32_t(w * NET_ONE); }

void add(Sums& sums, const Weights& w) {
  for (int i = 0; i < NET_HIDDEN; ++i) sums[i] += fixed(w[i]);
}
void subtract(Sums& sums, const Weights& w) {
  for (int i = 0; i < NET_HIDDEN; ++i) sums[i] -= fixed(w[i]);
}

// The largest hidden weight or bias the fixed-point sums take: a whole
// board's worth (at most 64 pieces and the bias) stays inside 32 bits.
constexpr float MAX_HIDDEN_WEIGHT = 256.0f;

bool within_fixed_point(const Network& net) {
  const auto within = [](float w) { return std::abs(w) <= MAX_HIDDEN_WEIGHT; };  // false for NaN
  return std::all_of(net.hidden_bias.begin(), net.hidden_bias.end(), within) &&
         std::all_of(net.input_weights.begin(), net.input_weights.end(),
                     [&](const Weights& row) { return std::all_of(row.begin(), row.end(), within); });
}

float clipped(std::int32_t x) { return float(std::clamp(x, 0, std::int32_t(NET_ONE))) * (1.0f / NET_ONE); }

// One network per game, published whole: a search reads it without a lock.
// Networks replaced are kept: a search may still be reading one. Each game
// starts with its built-in network (none for most).
struct Registry {
  std::vector<std::shared_ptr<const Network>> owned;
  std::atomic<const Network*> current[VARIANT_COUNT] = {};
  std::atomic<bool> enabled{true};

  Registry() {
    for (int v = 0; v < VARIANT_COUNT; ++v) current[v].store(builtin_network(Variant(v)));
  }
};
Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

void net_refresh(const Network& net, const Position& pos, NetAccumulator& acc) {
  for (const Color view : {WHITE, BLACK}) {
    acc.view[view] = {};
    add(acc.view[view], net.hidden_bias);
  }
  Bitboard b = pos.pieces();
  while (b) {
    const Square sq = core::pop_lsb(b);
    const Piece pc = pos.piece_on(sq);
    for (const Color view : {WHITE, BLACK})
      add(acc.view[view], net.input_weights[net_feature(view, color_of(pc), type_of(pc), sq)]);
  }
}

void net_update(const Network& net, const Position& parent, const Position& child, const NetAccumulator& from,
                NetAccumulator& to) {
  // The squares whose piece changed: a few, found without a branch a type.
  Bitboard changed =
      (parent.pieces(WHITE) ^ child.pieces(WHITE)) | (parent.pieces(BLACK) ^ child.pieces(BLACK));
  for (int t = 0; t < PIECE_TYPE_COUNT; ++t)
    changed |= parent.pieces(PieceType(t)) ^ child.pieces(PieceType(t));
  to = from;
  while (changed) {
    const Square sq = core::pop_lsb(changed);
    if (const Piece gone = parent.piece_on(sq); gone != NO_PIECE)
      for (const Color view : {WHITE, BLACK})
        subtract(to.view[view], net.input_weights[net_feature(view, color_of(gone), type_of(gone), sq)]);
    if (const Piece come = child.piece_on(sq); come != NO_PIECE)
      for (const Color view : {WHITE, BLACK})
        add(to.view[view], net.input_weights[net_feature(view, color_of(come), type_of(come), sq)]);
  }
}

float net_output(const Network& net, const NetAccumulator& acc, Color us) {
  // Eight running sums, one a lane, so that the compiler may use vectors
  // (one float sum would have to be added up in order).
  constexpr int LANES = 8;
  std::array<float, LANES> lane{};
  for (int i = 0; i < NET_HIDDEN; i += LANES)
    for (int j = 0; j < LANES; ++j)
      lane[j] += net.output_weights[i + j] * clipped(acc.view[us][i + j]) +
                 net.output_weights[NET_HIDDEN + i + j] * clipped(acc.view[~us][i + j]);
  float out = net.output_bias;
  for (const float x : lane) out += x;
  return out;
}

float net_logit(const Network& net, const Position& pos) {
  NetAccumulator acc;
  net_refresh(net, pos, acc);
  return net_output(net, acc, pos.side_to_move());
}

int net_correct(const Network& net, float logit, int hand) {
  const float cp = float(hand) + logit / net.base_scale;
  return int(std::clamp(cp, float(-WIN_BOUND + 1), float(WIN_BOUND - 1)));
}

int net_evaluate(const Network& net, const Position& pos, int hand) {
  return net_correct(net, net_logit(net, pos), hand);
}

core::Expected<std::unique_ptr<Network>> read_network(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::error("cannot read the network '" + path + "'");
  return parse_network(in, path);
}

core::Expected<std::unique_ptr<Network>> parse_network(std::istream& in, const std::string& name) {
  char magic[sizeof MAGIC];
  std::int32_t inputs = 0;
  std::int32_t hidden = 0;
  in.read(magic, sizeof magic);
  in.read(reinterpret_cast<char*>(&inputs), sizeof inputs);
  in.read(reinterpret_cast<char*>(&hidden), sizeof hidden);
  if (!in || std::memcmp(magic, MAGIC, sizeof MAGIC) != 0)
    return core::error("'" + name + "' is not a network file");
  if (inputs != NET_INPUTS || hidden != NET_HIDDEN)
    return core::error("the network '" + name + "' has " + std::to_string(inputs) + " inputs and " +
                       std::to_string(hidden) + " hidden units; this engine reads " +
                       std::to_string(NET_INPUTS) + " and " + std::to_string(NET_HIDDEN));
  auto net = std::make_unique<Network>();
  in.read(reinterpret_cast<char*>(net->input_weights.data()), sizeof net->input_weights);
  in.read(reinterpret_cast<char*>(net->hidden_bias.data()), sizeof net->hidden_bias);
  in.read(reinterpret_cast<char*>(net->output_weights.data()), sizeof net->output_weights);
  in.read(reinterpret_cast<char*>(&net->output_bias), sizeof net->output_bias);
  in.read(reinterpret_cast<char*>(&net->base_scale), sizeof net->base_scale);
  if (!in) return core::error("the network '" + name + "' ends early");
  if (!(net->base_scale > 0)) return core::error("the network '" + name + "' has no positive scale");
  if (!within_fixed_point(*net))
    return core::error("the network '" + name + "' has a hidden weight or bias beyond ±" +
                       std::to_string(int(MAX_HIDDEN_WEIGHT)) + " (or not a number)");
  if (in.peek() != std::istream::traits_type::eof())
    return core::error("the network '" + name + "' is longer than a network");
  return net;
}

bool write_network(const Network& net, const std::string& path) {
  std::ofstream out(path, std::ios::binary);
  const std::int32_t inputs = NET_INPUTS;
  const std::int32_t hidden = NET_HIDDEN;
  out.write(MAGIC, sizeof MAGIC);
  out.write(reinterpret_cast<const char*>(&inputs), sizeof inputs);
  out.write(reinterpret_cast<const char*>(&hidden), sizeof hidden);
  out.write(reinterpret_cast<const char*>(net.input_weights.data()), sizeof net.input_weights);
  out.write(reinterpret_cast<const char*>(net.hidden_bias.data()), sizeof net.hidden_bias);
  out.write(reinterpret_cast<const char*>(net.output_weights.data()), sizeof net.output_weights);
  out.write(reinterpret_cast<const char*>(&net.output_bias), sizeof net.output_bias);
  out.write(reinterpret_cast<const char*>(&net.base_scale), sizeof net.base_scale);
  return bool(out);
}

const Network* network_for(Variant variant) {
  const Registry& r = registry();
  if (!r.enabled.load(std::memory_order_relaxed)) return nullptr;
  return r.current[int(variant)].load(std::memory_order_acquire);
}

void set_network(Variant variant, std::shared_ptr<const Network> net) {
  Registry& r = registry();
  r.current[int(variant)].store(net ? net.get() : builtin_network(variant), std::memory_order_release);
  if (net) r.owned.push_back(std::move(net));
}

void set_networks_enabled(bool enabled) { registry().enabled.store(enabled, std::memory_order_relaxed); }

}  // namespace search::chaturanga
