"""The build steps pyproject.toml cannot say: the levels and assets folders, which players
edit at the top of the checkout, go into the installed package as game/bundled/, where
game/resources.py looks for them; and each language's catalogue (game/locale/<code>/
LC_MESSAGES/dominoes.po) is compiled to the dominoes.mo the game reads, with Babel."""
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
        self.compile_catalogues()

    def compile_catalogues(self):
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
        for po in Path("game", "locale").glob("*/LC_MESSAGES/dominoes.po"):
            target = Path(self.build_lib, po.with_suffix(".mo"))
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(po, "rb") as source, open(target, "wb") as compiled:
                write_mo(compiled, read_po(source))


setup(cmdclass={"build_py": BuildWithShippedFolders})
