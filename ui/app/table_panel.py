"""How the others play: the table read from the moves so far, said in words, and the person's word on it.

Every page that advises with the table read (Play's hint and coach, the analysis board) draws this panel:
each opponent's reading in a sentence (:mod:`pennypress.engine.arena.table_reading`) -- the advice is never
tuned to a reading the page does not show -- and, one click away, a choice per opponent to say how that
newspaper plays instead ("my table presses early") or to assume nothing (the advisor's own playout players).
:func:`table_in_use` is what the advice uses, the same on every rerun of the page.
"""
from __future__ import annotations

from typing import Callable

import streamlit as st

from pennypress.engine import native
from pennypress.engine.advisor.opponent_table import OpponentTable
from pennypress.engine.arena.seats import seat_words
from pennypress.engine.arena.table_reading import (AS_READ, UNKNOWN, ReadingSettings, TableReading, assume,
                                                   opponent_table)
from pennypress.engine.game.names import newspaper
from pennypress.ui.app.session_keys import table_choice_key
from pennypress.ui.app.widgets import valid_choice


def choices(reading: TableReading | None = None) -> list[str]:
    """What the person may say of an opponent: as read, assume nothing, or each style (``reading``'s, else the
    population's)."""
    return [AS_READ, UNKNOWN, *(reading.settings.styles if reading is not None else ReadingSettings().styles)]


def choice_words(choice: str) -> str:
    """A choice as the picker says it."""
    if choice == AS_READ:
        return "As read from its moves"
    if choice == UNKNOWN:
        return "Assume nothing (the advisor's own players)"
    return f"Plays like {seat_words(choice)}"


def table_in_use(reading: TableReading, prefix: str) -> TableReading:
    """``reading`` with the person's choices under ``prefix`` (unknown choices read as "as read")."""
    options = choices(reading)
    said = {}
    for seat in reading.seats:
        choice = st.session_state.get(table_choice_key(prefix, seat.player), AS_READ)
        said[seat.player] = choice if choice in options else AS_READ
    return assume(reading, said)


def playout_table(reading: TableReading | None, prefix: str) -> OpponentTable | None:
    """The playouts' opponents for the advice: the reading with the person's choices (``None`` without one)."""
    return None if reading is None else opponent_table(table_in_use(reading, prefix), reading.players)


def table_words(reading: TableReading | None, prefix: str) -> tuple[str, ...]:
    """The sentences the panel shows, the playouts' table's own (what an answer computed under them is keyed
    by)."""
    table = playout_table(reading, prefix)
    return () if table is None else table.words


def table_panel(reading: TableReading | None, prefix: str, on_change: Callable[[], None] | None = None,
                what: str = "the advice", earlier: Callable[[], None] | None = None) -> None:
    """The panel: the table as the advice takes it, and the choices to override it (``on_change`` called when
    one changes: an answer computed under the old table is stale); ``earlier`` draws, inside the choices, a way
    to read earlier games with the same people."""
    if reading is None:
        if not native.available():
            st.caption("How the others play is not read here: reading it needs the native core "
                       "(python3 run.py build).")
        return
    used = table_in_use(reading, prefix)
    if not any(seat.read or seat.assumed for seat in used.seats):
        st.markdown(f"**How the others play:** no move of theirs to read yet; for {what}, pennypress's own "
                    "players sit in their seats.")
    else:
        st.markdown(f"**How the others play** (assumed by {what})")
        st.markdown("\n".join(f"- {w}" for w in table_words(reading, prefix)))
    with st.expander("Tell the advisor how they play"):
        st.caption("Read from each newspaper's moves in this game; if you know your table better (\"The Sun "
                   "always presses early\"), say so here and the advice plays the others that way.")
        options = choices(reading)
        for seat in reading.seats:
            key = table_choice_key(prefix, seat.player)
            valid_choice(key, options, AS_READ)
            st.selectbox(newspaper(seat.player), options, key=key, format_func=choice_words, on_change=on_change)
        if earlier is not None:
            earlier()
