//! [`Position`]: the public position, compact and `Copy`.
//!
//! Everything the Python `State` holds that the players can see: the board
//! columns (order matters), reporters per player on each story, the supply
//! stacks, the arrow markers (frozen in the final edition), the bonus track,
//! the unseen headline cards as an unordered set (the deck's order is never
//! held) and the discard pile, each player's mat, and whose turn it is. The
//! last event is not part of the position: transitions return it
//! ([`crate::events::Event`]).
//!
//! About 600 bytes with no heap: cloning is one memcpy, so a playout copies
//! the root position and plays on the copy.

use crate::small::FixedList;
use crate::story::{stories_of, Story};
use crate::tables::{
    self, beat_value, marker_position, scoop_value, MAXP, MAX_COLUMN_STORIES, MAX_PUBLISHED, NBEATS, NKINDS,
};

/// Most stories on the board at once: every column full of one-space stories.
pub const MAX_ON_BOARD: usize = NBEATS * MAX_COLUMN_STORIES;

/// Where the game is (the Python engine's `Phase`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Phase {
    #[default]
    Normal,
    /// Final edition, first round: each remaining player's one restricted turn.
    FinalTurns,
    /// Final edition, second round: each remaining player may go to press.
    FinalPresses,
    Over,
}

impl Phase {
    /// Every phase, in the order of play.
    pub const ALL: [Phase; 4] = [Phase::Normal, Phase::FinalTurns, Phase::FinalPresses, Phase::Over];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Normal => "normal",
            Phase::FinalTurns => "final-turns",
            Phase::FinalPresses => "final-presses",
            Phase::Over => "over",
        }
    }

    pub fn parse(text: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.name() == text)
    }
}

/// A page cell `(x, y)`; row 0 is the top edge.
pub type Cell = (u8, u8);

/// One newspaper's mat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PlayerState {
    pub home: u8,
    pub pennies: u8,
    pub circulation: u16,
    pub ad: Option<Cell>,
    /// Published stories in the order they were published.
    pub published: FixedList<Story, MAX_PUBLISHED>,
    pub done: bool,
}

impl PlayerState {
    /// Stars published in `beat`.
    pub fn stars(&self, beat: u8) -> u8 {
        self.published.iter().filter(|s| s.beat() == beat).map(|s| s.stars()).sum()
    }
}

/// The game definition's parts the rules consult (the Python `GameDefinition`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Definition {
    pub players: u8,
    /// The two-player turn order P1, P2, P2, P1, P1, ...
    pub two_player: bool,
    /// The newsboy strike variant.
    pub newsboy: bool,
    /// Index into `tables::DECKS` (`tables::DECK_NAMES`).
    pub deck: u8,
}

/// A complete public position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    pub definition: Definition,
    /// Each news-beat column, bottom to top.
    pub columns: [FixedList<Story, MAX_COLUMN_STORIES>; NBEATS],
    /// Reporters per player on each story (meaningful only for stories on the board).
    pub reporters: [[u8; MAXP]; tables::NSTORIES],
    /// The stories on the board (bit per story id).
    pub on_board: u64,
    /// The stories on the board in the order they came into play (the iteration order of the
    /// Python `State.reporters` dict, which the bots' tie-breaks follow).
    pub entered: FixedList<Story, MAX_ON_BOARD>,
    /// Supply stacks: bit `k` set when the `k+1`-star story of that (beat, shape) is in the stack.
    pub stacks: [u8; NKINDS],
    pub markers: [u8; NBEATS],
    pub bonus: [u8; NBEATS],
    /// Headline cards not yet drawn (bit per card id): an unordered set.
    pub unseen: u64,
    /// Cards drawn so far, in the order drawn.
    pub discard: FixedList<u8, { tables::DECK_SIZE }>,
    pub players: [PlayerState; MAXP],
    pub current: u8,
    pub turns_left: u8,
    pub newsboy: Option<u8>,
    pub phase: Phase,
    /// Final edition: the players still to act in this round after the current one.
    pub pending: FixedList<u8, { MAXP - 1 }>,
    pub trigger_player: Option<u8>,
    /// A chance node: a headline card is to be drawn before play goes on.
    pub draw_pending: bool,
    pub ply: u32,
}

impl Default for Position {
    fn default() -> Self {
        Position {
            definition: Definition::default(),
            columns: Default::default(),
            reporters: [[0; MAXP]; tables::NSTORIES],
            on_board: 0,
            entered: FixedList::new(),
            stacks: [0; NKINDS],
            markers: [0; NBEATS],
            bonus: [0; NBEATS],
            unseen: 0,
            discard: FixedList::new(),
            players: Default::default(),
            current: 0,
            turns_left: 1,
            newsboy: None,
            phase: Phase::Normal,
            pending: FixedList::new(),
            trigger_player: None,
            draw_pending: false,
            ply: 0,
        }
    }
}

