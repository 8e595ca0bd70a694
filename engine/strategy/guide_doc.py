"""``docs/strategy.md``: the assembled strategy guide (:mod:`.guide`) said to players, in Markdown.

The page is generated, never edited by hand: ``pennypress strategy guide RUN... --docs docs/strategy.md``
writes it, and a test checks that the committed page is what the committed guide generates. Every claim
comes with its number (inside the claim) and its 95% interval; the words are the guide's, which word a
direction only where the interval supports it. Findings from advisor games say so.
"""
from __future__ import annotations

from .guide import ADVISOR_GAMES, advisor_own, fmt, supported

TITLE = "# Penny Press strategy guide"


def _games(f: dict) -> str:
    g, what = f["games"], f.get("counted", "games")
    if isinstance(g, list):
        return f"{g[1]:,} {what} against {g[0]:,}"
    if f.get("rests_on") == "advisor games":
        return f"{g:,} advisor games" if what == "games" else f"{g:,} {what} in advisor games"
    return f"{g:,} {what}"


ADVISOR_TIMING_SCOPE = ("*Where the advisor could go to press, both moves were played out from the same cards with "
                        "the value bot in every seat, as the guide's own press-or-wait findings are; those without "
                        "a line beneath on the population of opponents were not played against other kinds of "
                        "opponent, so they are shown for that one only.*")
"""What the advisor's press-or-wait findings rest on while they have not been played against the population (its
decision points are costly to replay: ``pennypress strategy population ADVISOR_RUN --max-games N``)."""


def unplayed_advisor_timing(advisor: dict) -> bool:
    """Whether an advisor run of the guide has press-or-wait findings not played out against the population."""
    return any(f["kind"] == "advisor-press-or-wait" and not f.get("population") for f in advisor["findings"])


def claim_line(f: dict, where: str = "") -> str:
    """One finding as a list item: the claim, then its interval and how many games it rests on; a press-or-wait
    finding played out against the population says its verdict beneath."""
    line = f"- {where}{f['claim']} *({f['interval_words']}; {_games(f)})*"
    p = f.get("population")
    if p is not None:
        points = f"{p['points']}" if p["points"] == p.get("most_points", p["points"]) else \
            f"{p['points']} to {p['most_points']}"
        line += f"\n  - {p['words']} *({points} positions, {p['games']} games of each move a kind of opponent)*"
    return line


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "not recorded"
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _table(guide: dict, players: int) -> dict | None:
    return next((t for t in guide["tables"] if t["players"] == players), None)


def _per_table(guide: dict, kinds: tuple[str, ...], lines: list[str], by: tuple[str, ...] | None = None) -> None:
    for t in guide["tables"]:
        found = [f for f in t["findings"] if f["kind"] in kinds and (by is None or f.get("by") in by)]
        if found:
            lines += ["", f"**{t['players']} players** ({t['games']:,} games)", ""]
            lines += [claim_line(f) for f in found]


def guide_markdown(guide: dict) -> str:
    """The whole page, from the guide alone."""
    lines = [*_intro(guide), *_at_a_glance(guide), *_findings_by_kind(guide), *_by_table_size(guide),
             *_variants(guide), *_advisor(guide), *_disagreements(guide), *_measured(guide)]
    return "\n".join(lines) + "\n"


def _intro(guide: dict) -> list[str]:
    """The title, what the page is and how to read its claims, and the small-run warning."""
    lines = [TITLE, "",
             "What seeded games between strong bots say about playing *Penny Press*. Generated from "
             "`engine/strategy/strategy_guide.json` by `pennypress strategy guide` (see *How this was measured* "
             "below): do not edit this page by hand.", "",
             "Every claim carries its number and its 95% interval. A claim says which way something goes only "
             "where its interval allows it; otherwise it says the value is within reach of the fair share, or of no difference. A win shared "
             "by k players counts 1/k to each."]
    if guide["small_run"]:
        lines += ["", "> **Small run.** This guide comes from fewer games than the shipped guide needs "
                  "(1,000,000 three-player games and 200,000 of each other table size), so its intervals are "
                  "wide and some claims are unsettled: " + "; ".join(guide["small_run_reasons"]) + "."]
    return lines


