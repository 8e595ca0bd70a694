//! A position document through the core reader's checks, then every question, move and card on it.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    pennypress_core::fuzzing::fuzz_position(data);
});
