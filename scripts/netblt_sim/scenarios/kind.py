# SPDX-License-Identifier: GPL-2.0-only
"""What a kind of scenario is to the registry (`registry.KINDS`): its name in the files, the type
its files parse into, how a file is parsed and how a scenario runs. Each kind's folder makes its
one `ScenarioKind` in its `kind.py`; adding a kind is that folder and one entry in `KINDS`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from netblt_sim.reporting.outcome import Outcome

if TYPE_CHECKING:
    from netblt_sim.batch.executor import TransferExecutor


class NamedScenario(Protocol):
    """What every scenario has: the name of its file (`scenarios/<name>.json`), which names its
    results (`results/<name>/`)."""

    @property
    def name(self) -> str: ...


class MissingScenarioError(ValueError):
    """No scenario file of that name (the message lists those there are)."""


# Another scenario of the same directory by name, parsed (MissingScenarioError if there is none) (for a kind that builds on others).
ScenarioLoader = Callable[[str], NamedScenario]
ScenarioT = TypeVar("ScenarioT", bound=NamedScenario)


@dataclass(frozen=True)
class ScenarioKind(Generic[ScenarioT]):
    """One kind of scenario file (`"kind": name`)."""

    name: str
    scenario_type: type[ScenarioT]
    # The scenario of a file from its path and JSON contents; ValueError names a bad entry.
    parse: Callable[[Path, object, ScenarioLoader], ScenarioT]
    # Runs it (through the executor if given) and writes its result files in the directory.
    run: Callable[[ScenarioT, Path, TransferExecutor | None], Outcome]

    def runs(self, scenario: object) -> bool:
        """Whether `scenario` is of this kind."""
        return isinstance(scenario, self.scenario_type)


AnyKind = ScenarioKind[Any]
