"""``pennypress puzzle``: list the puzzles, show one, check an answer, generate a set.

- ``puzzle list [--kind K] [--difficulty D] [--table N]``: a JSON array of ``{id, kind,
  difficulty, question, answer}`` (the contract's shape);
- ``puzzle show ID [--text] [--solution]``: the whole puzzle as JSON, or the
  question in words (with ``--solution``, the answer and why);
- ``puzzle check ID ANSWER [--text]``: ``{correct, answer, why, ...}``; ANSWER is
  a move in the engine's notation (``press`` or ``wait`` for press-or-wait), or a
  layout JSON for a page puzzle (``{"placements": [...], "exclusive": i}``,
  inline, a file, or ``-`` for stdin);
- ``puzzle generate --out FILE --seed S ...``: mine a new set (``docs/concepts/puzzles.md``);
- ``puzzle reword --out FILE``: the set's texts said again by today's wording, its answers
  proved unchanged (:mod:`pennypress.engine.puzzles.reword`);
- ``puzzle recheck ID... | --all | --sample K --seed S [--text]``: prove answers again, each
  the way it was made certain (:mod:`pennypress.engine.puzzles.recheck`); exit 1 when one
  does not reproduce;
- ``puzzle build --out FILE --seed S --timing-log LOG [--replay] [--base FILE]``: the whole
  shipped set from one seed (:mod:`pennypress.engine.puzzles.build`);
- ``puzzle mine --log LOG [--seed S] [--out FILE]``: timing puzzles found by full games against the
  population first (:mod:`pennypress.engine.puzzles.population_mining`), added to a set with ``--out``.

Every command takes ``--file F`` to use another puzzle file than the shipped
one. An unknown id, a malformed answer or a bad puzzle file is one line on
stderr, exit 2.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import fields

from pennypress.engine.puzzles import (
    DIFFICULTIES, KINDS, PAGE, Puzzle, Settings, check_answer, generate, load_puzzles, save_puzzles,
)
from pennypress.engine.puzzles.reword import reword
from pennypress.engine.puzzles.store import PuzzleSet
from pennypress.errors import BadInput
from pennypress.solver import BEATS
from pennypress.ui.render.page_text import render_check, render_page
from pennypress.ui.render.position_tables import players_frame, reporters_text
from pennypress.ui.render.puzzle_words import KIND_WORDS, answer_words
from pennypress.ui.render.words import paper, story_words

from .json_io import read_text, write_json
from .progress import ProgressBar


def _set(args: argparse.Namespace) -> PuzzleSet:
    return load_puzzles(args.file)


def _difficulties(text: str | None) -> list[int] | None:
    if text is None:
        return None
    try:
        return [int(d) for d in text.split(",")]
    except ValueError:
        raise BadInput(f"--difficulty: expected numbers from {DIFFICULTIES[0]} to {DIFFICULTIES[-1]} "
                       f"separated by commas, got {text!r}") from None


def _tables(text: str | None) -> list[int] | None:
    if text is None:
        return None
    try:
        return [int(n) for n in text.split(",")]
    except ValueError:
        raise BadInput(f"--table: expected numbers of players (2 to 5) separated by commas, got {text!r}") from None


def _list(args: argparse.Namespace) -> int:
    difficulty = _difficulties(args.difficulty)
    write_json([p.summary() for p in _set(args).filter(args.kind, difficulty, _tables(args.table))])
    return 0


def position_text(puzzle: Puzzle) -> str:
    """The puzzle's position for a terminal: beats with their stories and reporters, the newspapers, stars."""
    s = puzzle.position()
    tops = s.top_beats()
    lines = []
    for b in BEATS:
        stories = "; ".join(f"{story_words(x)} ({reporters_text(s, x)})" for x in s.columns[b]) or "no stories"
        lines.append(f"{b.title}{' ★ TOP' if b in tops else ''}: value {s.beat_value(b)}, scoop {s.scoop_value(b)}, "
                     f"bonus {s.bonus[b]} -- {stories}")
    lines += ["", players_frame(s).to_string(index=False), "", "Stars published:"]
    for i, p in enumerate(s.players):
        stars = ", ".join(f"{b.title} {p.stars(b)}" for b in BEATS if p.stars(b)) or "none"
        lines.append(f"  {paper(i)}: {stars}")
    return "\n".join(lines)


