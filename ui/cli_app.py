"""``pennypress ui [--port P]``: the Streamlit app, headless on 127.0.0.1:P (default 8501).

Runs ``python -m streamlit run <installed ui/app.py>`` as a child process and
waits for it. Ctrl-C (SIGINT) and SIGTERM are passed on to Streamlit, which
shuts down cleanly; the command's exit status is Streamlit's. No traceback.
"""
from __future__ import annotations

import argparse
import signal
import subprocess
import sys
from pathlib import Path

from pennypress.solver.errors import BadInput

APP = Path(__file__).resolve().with_name("app.py")
DEFAULT_PORT = 8501


def streamlit_command(port: int) -> list[str]:
    """The exact command ``pennypress ui`` runs."""
    return [
        sys.executable, "-m", "streamlit", "run", str(APP),
        "--server.headless", "true",
        "--server.address", "127.0.0.1",
        "--server.port", str(port),
        "--browser.gatherUsageStats", "false",
    ]


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
    proc = subprocess.Popen(streamlit_command(port))

    def forward(signum, _frame):  # SIGTERM to us -> SIGTERM to Streamlit, then we wait for it
        if proc.poll() is None:
            proc.send_signal(signum)

    previous = signal.signal(signal.SIGTERM, forward)
    try:
        while True:
            try:
                return proc.wait()
            except KeyboardInterrupt:
                # A terminal's Ctrl-C reaches the whole process group, Streamlit included;
                # a SIGINT sent to us alone is passed on. Either way, wait for it to finish.
                if proc.poll() is None:
                    proc.send_signal(signal.SIGINT)
                try:
                    return proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.terminate()
                except KeyboardInterrupt:  # a second Ctrl-C: stop now
                    proc.kill()
                    return proc.wait()
    finally:
        signal.signal(signal.SIGTERM, previous)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ui", help="start the Streamlit app (headless, 127.0.0.1, default port 8501)")
    p.add_argument("--port", default=DEFAULT_PORT, metavar="P", help=f"port to serve on (default {DEFAULT_PORT})")
    p.set_defaults(handler=_ui)
