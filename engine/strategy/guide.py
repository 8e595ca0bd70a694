"""The shipped strategy guide, assembled from strategy runs (``pennypress strategy guide``).

A *run* is the JSON of one ``pennypress strategy`` study. The guide combines
several, each in one role:

- a **base run** per player count (the standard game on the default deck; at
  two players the two-player turn order is the game itself, not a variant);
- **variant runs** (a chosen variant, or the corrected deck), each compared
  with the base run of its player count;
- **advisor runs** (a bot of the line-up is an ``advisor:*`` seat): findings
  about the advisor's own play, marked ``"rests_on": "advisor games"``.

Each finding of the guide keeps the run's ``claim``, ``value``, ``interval``
and ``games`` and names its source run (the command, the seed and the bots
that reproduce it). Three views are computed here, so that the app and
``docs/strategy.md`` only read them:

- **the variants**: per comparable finding, the variant's value minus the
  base's. The two runs are independent, so the difference's standard error is
  the square root of the summed variances, each recovered from its run's 95%
  interval as ``(high - low) / (2 z)``; the interval is ``d ± z √(se_a² +
  se_b²)`` (:func:`difference`). A direction is worded only where that
  interval excludes 0; otherwise the claim says "about the same".
- **by table size**: the winning circulation, the final-edition trigger's win
  share and each seat's advantage (its share minus the fair share), for every
  player count with a base run.
- **where the bots disagree**: every run's ``bots-disagree`` findings.

The guide is marked a *small run* (:func:`shipping_check`) unless every
player count from 2 to 5 has a base run of at least its :data:`BASE_GAMES`
(a million at three players); an advisor run of fewer than
:data:`ADVISOR_GAMES` marks only its own section. Inputs that do not fit are refused with one
:class:`~pennypress.errors.BadInput` line: a file that is not a strategy run,
two base runs for one player count, a variant run without its base.
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Iterable

from pennypress.errors import BadInput
from pennypress.json_text import check_file_size, parse_json_text
from pennypress.stats import Z95

from ..arena.seats import seat_words
from ..arena.table_words import listed
from ..game.definition import GameDefinition
from ..game.names import newspaper
from ..game.words import signed
from .study import SEAT_WORDS, claim_words, minus_signs, pct, pooled_bot_shares

FORMAT = "pennypress strategy guide"
"""The ``format`` field of an assembled guide (a run has none)."""

PLAYER_COUNTS = (2, 3, 4, 5)

BASE_GAMES = {2: 200_000, 3: 1_000_000, 4: 200_000, 5: 200_000}
"""The fewest games of a player count's base run for a guide that is not a small run."""

ADVISOR_GAMES = 2_000
"""The fewest games of an advisor run for its findings to be more than a small run."""

RUN_KEYS = ("games", "players", "seed", "bots", "findings")
FINDING_KEYS = ("kind", "claim", "value", "interval", "games")

COMPARED = ("seat", "final-edition", "winning-circulation", "when-winners-press", "press-or-wait", "beat-bonus",
            "scoops")
"""The kinds of finding a variant run is compared on (the same quantity in both runs)."""

VARIANT_NAMES = {"newsboy": "the Newsboy strike", "corrected": "the corrected headline deck"}


