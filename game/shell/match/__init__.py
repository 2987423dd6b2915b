"""What every match scene shares: the controller (seats, turns, feedback) and the scene base."""
