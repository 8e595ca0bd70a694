//! The one error type of the crate: what was wrong, in words, by kind.

use std::fmt;

/// Why the core refused something. Nothing input-driven panics: it returns one of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoreError {
    /// A position document the core cannot hold (the Python loader refuses such documents first).
    BadPosition(String),
    /// A move or a card that is not legal now.
    IllegalMove(String),
    /// Any other bad argument (a press's items, a random range).
    BadInput(String),
}

impl CoreError {
    pub fn message(&self) -> &str {
        match self {
            CoreError::BadPosition(m) | CoreError::IllegalMove(m) | CoreError::BadInput(m) => m,
        }
    }
}

impl fmt::Display for CoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for CoreError {}

pub type CoreResult<T> = Result<T, CoreError>;
