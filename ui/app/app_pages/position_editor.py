"""Position editor: build the position you see at the table in a couple of minutes, then use it.

The page keeps a draft (:mod:`pennypress.ui.app.editor_draft`) of what a person
sees; everything the rules fix (arrow markers, supply stacks, reporters at
home, how many cards were drawn) is the engine's, and so is every problem,
shown where it belongs (:func:`pennypress.engine.notation.check.check_text`).
"""
from __future__ import annotations

import json
from pathlib import Path

import streamlit as st

from pennypress.engine import new_game
from pennypress.engine.notation.text import to_text
from pennypress.engine.notation.check import check_text
from pennypress.engine.game.tables import MAX_PLAYERS, MIN_PLAYERS
from pennypress.engine.game.variants import NEWSBOY
from pennypress.errors import BadInput
from pennypress.solver import BEATS, COLUMNS, ROWS
from pennypress.ui.app import editor_draft as ed
from pennypress.ui.app import session_keys as keys, shared_press, what_if
from pennypress.ui.app.mat_picker import cell_face, mat_grid
from pennypress.ui.app.widgets import flash, notation_box, page_style, show_board, top_beats
from pennypress.ui.io import example_files, positions
from pennypress.ui.render.words import paper, paper_label, paper_short, phase_words

page_style()
ss = st.session_state
APP_PAGES = Path(__file__).resolve().parent
ONE_LINE = "This position as one line (to copy, or to paste on another page)"
ANALYSIS_PAGE = "app_pages/analysis_board.py"
VIEWER_PAGE = "app_pages/position_viewer.py"
DESK_PAGE = "app_pages/press_desk.py"
NEWSBOY_PLAYERS = NEWSBOY.players
START_WORDS = {"empty": "An empty table", "dealt": "A dealt setup", "example": "An example position",
               "analysis": "The analysis board's position"}
PHASE_LABELS = {p: phase_words(p, detail=True)[:1].upper() + phase_words(p, detail=True)[1:] for p in ed.PHASES}

st.html("""<style>
.st-key-ed_board [data-testid="stNumberInput"] input { padding-left: 6px; padding-right: 0; min-width: 1.6rem; }
.st-key-ed_board [data-testid="stNumberInputContainer"] button { width: 26px; }
.st-key-ed_board [data-testid="stWidgetLabel"] p { font-size: 0.8rem; }
.st-key-ed_board [data-testid="stButton"] button { min-height: 1.9rem; padding: 0 0.55rem; }
</style>""")

st.title("Position editor")
st.caption(
    "Build the position you see at the table: the stories in play on each news beat (bottom to top) with every "
    "newspaper's reporters, the mats, the bonus markers and whose turn it is. The rest is worked out for you: "
    "arrow markers, the supply stacks, reporters at home and how many headline cards have been drawn. "
    "Problems show where they are as you build."
)
flash()


# ------------------------------------------------------------------ the draft and its widgets
def draft() -> dict:
    return ss[keys.ED_DRAFT]


def _drop_widgets() -> None:
    for k in [k for k in ss if isinstance(k, str) and k.startswith(keys.ED_WIDGET)]:
        del ss[k]


def _use(d: dict, source: str) -> None:
    ss[keys.ED_DRAFT] = d
    ss[keys.ED_SOURCE] = source
    _drop_widgets()


def seeded(key: str, value) -> str:
    """``key``, its widget seeded from the draft when it is (re)built."""
    if key not in ss:
        ss[key] = value
    return key


if keys.ED_DRAFT not in ss:
    _use(ed.empty_draft(3), "An empty table, 3 newspapers")


