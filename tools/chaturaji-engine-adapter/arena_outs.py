#!/usr/bin/env python3
# Replays `chaturanga arena --variant chaturaji-points --record` files with
# `chaturanga judge`: per player, how often it was out when the game ended and its
# mean score there as the judge reports it.
# usage: arena_outs.py CHATURANGA_BINARY RUN1.rec RUN2.rec ...
import json, subprocess, sys
judge = subprocess.Popen([sys.argv[1], "judge"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
colours = ["red", "blue", "yellow", "green"]
out_count, score_sum, games = {}, {}, {}
for f in sys.argv[2:]:
    for line in open(f):
        head, fen, moves = line.rstrip("\n").split(" | ")
        w = head.split(); seats = [int(x) for x in w[3:7]]
        judge.stdin.write(json.dumps({"variant": "chaturaji-points", "fen": fen, "moves": moves.split()}) + "\n")
        judge.stdin.flush()
        j = json.loads(judge.stdout.readline())
        if "error" in j: print("error", j); continue
        for s, b in enumerate(seats):
            games[b] = games.get(b, 0) + 1
            out_count[b] = out_count.get(b, 0) + (colours[s] in j["out"])
            score_sum[b] = score_sum.get(b, 0) + j["scores"][colours[s]]
for b in sorted(games):
    print(f"player {b}: games {games[b]} out at the end {out_count[b]} ({100*out_count[b]/games[b]:.0f} %) mean score {score_sum[b]/games[b]:.1f}")
