"""Everything the game's programs print reaches the terminal whatever its encoding can
hold: what it cannot is shown as "?", never a UnicodeEncodeError (console.py). Every
program of the game makes its output so first."""
import ast
import os
import subprocess
import sys

from process_support import ROOT, wait_until

PROGRAMS = ROOT / "game"


def calls(node, name: str) -> bool:
    return any(isinstance(n, ast.Call) and getattr(n.func, "id", getattr(n.func, "attr", None))
               == name for n in ast.walk(node))


def test_every_program_of_the_game_makes_its_output_tolerant_first():
    """Each `main()` of a module, and each `if __name__ == "__main__":` block that calls
    no main(), calls console.tolerant_output: no program prints around it."""
    found, missing = [], []
    for path in sorted(PROGRAMS.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in tree.body:
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if isinstance(node, ast.FunctionDef) and node.name == "main":
                found.append(where)
                if not calls(node, "tolerant_output"):
                    missing.append(where)
            elif isinstance(node, ast.If) and "__main__" in ast.unparse(node.test) \
                    and not calls(node, "main"):
                found.append(where)
                if not calls(node, "tolerant_output"):
                    missing.append(where)
    assert len(found) >= 6 and missing == []


def run(*args, env=None, **extra) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True,
                          env=dict(os.environ, **(env or {}), **extra), timeout=120)


def test_the_rules_print_on_a_latin_1_terminal():
    result = run("-m", "game.logic", "rules", PYTHONIOENCODING="iso-8859-1")
    assert result.returncode == 0 and result.stderr == b""
    assert b"?" in result.stdout and b"Classic draw dominoes" in result.stdout


def test_own_levels_are_listed_whatever_the_terminal_can_show(tmp_path):
    mine = tmp_path / "dominoes" / "levels" / "dominox"          # the own levels' folder
    mine.mkdir(parents=True)
    cross = (ROOT / "levels" / "dominox" / "cross.toml").read_text(encoding="utf-8")
    (mine / "arrow.toml").write_text(cross.replace('description = "An 8x8 board',
                                                   'description = "An 8x8 board \u2192'),
                                     encoding="utf-8")
    with open(os.path.join(os.fsencode(mine), b"caf\xe9.toml"), "wb") as level:
        level.write(cross.encode())                  # a name not in UTF-8: listed broken
    for encoding in ("iso-8859-1", "ascii", "utf-8"):
        result = run("-m", "game.logic", "levels", "dominox", XDG_DATA_HOME=str(tmp_path),
                     LC_ALL="C.UTF-8", PYTHONIOENCODING=encoding)
        assert result.returncode == 1 and b"Traceback" not in result.stderr, result.stderr
        (arrow,) = [line for line in result.stdout.splitlines() if line.startswith(b"arrow")]
        assert b" own " in arrow and b"An 8x8 board " in arrow
        assert [line[:4] for line in result.stdout.splitlines()].count(b"caf\\") == 1


def test_the_hosts_log_shows_a_name_its_terminal_cannot(tmp_path):
    log = tmp_path / "host.log"
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), PYTHONIOENCODING="iso-8859-1")
    with open(log, "wb") as out:
        host = subprocess.Popen([sys.executable, "-m", "game.server", "--port", "0", "--play",
                                 "open3", "--seats", "remote,greedy"], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.PIPE)
    try:
        assert wait_until(lambda: b"match code" in log.read_bytes(), 60)
        words = log.read_bytes().split()
        port = words[words.index(b"port") + 1].rstrip(b":").decode()
        code = words[words.index(b"code") + 1].decode()
        bot = run("-m", "game.server.bot", "--join", f"127.0.0.1:{port}", "--code", code,
                  "--name", "Zo\u00eb\U0001f600", "--seconds", "3", env=env)
        assert b'"seat": 0' in bot.stdout, bot.stdout + bot.stderr      # it took its seat
        assert wait_until(lambda: b"left seat 1" in log.read_bytes(), 60)
    finally:
        host.terminate()
        err = host.communicate(timeout=60)[1]
    assert b"Traceback" not in err and b"host error" not in log.read_bytes()
    assert "Zo\u00eb? took seat 1".encode("iso-8859-1") in log.read_bytes()
