"""What the host, the table server or this window's connection says to a person, shown
in this window's language.

The host and the table server speak English on the wire (their logs, the headless bot
and older games read it as it is): every sentence of theirs that a person is shown is one
of HEARD below, its names and numbers filled in. `heard(text)` finds the sentence a text
was made from and says it in the current language with the same names and numbers; a
text made otherwise (a newer host's) is shown as it came. A test checks that each
sentence here is still one the host makes (tests/test_network_words.py).
"""
from __future__ import annotations

import functools
import re

from game.i18n import N_, _, ngettext

# {reason}, {paused}, {why}: a sentence of this list itself; {names}: names "A and B".
HEARD = [
    # joining (host.py, tables.py, match.py)
    N_("That is not this match's code."),
    N_("Every seat of this match is taken."),
    N_("No match with that code is hosted here."),
    N_("No table with that code is open on this server: check the code."),
    N_("That table has just closed."),
    N_("This host holds one match: join it with its code."),
    N_("The host takes no more connections now."),
    N_("The host takes no more connections from your address."),
    N_("The server is busy: join again in a moment."),
    N_("Too many wrong codes from your address: try again in {seconds} s."),
    N_("This connection already holds a seat."),
    N_("This connection is at a table already."),
    N_("Join the match first."),
    N_("Open a table first."),
    N_("This connection is opening a table already."),
    N_("The server is stopping: open the table again in a moment."),
    N_("This server holds all the tables it can now: try again later."),
    N_("The server cannot keep the table now: try again later."),
    N_("Your address has {count} tables open here already: finish or leave one first."),
    N_("That table cannot be opened: {error}."),
    N_("Too many messages: slow down."),
    N_("This connection sent far too many messages too fast: it is closed."),
    # an address that cannot be one (protocol.py)
    N_("type the host's address, like 192.168.1.20:7777"),
    N_("{text} is not an address"),
    N_("the port must be a number from 1 to 65535, not {text}"),
    N_("A message may be at most {count} bytes long."),
    # who comes and goes, why the match waits (match.py, agreement.py)
    N_("{name} joined."),
    N_("{name} left the table."),
    N_("Waiting for {names} to join."),
    N_("Waiting for {names} to come back."),
    N_("Waiting for {name} to answer."),
    N_("Waiting for {names} to see the round's results."),
    N_("The computer plays for {name} now."),
    N_("{name} is at the table."),
    N_("{name} still has time to come back."),
    N_("{name} still has time to join."),
    N_("Only the host gives a seat to the computer."),
    # moves and take-backs
    N_("That move was for an earlier position."),
    N_("The game is over."),
    N_("It is not your turn."),
    N_("The match is paused. {paused}"),
    N_("The position changed: ask again."),
    N_("Your take-back was refused: ask again after the next move."),
    N_("The game is over: nothing can be taken back."),
    N_("The round is over: nothing can be taken back now."),
    N_("You have no move to take back yet."),
    N_("There is no such question for you."),
    N_("The take-back is off: a player left."),
    N_("A take-back is already waiting for an answer."),
    N_("{name} is asked to allow the take-back."),
    N_("{asked}, allow {name} to take back?"),
    N_("{name} said no: nothing is taken back."),
    N_("Taken back: 1 move. {name} to play."),
    N_("Taken back: {count} moves. {name} to play."),
    N_("The game is not over yet."),
    N_("{what} would be taken back."),
    N_("{what} and the move after it would be taken back."),
    N_("{what} and the {count} moves after it would be taken back."),
    N_("{name}'s last move"),
    N_("{name}'s last turn ({count} moves)"),
    N_("{name} wants a rematch: waiting for {names}."),
    # the end of a connection (host.py, match.py, tables.py, client.py)
    N_("The host stopped the match for now: it stays saved there. Once the host resumes "
       "it, join again with the same code to take your seat back."),
    N_("The host has stopped the match."),
    N_("The connection ended."),
    N_("Your seat was taken back by your own token from another connection."),
    N_("Nothing came from this computer for {seconds} seconds, so the host closed the "
       "connection: join again to take your seat back."),
    N_("The server is restarting: join again in a moment to take your seat back (with the "
       "same code)."),
    N_("This table is closed: {why}."),
    N_("The host has gone (it stopped or crashed): once it resumes the match, join again "
       "to take your seat back."),
    N_("The server has gone (it stopped or crashed): once it is back, join again to take "
       "your seat back."),
    N_("The host refused to seat this computer."),
    N_("The server refused to seat this computer."),
    N_("The host's messages cannot be read: {error}."),
    N_("The server's messages cannot be read: {error}."),
    N_("A message from the host was changed on the way: someone between you and the host "
       "is tampering with the connection."),
    N_("A message from the server was changed on the way: someone between you and the "
       "server is tampering with the connection."),
    N_("{address} does not answer: is it hosting a match of this game?"),
    N_("{address} does not answer: is it a table server of this game?"),
    N_("The connection to the host was lost ({error})."),
    N_("The connection to the server was lost ({error})."),
    N_("No host answers at {address}: is the address right, and is it hosting?"),
    N_("No host answers at {address}: check the address, and that its firewall lets the "
       "port in."),
    N_("No table server answers at {address}: is the address right, and is it running?"),
    N_("No table server answers at {address}: check the address, and that its firewall "
       "lets the port in."),
    N_("No computer is known by the name in {address}."),
    N_("Cannot reach {address}: {error}."),
    N_("The host could not prove it knows the match code: someone between you and the host "
       "may be trying to listen in. Nothing was sent."),
    N_("The server at this address is not the one this game met there before: its key "
       "changed. If the server's owner did not say it would, someone may be between you "
       "and the server. (To trust the new key, type the server's address again in "
       "Settings.)"),
    N_("The server could not prove its key: someone between you and it may be listening."),
    # a hosted match saved on this computer (saving.py)
    N_("The hosted match cannot be read: {problem}."),
    N_("The hosted match cannot be resumed: {problem}"),
]
SENTENCES = ("reason", "paused", "why", "what")
# a sentence said for a count: its plural as HEARD holds it, and its singular
PLURALS = {"{what} and the {count} moves after it would be taken back.":
           "{what} and the move after it would be taken back."}


