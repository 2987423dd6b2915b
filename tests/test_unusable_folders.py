"""A config or data folder that cannot be made (a home that does not exist, a file where
a folder goes): the game plays, and says once, on the title menu and on the terminal,
what will not be kept and why."""
import os

from game.play.storage import data_dir

from process_support import run_game
from test_shell_support import quiet_app


def test_a_home_that_is_a_file_is_said_once_on_the_title_menu_and_the_terminal(
        tmp_path, monkeypatch, capsys):
    home = tmp_path / "home"
    home.write_text("a file, not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    app = quiet_app(home)                   # its settings.json inside the file
    said = (f"Nothing will be kept: the config folder {home} cannot be made (a file is in "
            f"its place); the data folder {data_dir()} cannot be made (Not a directory).")
    assert app.top.notice == said
    assert capsys.readouterr().err == f"warning: {said}\n"


def test_a_data_folder_alone_that_cannot_be_made_names_what_it_holds(tmp_path, monkeypatch):
    blocker = tmp_path / "data"
    blocker.write_text("a file")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    notice = quiet_app(tmp_path).top.notice
    assert notice.startswith("Statistics, saved matches, lesson progress and levels will not "
                             f"be kept: the data folder {blocker / 'dominoes'} cannot be made")


def test_a_home_that_does_not_exist_is_one_line_on_the_terminal(tmp_path):
    env = {name: value for name, value in os.environ.items()
           if name not in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}
    env.update(HOME=str(tmp_path / "home-file"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    (tmp_path / "home-file").write_text("")
    result = run_game(env, "--play", "open3", "--seats", "greedy,greedy", "--frames", "30")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert lines[0].startswith("warning: Nothing will be kept: the config folder ")
    assert len([line for line in lines if "Nothing will be kept" in line]) == 1
