#!/usr/bin/env python3
"""Nodes per second of two UCI engines on the same positions, one thread each.

Each position is searched for --movetime ms by each engine in turn; the nps
reported is the last `info ... nps` of each search. Prints a table and the
ratio of the sums of nodes over the sums of time; with it the deepest depth
each completed (the one before its last reported: the last is cut off by
the clock), their medians, and the time each took to first report the
deepest depth both completed (time to depth: nominal depths differ between
programs, so read it beside the depths and match results, not alone).

usage: nps_compare.py --fens FILE --movetime MS ENGINE_A ENGINE_B
An engine is a shell command; options go after '::' as NAME=VALUE, e.g.
  "/usr/games/fairy-stockfish::VariantPath=../shared/oracle/chaturanga.ini::UCI_Variant=chaturanga-seed"
"""
import argparse
import statistics
import subprocess
import sys


class Engine:
    def __init__(self, spec):
        parts = spec.split("::")
        self.name = parts[0]
        self.p = subprocess.Popen(parts[0], shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")
        for opt in parts[1:]:
            name, value = opt.split("=", 1)
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"{self.name}: ended before '{prefix}'")
            if line.startswith(prefix):
                return line

    def search(self, fen, movetime):
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go movetime {movetime}")
        nodes = time = 0
        depth_time = {}  # depth -> ms at its first report with a score
        while True:
            words = self.p.stdout.readline().split()
            if not words:
                continue
            if words[0] == "bestmove":
                return nodes, time, depth_time
            if words[0] == "info" and "nodes" in words and "time" in words:
                nodes = int(words[words.index("nodes") + 1])
                time = int(words[words.index("time") + 1])
                if "depth" in words and "score" in words:
                    depth_time.setdefault(int(words[words.index("depth") + 1]), time)

    def quit(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fens", required=True)
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("engines", nargs=2)
    args = ap.parse_args()
    fens = [l.strip() for l in open(args.fens) if l.strip() and not l.startswith("#")]
    engines = [Engine(spec) for spec in args.engines]
    totals = [[0, 0], [0, 0]]
    depth_lists = [[], []]
    common_times = [0, 0]
    print(f"{'position':>8} {'nps A':>12} {'nps B':>12} {'A/B':>6} {'depth A':>8} {'depth B':>8} "
          f"{'common':>6} {'ms A':>6} {'ms B':>6}")
    for i, fen in enumerate(fens, 1):
        nps = []
        depths = []
        for k, e in enumerate(engines):
            nodes, time, depth_time = e.search(fen, args.movetime)
            totals[k][0] += nodes
            totals[k][1] += max(time, 1)
            nps.append(nodes * 1000 // max(time, 1))
            depths.append(depth_time)
        reached = [sorted(d)[-2] if len(d) > 1 else max(d, default=0) for d in depths]
        common = min(reached)
        ms = [d.get(common, 0) for d in depths]
        for k in range(2):
            depth_lists[k].append(reached[k])
            common_times[k] += ms[k]
        print(f"{i:>8} {nps[0]:>12} {nps[1]:>12} {nps[0] / max(nps[1], 1):>6.2f} {reached[0]:>8} {reached[1]:>8} "
              f"{common:>6} {ms[0]:>6} {ms[1]:>6}")
    a = totals[0][0] * 1000 / totals[0][1]
    b = totals[1][0] * 1000 / totals[1][1]
    medians = [statistics.median(d) for d in depth_lists]
    print(f"{'all':>8} {int(a):>12} {int(b):>12} {a / b:>6.2f} {medians[0]:>8} {medians[1]:>8} "
          f"{'':>6} {common_times[0]:>6} {common_times[1]:>6}")
    for e in engines:
        e.quit()


if __name__ == "__main__":
    main()
