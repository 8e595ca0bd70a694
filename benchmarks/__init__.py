"""pennypress's benchmarks, by kind: ``speed`` (how fast), ``strength`` (how well the bots and the advisor
play), ``training`` (the commands that write the shipped data files). Each script runs as a module from the
repository's root, e.g. ``python -m benchmarks.speed.solver``; ``benchmarks/README.md`` lists them all."""
