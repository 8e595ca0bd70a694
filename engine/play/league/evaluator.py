"""The evaluator: a one-ply player that projects every newspaper's final circulation after each legal move.

It tries **every** legal move (nothing pruned: a position has at most a few
hundred) on a copy of the public view and scores the position it leaves with a
static projection of each player's final circulation (:class:`Projection`):

- **circulation** so far;
- **the pending page**: the optimal page of what the player claims now (the fast
  solver, beat values in force, the player's ad), less what the **threat model**
  expects to lose before the player's next turn: each player acting earlier
  (:func:`~.reading.acting_order`) takes at most one of the stories -- by
  outnumbering it with reporters from home (or one moved), with a probability
  that grows with what taking it pays them (their page with it minus without,
  plus a share of what it costs the holder, less the reporters spent), or by
  pressing first on a story they tie (their press propensity, from their own
  page); the page still grows towards a full page with reporters at home;
- **presses left** and **the clock**: a player gets ``min(presses left, m + 1)``
  more presses, ``m`` being the fewest presses anyone has left (the trigger
  player's rivals get one in the final edition); each future press is worth a
  page grown from nothing;
- **expected scoops**: from stories a player is outnumbered on (the claimer
  presses) and from stories taken from them;
- **the end-bonus race**: stars published plus those claimed (and a share of
  future presses) per beat, against each beat's bonus marker advanced by the
  cards still to be drawn (the unseen cards' average increase, the number of
  draws from the presses left); a player behind the leader by ``g`` stars gets
  the bonus with weight ``exp(-g / T)``, ``T`` shrinking with the presses left.

Once the final edition has begun (or a press would begin it) no card is left to
draw, and the projection is the end itself, played out by
:mod:`.final_round`'s rule. The bot plays the move with the best **win-chance
proxy** ``Phi(margin / sigma) + 0.01 * margin`` -- its projected margin over the
best opponent, ``sigma`` shrinking with the presses left, so a margin that
locks in the win (a final edition triggered while ahead) counts for more than
the same margin early on; the first such move in the engine's move order wins
ties. A turn that does not press costs a tempo, dearer each time the bot is to
move in the same position again and for each of its turns beyond ``idle_turns``
since its last press (so two bots cannot shuffle reporters for ever).

>>> from pennypress.engine import new_game, public_view
>>> s = public_view(new_game(3, seed=5))
>>> EvaluatorBot(1).choose(s) == EvaluatorBot(2).choose(s)
True
>>> best = max(EvaluatorBot(1).evaluate(s), key=lambda mv: mv[1])[0]; best == EvaluatorBot(1).choose(s)
True
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from pennypress.solver.vocab import BEATS, Beat, Cell

from ...game.moves import GoToPress, Move
from ...game.stories import Story
from ...game.tables import BONUS_MAX, REPORTERS, beat_value, scoop_value
from ...io.state import PublicState, public_view
from ...position.position import Phase, Position
from ...rules.actions import apply_move, legal_moves
from ...rules.press import PressValuer
from .final_round import final_scores
from .reading import acting_order, acts_before, bonus_rates, presses_left, reporters_to_take

BEAT_INDEX = {b: i for i, b in enumerate(BEATS)}
MAX_CLAIM = REPORTERS
"""A player claims at most one story per reporter."""


@dataclass(frozen=True)
class EvaluatorWeights:
    """The evaluator's parameters, in circulation points unless said otherwise."""

    pace: float = 4.0
    """Turns a player takes per press (the clock: the game lasts until the fastest player, at this pace,
    has pressed their last page; a page they already claim brings it forward by its turns' worth)."""
    per_turn: float = 3.0
    """Points a turn adds to a page on average (a story assigned)."""
    page_cap: float = 18.0
    """The most a page is expected to reach (the mat is full)."""
    later: float = 0.9
    """Share counted of what later turns are expected to add (they may not come as planned)."""
    press_floor: float = 4.0
    """A page below this is never pressed by a rival in the threat model ..."""
    press_span: float = 10.0
    """... and their press propensity rises linearly over this many points above it ..."""
    press_max: float = 0.8
    """... to at most this probability."""
    take_max: float = 0.9
    """The highest probability that a rival takes a story it can take."""
    take_mid: float = 2.0
    """The worth (points) at which a rival takes a story with half of ``take_max``."""
    take_slope: float = 1.5
    """Points over which the take probability goes from about a quarter to three quarters of ``take_max``."""
    reporter_cost: float = 1.0
    """What a reporter spent on taking a story costs the taker, in the threat model."""
    scoop_realised: float = 0.6
    """Share of a scoop counted when it depends on another player pressing later."""
    future_stars: float = 4.0
    """Stars a future press publishes, spread evenly over the beats (the bonus race)."""
    race_base: float = 0.6
    """The bonus race's temperature (stars) when no press is left ..."""
    race_per_press: float = 1.0
    """... plus this much per press left in the game per player."""
    sigma_base: float = 3.0
    """The win proxy's spread (points) with no press left ..."""
    sigma_per_press: float = 3.5
    """... plus this times the square root of the presses left in the game."""
    margin_weight: float = 0.01
    """Weight of the projected margin beside the win proxy (the tie-break between equal chances)."""
    tempo: float = 1.5
    """What a turn that does not press costs (points): time passes for everyone."""
    repeat: float = 3.0
    """Extra cost of a waiting move for each earlier time the bot was to move in the same position."""
    idle: float = 1.0
    """Extra cost of a waiting move for each of its turns beyond ``idle_turns`` since its last press ..."""
    idle_turns: int = 6
    """... (a tussle over stories that changes the position every turn still ends in a press)."""


