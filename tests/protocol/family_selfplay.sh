#!/usr/bin/env bash
# The engine plays every game of the Chaturanga family through the real
# binary's UCI, against itself, and our judge checks every move it chose:
# from the start (the first PLIES plies) and from an endgame (until the game
# ends or MAX plies). A game the judge calls over must be answered with
# `bestmove (none)`, and the engine may not stop while the judge says play
# goes on. With a Fairy-Stockfish binary as second argument, each move is
# also checked against its legal-move list (its own definition of the game;
# VariantPath tests/perft/chaturanga-options.ini for Chaturanga's options).
#   family_selfplay.sh BIN [FAIRY_STOCKFISH] [PLIES] [MAX]
set -uo pipefail
bin=$1
fsf=${2:-}
plies=${3:-24}
max=${4:-60}
here=$(cd "$(dirname "$0")" && pwd)
ini=$here/../perft/chaturanga-options.ini
fail=0

# name | UCI setoption lines (\n-separated) | judge fields | FSF variant | endgame FEN
games=(
  "chaturanga|setoption name UCI_Variant value chaturanga|\"variant\":\"chaturanga\"|chaturanga-alfil-apart-capture|3k4/p7/8/8/8/8/8/3RK3 w - - 0 1"
  "options|setoption name UCI_Variant value chaturanga\nsetoption name Elephant value silver\nsetoption name Goal value checkmate\nsetoption name NoMove value loses\nsetoption name BareKing value false|\"variant\":\"chaturanga\",\"rules\":\"elephant=silver,goal=checkmate,no-move=loses,bare-king=off\"|chaturanga-silver-apart-checkmate|8/8/8/4k3/8/8/R2K4/8 w - - 0 1"
  "chaturanga-chesscom|setoption name UCI_Variant value chaturanga-chesscom|\"variant\":\"chaturanga-chesscom\"|chaturanga|k7/7R/1K6/8/8/8/8/8 w - - 0 1"
  "chaturanga-silver|setoption name UCI_Variant value chaturanga-silver|\"variant\":\"chaturanga\",\"rules\":\"elephant=silver\"|chaturanga-silver-apart-capture|4k3/4p3/8/8/8/8/2R5/R3K3 w - - 0 1"
  "chaturanga-dabbaba|setoption name UCI_Variant value chaturanga-dabbaba|\"variant\":\"chaturanga\",\"rules\":\"elephant=dabbaba\"|chaturanga-dabbaba-apart-capture|4k3/4p3/8/8/8/8/2R5/R3K3 w - - 0 1"
  "chaturanga-facing|setoption name UCI_Variant value chaturanga-facing|\"variant\":\"chaturanga\",\"rules\":\"kings=facing\"|chaturanga-alfil-facing-capture|4k3/4p3/8/8/8/8/2R5/R3K3 w - - 0 1"
  "chaturanga-mate|setoption name UCI_Variant value chaturanga-mate|\"variant\":\"chaturanga\",\"rules\":\"goal=checkmate\"|chaturanga-alfil-apart-checkmate|k7/7R/1K6/8/8/8/p7/8 w - - 0 1"
  "shatranj|setoption name UCI_Variant value shatranj|\"variant\":\"shatranj\"|shatranj|k7/p7/P1K5/8/8/8/8/8 w - - 0 1"
  "makruk|setoption name UCI_Variant value makruk|\"variant\":\"makruk\"|makruk|8/8/8/4k3/8/8/R2K4/8 w - 32 27 40"
  "cambodian|setoption name UCI_Variant value cambodian|\"variant\":\"cambodian\"|cambodian|8/8/8/4k3/8/8/R2K4/8 w - - 0 40"
  "sittuyin|setoption name UCI_Variant value sittuyin|\"variant\":\"sittuyin\"|sittuyin|8/8/8/4k3/8/8/R2K4/8[] w - - 0 40"
)

fsf_legal() {  # FSF's legal moves after the moves given, one per line
  local variant=$1 position=$2
  printf 'setoption name VariantPath value %s\nsetoption name UCI_Variant value %s\n%s\ngo perft 1\nquit\n' \
    "$ini" "$variant" "$position" | timeout 20 "$fsf" 2>/dev/null | sed -n 's/^\([^ :]*\): 1$/\1/p'
}

# Plays one game; $1 name, $2 setoptions, $3 judge fields, $4 FSF variant,
# $5 FEN ("" for the start), $6 most plies.
play() {
  local name=$1 options=$2 fields=$3 fsf_variant=$4 fen=$5 limit=$6
  local base="position startpos" judge_base="{$fields"
  if [[ -n $fen ]]; then
    base="position fen $fen"
    judge_base="{$fields,\"fen\":\"$fen\""
  fi
  local moves=() json="" answer best stopped=0 i
  for ((i = 0; i < limit; i++)); do
    local position=$base
    ((${#moves[@]})) && position="$base moves ${moves[*]}"
    answer=$(printf '%b\n%s\ngo nodes 2000\n' "$options" "$position" | timeout 30 "$bin" uci)
    best=$(sed -n 's/^bestmove \([^ ]*\).*/\1/p' <<<"$answer")
    if grep -q 'error' <<<"$answer"; then
      echo "FAIL $name: the engine reported an error: $(grep error <<<"$answer")"
      return 1
    fi
    if [[ -z $best ]]; then
      echo "FAIL $name: no bestmove after '${moves[*]}'"
      return 1
    fi
    [[ $best == "(none)" ]] && stopped=1 && break
    if [[ -n $fsf ]] && ! fsf_legal "$fsf_variant" "$position" | grep -qx -- "$best"; then
      echo "FAIL $name: Fairy-Stockfish ($fsf_variant) does not list $best as legal after '${moves[*]}'"
      return 1
    fi
    moves+=("$best")
  done
  json=$(printf '"%s",' "${moves[@]}")
  ((${#moves[@]})) || json=","
  local verdict
  verdict=$(echo "$judge_base,\"moves\":[${json%,}]}" | "$bin" judge)
  if grep -q '"error"' <<<"$verdict"; then
    echo "FAIL $name: the judge refused the engine's game: $verdict"
    return 1
  fi
  local result
  result=$(sed -n 's/.*"result":"\([^"]*\)".*/\1/p' <<<"$verdict")
  local reason
  reason=$(sed -n 's/.*"reason":"\{0,1\}\([^",]*\)"\{0,1\},.*/\1/p' <<<"$verdict")
  if ((stopped)) && [[ $result == "*" ]]; then
    echo "FAIL $name: the engine gave no move, but the judge says play goes on after '${moves[*]}'"
    return 1
  fi
  if ((!stopped)) && [[ $result != "*" ]] && ((${#moves[@]} < limit)); then
    echo "FAIL $name: the game ended ($result) but the engine played on"
    return 1
  fi
  echo "ok   $name from ${fen:-the start}: ${#moves[@]} plies, all legal; result $result ${reason}"
}

for entry in "${games[@]}"; do
  IFS='|' read -r name options fields fsf_variant endgame <<<"$entry"
  play "$name" "$options" "$fields" "$fsf_variant" "" "$plies" || fail=1
  # The engine plays on until the game is over (the judge then must agree).
  play "$name" "$options" "$fields" "$fsf_variant" "$endgame" "$((max + 1))" || fail=1
done
exit $fail
