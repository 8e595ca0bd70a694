"""The position editor's draft: what a person sees at the table, as plain data, and its problems in words.

A draft holds only what the rules do not determine -- the stories in play
(bottom to top) with each newspaper's reporters, the mats, the bonus markers,
the phase and whose turn, the frozen markers in the final edition, and the
headline cards drawn when known. :func:`draft_text` writes it as the one-line
notation (``docs/guide/notation.md``); the engine fills in the rest and judges it
(:func:`pennypress.engine.notation.check.check_text`). This module holds no
rule: the game's variant says which turn fields it uses and how the notation
writes them (:mod:`pennypress.engine.game.variants`), the engine says which
stories are still in the supply, :func:`spot` only says which part of the
editor a problem's field belongs to, and :func:`problem_words` says the
engine's message in the words the table uses (newspapers, "War D ★★★", rows
by where they are).

>>> d = empty_draft(3)
>>> d["board"]["war"].append({"story": "war:D:3", "reporters": [2, 0, 1]})
>>> d["mats"][1].update(pennies=1, ad=[2, 2], pub=["city:A:1"])
>>> draft_text(d)
'game 3p | normal p1 | board war:D:3(p1x2,p3x1) | bonus war=2 crime=2 politics=2 city=2 human=2 | p1 circ=0 pennies=0 | p2 circ=0 pennies=1 ad=2,2 pub=city:A:1 | p3 circ=0 pennies=0'
>>> [s for s in supply(d, "war")][:3], len(supply(d, "war")), len(supply(d, "city"))
(['war:A:1', 'war:A:2', 'war:A:3'], 11, 11)
>>> from pennypress.engine.game.errors import Problem
>>> p = Problem("story-twice", "players[1].published[0]", "war:D:3 is also at position.board.war[0].story; each story is in exactly one place")
>>> spot(p), problem_words(p)
(('player', 1), 'Published: War D ★★★ is also in the War column; each story is in exactly one place')
"""
from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Sequence

from pennypress.engine.game.definition import GameDefinition
from pennypress.engine.game.errors import Problem
from pennypress.engine.game.names import newspaper, player_token, story_name
from pennypress.engine.game.stories import ALL_STORIES, Story, supply as supply_stacks
from pennypress.engine.game.tables import BONUS_START
from pennypress.engine.io.state import State
from pennypress.engine.notation.check import NOTATION
from pennypress.engine.notation.reader import beat_values_token
from pennypress.engine.position.position import Phase
from pennypress.solver import BEATS
from pennypress.ui.render.words import row_words

BEAT_IDS = tuple(b.value for b in BEATS)
FINAL = (Phase.FINAL_TURNS.value, Phase.FINAL_PRESSES.value)
PHASES = tuple(p.value for p in Phase)


def empty_draft(players: int, variants: Sequence[str] = (), deck: str = "default") -> dict:
    """An empty table: no story in play, every mat blank, bonus markers at the start, player 1 to move.

    ``variants`` are the ones a person chose (the newsboy strike); those that apply by themselves
    (two-player) are the engine's to add.
    """
    d = {
        "players": players,
        "variants": list(variants),
        "deck": deck,
        "phase": Phase.NORMAL.value,
        "player": 0,
        "turns": 1,
        "newsboy": None,
        "draw_pending": False,
        "trigger": None,
        "board": {b: [] for b in BEAT_IDS},
        "markers": {b: 0 for b in BEAT_IDS},
        "bonus": {b: BONUS_START for b in BEAT_IDS},
        "mats": [{"circ": 0, "pennies": 0, "ad": None, "pub": [], "done": False} for _ in range(players)],
        "drawn": None,
    }
    if "newsboy" in definition(d).variant.turn_fields:
        d["newsboy"] = 0  # somebody holds it: say who
    return d


def definition(draft: dict) -> GameDefinition:
    """The game the draft is a position of (players, variants, deck).

    >>> definition(empty_draft(2)).variant.turn_fields, definition(empty_draft(4, ["newsboy"])).variant.name
    (('turns_left',), 'newsboy')
    """
    return GameDefinition.create(draft["players"], draft["variants"], draft["deck"])


