#!/usr/bin/env bash
# Runs the real binary as other programs do and checks the documented output.
# Usage: cli_test.sh PATH_TO_CHATURANGA
set -u
bin=$1
passed=0
failed=0
check() {  # name, expected substring, actual output
  if [[ "$3" == *"$2"* ]]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); echo "FAIL $1: expected to find '$2' in:"; echo "$3" | head -20
  fi
}

out=$("$bin" perft 3 2>/dev/null)
check "perft prints the total" "Nodes searched: 4176" "$out"
check "perft prints one line per move" "e2e3: " "$out"
check "perft lists 16 first moves" "16" "$(echo "$out" | grep -c '^[a-h][1-8][a-h][1-8]')"

out=$("$bin" perft --fen "8/8/2n1r3/3kK3/2Q1p3/8/8/4R3 w - - 0 1" 3 2>/dev/null)
check "perft from a FEN" "Nodes searched: 8207" "$out"

"$bin" perft --fen "nonsense" 2 >/dev/null 2>/tmp/cli_test_err.$$; code=$?
check "perft bad FEN exits 2" "2" "$code"
check "perft bad FEN says why" "bad FEN" "$(cat /tmp/cli_test_err.$$)"
"$bin" frobnicate >/dev/null 2>/tmp/cli_test_err.$$; code=$?
check "unknown command exits 2" "2" "$code"
check "unknown command is named" "unknown command 'frobnicate'" "$(cat /tmp/cli_test_err.$$)"
"$bin" uci --tuning </dev/null >/dev/null 2>/tmp/cli_test_err.$$; code=$?
check "uci with an unknown flag exits 2" "2" "$code"
check "uci's unknown flag is named" "got '--tuning'" "$(cat /tmp/cli_test_err.$$)"
out=$(printf 'uci\nquit\n' | timeout 20 "$bin" uci --tune)
check "uci --tune lists the search's constants" "option name asp_delta type spin default 17 min 5 max 85" "$out"
rm -f /tmp/cli_test_err.$$

out=$(printf '%s\n' '{"variant": "chaturanga", "moves": ["e2e3"]}' 'garbage' \
  '{"fen": "3k4/7p/8/8/8/8/8/3RK3 w - - 0 1", "moves": ["d1d8"]}' | "$bin" judge)
check "judge answers every line" "3" "$(echo "$out" | wc -l)"
check "judge first answer" '"turn":"b"' "$(echo "$out" | sed -n 1p)"
check "judge error line" '"error"' "$(echo "$out" | sed -n 2p)"
check "judge result" '"result":"1-0"' "$(echo "$out" | sed -n 3p)"
check "judge reason" '"reason":"king-captured"' "$(echo "$out" | sed -n 3p)"

out=$(printf 'uci\nisready\nposition startpos moves e2e3 e7e6\nposition startpos\ngo perft 2\nquit\n' | timeout 20 "$bin" uci)
check "uci handshake" "uciok" "$out"
check "uci variant option" "option name UCI_Variant type combo default chaturanga" "$out"
check "uci ready" "readyok" "$out"
check "uci go perft" "Nodes searched: 256" "$out"

out=$(printf 'uci\nsetoption name UCI_Variant value chaturaji-points\nposition startpos\ngo perft 2\nposition startpos moves d2d3\ngo movetime 200\nisready\nsetoption name UCI_Variant value chaturaji-teams\nposition startpos\ngo infinite\nisready\nstop\nsetoption name UCI_Variant value shogi\nsetoption name UCI_Variant value chaturanga\nposition startpos\ngo perft 1\nquit\n' | timeout 30 "$bin" uci)
check "uci lists the four-handed variants" "var chaturaji-teams var chaturaji-dice var chaturaji-points" "$out"
check "uci perft for points" "Nodes searched: 64" "$out"
check "uci go for a four-handed game answers" "bestmove" "$(echo "$out" | grep -m1 bestmove)"
check "uci stop ends an infinite four-handed search" "2" "$(echo "$out" | grep -c '^bestmove')"
check "uci unknown variant is named" "unknown UCI_Variant 'shogi'" "$out"
check "uci back to chaturanga" "Nodes searched: 16" "$out"

out=$(printf 'new\ne2e3\nnotamove\nquit\n' | timeout 20 "$bin" play --no-colour --level 1 --think-ms 100)
check "play shows the board" "a b c d e f g h" "$out"
check "play answers with a bot move" "Bot plays" "$out"
check "play rejects nonsense" "Not a legal move: 'notamove'" "$out"
out=$("$bin" play --level x </dev/null)
check "play names a bad option" "unknown option '--level'" "$out"

