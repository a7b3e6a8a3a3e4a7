#!/usr/bin/env python3
"""SPSA over the search's constants, by self-play.

Simultaneous-perturbation stochastic approximation in the form chess
engines' testing frameworks use: each iteration moves every constant by
+c_k or -c_k (a random sign each), plays a short match between the two
settings ("plus" and "minus") at fixed nodes, and moves each constant by
a_k * result * sign / c_k, result being plus's wins minus its losses.
a_k and c_k fall as (A + k)^-0.602 and k^-0.101 (A a tenth of the planned
iterations) and reach, at the last planned iteration, c and r_end * c^2.

The constants, their defaults and ranges come from the engine itself:
`chaturanga uci --tune` lists them as spin options (the options that a
plain `chaturanga uci` does not list); c is a twentieth of each range.
The games are `chaturanga match` games, so our referee judges them.

Every iteration is appended to --log (CSV: k, result, then each value) and
the state is saved to --state after each, so a run stopped at any point
goes on where it stopped when started again with the same --state.

  scripts/spsa.py --engine build/chaturanga --iterations 800 \\
      --state spsa.json --log spsa.csv
  scripts/spsa.py --engine build/chaturanga --variant makruk --nodes 50000 \\
      --only rfp_margin,fut_base,fut_mul --iterations 400 --state mk.json --log mk.csv

At the end (or with --iterations 0) it prints the current values as
`option.NAME=VALUE` words for `chaturanga match --engine ... cmd="... uci --tune"`.
"""

import argparse
import csv
import json
import os
import random
import re
import shlex
import subprocess
import sys

SPIN = re.compile(r"^option name (\S+) type spin default (-?\d+) min (-?\d+) max (-?\d+)$")
RESULT = re.compile(r"^plus vs minus: games (\d+): \+(\d+) =(\d+) -(\d+)")


def handshake(engine, *flags):
    out = subprocess.run([engine, "uci", *flags], input="uci\nquit\n", capture_output=True,
                         text=True, check=True, timeout=60).stdout
    return {m.group(1): (int(m.group(2)), int(m.group(3)), int(m.group(4)))
            for m in map(SPIN.match, out.splitlines()) if m}


def tunables(engine, only):
    """{name: (default, min, max)} of the constants `uci --tune` adds."""
    plain = handshake(engine)
    tuned = {k: v for k, v in handshake(engine, "--tune").items() if k not in plain}
    if not tuned:
        sys.exit(f"{engine} uci --tune lists no constants to tune")
    if only:
        unknown = [n for n in only if n not in tuned]
        if unknown:
            sys.exit(f"--only: not a tunable constant: {', '.join(unknown)} (known: {', '.join(tuned)})")
        tuned = {k: tuned[k] for k in only}
    return tuned


def clamp(value, lo, hi):
    return max(lo, min(hi, value))


def options(values):
    return [f"option.{name}={value}" for name, value in values.items()]


def play(args, plus, minus, seed):
    """Plus's wins minus its losses over one iteration's games."""
    engine = os.path.abspath(args.engine)
    command = [engine, "match"]
    if args.variant != "chaturanga":
        command += ["--variant", args.variant]
    for name, values in (("plus", plus), ("minus", minus)):
        command += ["--engine", f"name={name}", f"cmd={engine} uci --tune", "option.Hash=16",
                    f"nodes={args.nodes}", *options(values)]
    command += ["--games", str(args.games), "--concurrency", str(args.concurrency),
                "--random-plies", str(args.random_plies), "--balance", str(args.balance),
                "--max-plies", str(args.max_plies), "--seed", str(seed)]
    done = subprocess.run(command, capture_output=True, text=True)
    for line in done.stdout.splitlines():
        if m := RESULT.match(line):
            return int(m.group(2)) - int(m.group(4))
    sys.exit(f"the match gave no result (exit {done.returncode}):\n{shlex.join(command)}\n"
             f"{done.stdout[-2000:]}{done.stderr[-2000:]}")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default="build/chaturanga")
    p.add_argument("--variant", default="chaturanga", help="a UCI_Variant of the family")
    p.add_argument("--only", default="", help="comma-separated names; default: every constant")
    p.add_argument("--iterations", type=int, default=800, help="planned iterations")
    p.add_argument("--games", type=int, default=4, help="games an iteration (even: colours in pairs)")
    p.add_argument("--nodes", type=int, default=25000, help="nodes a move for both settings")
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--random-plies", type=int, default=8)
    p.add_argument("--balance", type=int, default=150)
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--r-end", type=float, default=0.025, help="a at the last iteration over c squared")
    p.add_argument("--seed", type=int, default=100000, help="iteration k plays seed + k")
    p.add_argument("--state", required=True, help="JSON file: the values and the iteration reached")
    p.add_argument("--log", help="CSV file, one row an iteration")
    args = p.parse_args()
    if args.games < 2 or args.games % 2:
        sys.exit("--games must be even and at least 2")

    params = tunables(args.engine, [n for n in args.only.split(",") if n])
    state = {"k": 0, "theta": {n: float(d) for n, (d, _, _) in params.items()}}
    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
        if set(state["theta"]) != set(params):
            sys.exit(f"{args.state} tunes {', '.join(state['theta'])}, not {', '.join(params)}")
    theta = state["theta"]
    steps = {n: (hi - lo) / 20 for n, (_, lo, hi) in params.items()}
    big_a = args.iterations / 10
    rng = random.Random(args.seed)
    for _ in range(state["k"]):  # the signs of the iterations already played
        for _ in params:
            rng.random()

    while state["k"] < args.iterations:
        k = state["k"] + 1
        c_scale = (args.iterations / k) ** 0.101
        a_scale = ((big_a + args.iterations) / (big_a + k)) ** 0.602
        signs = {n: 1 if rng.random() < 0.5 else -1 for n in params}
        plus, minus = {}, {}
        for n, (_, lo, hi) in params.items():
            shift = steps[n] * c_scale * signs[n]
            plus[n] = clamp(round(theta[n] + shift), lo, hi)
            minus[n] = clamp(round(theta[n] - shift), lo, hi)
        result = play(args, plus, minus, args.seed + k)
        for n, (_, lo, hi) in params.items():
            c_k = steps[n] * c_scale
            a_k = args.r_end * steps[n] ** 2 * a_scale
            theta[n] = clamp(theta[n] + a_k * result * signs[n] / c_k, lo, hi)
        state["k"] = k
        tmp = args.state + ".tmp"
        with open(tmp, "w") as f:
            json.dump(state, f, indent=1)
        os.replace(tmp, args.state)
        if args.log:
            new = not os.path.exists(args.log)
            with open(args.log, "a", newline="") as f:
                w = csv.writer(f, lineterminator="\n")
                if new:
                    w.writerow(["k", "result", *params])
                w.writerow([k, result, *(f"{theta[n]:.1f}" for n in params)])
        print(f"iteration {k}/{args.iterations}: result {result:+d}, "
              + " ".join(f"{n}={theta[n]:.1f}" for n in params), flush=True)

    print(" ".join(options({n: round(v) for n, v in theta.items()})))


if __name__ == "__main__":
    main()