# ------------------------------------------------------------------ start from
def _start() -> None:
    kind = ss.get(keys.ED_START, "empty")
    n = int(ss.get(keys.ED_START_PLAYERS, 3))
    newsboy = bool(ss.get(keys.ED_START_NEWSBOY)) and n in NEWSBOY_PLAYERS
    variants = [NEWSBOY.name] if newsboy else []
    try:
        if kind == "empty":
            _use(ed.empty_draft(n, variants), f"An empty table, {n} newspapers" + (" (newsboy strike)" if newsboy else ""))
        elif kind == "dealt":
            seed = int(ss.get(keys.ED_START_SEED, 1))
            s = new_game(n, seed=seed, variants=variants)
            _use(ed.draft_from_state(s), f"A dealt setup, {n} newspapers, seed {seed}")
        elif kind == "example":
            name = ss.get(keys.ED_START_EXAMPLE)
            path = example_files.position_examples()[name]
            s = positions.parse_position(example_files.load(path))
            _use(ed.draft_from_state(s), f"Example: {example_files.title_of(name)}")
        elif keys.ANALYSIS_POSITION in ss:
            s = positions.parse_position(ss[keys.ANALYSIS_POSITION])
            _use(ed.draft_from_state(s), f"The analysis board: {ss.get(keys.ANALYSIS_NAME, 'its position')}")
    except (BadInput, KeyError, OSError) as exc:
        ss["ed_start_error"] = f"Nothing was loaded: {exc}"


with st.expander("Start from", expanded=False):
    choices = list(START_WORDS) if keys.ANALYSIS_POSITION in ss else [k for k in START_WORDS if k != "analysis"]
    kind = st.selectbox("Start from", choices, key=keys.ED_START, format_func=START_WORDS.get,
                        label_visibility="collapsed")
    if kind in ("empty", "dealt"):
        c1, c2, c3 = st.columns(3)
        c1.number_input("Newspapers (players)", min_value=MIN_PLAYERS, max_value=MAX_PLAYERS, value=3, step=1,
                        key=keys.ED_START_PLAYERS)
        c2.checkbox(f"Newsboy strike ({min(NEWSBOY_PLAYERS)}–{max(NEWSBOY_PLAYERS)} players)",
                    key=keys.ED_START_NEWSBOY, help=NEWSBOY.description)
        if kind == "dealt":
            c3.number_input("Deal number", min_value=0, value=1, step=1, key=keys.ED_START_SEED,
                            help="The same number deals the same setup.")
    elif kind == "example":
        st.selectbox("Example position", list(example_files.position_examples()), key=keys.ED_START_EXAMPLE,
                     format_func=example_files.title_of)
    st.button("Start over from this", key=keys.ED_START_LOAD, on_click=_start, type="primary")
    if ss.get("ed_start_error"):
        st.error(ss.pop("ed_start_error"))

d = draft()
n = d["players"]
definition = ed.definition(d)
final = d["phase"] in ed.FINAL or d["phase"] == "over"
line = ed.draft_text(d)
check = check_text(line)
problems: dict[tuple, list[str]] = {}
for p in check.problems:
    problems.setdefault(ed.spot(p), []).append(ed.problem_words(p))


def show_problems(where: tuple) -> None:
    for words in problems.get(where, []):
        st.error(words, icon=":material/error:")


st.caption(f"Started from: {ss[keys.ED_SOURCE]}. Newspapers: "
           + ", ".join(paper_label(i) for i in range(n)) + ".")
show_problems(("general",))


# ------------------------------------------------------------------ callbacks
def _story_item(beat: str, story: str) -> dict | None:
    return next((it for it in draft()["board"][beat] if it["story"] == story), None)


def _add(beat: str) -> None:
    key = keys.ed_add_key(beat)
    story = ss.get(key)
    if story:
        draft()["board"][beat].append({"story": story, "reporters": [0] * n})
    ss[key] = None


def _set_reporters(beat: str, story: str, player: int) -> None:
    item = _story_item(beat, story)
    if item is not None:
        item["reporters"][player] = int(ss.get(keys.ed_reporters_key(story, player)) or 0)


def _remove(beat: str, story: str) -> None:
    column = draft()["board"][beat]
    column[:] = [it for it in column if it["story"] != story]
    for i in range(n):
        ss.pop(keys.ed_reporters_key(story, i), None)


