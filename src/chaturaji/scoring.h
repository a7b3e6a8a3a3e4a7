// Scoring of `points`: what a capture is worth, the check bonus, the end
// bonus and the claim-win test. Pure functions of positions.
#pragma once

#include <array>

#include "chaturaji/position.h"

namespace chaturaji {

// Points for capturing `captured`: its value while its owner is still in, a
// king always (a resigned player's king stays on the board), otherwise 0.
int capture_value(const Position& pos, Piece captured);

// The enemy kings of `mover` (of players in after the move) that some player
// d other than their owner attacks after the move from a square from which d
// did not attack them before. Only players still in attack.
int newly_threatened(const Position& before, const Position& after, int mover);

// +1 for two newly threatened kings, +5 for three.
constexpr int check_bonus(int kings) { return kings == 2 ? 1 : kings >= 3 ? 5 : 0; }

// Kings on the board of seats other than `seat` (the end bonus counts them).
int other_kings_on_board(const Position& pos, int seat);

// Final points when the game ends: the last player (or a claimant) gains 3
// for every other king still on the board; on a draw every player still in
// gains 2.
enum class Ending : std::uint8_t { LastPlayer, Claim, Draw };
std::array<int, SEAT_COUNT> final_scores(const Position& pos, Ending how);

// True when exactly two players are in and the other could not overtake the
// player to move even by gaining every piece of the claimant and every king
// of a player who is out, at their values.
bool may_claim(const Position& pos);

// True when the player to move may claim and the claim leaves every other
// player below its final score: a claim that wins outright.
bool claim_wins(const Position& pos);

}  // namespace chaturaji
