"""A fingerprint of everything the engine, the bots, the advisor and the solver decide: run it on two
commits and compare, to show that a refactoring changed no behaviour.

Seeded and deterministic (``PYTHONHASHSEED`` is pinned by re-running itself), it prints one digest per
section and the counts behind it:

- **games**: seeded complete games (2-5 players, both variants, random / greedy / heuristic seats, half
  with the deck's order known and half with cards drawn by the game's seed): every move, every event's
  JSON and every position's JSON after it;
- **decisions**: on positions sampled from those games (at least 10,000), the legal moves and their
  count, why each of a set of probe moves is illegal, every player's press preview, and the choice of
  the random, greedy, tuned heuristic, jittered heuristic and jittered greedy bots (the advisor's
  playout and screening policies, ``advisor.policy.rollout_bot``) plus the heuristic bot's value of every
  move it weighs (floats compared exactly);
- **positions**: the one-line notation of every 10th sampled position read back, and for those
  positions every problem (code, field, message) of 13 changes the rules forbid, with the loader's
  first message;
- **advisor**: rankings (every move's numbers and reasons) on fixed positions at a small fixed playout
  count, an exact final-edition answer, and an audit of a short record;
- **solver**: CP-SAT and the fast solver on seeded random presses, k-best pages, the checker's verdicts.

    python benchmarks/behaviour_fingerprint.py                 # this tree
    python benchmarks/behaviour_fingerprint.py --compare REV   # this tree and commit REV, section by section

``--compare`` unpacks ``REV`` with ``git archive`` into a temporary folder and runs this same script
against it (the few names that moved between commits are looked up at either place), so the two
runs execute the same checks on two versions of the code. Exit status 1 when a section differs.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HASH_SEED = "0"
TREE = "FINGERPRINT_TREE"
"""Set (to the unpacked tree) when this script runs against another commit's code."""

if os.environ.get(TREE):
    # an editable install of this tree would serve any module the other commit lacks: only its own code counts
    sys.meta_path[:] = [f for f in sys.meta_path if not str(getattr(f, "__module__", "")).startswith("__editable__")]


# ------------------------------------------------------------------ names that moved between commits
def _first(*paths: str):
    """The first ``module:name`` that imports (a name some commits keep elsewhere)."""
    for path in paths:
        module, _, name = path.partition(":")
        try:
            return getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
    raise ImportError(f"none of {paths} imports")


def _api() -> dict:
    e = "pennypress.engine"
    return {
        "new_game": _first(f"{e}:new_game"),
        "GameDefinition": _first(f"{e}:GameDefinition"),
        "State": _first(f"{e}:State"),
        "parse_move": _first(f"{e}:parse_move"),
        "public_view": _first(f"{e}:public_view", f"{e}.chance:public_view"),
        "play_match": _first(f"{e}.play.match:play_match"),
        "RandomBot": _first(f"{e}.play.bots:RandomBot"),
        "GreedyBot": _first(f"{e}.play.bots:GreedyBot"),
        "HeuristicBot": _first(f"{e}.play.heuristic:HeuristicBot"),
        "rollout_bot": _first(f"{e}.advisor.policy:rollout_bot"),
        "legal_move_count": _first(f"{e}.rules.actions:legal_move_count", f"{e}.rules:legal_move_count"),
        "preview_press": _first(f"{e}:preview_press"),
        "position_problems": _first(f"{e}.rules.status:position_problems", f"{e}.status:position_problems"),
        "to_text": _first(f"{e}.notation.text:to_text"),
        "from_text": _first(f"{e}.notation.text:from_text"),
        "check_text": _first(f"{e}.notation.check:check_text"),
        "advise": _first(f"{e}.advisor:advise"),
        "audit": _first(f"{e}.audit:audit"),
        "record_selfplay": _first(f"{e}.arena.recorded:record_selfplay", f"{e}.io.record:record_selfplay"),
        "Phase": _first(f"{e}:Phase"),
        "BadInput": _first("pennypress.errors:BadInput"),
    }


class Digest:
    """A running SHA-256 of the lines fed to it, and how many."""

    def __init__(self) -> None:
        self.h = hashlib.sha256()
        self.n = 0

    def add(self, *parts: object) -> None:
        self.h.update(("\x1f".join(map(str, parts)) + "\n").encode())
        self.n += 1

    def hex(self) -> str:
        return self.h.hexdigest()[:20]


