"""What a match is started with: the variant, the seats and the options."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "human"        # "human" or "computer"
    level: str = "greedy"      # agent name from game.logic.agents.AGENTS, for computers

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class MatchConfig:
    variant: str                              # registry name, e.g. "classic"
    seats: tuple[Seat, ...]
    options: dict = field(default_factory=dict)
    seed: int = 0

    @property
    def players(self) -> int:
        return len(self.seats)

    def with_seed(self, seed: int) -> "MatchConfig":
        """The same match dealt again from another seed (rematch)."""
        return MatchConfig(self.variant, self.seats, dict(self.options), seed)
