"""A position as one line of text, for chats and notes: ``to_text`` and ``from_text`` (``docs/guide/notation.md``).

The line holds what the rules do not determine: the board (stories bottom to
top with each player's reporters), every player's mat, the bonus markers,
the phase and whose turn, the frozen markers in the final edition, the game's
player count, variants and deck, and (optionally) the headline cards drawn.
:func:`from_text` fills in the rest (supply stacks, reporters at home, the
markers outside the final edition, the deck as every card not drawn, its
order unknown) and passes the position through the project's validation,
so an impossible position is refused with the reason, in the notation's terms.

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=7)
>>> line = to_text(s); print(line)
game 3p | normal p1 | board war:B:1 war:A:1 crime:C:1 crime:A:1 crime:C:2 politics:A:1 politics:C:1 city:B:1 city:B:2 | bonus war=2 crime=4 politics=3 city=4 human=2 | p1 circ=0 pennies=0 | p2 circ=0 pennies=0 | p3 circ=0 pennies=0 | drawn 22,32,15
>>> back = from_text(line)
>>> (back.columns, back.players, back.discard) == (s.columns, s.players, s.discard), back.deck_known
(True, False)
>>> from_text(line.replace("p2 circ=0", "p2 circ=zero"))
Traceback (most recent call last):
...
pennypress.errors.BadInput: notation: p2: 'circ=zero': circulation must be a whole number (0, 1, 2, ...)
>>> from_text(line.replace("war:B:1", "war:B:1(p1x6)"))
Traceback (most recent call last):
...
pennypress.errors.BadInput: notation: board: 'war:B:1(p1x6)': reporters 'p1x6' on war:B:1: a player has 1 to 5 reporters on a story (leave out players with none)
>>> load_position_text(line, "chat") == back and is_json_text(" {}")
True
"""
from __future__ import annotations

from pennypress.errors import BadInput
from pennypress.json_text import parse_json_text
from pennypress.solver.vocab import BEATS

from ..game.names import player_token
from ..io.state import State
from ..position.position import Phase
from .messages import in_notation_terms
from .reader import DRAW_PENDING, NONE, SEPARATOR, beat_values_token, read_notation

WHERE = "notation"
"""How messages about a line of notation begin."""


# ------------------------------------------------------------------ writing
def _game(state: State) -> str:
    d = state.definition
    variants = d.chosen_variants  # two-player applies by itself
    deck = [] if d.deck_name == "default" else [f"deck={d.deck_name}"]
    return " ".join(["game", f"{d.players}p", *variants, *deck])


def _phase(state: State) -> str:
    words = [state.phase.value, player_token(state.current)]
    if state.phase is Phase.NORMAL:
        words += state.definition.variant.notation_tokens(state)  # turns=2, newsboy=p2
        if state.draw_pending:
            words.append(f"draw={DRAW_PENDING}")
    else:
        words.append(f"trigger={player_token(state.trigger_player)}")
        if state.pending:
            words.append("pending=" + ",".join(map(player_token, state.pending)))
    return " ".join(words)


def _story(state: State, story) -> str:
    on = [f"{player_token(i)}x{k}" for i, k in enumerate(state.reporters[story]) if k]
    return f"{story}({','.join(on)})" if on else str(story)


def _board(state: State) -> str:
    stories = [_story(state, s) for b in BEATS for s in state.columns[b]]
    return " ".join(["board", *(stories or [NONE])])


def _mat(state: State, seat: int) -> str:
    p = state.players[seat]
    words = [player_token(seat), f"circ={p.circulation}", f"pennies={p.pennies}"]
    if p.ad is not None:
        words.append(f"ad={p.ad[0]},{p.ad[1]}")
    if p.published:
        words.append("pub=" + ",".join(map(str, p.published)))
    if p.done and state.phase in (Phase.FINAL_TURNS, Phase.FINAL_PRESSES):
        words.append("done")  # normal play: nobody is done; over: everybody is
    return " ".join(words)


def to_text(state: State, cards: bool = True) -> str:
    """The position as one line; ``cards=False`` leaves out the headline cards drawn (``drawn``)."""
    sections = [_game(state), _phase(state), _board(state)]
    if state.markers_frozen:
        sections.append("markers " + beat_values_token(state.markers))
    sections.append("bonus " + beat_values_token(state.bonus))
    sections += [_mat(state, i) for i in range(state.n_players)]
    if cards:
        sections.append("drawn " + (",".join(map(str, state.discard)) or NONE))
    return f" {SEPARATOR} ".join(sections)


# ------------------------------------------------------------------ reading
def from_text(text: str, where: str = WHERE) -> State:
    """The position a line of notation describes, validated; :class:`BadInput` names the first wrong part.

    Whitespace (line breaks included) only separates tokens, so a line wrapped
    by a chat program still reads. ``ply`` is 0 and the last event unknown
    (``None``; for a finished game, the end scoring alone).
    """
    doc = read_notation(text, where)
    try:
        return State.from_json(doc)
    except BadInput as exc:
        raise BadInput(f"{where}: {in_notation_terms(str(exc), doc)}") from None


def is_json_text(text: str) -> bool:
    """Whether ``text`` is meant as JSON (its first character other than whitespace is ``{`` or ``[``)."""
    return text.lstrip()[:1] in ("{", "[")


def load_position_text(text: str, where: str = "position") -> State:
    """A position from text that is either its JSON document or the one-line notation.

    ``where`` names the text (a file name, ``stdin``, ``pasted position``) in
    messages about malformed JSON; the notation's messages begin ``notation:``.
    Text that is neither is reported as malformed JSON that is not the notation either.

    >>> load_position_text("hello", "x.txt")
    Traceback (most recent call last):
    ...
    pennypress.errors.BadInput: x.txt: malformed JSON at line 1 column 1: Expecting value (nor is it the one-line notation, which begins 'game', e.g. 'game 3p | normal p1 | ...')
    """
    if is_json_text(text) or not text.strip():
        return State.from_json(parse_json_text(text, where))
    if text.split()[0] != "game":
        try:
            doc = parse_json_text(text, where)
        except BadInput as exc:
            raise BadInput(f"{exc} (nor is it the one-line notation, which begins 'game', "
                           "e.g. 'game 3p | normal p1 | ...')") from None
        return State.from_json(doc)  # JSON after all (a number or a string): the validation says what is wrong
    return from_text(text)


__all__ = ["to_text", "from_text", "load_position_text", "is_json_text", "WHERE"]