def _down(beat: str, story: str) -> None:
    column = draft()["board"][beat]
    i = next(k for k, it in enumerate(column) if it["story"] == story)
    if i > 0:
        column[i - 1], column[i] = column[i], column[i - 1]


def _set_mat(player: int, field: str) -> None:
    value = ss.get(keys.ed_mat_key(field, player))
    mat = draft()["mats"][player]
    mat[field] = list(value) if field == "pub" else (bool(value) if field == "done" else int(value or 0))


def _set_ad(player: int, x: int, y: int) -> None:
    mat = draft()["mats"][player]
    mat["ad"] = None if mat["ad"] == [x, y] else [x, y]


def _no_ad(player: int) -> None:
    draft()["mats"][player]["ad"] = None


def _set_beat_number(field: str, beat: str, key: str) -> None:
    draft()[field][beat] = int(ss.get(key) or 0)


def _set_turn(field: str, key: str) -> None:
    value = ss.get(key)
    if value is None and field not in ("draw_pending",):
        ss[key] = draft()[field]  # a segmented control clicked off: keep the choice
        return
    draft()[field] = bool(value) if field == "draw_pending" else value


def _set_drawn() -> None:
    text = (ss.get(keys.ED_DRAWN) or "").replace(" ", ",").strip(",")
    if not text:
        draft()["drawn"] = None
        return
    parts = [t for t in text.split(",") if t]
    draft()["drawn"] = [int(t) for t in parts] if all(t.isdigit() for t in parts) else ",".join(parts)


# ------------------------------------------------------------------ the news beats
st.subheader("News beats", help="Each column bottom to top. Click a story of the supply to put it on top.")
with st.container(key="ed_board"):
    grid = st.grid(3, min_column_width=330, gap="small")
    for b in BEATS:
        beat = b.value
        with grid.container(border=True):
            height_note = ""
            if check.doc is not None:
                height_note = f" · arrow at {check.doc['markers'][beat]}" if not final else ""
            st.markdown(f"**{b.title}**{height_note}")
            show_problems(("beat", beat))
            column = d["board"][beat]
            if not column:
                st.caption("No story in play.")
            for k, item in reversed(list(enumerate(column))):  # top of the column first, as it lies
                story = item["story"]
                top = st.container(horizontal=True, vertical_alignment="center", gap="small")
                top.markdown(f"{'↑ ' if k == len(column) - 1 and k else ''}{ed.story_label(story)}"
                             + (" *(bottom)*" if k == 0 and len(column) > 1 else ""))
                top.button("↓", key=keys.ed_down_key(story), on_click=_down, args=(beat, story),
                           help="Move it one place down the column", disabled=k == 0)
                top.button("✕", key=keys.ed_remove_key(story), on_click=_remove, args=(beat, story),
                           help="Take it off the board")
                cells = st.grid(n, wrap=False, min_column_width=40, gap="xxsmall")
                for i in range(n):
                    cells.number_input(
                        paper_short(i), min_value=0, max_value=5, step=1,
                        key=seeded(keys.ed_reporters_key(story, i), item["reporters"][i]),
                        on_change=_set_reporters, args=(beat, story, i),
                    )
            stock = ed.supply(d, beat)
            st.pills(f"Add to {b.title}", stock, key=seeded(keys.ed_add_key(beat), None),
                     format_func=lambda s, title=b.title: ed.story_label(s).removeprefix(title + " "),
                     on_change=_add, args=(beat,), help="The supply: stories neither in play nor published.")


