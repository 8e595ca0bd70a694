"""The "Load a position" panel the position viewer and the analysis board share.

Four ways in -- an example, pasted JSON or one-line notation, an uploaded file
(.json, or .txt holding the notation), a new deal -- each read by the engine
(:mod:`pennypress.ui.io.positions`); a position that cannot be loaded leaves a
one-line reason in the page's error key, never a traceback. Each page keeps
its own widget keys (:class:`LoaderKeys`) and decides what "loaded" means for
it (``on_load(state, name)``).

>>> k = LoaderKeys("x_pick", "x_load", "x_paste", "x_load_paste", "x_upload", "x_players", "x_seed",
...                "x_newsboy", "x_deal", "x_error")
>>> deal_name(3, 1, False), deal_name(4, 7, True)
('New game: 3 newspapers, seed 1', 'New game: 4 newspapers, seed 7 (newsboy strike)')
"""
from __future__ import annotations

from typing import Callable

import streamlit as st

from pennypress.engine import new_game
from pennypress.engine.io.state import State
from pennypress.engine.game.tables import MAX_PLAYERS, MIN_PLAYERS
from pennypress.engine.game.variants import NEWSBOY
from pennypress.errors import BadInput
from pennypress.ui.app.session_keys import LoaderKeys
from pennypress.ui.io import example_files, positions

OnLoad = Callable[[State, str], None]
"""What a page does with a loaded position and the words saying where it came from."""

NEWSBOY_PLAYERS = NEWSBOY.players


def deal_name(players: int, seed: int, newsboy: bool) -> str:
    """How a new deal is named on the page."""
    return f"New game: {players} newspapers, seed {seed}" + (" (newsboy strike)" if newsboy else "")


def _loaded(k: LoaderKeys, on_load: OnLoad, read: Callable[[], State], name: str, prefix: str = "") -> None:
    try:
        state = read()
    except (BadInput, OSError) as exc:
        st.session_state[k.error] = f"{prefix}{exc}"
        return
    on_load(state, name)


def load_example(k: LoaderKeys, on_load: OnLoad) -> None:
    """Load the example picked in ``k.example_pick``."""
    name = st.session_state.get(k.example_pick)
    path = example_files.position_examples().get(name)
    if path is None:
        st.session_state[k.error] = f"Example {name!r} is not available."
        return
    _loaded(k, on_load, lambda: positions.parse_position(example_files.load(path)),
            f"Example: {example_files.title_of(name)}", prefix=f"Example {path.name}: ")


def _load_pasted(k: LoaderKeys, on_load: OnLoad) -> None:
    _loaded(k, on_load, lambda: positions.parse_position_text(st.session_state.get(k.paste, "")), "Pasted position")


def _load_upload(k: LoaderKeys, on_load: OnLoad) -> None:
    f = st.session_state.get(k.upload)
    if f is None:
        return
    from pennypress.ui.app.widgets import uploaded_text

    try:
        text = uploaded_text(f)
    except BadInput as exc:
        st.session_state[k.error] = str(exc)
        return
    _loaded(k, on_load, lambda: positions.parse_position_text(text, f.name), f"File {f.name}")


def _deal(k: LoaderKeys, on_load: OnLoad) -> None:
    ss = st.session_state
    players, seed, newsboy = int(ss[k.players]), int(ss[k.seed]), bool(ss.get(k.newsboy))
    _loaded(k, on_load, lambda: new_game(players, seed=seed, variants=[NEWSBOY.name] if newsboy else []),
            deal_name(players, seed, newsboy))


def start_with(k: LoaderKeys, on_load: OnLoad, example: str) -> None:
    """A page's first position: ``example`` if the installation has it, else a new 3-newspaper deal."""
    if example in example_files.position_examples():
        st.session_state[k.example_pick] = example
        load_example(k, on_load)
    if st.session_state.get(k.error) or example not in example_files.position_examples():
        st.session_state.pop(k.error, None)
        on_load(new_game(3, seed=1), deal_name(3, 1, False))


def loader_panel(k: LoaderKeys, on_load: OnLoad, expanded: bool = False) -> None:
    """The "Load a position" expander with its four tabs."""
    with st.expander("Load a position", expanded=expanded):
        t_ex, t_paste, t_file, t_new = st.tabs(["Example", "Paste", "Upload", "New game"])
        with t_ex:
            names = list(example_files.position_examples())
            if names:
                st.selectbox("Example position", names, key=k.example_pick, format_func=example_files.title_of)
                st.button("Load example", key=k.load_example, on_click=load_example, args=(k, on_load))
            else:
                st.info("No example positions in this installation (the repository's examples/positions folder).")
        with t_paste:
            st.text_area("Position JSON or one-line notation", key=k.paste, height=160,
                         placeholder='{"format": "pennypress-state", ...}  or  game 3p | normal p1 | board ...')
            st.button("Load pasted position", key=k.load_paste, on_click=_load_pasted, args=(k, on_load))
        with t_file:
            st.file_uploader("Position file (.json, or .txt with the notation)", type=["json", "txt"], key=k.upload,
                             on_change=_load_upload, args=(k, on_load))
        with t_new:
            c1, c2, c3 = st.columns(3)
            c1.number_input("Newspapers (players)", min_value=MIN_PLAYERS, max_value=MAX_PLAYERS, value=3, step=1,
                            key=k.players)
            c2.number_input("Seed", min_value=0, value=1, step=1, key=k.seed, help="The same seed deals the same game.")
            c3.checkbox(f"Newsboy strike ({min(NEWSBOY_PLAYERS)}–{max(NEWSBOY_PLAYERS)} players)", key=k.newsboy,
                        help=NEWSBOY.description)
            st.button("Deal a new game", key=k.deal, on_click=_deal, args=(k, on_load))
