#!/usr/bin/env python3
"""Fairy-Stockfish as the oracle of the Chaturanga family's rules.

perft-data   plays random games with Fairy-Stockfish itself and writes, for a
             position from each, its perft counts at depths 1, 2, ... (up to
             --max-depth, or until a count passes --max-nodes) in the suite
             format of tests/perft/data: `FEN ;D1 n ;D2 n ...`, with the
             oracle's name and the command in comment lines.
perft-check  asks a Fairy-Stockfish binary for every count of such a file
             again and reports each that differs (exit status 1 if any).

The positions and counts come from Fairy-Stockfish alone, never from our
program, so a suite checks our move generation against an outside reading.

  scripts/fsf_oracle.py perft-data --engine /path/to/fairy-stockfish --variant makruk \\
      --positions 24 --seed 1 > tests/perft/data/makruk.epd
  scripts/fsf_oracle.py perft-check --engine /path/to/fairy-stockfish --variant makruk \\
      tests/perft/data/makruk.epd
"""
import argparse
import random
import subprocess
import sys


class Engine:
    """A Fairy-Stockfish process spoken to over UCI."""

    def __init__(self, path, variant, ini=None):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.name = ""
        self.send("uci")
        for line in self.lines_until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
        if ini:
            self.send("setoption name VariantPath value " + ini)
        self.send("setoption name UCI_Variant value " + variant)
        self.send("isready")
        list(self.lines_until("readyok"))

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def lines_until(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish stopped answering")
            line = line.rstrip("\n")
            yield line
            if line.startswith(prefix):
                return

    def position(self, fen=None, moves=()):
        cmd = "position " + ("fen " + fen if fen else "startpos")
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def perft(self, depth):
        """The total and the root moves of `go perft depth` for the last position."""
        self.send("go perft %d" % depth)
        moves = []
        for line in self.lines_until("Nodes searched"):
            if line.startswith("Nodes searched"):
                return int(line.split(":")[1]), moves
            head, sep, _ = line.partition(":")
            if sep and " " not in head and head:
                moves.append(head)
        raise RuntimeError("no perft total")

    def fen(self):
        self.send("d")
        fen = None
        for line in self.lines_until("Checkers"):
            if line.startswith("Fen: "):
                fen = line[len("Fen: "):]
        return fen

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def counts_line(engine, fen, max_depth, max_nodes):
    engine.position(fen)
    fields = [fen]
    for depth in range(1, max_depth + 1):
        nodes, _ = engine.perft(depth)
        fields.append("D%d %d" % (depth, nodes))
        if nodes > max_nodes or nodes == 0:
            break
    return " ;".join(fields)


def perft_data(args):
    engine = Engine(args.engine, args.variant, args.ini)
    rng = random.Random(args.seed)
    engine.position(args.start)
    start = engine.fen()
    print("# Perft counts of Fairy-Stockfish for UCI_Variant %s%s, from positions of its own random games."
          % (args.variant, " (" + args.ini.split("/")[-1] + ")" if args.ini else ""))
    print("# oracle: %s%s" % (engine.name, " " + args.commit if args.commit else ""))
    print("# made by: scripts/fsf_oracle.py perft-data --variant %s --positions %d --seed %d "
          "--max-depth %d --max-nodes %d --plies %d"
          % (args.variant, args.positions, args.seed, args.max_depth, args.max_nodes, args.plies))
    fens = [start]
    while len(fens) < args.positions:
        moves = []
        length = rng.randint(1, args.plies)
        for _ in range(length):
            engine.position(start, moves)
            _, legal = engine.perft(1)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        engine.position(start, moves)
        fen = engine.fen()
        if fen not in fens:
            fens.append(fen)
    for fen in fens:
        print(counts_line(engine, fen, args.max_depth, args.max_nodes))
        sys.stdout.flush()
    engine.close()


def perft_check(args):
    engine = Engine(args.engine, args.variant, args.ini)
    checked = failed = 0
    with open(args.file) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fen, *depths = [part.strip() for part in line.split(";")]
            engine.position(fen)
            for item in depths:
                depth, expected = item[1:].split()
                nodes, _ = engine.perft(int(depth))
                checked += 1
                if nodes != int(expected):
                    failed += 1
                    print("MISMATCH %s depth %s: file %s, engine %d" % (fen, depth, expected, nodes))
    engine.close()
    print("%d counts checked against %s, %d differ" % (checked, engine.name, failed))
    return 1 if failed or not checked else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("perft-data", "perft-check"):
        p = sub.add_parser(name)
        p.add_argument("--engine", required=True, help="path to a fairy-stockfish binary")
        p.add_argument("--variant", required=True, help="UCI_Variant name")
        p.add_argument("--ini", help="VariantPath file defining the variant")
        if name == "perft-data":
            p.add_argument("--positions", type=int, default=24)
            p.add_argument("--seed", type=int, default=1)
            p.add_argument("--max-depth", type=int, default=5)
            p.add_argument("--max-nodes", type=int, default=2_000_000)
            p.add_argument("--plies", type=int, default=120, help="longest random game")
            p.add_argument("--start", help="start FEN (default: the variant's)")
            p.add_argument("--commit", help="the binary's source commit, for the provenance line")
        else:
            p.add_argument("file")
    args = parser.parse_args()
    if args.command == "perft-data":
        perft_data(args)
        return 0
    return perft_check(args)


if __name__ == "__main__":
    sys.exit(main())