# ------------------------------------------------------------------ the newspapers
st.subheader("Newspapers")
pub_options = ed.all_stories()
mats = st.grid(min(n, 3), min_column_width=300, gap="small")
for i in range(n):
    mat = d["mats"][i]
    with mats.container(border=True):
        st.markdown(f"**{paper_label(i)}**" + (" — to move" if d["player"] == i and d["phase"] != "over" else ""))
        if check.doc is not None:
            st.caption(f"{check.doc['players'][i]['home']} reporters at home")
        show_problems(("player", i))
        c1, c2 = st.columns(2)
        c1.number_input("Circulation", min_value=0, max_value=200, step=1,
                        key=seeded(keys.ed_mat_key("circ", i), mat["circ"]), on_change=_set_mat, args=(i, "circ"))
        c2.number_input("Pennies (presses)", min_value=0, max_value=definition.final_edition_presses, step=1,
                        key=seeded(keys.ed_mat_key("pennies", i), mat["pennies"]),
                        on_change=_set_mat, args=(i, "pennies"))
        st.caption("Ad: click its cell (again to clear)")
        mat_grid(
            grid_key=keys.ed_ad_grid_key(i), cell_key=lambda x, y, i=i: keys.ed_ad_cell_key(i, x, y),
            face=lambda x, y, mat=mat: cell_face((x, y), None if mat["ad"] is None else tuple(mat["ad"])),
            on_click=lambda x, y, i=i: _set_ad(i, x, y),
            chosen=lambda x, y, mat=mat: mat["ad"] == [x, y],
        )
        st.multiselect("Published stories", pub_options, key=seeded(keys.ed_mat_key("pub", i), list(mat["pub"])),
                       format_func=ed.story_label, on_change=_set_mat, args=(i, "pub"), placeholder="none")
        if d["phase"] in ed.FINAL:
            st.checkbox("Done (no further turn in the final edition)", key=seeded(keys.ed_mat_key("done", i), mat["done"]),
                        on_change=_set_mat, args=(i, "done"))


# ------------------------------------------------------------------ bonus markers, turn, cards
st.subheader("Bonus markers")
show_problems(("bonus",))
bonus = st.grid(5, min_column_width=110, gap="small")
for b in BEATS:
    key = seeded(keys.ed_bonus_key(b.value), d["bonus"][b.value])
    bonus.number_input(b.title, min_value=0, max_value=30, step=1, key=key,
                       on_change=_set_beat_number, args=("bonus", b.value, key))

st.subheader("Whose turn")
show_problems(("turn",))
t1, t2 = st.columns(2)
with t1:
    st.segmented_control("To move" if d["phase"] != "over" else "Made the last move", list(range(n)),
                         key=seeded(keys.ED_PLAYER, d["player"]), format_func=paper_short,
                         on_change=_set_turn, args=("player", keys.ED_PLAYER))
    if "turns_left" in definition.variant.turn_fields and d["phase"] == "normal":
        st.segmented_control("Turns left in a row", [1, 2], key=seeded(keys.ED_TURNS, d["turns"]),
                             on_change=_set_turn, args=("turns", keys.ED_TURNS))
    if "newsboy" in definition.variant.turn_fields and d["phase"] == "normal":
        st.segmented_control("Holds the newsboy", list(range(n)), key=seeded(keys.ED_NEWSBOY, d["newsboy"] or 0),
                             format_func=paper_short, on_change=_set_turn, args=("newsboy", keys.ED_NEWSBOY))
with t2:
    st.radio("Phase", ed.PHASES, key=seeded(keys.ED_PHASE, d["phase"]), format_func=PHASE_LABELS.get,
             on_change=_set_turn, args=("phase", keys.ED_PHASE))
    if d["phase"] != "normal":
        if d["trigger"] is None:
            d["trigger"] = 0
        st.segmented_control("Triggered the final edition", list(range(n)), key=seeded(keys.ED_TRIGGER, d["trigger"]),
                             format_func=paper_short, on_change=_set_turn, args=("trigger", keys.ED_TRIGGER))
    else:
        st.checkbox("Has just gone to press and draws a headline card now", key=seeded(keys.ED_DRAW_PENDING,
                    d["draw_pending"]), on_change=_set_turn, args=("draw_pending", keys.ED_DRAW_PENDING))
