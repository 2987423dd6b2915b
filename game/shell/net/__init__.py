"""The network match on screen: Host and Join (screens.py), this window's session with
the host (session.py), the network seat's controller (controller.py) and the match scene
of a network seat (scenes.py). The host itself and the protocol are game.server."""
