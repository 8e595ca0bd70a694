"""Every ``st.session_state`` key the app uses, in one place.

Plain keys hold the app's own data (the shared press, the loaded position, a
proposed page); widget keys name widgets so pages and tests can find them.
Keys built from a cell, a beat or a player come from the functions below.

>>> ad_cell_key(1, 2), beat_value_key("war"), check_cell_key(0, 0), to_desk_key(2)
('ad_1_2', 'bv_war', 'chk_cell_0_0', 'pv2_to_desk')
"""
from __future__ import annotations

# ------------------------------------------------------------------ the shared press (all pages)
STORIES = "pp_stories"  # DataFrame: the stories table as last edited
STORIES_BASE = "pp_stories_base"  # DataFrame the stories editor was built on
VALUES = "pp_values"  # dict beat id -> int
AD = "pp_ad"  # [x, y] or None
SOURCE = "pp_source"  # where the press came from (words for the user)
VERSION = "pp_version"  # bumped whenever a new press is loaded
LOAD_ERROR = "pp_load_error"  # one-shot: why nothing was loaded
FLASH = "pp_flash"  # one-shot: a message for the next page shown (e.g. after a page switch)

# ------------------------------------------------------------------ Press desk widgets
STORIES_EDITOR = "stories_editor"
PRESS_EXAMPLE_PICK = "press_example_pick"
PRESS_LOAD_EXAMPLE = "press_load_example"
PRESS_PASTE = "press_paste"
PRESS_LOAD_PASTE = "press_load_paste"
VALUES_FROM_POSITION = "bv_from_position"
N_ALTERNATIVES = "n_alternatives"
AD_NONE = "ad_none"
AD_GRID = "ad_grid"  # the container of the ad picker's cells


def beat_value_key(beat: object) -> str:
    """The number input of one beat's value."""
    return f"bv_{beat}"


def ad_cell_key(x: int, y: int) -> str:
    """The ad picker's button for cell ``(x, y)``."""
    return f"ad_{x}_{y}"


# ------------------------------------------------------------------ Check my page
CHK_FOR = "chk_for"  # the press the proposed page belongs to
CHK_PLACEMENTS = "chk_placements"  # list of [story, x, y, w, h]: the proposed page as given
CHK_TOUCHED = "chk_touched"  # False while the page is the optimal page it opened on
CHK_EXCLUSIVE = "chk_exclusive"  # selectbox: "best", "none" or a story index
CHK_STORY = "chk_story"  # which story a click on the mat places
CHK_ORIENTATION = "chk_orientation"  # its footprint "wxh"
CHK_REMOVE = "chk_remove"
CHK_FROM_OPTIMAL = "chk_from_optimal"
CHK_FROM_EMPTY = "chk_from_empty"
CHK_PASTE = "chk_paste"
CHK_LOAD_PASTE = "chk_load_paste"
CHK_ERROR = "chk_error"  # one-shot: why a pasted layout was not loaded
CHK_GRID = "chk_grid"


def check_cell_key(x: int, y: int) -> str:
    """Check my page's mat button for cell ``(x, y)``."""
    return f"chk_cell_{x}_{y}"


# ------------------------------------------------------------------ Position viewer
POS_DOC = "pos_doc"  # the loaded position's JSON
POS_NAME = "pos_name"  # where it came from (words)
POS_ERROR = "pos_error"  # one-shot: why a position was not loaded
POS_EXAMPLE_PICK = "pos_example_pick"
POS_LOAD_EXAMPLE = "pos_load_example"
POS_PASTE = "pos_paste"
POS_LOAD_PASTE = "pos_load_paste"
POS_UPLOAD = "pos_upload"
POS_PLAYERS = "pos_players"
POS_SEED = "pos_seed"
POS_NEWSBOY = "pos_newsboy"
POS_DEAL = "pos_deal"


def preview_key(player: int) -> str:
    """Prefix of the widgets of one newspaper's "if they pressed now" section."""
    return f"pv{player}"


def to_desk_key(player: int) -> str:
    """The "open this press on the Press desk" button of one newspaper."""
    return f"{preview_key(player)}_to_desk"