def draft_from_state(state: State) -> dict:
    """The draft of a position (everything the notation holds, the drawn cards included).

    >>> from pennypress.engine import new_game
    >>> from pennypress.engine.notation.text import to_text
    >>> s = new_game(4, seed=3, variants=["newsboy"])
    >>> draft_text(draft_from_state(s)) == to_text(s)
    True
    """
    d = empty_draft(state.n_players, state.definition.chosen_variants, state.definition.deck_name)
    d.update(
        phase=state.phase.value, player=state.current, turns=state.turns_left, newsboy=state.newsboy,
        draw_pending=state.draw_pending, trigger=state.trigger_player,
        board={b.value: [{"story": str(s), "reporters": list(state.reporters[s])} for s in state.columns[b]]
               for b in BEATS},
        markers={b.value: state.markers[b] for b in BEATS},
        bonus={b.value: state.bonus[b] for b in BEATS},
        mats=[{"circ": p.circulation, "pennies": p.pennies, "ad": None if p.ad is None else list(p.ad),
               "pub": [str(s) for s in p.published], "done": p.done} for p in state.players],
        drawn=list(state.discard),
    )
    return d


def draft_text(draft: dict) -> str:
    """The draft as one line of notation (the drawn cards only when known)."""
    n = draft["players"]
    game = ["game", f"{n}p", *draft["variants"]]
    if draft["deck"] != "default":
        game.append(f"deck={draft['deck']}")
    phase = draft["phase"]
    turn = [phase, player_token(draft["player"])]
    if phase == Phase.NORMAL.value:
        # the variant writes its own turn fields (turns=2, newsboy=p2)
        turn += definition(draft).variant.notation_tokens(SimpleNamespace(turns_left=draft["turns"],
                                                                            newsboy=draft["newsboy"]))
        if draft["draw_pending"]:
            turn.append("draw=pending")
    elif draft["trigger"] is not None:
        turn.append(f"trigger={player_token(draft['trigger'])}")
    stories = []
    for b in BEAT_IDS:
        for item in draft["board"][b]:
            on = [f"{player_token(i)}x{k}" for i, k in enumerate(item["reporters"]) if k]
            stories.append(item["story"] + (f"({','.join(on)})" if on else ""))
    sections = [" ".join(game), " ".join(turn), " ".join(["board", *(stories or ["-"])])]
    if phase != Phase.NORMAL.value:
        sections.append("markers " + beat_values_token(draft["markers"]))
    sections.append("bonus " + beat_values_token(draft["bonus"]))
    for i, m in enumerate(draft["mats"]):
        words = [player_token(i), f"circ={m['circ']}", f"pennies={m['pennies']}"]
        if m["ad"] is not None:
            words.append(f"ad={m['ad'][0]},{m['ad'][1]}")
        if m["pub"]:
            words.append("pub=" + ",".join(m["pub"]))
        if m["done"] and phase in FINAL:
            words.append("done")
        sections.append(" ".join(words))
    if draft["drawn"] is not None:
        sections.append("drawn " + (",".join(map(str, draft["drawn"])) or "-"))
    return " | ".join(sections)


def on_board(draft: dict) -> set[str]:
    return {item["story"] for b in BEAT_IDS for item in draft["board"][b]}


def supply(draft: dict, beat: str) -> list[str]:
    """The stories of ``beat`` neither in play nor published, in shape and star order: what may be added
    (the engine's :func:`~pennypress.engine.game.stories.supply`)."""
    taken = {Story.parse(t) for t in on_board(draft) | {s for m in draft["mats"] for s in m["pub"]}}
    return [str(Story.of(b, shape, stars)) for (b, shape), stack in supply_stacks(taken).items() if b.value == beat
            for stars in stack]


def all_stories() -> list[str]:
    return [str(s) for s in ALL_STORIES]


def story_label(text: str) -> str:
    """``'war:D:3'`` -> ``'War D ★★★'``."""
    return story_name(Story.parse(text))


# ------------------------------------------------------------------ problems where they belong
_PLAYER_FIELD = re.compile(r"^players\[(\d+)\](?:\.(\w+))?")
_BOARD_FIELD = re.compile(r"^board\.(\w+)")
FIELD_WORDS = {"": "Reporters", "home": "Reporters", "pennies": "Pennies", "ad": "Ad", "published": "Published",
               "done": "Done", "circulation": "Circulation"}
