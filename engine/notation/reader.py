"""Reading the one-line notation (``docs/guide/notation.md``) into a position document.

:func:`read_notation` turns the text into the JSON document of
``docs/guide/position.md`` -- filling in what the rules determine (supply stacks,
reporters at home, arrow markers outside the final edition, ``pending`` when
left out, the deck as every card not drawn) -- without judging whether the
position is possible: :func:`pennypress.engine.notation.text.from_text` hands the
document to the project's validation. What is wrong with the *text* is
refused here, with one line naming the section, the token and what was
expected.

>>> doc = read_notation("game 2p | normal p2 turns=2 | board war:B:1(p1x1) | "
...                     "bonus war=5 crime=2 politics=2 city=2 human=2 | p1 | p2 | drawn 1,2")
>>> doc["turn"]["player"], doc["turn"]["turns_left"], doc["board"]["war"], doc["players"][0]["home"]
(1, 2, [{'story': 'war:B:1', 'reporters': [1, 0]}], 4)
>>> doc["markers"]["war"], doc["stacks"]["war:B"], doc["deck"]["discard"], len(doc["deck"]["cards"])
(2, [2, 3], [1, 2], 43)
>>> read_notation("game 6p | normal p1")
Traceback (most recent call last):
...
pennypress.errors.BadInput: notation: game: '6p': expected the player count 2p to 5p
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pennypress.errors import BadInput
from pennypress.solver.vocab import BEATS, COLUMNS, ROWS

from ..game.definition import GameDefinition
from ..game.names import player_token
from ..game.stories import Story, kind_text, supply
from ..game.tables import MAX_PLAYERS, MIN_PLAYERS, REPORTERS
from ..io.codec import FORMAT, VERSION
from ..position.events import END_ONLY, EndOutcome, Event
from ..position.position import Phase, column_marker
from ..position.turns import cards_drawn_span, pending_after
from ..rules.endgame import beat_bonus, winners
from .drawn_cards import guess_drawn_cards

SEPARATOR = "|"
"""Between sections."""
NONE = "-"
"""An empty list (``board -``, ``drawn -``, ``pending=-``)."""
DRAW_PENDING = "pending"
"""``normal pN draw=pending``: a chance node -- pN has just gone to press and draws a headline card next."""
PHASES = tuple(p.value for p in Phase)
"""The phase sections: ``normal``, ``final-turns``, ``final-presses``, ``over``."""
FINAL_PHASES = (Phase.FINAL_TURNS.value, Phase.FINAL_PRESSES.value)
MAT_KEYS = ("circ", "pennies", "ad", "pub")
"""A player's mat: ``circ=N pennies=N ad=X,Y pub=story,story`` and the word ``done``."""
PHASE_OPTIONS = {
    "normal": ("turns", "newsboy", "draw"),
    "final-turns": ("trigger", "pending"),
    "final-presses": ("trigger", "pending"),
    "over": ("trigger",),
}
"""The ``key=value`` options each phase section takes after the player."""
_BEAT_NAMES = tuple(b.value for b in BEATS)
_PLAYER = re.compile(r"p(\d+)")
_REPORTERS = re.compile(r"p(\d+)x(\d+)")
_ON_STORY = re.compile(r"([^()]*)\((.*)\)")
_WHOLE = re.compile(r"\d+")


def beat_values_token(values: dict) -> str:
    """``war=7 crime=2 politics=4 city=3 human=2`` (keys are beats or their names)."""
    return " ".join(f"{b.value}={values[b]}" for b in BEATS)


@dataclass
class _Section:
    """One section: its place (1-based), keyword and the tokens after it."""

    number: int
    keyword: str
    tokens: list[str]


@dataclass
class _Mat:
    circ: int = 0
    pennies: int = 0
    ad: list[int] | None = None
    pub: list[str] = field(default_factory=list)
    done: bool = False