# ------------------------------------------------------------------ reading runs
def check_run(doc: Any, where: str) -> dict:
    """``doc`` if it is a strategy run's JSON; :class:`BadInput` naming ``where`` otherwise."""
    if not isinstance(doc, dict) or doc.get("format") == FORMAT:
        raise BadInput(f"{where}: not a strategy run (expected the JSON of pennypress strategy)")
    missing = [k for k in RUN_KEYS if k not in doc]
    if missing:
        raise BadInput(f"{where}: not a strategy run (no {', '.join(missing)})")
    players, games = doc["players"], doc["games"]
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise BadInput(f"{where}: players: expected 2 to 5, got {players!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games <= 0:
        raise BadInput(f"{where}: games: expected a whole number >= 1, got {games!r}")
    if not isinstance(doc["bots"], list) or not doc["bots"] or not all(isinstance(b, str) for b in doc["bots"]):
        raise BadInput(f"{where}: bots: expected a list of bot names")
    if not isinstance(doc["findings"], list) or not doc["findings"]:
        raise BadInput(f"{where}: not a strategy run (no findings)")
    for i, f in enumerate(doc["findings"]):
        if not isinstance(f, dict) or any(k not in f for k in FINDING_KEYS):
            raise BadInput(f"{where}: findings[{i}]: expected {', '.join(FINDING_KEYS)}")
        iv = f["interval"]
        if (not isinstance(iv, list) or len(iv) != 2 or not all(isinstance(x, (int, float)) for x in iv)
                or not isinstance(f["value"], (int, float)) or not iv[0] <= iv[1]):
            raise BadInput(f"{where}: findings[{i}]: expected a value and an interval [low, high]")
    GameDefinition.create(players, doc.get("variants", []), doc.get("deck", "default"))
    return doc


def read_json(path: str | Path) -> Any:
    """A JSON file's document; :class:`BadInput` naming the file when it cannot be read or parsed."""
    path = Path(path)
    try:
        check_file_size(path.name, path.stat().st_size)
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"{path.name}: no such file") from None
    except UnicodeDecodeError:
        raise BadInput(f"{path.name}: not UTF-8 text") from None
    except OSError as exc:
        raise BadInput(f"{path.name}: cannot be read ({exc.strerror or 'unreadable'})") from None
    return parse_json_text(text, path.name)


def read_population(paths: Iterable[str | Path]) -> list[dict]:
    """The population documents of ``paths``: a population run's JSON, or an assembled guide's (a run has none)."""
    out = []
    for path in map(Path, paths):
        doc = read_json(path)
        if isinstance(doc, dict) and doc.get("format") == FORMAT:
            out += doc.get("population", [])
        elif isinstance(doc, dict) and doc.get("format") == POPULATION_FORMAT:
            out.append(doc)
    return out


def read_runs(paths: Iterable[str | Path]) -> list[tuple[str, dict]]:
    """Each file's runs as ``(file name, run)``: a run's JSON, or an assembled guide (its runs)."""
    out = []
    for path in paths:
        path = Path(path)
        doc = read_json(path)
        if isinstance(doc, dict) and doc.get("format") == FORMAT:
            out += [(r["file"], check_run(r, f"{path.name}: {r.get('file', '?')}")) for r in doc.get("runs", [])]
        else:
            out.append((path.name, check_run(doc, path.name)))
    return out


def chosen(run: dict) -> tuple[str, ...]:
    """A run's chosen variants and deck (the automatic two-player order left out): ``()`` for a base run."""
    definition = GameDefinition.create(run["players"], run.get("variants", []), run.get("deck", "default"))
    return definition.chosen_variants + (() if definition.deck_name == "default" else (definition.deck_name,))


def advisor_own(findings: list[dict]) -> list[dict]:
    """Of an advisor run's findings, those about the advisor's own play -- its presses, seats, final editions and
    press-or-wait decisions (``advisor-*``), then each bot's win share and where the bots differ -- the ones the
    guide and the app show (the run's general findings rest on too few games to stand beside the base runs')."""
    return ([f for f in findings if f["kind"].startswith("advisor-")]
            + [f for f in findings if f["kind"] in ("bot", "bots-disagree")])


def is_advisor(run: dict) -> bool:
    """Whether an advisor seat plays in the run."""
    return any(b.startswith("advisor") for b in run["bots"])


def role(run: dict) -> str:
    """``"advisor"``, ``"variant"`` or ``"base"``."""
    return "advisor" if is_advisor(run) else "variant" if chosen(run) else "base"


def run_id(run: dict) -> str:
    """A run's name from what it played: ``players-4-newsboy-seed-5``, ``advisor-3-seed-8``."""
    head = f"advisor-{run['players']}" if is_advisor(run) else f"players-{run['players']}"
    return "-".join([head, *chosen(run), f"seed-{run['seed']}"])


def run_command(run: dict) -> str:
    """The command that plays the run again (the same JSON apart from ``timing``)."""
    parts = ["pennypress strategy", f"--players {run['players']}", f"--games {run['games']}",
             f"--seed {run['seed']}", f"--bots {','.join(run['bots'])}"]
    definition = GameDefinition.create(run["players"], run.get("variants", []), run.get("deck", "default"))
    parts += [f"--variant {v}" for v in definition.chosen_variants]
    if definition.deck_name != "default":
        parts.append(f"--deck {definition.deck_name}")
    return " ".join(parts)


