#!/usr/bin/env python3
"""Fairy-Stockfish as the oracle of the Chaturanga family's rules.

perft-data   plays random games with Fairy-Stockfish itself and writes, for a
             position from each, its perft counts at depths 1, 2, ... (up to
             --max-depth, or until a count passes --max-nodes) in the suite
             format of tests/perft/data: `FEN ;D1 n ;D2 n ...`, with the
             oracle's name and the command in comment lines.
perft-check  asks a Fairy-Stockfish binary for every count of such a file
             again and reports each that differs (exit status 1 if any).
game-ends    plays random games with our judge (`chaturanga judge`) from
             endgame positions of each game and, after every move, asks
             Fairy-Stockfish over the xboard protocol (which claims every
             game end it knows: checkmate, stalemate, bare king, counting,
             n-move rule, repetition) whether the game is over and how; any
             verdict that differs from our judge's result is reported. With
             --write, each game goes to a data file (start, moves, the final
             result of both) for tests/chaturanga/game_end_data_test.cpp.

label        reads positions as `chaturanga tune --write-positions` writes
             them (`FEN;LABEL`, LABEL White's expected score from the game's
             result) and labels each anew with Fairy-Stockfish's search score
             at --nodes: W * old label + (1 - W) / (1 + 10^(-K * cp / 400)),
             cp from White's view, K its scale fitted to game results (0.70
             for master on Chaturanga, docs/benchmarks.md); a forced result
             counts as 1 or 0. --processes engines label side by side. The
             output is for `chaturanga tune --positions`.

The positions and counts come from Fairy-Stockfish alone, never from our
program, so a suite checks our move generation against an outside reading.

  scripts/fsf_oracle.py perft-data --engine /path/to/fairy-stockfish --variant makruk \\
      --positions 24 --seed 1 > tests/perft/data/makruk.epd
  scripts/fsf_oracle.py perft-check --engine /path/to/fairy-stockfish --variant makruk \\
      tests/perft/data/makruk.epd
  scripts/fsf_oracle.py label --engine /path/to/fairy-stockfish --variant chaturanga-seed \\
      --ini ../shared/oracle/chaturanga.ini --nodes 5000 --processes 2 in.pos out.pos
  scripts/fsf_oracle.py game-ends --engine /path/to/fairy-stockfish --variant makruk \\
      --judge build/chaturanga --games 40
"""
import json
import argparse
import multiprocessing
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
            if sep and " " not in head and any(c.isdigit() for c in head):
                moves.append(head)
        raise RuntimeError("no perft total")

    def score(self, fen, nodes):
        """The last score of `go nodes` from `fen`, ("cp" or "mate", value), the side to move's view."""
        self.position(fen)
        self.send("go nodes %d" % nodes)
        score = None
        for line in self.lines_until("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                at = words.index("score")
                score = (words[at + 1], int(words[at + 2]))
        return score

    def fen(self):
        # `isready` marks the end of `d`, whose last lines differ between versions.
        self.send("d")
        self.send("isready")
        fen = None
        for line in self.lines_until("readyok"):
            if line.startswith("Fen: "):
                fen = line[len("Fen: "):]
        return fen

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


class XboardEngine:
    """Fairy-Stockfish over xboard, where it claims game ends at the root."""

    def __init__(self, path, variant):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.variant = variant
        self.send("xboard")
        self.send("protover 2")
        self.send("ping 1")
        self.wait_for("pong 1")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish stopped answering")
            if line.startswith(prefix):
                return line.strip()

    def verdict(self, fen, moves):
        """'*' while the game goes on, else '1-0', '0-1' or '1/2-1/2'."""
        self.send("new")
        self.send("variant " + self.variant)
        self.send("force")
        self.send("setboard " + fen)
        for m in moves:
            self.send("usermove " + m)
        self.send("sd 1")
        self.send("go")
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish stopped answering")
            line = line.strip()
            if line.startswith("move "):
                verdict = "*"
                break
            if line.split(" ")[0] in ("1-0", "0-1", "1/2-1/2"):
                verdict = line.split(" ")[0]
                break
        self.send("force")
        self.send("ping 2")
        self.wait_for("pong 2")
        return verdict

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


class Judge:
    """Our `chaturanga judge`."""

    def __init__(self, path, variant, rules):
        self.proc = subprocess.Popen([path, "judge"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.variant = variant
        self.rules = rules

    def ask(self, fen, moves):
        request = {"variant": self.variant, "fen": fen, "moves": moves}
        if self.rules:
            request["rules"] = self.rules
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        if "error" in answer:
            raise RuntimeError("judge: " + answer["error"])
        return answer

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


# Endgames where the rules that end a game are met often in random play
# (bare kings, counting, the n-move rules, promotion limits), and the start.
ENDGAMES = {
    "shatranj": [
        "8/3p4/4k3/8/8/2K5/8/R6R w - - 0 1",
        "8/3p4/4k3/8/8/2K5/8/R7 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
        "8/8/3qk3/8/8/2KQ4/8/8 w - - 0 1",
        "8/2p5/3k4/8/4B3/2K5/6N1/8 w - - 0 1",
        "k7/1p6/8/8/8/8/3Q4/K1R5 w - - 0 1",
    ],
    "makruk": [
        "8/8/4k3/8/8/8/3K4/R7 b - - 0 30",
        "8/8/4k3/8/8/8/3K4/S1S5 w - - 0 1",
        "8/8/4k3/8/8/8/3K4/N1N5 w - - 0 1",
        "8/8/4k3/8/8/8/3K4/S7 w - - 0 1",
        "8/8/4k3/8/8/8/3K4/2M1M3 w - - 0 1",
        "8/8/4k3/3p4/8/8/3K4/R7 w - - 0 1",
        "8/2s5/4k3/8/8/8/3K4/R1N5 w - - 0 1",
        "8/8/3k4/8/3P4/8/8/3K2r1 w - - 0 1",
        "8/4m3/2n1k3/8/8/3MK3/8/8 w - - 0 1",
    ],
    "cambodian": [
        "4k3/8/8/8/8/8/8/R2KM3 w DE - 0 1",
        "8/8/4k3/8/8/8/3K4/R7 b - - 0 30",
        "8/8/4k3/8/8/8/3K4/S1S5 w - - 0 1",
        "8/8/4k3/8/8/8/3K4/N1N5 w - - 0 1",
        "8/8/4k3/8/8/8/3K4/S7 w - - 0 1",
        "8/8/4k3/3p4/8/8/3K4/R7 w - - 0 1",
        "8/2s5/4k3/8/8/8/3K4/R1N5 w - - 0 1",
        "8/8/3k4/8/3P4/8/8/3K2r1 w - - 0 1",
    ],
    "sittuyin": [
        "8/8/4k3/8/8/8/3K4/R7 w - - 0 1",
        "8/8/4k3/8/8/8/3K4/S7 w - - 0 1",
        "8/8/4k3/8/8/8/3K4/N7 w - - 0 1",
        "8/8/4k3/8/8/8/3K4/F7 w - - 0 1",
        "8/8/4k3/8/4P3/8/3K4/8 w - - 0 1",
        "8/8/2k5/8/1P1P4/8/3K4/8 w - - 0 1",
        "8/5p2/2k5/8/1P1P4/8/3K4/6r1 w - - 0 1",
    ],
    "chaturanga": [
        "4k3/8/8/8/8/8/8/R3K2R w - - 0 1",
        "8/8/3qk3/8/8/2KQ4/8/8 w - - 0 1",
        "8/8/4k3/8/8/8/3K4/R7 w - - 0 1",
        "k7/1p6/8/8/8/8/3Q4/K1R5 w - - 0 1",
    ],
}


def fresh_verdict(args, fen, moves):
    engine = XboardEngine(args.engine, args.variant)
    verdict = engine.verdict(fen, moves)
    engine.close()
    return verdict


def game_ends(args):
    judge = Judge(args.judge, args.our_variant or args.variant, args.rules)
    rng = random.Random(args.seed)
    starts = ENDGAMES.get(args.variant, [])
    compared = differ = 0
    out = open(args.write, "w") if args.write else None
    if out:
        out.write("# Game ends of %s judged by %s (xboard claims) and by our judge, over random games.\n"
                  % (args.variant, engine_name(args.engine)))
        out.write("# made by: scripts/fsf_oracle.py game-ends --variant %s --games %d --seed %d\n"
                  % (args.variant, args.games, args.seed))
        out.write("# start ;moves ;result of Fairy-Stockfish ;our result and reason\n")
    for g in range(args.games):
        fen = starts[g % len(starts)] if starts and g % 4 != 3 else judge.ask(None, [])["fen"]
        moves = []
        # Fairy-Stockfish's xboard mode, asked again and again in one process,
        # now and then claims a draw that a fresh process does not: a verdict
        # that differs from ours is asked again of a fresh process, and a
        # fresh process starts every game.
        engine = XboardEngine(args.engine, args.variant)
        while True:
            ours = judge.ask(fen, moves)
            theirs = engine.verdict(fen, moves)
            if ours["result"] != theirs:
                theirs = fresh_verdict(args, fen, moves)
            compared += 1
            if ours["result"] != theirs:
                differ += 1
                print("DIFFER %s moves %s: ours %s (%s), fairy-stockfish %s"
                      % (fen, " ".join(moves), ours["result"], ours["reason"], theirs))
                break
            if ours["result"] != "*" or len(moves) >= args.plies:
                break
            moves.append(rng.choice(ours["legal"]))
        engine.close()
        if out:
            out.write("%s ;%s ;%s ;%s %s\n" % (fen, " ".join(moves), theirs, ours["result"], ours["reason"]))
    judge.close()
    print("%d positions judged by both, %d differ" % (compared, differ))
    return 1 if differ else 0


def engine_name(path):
    e = Engine(path, "chess")
    name = e.name
    e.close()
    return name


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
    print("# oracle: %s%s" % (engine.name, " (source commit " + args.commit + ")" if args.commit else ""))
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


def oracle_label(old, fen, score, weight, scale):
    """The blended label of one position, White's view; None without a score."""
    if score is None:
        return None
    kind, value = score
    expected = (1.0 if value > 0 else 0.0) if kind == "mate" else 1 / (1 + 10 ** (-scale * value / 400))
    if fen.split()[1] == "b":
        expected = 1 - expected
    return weight * old + (1 - weight) * expected


def label_shard(args, shard):
    engine = Engine(args.engine, args.variant, args.ini)
    out = []
    with open(args.file) as f:
        for number, line in enumerate(f):
            if number % args.processes != shard or not line.strip():
                continue
            fen, old = line.rstrip("\n").rsplit(";", 1)
            label = oracle_label(float(old), fen, engine.score(fen, args.nodes), args.result_weight, args.scale)
            if label is not None:
                out.append((number, "%s;%.4f" % (fen, label)))
    engine.close()
    return out


def label(args):
    with multiprocessing.Pool(args.processes) as pool:
        shards = pool.starmap(label_shard, [(args, shard) for shard in range(args.processes)])
    lines = sorted(line for shard in shards for line in shard)
    with open(args.out, "w") as f:
        for _, line in lines:
            f.write(line + "\n")
    print("%d positions labelled by %s at %d nodes" % (len(lines), engine_name(args.engine), args.nodes))
    return 0 if lines else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("perft-data", "perft-check", "game-ends", "label"):
        p = sub.add_parser(name)
        p.add_argument("--engine", required=True, help="path to a fairy-stockfish binary")
        p.add_argument("--variant", required=True, help="UCI_Variant name")
        p.add_argument("--ini", help="VariantPath file defining the variant")
        if name == "game-ends":
            p.add_argument("--judge", required=True, help="path to our chaturanga program")
            p.add_argument("--our-variant", help="our name of the game (default: --variant)")
            p.add_argument("--rules", help="our rule options (a preset name or key=value,...)")
            p.add_argument("--games", type=int, default=40)
            p.add_argument("--seed", type=int, default=1)
            p.add_argument("--plies", type=int, default=400, help="longest game")
            p.add_argument("--write", help="data file for the game-end tests")
        elif name == "perft-data":
            p.add_argument("--positions", type=int, default=24)
            p.add_argument("--seed", type=int, default=1)
            p.add_argument("--max-depth", type=int, default=5)
            p.add_argument("--max-nodes", type=int, default=2_000_000)
            p.add_argument("--plies", type=int, default=120, help="longest random game")
            p.add_argument("--start", help="start FEN (default: the variant's)")
            p.add_argument("--commit", help="the binary's source commit, for the provenance line")
        elif name == "label":
            p.add_argument("--nodes", type=int, default=5000)
            p.add_argument("--result-weight", type=float, default=0.5, help="W, the old label's share")
            p.add_argument("--scale", type=float, default=0.70, help="K, the engine's score scale")
            p.add_argument("--processes", type=int, default=2)
            p.add_argument("file")
            p.add_argument("out")
        else:
            p.add_argument("file")
    args = parser.parse_args()
    if args.command == "label":
        return label(args)
    if args.command == "perft-data":
        perft_data(args)
        return 0
    if args.command == "game-ends":
        return game_ends(args)
    return perft_check(args)


if __name__ == "__main__":
    sys.exit(main())
