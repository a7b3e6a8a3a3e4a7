#!/usr/bin/env python3
# Combines `chaturanga arena --variant chaturaji-points` runs of the same four players:
# the share of first places (1/k when k share it) from their --record files and the
# mean place from the place histograms of their reports, each with a 95 % interval.
# usage: arena_combine.py RUN1.out RUN2.out ... RUN1.rec RUN2.rec ...
import math, re, sys
colours = ["red", "blue", "yellow", "green"]
outs, recs = [], []
for a in sys.argv[1:]:
    (recs if a.endswith(".rec") else outs).append(a)
names, hist = {}, {}
for f in outs:
    cur = None
    for line in open(f):
        m = re.match(r"player (\d) (\S+): games", line)
        if m: cur = int(m.group(1)); names[cur] = m.group(2); continue
        m = re.match(r"\s+places \(1, 1.5, 2, 2.5, 3, 3.5, 4\): (.*)", line)
        if m and cur is not None:
            h = hist.setdefault(cur, [0] * 7)
            for i, c in enumerate(m.group(1).split()): h[i] += int(c)
wins = {b: [] for b in names}
seat_wins = {b: {c: [] for c in colours} for b in names}
for f in recs:
    for line in open(f):
        w = line.split()
        seats = [int(x) for x in w[3:7]]
        winners = w[w.index("winners") + 1:w.index("plies")]
        k = len(winners)
        for s, b in enumerate(seats):
            v = (1.0 / k) if colours[s] in winners else 0.0
            wins[b].append(v); seat_wins[b][colours[s]].append(v)
def ci(xs):
    n = len(xs); m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)
for b in sorted(names):
    places = []
    for i, c in enumerate(hist[b]): places += [1 + 0.5 * i] * c
    pm, pe = ci(places); wm, we = ci(wins[b])
    seats = " ".join(f"{c} {100*ci(v)[0]:.1f}±{100*ci(v)[1]:.1f}" for c, v in seat_wins[b].items())
    print(f"{names[b]}: games {len(wins[b])} first {100*wm:.1f}% ± {100*we:.1f} mean place {pm:.2f} ± {pe:.2f} "
          f"places {' / '.join(map(str, hist[b]))} | by seat first %: {seats}")