def variant_name(run: dict) -> str:
    """The variant of a run as players say it: ``'the Newsboy strike'``."""
    return " with ".join(VARIANT_NAMES.get(v, v) for v in chosen(run))


# ------------------------------------------------------------------ units and words
def unit(f: dict) -> str:
    """What a finding's value measures, for its words and its chart's axis."""
    kind, by = f["kind"], f.get("by")
    if kind in ("seat", "bot", "final-edition", "beat-bonus", "scoops", "advisor-seat", "advisor-final-edition"):
        return "share"
    if kind not in ("winning-circulation", "press-or-wait", "when-winners-press", "bots-disagree",
                    "advisor-presses", "advisor-press-or-wait"):
        return "value"
    if kind == "winning-circulation":
        return "circulation"
    if kind in ("press-or-wait", "advisor-press-or-wait") or by in ("ahead", "behind", "press-or-wait"):
        return "share-difference"
    if by == "round":
        return "rounds"
    if by == "presses":
        return "presses"
    return "page-points"


def _number(x: float, u: str, extra: int = 0) -> str:
    """``x`` in its unit's form, with ``extra`` digits more than the unit's own."""
    if u == "share":
        return f"{100 * x:.{1 + extra}f}%"
    if u == "share-difference":
        return signed(100 * x, 1 + extra)
    if u == "circulation":
        return f"{x:.{1 + extra}f}"
    if u == "circulation-difference":
        return signed(x, 1 + extra)
    if u == "value":
        return f"{x:.{3 + extra}g}".replace("-", "−")
    return signed(x, 2 + extra)


def _bound(x: float, u: str) -> str:
    """An interval's end in its unit's form; one that is not zero but shows as zero gets the digits that
    show its sign (an interval that leaves out zero never seems to touch it)."""
    text = _number(x, u)
    for extra in range(1, 5):
        if x == 0 or any(c in "123456789" for c in text):
            break
        text = _number(x, u, extra)
    return text


SUFFIX = {"share": "", "share-difference": " percentage points", "circulation": "",
          "circulation-difference": " circulation", "rounds": " rounds", "presses": " presses a game",
          "page-points": " points a page", "value": ""}
"""What follows a number of each unit (``value``: a kind of finding this module does not know, said plainly)."""


def fmt(x: float, u: str) -> str:
    """A value in its unit's words (a true minus for a negative number).

    >>> fmt(0.3328, "share"), fmt(-0.0885, "share-difference"), fmt(0.374, "rounds"), fmt(55.95, "circulation")
    ('33.3%', '−8.8 percentage points', '+0.37 rounds', '56.0')
    """
    return _number(x, u) + SUFFIX[u]


def interval_words(iv: list[float], u: str) -> str:
    """``'95% interval −0.22 to +0.14 rounds'``; an end that would show as zero shows its sign.

    >>> interval_words([-0.0022, 0.0014], "rounds"), interval_words([-0.004, -0.0003], "share-difference")
    ('95% interval −0.002 to +0.001 rounds', '95% interval −0.4 to −0.03 percentage points')
    """
    return f"95% interval {_bound(iv[0], u)} to {_bound(iv[1], u)}{SUFFIX[u]}"


def counted(f: dict) -> str:
    """What a finding's ``games`` count: games, decision points, a bonus's takers, seats held."""
    if f.get("counted"):
        return f["counted"]
    if f["kind"] in ("press-or-wait", "advisor-press-or-wait") or f.get("by") == "press-or-wait":
        return "decision points"
    if f["kind"] == "beat-bonus":
        return "bonus takers"
    return "games"


AXES = {"share": "win share", "share-difference": "difference, percentage points",
        "circulation": "circulation", "circulation-difference": "difference in circulation",
        "rounds": "rounds", "presses": "presses a game", "page-points": "points a page", "value": "value"}
"""Each unit's chart axis title."""


