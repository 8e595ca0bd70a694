"""Write docs/results.md, the current figures, and README.md's speed and strength sentences from the recorded
benchmark outputs: ``python3 run.py results``.

The records live under ``benchmarks/results/``: ``speed/NAME.json``, written by ``python -m benchmarks.speed
--record`` (each benchmark's output, command, commit and date); ``strength/*.json``, one table each with
the command, seed and commit that produced it (strength runs take hours; their tables are recorded once);
``seeds.json``, the seeds used up; ``puzzles/population/``, the timing puzzles played out against the
population of opponents (``pennypress puzzle population``: its log and the run's record); ``puzzles/mined/``, the
timing puzzles found by full games first (``pennypress puzzle mine``: its log and the run's record); ``fuzz/campaigns.json``, every recorded run of each fuzz target, written by
``python -m fuzz.campaign --record`` (docs/developer/fuzzing.md); ``puzzles/``, the shipped puzzle set's
timing log and ``build.json`` (the set's regeneration time from scratch); ``strategy/``, the strategy guide's
runs; ``suite/``, the test suite's timed runs from a clean clone and one run's durations record
(``python -m benchmarks.suite_timing``).
The page is rendered from those records alone, so it cannot drift from them. README.md's "Speed and strength"
sentences stand between the markers ``BEGIN`` and ``END`` and are written from the same records: the speed
ratios from the ``core_search`` and ``advisor`` outputs, the strength figure from the newest strength record
with a ``"headline"`` (its games file, seat and opponent; the share must be the one its table prints), so
README.md and docs/results.md cannot disagree. ``--check`` exits 1 when either file is not what the records
render (``tests/test_results_doc.py`` checks the same).

    python -m benchmarks.results [--check]
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import textwrap
from pathlib import Path

from benchmarks.speed.__main__ import LONG, SPEED

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "benchmarks" / "results"
PAGE = ROOT / "docs" / "results.md"
README = ROOT / "README.md"
BEGIN = ("<!-- results:begin -- written by python3 run.py results from benchmarks/results/; "
         "edit benchmarks/results.py, not this block -->")
END = "<!-- results:end -->"

INTRO = """\
# Results

