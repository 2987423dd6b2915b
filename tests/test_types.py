"""mypy finds no type error in the modules pyproject.toml's [tool.mypy] lists (the whole
game package: logic, shell, server and benchmark; and the example game of
docs/adding-a-game.md, tests/leap_variant.py; requirements-test.txt installs mypy)."""
import os
import subprocess
import sys
import tomllib

from process_support import ROOT


def checked_files() -> list:
    """The Python files of what [tool.mypy] lists: files, and folders with all below."""
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    paths = [ROOT / entry for entry in listed]
    return [f for p in paths for f in (sorted(p.rglob("*.py")) if p.is_dir() else [p])]


def test_mypy_finds_no_type_error():
    checked = checked_files()
    assert any(f.parts[-3:] == ("logic", "line", "engine.py") for f in checked), "the logic"
    assert any(f.parts[-3:] == ("shell", "line", "art.py") for f in checked), "the shell"
    assert any(f.parts[-2:] == ("server", "host.py") for f in checked), "the server"
    assert ROOT / "tests" / "leap_variant.py" in checked, "the checklist's example game"
    # (a fresh cache would be thrown away after one run: none is written, which saves
    # mypy a sixth of its time; os.devnull is mypy's documented way to say so)
    result = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", os.devnull],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert "No module named mypy" not in result.stderr, "pip install -r requirements-test.txt"
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"no issues found in {len(checked)} source files" in result.stdout