impl Position {
    pub fn n_players(&self) -> usize {
        self.definition.players as usize
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    pub fn is_chance_node(&self) -> bool {
        self.draw_pending
    }

    /// Arrow markers do not move once the final edition has begun.
    pub fn markers_frozen(&self) -> bool {
        self.phase != Phase::Normal
    }

    pub fn column(&self, beat: u8) -> &[Story] {
        self.columns[beat as usize].as_slice()
    }

    /// Spaces filled in a news-beat column.
    pub fn height(&self, beat: u8) -> u8 {
        self.column(beat).iter().map(|s| s.spaces()).sum()
    }

    pub fn is_covered(&self, story: Story) -> bool {
        self.reporters[story.id()].iter().any(|&n| n > 0)
    }

    /// Where the arrow marker belongs by the board: `min(9, height + covered stories)`.
    pub fn marker_formula(&self, beat: u8) -> u8 {
        let (mut height, mut covered) = (0, 0);
        for &s in self.column(beat) {
            height += s.spaces();
            covered += self.is_covered(s) as u8;
        }
        marker_position(height, covered)
    }

    pub fn beat_value(&self, beat: u8) -> u8 {
        beat_value(self.markers[beat as usize])
    }

    pub fn scoop_value(&self, beat: u8) -> u8 {
        scoop_value(self.markers[beat as usize])
    }

    pub fn beat_values(&self) -> [u8; NBEATS] {
        self.markers.map(beat_value)
    }

    /// Top beats (bit per beat): those at the highest beat value.
    pub fn top_beats(&self) -> u8 {
        let values = self.beat_values();
        let top = values.iter().copied().max().unwrap_or(0);
        (0..NBEATS).filter(|&b| values[b] == top).fold(0, |m, b| m | 1 << b)
    }

    /// Whether `story` fits on top of its news-beat column.
    pub fn fits(&self, story: Story) -> bool {
        self.height(story.beat()) + story.spaces() <= tables::COLUMN_CAPACITY
    }

    /// Every story on the board, beat by beat, bottom to top (the order of the legal moves).
    pub fn stories_in_play(&self) -> impl Iterator<Item = Story> + '_ {
        self.columns.iter().flat_map(|c| c.iter().copied())
    }

    /// Every story on the board in the order it came into play (the Python `State.reporters` order).
    pub fn stories_as_entered(&self) -> &[Story] {
        self.entered.as_slice()
    }

    /// What a bot's repetition memory keys a normal-play position by (the Python bots' `visits`
    /// key): the player to move, turns left, every player's pennies, and the board's reporters in
    /// the order the stories came into play.
    pub fn repetition_key(&self) -> Vec<u8> {
        let n = self.n_players();
        let entered = self.stories_as_entered();
        let mut key = Vec::with_capacity(2 + n + entered.len() * (1 + n));
        key.push(self.current);
        key.push(self.turns_left);
        key.extend(self.players[..n].iter().map(|p| p.pennies));
        for &s in entered {
            key.push(s.0);
            key.extend_from_slice(&self.reporters[s.id()][..n]);
        }
        key
    }

    /// Reporters of `player` on the board.
    pub fn on_board_of(&self, player: usize) -> u8 {
        stories_of(self.on_board).map(|s| self.reporters[s.id()][player]).sum()
    }

    /// The stories `player` has reporters on (bit mask).
    pub fn mine(&self, player: usize) -> u64 {
        stories_of(self.on_board).filter(|s| self.reporters[s.id()][player] > 0).fold(0, |m, s| m | s.bit())
    }

    fn strongest_other(&self, story: Story, player: usize) -> u8 {
        let r = &self.reporters[story.id()];
        (0..self.n_players()).filter(|&p| p != player).map(|p| r[p]).max().unwrap_or(0)
    }

    /// Stories `player` would claim by pressing now: a reporter and no single player with more
    /// (bit mask; canonical order is bit order).
    pub fn claimable(&self, player: usize) -> u64 {
        stories_of(self.mine(player))
            .filter(|&s| self.reporters[s.id()][player] >= self.strongest_other(s, player))
            .fold(0, |m, s| m | s.bit())
    }

    /// Stories where `player` has reporters but another single player has more.
    pub fn outnumbered(&self, player: usize) -> u64 {
        self.mine(player) & !self.claimable(player)
    }

