#include "search/chaturanga/network.h"

#include <algorithm>
#include <atomic>
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

using Accumulator = std::array<float, NET_HIDDEN>;

void add(Accumulator& acc, const std::array<float, NET_HIDDEN>& w) {
  for (int i = 0; i < NET_HIDDEN; ++i) acc[i] += w[i];
}

float clipped(float x) { return std::clamp(x, 0.0f, 1.0f); }

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

float net_logit(const Network& net, const Position& pos) {
  Accumulator acc[COLOR_COUNT] = {net.hidden_bias, net.hidden_bias};
  Bitboard b = pos.pieces();
  while (b) {
    const Square sq = core::pop_lsb(b);
    const Piece pc = pos.piece_on(sq);
    const Color c = color_of(pc);
    const PieceType t = type_of(pc);
    add(acc[WHITE], net.input_weights[net_feature(WHITE, c, t, sq)]);
    add(acc[BLACK], net.input_weights[net_feature(BLACK, c, t, sq)]);
  }
  const Color us = pos.side_to_move();
  float out = net.output_bias;
  for (int i = 0; i < NET_HIDDEN; ++i)
    out += net.output_weights[i] * clipped(acc[us][i]) +
           net.output_weights[NET_HIDDEN + i] * clipped(acc[~us][i]);
  return out;
}

int net_evaluate(const Network& net, const Position& pos, int hand) {
  const float cp = float(hand) + net_logit(net, pos) / net.base_scale;
  return int(std::clamp(cp, float(-WIN_BOUND + 1), float(WIN_BOUND - 1)));
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