DEFAULT = EvaluatorWeights()


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x > -60 else 0.0


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


@dataclass
class Projection:
    """What the evaluator projects for one position: every player's final circulation, the margin of the
    player it plays for over the best opponent, and the win-chance proxy it maximises."""

    final: list[float]
    parts: list[dict[str, float]]
    """Per player, what the projection adds up: circulation, page (pending, after threats), presses
    (the later ones), scoops, bonus (empty once the end is played out)."""
    margin: float
    sigma: float
    score: float


class EvaluatorBot:
    """A one-ply player over every legal move, scoring the position each leaves by projected final
    circulation (see the module docstring); ``weights`` are its parameters."""

    name = "evaluator"

    def __init__(self, seed: int = 0, weights: EvaluatorWeights = DEFAULT):
        self.seed = seed  # the bot is deterministic: ties go to the first move in the engine's order
        self.w = weights
        self.visits: dict[tuple, int] = {}
        self._valuers: dict[tuple, PressValuer] = {}
        self._rates_key: tuple[int, ...] | None = None
        self._pennies, self._idle = -1, 0
        self._rates_value: dict[Beat, float] = {}

    # ---------------------------------------------------------------- the move
    def choose(self, view: PublicState) -> Move:
        moves = legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        scored = self.evaluate(view, moves, self._waiting_cost(view))
        best_move, best = moves[0], -math.inf
        for move, value in scored:
            if value > best:
                best_move, best = move, value
        return best_move

    def evaluate(self, view: PublicState, moves: list[Move] | None = None,
                 waiting: float | None = None) -> list[tuple[Move, float]]:
        """Every legal move (in the engine's order) with the score of the position it leaves; a move that
        does not press in normal play costs ``waiting`` points of margin (the tempo unless given)."""
        waiting = self.w.tempo if waiting is None else waiting
        me = view.current
        out = []
        public = public_view(view)  # whatever it is handed, it tries moves on what a player sees
        for move in legal_moves(view) if moves is None else moves:
            after = public.clone()
            apply_move(after, move)
            projection = self.project(after, me)
            margin = projection.margin
            if view.phase is Phase.NORMAL and not isinstance(move, GoToPress):
                margin -= waiting
            out.append((move, self._chance(margin, projection.sigma)))
        return out

    def _waiting_cost(self, view: PublicState) -> float:
        """What a move that does not press costs now: the tempo, plus ``repeat`` for each earlier time in
        this position, plus ``idle`` for each of its turns beyond ``idle_turns`` since its last press."""
        if view.phase is not Phase.NORMAL:
            return self.w.tempo
        pennies = view.players[view.current].pennies
        if pennies != self._pennies:
            self._pennies, self._idle = pennies, 0
        else:
            self._idle += 1
        key = view.repetition_key()
        seen = self.visits.get(key, 0)
        self.visits[key] = seen + 1
        return self.w.tempo + self.w.repeat * seen + self.w.idle * max(0, self._idle - self.w.idle_turns)

    # ---------------------------------------------------------------- the projection
    def _valuer(self, values: tuple[int, ...], ad: Cell | None) -> PressValuer:
        key = (values, ad)
        v = self._valuers.get(key)
        if v is None:
            v = self._valuers[key] = PressValuer(dict(zip(BEATS, values)), ad)
        return v

    def _rates(self, state: Position) -> dict[Beat, float]:
        """:func:`~.reading.bonus_rates` of the unseen cards, kept while they stay the same (every move
        of one decision leaves the same cards unseen: a press's card is drawn after it)."""
        key = tuple(state.deck)
        if self._rates_key != key:
            self._rates_key, self._rates_value = key, bonus_rates(state)
        return self._rates_value

    def project(self, state: Position, me: int) -> Projection:
        """Every player's projected final circulation in ``state`` and ``me``'s win-chance proxy."""
        if state.phase is not Phase.NORMAL:
            final, _ = final_scores(state)
            return self._score([float(x) for x in final], [{} for _ in final], me, self.w.sigma_base)
        return self._project_normal(state, me)

    def _chance(self, margin: float, sigma: float) -> float:
        """The win-chance proxy of a projected margin: ``Phi(margin / sigma) + margin_weight * margin``."""
        return _phi(margin / sigma) + self.w.margin_weight * margin

    def _score(self, final: list[float], parts: list[dict], me: int, sigma: float) -> Projection:
        margin = final[me] - max(x for i, x in enumerate(final) if i != me)
        return Projection(final, parts, margin, sigma, self._chance(margin, sigma))

    def _project_normal(self, state: Position, me: int) -> Projection:
        """The projection before the final edition (the module's list, in its order): the pages after the
        threats, the later presses, the bonus race; its figures are added as the native core adds them."""
        w, n = self.w, state.n_players
        board = self._board(state)
        left = [presses_left(state, i) for i in range(n)]
        fewest = min(left)
        presses = [min(x, fewest + 1) for x in left]
        kept_share, nets, parts = self._pages(board)
        self._later_presses(parts, nets, left, presses)
        remaining = sum(presses)
        self._bonus_race(board, kept_share, parts, left, presses, remaining)
        sigma = w.sigma_base + w.sigma_per_press * math.sqrt(remaining)
        # added left to right (``sum`` of floats is compensated from Python 3.12 on; the core adds in this order)
        final = [p["circulation"] + p["page"] + p["presses"] + p["scoops"] + p["bonus"] for p in parts]
        return self._score(final, parts, me, sigma)

    def _board(self, state: Position) -> _Board:
        """What the projection reads off the markers and the reporters (:class:`_Board`)."""
        w, n = self.w, state.n_players
        values = tuple(beat_value(state.markers[b]) for b in BEATS)
        scoops = {b: scoop_value(state.markers[b]) for b in BEATS}
        valuers = [self._valuer(values, p.ad) for p in state.players]
        claims, behind = _claims(state)
        gains = [valuers[i].gain(valuers[i].items(claims[i])) for i in range(n)]
        propensity = [min(w.press_max, max(0.0, (g - w.press_floor) / w.press_span)) for g in gains]
        return _Board(state, scoops, valuers, claims, behind, gains, propensity)

    def _pages(self, board: _Board) -> tuple[list[float], list[float], list[dict[str, float]]]:
        """Each player's pending page less what the threat model expects rivals to take, and the scoops
        expected: ``(share of the page kept, the page's net worth, the parts so far)`` per player."""
        w, state, n = self.w, board.state, board.state.n_players
        order = acting_order(state)
        deny = 1.0 if n == 2 else 1.0 / (n - 1)
        kept_share = [1.0] * n
        nets: list[float] = []
        parts = [{"circulation": float(p.circulation), "page": 0.0, "presses": 0.0, "scoops": 0.0, "bonus": 0.0}
                 for p in state.players]
        for i in range(n):
            g = board.gains[i]
            loss = scoop_in = 0.0
            if board.claims[i] and g > 0:
                loss, scoop_in = self._threats(board, i, acts_before(order, i), deny)
                loss = min(loss, float(g))
                kept_share[i] = 1.0 - loss / g
            for s, claimers in board.behind[i]:
                chance = 0.5 + 0.5 * max(board.propensity[c] for c in claimers)
                scoop_in += w.scoop_realised * chance * board.scoops[s.beat]
            net = g - loss
            parts[i]["page"] = net
            parts[i]["scoops"] = scoop_in
            nets.append(net)
        return kept_share, nets, parts

    def _threats(self, board: _Board, i: int, rivals: Iterable[int], deny: float) -> tuple[float, float]:
        """What player ``i`` expects to lose of their page to the ``rivals`` acting before them, each taking
        at most one story, and the scoops those takes pay ``i``: ``(loss, scoops)``."""
        w, state = self.w, board.state
        claim, g, claims, gains, valuers = board.claims[i], board.gains[i], board.claims, board.gains, board.valuers
        marginal = {s: g - valuers[i].gain(valuers[i].items([t for t in claim if t is not s]))
                    for s in claim} if len(claim) > 1 else {claim[0]: g}
        loss = scoop_in = 0.0
        survive = 1.0  # the chance the page is still whole when the next rival acts
        for o in rivals:
            best = best_scoop = best_q = 0.0
            for s in claim:
                worth = max(0.0, marginal[s])
                if not worth:
                    continue
                r = state.reporters[s]
                if r[o] == r[i]:
                    q, back = board.propensity[o], float(board.scoops[s.beat])
                else:
                    k = reporters_to_take(state, o, s, i, restricted=False)
                    if k is None:
                        continue
                    extra = 0 if len(claims[o]) >= MAX_CLAIM else \
                        valuers[o].gain(valuers[o].items(claims[o] + [s])) - gains[o]
                    pay = extra + deny * worth - w.reporter_cost * k
                    q = w.take_max * _sigmoid((pay - w.take_mid) / w.take_slope)
                    back = w.scoop_realised * board.scoops[s.beat]
                if q * worth > best:
                    best, best_scoop, best_q = q * worth, q * back, q
            loss += survive * best
            scoop_in += survive * best_scoop
            survive *= 1.0 - best_q
        return loss, scoop_in

    def _later_presses(self, parts: list[dict[str, float]], nets: list[float], left: list[int],
                       presses: list[int]) -> None:
        """The clock: rounds until the fastest player has pressed their last page; each player's later turns
        fill their pages (at most a full page for each press they will make), into ``parts``."""
        w, n = self.w, len(parts)
        rounds = max(0.0, min(left[i] * w.pace - nets[i] / w.per_turn for i in range(n)))
        for i in range(n):
            if presses[i] >= 1:
                spare = max(0.0, rounds - (presses[i] - 1))
                room = presses[i] * w.page_cap - nets[i]
                parts[i]["presses"] = w.later * max(0.0, min(w.per_turn * spare, room))

    def _bonus_race(self, board: _Board, kept_share: list[float], parts: list[dict[str, float]], left: list[int],
                    presses: list[int], remaining: int) -> None:
        """The end-bonus race, into ``parts``: stars published, claimed (the share kept) and to come per beat,
        against each bonus marker advanced by the draws left."""
        w, state, n = self.w, board.state, board.state.n_players
        fewest = min(left)
        draws = sum(min(x, fewest) for x in left) - 1 + (1 if state.draw_pending else 0)
        draws = max(0, min(len(state.deck), draws))
        rates = self._rates(state)
        temperature = w.race_base + w.race_per_press * remaining / n
        per_beat_future = [w.future_stars / len(BEATS) * presses[i] for i in range(n)]
        stars = [[0.0] * len(BEATS) for _ in range(n)]
        for i, p in enumerate(state.players):
            row = stars[i]
            for s in p.published:
                row[BEAT_INDEX[s.beat]] += s.stars
            for s in board.claims[i]:
                row[BEAT_INDEX[s.beat]] += s.stars * kept_share[i]
            for k in range(len(BEATS)):
                row[k] += per_beat_future[i]
        for k, b in enumerate(BEATS):
            top = max(stars[i][k] for i in range(n))
            if top <= 0:
                continue
            marker = min(float(BONUS_MAX), state.bonus[b] + draws * rates[b])
            for i in range(n):
                parts[i]["bonus"] += marker * math.exp(-(top - stars[i][k]) / temperature)


