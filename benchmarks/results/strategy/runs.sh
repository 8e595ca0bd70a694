#!/bin/sh
# The strategy studies behind the shipped guide (engine/strategy/strategy_guide.json,
# docs/strategy.md): one JSON per run in this directory, then the guide assembled
# from them. Run from the repository root with pennypress on PATH. Every run keeps
# a log of its finished chunks (LOGS, default benchmarks/results/strategy/logs,
# not committed), so the script run again after a stop goes on where it stopped;
# a run whose JSON exists is skipped.
set -e
S=benchmarks/results/strategy
LOGS=${LOGS:-$S/logs}
mkdir -p "$LOGS"
run() { name=$1; shift; [ -s "$S/$name.json" ] ||
        pennypress strategy "$@" --log "$LOGS/$name.jsonl" --out "$S/$name.json" > /dev/null; }
run players-3-seed-1 --players 3 --games 1000000 --seed 1
run players-2-seed-2 --players 2 --games 200000 --seed 2
run players-4-seed-3 --players 4 --games 200000 --seed 3
run players-5-seed-4 --players 5 --games 200000 --seed 4
run players-4-newsboy-seed-5 --players 4 --games 50000 --seed 5 --variant newsboy
run players-5-newsboy-seed-6 --players 5 --games 50000 --seed 6 --variant newsboy
run players-3-corrected-seed-7 --players 3 --games 50000 --seed 7 --deck corrected
run advisor-3-seed-8 --players 3 --games 2010 --seed 8 --bots advisor:fast,evaluator
# the base runs' press-or-wait findings played out to the end against the population of opponents (#54)
pop() { name=$1; shift; [ -s "$S/population-$name.json" ] ||
        pennypress strategy population "$S/$name.json" "$@" --log "$LOGS/population-$name.jsonl" \
          --out "$S/population-$name.json" > /dev/null; }
for name in players-3-seed-1 players-2-seed-2 players-4-seed-3 players-5-seed-4; do
  pop "$name" --seed 731021 --threads 2
done
# the advisor's own decisions, replayed from its first 300 games (about 4 s a game) and played out alike
pop advisor-3-seed-8 --seed 731021 --threads 2 --max-games 300
pennypress strategy guide "$S"/players-*.json "$S"/advisor-*.json \
  $(for f in "$S"/population-*.json; do printf -- '--population %s ' "$f"; done) \
  --out engine/strategy/strategy_guide.json --docs docs/strategy.md
