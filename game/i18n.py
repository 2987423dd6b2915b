"""The language the game speaks: every text a player meets goes through `_()` (or
`ngettext()` for a count), and `N_()` marks a text kept in a module-level constant, to be
translated where it is shown (so a language chosen in Settings shows at once).

The catalogues are gettext's, kept with Babel's tools (see the README, "Adding a
language"): the template `game/locale/dominoes.pot`, one `game/locale/<code>/LC_MESSAGES/
dominoes.po` a language. The compiled `.mo` beside it is built by the install (setup.py)
and, in a checkout, here when it is missing or older than its `.po`; a folder that cannot
be written gets the catalogue compiled in memory. Without Babel, or with a broken
catalogue, the game speaks English.

`PSEUDO` is a language for tests only, no catalogue: every text of the template comes out
about 40% longer, with accented capitals, between brackets; a text that is not in the
template comes out as it went in, so a screen shows at once what escaped translation.

Pure Python: the rules, the match floor and the server use it as the shell does.
"""
from __future__ import annotations

import functools
import gettext
import io
import os
import re
import stat
import sys
from pathlib import Path

DOMAIN = "dominoes"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
ENGLISH = "en"
PSEUDO = "qps"        # the pseudo-locale's customary code
# Each language's name in its own words: the Settings choice shows these untranslated.
NAMES = {"en": "English", "es": "Español", PSEUDO: "[Pséúdó]"}

_PLACEHOLDER = re.compile(r"\{\w*(?:[!:][^{}]*)?\}")
_translation: gettext.NullTranslations = gettext.NullTranslations()
_current = ENGLISH


