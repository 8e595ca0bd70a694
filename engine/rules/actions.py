"""The turn: which moves are legal, why one is not, and playing one.

- :func:`legal_moves` lists every distinct legal move exactly once (recalls
  as multisets per story; ``press`` once, standing for the optimal page).
- :func:`why_illegal` says in plain words why a move is not allowed, or ``None``.
- :func:`apply_move` plays a move: the action, then (in normal play) the
  news-beat adjustment, then the next player (:func:`~.final_edition.next_turn`).

Where a variant changes the moves (the newsboy holder's one move), its hooks
decide (:mod:`pennypress.engine.game.variants`).

>>> from pennypress.engine import new_game, parse_move
>>> s = new_game(3, seed=7)
>>> story = next(s.stories_in_play())
>>> why_illegal(s, parse_move(f"assign 6 {story}"))
'you have only 5 reporters at home'
>>> why_illegal(s, parse_move("press"))
'you cannot go to press: there is no story you can claim'
>>> e = apply_move(s, parse_move(f"assign 2 {story}")); (e.move, s.current_player, s.players[0].home)
('assign 2 war:B:1', 1, 3)
"""
from __future__ import annotations

import itertools

from ..game.errors import IllegalMove
from ..game.moves import Assign, Decline, GoToPress, Move, Reassign, Recall
from ..position.events import Event
from ..position.position import Phase, Position
from .board import adjust_markers
from .final_edition import next_turn
from .press import plan_press, resolve_press


def _reporters(n: int) -> str:
    return f"{n} reporter" if n == 1 else f"{n} reporters"


def _action_moves(state: Position, player: int) -> list[Move]:
    """Assign, recall, reassign and press moves (normal or restricted turn)."""
    restricted = state.phase is Phase.FINAL_TURNS
    moves: list[Move] = []
    home = state.players[player].home
    stories = list(state.stories_in_play())
    if home:
        top = 1 if restricted else home
        for story in stories:
            moves.extend(Assign(story, n) for n in range(1, top + 1))
    mine = sorted(state.reporters_of(player).items(), key=lambda sn: sn[0].sort_key())
    if restricted:
        moves.extend(Recall(((s, 1),)) for s, _ in mine)
    else:
        for counts in itertools.product(*(range(n + 1) for _, n in mine)):
            if any(counts):
                moves.append(Recall(tuple((s, c) for (s, _), c in zip(mine, counts) if c)))
    for source, _ in mine:
        moves.extend(Reassign(source, target) for target in stories if target != source)
    if state.claimable(player):
        moves.append(GoToPress())
    return moves


def legal_move_count(state: Position) -> int:
    """How many moves :func:`legal_moves` would list, without building them (for bots and search).

    >>> from pennypress.engine import new_game
    >>> s = new_game(3, seed=7)
    >>> legal_move_count(s) == len(legal_moves(s))
    True
    """
    if state.is_over or state.draw_pending:
        return 0
    player = state.current
    forced = state.definition.variant.forced_moves(state, player)
    if forced is not None:
        return len(forced)
    claim = 1 if state.claimable(player) else 0
    if state.phase is Phase.FINAL_PRESSES:
        return claim + 1
    restricted = state.phase is Phase.FINAL_TURNS
    stories = len(state.reporters)
    home = state.players[player].home
    mine = [r[player] for r in state.reporters.values() if r[player]]
    count = stories * (1 if restricted else home) if home else 0
    if restricted:
        count += len(mine)
    elif mine:
        product = 1
        for n in mine:
            product *= n + 1
        count += product - 1
    count += len(mine) * (stories - 1) + claim
    return count or 1  # no action at all: decline is the one move


def legal_moves(state: Position) -> list[Move]:
    """Every distinct legal move for the player to move, each once; ``[]`` when the game is over.

    ``GoToPress()`` (no page) stands for pressing with the solver's optimal
    page; any page that passes the checker is also legal but not listed.
    """
    if state.is_over or state.draw_pending:
        return []
    player = state.current
    forced = state.definition.variant.forced_moves(state, player)
    if forced is not None:
        return forced
    if state.phase is Phase.FINAL_PRESSES:
        return ([GoToPress()] if state.claimable(player) else []) + [Decline()]
    return _action_moves(state, player) or [Decline()]


def _why_assign(state: Position, player: int, move: Assign) -> str | None:
    if isinstance(move.count, bool) or not isinstance(move.count, int) or move.count < 1:
        return "assign at least one reporter"
    if state.phase is Phase.FINAL_TURNS and move.count > 1:
        return "in the final edition you may assign only one reporter"
    if move.story not in state.reporters:
        return f"{move.story} is not on the board"
    home = state.players[player].home
    if move.count > home:
        return "you have no reporters at home" if home == 0 else f"you have only {_reporters(home)} at home"
    return None