def _dumps(doc: object) -> str:
    return json.dumps(doc, sort_keys=True, ensure_ascii=False)


# ------------------------------------------------------------------ games
CONFIGS = [(2, ()), (3, ()), (4, ()), (4, ("newsboy",)), (5, ()), (5, ("newsboy",))]
SEAT_KINDS = ("random", "greedy", "heuristic")


def _bot(api: dict, name: str, seed: int):
    return {"random": api["RandomBot"], "greedy": api["GreedyBot"], "heuristic": api["HeuristicBot"]}[name](seed=seed)


def games_section(api: dict, games: int, every: int) -> tuple[Digest, list[dict]]:
    """Play ``games`` seeded games; digest every move, event and position; sample positions."""
    d = Digest()
    samples: list[dict] = []
    for g in range(games):
        players, variants = CONFIGS[g % len(CONFIGS)]
        rng = random.Random(g)
        seats = [SEAT_KINDS[rng.randrange(3)] for _ in range(players)]
        start = api["new_game"](api["GameDefinition"].create(players, variants), seed=g)
        if g % 2:
            start = api["public_view"](start)  # the cards are drawn by the game's seed
        bots = [_bot(api, name, g * 7 + seat) for seat, name in enumerate(seats)]
        d.add("game", g, players, variants, seats, _dumps(start.to_json()))
        count = [0]

        def seen(state, event) -> None:
            d.add(event.move, _dumps(event.to_json()), _dumps(state.to_json()))
            count[0] += 1
            if count[0] % every == 0 and not state.is_over and not state.is_chance_node():
                samples.append(state.to_json())

        result = api["play_match"](start, bots, seed=g, on_move=seen)
        d.add("end", result.moves, result.scores, result.winners)
    return d, samples


# ------------------------------------------------------------------ decisions at sampled positions
def probe_moves(api: dict, state) -> list:
    parse = api["parse_move"]
    stories = [str(s) for s in state.stories_in_play()]
    probes = ["newsboy", "decline", "press", "assign 6 war:A:1", "recall 1 war:A:1"]
    if stories:
        probes += [f"assign 1 {stories[0]}", f"assign 2 {stories[-1]}", f"recall 1 {stories[0]}"]
        if len(stories) > 1:
            probes += [f"reassign {stories[0]} -> {stories[1]}", f"recall 1 {stories[0]}, 1 {stories[1]}"]
    return [parse(p) for p in probes]


def decisions_section(api: dict, samples: list[dict]) -> tuple[Digest, dict]:
    d = Digest()
    counts = {"positions": 0, "decisions": 0}
    for k, doc in enumerate(samples):
        state = api["State"].from_json(doc)
        view = api["public_view"](state)
        me = state.current
        counts["positions"] += 1
        moves = state.legal_moves()
        d.add("legal", k, [str(m) for m in moves], api["legal_move_count"](state))
        for probe in probe_moves(api, state):
            d.add("why", str(probe), state.why_illegal(probe))
        for p in range(state.n_players):
            try:
                out = api["preview_press"](state, p)
                d.add("preview", p, _dumps(out.to_json()))
            except api["BadInput"] as exc:
                d.add("preview", p, "no", str(exc))
        h = api["HeuristicBot"](seed=k)
        d.add("heuristic-values", [(str(m), repr(v)) for m, v in h.evaluate(view)])
        choices = [
            ("random", api["RandomBot"](seed=k).choose(view)),
            ("greedy", api["GreedyBot"](seed=k).choose(view)),
            ("heuristic", api["HeuristicBot"](seed=k).choose(view)),
            ("jittered-heuristic", api["rollout_bot"](k, me, "heuristic").choose(view)),
            ("jittered-greedy", api["rollout_bot"](k, me, "greedy").choose(view)),
        ]
        for name, move in choices:
            d.add("choice", name, str(move))
            counts["decisions"] += 1
    return d, counts


# ------------------------------------------------------------------ positions: notation and problems
MUTATIONS = {
    "newsboy-0": lambda doc: doc["turn"].update(newsboy=0),
    "newsboy-null": lambda doc: doc["turn"].update(newsboy=None),
    "turns-2": lambda doc: doc["turn"].update(turns_left=2),
    "turns-3": lambda doc: doc["turn"].update(turns_left=3),
    "final-turns": lambda doc: doc.update(phase="final-turns"),
    "final-presses": lambda doc: doc.update(phase="final-presses"),
    "pending": lambda doc: doc["turn"].update(pending=[0]),
    "trigger": lambda doc: doc["turn"].update(trigger_player=0),
    "draw": lambda doc: doc["turn"].update(draw_pending=True),
    "done": lambda doc: doc["players"][0].update(done=True),
    "home": lambda doc: doc["players"][-1].update(home=doc["players"][-1]["home"] - 1),
    "marker": lambda doc: doc["markers"].update(war=(doc["markers"]["war"] + 1) % 10),
    "pennies": lambda doc: doc["players"][0].update(pennies=4),
}


