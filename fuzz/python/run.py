"""Run one Python fuzz target under atheris (libFuzzer): ``python -m fuzz.python.run TARGET [libFuzzer args] [CORPUS...]``.

    python -m fuzz.python.run position -runs=10000 -seed=1 fuzz/work/position fuzz/corpus/position

The loaders (the ``pennypress`` package) are instrumented for coverage; the target is
:data:`fuzz.python.targets.TARGETS` ``[TARGET]`` through :func:`~fuzz.python.targets.check`, so a
:class:`BadInput` is an expected refusal and anything else is a crash that libFuzzer reports, with
the input written to ``crash-<sha1>`` (``-artifact_prefix=``). ``campaign.py`` drives this.
"""
from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports(include=["pennypress"]):
    import pennypress.engine.io.record  # noqa: F401 - the loaders, imported under instrumentation
    import pennypress.engine.io.move_list  # noqa: F401
    import pennypress.engine.io.state  # noqa: F401
    import pennypress.engine.io.validate  # noqa: F401
    import pennypress.engine.notation.text  # noqa: F401
    import pennypress.engine.notation.reader  # noqa: F401
    import pennypress.engine.puzzles.store  # noqa: F401
    import pennypress.engine.native  # noqa: F401
    import pennypress.json_text  # noqa: F401
    import pennypress.solver  # noqa: F401

from fuzz.python.targets import MAX_BYTES, TARGETS, check  # noqa: E402


def main(argv: list[str]) -> None:
    if len(argv) < 2 or argv[1] not in TARGETS:
        sys.exit(f"usage: python -m fuzz.python.run {{{','.join(TARGETS)}}} [libFuzzer args] [corpus dirs]")
    target = argv[1]
    args = [argv[0], *argv[2:]]
    # Warm up before libFuzzer's clock starts: the loaders import their heavy modules (the solver,
    # OR-Tools) on first use, which on a loaded machine can take longer than -timeout.
    for warm in (b"", b"{}", b"game 3p"):
        check(target, warm)
    if not any(a.startswith("-max_len=") for a in args):
        args.insert(1, f"-max_len={MAX_BYTES}")
    atheris.Setup(args, lambda data: check(target, data))
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
