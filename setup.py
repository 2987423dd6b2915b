"""The build step pyproject.toml cannot say: the levels and assets folders, which players
edit at the top of the checkout, go into the installed package as game/bundled/, where
game/resources.py looks for them."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = ("levels", "assets")


class BuildWithShippedFolders(build_py):
    def run(self):
        super().run()
        for name in SHIPPED:
            target = Path(self.build_lib, "game", "bundled", name)
            shutil.rmtree(target, ignore_errors=True)     # a file gone from the checkout too
            self.copy_tree(name, str(target))


setup(cmdclass={"build_py": BuildWithShippedFolders})