def positions_section(api: dict, samples: list[dict], step: int) -> tuple[Digest, dict]:
    d = Digest()
    counts = {"lines": 0, "mutated": 0}
    for k, doc in enumerate(samples):
        state = api["State"].from_json(doc)
        if k % step == 0:
            line = api["to_text"](state)
            back = api["from_text"](line)
            d.add("text", line, _dumps(back.to_json()))
            counts["lines"] += 1
        if k % step:
            continue
        for name, change in MUTATIONS.items():
            bad = json.loads(json.dumps(doc))
            change(bad)
            try:
                api["State"].from_json(bad)
                first = None
            except api["BadInput"] as exc:
                first = str(exc)
            try:
                from_doc = _first("pennypress.engine.io.codec:build_state")(bad)
                problems = [(p.code, p.field, p.message) for p in api["position_problems"](from_doc)]
            except Exception as exc:  # noqa: BLE001 - a document the builder refuses is part of the fingerprint
                problems = [type(exc).__name__]
            d.add("mutated", name, first, problems)
            if k % (4 * step) == 0:
                d.add("check-text", name, [(p.code, p.field, p.message) for p in
                                           api["check_text"](api["to_text"](state)).problems])
            counts["mutated"] += 1
    return d, counts


# ------------------------------------------------------------------ advisor and audit
def advisor_section(api: dict, playouts: int) -> tuple[Digest, dict]:
    d = Digest()
    counts = {"rankings": 0, "moves_ranked": 0}
    positions = []
    for players, variants, seed, plies in [(3, (), 2, 9), (2, (), 5, 14), (4, ("newsboy",), 3, 11), (3, (), 7, 30),
                                           (5, (), 1, 6)]:
        s = api["new_game"](api["GameDefinition"].create(players, variants), seed=seed)
        bots = [api["GreedyBot"](seed=seed * 10 + i) for i in range(players)]
        rng = random.Random(seed)
        while s.ply < plies and not s.is_over:
            s.play(bots[s.current].choose(api["public_view"](s)), rng)
        positions.append(s)
    final = api["new_game"](3, seed=11)  # a final-edition position: the answer is exact
    bots = [api["GreedyBot"](seed=i) for i in range(3)]
    rng = random.Random(11)
    while final.phase is api["Phase"].NORMAL or final.is_chance_node():
        final.play(bots[final.current].choose(api["public_view"](final)), rng)
    positions.append(final)
    for k, s in enumerate(positions):
        if s.is_over or s.is_chance_node():
            continue
        a = api["advise"](s, playouts=playouts, seed=k, workers=1)
        doc = a.to_json()
        doc.pop("seconds")
        d.add("advice", k, _dumps(doc))
        counts["rankings"] += 1
        counts["moves_ranked"] += len(doc["moves"])
    record, _ = api["record_selfplay"](api["GameDefinition"].create(2), seed=4, bot="greedy")
    record["moves"] = record["moves"][:6]
    del record["final_scores"], record["winners"]
    audited = api["audit"](record, playouts=4, workers=1).to_json()
    audited.pop("seconds", None)
    d.add("audit", _dumps(audited))
    counts["audited_decisions"] = len(audited["decisions"])
    return d, counts