# The Chaturanga family: every game by name, Chaturanga's options by --rules / "rules".
out=$("$bin" perft --variant makruk 3 2>/dev/null)
check "perft makruk" "Nodes searched: 12012" "$out"
check "perft makruk lists its moves" "c3c4: " "$out"
out=$("$bin" perft --variant sittuyin 1 2>/dev/null)
check "perft sittuyin lists drops" "R@a1: 1" "$out"
check "perft sittuyin set-up" "Nodes searched: 88" "$out"
out=$("$bin" perft --rules elephant=silver,kings=facing 4 2>/dev/null)
check "perft with options" "Nodes searched: 26575" "$out"
out=$("$bin" perft --variant cambodian --fen "4k3/8/8/8/8/8/8/R2KM3 w DE - 0 1" 1 2>/dev/null)
check "perft cambodian leaps" "d1b2: 1" "$out"
"$bin" perft --variant shatranj --rules kings=facing 2 >/dev/null 2>/tmp/cli_test_err.$$; code=$?
check "perft options for a game without them exit 2" "2" "$code"
check "perft options for a game without them say so" "has none" "$(cat /tmp/cli_test_err.$$)"
"$bin" perft --rules elephant=tiger 2 >/dev/null 2>/tmp/cli_test_err.$$; code=$?
check "perft bad option exits 2" "2" "$code"
check "perft bad option is named" "'tiger'" "$(cat /tmp/cli_test_err.$$)"
rm -f /tmp/cli_test_err.$$
out=$(printf '%s\n' '{"variant": "sittuyin", "moves": ["R@a1"]}' \
  '{"rules": {"goal": "checkmate", "bare-king": "off"}, "fen": "k7/2K5/8/8/8/8/8/1R6 w - - 0 1", "moves": ["b1a1"]}' \
  '{"variant": "shatranj", "fen": "8/3p4/4k3/8/8/2K5/8/3R3R w - - 0 1", "moves": ["d1d7"]}' | "$bin" judge)
check "judge sittuyin pockets" '[KSSFRNNkssfrrnn] b' "$(echo "$out" | sed -n 1p)"
check "judge checkmate option" '"reason":"checkmate"' "$(echo "$out" | sed -n 2p)"
check "judge shatranj bare king" '"reason":"bare-king"' "$(echo "$out" | sed -n 3p)"

out=$("$bin" match --variant makruk --engine name=a cmd="$bin uci" --engine name=b cmd="$bin uci" \
  --nodes 300 --games 2 --random-plies 2 --max-plies 60 2>&1)
check "match plays makruk by our referee" "game 2: " "$out"
check "match makruk: no forfeit" "0" "$(echo "$out" | grep -c 'illegal\|lost on time')"
out=$("$bin" match --variant makruk --engine name=a cmd="$bin uci" --engine name=b cmd="$bin uci" \
  --nodes 300 --games 2 --max-plies 6 --pgn /tmp/cli_test_pgn.$$ 2>&1)
check "match names the ply cap" "1/2-1/2 (max-plies, 6 plies)" "$out"
check "match's PGN names the ply cap" "[Termination \"a draw at the match's limit of 6 plies\"]" \
  "$(cat /tmp/cli_test_pgn.$$)"
rm -f /tmp/cli_test_pgn.$$
# An engine that answers every `go` with a move off the board forfeits; the
# PGN says so in its Termination tag.
printf '%s\n' 'while read -r line; do case $line in uci) echo uciok;; isready) echo readyok;;' \
  'go*) echo "bestmove z9z9";; quit) exit 0;; esac; done' >/tmp/cli_test_fake.$$
out=$("$bin" match --engine name=a cmd="$bin uci" --engine name=bad cmd="bash /tmp/cli_test_fake.$$" \
  --nodes 300 --games 2 --max-plies 20 --pgn /tmp/cli_test_pgn.$$ 2>&1)
check "match names the forfeit" "bad played an illegal move 'z9z9'" "$out"
check "match's PGN names the forfeit" "[Termination \"bad played an illegal move 'z9z9'\"]" \
  "$(cat /tmp/cli_test_pgn.$$)"
rm -f /tmp/cli_test_pgn.$$ /tmp/cli_test_fake.$$
out=$("$bin" match --variant sittuyin --engine name=a cmd="$bin uci" --engine name=b cmd="$bin uci" \
  --nodes 300 --games 2 --random-plies 2 --max-plies 40 2>&1)
check "match plays sittuyin's set-up" "game 2: " "$out"
check "match sittuyin: no forfeit" "0" "$(echo "$out" | grep -c 'illegal\|lost on time')"
# Each engine's own node limit reaches it in its `go` (each one's input logged).
"$bin" match --engine name=a cmd="tee -a /tmp/cli_test_a.$$ | $bin uci" nodes=700 \
  --engine name=b cmd="tee -a /tmp/cli_test_b.$$ | $bin uci" nodes=300 --games 2 --max-plies 8 >/dev/null 2>&1
check "match: the first engine's own node limit" "go nodes 700" "$(grep -m1 '^go' /tmp/cli_test_a.$$)"
check "match: the second engine's own node limit" "go nodes 300" "$(grep -m1 '^go' /tmp/cli_test_b.$$)"
rm -f /tmp/cli_test_a.$$ /tmp/cli_test_b.$$
"$bin" match --variant xiangqi --engine cmd=a --engine cmd=b --nodes 1 >/dev/null 2>/tmp/cli_test_err.$$
check "match unknown variant is named" "'xiangqi': not a game of the Chaturanga family" "$(cat /tmp/cli_test_err.$$)"
rm -f /tmp/cli_test_err.$$

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