def label(f: dict) -> str:
    """A finding's short label, a row of its chart.

    >>> label({"kind": "seat", "seat": 1}), label({"kind": "press-or-wait", "gain": "5-8"})
    ('Second player (The Sun)', 'A page worth 5–8')
    """
    kind = f["kind"]
    if kind == "seat":
        return f"{SEAT_WORDS[f['seat']].title()} player ({newspaper(f['seat'])})"
    if kind == "bot":
        name = seat_words(f["bot"])
        return name[4].upper() + name[5:] if name.startswith("the ") else name
    if kind == "when-winners-press":
        return {"round": "Round of the presses", "gain": "Page value pressed", "ahead": "Presses while in the lead",
                "behind": "Presses while behind", "presses": "Presses a game"}.get(f["by"], f["by"])
    if kind == "beat-bonus":
        from pennypress.solver.vocab import Beat

        return Beat(f["beat"]).title
    if kind == "press-or-wait":
        return f"A page worth {f['gain'].replace('-', '–')}"
    if kind == "bots-disagree":
        return "Press now or wait" if f.get("by") == "press-or-wait" else "Page value pressed"
    if kind.startswith("advisor-"):
        return _advisor_label(f)
    return {"final-edition": "The trigger's win share", "winning-circulation": "Winner's circulation",
            "scoops": "Best on scoops"}.get(kind, kind)


ADVISOR_LABELS = {("advisor-presses", "presses"): "Presses a game", ("advisor-presses", "gain"): "Page value pressed",
                  ("advisor-presses", "round"): "Round of the presses",
                  ("advisor-final-edition", "triggers"): "Triggers the final edition",
                  ("advisor-final-edition", "wins"): "Wins when it triggers it",
                  ("advisor-press-or-wait", "pressed"): "Where it pressed",
                  ("advisor-press-or-wait", "waited"): "Where it waited"}
"""The advisor's findings' chart labels, by kind and measure (its seats and page values are labelled apart)."""


def _advisor_label(f: dict) -> str:
    """An advisor finding's chart label in players' words (a kind this module does not know: said plainly).

    >>> _advisor_label({"kind": "advisor-seat", "seat": 2}), _advisor_label({"kind": "advisor-unknown-thing"})
    ('In the third seat (The Herald)', 'Unknown thing')
    """
    kind, by = f["kind"], f.get("by")
    if kind == "advisor-seat" and "seat" in f:
        return f"In the {SEAT_WORDS[f['seat']]} seat ({newspaper(f['seat'])})"
    if kind == "advisor-press-or-wait" and by == "gain" and "gain" in f:
        return f"A page worth {f['gain'].replace('-', '–')}"
    if (kind, by) in ADVISOR_LABELS:
        return ADVISOR_LABELS[(kind, by)]
    words = kind.removeprefix("advisor-").replace("-", " ")
    return words[0].upper() + words[1:]


def reference(f: dict) -> float | None:
    """The no-effect value a finding is judged against (the fair share, 0), or ``None``."""
    if "fair" in f:
        return f["fair"]
    if f["kind"] in ("when-winners-press", "press-or-wait", "bots-disagree", "variant-difference",
                     "seat-advantage"):
        return 0.0
    return None


def supported(iv: list[float], against: float) -> int:
    """+1 if the interval lies above ``against``, -1 below, 0 if it holds it."""
    return 1 if iv[0] > against else -1 if iv[1] < against else 0


# ------------------------------------------------------------------ assembling
def _source(run: dict) -> dict:
    return {"run": run_id(run), "command": run_command(run), "seed": run["seed"], "bots": list(run["bots"])}


def said(claim: str, bots: Iterable[str]) -> str:
    """A run's claim in the guide's words: true minus signs, and an advisor seat by its name, not its id.

    >>> said("Advisor:fast wins more than its fair share; advisor:fast presses -0.4 points.", ["advisor:fast"])
    'The advisor (fast) wins more than its fair share; the advisor (fast) presses −0.4 points.'
    """
    for bot in bots:
        if bot.startswith("advisor"):
            name = seat_words(bot)
            claim = claim.replace(bot[0].upper() + bot[1:], name[0].upper() + name[1:]).replace(bot, name)
    return minus_signs(claim)


CORRELATIONS = ("when-winners-press", "beat-bonus", "scoops", "final-edition", "winning-circulation")
"""Kinds that say what goes with winning, measured over whole games: correlations, never causes (a player who
presses early may win because they were ahead). The press-or-wait findings compare two moves from the same
position on the same futures: causal, for the opponents they were played against (:data:`POPULATION_FORMAT`)."""

EVIDENCE = {"correlation": "a correlation over whole games (what goes with winning, not what causes it)",
            "paired": "both moves played out from the same positions on the same cards",
            "seats": "seat-rotated games (every bot in every seat)"}