def puzzle_text(puzzle: Puzzle, solution: bool = False) -> str:
    """A puzzle for people: the question in words and drawn; with ``solution``, the answer (in words, never
    the engine's notation: ``puzzle show`` without ``--text`` gives that) and why."""
    level = puzzle.difficulty_name if puzzle.difficulty is None else \
        f"difficulty {puzzle.difficulty}: {puzzle.difficulty_name}"
    head = f"Puzzle {puzzle.id} ({KIND_WORDS[puzzle.kind]}, {level})"
    out = [head, puzzle.prompt, ""]
    if puzzle.kind == PAGE:
        problem = puzzle.problem()
        out += [f"  {s.numbered(i)} (value {problem.value(i)}{', top beat' if problem.is_top(i) else ''})"
                for i, s in enumerate(problem.stories)]
        out += ["", "The empty mat (each cell's penalty if left empty):", render_page(problem, (), None)]
    else:
        out.append(position_text(puzzle))
    if solution:
        out += ["", f"Answer: {answer_words(puzzle)}", "Why:"] + [f"  - {line}" for line in puzzle.why]
        if puzzle.kind == PAGE:
            page = puzzle.solution()
            out += ["", "An optimal page:", render_page(puzzle.problem(), page.placements, page.exclusive)]
    return "\n".join(out)


def _show(args: argparse.Namespace) -> int:
    puzzle = _set(args).get(args.id)
    if args.text:
        print(puzzle_text(puzzle, args.solution))
    else:
        write_json(dict(puzzle.to_json(), prompt=puzzle.prompt))
    return 0


def _answer_text(puzzle: Puzzle, answer: str) -> str:
    if answer == "-":
        return read_text("-")[0]
    if puzzle.kind == PAGE and not answer.lstrip().startswith("{") and os.path.isfile(answer):
        return read_text(answer)[0]
    return answer


def _check(args: argparse.Namespace) -> int:
    puzzle = _set(args).get(args.id)
    verdict = check_answer(puzzle, _answer_text(puzzle, args.answer))
    if args.text:
        if verdict.page is not None:
            print(render_check(puzzle.problem(), verdict.page.placements, verdict.check))
        print("\n".join(verdict.why))
    else:
        write_json(verdict.to_json())
    return 0


def _generate(args: argparse.Namespace) -> int:
    values = {f.name: getattr(args, f.name) for f in fields(Settings) if getattr(args, f.name) is not None}
    settings = Settings(**values).check()
    bar = ProgressBar("game")
    try:
        puzzles = generate(settings, args.workers, progress=bar)
    finally:
        bar.close()
    save_puzzles(puzzles, args.out)
    print(f"wrote {len(puzzles)} puzzles to {args.out}", file=sys.stderr)
    write_json({"out": args.out, "puzzles": len(puzzles), "counts": puzzles.counts(),
                "by_difficulty": puzzles.counts_by_difficulty(), "settings": puzzles.generator["settings"]})
    return 0


def _timing(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pennypress.engine.puzzles.timing_set import TimingRun, mine_timing
    wanted = {2: args.two, 3: args.three, 4: args.four}
    if any(n < 0 for n in wanted.values()) or not any(wanted.values()):
        raise BadInput("--two, --three, --four: how many puzzles of each table, 0 or more, not all 0")
    for flag, path in (("--log", Path(args.log)), ("--out", Path(args.out))):
        if not path.parent.is_dir():
            raise BadInput(f"{flag}: no folder {path.parent} to write {path.name} in")
    run = TimingRun(args.seed, {n: c for n, c in wanted.items() if c}, Path(args.log), args.workers)
    bar = ProgressBar("puzzle")
    try:
        puzzles = mine_timing(run, progress=bar)
    finally:
        bar.close()
    doc = {"seed": args.seed, "wanted": {str(n): c for n, c in run.wanted.items()}, "puzzles": puzzles}
    Path(args.out).write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(puzzles)} timing puzzles to {args.out}", file=sys.stderr)
    return 0


