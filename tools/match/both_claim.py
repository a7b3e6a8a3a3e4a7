#!/usr/bin/env python3
"""In the games an engine lost, the first moment both engines claimed an edge.

Reads a PGN written by `chaturanga match` (each move's comment is
{SCORE/DEPTH TIMEs}, the score from the mover's side). For every game the
named engine lost, walks the moves keeping each engine's latest score and
reports the first ply at which both scored the position at --margin pawns
or more for themselves: two evaluations that cannot both be right.

usage: both_claim.py --engine NAME [--margin 0.5] GAMES.pgn
"""
import argparse
import re
import sys

COMMENT = re.compile(r"\{([-+]?[0-9.]+|[-+]?M\d+)/(\d+) [0-9.]+s\}")


def tag(game, name):
    found = re.search(r'\[' + name + r' "([^"]*)"\]', game)
    return found.group(1) if found else None


def lost_by(game, engine):
    result = tag(game, "Result")
    return (tag(game, "White") == engine and result == "0-1") or (tag(game, "Black") == engine and result == "1-0")


def first_double_claim(game, engine, margin):
    fen = tag(game, "FEN")
    white_first = fen is None or fen.split()[1] == "w"
    engine_white = tag(game, "White") == engine
    latest = {}
    body = game.split("\n\n", 1)[1] if "\n\n" in game else ""
    for ply, (score, _depth) in enumerate(COMMENT.findall(body)):
        if "M" in score:
            continue
        mover_white = (ply % 2 == 0) == white_first
        latest[mover_white == engine_white] = float(score)
        if latest.get(True, 0) >= margin and latest.get(False, 0) >= margin:
            return ply
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="the engine whose losses are read")
    parser.add_argument("--margin", type=float, default=0.5, help="pawns each side must claim")
    parser.add_argument("pgn")
    args = parser.parse_args()
    try:
        text = open(args.pgn, encoding="utf-8").read()
    except OSError as error:
        sys.exit(f"both_claim: cannot read '{args.pgn}': {error.strerror}")
    games = ["[Event" + g for g in text.split("[Event")[1:]]
    lost = [g for g in games if lost_by(g, args.engine)]
    plies = [p for p in (first_double_claim(g, args.engine, args.margin) for g in lost) if p is not None]
    print(f"{args.engine} lost {len(lost)} of {len(games)} games; in {len(plies)} both claimed "
          f">= +{args.margin} at once, first at plies {sorted(plies)}")


if __name__ == "__main__":
    main()