"""What each kind of finding rests on, in words (:func:`evidence`; the Strategy page's Details)."""


def evidence(kind: str) -> str:
    """What a finding of ``kind`` rests on: ``correlation``, ``paired`` or ``seats`` (:data:`EVIDENCE`)."""
    if kind in CORRELATIONS:
        return "correlation"
    return "paired" if kind in ("press-or-wait", "advisor-press-or-wait", "bots-disagree") else "seats"


def _finding(f: dict, run: dict, **extra: Any) -> dict:
    """A run's finding as the guide keeps it: its words in the guide's style, its unit, label and source."""
    out = {**f, "claim": said(claim_words(f) or f["claim"], run["bots"]), "label": label(f), "unit": unit(f),
           "counted": counted(f), "evidence": evidence(f["kind"]),
           "interval_words": interval_words(f["interval"], unit(f)), "reference": reference(f),
           "players": run["players"], "source": _source(run), **extra}
    if f["kind"] == "beat-bonus" and "decided_interval" in f:
        out["interval_words"] += f"; decided {interval_words(f['decided_interval'], 'share')[4:]}"
    if is_advisor(run):
        out["rests_on"] = "advisor games"
        out["advisor_games"] = run["games"]
    return out


def _key(f: dict) -> tuple:
    """What identifies a finding within a run (the same key in two runs: the same quantity)."""
    return (f["kind"], f.get("seat"), f.get("by"), f.get("gain"), f.get("beat"), f.get("bot"))


def difference(base: dict, variant: dict) -> tuple[float, list[float]]:
    """The variant's value minus the base's, with its 95% normal interval from two independent runs.

    Each run's standard error is recovered from its interval, ``(high - low) / (2 z)``; the difference's
    is the square root of their summed squares, so its half-width is ``√(h_a² + h_b²)`` of the half-widths.

    >>> difference({"value": 0.30, "interval": [0.28, 0.32]}, {"value": 0.35, "interval": [0.32, 0.38]})
    (0.05, [0.0139, 0.0861])
    """
    se = [(f["interval"][1] - f["interval"][0]) / (2 * Z95) for f in (base, variant)]
    d = variant["value"] - base["value"]
    half = Z95 * math.sqrt(se[0] ** 2 + se[1] ** 2)
    return round(d, 4), [round(d - half, 4), round(d + half, 4)]


def _subject(f: dict) -> str:
    """What a compared finding measures, as the subject of a sentence."""
    kind = f["kind"]
    if kind == "seat":
        return f"the win share of the {SEAT_WORDS[f['seat']]} player ({newspaper(f['seat'])})"
    if kind == "final-edition":
        return "the win share of the player who triggers the final edition"
    if kind == "winning-circulation":
        return "the winner's circulation"
    if kind == "when-winners-press":
        return {"round": "how much later in the game winners press than losers",
                "gain": "how much bigger winners' pages are than losers'",
                "ahead": "how much more often winners press while in the lead",
                "behind": "how much more often winners press while behind",
                "presses": "how many more presses winners make than losers"}[f["by"]]
    if kind == "press-or-wait":
        return f"what pressing a page worth {f['gain'].replace('-', '–')} points now gains over waiting"
    if kind == "beat-bonus":
        from pennypress.solver.vocab import Beat

        return f"the win share of the {Beat(f['beat']).title} bonus's takers"
    return "the win share of the player who gains most on scoops"


def _difference_unit(u: str) -> str:
    return {"share": "share-difference", "circulation": "circulation-difference"}.get(u, u)


def compare(base: dict, variant: dict) -> list[dict]:
    """The variant run's differences from its base run on every comparable finding both have."""
    name = variant_name(variant)
    mine = {_key(f): f for f in variant["findings"] if f["kind"] in COMPARED}
    out = []
    for b in base["findings"]:
        v = mine.get(_key(b))
        if b["kind"] not in COMPARED or v is None:
            continue
        d, iv = difference(b, v)
        u = unit(b)
        du = _difference_unit(u)
        subject = _subject(b)
        then = f"{fmt(v['value'], u)} against {fmt(b['value'], u)} in the standard game"
        way = supported(iv, 0.0)
        if way:
            claim = (f"With {name}, {subject} is {'higher' if way > 0 else 'lower'}: {then} "
                     f"({fmt(d, du)}).")
        else:
            claim = (f"With {name}, {subject} is about the same: {then} ({fmt(d, du)}; its interval "
                     "includes no change).")
        out.append({"kind": "variant-difference", "compares": b["kind"], "label": label(b),
                    "claim": claim, "value": d,
                    "interval": iv, "unit": du, "interval_words": interval_words(iv, du), "reference": 0.0,
                    "counted": counted(b),
                    "games": [b["games"], v["games"]], "base": {"value": b["value"], "interval": b["interval"]},
                    "variant": {"value": v["value"], "interval": v["interval"]}, "players": base["players"],
                    **{k: b[k] for k in ("seat", "by", "gain", "beat") if k in b},
                    "source": _source(variant), "base_source": _source(base)})
    return out


