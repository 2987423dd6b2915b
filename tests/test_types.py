"""mypy finds no type error in the modules pyproject.toml's [tool.mypy] lists (the bottom
of the logic package; requirements.txt installs mypy)."""
import subprocess
import sys
import tomllib

from process_support import ROOT


def test_mypy_finds_no_type_error(tmp_path):
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    result = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path)],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert "No module named mypy" not in result.stderr, "pip install -r requirements.txt"
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"no issues found in {len(listed)} source files" in result.stdout