if d["phase"] != "normal":
    st.markdown("**Arrow markers** (frozen since the final edition began)")
    show_problems(("markers",))
    marks = st.grid(5, min_column_width=110, gap="small")
    for b in BEATS:
        key = seeded(keys.ed_marker_key(b.value), d["markers"][b.value])
        marks.number_input(b.title, min_value=0, max_value=9, step=1, key=key,
                           on_change=_set_beat_number, args=("markers", b.value, key))

drawn = d["drawn"]
st.text_input(
    "Headline cards drawn (optional, in the order drawn)", key=seeded(
        keys.ED_DRAWN, "" if drawn is None else (drawn if isinstance(drawn, str) else ",".join(map(str, drawn)))),
    on_change=_set_drawn, placeholder="unknown — e.g. 3,7,12",
    help="Leave it empty if you do not know them.",
)
show_problems(("cards",))
if drawn is None:
    st.caption("The cards drawn so far are left unknown: the program takes one set of cards consistent with the "
               "bonus markers and the presses made, and the unseen deck is every other card, in unknown order.")


# ------------------------------------------------------------------ the result
st.divider()
state = check.state
if state is None:
    count = len(check.problems)
    st.warning(f"{count} problem{'s' if count != 1 else ''} to fix (shown where each one is) before this position "
               "can be used.")
    with st.expander(ONE_LINE):
        notation_box(line)
    st.stop()

st.subheader("The position")
mover = state.current_player
pv = None if state.is_over else what_if.press_preview(state, mover)
m1, m2, m3 = st.columns(3)
m1.metric("To move", "game over" if state.is_over else paper(mover))
m2.metric("Press value now", "—" if pv is None or pv.outcome is None else pv.outcome.total,
          help="What the newspaper to move would score by going to press now (the engine's press preview).")
top_beats([b for b in BEATS if b in state.top_beats()], m3,
          help="The beats whose value is the highest: their stories must touch the top edge of a front page.")
if pv is not None and pv.reason:
    st.caption(pv.reason)
show_board(state)
text = to_text(state, cards=d["drawn"] is not None)
with st.expander(ONE_LINE):
    notation_box(text)

source = f"Position editor ({ss[keys.ED_SOURCE]})"
doc = state.to_json()


def _to_analysis() -> None:
    ss[keys.ANALYSIS_POSITION], ss[keys.ANALYSIS_NAME] = doc, source


b1, b2, b3 = st.columns(3)
has_analysis = (APP_PAGES / Path(ANALYSIS_PAGE).name).exists()
if b1.button("Open on the analysis board", key=keys.ED_TO_ANALYSIS, disabled=not has_analysis, width="stretch",
             help=None if has_analysis else "The analysis board is not in this installation."):
    _to_analysis()
    ss[keys.FLASH] = f"Opened from the Position editor: {ss[keys.ED_SOURCE]}."
    st.switch_page(ANALYSIS_PAGE)
if b2.button("Open in the position viewer", key=keys.ED_TO_VIEWER, width="stretch"):
    ss[keys.POS_DOC], ss[keys.POS_NAME] = doc, source
    ss[keys.FLASH] = f"Opened from the Position editor: {ss[keys.ED_SOURCE]}."
    st.switch_page(VIEWER_PAGE)
can_press = pv is not None and pv.problem is not None
if b3.button("Open this press on the Press desk", key=keys.ED_TO_DESK, disabled=not can_press, width="stretch",
             help="The press of the newspaper to move: its stories, the beat values and its ad."):
    shared_press.load_doc(st, pv.problem.to_json(), f"{source}: {paper(mover)} pressing now")
    ss[keys.FLASH] = f"Opened from the Position editor: {paper(mover)} pressing now."
    st.switch_page(DESK_PAGE)

c1, c2 = st.columns(2)
c1.download_button("Download as JSON", json.dumps(doc, indent=1), file_name="position.json",
                   mime="application/json", key=keys.ED_DOWNLOAD_JSON, width="stretch")
c2.download_button("Download as one line", text + "\n", file_name="position.txt", mime="text/plain",
                   key=keys.ED_DOWNLOAD_TEXT, width="stretch")