    /// Whether a press by `player` now would trigger the final edition.
    pub fn would_trigger(&self, player: usize) -> bool {
        self.phase == Phase::Normal
            && self.players[player].pennies + 1 >= tables::final_edition_presses(self.definition.players)
    }

    /// Whether a press by `player` now is followed by a headline-card draw.
    pub fn press_draws_card(&self, player: usize) -> bool {
        self.phase == Phase::Normal && !self.would_trigger(player) && self.unseen != 0
    }

    /// The winners once the game is over (bit per player), else 0.
    pub fn winners(&self) -> u8 {
        if !self.is_over() {
            return 0;
        }
        crate::scoring::winners(&self.players[..self.n_players()])
    }

    // ------------------------------------------------------------------ board bookkeeping
    /// The top (fewest stars) story of a supply stack.
    pub fn peek_stack(&self, kind: u8) -> Option<Story> {
        let stars = self.stacks[kind as usize];
        (stars != 0).then(|| Story(kind * tables::NSTARS as u8 + stars.trailing_zeros() as u8))
    }

    pub fn take_from_stack(&mut self, story: Story) {
        self.stacks[story.kind() as usize] &= !(1 << (story.stars() - 1));
    }

    pub fn return_to_stack(&mut self, story: Story) {
        self.stacks[story.kind() as usize] |= 1 << (story.stars() - 1);
    }

    /// Put a story on top of its column with no reporters (the caller checked it fits).
    pub fn place_story(&mut self, story: Story) {
        self.columns[story.beat() as usize].push(story);
        self.reporters[story.id()] = [0; MAXP];
        self.on_board |= story.bit();
        self.entered.push(story);
    }

    /// Take a story off the board; every reporter on it goes home.
    pub fn remove_story(&mut self, story: Story) {
        self.columns[story.beat() as usize].remove_value(story);
        self.entered.remove_value(story);
        self.on_board &= !story.bit();
        let counts = self.reporters[story.id()];
        for (p, &n) in counts.iter().enumerate().take(self.n_players()) {
            self.players[p].home += n;
        }
        self.reporters[story.id()] = [0; MAXP];
    }

    /// Adjust the news beats (never once the final edition has begun); `beats` is a bit mask.
    pub fn adjust_markers(&mut self, beats: u8) {
        if self.markers_frozen() {
            return;
        }
        for b in 0..NBEATS as u8 {
            if beats & (1 << b) != 0 {
                self.markers[b as usize] = self.marker_formula(b);
            }
        }
    }
}

/// Small positions for the crate's tests and doc examples.
pub mod testing {
    use super::*;
    use crate::rng::PyRandom;

    /// A new game set up as `pennypress.engine.new_game(players, seed)` does (base game, default
    /// deck): the deck shuffled by the seed, one card per player resolved (the setup overflow
    /// rule applies), the markers set; then the deck's order forgotten.
    pub fn new_game(players: u8, seed: u64) -> Position {
        let mut p = Position {
            definition: Definition { players, two_player: players == 2, newsboy: false, deck: 0 },
            ..Position::default()
        };
        p.stacks = [0b111; NKINDS];
        p.markers = [0; NBEATS];
        p.bonus = [tables::BONUS_START; NBEATS];
        for player in p.players.iter_mut().take(players as usize) {
            player.home = tables::REPORTERS;
        }
        let mut deck: Vec<u8> = (1..=tables::DECK_SIZE as u8).collect();
        PyRandom::from_u64(seed).shuffle(&mut deck);
        for &id in deck.iter().take(players as usize) {
            p.discard.push(id);
            let card = tables::card(0, id);
            p.bonus[card.beat as usize] = tables::advance_bonus(p.bonus[card.beat as usize], card.bonus);
            for &(beat, shape) in card.stories {
                let Some(story) = p.peek_stack(beat * tables::NSHAPES as u8 + shape) else { continue };
                if !p.fits(story) && !make_room_at_setup(&mut p, story) {
                    continue;
                }
                p.take_from_stack(story);
                p.place_story(story);
            }
        }
        p.unseen = deck[players as usize..].iter().fold(0, |m, &id| m | 1 << id);
        p.adjust_markers(0b11111);
        p.turns_left = 1;
        p
    }

    /// Setup overflow (rulebook p. 6): a 3-star C or D story of that beat stays on (or goes back to) its stack.
    fn make_room_at_setup(p: &mut Position, story: Story) -> bool {
        let big = |s: Story| s.stars() == 3 && s.shape() >= 2;
        if big(story) {
            return false;
        }
        if let Some(&s) = p.column(story.beat()).iter().find(|&&s| big(s)) {
            p.remove_story(s);
            p.return_to_stack(s);
            return p.fits(story);
        }
        false
    }
}
