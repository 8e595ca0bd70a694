"""pennypress's version for setuptools: read from core/Cargo.toml, the one place it is written.

Everything else about the package is in pyproject.toml; the native core's wheel (maturin) takes the
same version from the same file, and pennypress refuses a core of another version
(``pennypress.engine.native``).
"""
import tomllib
from pathlib import Path

from setuptools import setup

CARGO = Path(__file__).resolve().parent / "core" / "Cargo.toml"

setup(version=tomllib.loads(CARGO.read_text(encoding="utf-8"))["package"]["version"])
