"""pyproject.toml installs every package the rooms hold, with the data files they load.

An editable install finds a sub-package that pyproject.toml forgets (its folder
is on the path); a wheel does not. These tests read the folders themselves.
"""
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _folder(package: str) -> Path:
    """The folder of a dotted package name, through ``package-dir`` (longest prefix first)."""
    for prefix in sorted(CONFIG["package-dir"], key=len, reverse=True):
        if package == prefix or package.startswith(prefix + "."):
            rest = package[len(prefix) + 1:].split(".") if package != prefix else []
            return ROOT.joinpath(CONFIG["package-dir"][prefix], *rest)
    raise AssertionError(f"{package} is under no package-dir entry")


def _code_folders() -> set[str]:
    """Every folder under a room that holds Python modules, as a dotted package name."""
    found = set()
    for prefix, folder in CONFIG["package-dir"].items():
        base = ROOT / folder
        for module in base.rglob("*.py"):
            if "__pycache__" in module.parts:
                continue
            found.add(".".join((prefix, *module.parent.relative_to(base).parts)))
    return found


def test_every_folder_of_modules_is_listed_and_every_listed_package_holds_something():
    listed = set(CONFIG["packages"])
    assert _code_folders() - listed == set(), "folders of modules missing from pyproject.toml's packages"
    for package in listed:
        folder = _folder(package)
        patterns = ["*.py", *CONFIG["package-data"].get(package, [])]
        assert any(list(folder.glob(p)) for p in patterns), f"{package}: {folder} holds no module or data"


def test_every_package_data_pattern_matches_a_file_in_its_package():
    for package, patterns in CONFIG["package-data"].items():
        assert package in CONFIG["packages"], package
        for pattern in patterns:
            assert list(_folder(package).glob(pattern)), f"{package}: {pattern} matches no file"


def test_the_position_schema_is_data_of_the_package_that_loads_it():
    from pennypress.engine.io import validate

    assert validate.__package__ == "pennypress.engine.io"
    assert validate.SCHEMA_FILE in CONFIG["package-data"][validate.__package__]
    assert (_folder(validate.__package__) / validate.SCHEMA_FILE).is_file()