class _Reader:
    def __init__(self, where: str, lenient: bool = False):
        self.where = where
        self.lenient = lenient

    # ------------------------------------------------------------ messages
    def fail(self, section: str, message: str, token: str | None = None) -> None:
        shown = f" {token!r}:" if token is not None else ""
        raise BadInput(f"{self.where}: {section}:{shown} {message}")

    def whole(self, section: str, token: str, text: str, what: str) -> int:
        if not _WHOLE.fullmatch(text):
            self.fail(section, f"{what} must be a whole number (0, 1, 2, ...)", token)
        return int(text)

    def player(self, section: str, token: str, text: str | None = None) -> int:
        m = _PLAYER.fullmatch(text if text is not None else token)
        if not m or not 1 <= int(m.group(1)) <= self.n:
            self.fail(section, f"expected a player p1 to p{self.n}", token)
        return int(m.group(1)) - 1

    # ------------------------------------------------------------ sections
    def sections(self, text: str) -> list[_Section]:
        if not isinstance(text, str) or not text.strip():
            raise BadInput(f"{self.where}: empty: expected a position such as 'game 3p | normal p1 | board ... '")
        out = []
        for i, raw in enumerate(text.split(SEPARATOR), start=1):
            tokens = raw.split()
            if not tokens:
                raise BadInput(f"{self.where}: section {i} is empty (sections are separated by a single '|')")
            out.append(_Section(i, tokens[0], tokens[1:]))
        return out

    def read(self, text: str) -> dict:
        sections = self.sections(text)
        first = sections[0]
        if first.keyword != "game":
            raise BadInput(f"{self.where}: section 1: expected 'game' (e.g. 'game 3p'), got {first.keyword!r}")
        self.definition = self.game(first)
        self.n = self.definition.players
        allowed = ["board", "bonus", "markers", "drawn", *PHASES, *(player_token(i) for i in range(self.n))]
        seen: dict[str, _Section] = {}
        for sec in sections[1:]:
            key = sec.keyword
            if key not in allowed:
                hint = ""
                m = _PLAYER.fullmatch(key)
                if m:
                    hint = f": there is no player {m.group(1)} in a {self.n}-player game (p1 to p{self.n})"
                else:
                    hint = (f": expected one of board, bonus, {', '.join(PHASES)}, markers, drawn "
                            f"or a player p1 to p{self.n}")
                raise BadInput(f"{self.where}: section {sec.number}: unknown section {key!r}{hint}")
            slot = "phase" if key in PHASES else key
            if slot in seen:
                other = seen[slot]
                raise BadInput(f"{self.where}: section {sec.number} ({key}): "
                               f"{'the phase is' if slot == 'phase' else key + ' is'} already given in section "
                               f"{other.number} ({other.keyword})")
            seen[slot] = sec
        if "phase" not in seen:
            raise BadInput(f"{self.where}: missing the phase section: {' or '.join(PHASES)} with the player, "
                           "e.g. 'normal p1' (player 1 to move)")
        for required, what in (("board", "the stories in play, e.g. 'board war:D:3(p1x2) crime:A:1' ('board -' if none)"),
                               ("bonus", "the bonus markers, e.g. 'bonus war=2 crime=2 politics=2 city=2 human=2'")):
            if required not in seen:
                raise BadInput(f"{self.where}: missing section {required}: {what}")
        missing = [player_token(i) for i in range(self.n) if player_token(i) not in seen]
        if missing:
            raise BadInput(f"{self.where}: missing section {missing[0]}: every player's mat is given, e.g. "
                           f"'{missing[0]} circ=0 pennies=0' ({self.n} players)")
        self.phase = seen["phase"].keyword
        self.final = self.phase != Phase.NORMAL.value
        columns, reporters = self.board(seen["board"])
        mats = [self.mat(seen[player_token(i)]) for i in range(self.n)]
        bonus = self.beat_numbers(seen["bonus"], "bonus marker")
        if self.final:
            if "markers" not in seen:
                raise BadInput(f"{self.where}: missing section markers: in the {self.phase} phase the arrow markers "
                               "are frozen, e.g. 'markers war=4 crime=3 politics=5 city=2 human=6'")
            markers = self.beat_numbers(seen["markers"], "marker position")
        else:
            if "markers" in seen:
                self.fail("markers", "leave the markers out in normal play: each stands at "
                          "min(9, height + covered stories) of its column")
            markers = {b: column_marker(columns[b], reporters) for b in _BEAT_NAMES}
        turn = self.turn(seen["phase"], mats)
        return self.document(columns, reporters, mats, bonus, markers, turn, seen.get("drawn"))

    def game(self, sec: _Section) -> GameDefinition:
        if not sec.tokens:
            self.fail("game", f"expected the player count, e.g. 'game 3p' ({MIN_PLAYERS}p to {MAX_PLAYERS}p)")
        count, *rest = sec.tokens
        m = re.fullmatch(r"(\d+)p", count)
        if not m or not MIN_PLAYERS <= int(m.group(1)) <= MAX_PLAYERS:
            self.fail("game", f"expected the player count {MIN_PLAYERS}p to {MAX_PLAYERS}p", count)
        variants, deck = [], "default"
        for token in rest:
            if token.startswith("deck="):
                deck = token.removeprefix("deck=")
            else:
                variants.append(token)
        try:
            return GameDefinition.create(int(m.group(1)), variants, deck)
        except BadInput as exc:
            self.fail("game", str(exc))

    def board(self, sec: _Section) -> tuple[dict[str, list[Story]], dict[Story, list[int]]]:
        columns: dict[str, list[Story]] = {b: [] for b in _BEAT_NAMES}
        reporters: dict[Story, list[int]] = {}
        tokens = sec.tokens
        if tokens == [NONE]:
            return columns, reporters
        for token in tokens:
            m = _ON_STORY.fullmatch(token)
            story_text, inside = (m.group(1), m.group(2)) if m else (token, None)
            if "(" in story_text or ")" in story_text:
                self.fail("board", "expected a story with its reporters, e.g. war:D:3(p1x2,p3x1)", token)
            try:
                story = Story.parse(story_text)
            except BadInput as exc:
                self.fail("board", str(exc))
            counts = [0] * self.n
            if inside is not None:
                for part in inside.split(","):
                    r = _REPORTERS.fullmatch(part)
                    if not r:
                        self.fail("board", f"reporters {part!r} on {story}: expected pNxK, e.g. p2x1 "
                                  "(player 2 has one reporter on it)", token)
                    seat = self.player("board", token, f"p{r.group(1)}")
                    k = int(r.group(2))
                    if not 1 <= k <= REPORTERS:
                        self.fail("board", f"reporters {part!r} on {story}: a player has 1 to {REPORTERS} "
                                  "reporters on a story (leave out players with none)", token)
                    if counts[seat]:
                        self.fail("board", f"{player_token(seat)} is named twice on {story}", token)
                    counts[seat] = k
            if story in reporters:
                self.fail("board", f"{story} is on the board twice; each story is in exactly one place", token)
            columns[story.beat.value].append(story)
            reporters[story] = counts
        return columns, reporters

    def mat(self, sec: _Section) -> _Mat:
        name = sec.keyword
        mat = _Mat()
        given: set[str] = set()
        for token in sec.tokens:
            key, eq, value = token.partition("=")
            if token == "done":
                mat.done = True
            elif key == "done":
                self.fail(name, "write done on its own (the player is done in the final edition)", token)
            elif not eq or key not in MAT_KEYS:
                self.fail(name, "expected circ=N, pennies=N, ad=X,Y, pub=story,story or done", token)
            elif not value:
                self.fail(name, f"{key}= needs a value", token)
            else:
                if key in ("circ", "pennies"):
                    setattr(mat, key, self.whole(name, token, value, "circulation" if key == "circ" else "pennies"))
                elif key == "ad":
                    mat.ad = self.cell(name, token, value)
                else:
                    mat.pub = [] if value == NONE else self.stories(name, token, value)
            if key in given:
                self.fail(name, f"{key} is given twice", token)
            given.add(key)
        return mat

    def cell(self, section: str, token: str, value: str) -> list[int]:
        m = re.fullmatch(r"(\d+),(\d+)", value)
        if not m or not (int(m.group(1)) < COLUMNS and int(m.group(2)) < ROWS):
            self.fail(section, f"expected ad=X,Y: column X 0 to {COLUMNS - 1}, row Y 0 to {ROWS - 1} "
                      "(row 0 the top edge); leave ad= out if there is none", token)
        return [int(m.group(1)), int(m.group(2))]

    def stories(self, section: str, token: str, value: str) -> list[str]:
        out = []
        for text in value.split(","):
            try:
                out.append(str(Story.parse(text)))
            except BadInput as exc:
                self.fail(section, f"{exc} (pub= lists stories separated by commas)", token)
        return out

    def beat_numbers(self, sec: _Section, what: str) -> dict[str, int]:
        name = sec.keyword
        out: dict[str, int] = {}
        for token in sec.tokens:
            beat, eq, value = token.partition("=")
            if not eq or beat not in _BEAT_NAMES:
                self.fail(name, f"expected beat=N with a beat among {', '.join(_BEAT_NAMES)}", token)
            if beat in out:
                self.fail(name, f"{beat} is given twice", token)
            out[beat] = self.whole(name, token, value, f"the {what}")
        missing = [b for b in _BEAT_NAMES if b not in out]
        if missing:
            self.fail(name, f"missing {', '.join(missing)}: give all five, e.g. "
                      f"'{name} {' '.join(b + '=2' for b in _BEAT_NAMES)}'")
        return out

    def turn(self, sec: _Section, mats: list[_Mat]) -> dict:
        phase = sec.keyword
        if not sec.tokens:
            what = "who made the last move" if phase == "over" else "whose turn it is"
            self.fail(phase, f"expected the player ({what}), e.g. '{phase} p1'")
        current = self.player(phase, sec.tokens[0])
        options: dict[str, str] = {}
        for token in sec.tokens[1:]:
            key, value = token.partition("=")[0], token.partition("=")[2]
            if key not in PHASE_OPTIONS[phase]:
                where = [p for p, keys in PHASE_OPTIONS.items() if key in keys]
                why = f"{key}= belongs to the {' / '.join(where)} phase" if where else "unknown option"
                self.fail(phase, f"{why}; {phase} takes {', '.join(k + '=' for k in PHASE_OPTIONS[phase])}", token)
            if key in options:
                self.fail(phase, f"{key} is given twice", token)
            if not value:
                self.fail(phase, f"{key}= needs a value", token)
            options[key] = token
        turn = {"player": current, "turns_left": 1, "pending": [], "newsboy": None, "trigger_player": None}
        if "turns" in options:
            token = options["turns"]
            turn["turns_left"] = self.whole(phase, token, token.split("=", 1)[1], "turns")
            if turn["turns_left"] not in (1, 2):
                self.fail(phase, "turns=1 or turns=2 (two turns in a row only in the two-player order)", token)
        if "draw" in options:
            token = options["draw"]
            if token.split("=", 1)[1] != DRAW_PENDING:
                self.fail(phase, f"draw={DRAW_PENDING} (the player to move has pressed and draws a headline card "
                          "next) is the only value", token)
            turn["draw_pending"] = True
        if "newsboy" in options:
            turn["newsboy"] = self.player(phase, options["newsboy"], options["newsboy"].split("=", 1)[1])
        else:
            missing = self.definition.variant.notation_missing(phase, options)
            if missing is not None:
                self.fail(phase, missing)
        if phase != "normal":
            if "trigger" not in options:
                self.fail(phase, f"missing trigger=pN: the player whose press began the final edition")
            turn["trigger_player"] = self.player(phase, options["trigger"], options["trigger"].split("=", 1)[1])
            if phase == "over":
                for mat in mats:
                    mat.done = True  # once over, every player is done
        if "pending" in options:
            token = options["pending"]
            value = token.split("=", 1)[1]
            turn["pending"] = [] if value == NONE else [self.player(phase, token, p) for p in value.split(",")]
        elif phase in FINAL_PHASES:
            turn["pending"] = derived_pending(phase, current, turn["trigger_player"], [m.done for m in mats])
        return turn

    # ------------------------------------------------------------ the document
    def document(self, columns, reporters, mats, bonus, markers, turn, drawn_sec) -> dict:
        n = self.n
        placed = {s for column in columns.values() for s in column}
        published = {Story.parse(t) for m in mats for t in m.pub}
        stacks = {kind_text(k): stars for k, stars in supply(placed | published).items()}
        players = []
        for i, mat in enumerate(mats):
            on = [(s, c[i]) for s, c in reporters.items() if c[i]]
            on_board = sum(c for _, c in on)
            if on_board > REPORTERS and not self.lenient:
                self.fail("board", f"{player_token(i)} has {on_board} reporters on the board "
                          f"({', '.join(f'{c} on {s}' for s, c in on)}); a player has {REPORTERS}")
            players.append({"home": REPORTERS - on_board, "pennies": mat.pennies, "circulation": mat.circ,
                            "ad": mat.ad, "published": list(mat.pub), "done": mat.done})
        ids = self.definition.deck.ids
        if drawn_sec is not None:
            discard = self.drawn(drawn_sec, ids)
        else:  # the most cards the game can have drawn first (the rules' count: cards_drawn_span)
            lo, hi = cards_drawn_span(n, sum(m.pennies for m in mats), sum(1 for m in mats if m.done),
                                      not self.final, bool(turn.get("draw_pending")))
            counts = list(range(hi, min(lo, hi) - 1, -1))
            discard = guess_drawn_cards(self.definition.deck, {b: bonus[b.value] for b in BEATS}, counts)
        last_event = None
        if self.phase == Phase.OVER.value:
            last_event = Event(ply=0, player=None, move=END_ONLY, end=_end_outcome(mats, bonus)).to_json()
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.definition.to_json(),
            "phase": self.phase,
            "ply": 0,
            "turn": turn,
            "board": {b: [{"story": str(s), "reporters": reporters[s]} for s in columns[b]] for b in _BEAT_NAMES},
            "markers": markers,
            "bonus": bonus,
            "stacks": stacks,
            "deck": {"cards": sorted(set(ids) - set(discard)), "order_known": False, "discard": discard},
            "players": players,
            "last_event": last_event,
        }

    def drawn(self, sec: _Section, ids: tuple[int, ...]) -> list[int]:
        tokens = [t for part in sec.tokens for t in part.split(",") if t]
        if tokens == [NONE]:
            return []
        out = []
        for token in tokens:
            if not _WHOLE.fullmatch(token) or int(token) not in ids:
                self.fail("drawn", f"expected headline card numbers {min(ids)} to {max(ids)}, separated by commas",
                          token)
            if int(token) in out:
                self.fail("drawn", "this card is listed twice", token)
            out.append(int(token))
        return out


