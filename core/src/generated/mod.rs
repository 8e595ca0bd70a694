//! Data generated from the Python tables by `core/generate_tables.py` (never edited by hand).
pub mod game_data;
pub mod page_tables;