# ------------------------------------------------------------------ solver
def solver_section(cp_sat: int, fast: int) -> tuple[Digest, dict]:
    from pennypress.solver import best_layouts, check_page, make_problem, page_value, solve, solve_fast
    from pennypress.solver.checker import ProposedPage
    from pennypress.solver.vocab import Placement

    d = Digest()
    rng = random.Random(2024)
    beats = ["war", "crime", "politics", "city", "human"]
    cells = [None] + [(x, y) for x in range(4) for y in range(3)]
    for k in range(cp_sat):
        stories = [(rng.choice(beats), rng.choice("ABCD")) for _ in range(rng.randint(1, 5))]
        values = {b: rng.randint(0, 6) for b in beats}
        problem = make_problem(stories, values, rng.choice(cells))
        exact, quick = solve(problem), solve_fast(problem)
        d.add("solve", _dumps(exact.to_json()), _dumps(quick.to_json()), exact.proven_optimal)
        if k % 10 == 0:
            d.add("k-best", [_dumps(r.to_json()) for r in best_layouts(problem, 3)])
        moved = tuple(Placement(p.story, min(p.x + 1, 3), p.y, p.w, p.h) for p in exact.placements)
        for page in (ProposedPage(exact.placements), ProposedPage(moved), ProposedPage(exact.placements[:-1], None)):
            d.add("check", _dumps(check_page(problem, page).to_json()))
    for _ in range(fast):
        items = tuple((rng.randrange(4), rng.randint(0, 6), rng.random() < 0.4) for _ in range(rng.randint(1, 5)))
        d.add("fast", items, tuple(page_value(items, rng.choice(cells))))
    return d, {"cp_sat_presses": cp_sat, "fast_presses": fast}


# ------------------------------------------------------------------ running
def fingerprint(args: argparse.Namespace) -> dict:
    api = _api()
    out: dict = {}
    started = time.perf_counter()
    games, samples = games_section(api, args.games, args.every)
    out["games"] = {"digest": games.hex(), "games": args.games, "moves": games.n - 2 * args.games}
    decisions, counts = decisions_section(api, samples)
    out["decisions"] = {"digest": decisions.hex(), **counts}
    positions, counts = positions_section(api, samples, args.text_step)
    out["positions"] = {"digest": positions.hex(), **counts}
    advisor, counts = advisor_section(api, args.playouts)
    out["advisor"] = {"digest": advisor.hex(), **counts}
    solver, counts = solver_section(args.cp_sat, args.fast)
    out["solver"] = {"digest": solver.hex(), **counts}
    out["seconds"] = round(time.perf_counter() - started, 1)
    out["code"] = str(Path(importlib.import_module("pennypress.engine").__file__).resolve().parent)
    return out


def _tree_of(rev: str, into: Path) -> Path:
    """``rev`` unpacked, laid out as the installed package (``pennypress.engine`` from ``engine/``, ...)."""
    src = into / "src"
    src.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    pkg = into / "path" / "pennypress"
    pkg.parent.mkdir()
    pkg.symlink_to(src / "pennypress", target_is_directory=True)
    for room in ("engine", "solver", "ui"):
        (src / "pennypress" / room).symlink_to(src / room, target_is_directory=True)
    return into / "path"


def _run(path: Path | None, argv: list[str]) -> dict:
    env = dict(os.environ, PYTHONHASHSEED=HASH_SEED)
    env.pop(TREE, None)
    if path is not None:
        env["PYTHONPATH"] = str(path)
        env[TREE] = str(path)
    cmd = [sys.executable, str(Path(__file__).resolve()), "--json", *argv]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=str(path or ROOT))
    if done.returncode:
        raise SystemExit(done.stderr)
    return json.loads(done.stdout)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1260)
    ap.add_argument("--every", type=int, default=5, help="sample one position in this many moves")
    ap.add_argument("--text-step", type=int, default=10)
    ap.add_argument("--playouts", type=int, default=48)
    ap.add_argument("--cp-sat", type=int, default=300)
    ap.add_argument("--fast", type=int, default=5000)
    ap.add_argument("--compare", metavar="REV", help="also fingerprint commit REV and compare")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    passed = [a for a in argv if a not in ("--json",)]
    if args.compare:
        i = passed.index("--compare")
        passed = passed[:i] + passed[i + 2:]
        with tempfile.TemporaryDirectory() as tmp:
            old = _run(_tree_of(args.compare, Path(tmp)), passed)
        new = _run(None, passed)
        same = True
        for section in ("games", "decisions", "positions", "advisor", "solver"):
            verdict = "identical" if old[section] == new[section] else "DIFFERENT"
            same &= verdict == "identical"
            print(f"{section:10} {verdict:9}  {args.compare}: {old[section]}\n{'':21}this tree: {new[section]}")
        print(f"seconds: {args.compare} {old['seconds']}, this tree {new['seconds']}")
        print(f"code: {args.compare} from {old['code']}, this tree from {new['code']}")
        return 0 if same else 1
    if os.environ.get("PYTHONHASHSEED") != HASH_SEED:
        result = _run(None, passed)
    else:
        result = fingerprint(args)
    print(json.dumps(result, indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
