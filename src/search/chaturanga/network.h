// A small learned correction to the hand-made evaluation: the pieces on
// their squares, seen from each side, through one hidden layer (clipped
// ReLU) to one output, added to the hand-made score read as a logit of the
// side to move's expected score. The hidden layer's sums are kept in fixed
// point, so that a position's sums updated from its parent's (the few
// pieces that moved) are exactly those summed afresh (network_line.h).
// Makruk (and Cambodian), Shatranj and Sittuyin play with one built in;
// any game can be given one from a file.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>

#include "chaturanga/position.h"
#include "core/expected.h"

namespace search::chaturanga {

constexpr int NET_INPUTS = 2 * ::chaturanga::PIECE_TYPE_COUNT * 64;
constexpr int NET_HIDDEN = 64;

struct Network {
  alignas(32) std::array<std::array<float, NET_HIDDEN>, NET_INPUTS> input_weights{};
  alignas(32) std::array<float, NET_HIDDEN> hidden_bias{};
  alignas(32) std::array<float, 2 * NET_HIDDEN> output_weights{};  // the mover's half, then the other's
  float output_bias = 0;
  // The logit of a centipawn of the hand-made evaluation: the expected
  // score is 1 / (1 + e^-(base_scale * hand-made score + the network's output)).
  float base_scale = 0.00576f;
};

// The input a piece of colour `c` and type `t` on `sq` sets, seen from
// `view`'s side (its own pieces first, the board turned for Black).
constexpr int net_feature(::chaturanga::Color view, ::chaturanga::Color c, ::chaturanga::PieceType t,
                          int sq) {
  const int side = c == view ? 0 : 1;
  const int square = view == ::chaturanga::WHITE ? sq : sq ^ 56;
  return (side * ::chaturanga::PIECE_TYPE_COUNT + t) * 64 + square;
}

// The hidden layer's sums before clipping, one set per view, in fixed
// point: NET_ONE is a sum of 1. Integer sums are the same in any order.
constexpr float NET_ONE = 65536.0f;
struct NetAccumulator {
  alignas(32) std::array<std::int32_t, NET_HIDDEN> view[::chaturanga::COLOR_COUNT];
};

// `pos`'s sums, afresh.
void net_refresh(const Network& net, const ::chaturanga::Position& pos, NetAccumulator& acc);
// `child`'s sums from its parent's: on each square whose piece differs, the
// parent's taken out and the child's put in. Any move, drop, promotion or
// pass.
void net_update(const Network& net, const ::chaturanga::Position& parent, const ::chaturanga::Position& child,
                const NetAccumulator& from, NetAccumulator& to);
// The network's output (a logit) from a position's sums, `us`'s view.
float net_output(const Network& net, const NetAccumulator& acc, ::chaturanga::Color us);

// The network's output (a logit), side to move's view.
float net_logit(const Network& net, const ::chaturanga::Position& pos);
// The hand-made score `hand` (centipawns, side to move's view) corrected by
// the network's `logit`, in the hand-made evaluation's centipawns.
int net_correct(const Network& net, float logit, int hand);
int net_evaluate(const Network& net, const ::chaturanga::Position& pos, int hand);

core::Expected<std::unique_ptr<Network>> read_network(const std::string& path);
// A network from its file's bytes; `name` names it in errors.
core::Expected<std::unique_ptr<Network>> parse_network(std::istream& in, const std::string& name);
bool write_network(const Network& net, const std::string& path);

// The network a game plays with: its built-in one (builtin_networks.h;
// the descendants') unless a file's replaced it; none while networks are turned off.
const Network* network_for(::chaturanga::Variant variant);
// A file's network for a game; null: back to the game's built-in one.
void set_network(::chaturanga::Variant variant, std::shared_ptr<const Network> net);
// Off: every game plays with the hand-made evaluation alone (UCI `Use Network`).
void set_networks_enabled(bool enabled);

}  // namespace search::chaturanga