def by_table_size(bases: dict[int, dict]) -> list[dict]:
    """The winning circulation, the trigger's win share and each seat's advantage at every player count."""
    out = []
    for players in sorted(bases):
        run = bases[players]
        for f in run["findings"]:
            kind = f["kind"]
            if kind == "winning-circulation":
                claim = (f"At {players} players the winner's circulation averages {f['value']:.1f}; 90% of games "
                         f"end between {f.get('p5', '?')} and {f.get('p95', '?')}.")
                out.append(_finding(f, run, claim=claim, label=f"{players} players", view="winning-circulation"))
            elif kind == "final-edition":
                way = supported(f["interval"], f["fair"])
                relation = {1: "more than", -1: "less than", 0: "within reach of"}[way]
                claim = (f"At {players} players the player who triggers the final edition wins {pct(f['value'])}, "
                         f"{relation} the fair share {pct(f['fair'])}.")
                out.append(_finding(f, run, claim=claim, label=f"{players} players", view="final-edition"))
            elif kind == "seat":
                fair = f["fair"]
                v, iv = round(f["value"] - fair, 4), [round(f["interval"][0] - fair, 4),
                                                       round(f["interval"][1] - fair, 4)]
                way = supported(iv, 0.0)
                who = f"the {SEAT_WORDS[f['seat']]} player ({newspaper(f['seat'])})"
                if way:
                    claim = (f"At {players} players {who} wins {'more' if way > 0 else 'less'} than the fair share: "
                             f"{pct(f['value'])} against {pct(fair)}.")
                else:
                    claim = (f"At {players} players {who} wins {pct(f['value'])}, within reach of the fair share "
                             f"{pct(fair)}.")
                out.append(_finding(f, run, kind="seat-advantage", claim=claim, value=v, interval=iv,
                                    unit="share-difference", interval_words=interval_words(iv, "share-difference"),
                                    reference=0.0, label=f"{players} players: {SEAT_WORDS[f['seat']]}",
                                    view="seat-advantage", share=f["value"], share_interval=f["interval"]))
    return out


def shipping_check(runs: list[dict]) -> list[str]:
    """Why the guide is a small run (empty when it is not): a base run with too few games, or a player count
    missing. (An advisor run of fewer than :data:`ADVISOR_GAMES` games marks only its own section.)"""
    reasons = []
    bases = {r["players"]: r for r in runs if role(r) == "base"}
    for players in PLAYER_COUNTS:
        need = BASE_GAMES[players]
        if players not in bases:
            reasons.append(f"no base run of {players} players (needs {need:,} games)")
        elif bases[players]["games"] < need:
            reasons.append(f"the {players}-player base run has {bases[players]['games']:,} games (needs {need:,})")
    return reasons


