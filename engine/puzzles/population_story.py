"""What a timing puzzle's two moves lead to, in game terms, from the games that settled it.

A population certificate says how much more often the answer wins; a player
also wants to know why. This module plays again the certificate's own games
(:func:`~pennypress.engine.arena.population.games_of`: the same deals and
seeds, the first :data:`STORY_GAMES` of each cell of every opponent model but
the costliest) with every press recorded by the core, and reads from them,
for each move: the points pressing now gains, when the player's next front
page comes and what it gains, how often another newspaper goes to press
first, the points the player's pages gain over the rest of the game, the
scoop points the player's presses give the others and those it takes from
theirs, and the final margin. :func:`story_words` says the differences that
matter in a player's words.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Sequence

from ..arena.population import COSTLY, Population, games_of
from ..game.moves import GoToPress, Move
from ..game.words import move_words
from ..io.state import State, deal_hidden, public_view
from ..native.search import play_games_recorded
from ..play.invariants import DEFAULT_MOVE_CAP
from ..position.position import Phase
from ..position.turns import next_seat
from .population_certificate import population_why, sides_words

STORY_GAMES = 100
"""Games of each cell read for the story (the first of the certificate's games)."""
@dataclass(frozen=True)
class MoveStory:
    """What one move leads to, over the games read."""

    now: float
    """Circulation the move itself gains (pressing now; 0 for a wait)."""
    again: float
    """Share of games where the player goes to press again after this move."""
    next_page: float
    """Points the player's next front page gains (mean over the games where it goes to press again)."""
    next_turns: float
    """The player's own turns until that press, that turn counted (mean over the same games)."""
    others_first: float
    """Share of those games where another newspaper goes to press before the player's next press."""
    pages: float
    """Points all the player's pages gain from here to the end, this move's press included (mean of every game)."""
    scoops_given: float
    """Scoop points the player's presses from here on give the other newspapers (mean of every game)."""
    scoops_taken: float
    """Scoop points the player scores from the other newspapers' presses (mean of every game)."""
    margin: float
    """Final circulation less the best other newspaper's (mean of every game)."""

    def to_json(self) -> dict:
        return {k: round(v, 3) for k, v in asdict(self).items()}


def _now(view: State, move: Move) -> tuple[int, int, bool]:
    """What the move itself gains the player to move, the scoop points it gives the others (a press's page and
    scoops; nothing for a wait), and whether it begins the final edition. The same on every deal: a press reads
    the board, not the deck."""
    if not isinstance(move, GoToPress):
        return 0, 0, False
    child = deal_hidden(view, 0)
    child.apply(move)
    gains = [after.circulation - before.circulation for after, before in zip(child.players, view.players)]
    return gains[view.current], sum(gains) - gains[view.current], child.phase is not Phase.NORMAL


def own_turns(view: State, ply: int, final_from: int | None) -> int:
    """How many turns of the player to move in ``view`` come after this one up to the move at ``ply``, that one
    counted: the variant's turn order in normal play (:func:`~pennypress.engine.position.turns.next_seat`), and
    in the final edition, which begins with the press at ply ``final_from``, one more turn at the most."""
    player, seats, in_a_row = view.current, len(view.players), view.definition.variant.turns_in_a_row
    current, left, at, count = view.current, view.turns_left, view.ply, 0
    stop = ply if final_from is None else min(ply, final_from)
    while at < stop:
        current, left = next_seat(seats, current, left, in_a_row)
        at += 1
        count += current == player
    return count + (final_from is not None and ply > final_from)


def _read(view: State, now: tuple[int, int, bool], games: Sequence[tuple]) -> MoveStory:
    player = view.current
    sums = dict(next_page=0.0, next_turns=0.0, others_first=0.0)
    whole = dict(pages=0.0, scoops_given=0.0, scoops_taken=0.0, margin=0.0)
    again = 0
    for scores, _winners, _presses, _stories, _moves, _over, records, _bonuses in games:
        mine = [r for r in records if r[0] == player]
        if mine:
            first = mine[0]
            final_from = view.ply if now[2] else next((r[1] for r in records if r[8]), None)
            again += 1
            sums["next_page"] += first[3]
            sums["next_turns"] += own_turns(view, first[1], final_from)
            sums["others_first"] += any(r[0] != player and r[1] < first[1] for r in records)
        whole["pages"] += now[0] + sum(r[3] for r in mine)
        whole["scoops_given"] += now[1] + sum(sum(r[7]) - r[7][player] for r in mine)
        whole["scoops_taken"] += sum(r[7][player] for r in records if r[0] != player)
        whole["margin"] += scores[player] - max(s for k, s in enumerate(scores) if k != player)
    n = len(games)
    return MoveStory(now=float(now[0]), again=again / n, **{k: v / again if again else 0.0 for k, v in sums.items()},
                     **{k: v / n for k, v in whole.items()})


def tell(position: State, answer: Move, rival: Move, population: Population, seed: int,
         games: int = STORY_GAMES, threads: int = 1) -> dict:
    """The two moves' stories from the certificate's games (seeded ``seed``): ``{"games", "models", "answer",
    "rival"}``, each move's :class:`MoveStory` as JSON."""
    view = public_view(position)
    models = [m for m in population.opponents if m not in COSTLY]
    played: list[list[tuple]] = [[], []]
    for opponent in models:
        for mover in population.movers:
            plan = games_of(view, (answer, rival), opponent, mover, games, seed)
            for i, game in enumerate(play_games_recorded(plan, DEFAULT_MOVE_CAP, threads)):
                played[i % 2].append(game)
    stories = [_read(view, _now(view, move), done) for move, done in zip((answer, rival), played)]
    return {"games": len(played[0]), "models": models, "answer": stories[0].to_json(),
            "rival": stories[1].to_json()}


def _points(x: float) -> str:
    if abs(x) < 0.05:
        return "nothing"
    return f"{x:.0f} point{'s' if round(x) != 1 else ''}" if abs(x - round(x)) < 0.05 else f"{x:.1f} points"


def why_of(certificate: dict, answer: Move, rival: Move, story: dict) -> list[str]:
    """A timing puzzle's why, settled by games: the answer, the smallest gain over every kind of opponent and
    what was played (:func:`.population_certificate.population_why`), then the story."""
    return [f"Best: {move_words(answer)}.", *population_why(certificate, *sides_words(answer, rival)),
            *story_words(story, answer)]


def _lead(margin: float) -> str:
    if abs(margin) < 0.05:
        return "level with the best other newspaper"
    return f"{_points(abs(margin))} {'ahead of' if margin > 0 else 'behind'} the best other newspaper"


def story_words(story: dict, answer: Move) -> list[str]:
    """The story in a player's words: when the next front page comes after waiting and what it gains, what each
    move's pages gain to the end and where the player finishes, the scoops where they differ by a point or more;
    then what the figures are."""
    a, r = story["answer"], story["rival"]
    pressing = isinstance(answer, GoToPress)
    wait, press = (r, a) if pressing else (a, r)
    now = f"pressing now gains {_points(press['now'])}"
    if wait["again"] == 0:
        timing = f"Waiting, you do not go to press again in these games; {now}."
    else:
        turns = f"{wait['next_turns']:.1f}".rstrip("0").rstrip(".")
        share = wait["others_first"]
        games = "these games" if wait["again"] == 1 else "the games where you press again"
        first = ("no other newspaper goes to press before it" if share == 0 else
                 f"another newspaper goes to press before it in {'every one' if share == 1 else f'{share:.0%}'} of "
                 f"{games}")
        never = "" if wait["again"] == 1 else f" In {1 - wait['again']:.0%} of the games you do not press again."
        when = (f"your next front page comes {turns} turn{'s' if turns != '1' else ''} later on average and gains "
                f"{_points(wait['next_page'])}")
        timing = (f"{now[0].upper()}{now[1:]} at once; waiting, {when}, and {first}.{never}" if pressing else
                  f"Waiting, {when} ({now}); {first}.{never}")
    side, other = ("pressing now", "waiting") if pressing else ("waiting", "pressing now")
    whole = (f"To the end of the game your front pages gain {_points(a['pages'])} in all after {side}, "
             f"{_points(r['pages'])} after {other}, and you finish {_lead(a['margin'])}, against "
             f"{_lead(r['margin'])}.")
    scoops = []
    if abs(a["scoops_given"] - r["scoops_given"]) >= 1:
        fewer = "fewer" if a["scoops_given"] < r["scoops_given"] else "more"
        scoops.append(f"your presses give the others {_points(abs(a['scoops_given'] - r['scoops_given']))} "
                      f"{fewer} in scoops")
    if abs(a["scoops_taken"] - r["scoops_taken"]) >= 1:
        more = "more" if a["scoops_taken"] > r["scoops_taken"] else "fewer"
        scoops.append(f"you take {_points(abs(a['scoops_taken'] - r['scoops_taken']))} {more} from theirs")
    told = [timing, whole] + ([f"{side[0].upper()}{side[1:]}, {' and '.join(scoops)}."] if scoops else [])
    return told + [f"(Means over {story['games']:,} games of each move against {len(story['models'])} kinds of "
                   "opponent, the first games of the certificate's.)"]
