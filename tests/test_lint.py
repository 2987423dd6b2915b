"""The linter finds nothing: ruff, with the rules of pyproject.toml's [tool.ruff], over
the game, its tests and tools (requirements-test.txt installs it)."""
import subprocess
import sys

from process_support import ROOT

CHECKED = ("game", "tests", "tools", "main.py", "setup.py")


def test_ruff_finds_nothing():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache",
                             "--output-format", "concise", *CHECKED],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert "No module named ruff" not in result.stderr, "pip install -r requirements-test.txt"
    assert result.returncode == 0, result.stdout + result.stderr