def assemble(runs: list[tuple[str, dict]], command: str | None = None, population: Iterable[dict] = ()) -> dict:
    """The guide from ``(file name, run)`` pairs, with the runs' press-or-wait findings played out against the
    population where ``population`` has them (:func:`attach_population`); :class:`BadInput` for inputs that do
    not fit together."""
    if not runs:
        raise BadInput("guide: name at least one strategy run")
    by_id: dict[str, str] = {}
    bases: dict[int, tuple[str, dict]] = {}
    for file, run in runs:
        rid = run_id(run)
        if rid in by_id:
            raise BadInput(f"guide: {file} and {by_id[rid]} are the same run ({rid})")
        by_id[rid] = file
        if role(run) == "base":
            if run["players"] in bases:
                why = " (the two-player order is the 2-player game itself, not a variant)" if run["players"] == 2 else ""
                raise BadInput(f"guide: two base runs for {run['players']} players: {bases[run['players']][0]} and "
                               f"{file}{why}; keep one")
            bases[run["players"]] = (file, run)
    for file, run in runs:
        if role(run) == "variant" and run["players"] not in bases:
            raise BadInput(f"guide: {file} ({variant_name(run)}, {run['players']} players) has no base run of "
                           f"{run['players']} players to be compared with")
    order = {"base": 0, "variant": 1, "advisor": 2}
    runs = sorted(runs, key=lambda fr: (order[role(fr[1])], fr[1]["players"], run_id(fr[1])))
    reasons = shipping_check([r for _, r in runs])
    guide: dict[str, Any] = {
        "format": FORMAT,
        "small_run": bool(reasons),
        "small_run_reasons": reasons,
        "thresholds": {"base_games": {str(k): v for k, v in BASE_GAMES.items()}, "advisor_games": ADVISOR_GAMES},
        "command": command,
        "runs": [],
        "tables": [],
        "variants": [],
        "by_table_size": by_table_size({p: r for p, (_, r) in bases.items()}),
        "advisor": [],
        "disagreements": [],
    }
    for file, run in runs:
        r = role(run)
        guide["runs"].append({"id": run_id(run), "file": file, "role": r, "command": run_command(run),
                              **{k: run[k] for k in ("games", "players", "seed", "bots")},
                              "bot_names": [seat_words(b) for b in run["bots"]],
                              "variants": list(run.get("variants", [])), "deck": run.get("deck", "default"),
                              "timing": run.get("timing"), "findings": run["findings"],
                              **({"variant": variant_name(run)} if r == "variant" else {})})
        own = (pooled_bot_shares(run["findings"], run["players"], next(b for b in run["bots"] if b.startswith("advisor")))
               if r == "advisor" else run["findings"])
        findings = [_finding(f, run) for f in own]
        if r == "base":
            guide["tables"].append({"players": run["players"], "run": run_id(run), "games": run["games"],
                                    "findings": findings})
        elif r == "variant":
            base = bases[run["players"]][1]
            guide["variants"].append({"players": run["players"], "variant": variant_name(run), "run": run_id(run),
                                      "base": run_id(base), "games": run["games"], "base_games": base["games"],
                                      "differences": compare(base, run)})
        else:
            guide["advisor"].append({"players": run["players"], "run": run_id(run), "games": run["games"],
                                     "bots": list(run["bots"]), "bot_names": [seat_words(b) for b in run["bots"]],
                                     "small_run": run["games"] < ADVISOR_GAMES,
                                     "rests_on": "advisor games", "findings": findings})
        if r != "variant":
            guide["disagreements"] += [f for f in findings if f["kind"] == "bots-disagree"]
    attach_population(guide, population)
    return guide


POPULATION_FORMAT = "pennypress strategy population"
"""A run's press-or-wait findings played out against the population (:mod:`.population_timing`)."""


def _run_key(d: dict) -> tuple:
    return (d["players"], d["games"], d["seed"], tuple(d["bots"]), tuple(d.get("variants") or ()),
            d.get("deck") or "default")


def check_population(doc: Any, where: str) -> dict:
    """``doc`` if it is a ``pennypress strategy population`` result whose every part the guide reads is there,
    else :class:`BadInput` naming ``where`` and what is missing."""
    if not isinstance(doc, dict) or doc.get("format") != POPULATION_FORMAT:
        raise BadInput(f"{where}: not pennypress strategy population's JSON (pennypress strategy population --out)")
    run, findings = doc.get("run"), doc.get("findings")
    ok = (isinstance(run, dict) and all(k in run for k in ("players", "games", "seed", "bots"))
          and isinstance(run["bots"], list) and isinstance(findings, list)
          and isinstance(doc.get("games"), int) and isinstance(doc.get("points"), int)
          and all(isinstance(f, dict) and (isinstance(f.get("gain"), str) or f.get("by") in ("pressed", "waited"))
                  and isinstance(f.get("by_opponent"), dict)
                  and all(isinstance(c, dict) and {"points", "value", "interval", "side"} <= set(c)
                          for c in f["by_opponent"].values()) for f in findings))
    if not ok:
        raise BadInput(f"{where}: a population result without its run, games, points or each finding's figures "
                       "against each opponent")
    return doc