@dataclass
class _Board:
    """What one projection reads off the markers and the reporters, per player where it is a list."""

    state: Position
    scoops: dict[Beat, int]
    """Each beat's scoop value."""
    valuers: list[PressValuer]
    """Each player's page valuer (the beat values in force, their ad)."""
    claims: list[list[Story]]
    """The stories each player claims (has the most reporters on, ties included)."""
    behind: list[list[tuple[Story, list[int]]]]
    """The stories each player is outnumbered on, each with the players who claim it."""
    gains: list[int]
    """What each player's claims would add pressed now (the optimal page)."""
    propensity: list[float]
    """How likely each player is to press, as a rival, by what their page is worth."""


def _claims(state: Position) -> tuple[list[list[Story]], list[list[tuple[Story, list[int]]]]]:
    """Per player, the stories they claim and the stories they are outnumbered on (with who claims each)."""
    n = state.n_players
    claims: list[list[Story]] = [[] for _ in range(n)]
    behind: list[list[tuple[Story, list[int]]]] = [[] for _ in range(n)]
    for story, r in state.reporters.items():
        top = max(r)
        if not top:
            continue
        claimers = [i for i in range(n) if r[i] == top]
        for i in range(n):
            if r[i] == top:
                claims[i].append(story)
            elif r[i]:
                behind[i].append((story, claimers))
    return claims, behind
