"""Network play: one host holds the match, every other machine holds only its own seat.

The design, in a sentence: a network seat is a controller seat fed by messages instead
of keys. The host process (headless with `python -m game.server`, or on a thread of the
game when a player chooses Host) holds the game state of the logic package, unchanged,
and the computers' worker; each person's machine, the host player's own included,
connects to it and draws the real match scenes of the couch game from a stand-in state.

* protocol.py   one JSON object a message: version, size limits, message shapes, match
                codes, seat tokens, addresses
* secure.py     the code proved by SPAKE2, then every message sealed (ChaCha20-Poly1305)
* codec.py      views and facts as JSON (only the logic package's value classes travel)
* facts.py      what a seat is told besides its view (moves, result, finished rounds...)
* snapshot.py   the position message built from `state.view(seat)` and those facts
* seat_state.py SeatState: a seat's stand-in for the state, from its own view and the
                facts, with a world of the computer players' for the rules' answers
                about its own moves; it never holds a tile its player may not see
* match.py      HostedMatch: seats, joins, checks, moves, computers, pauses, rematches;
  agreement.py  take-backs by agreement, rounds' results, rematch wishes
* host.py       the asyncio server: per-connection limits (size, shape, rate, silence,
                slow readers, a join deadline) and a tick; HostThread runs it inside the game
  guard.py      caps on connections, wrong codes slowed per address, floods over a
                sliding window, a log no peer can forge or flood
* client.py     a person's connection (two threads; the frame loop never waits)
* saving.py     the hosted match saved after every change and resumed (`--resume`)
* bot.py        a seat played by a computer level over the network (tests, benchmark)

No pygame here: a machine that only hosts needs none.
"""