@functools.cache
def _patterns() -> list[tuple[re.Pattern, str]]:
    """Each sentence with blanks as a pattern that finds its filled-in words."""
    found = []
    for sentence in HEARD:
        parts = re.split(r"\{(\w+)\}", sentence)
        if len(parts) == 1:
            continue
        pattern = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
                          for i, part in enumerate(parts))
        found.append((re.compile(pattern, re.DOTALL), sentence))
    # the most words first: "{what} would be taken back." is the last to try
    return sorted(found, key=lambda entry: -len(re.sub(r"\{\w+\}", "", entry[1])))


def seat_name(name: str) -> str:
    """A seat's name; the host's name of a seat nobody took yet ("Seat 3", "Computer 4")
    in the current language, the same in every window."""
    found = re.fullmatch(r"(Seat|Computer|Player) (\d{1,2})", name)
    if found is None:
        return name
    words = {"Seat": N_("Seat {number}"), "Computer": N_("Computer {number}"),
             "Player": N_("Player {number}")}
    return _(words[found[1]]).format(number=found[2])


def names_said(names: str) -> str:
    """"Ann and Ben", "Ann, Ben and Cy" in the current language (the host joins every
    name with " and ")."""
    said = [seat_name(name) for name in names.split(" and ")]
    text = said[0]
    for name in said[1:-1]:
        text = _("{names}, {name}").format(names=text, name=name)
    if len(said) > 1:
        text = _("{names} and {name}").format(names=text, name=said[-1])
    return text


HEARD_LONGEST = 300     # a longer text is no sentence of the host's: shown as it came, cut
NESTED_DEEPEST = 3      # a sentence within a sentence within one, at most


def heard(text: str, depth: int = 0) -> str:
    """`text` from the host in the current language (as it came when it is none of
    HEARD); the seats nobody took yet named in the current language (seat_name). A
    hostile host's text costs no more than a short one: too long or nested too deep, it
    is not read."""
    if not isinstance(text, str) or not text:
        return text if isinstance(text, str) else ""
    if len(text) > HEARD_LONGEST or depth > NESTED_DEEPEST:
        return text[:HEARD_LONGEST]
    if text in HEARD:
        return _(text)
    for pattern, sentence in _patterns():
        found = pattern.fullmatch(text)
        if found is None:
            continue
        words = found.groupdict()
        for key in words:
            if key in SENTENCES:
                words[key] = heard(words[key], depth + 1)
            elif key == "names":
                words[key] = names_said(words[key])
            elif key in ("name", "asked"):
                words[key] = seat_name(words[key])
        if sentence in PLURALS and words.get("count", "").isdigit() and len(words["count"]) < 10:
            return ngettext(PLURALS[sentence], sentence, int(words["count"])).format(**words)
        return _(sentence).format(**words)
    return text