TURN_WORDS = {"player": "To move", "turns_left": "Turns", "newsboy": "Newsboy", "trigger_player": "Triggered by",
              "pending": "Still to act", "draw_pending": "Card to draw"}


def spot(problem: Problem) -> tuple:
    """The part of the editor a problem belongs to: ``("beat", "war")``, ``("player", 1)``,
    ``("turn",)``, ``("bonus",)``, ``("markers",)``, ``("cards",)`` or ``("general",)``.

    >>> spot(Problem("column-full", "board.city", "...")), spot(Problem("turn", "turn.newsboy", "..."))
    (('beat', 'city'), ('turn',))
    >>> spot(Problem(NOTATION, "", "notation: drawn: 'x': expected headline card numbers 1 to 45"))
    ('cards',)
    """
    f = problem.field
    if problem.code == NOTATION:  # a line the reader refused: its section says where
        section = re.match(r"\w+: (?:section \d+ \()?([\w-]+)", problem.message)
        word = section.group(1) if section else ""
        if re.fullmatch(r"p\d", word):
            return ("player", int(word[1:]) - 1)
        return {"drawn": ("cards",), "bonus": ("bonus",), "markers": ("markers",),
                **{p: ("turn",) for p in PHASES}}.get(word, ("general",))
    m = _PLAYER_FIELD.match(f)
    if m:
        return ("player", int(m.group(1)))
    m = _BOARD_FIELD.match(f)
    if m and m.group(1) in BEAT_IDS:
        return ("beat", m.group(1))
    head = f.split(".")[0].split("[")[0]
    if head == "turn":
        return ("turn",)
    if head in ("bonus", "markers"):
        return (head,)
    if head == "deck":
        return ("cards",)
    return ("general",)


def _beat_title(beat: str) -> str:
    return next(b.title for b in BEATS if b.value == beat)


def problem_words(problem: Problem) -> str:
    """The engine's message in the table's words, led by the field it is about.

    >>> problem_words(Problem("ad", "players[0].ad", "[1, 1] is in row 1, but the ad goes in the row of the highest penny: row 2 with 1 penny"))
    'Ad: the ad is in the middle row, but the ad goes in the row of the highest penny: the bottom row with 1 penny'
    >>> problem_words(Problem("turn", "players[2].done", "false, but The Herald triggered the final edition (turn.trigger_player) and is done"))
    'Done: not ticked, but The Herald triggered the final edition and is done'
    """
    text = problem.message
    text = re.sub(r"^\[(\d+), (\d+)\] is in row \d+", lambda m: f"the ad is in the {row_words(int(m.group(2)))}", text)
    text = re.sub(r"\brow (\d+)\b", lambda m: f"the {row_words(int(m.group(1)))}", text)
    text = text.replace(" also at position.", " also in position.")
    text = re.sub(r"(?:position\.)?board\.(\w+)\[\d+\]\.\w+", lambda m: f"the {_beat_title(m.group(1))} column", text)
    text = re.sub(r"(?:position\.)?players\[(\d+)\](?:\.(\w+))?(?:\[\d+\])?",
                  lambda m: newspaper(int(m.group(1))) + (f"'s {m.group(2)}" if m.group(2) else ""), text)
    text = re.sub(r"(?:position\.)?stacks\.\w+:[A-D]", "the supply", text)
    text = re.sub(r" ?\(turn\.\w+\)", "", text)
    text = re.sub(r"^(true|false), ", lambda m: ("ticked, " if m.group(1) == "true" else "not ticked, "), text)
    text = re.sub(r"\b(war|crime|politics|city|human):([A-D]):(\d)\b", lambda m: story_label(m.group(0)), text)
    f = problem.field
    m = _PLAYER_FIELD.match(f)
    if m:
        lead = FIELD_WORDS.get(m.group(2) or "", (m.group(2) or "").capitalize())
    elif f.startswith("turn."):
        lead = TURN_WORDS.get(f.split(".")[1], "Turn")
    elif f.startswith(("bonus.", "markers.")):
        lead = f"{_beat_title(f.split('.')[1])} {'bonus marker' if f.startswith('bonus') else 'arrow marker'}"
    elif f.startswith("deck"):
        lead = "Headline cards"
    else:
        lead = ""
    return f"{lead}: {text}" if lead else text