def _build(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pennypress.engine.puzzles.build import build
    from pennypress.engine.puzzles.timing_set import TimingRun
    values = {f.name: getattr(args, f.name) for f in fields(Settings)
              if f.name != "seed" and getattr(args, f.name) is not None}
    settings = Settings(**values, seed=args.seed).check()
    wanted = {2: args.two, 3: args.three, 4: args.four}
    if any(n < 0 for n in wanted.values()) or not any(wanted.values()):
        raise BadInput("--two, --three, --four: how many timing puzzles of each table, 0 or more, not all 0")
    for flag, path in (("--timing-log", Path(args.timing_log)), ("--out", Path(args.out))):
        if not path.parent.is_dir():
            raise BadInput(f"{flag}: no folder {path.parent} to write {path.name} in")
    base = load_puzzles(args.base) if args.base else None
    run = TimingRun(args.seed, {n: c for n, c in wanted.items() if c}, Path(args.timing_log), args.core_workers)
    bar = ProgressBar("step")
    try:
        puzzles = build(settings, run, replay=args.replay, base=base, workers=args.workers, progress=bar)
    finally:
        bar.close()
    save_puzzles(puzzles, args.out)
    timing = puzzles.generator["timing"]
    print(f"wrote {len(puzzles)} puzzles to {args.out} ({timing['certified']} timing puzzles)", file=sys.stderr)
    write_json({"out": args.out, "puzzles": len(puzzles), "counts": puzzles.counts(),
                "by_difficulty": puzzles.counts_by_difficulty(), "timing": timing,
                "command": puzzles.generator["build"]})
    return 0


def _recheck(args: argparse.Namespace) -> int:
    from pennypress.engine.puzzles.recheck import recheck_puzzle, sample
    puzzles = _set(args)
    if bool(args.ids) + args.all + (args.sample is not None) != 1:
        raise BadInput("recheck: name puzzle ids, or --all, or --sample K (one of them)")
    if args.ids:
        chosen = [puzzles.get(i) for i in args.ids]
    else:
        pool = puzzles.filter(args.kind)
        chosen = pool if args.all else sample(pool, args.sample, args.seed)
    models = args.models.split(",") if args.models else None
    if models:
        from pennypress.engine.arena.population import population
        unknown = [m for m in models if m not in population().opponents]
        if unknown:
            raise BadInput(f"--models: not an opponent model: {', '.join(unknown)} "
                           f"(expected some of {', '.join(population().opponents)})")
    results = []
    for puzzle in chosen:
        result = recheck_puzzle(puzzle, args.workers, models)
        results.append(result)
        if args.text:
            print(result.words(), flush=True)
    if not args.text:
        if args.ids and len(args.ids) == 1:
            write_json(results[0].to_json())
        else:
            write_json({"rechecked": len(results), "reproduced": sum(r.reproduced for r in results),
                        "results": [r.to_json() for r in results]})
    return 0 if all(r.reproduced for r in results) else 1


def _mine(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pennypress.engine.arena.executors import EXECUTORS, check_workers
    from pennypress.engine.puzzles.population_mining import PopulationMine, log_summary, merge_mined, mine
    if args.executor not in EXECUTORS:
        raise BadInput(f"--executor: expected {' or '.join(EXECUTORS)}, got {args.executor!r}")
    run = PopulationMine(args.seed, {n: c for n, c in ((2, args.two), (3, args.three), (4, args.four),
                                                       (5, args.five)) if c}, Path(args.log), args.games,
                         args.screen_games, args.threads)
    run.check()
    for flag, path in (("--log", run.log), ("--out", Path(args.out) if args.out else None)):
        if path is not None and not path.parent.is_dir():
            raise BadInput(f"{flag}: no folder {path.parent} to write {path.name} in")
    if args.replay and not run.log.is_file():
        raise BadInput(f"--replay: no log {run.log} to read")
    base = _set(args) if args.out else None
    if args.retell:
        from pennypress.engine.puzzles.population_mining import retell

        if not run.log.is_file():
            raise BadInput(f"--retell: no log {run.log} to tell again")
        bar = ProgressBar("story")
        try:
            retell(run, progress=bar, threads=max(run.threads, check_workers(args.workers)))
        finally:
            bar.close()
    bar = ProgressBar("puzzle")
    try:
        found = mine(run, progress=bar, play=not args.replay, workers=check_workers(args.workers),
                     executor=args.executor)
    finally:
        bar.close()
    report = {"seed": run.seed, "found": len(found), "wanted": {str(n): c for n, c in run.wanted.items()},
              "candidates": log_summary(run), "log": run.log.as_posix()}
    if base is not None:
        merged = merge_mined(base, found, run, args.replay)
        save_puzzles(merged, args.out)
        report["out"] = args.out
        print(f"wrote {len(merged)} puzzles to {args.out} ({len(found)} timing puzzles found by games first)",
              file=sys.stderr)
    write_json(report)
    return 0


def _population(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pennypress.engine.arena.population import population
    from pennypress.engine.puzzles.population_run import PopulationRun, run_population, summary, timing_puzzles
    pop = population()
    if args.opponents:
        unknown = [n for n in args.opponents.split(",") if n not in pop.opponents]
        if unknown:
            raise BadInput(f"--opponents: not an opponent model: {', '.join(unknown)} "
                           f"(expected some of {', '.join(pop.opponents)})")
        for name in [n for n in pop.opponents if n not in args.opponents.split(",")]:
            pop = pop.without(name)
    if args.games < 2:
        raise BadInput(f"--games must be at least 2, got {args.games}")
    if args.threads is not None and args.threads < 1:
        raise BadInput(f"--threads must be at least 1, got {args.threads}")
    log = Path(args.log)
    for flag, path in (("--log", log), ("--out", Path(args.out) if args.out else None)):
        if path is not None and not path.parent.is_dir():
            raise BadInput(f"{flag}: no folder {path.parent} to write {path.name} in")
    if args.out and (args.ids or args.opponents):
        raise BadInput("--out settles the whole set against the whole population: no puzzle ids, no --opponents")
    puzzles = _set(args)
    every = timing_puzzles(puzzles)
    chosen = timing_puzzles(puzzles, args.ids)
    run = PopulationRun(args.seed, pop, log, args.games, args.threads or 2)
    bar = ProgressBar("cell", leave=True)
    try:
        certificates = run_population(run, chosen, {p.id: i for i, p in enumerate(every)}, progress=bar,
                                      stop_at_failure=args.stop_at_failure or bool(args.out))
    finally:
        bar.close()
    report = dict(summary(certificates, chosen), seed=args.seed, games=args.games,
                  opponents=list(pop.opponents), movers=list(pop.movers))
    if args.out:
        from pennypress.engine.puzzles.population_run import settle

        # the set it settles is the build's (FILE): the two commands of the generator make the shipped file
        command = (f"pennypress puzzle population --file FILE --log {Path(args.log).as_posix()} "
                   f"--games {args.games} --seed {args.seed} --out FILE")
        record = {"command": command, "seed": args.seed, "games": args.games, "log": Path(args.log).as_posix(),
                  "opponents": list(pop.opponents), "movers": list(pop.movers)}
        settled = settle(puzzles, certificates, record)
        save_puzzles(settled, args.out)
        print(f"wrote {len(settled)} puzzles to {args.out} ({report['certified']} timing puzzles certified, "
              f"{report['puzzles'] - report['certified']} withdrawn)", file=sys.stderr)
        report["out"] = args.out
    write_json(report)
    return 0


def _reword(args: argparse.Namespace) -> int:
    puzzles = _set(args)
    max_nodes = int(puzzles.generator.get("settings", {}).get("max_exact_nodes", Settings().max_exact_nodes))
    bar = ProgressBar("puzzle")
    try:
        reworded = reword(puzzles, max_nodes, progress=bar)
    finally:
        bar.close()
    save_puzzles(reworded, args.out)
    changed = sum(a.why != b.why or a.second_best != b.second_best for a, b in zip(puzzles, reworded))
    print(f"wrote {len(reworded)} puzzles to {args.out} ({changed} with new words)", file=sys.stderr)
    write_json({"out": args.out, "puzzles": len(reworded), "reworded": changed})
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``puzzle`` (list, show, check, generate, timing, recheck, build, reword) to the ``pennypress`` command
    line."""
    p = sub.add_parser("puzzle", help="puzzles (pages and the final edition proven, timing settled by full games): list, show, check, generate")
    psub = p.add_subparsers(dest="puzzle_command", parser_class=type(p))
    _add_asking(psub)
    _add_mining(psub)
    _add_set_work(psub)
    names = list(psub.choices)

    def _no_subcommand(_args: argparse.Namespace) -> int:
        raise BadInput(f"puzzle: name a subcommand: {', '.join(names[:-1])} or {names[-1]}")

    p.set_defaults(handler=_no_subcommand)


def _file_option(q: argparse.ArgumentParser) -> None:
    q.add_argument("--file", default=None, help="a puzzle file instead of the shipped set")


def _settings_options(q: argparse.ArgumentParser, but: str | None = None) -> None:
    """An option for each field of the generator's :class:`Settings` (``but`` that one), defaulting to the field's."""
    defaults = Settings()
    for f in fields(Settings):
        if f.name != but:
            q.add_argument(f"--{f.name.replace('_', '-')}", dest=f.name, type=int, default=None,
                           help=f"default {getattr(defaults, f.name)}")


def _add_asking(psub: argparse._SubParsersAction) -> None:
    """``puzzle list``, ``show`` and ``check``: the set's puzzles, one puzzle, an answer checked."""
    q = psub.add_parser("list", help="the puzzles as JSON: id, kind, difficulty, question, answer")
    q.add_argument("--kind", choices=KINDS, default=None, help="only this kind")
    q.add_argument("--difficulty", default=None, metavar="D[,D...]",
                   help=f"only these difficulties ({DIFFICULTIES[0]}-{DIFFICULTIES[-1]})")
    q.add_argument("--table", default=None, metavar="N[,N...]", help="only games of these many players (2-5)")
    _file_option(q)
    q.set_defaults(handler=_list)

    q = psub.add_parser("show", help="one puzzle: JSON, or the question in words with --text")
    q.add_argument("id")
    q.add_argument("--text", action="store_true", help="the question in words and drawn, instead of JSON")
    q.add_argument("--solution", action="store_true", help="with --text: also the answer and why")
    _file_option(q)
    q.set_defaults(handler=_show)

    q = psub.add_parser("check", help="check an answer: a move, or a layout JSON for a page puzzle (- for stdin)")
    q.add_argument("id")
    q.add_argument("answer", help="a move (press / wait for press-or-wait), or a layout JSON, a file or -")
    q.add_argument("--text", action="store_true", help="the verdict and why in words instead of JSON")
    _file_option(q)
    q.set_defaults(handler=_check)


def _add_mining(psub: argparse._SubParsersAction) -> None:
    """``puzzle generate`` and ``timing``: new puzzles mined from self-play."""
    q = psub.add_parser("generate", help="mine a new puzzle set from seeded self-play (docs/concepts/puzzles.md)")
    q.add_argument("--out", required=True, help="the puzzle file to write")
    _settings_options(q)
    q.add_argument("--workers", type=int, default=1, help="processes mining games side by side (same set)")
    q.set_defaults(handler=_generate)

    q = psub.add_parser("timing", help="mine timing puzzles before the final edition, judged by a search certificate")
    q.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    q.add_argument("--log", required=True, help="every decided candidate, one JSON line each (a run goes on from it)")
    q.add_argument("--out", required=True, help="the certified puzzles found, as JSON")
    q.add_argument("--two", type=int, default=50, help="puzzles of 2-player games (default 50)")
    q.add_argument("--three", type=int, default=70, help="puzzles of 3-player games (default 70)")
    q.add_argument("--four", type=int, default=40, help="puzzles of 4-player games (default 40)")
    q.add_argument("--workers", type=int, default=None, help="threads on the core (default both cores)")
    q.set_defaults(handler=_timing)

    q = psub.add_parser("mine", help="mine timing puzzles by full games first: the population screens and "
                                     "certifies each press-or-wait question (docs/concepts/puzzles.md)")
    q.add_argument("--seed", type=int, default=55, help="the run's seed (default 55)")
    q.add_argument("--log", required=True, help="every decided candidate, one JSON line each (a run goes on from it)")
    q.add_argument("--two", type=int, default=30, help="puzzles of 2-player games (default 30)")
    q.add_argument("--three", type=int, default=35, help="puzzles of 3-player games (default 35)")
    q.add_argument("--four", type=int, default=25, help="puzzles of 4-player games (default 25)")
    q.add_argument("--five", type=int, default=15, help="puzzles of 5-player games (default 15)")
    q.add_argument("--games", type=int, default=300, help="paired games a cell in a certificate (default 300)")
    q.add_argument("--screen-games", type=int, default=40, help="paired games a cell in the screen (default 40)")
    q.add_argument("--threads", type=int, default=1, help="threads on the core for each game (default 1; same "
                                                          "result)")
    q.add_argument("--workers", type=int, default=1, help="games decided side by side (default 1; the same puzzles)")
    q.add_argument("--executor", default="local", help="where the workers run: local (processes) or dask "
                                                        "(the cluster extra; default local)")
    q.add_argument("--replay", action="store_true", help="read the puzzles from the log only: play nothing")
    q.add_argument("--retell", action="store_true", help="first tell every found puzzle's story again from its "
                                                         "certificate's games, rewriting the log's puzzles")
    q.add_argument("--out", default=None, help="write the set (--file, or the shipped one) with its puzzles found "
                                               "by games first replaced by this run's")
    _file_option(q)
    q.set_defaults(handler=_mine)


def _add_set_work(psub: argparse._SubParsersAction) -> None:
    """``puzzle recheck``, ``build`` and ``reword``: a whole set proved again, built, or said again."""
    q = psub.add_parser("recheck", help="prove puzzles' answers again: the solver, the exact search, or the "
                                        "certificate played again on the core")
    q.add_argument("ids", nargs="*", metavar="ID", help="the puzzles to re-check")
    q.add_argument("--all", action="store_true", help="every puzzle (of --kind)")
    q.add_argument("--sample", type=int, default=None, metavar="K", help="K puzzles (of --kind) drawn by --seed")
    q.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    q.add_argument("--kind", choices=KINDS, default=None, help="with --all or --sample: only this kind")
    q.add_argument("--text", action="store_true", help="one line in words per puzzle instead of JSON")
    q.add_argument("--workers", type=int, default=None, help="threads on the core for a certificate (same result)")
    q.add_argument("--models", default=None, help="a population certificate's games played again only against "
                                                  "these opponent models, comma-separated (default: all)")
    q.add_argument("--puzzles", dest="file", default=None, help="the same as --file")
    _file_option(q)
    q.set_defaults(handler=_recheck)

    q = psub.add_parser("build", help="the whole shipped set: generate, then the timing puzzles of a run's log")
    q.add_argument("--out", required=True, help="the puzzle file to write")
    q.add_argument("--seed", type=int, default=1, help="the seed of both the generated set and the timing run (default 1)")
    q.add_argument("--timing-log", required=True, help="the timing run's log (read, and extended unless --replay)")
    q.add_argument("--replay", action="store_true", help="take the timing puzzles from the log only: search nothing")
    q.add_argument("--base", default=None, help="take the generated puzzles from this file (made by the same settings) "
                                                "instead of mining them again")
    _settings_options(q, but="seed")
    q.add_argument("--two", type=int, default=50, help="timing puzzles of 2-player games (default 50)")
    q.add_argument("--three", type=int, default=70, help="timing puzzles of 3-player games (default 70)")
    q.add_argument("--four", type=int, default=40, help="timing puzzles of 4-player games (default 40)")
    q.add_argument("--workers", type=int, default=1, help="processes mining the generated games side by side")
    q.add_argument("--core-workers", type=int, default=None, help="threads on the core for the timing search")
    q.set_defaults(handler=_build)

    q = psub.add_parser("population", help="play each timing puzzle's answer and rival to the end against every "
                                           "opponent model (docs/concepts/puzzles.md); resumable from --log")
    q.add_argument("ids", nargs="*", metavar="ID", help="the timing puzzles to play out (default: every one)")
    q.add_argument("--log", required=True, help="every cell played, one JSON line each (a run goes on from it)")
    q.add_argument("--games", type=int, default=300, help="paired games per opponent model and mover (default 300)")
    q.add_argument("--seed", type=int, default=54, help="the run's seed (default 54)")
    q.add_argument("--opponents", default=None, help="only these opponent models, comma-separated (default: all)")
    q.add_argument("--threads", type=int, default=None, help="threads on the core (default 2; same result)")
    q.add_argument("--stop-at-failure", action="store_true", help="play no more of a puzzle once one cell rules "
                                                                   "it out (always with --out)")
    q.add_argument("--out", default=None, help="write the set settled by the games: each certified timing puzzle "
                                               "with its certificate, the others withdrawn")
    _file_option(q)
    q.set_defaults(handler=_population)

    q = psub.add_parser("reword", help="say the set's texts again (answers proved unchanged) into a new file")
    q.add_argument("--out", required=True, help="the puzzle file to write")
    _file_option(q)
    q.set_defaults(handler=_reword)
