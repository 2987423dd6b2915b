import os
import sys
from pathlib import Path

# Headless pygame for every test; set before anything imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# Cache compiled modules even where the environment says not to: every xdist worker and
# every game, host, bot and thinking process a test starts would otherwise compile the
# game from source again (collection 4 s a worker instead of 1 s). __pycache__ is ignored.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False


import pytest  # noqa: E402  (after the SDL variables above)


@pytest.fixture(autouse=True)
def private_data_home(tmp_path_factory, monkeypatch):
    """Statistics and saved matches go to a fresh folder in every test, never the user's;
    so do the settings of an app made without a settings path."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    yield folder
    from game.play.locks import release_data_folder
    release_data_folder(folder / "dominoes")     # an app's claim ends with its test


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: one worker more than the cores this run may use. A fifth of the suite
    waits on other processes and sockets (hosts, bots, the computers' worker); the spare
    worker fills a core the waiting one leaves idle."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1
