#!/usr/bin/env python3
# Compares the adapter's legal moves and scores with `chaturanga judge` in every
# position of random chaturaji-points games (`claim` left out: the engine has none).
# usage: legal_check.py CHATURANGA_BINARY ADAPTER_BINARY GAMES SEED
import json, random, subprocess, sys
judge_bin, adapter_bin, games, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
judge = subprocess.Popen([judge_bin, "judge"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
ad = subprocess.Popen([adapter_bin], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
positions = mism_moves = mism_scores = 0
first = []
for g in range(games):
    moves = []
    while True:
        judge.stdin.write(json.dumps({"variant": "chaturaji-points", "moves": moves}) + "\n"); judge.stdin.flush()
        j = json.loads(judge.stdout.readline())
        if "error" in j: print("judge error", j, moves); sys.exit(2)
        ad.stdin.write("position startpos moves " + " ".join(moves) + "\nlegal\n"); ad.stdin.flush()
        line = ad.stdout.readline().split()
        while line and line[0] != "legal":
            print("adapter:", " ".join(line)); line = ad.stdout.readline().split()
        a_moves = set(line[1:line.index("scores")]); a_scores = [int(x) for x in line[-1].split(",")]
        j_moves = set(j["legal"]) - {"claim"}
        j_scores = [j["scores"][c] for c in ("red", "blue", "yellow", "green")]
        positions += 1
        if j["result"] != "*":
            break
        if a_moves != j_moves:
            mism_moves += 1
            if len(first) < 5: first.append(("moves", moves[:], sorted(a_moves ^ j_moves)))
        if a_scores != j_scores:
            mism_scores += 1
            if len(first) < 5: first.append(("scores", moves[:], a_scores, j_scores))
        legal = [m for m in j["legal"] if m != "claim"]
        if not legal or len(moves) >= 600: break
        moves.append(rng.choice(legal))
print(f"games {games} positions {positions} move-list mismatches {mism_moves} score mismatches {mism_scores}")
for f in first: print(f)