The current figures of pennypress's benchmarks, each with the command that produced it, the commit it was
measured on and the date. This page is generated: `python3 run.py results` writes it from the records under
`benchmarks/results/` (do not edit it by hand). `python3 run.py bench --record` re-runs the speed set and
records it; strength tables are recorded once per run (they take hours). What each benchmark measures and
when to run it: [benchmarks/README.md](../benchmarks/README.md); earlier figures: [the lab](lab/README.md).
"""


def _order(path: Path) -> tuple[int, str]:
    """Numbered records (``10-depth.json``) in the order of their numbers, after them the rest by name."""
    number = path.name.partition("-")[0]
    return (int(number) if number.isdigit() else 1 << 30, path.name)


def _load(folder: Path) -> list[dict]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"), key=_order)]


def _speed(records: list[dict]) -> list[str]:
    by_name = {r["name"]: r for r in records}
    out = ["## Speed", "", "Measured on the project's 2-core machine; a benchmark's ratios compare figures of the same "
           "run, so they hold on a loaded machine better than its absolute times.", ""]
    for name in [n for n in (*SPEED, *LONG) if n in by_name] + sorted(set(by_name) - set(SPEED) - set(LONG)):
        r = by_name[name]
        out += [f"### {name}", "", f"`{r['command']}` -- commit {r['commit']}, {r['date']}, {r['seconds']} s", "",
                *([r["note"], ""] if r.get("note") else []), "```text", r["output"].rstrip("\n"), "```", ""]
    for name in LONG:
        if name not in by_name:  # not yet run on a quiet machine: the command that will fill it
            out += [f"### {name}", "", f"`python -m benchmarks.speed.{name}` -- not yet recorded: "
                    f"`python3 run.py bench {name} --record`, then `python3 run.py results`", ""]
    return out


def _strength(records: list[dict]) -> list[str]:
    out = ["## Strength", "", "Seat-rotated seeded tournaments; 95% Wilson intervals; the fair share is 1/N.", ""]
    for r in records:
        out += [f"### {r['title']}", "", f"`{r['command']}` -- seed {r['seed']}, commit {r['commit']}, {r['date']}",
                "", r["note"], "", r["table"], ""]
    return out


def _fuzz(folder: Path) -> list[str]:
    """The fuzz campaigns' figures (``fuzz/campaigns.json``: each target's recorded runs, summed)."""
    from fuzz.campaign import GOALS

    path = folder / "campaigns.json"
    if not path.exists():
        return []
    doc = json.loads(path.read_text(encoding="utf-8"))
    out = ["## Fuzzing", "", doc.get("note", "Coverage-guided campaigns of the loaders (atheris) and the native core "
           "(cargo-fuzz, address sanitizer); a finding is an input that gets anything but the one clear refusal."), "",
           "| target | executions | goal | runs | corpus | findings | seconds | last run's command | commits, dates |",
           "|---|---:|---:|---:|---:|---:|---:|---|---|"]
    for target in [*GOALS, *(t for t in doc["campaigns"] if t not in GOALS)]:
        runs = doc["campaigns"].get(target, {}).get("runs", [])
        if not runs:  # a target whose count starts again (the note says why)
            out.append(f"| {target} | 0 | {GOALS[target]:,} (0%) | 0 | | 0 | 0 | | |")
            continue
        executions = sum(r["executions"] for r in runs)
        goal = GOALS.get(target)
        reached = "" if goal is None else (f"{goal:,} (met)" if executions >= goal else f"{goal:,} ({executions / goal:.0%})")
        commits = ", ".join(dict.fromkeys(f"{r['commit']} {r['date']}" for r in runs))
        out.append(f"| {target} | {executions:,} | {reached} | {len(runs)} | {runs[-1]['corpus']} "
                   f"| {sum(len(r['findings']) for r in runs)} | {sum(r['seconds'] for r in runs):,.0f} "
                   f"| `{runs[-1]['campaign']}` | {commits} |")
    return out + [""]


SHIPPED_PUZZLES = ROOT / "engine" / "puzzles" / "puzzles.json"


def _share(n: int, of: int) -> str:
    return f"{n} of {of}" if of else "0"


def _puzzles(folder: Path, shipped: Path = SHIPPED_PUZZLES) -> list[str]:
    """The shipped puzzle set's timing run, from its log (``puzzles/timing-seed-S.jsonl``, the one the shipped
    file's generator names), and the set's regeneration (``puzzles/build.json``: its time from scratch)."""
    build = folder / "build.json"
    if not build.exists() or not shipped.exists():
        return []
    record = json.loads(build.read_text(encoding="utf-8"))
    generator = json.loads(shipped.read_text(encoding="utf-8"))["generator"]
    timing = generator["timing"]
    log = folder / Path(timing["log"]).name
    docs = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    tables = sorted({d["players"] for d in docs})
    out = ["## Puzzles", "", f"### The timing run, seed {timing['seed']}", "",
           f"`{timing['command']}` -- its log `benchmarks/results/puzzles/{log.name}` (every decided candidate); "
           f"{timing['certified']} certified of the {sum(int(c) for c in timing['wanted'].values())} wanted"
           f"{'' if timing['complete'] else ' (the run is not complete)'}.", "",
           "| candidates | " + " | ".join(f"{n} players" for n in tables) + " | all |",
           "|---|" + "---:|" * (len(tables) + 1)]
    rows = [("press-or-wait decided", lambda d: d["kind"] == "press-or-wait"),
            ("press-or-wait past the screen", lambda d: d["kind"] == "press-or-wait" and "certificate" in d),
            ("press-or-wait certified", lambda d: d["kind"] == "press-or-wait" and "puzzle" in d),
            ("best-move decided", lambda d: d["kind"] == "best-move"),
            ("best-move past the screen", lambda d: d["kind"] == "best-move" and "certificate" in d),
            ("best-move certified", lambda d: d["kind"] == "best-move" and "puzzle" in d)]
    for title, keep in rows:
        counts = [sum(keep(d) and d["players"] == n for d in docs) for n in tables]
        out.append(f"| {title} | " + " | ".join(map(str, counts)) + f" | {sum(counts)} |")
    certified = [d["certificate"] for d in docs if "puzzle" in d]
    short = [d["certificate"] for d in docs if "certificate" in d and "puzzle" not in d]
    out.append("")
    if certified:
        wins = sorted(c["advantage"] for c in certified if c["measure"] == "win")
        playouts = sorted(c["playouts"] for c in certified)
        out.append(f"Certified: {len(certified)} ({len(wins)} by win probability, {len(certified) - len(wins)} by "
                   f"margin); advantage by win probability median {100 * wins[len(wins) // 2]:.1f} points "
                   f"({100 * wins[0]:.1f} to {100 * wins[-1]:.1f}); confirmation playouts a move median "
                   f"{playouts[len(playouts) // 2]:,} ({playouts[0]:,} to {playouts[-1]:,}). "
                   f"Past the screen but short of the bar: {len(short)}." if wins else "")
    best = [d for d in docs if d["kind"] == "best-move"]
    if best and not any("certificate" in d for d in best):
        out += ["", f"No best-move position was certified: of {len(best)} best-move candidates in normal play, none "
                f"had a next choice at least 10 points of win probability behind at the `fast` screen (the largest "
                f"gap: {100 * max(d['screen_gap'] for d in best):.1f} points), so the timing puzzles are all "
                "press-or-wait."]
    out += ["", "### Regenerating the shipped set", "",
            f"`{generator['build'].replace('FILE', 'engine/puzzles/puzzles.json')}`", "",
            f"From scratch: {record['regen_time']}", ""]
    return out


def _population(folder: Path) -> list[str]:
    """The timing puzzles played out against the population (``puzzles/population/``): the run's record
    (``run-seed-S.json``: its commands, log and each puzzle's table) and its cells."""
    from benchmarks.population_results import section

    runs = sorted(folder.glob("run-seed-*.json"))
    if not runs:
        return []
    tables = json.loads(runs[-1].read_text(encoding="utf-8"))["tables"]
    return section(folder, tables)


def _mined(folder: Path) -> list[str]:
    """The timing puzzles found by full games first (``puzzles/mined/``: the run's record ``run-seed-S.json``
    and its log)."""
    from benchmarks.mined_results import section

    return section(folder)


def _strategy(folder: Path) -> list[str]:
    """The strategy guide's runs (``strategy/*.json``, each a ``pennypress strategy --out`` report, made by
    ``strategy/runs.sh``): games, time and speed of each, with its command."""
    from pennypress.engine.strategy.guide import run_command, variant_name

    docs = _load(folder)
    runs = [d for d in docs if "format" not in d]
    population = [d for d in docs if d.get("format") == "pennypress strategy population"]
    if not runs:
        return []
    out = ["## Strategy guide", "", "The runs behind the shipped guide (`engine/strategy/strategy_guide.json`, "
           "[`docs/strategy.md`](strategy.md)), made by `sh benchmarks/results/strategy/runs.sh`; the time is the "
           "run's own, on the project's 2-core machine (shared with other jobs while they ran, so slower than "
           "`python -m benchmarks.speed.strategy`'s estimate for idle cores).", "",
           "| run | games | time | games a second | command |", "|---|---:|---:|---:|---|"]
    for r in sorted(runs, key=lambda r: (any(b.startswith("advisor") for b in r["bots"]), r["players"], r["seed"])):
        t = r["timing"]
        variant = variant_name(r)
        resumed = f" ({t['resumed_games']:,} games from its log)" if t.get("resumed_games") else ""
        out.append(f"| {r['players']} players{', ' + variant if variant else ''} | {r['games']:,} "
                   f"| {t['seconds'] / 60:.1f} min{resumed} | {t['games_per_second']:,.1f} | `{run_command(r)}` |")
    return out + [""] + _strategy_population(population)


def _advisor_run(doc: dict) -> bool:
    """Whether a population document plays the advisor's own decisions (an advisor run's findings)."""
    return any(f.get("kind") == "advisor-press-or-wait" for f in doc["findings"])


def _strategy_population(docs: list[dict]) -> list[str]:
    """The base runs' and the advisor run's press-or-wait findings played out against the population
    (``strategy/population-*.json``): per finding its figure against each opponent and the verdict the guide
    shows."""
    if not docs:
        return []
    from pennypress.engine.arena.seats import seat_words

    out = ["### Press now or wait, played out against the population", "",
           "Each base run's decision points of each page value (the first points of its sampled games; the same "
           "positions and moves as its press-or-wait findings), and the advisor run's own decisions (replayed "
           "from its first games: by page value, and where it pressed or waited), both moves played to the end of the game against "
           "each opponent model, each of the two movers playing the mover's later moves, on the same deals: the "
           "win share after pressing minus after waiting, in percentage points of win chance: mean over the "
           "points, its 95% Student interval, and the number of points. "
           "Made by `sh benchmarks/results/strategy/runs.sh`.", ""]
    for d in sorted(docs, key=lambda d: (d["run"]["players"], _advisor_run(d))):
        found = ("the advisor's finding (its own games)" if _advisor_run(d) else
                 "the guide's finding (value bot in every seat)")
        out += [f"`{d.get('command', '')}` -- {d['run']['players']} players, {d['points']} points a page value at "
                f"most, {d['games']} games of each move a cell, {d['cells']:,} cells, {d['unfinished']} games "
                "unfinished", "", f"| {'decisions' if _advisor_run(d) else 'page value'} | {found} | "
                + " | ".join(seat_words(o) for o in d["population"]["opponents"]) + " | verdict |",
                "|---|---|" + "---|" * len(d["population"]["opponents"]) + "---|"]
        for f in d["findings"]:
            cells = []
            for o in d["population"]["opponents"]:
                c = f["by_opponent"].get(o)
                cells.append("–" if c is None else f"{100 * c['value']:+.1f} ({100 * c['interval'][0]:+.1f} to "
                             f"{100 * c['interval'][1]:+.1f}), {c['points']}".replace("-", "−"))
            value = f"{100 * f['value']:+.1f}".replace("-", "−")
            where = (f"page worth {f['gain']}" if _advisor_run(d) else f["gain"]) if "gain" in f else \
                f"where it {f['by']}"
            out.append(f"| {where} | {value} | {' | '.join(cells)} | {f['verdict']} |")
        out.append("")
    return out


def _seeds(used: dict[str, str], records: list[dict]) -> list[str]:
    """The seeds used up (``seeds.json`` and every strength record's), each with what used it."""
    seeds = {int(s): what for s, what in used.items()}
    for r in records:
        seeds.setdefault(int(r["seed"]), r["title"])
    out = ["## Seeds used up", "", "A recorded figure, a training run or an experiment used each of these seeds; a new "
           "measurement takes another (the strength scripts' defaults are fresh).", "",
           "| seed | used by |", "|---|---|"]
    return out + [f"| {s} | {what} |" for s, what in sorted(seeds.items())] + [""]


def _suite(folder: Path) -> list[str]:
    """The test suite's time from a clean clone (``suite/timings.json``: the newest commit's runs of each tier,
    their median) and where it goes (``suite/durations.json``: the slowest files of one full run)."""
    path = folder / "timings.json"
    if not path.exists():
        return []
    runs = json.loads(path.read_text(encoding="utf-8"))["runs"]
    out = ["## The test suite", "", "Wall time on the project's 2-core machine, each run from a fresh clone of the "
           "commit (`python -m benchmarks.suite_timing --tier TIER --runs 3 --record`); the quick tier's set-up "
           "(`python3 run.py setup`) is not in its time. Medians of the newest commit's runs of each tier.", "",
           "| tier | command | runs (s) | median | tests passed | commit, date |", "|---|---|---|---:|---:|---|"]
    for tier in dict.fromkeys(r["tier"] for r in runs):
        mine = [r for r in runs if r["tier"] == tier]
        newest = [r for r in mine if r["commit"] == mine[-1]["commit"]]
        median = statistics.median(r["seconds"] for r in newest)
        out.append(f"| {tier} | `{newest[-1]['command']}` | {', '.join(str(round(r['seconds'])) for r in newest)} "
                   f"| {median:.0f} s ({median / 60:.1f} min) | {newest[-1]['tests_passed']:,} "
                   f"| {newest[-1]['commit']} {newest[-1]['date']} |")
    out.append("")
    durations = folder / "durations.json"
    if durations.exists():
        doc = json.loads(durations.read_text(encoding="utf-8"))
        out += [f"Where the time goes, in one full run (commit {doc['commit']}, {doc['date']}): pytest "
                f"{doc['wall_seconds']:.0f} s wall on {doc['workers']} workers, {doc['test_seconds']:,.0f} s of tests "
                f"({doc['tests_run']:,} run); the ten slowest files "
                "([`benchmarks/results/suite/durations.json`](../benchmarks/results/suite/durations.json) has every "
                "test):", "", "| seconds | file |", "|---:|---|"]
        out += [f"| {sec:.1f} | `{name}` |" for name, sec in list(doc["files"].items())[:10]] + [""]
    return out


def render(records: Path = RECORDS) -> str:
    """docs/results.md as the records under ``records`` give it."""
    strength = _load(records / "strength")
    used = json.loads((records / "seeds.json").read_text(encoding="utf-8"))["seeds"]
    lines = [INTRO, *_speed(_load(records / "speed")), *_strength(strength), *_fuzz(records / "fuzz"),
             *_puzzles(records / "puzzles"), *_population(records / "puzzles" / "population"),
             *_mined(records / "puzzles" / "mined"),
             *_strategy(records / "strategy"), *_suite(records / "suite"), *_seeds(used, strength)]
    return "\n".join(lines).rstrip("\n") + "\n"


def _said(record: dict, pattern: str) -> str:
    """What ``pattern``'s group catches in a speed record's output; ``ValueError`` when the output no longer says
    it, so a reworded benchmark stops the render instead of leaving README.md an old figure."""
    found = re.search(pattern, record["output"])
    if not found:
        raise ValueError(f"the {record['name']} record's output has no {pattern!r}: update benchmarks/results.py")
    return found.group(1)


def headline(strength: list[dict]) -> dict:
    """The newest strength record with a ``"headline"`` (the figure README.md quotes), after checking that its
    table prints the headline's share, so the README and docs/results.md give the same figure."""
    quoted = [r for r in strength if "headline" in r]
    if not quoted:
        raise ValueError("no strength record has a headline for README.md")
    record = quoted[-1]
    figure = f"**{100 * record['headline']['share']:.1f}%**"
    if figure not in record["table"]:
        raise ValueError(f"{record['title']!r}: its table does not print the headline's {figure}")
    return record


def readme_block(records: Path = RECORDS) -> str:
    """README.md's speed and strength sentences as the records under ``records`` give them, markers included."""
    speed = {r["name"]: r for r in _load(records / "speed")}
    ratio = _said(speed["core_search"], r"heuristic-bot playout, core vs Python, one thread: x(\d+)")
    moves = [int(n) for n in _said(speed["advisor"], r"legal moves \[([\d, ]+)\]").split(",")]
    wall = _said(speed["advisor"], r"\n\s*fast: [^\n]*wall median ([\d.]+) s")
    top = headline(_load(records / "strength"))["headline"]
    paragraphs = [
        f"With the native core, a heuristic-bot playout runs {ratio} times faster than on the Python engine, one "
        "thread against one ([docs/results.md](docs/results.md#core_search)); that lets `fast` weigh every legal "
        f"move of a busy 3-player midgame ({min(moves)} to {max(moves)} of them) in {wall} s, the median over "
        f"{len(moves)} positions on two cores ([docs/results.md](docs/results.md#advisor)).",
        f"`{top['seat']}` wins {100 * top['share']:.1f}% of {top['count']} head-to-head games against "
        f"`{top['against']}`, the strongest bot of the independent league "
        "([docs/results.md](docs/results.md#strength)).",
    ]
    wrapped = [textwrap.fill(p, 79, break_long_words=False, break_on_hyphens=False) for p in paragraphs]
    return "\n".join([BEGIN, "\n\n".join(wrapped), END])


def render_readme(text: str, records: Path = RECORDS) -> str:
    """``text`` (README.md) with the block between ``BEGIN`` and ``END`` written from the records."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"README.md has no block between {BEGIN!r} and {END!r}")
    return text[:start] + readme_block(records) + text[end + len(END):]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="exit 1 when docs/results.md or README.md's block differs from the records")
    args = ap.parse_args(argv)
    readme = README.read_text(encoding="utf-8")
    wanted = {PAGE: render(), README: render_readme(readme)}
    stale = [path for path, text in wanted.items() if not path.exists() or path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is not what the records render: run python3 run.py results",
                  file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    if not stale:
        print("docs/results.md and README.md are what the records render")
    return 0


if __name__ == "__main__":
    sys.exit(main())
