"""Strength benchmarks: seat-rotated tournaments and paired experiments on seeded games. Most take hours at
their default counts; each names the seed it was never tuned on."""
