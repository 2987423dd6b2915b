"""The shape of the code: no module of `game/` imports itself round a circle, none is
over 500 lines, and the rules (`game/logic/`) never reach the shell or pygame.

Imports are read from the source with `ast`, wherever they stand (at the top of a module
or inside a function: a circle through a late import is still a circle), with relative
imports resolved against the module that writes them.
"""
import ast
from pathlib import Path

import game

LINE_LIMIT = 500
GAME = Path(game.__file__).resolve().parent

def modules_of(package: Path) -> dict[str, Path]:
    """Dotted name -> file of every module of `package` (a package is its __init__)."""
    found = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imported_names(name: str, path: Path) -> set[str]:
    """Every dotted name the module `name` imports, relative ones made absolute; for
    `from X import y` both X and X.y (y may be a module or a name in X)."""
    is_package = path.name == "__init__.py"
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                # `from . import x` in a.b.c means package a.b; in a.b/__init__ it means a.b
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def import_graph(package: Path) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(module -> the package's modules it imports, module -> outside top-level names)."""
    modules = modules_of(package)
    inside = {name: set() for name in modules}
    outside = {name: set() for name in modules}
    for name, path in modules.items():
        for target in imported_names(name, path):
            known = target
            while known and known not in modules:
                known = known.rpartition(".")[0]
            if not known:
                outside[name].add(target.partition(".")[0])
            # A module importing its own package is no circle: the package is set up first.
            elif known != name and not name.startswith(known + "."):
                inside[name].add(known)
    return inside, outside


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for target in graph[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that all reach one another (each a circle or several)."""
    reach = {name: reachable(graph, name) for name in graph}
    groups = []
    for name in sorted(graph):
        if name in reach[name] and not any(name in group for group in groups):
            groups.append({other for other in reach[name] if name in reach[other]})
    return groups


def test_the_reader_finds_circles_through_late_and_relative_imports(tmp_path):
    package = tmp_path / "toy"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "inner" / "__init__.py").write_text("from . import low\n")
    (package / "top.py").write_text("from .inner.low import thing\nimport pygame.font\n")
    (package / "inner" / "low.py").write_text("def late():\n    from ..top import x\n")
    (package / "alone.py").write_text("from toy import top\nimport os.path\n")
    inside, outside = import_graph(package)
    assert circles(inside) == [{"toy.inner.low", "toy.top"}]
    assert inside["toy.inner"] == {"toy.inner.low"}
    assert inside["toy.alone"] == {"toy.top"}
    assert outside["toy.top"] == {"pygame"} and outside["toy.alone"] == {"os"}


def test_no_import_circle_in_the_game():
    found = circles(import_graph(GAME)[0])
    assert not found, "import circles: " + "; ".join(" <-> ".join(sorted(g)) for g in found)


def test_no_module_is_over_the_line_limit():
    lengths = {name: len(path.read_text(encoding="utf-8").splitlines())
               for name, path in modules_of(GAME).items()}
    assert lengths["game.logic.core"] > 0
    assert not {name: n for name, n in lengths.items() if n > LINE_LIMIT}


def assert_below_the_window(inside, outside, names) -> None:
    """None of `names` reaches game.shell or pygame, directly or through another module."""
    for name in names:
        reached = reachable(inside, name) | {name}
        shell = sorted(m for m in reached if m.startswith("game.shell"))
        pygame = sorted(m for m in reached if "pygame" in outside[m])
        assert not shell and not pygame, f"{name} reaches {shell or pygame}"


def test_the_rules_never_reach_the_shell_or_pygame():
    inside, outside = import_graph(GAME)
    logic = [name for name in inside if name == "game.logic" or name.startswith("game.logic.")]
    assert "game.logic.core" in logic and "pygame" in outside["game.shell.frame.app"]
    assert_below_the_window(inside, outside, logic)


def test_the_host_never_reaches_pygame_nor_the_rules_the_network():
    """A machine that only hosts (python -m game.server) needs no pygame; the rules know
    nothing of sockets."""
    inside, outside = import_graph(GAME)
    server = [name for name in inside if name.startswith("game.server")]
    assert "game.server.host" in server and "asyncio" in outside["game.server.host"]
    for name in server:
        reached = reachable(inside, name) | {name}
        pygame = sorted(m for m in reached if "pygame" in outside[m])
        assert not pygame, f"{name} reaches pygame through {pygame}"
    network = {"socket", "asyncio", "selectors", "ssl"}
    for name in inside:
        if name.startswith("game.logic"):
            assert not outside[name] & network, f"{name} imports {outside[name] & network}"


def test_the_match_floor_and_the_host_stand_below_the_window():
    """game.play (saves, statistics, settings, the worker, launch) and game.server import
    no pygame and nothing of game.shell, even late, even through another module: the
    headless host runs a match on them alone."""
    inside, outside = import_graph(GAME)
    below = [name for name in inside if name.split(".")[:2] in (["game", "play"],
                                                                 ["game", "server"])]
    assert {"game.play.saves", "game.play.thinking", "game.server.host"} <= set(below)
    assert_below_the_window(inside, outside, below)


def test_only_the_network_screens_of_the_window_reach_the_host():
    """The shell stands on game.play; of game.server only its network screens use the
    client, the seat's stand-in state and, to host from the window, the host itself."""
    inside, _ = import_graph(GAME)
    users = sorted(name for name, targets in inside.items() if name.startswith("game.shell")
                   and any(t.startswith("game.server") for t in targets))
    assert "game.shell.net.session" in users
    assert all(name.startswith("game.shell.net.") for name in users), users