def _why_recall(state: Position, player: int, move: Recall) -> str | None:
    if not move.reporters or any(n < 1 for _, n in move.reporters):
        return "recall at least one reporter from each story named"
    if len({s for s, _ in move.reporters}) != len(move.reporters):
        return "name each story once"
    if state.phase is Phase.FINAL_TURNS and move.total > 1:
        return "in the final edition you may recall only one reporter"
    for story, n in move.reporters:
        if story not in state.reporters:
            return f"{story} is not on the board"
        have = state.reporters[story][player]
        if n > have:
            return f"you have no reporters on {story}" if have == 0 else f"you have only {_reporters(have)} on {story}"
    return None


def _why_reassign(state: Position, player: int, move: Reassign) -> str | None:
    if move.source not in state.reporters:
        return f"{move.source} is not on the board"
    if not state.reporters[move.source][player]:
        return f"you have no reporters on {move.source}"
    if move.target not in state.reporters:
        return f"{move.target} is not on the board"
    if move.target == move.source:
        return "a reassigned reporter must move to a different story"
    return None


def why_illegal(state: Position, move: Move) -> str | None:
    """Why ``move`` is not legal now, in plain words; ``None`` if it is legal.

    A press with a proposed page is checked against the front-page rules (the
    solver's checker); its violations are the reason.
    """
    if state.is_over:
        return "the game is over"
    if state.draw_pending:
        return DRAW_FIRST
    player = state.current
    variant = state.definition.variant
    objection = variant.why_illegal(state, player, move)
    if objection is not None or variant.carries_out(move):
        return objection
    if isinstance(move, Decline):
        if state.phase is Phase.FINAL_PRESSES or not _action_moves(state, player):
            return None
        if state.phase is Phase.FINAL_TURNS:
            return "it is not the final edition's last round: take a turn (assign, recall or reassign one reporter, or go to press)"
        return "you cannot decline: it is not the final edition's last round, and you may not pass (take an action)"
    if isinstance(move, GoToPress):
        try:
            plan_press(state, player, move.page)
        except IllegalMove as exc:
            return str(exc)
        return None
    if state.phase is Phase.FINAL_PRESSES:
        return "in the final edition's last round you may only go to press or decline"
    if isinstance(move, Assign):
        return _why_assign(state, player, move)
    if isinstance(move, Recall):
        return _why_recall(state, player, move)
    if isinstance(move, Reassign):
        return _why_reassign(state, player, move)
    return f"unknown move {move!r}"


DRAW_FIRST = "a headline card must be drawn first (the last press draws one)"


def apply_move(state: Position, move: Move) -> Event:
    """Play ``move`` for the player to move, in place; raises :class:`IllegalMove` (why) if it is not legal.

    A press that draws a headline card leaves the state at a chance node
    (``state.is_chance_node()``): the turn ends when
    :func:`~pennypress.engine.rules.chance.apply_chance` draws the card.
    """
    if state.is_over:
        raise IllegalMove("the game is over")
    if state.draw_pending:
        raise IllegalMove(DRAW_FIRST)
    player = state.current
    press = None
    if isinstance(move, GoToPress):
        objection = state.definition.variant.why_illegal(state, player, move)
        if objection is not None:
            raise IllegalMove(objection)
        plan = plan_press(state, player, move.page)  # raises IllegalMove with the reason
        press = resolve_press(state, plan)
    else:
        reason = why_illegal(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        me = state.players[player]
        if isinstance(move, Assign):
            state.reporters[move.story][player] += move.count
            me.home -= move.count
            touched = (move.story.beat,)
        elif isinstance(move, Recall):
            for story, n in move.reporters:
                state.reporters[story][player] -= n
                me.home += n
            touched = tuple({story.beat for story, _ in move.reporters})
        elif isinstance(move, Reassign):
            state.reporters[move.source][player] -= 1
            state.reporters[move.target][player] += 1
            touched = (move.source.beat, move.target.beat)
        else:
            if state.definition.variant.carries_out(move):
                state.definition.variant.play(state, player, move)
            touched = ()
    state.ply += 1
    adjust_markers(state, None if press is not None else touched)  # no-op once the final edition has begun
    end = None
    if not state.draw_pending:  # at a chance node the turn goes on after the draw
        end = next_turn(state, player, pressed=press is not None, triggered=bool(press and press.final_edition))
    event = Event(ply=state.ply, player=player, move=str(move), press=press, end=end)
    state.last_event = event
    return event
