//! A start (a seeded deal or a document), then a sequence of move indices, card draws and notations.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    pennypress_core::fuzzing::fuzz_moves(data);
});