def _(message: str) -> str:
    """`message` in the current language ("" stays "": gettext would give the catalogue's
    header)."""
    return _translation.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` of a text that counts (the language's own plural rule)."""
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks `message` for the template and returns it as it is: translate it with `_()`
    where it is shown."""
    return message


def speaking(code: str, function, *args):
    """`function(*args)` in the language `code` (the computers' worker answers the coach's
    questions in the language of the window that asks)."""
    if code != _current:
        set_language(code)
    return function(*args)


def current_language() -> str:
    return _current


def available_languages() -> list[str]:
    """English and every language with a catalogue in the locale folder, by code."""
    found = {path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    found |= {path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return [ENGLISH] + sorted(found - {ENGLISH})


def language_name(code: str) -> str:
    return NAMES.get(code, code)


def set_language(code: str | None) -> str:
    """Speak `code` from now on ("" or None: the system's language); a language without a
    catalogue (or one that cannot be read) is English. Returns the language set."""
    global _translation, _current
    code = supported_language(code or system_language())
    if code == PSEUDO:
        _translation, _current = PseudoTranslations(), PSEUDO
        return PSEUDO
    translation = _load(code) if code != ENGLISH else None
    _translation = translation or gettext.NullTranslations()
    _current = code if translation else ENGLISH
    return _current


def decimal(value: float, places: int = 1) -> str:
    """`value` with `places` decimals as the current language writes it ("55,0" in
    Spanish, "55.0" in English)."""
    text = f"{value:.{places}f}"
    if _current in (ENGLISH, PSEUDO):
        return text
    try:
        from babel.numbers import get_decimal_symbol
        return text.replace(".", get_decimal_symbol(_current))
    except (ImportError, ValueError, LookupError):
        return text


def in_every_language(message: str) -> set[str]:
    """`message` as each language with a catalogue says it (English's too): what the
    game may have written in another language, to be told again in this one."""
    return set(_in_every_language(message, LOCALE_DIR))


@functools.cache
def _in_every_language(message: str, folder: Path) -> frozenset[str]:
    """(each catalogue read once a run, not at every saved match or start-up question)"""
    found = {message}
    for code in available_languages()[1:]:
        translation = _load(code)
        if translation is not None:
            found.add(translation.gettext(message))
    return frozenset(found)


def supported_language(code: str) -> str:
    """The catalogue `code` would use ("es_AR", "es-419": "es"; one without: "en")."""
    if code == PSEUDO:
        return code
    known = available_languages()
    code = code.replace("-", "_")
    for candidate in (code, code.split("_")[0].lower()):
        if candidate in known:
            return candidate
    return ENGLISH


def system_language() -> str:
    """The language code the system asks for: LANGUAGE, LC_ALL, LC_MESSAGES or LANG as
    gettext reads them, else the setting of Windows or macOS; "en" when none says."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:                # LANGUAGE may list several: the first the game speaks
            entries = [entry.split(".")[0].split("@")[0] for entry in value.split(":")]
            entries = [e for e in entries if e != PSEUDO] or [ENGLISH]   # (tests' only)
            for entry in entries:
                if entry.lower().startswith(ENGLISH) or supported_language(entry) != ENGLISH:
                    return entry
            first = entries[0]
            return ENGLISH if first in ("C", "POSIX", "") else first
    if sys.platform == "win32":
        return _windows_language() or ENGLISH
    if sys.platform == "darwin":
        return _mac_language() or ENGLISH
    return ENGLISH


def _windows_language() -> str | None:
    try:
        import ctypes
        import locale
        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
        return locale.windows_locale.get(lcid)
    except (AttributeError, OSError, ImportError):
        return None


def _mac_language() -> str | None:
    import subprocess
    try:
        out = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True,
                             text=True, timeout=2).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    words = [w.strip(' ",()\n') for w in out.split("\n")]
    return next((w for w in words if w), None)


# --- catalogues -----------------------------------------------------------------------------
def catalogue_paths(code: str) -> tuple[Path, Path]:
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    return folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"


def _load(code: str) -> gettext.GNUTranslations | None:
    po, mo = catalogue_paths(code)
    stale = _regular(po) and (not _regular(mo) or mo.stat().st_mtime < po.stat().st_mtime)
    if stale:
        compiled = compile_catalogue(po)
        if compiled is None:
            return _read_mo(mo)
        if not _write_atomic(mo, compiled):
            return _checked(io.BytesIO(compiled))
    return _read_mo(mo)


def _regular(path: Path) -> bool:
    """A plain file (a pipe would block the start, a folder cannot be read)."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


def _read_mo(mo: Path) -> gettext.GNUTranslations | None:
    if not _regular(mo):
        return None
    try:
        with open(mo, "rb") as file:
            return _checked(file)
    except OSError:
        return None


def _checked(file) -> gettext.GNUTranslations | None:
    """The catalogue in `file`, without the translations whose {placeholders} differ from
    their English (an edited catalogue must not break the screen that fills them in); None
    when it cannot be read at all (a short file, a bad plural rule: English then)."""
    try:
        translation = gettext.GNUTranslations(file)
    except Exception:      # noqa: BLE001  (struct.error, ValueError, SyntaxError...)
        return None
    table = translation._catalog       # type: ignore[attr-defined]
    for key in list(table):            # (a plural's forms hold the plural's names too)
        if isinstance(key, str) and key and _names(table[key]) - _names(key):
            del table[key]
    return translation


def _names(text: str) -> set[str]:
    """The {placeholders} `text` fills in ({{ and }} are braces, not placeholders)."""
    return set(_PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def compile_catalogue(po: Path) -> bytes | None:
    """The .mo bytes of the catalogue `po` (Babel's compiler), or None without Babel or
    with a catalogue it cannot read. Fuzzy entries are left out, as `pybabel compile`."""
    if not _regular(po):
        return None
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
        with open(po, "rb") as file:
            catalog = read_po(file, abort_invalid=True)
        out = io.BytesIO()
        write_mo(out, catalog)
        return out.getvalue()
    except Exception:      # noqa: BLE001  (no Babel, a damaged file: English instead)
        return None


def _write_atomic(path: Path, data: bytes) -> bool:
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temp.write_bytes(data)
        os.replace(temp, path)
        return True
    except OSError:
        try:
            temp.unlink()
        except OSError:
            pass
        return False


# --- the pseudo-language --------------------------------------------------------------------
ACCENTED = str.maketrans(
    "aceinouyAEIOUCNYDLSZ",
    "áçéîñöüýÅÉÎÖÜÇÑÝÐĹŠŽ")
OPEN, CLOSE = "[", "]"


def pseudo(text: str) -> str:
    """`text` about 40% longer, accented, between brackets; what stands in braces (a
    placeholder `{name}` or `{n:02}`) kept as it is."""
    if not text.strip() or (text.startswith(OPEN) and text.endswith(CLOSE)):
        return text
    out, depth = [], 0
    for char in text:
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
        out.append(char if depth else char.translate(ACCENTED))
    lines = "".join(out).split("\n")
    return OPEN + "\n".join(line + _padding(len(line)) if line.strip() else line
                             for line in lines) + CLOSE


def _padding(length: int) -> str:
    """About 40% of `length` more (the brackets count), in words of at most six dots, so
    that a long text still breaks into lines."""
    dots = max(1, round(length * 0.4) - 3)
    return "".join(" " + "·" * min(6, dots - start) for start in range(0, dots, 6))


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language: the template's texts made longer (see `pseudo`), any other
    text as it is."""

    def __init__(self, template: Path = TEMPLATE):
        super().__init__()
        self.known: set[str] = set()
        self.plurals: set[str] = set()
        try:
            from babel.messages.pofile import read_po
            with open(template, "rb") as file:
                catalog = read_po(file)
        except Exception:       # noqa: BLE001  (no template: nothing is known)
            return
        for message in catalog:
            texts = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
            self.known.update(text for text in texts if text)

    def gettext(self, message: str) -> str:
        return pseudo(message) if message in self.known else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)
