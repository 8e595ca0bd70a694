"""``pennypress ui [--port P]``: the Streamlit app, headless on 127.0.0.1:P (default 8501).

Runs ``python -m streamlit run <installed ui/app/streamlit_app.py>`` (toolbar in its
minimal mode: no "Deploy" button) as a child process and
waits for it. Ctrl-C (SIGINT) and SIGTERM are passed on to Streamlit, which
shuts down cleanly (a second one kills it); the command's exit status is
Streamlit's (0 after a clean stop, see :func:`exit_status`). No traceback.
"""
from __future__ import annotations

import argparse
import signal
import subprocess
import sys
from pathlib import Path

from pennypress.errors import BadInput

APP = Path(__file__).resolve().parents[1] / "app" / "streamlit_app.py"
DEFAULT_PORT = 8501
MAX_UPLOAD_MIB = 10
"""Streamlit's ``server.maxUploadSize``: the backstop above pennypress's own limit
(:data:`~pennypress.json_text.MAX_FILE_BYTES`), so a file a little too large meets pennypress's message and
no upload held by the server is ever larger than this."""


def streamlit_command(port: int) -> list[str]:
    """The exact command ``pennypress ui`` runs."""
    return [
        sys.executable, "-m", "streamlit", "run", str(APP),
        "--server.headless", "true",
        "--server.address", "127.0.0.1",
        "--server.port", str(port),
        "--browser.gatherUsageStats", "false",
        "--client.toolbarMode", "minimal",  # no "Deploy" button or developer menu for players
        # uploads: Streamlit refuses a file over this many MiB in the browser, before it is sent; smaller ones
        # reach pennypress's own check (MAX_FILE_BYTES), which names the file and the limit in one line
        "--server.maxUploadSize", str(MAX_UPLOAD_MIB),
    ]


def exit_status(returncode: int, forwarded: set[int]) -> int:
    """Streamlit's exit status as a command's.

    With a browser connected, Streamlit's server shuts down gracefully on
    SIGINT/SIGTERM and then re-raises the signal, ending "killed by SIGINT".
    When that signal is the stop we passed on, the stop was clean: 0. Any other
    death by signal N is reported the shell's way, 128 + N.

    >>> exit_status(0, set()), exit_status(-2, {2}), exit_status(-9, {2}), exit_status(1, {2})
    (0, 0, 137, 1)
    """
    if returncode < 0:
        return 0 if -returncode in forwarded else 128 - returncode
    return returncode


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise BadInput(f"ui --port: expected a port number, got {text!r}") from None
    if not 1 <= port <= 65535:
        raise BadInput(f"ui --port: {port} is out of range (expected 1 to 65535)")
    return port


def _ui(args: argparse.Namespace) -> int:
    port = _port(str(args.port))
    print(f"pennypress: starting the app on http://127.0.0.1:{port} (Ctrl-C to stop)", file=sys.stderr, flush=True)
    # Streamlit runs in its own process group, so a terminal's Ctrl-C reaches only this
    # process, which passes it on exactly once (and SIGTERM likewise). The handlers are
    # installed before the child starts: exec resets handled signals to their defaults
    # in the child, even where this process was started with SIGINT ignored.
    proc: subprocess.Popen | None = None
    stops = 0
    forwarded: set[int] = set()

    def forward(signum, _frame):
        nonlocal stops
        stops += 1
        if proc is not None and proc.poll() is None:
            forwarded.add(signum if stops == 1 else signal.SIGKILL)
            proc.send_signal(signum if stops == 1 else signal.SIGKILL)

    previous = {s: signal.signal(s, forward) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        proc = subprocess.Popen(streamlit_command(port), process_group=0)
        if stops:  # stopped while starting
            forwarded.add(signal.SIGTERM)
            proc.send_signal(signal.SIGTERM)
        return exit_status(proc.wait(), forwarded)
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        if proc is not None and proc.poll() is None:  # only if something went wrong here
            proc.kill()
            proc.wait()


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ui", help="start the Streamlit app (headless, 127.0.0.1, default port 8501)")
    p.add_argument("--port", default=DEFAULT_PORT, metavar="P", help=f"port to serve on (default {DEFAULT_PORT})")
    p.set_defaults(handler=_ui)