def population_words(f: dict, p: dict) -> str:
    """A press-or-wait finding ``f``'s verdict against the population (``p``: :func:`.population_timing.verdict`
    and its ``by_opponent``), in words: how many opponents hold it, which do not show it or reverse it, and on
    how many positions.

    >>> f = {"interval": [-0.2, -0.1]}
    >>> cell = {"points": 40, "value": -0.1, "interval": [-0.15, -0.05]}
    >>> p = {"verdict": "most", "side": "wait", "holds": ["greedy", "value"], "reversed": [], "opponents": 3,
    ...      "by_opponent": {"greedy": cell, "value": cell, "timer": {**cell, "interval": [-0.1, 0.05]}}}
    >>> population_words(f, p)
    'Played to the end against 3 kinds of opponent: it holds against 2 of them; not shown against the timer bot.'
    """
    n, holds, rev = p["opponents"], p["holds"], p["reversed"]
    lead = f"Played to the end against {n} kinds of opponent: "
    name = lambda names: listed(map(seat_words, names))  # noqa: E731
    if p["side"] == "even":
        if p["verdict"] == "no-difference":
            tell = max((c["interval"][1] - c["interval"][0]) / 2 for c in p["by_opponent"].values())
            return lead + (f"no kind of opponent shows a difference between pressing and waiting (these games "
                           f"would show one of about {100 * tell:.0f} percentage points of win chance or more).")
        way = "pressing" if p["by_opponent"][rev[0]]["side"] == "press" else "waiting"
        if p["verdict"] == "one-way":
            return lead + f"against every one of them {way} is better: the two are not even against them."
        return lead + f"it depends on the opponents: a difference shows against {name(rev)}."
    if p["verdict"] == "every":
        return lead + "it holds against every one of them."
    if not holds and not rev:
        return lead + "against none of them is the difference shown (these positions cannot tell it from none)."
    shown = [o for o in p["by_opponent"] if o not in holds and o not in rev]
    said_ = lead + f"it holds against {len(holds)} of them"
    if rev:
        said_ = lead + f"it depends on the opponents: reversed against {name(rev)}; it holds against {len(holds) or 'none'}"
    return said_ + (f"; not shown against {name(shown)}." if shown else ".")


def attach_population(guide: dict, docs: Iterable[dict]) -> None:
    """Each population document's figures onto the press-or-wait findings of its run's table, or of its advisor
    run's own decisions (matched by the run -- players, games, seed, bots, variants, deck -- and the page value,
    or where the advisor pressed or waited), the verdict worked out here against
    the guide's own finding (:func:`.population_timing.verdict`); the documents kept whole in
    ``guide["population"]``. :class:`BadInput` for a document that is not one, or of no base run of the guide."""
    from .population_timing import verdict

    runs = {_run_key(r): r for r in guide["runs"]}
    found = {t["run"]: t["findings"] for t in guide["tables"]} | {a["run"]: a["findings"] for a in guide["advisor"]}
    guide["population"] = []
    for doc in docs:
        check_population(doc, "guide: a population result")
        run = runs.get(_run_key(doc["run"]))
        if run is None or run["id"] not in found:
            raise BadInput(f"guide: the population run of {doc['run']['players']} players, seed {doc['run']['seed']} "
                           "is for no base or advisor run of this guide")
        by_key = {(p.get("kind", "press-or-wait"), p.get("gain"), p.get("by")): p for p in doc["findings"]}
        for f in found[run["id"]]:
            key = (f["kind"], f.get("gain"), f.get("by") if f["kind"] == "advisor-press-or-wait" and f.get("by") !=
                   "gain" else None)
            p = by_key.get(key) if f["kind"] in ("press-or-wait", "advisor-press-or-wait") else None
            if p is None:
                continue
            judged = {**verdict(f, p["by_opponent"]), "by_opponent": p["by_opponent"]}
            counts = sorted({c["points"] for c in p["by_opponent"].values()})
            f["population"] = {**judged, "games": doc["games"], "points": counts[0], "most_points": counts[-1],
                               "command": doc.get("command"), "words": population_words(f, judged)}
        guide["population"].append(doc)


def write_guide(guide: dict, path: str | Path) -> None:
    """The guide as indented JSON (UTF-8, a true minus kept as it is)."""
    Path(path).write_text(json.dumps(guide, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
