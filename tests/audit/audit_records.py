"""Records with planted decisions for the audit tests: seeded greedy games cut at a chosen ply,
then the planted move recorded from that position (final-edition answers are exact)."""
from __future__ import annotations

from tests.lab_words import LAB_WORDS

from pennypress.engine import GameDefinition, new_game
from pennypress.engine.advisor import AdvisorBot
from pennypress.engine.arena.seats import make_bot, seat_seed
from pennypress.engine.game.moves import GoToPress, Move, Page
from pennypress.engine.rules.press import optimal_press, press_problem
from pennypress.engine.io.record import Recorder
from pennypress.engine.io.state import State
from pennypress.solver import ProposedPage, check_page, solve
from pennypress.solver.vocab import Placement


def greedy_until(players: int, seed: int, stop) -> State:
    """A seeded greedy game (cards from the deck) played until ``stop(state)`` holds."""
    s = new_game(players, seed=seed)
    bots = [make_bot("greedy", seat_seed(seed, i)) for i in range(players)]
    while not s.is_over and not stop(s):
        s.apply(bots[s.current].choose(s))
        if s.is_chance_node():
            s.apply_chance(s.deck[0])
    return s


def record_from(state: State, moves: list[Move]) -> dict:
    """A record starting at ``state`` with ``moves`` played (cards drawn from the deck)."""
    rec = Recorder.from_position(state)
    for m in moves:
        rec.play(m)
    return rec.record(final_scores=False)


def worse_pages(state: State) -> list[Page]:
    """Legal pages worse than the optimal one: the optimal page with one story left off, or no exclusive."""
    best = optimal_press(state)
    page = best.page
    tries = []
    for i in range(len(page.placements)):
        kept = page.placements[:i] + page.placements[i + 1:]
        tries.append(Page(kept, page.exclusive if page.exclusive in {p.story for p in kept} else None))
    if page.exclusive is not None:
        tries.append(Page(page.placements, None))
    return [t for t in tries if state.why_illegal(GoToPress(t)) is None]


def solver_page_loss(state: State, page: Page) -> int:
    """Optimal total (CP-SAT, independent of the engine's fast solver) minus the total of ``page`` laid
    out by the player to move, both from the solver on the press's problem."""
    player = state.current
    claimed = state.claimable(player)
    problem = press_problem(state, player, claimed)
    index = {s: i for i, s in enumerate(claimed)}
    placements = tuple(Placement(index[p.story], p.x, p.y, p.w, p.h) for p in page.placements)
    exclusive = None if page.exclusive is None else index[page.exclusive]
    laid = check_page(problem, ProposedPage(placements, exclusive))
    assert laid.legal
    return solve(problem).breakdown.total - laid.breakdown.total


def first_press_with_two_stories(players: int = 2, seed: int = 11) -> State:
    """The position before the first press whose optimal page holds two stories or more and has a
    legal worse variant."""
    def stop(s: State) -> bool:
        if not any(isinstance(m, GoToPress) for m in s.legal_moves()):
            return False
        return len(optimal_press(s).page.placements) >= 2 and bool(worse_pages(s))
    return greedy_until(players, seed, stop)


def page_without_first_story(state: State) -> Page:
    """A legal page worse than the optimal page (:func:`worse_pages`, the first)."""
    return worse_pages(state)[0]


def advisor_game(players: int, seed: int, advisor_seed: int, playouts: int, from_end: int) -> dict:
    """Seat 0 played by the advisor (``playouts``, seeded ``advisor_seed``), the rest greedy, over the
    last ``from_end`` plies of the greedy game seeded ``seed`` (so the test stays short)."""
    whole = greedy_until(players, seed, lambda s: False)
    start = greedy_until(players, seed, lambda s: s.ply >= max(0, whole.ply - from_end))
    rec = Recorder.from_position(start)
    bots = [AdvisorBot(seed=advisor_seed, playouts=playouts)] + [make_bot("greedy", seat_seed(seed, i))
                                                                  for i in range(1, players)]
    while not rec.state.is_over:
        move = bots[rec.state.current].choose(rec.state)
        rec.play(move)
    return rec.record()


def scoop_handing_position(players: int = 3, seed: int = 1):
    """A final-edition position where pressing hands the game to another player through a scoop.

    From the seeded greedy game, the first final-edition position where giving
    one other player ``q`` a reporter (from home) on a story the player to move
    still claims makes the difference: declining (or another move) wins for the
    mover exactly, pressing gives ``q`` the scoop and the win. Returns
    ``(position, q)``; ``None`` if the game has no such position.
    """
    from pennypress.engine.advisor import ExactSearch, is_deterministic
    from pennypress.engine.rules.actions import legal_moves

    ex = ExactSearch()
    found = []

    def planted(s: State):
        p = s.current
        for q in range(s.n_players):
            if q == p or s.players[q].home < 1:
                continue
            for story in s.claimable(p):
                r = s.reporters[story]
                if r[q] + 1 >= r[p]:
                    continue
                t = s.clone()
                t.reporters[story] = list(r)
                t.reporters[story][q] += 1
                t.players[q].home -= 1
                t = State.from_json(t.to_json())  # checked like any position
                values = {str(m): ex.value(ex.child(t, m)) for m in legal_moves(t)}
                if "press" not in values:
                    continue
                best = max(v[p] for v in values.values())
                if best[0] == 1.0 and values["press"][p][0] == 0.0 and values["press"][q][0] == 1.0:
                    return t, q
        return None

    def stop(s: State) -> bool:
        if not is_deterministic(s) or s.is_over or not s.claimable(s.current):
            return False
        hit = planted(s)
        if hit:
            found.append(hit)
        return bool(hit)

    greedy_until(players, seed, stop)
    return found[0] if found else None




def lab_words(text: str) -> list[str]:
    """The lab's words in ``text`` (case-insensitive, whole words)."""
    return LAB_WORDS.findall(text)


def press_wins_decline_loses(s) -> bool:
    """A final-edition decision where pressing wins for certain and declining loses for certain (exact search)."""
    from pennypress.engine.advisor.exact import ExactSearch
    from pennypress.engine.rules.actions import legal_moves

    moves = {str(m): m for m in legal_moves(s)}
    if "press" not in moves or "decline" not in moves:
        return False
    ex = ExactSearch()
    p = s.current
    return (ex.value(ex.child(s, moves["press"]))[p][0] == 1.0
            and ex.value(ex.child(s, moves["decline"]))[p][0] == 0.0)