def derived_pending(phase: str, current: int, trigger: int | None, done: list[bool]) -> list[int]:
    """Who is still to act in the final edition's round after ``current``: the rules' answer
    (:func:`~pennypress.engine.position.turns.pending_after`).

    In turn order from the trigger player's left: in ``final-turns`` every player after
    ``current``; in ``final-presses`` those of them not yet done.

    >>> derived_pending("final-turns", 3, 1, [False, True, False, False])
    [0]
    >>> derived_pending("final-presses", 2, 1, [True, True, False, False])
    [3]
    """
    if trigger is None:
        return []
    return pending_after(len(done), current, trigger, done, phase == Phase.FINAL_TURNS.value)


def _end_outcome(mats: list[_Mat], bonus: dict[str, int]) -> EndOutcome:
    """The end scoring of a finished game from its mats: circulation as given (bonuses included)."""
    stars = [{b: sum(Story.parse(t).stars for t in m.pub if Story.parse(t).beat is b) for b in BEATS} for m in mats]
    bonuses = tuple(beat_bonus(b, stars, bonus[b.value]) for b in BEATS)
    circulation = tuple(m.circ for m in mats)
    return EndOutcome(bonuses, circulation, winners(circulation, [len(m.pub) for m in mats]))


def read_notation(text: str, where: str = "notation", lenient: bool = False) -> dict:
    """The position document (``docs/guide/position.md``) a line of notation describes, not yet validated.

    :class:`BadInput` names the first wrong part of the text: ``where: section: 'token': problem``.
    ``lenient=True`` lets a player have more than 5 reporters on the board (their ``home``
    is then below 0) so that the validation reports it, with every other problem, as data
    (:func:`pennypress.engine.notation.check.check_text`).

    >>> read_notation("game 2p | normal p1 | board war:D:3(p1x4) war:C:1(p1x2) | "
    ...               "bonus war=2 crime=2 politics=2 city=2 human=2 | p1 | p2", lenient=True)["players"][0]["home"]
    -1
    """
    return _Reader(where, lenient).read(text)


__all__ = ["read_notation", "derived_pending", "beat_values_token", "PHASES", "SEPARATOR", "NONE"]