def _at_a_glance(guide: dict) -> list[str]:
    """The settled findings of the three-player table (else the first table)."""
    glance = _table(guide, 3) or (guide["tables"][0] if guide["tables"] else None)
    if glance is None:
        return []
    shown = [f for f in glance["findings"] if f["kind"] in ("seat", "when-winners-press", "press-or-wait",
                                                             "final-edition")
             and f.get("reference") is not None and supported(f["interval"], f["reference"])]
    lines = ["", f"## At a glance ({glance['players']} players)", "",
             "The findings of the " + f"{glance['players']}-player games whose interval settles which way "
             "they go; the sections below give every finding at every table size."]
    return lines + [""] + ([claim_line(f) for f in shown] or ["- None of them is settled by its interval yet."])


def _findings_by_kind(guide: dict) -> list[str]:
    """The sections of every table's findings: the seats, when to press, the bonuses and scoops, the end."""
    lines = ["", "## Who wins from which seat"]
    _per_table(guide, ("seat",), lines)

    lines += ["", "## When to go to press", "",
              "Per game, the winners' presses against the losers' presses: the round, the page value, and "
              "whether the presser was ahead of everyone or behind the leader. These are correlations: they say "
              "what winners did, not that doing it made them win."]
    _per_table(guide, ("when-winners-press",), lines)
    lines += ["", "### Press now or wait", "",
              "At sampled decisions where a player could go to press, both moves were played out many times "
              "from the same cards, with the value bot in every seat: the win chance after pressing now minus "
              "after the best other move. Where the same positions were also played to the end against the "
              "population of opponents (other kinds of player, each of two strong players in turn making the "
              "mover's own later moves), the line beneath says whether the finding held against each."]
    _per_table(guide, ("press-or-wait",), lines)

    lines += ["", "## The beats' bonuses and scoops", "",
              "Taking a beat's bonus goes with winning partly because strong players both take bonuses and win; "
              "\"decided\" is how often the bonus's points alone changed who won."]
    _per_table(guide, ("beat-bonus", "scoops"), lines)

    lines += ["", "## The final edition", "",
              "Who triggers the final edition is not chosen at random: these are correlations too."]
    _per_table(guide, ("final-edition",), lines)
    return lines


def _by_table_size(guide: dict) -> list[str]:
    """The table of what changes with the number of players, then its findings."""
    lines = ["", "## By table size", ""]
    sizes = guide["by_table_size"]
    if not sizes:
        return lines
    lines += ["| players | winner's circulation | the trigger wins | seats away from the fair share |",
              "|---|---|---|---|"]
    for players in sorted({f["players"] for f in sizes}):
        mine = [f for f in sizes if f["players"] == players]
        circ = next((f for f in mine if f["view"] == "winning-circulation"), None)
        trig = next((f for f in mine if f["view"] == "final-edition"), None)
        seats = [f for f in mine if f["view"] == "seat-advantage"]
        off = [f["label"].split(": ")[1] for f in seats if supported(f["interval"], 0.0)]
        lines.append(f"| {players} | {fmt(circ['value'], 'circulation') if circ else '–'} | "
                     f"{fmt(trig['value'], 'share') + ' (fair ' + fmt(trig['fair'], 'share') + ')' if trig else '–'}"
                     f" | {', '.join(off) if off else 'none shown'} |")
    lines.append("")
    return lines + [claim_line(f) for f in sizes]


def _variants(guide: dict) -> list[str]:
    """Each variant run against its standard game, the differences beyond their intervals first; the section
    ends with a blank line."""
    lines = ["", "## The variants", ""]
    if not guide["variants"]:
        lines.append("This guide has no variant run: it makes no claim about the variants.")
    for v in guide["variants"]:
        changed = [d for d in v["differences"] if supported(d["interval"], 0.0)]
        lines += [f"### {v['variant'][0].upper() + v['variant'][1:]} at {v['players']} players", "",
                  f"{v['games']:,} games against the standard game's {v['base_games']:,}; each difference is the "
                  "variant's value minus the standard game's. "
                  + (f"{len(changed)} of {len(v['differences'])} differ beyond their intervals."
                     if changed else f"None of the {len(v['differences'])} differs beyond its interval."), ""]
        lines += [claim_line(d) for d in changed + [d for d in v["differences"] if d not in changed]]
        lines.append("")
    if lines[-1] != "":
        lines.append("")
    return lines


def _advisor(guide: dict) -> list[str]:
    """The findings about the advisor's own play, each run marked as resting on advisor games."""
    lines = ["## What the advisor does", ""]
    if not guide["advisor"]:
        lines.append("This guide has no run of advisor games: it makes no claim about the advisor's own play.")
    for a in guide["advisor"]:
        lines += [f"*From {a['games']:,} advisor games at {a['players']} players "
                  f"({', '.join(a['bot_names'])}): these findings rest on advisor games.*"
                  + (f" **Small run**: fewer than {ADVISOR_GAMES:,} games." if a["small_run"] else ""), ""]
        if unplayed_advisor_timing(a):
            lines += [ADVISOR_TIMING_SCOPE, ""]
        lines += [claim_line(f) for f in advisor_own(a["findings"])]
        lines.append("")
    if not guide["advisor"]:
        lines.append("")
    return lines


def _disagreements(guide: dict) -> list[str]:
    """Where the bots disagree beyond the interval, where they agree, and how strong each bot is."""
    lines = ["## Where the bots disagree", ""]
    split = [f for f in guide["disagreements"] if supported(f["interval"], 0.0)]
    agree = [f for f in guide["disagreements"] if not supported(f["interval"], 0.0)]
    if split:
        lines.append("Where the two bots of a run play differently beyond the interval:")
        lines.append("")
        lines += [claim_line(f, f"**{f['players']} players**: ") for f in split]
    else:
        lines.append("No disagreement between the bots is shown beyond its interval.")
    if agree:
        lines += ["", "Where they agree within the interval:", ""]
        lines += [claim_line(f, f"**{f['players']} players**: ") for f in agree]

    strength = [f for t in guide["tables"] for f in t["findings"] if f["kind"] == "bot"]
    if strength:
        lines += ["", "How strong each bot is (its win share per seat it held), which weighs what each bot's "
                  "habits say:", ""]
        lines += [claim_line(f, f"**{f['players']} players**: ") for f in strength]
    return lines


def _measured(guide: dict) -> list[str]:
    """How the guide was measured: every run with its games, seed, bots, time and command."""
    lines = ["", "## How this was measured", "",
             "Each run plays seeded games between strong bots on the native core, seated in rotation so that "
             "every seat holds every bot equally often; `docs/concepts/strategy.md` says how each finding and "
             "its interval are measured. The same command and seed give the same findings.", "",
             "| run | what | games | seed | bots | time | command |", "|---|---|---|---|---|---|---|"]
    for r in guide["runs"]:
        what = {"base": "standard game", "advisor": "advisor games"}.get(r["role"], r.get("variant", r["role"]))
        timing = r.get("timing") or {}
        lines.append(f"| {r['id']} | {what}, {r['players']} players | {r['games']:,} | {r['seed']} | "
                     f"{', '.join(r['bot_names'])} | {_duration(timing.get('seconds'))} | "
                     f"`{r['command']}` |")
    if guide.get("command"):
        lines += ["", f"The guide and this page: `{guide['command']}`."]
    return lines
