# SPDX-License-Identifier: GPL-2.0-only
"""The README's Python example, and the guide's, run as printed."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from conftest import REPO_ROOT

from netblt_sim.core import runtime

EXAMPLE_MARKER = "<!-- example: executed by scripts/tests/test_readme.py -->"
# The guide's examples, in doc/guide/*.rst, each after a comment naming it.
TCP_EXAMPLE_MARKER = ".. example (TCP): executed by scripts/tests/test_readme.py"
STORE_EXAMPLE_MARKER = ".. example (store): executed by scripts/tests/test_readme.py"
FLOWS_EXAMPLE_MARKER = (
    ".. example: several transfers at once, executed by scripts/tests/test_readme.py"
)
GUIDE = REPO_ROOT / "doc" / "guide"


def readme_example(marker: str = EXAMPLE_MARKER) -> str:
    """The Python example after `marker`: README.md's fenced block, or a guide page's
    code-block (its indentation removed)."""
    text = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(re.escape(marker) + r"\n```python\n(.*?)```", text, re.S)
    if found:
        return found.group(1)
    for page in sorted(GUIDE.glob("*.rst")):
        found = re.search(re.escape(marker) + r"\n\n\.\. code-block:: python\n\n"
                          r"((?:   .*\n|\n)+)", page.read_text(encoding="utf-8"))  # fmt: skip
        if found:
            return textwrap.dedent(found.group(1))
    raise AssertionError(f"neither README.md nor doc/guide has a Python example marked {marker}")


def test_readme_example_sweeps_and_plots(
    ns: runtime.NsNamespace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    exec(compile(readme_example(), "README.md", "exec"), namespace)  # noqa: S102 - our own README
    frame = namespace["frame"]
    assert len(frame) == 6  # type: ignore[arg-type]
    assert (frame["completed"] & frame["intact"]).all()  # type: ignore[index]
    assert (frame["retransmitted"] == 0).all()  # type: ignore[index]
    # Double buffering beats lock-step on the ring, as RFC 1030 §5 reports.
    speeds = frame.set_index(["bi_ms", "nbufs"])["steady_state_mbps"]  # type: ignore[index]
    assert speeds[(40, 2)] > speeds[(40, 1)]
    assert (tmp_path / "ring-sweep.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Mbit/s, 0 lost" in capsys.readouterr().out


def test_readme_example_of_several_transfers_at_once_runs(
    ns: runtime.NsNamespace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    exec(compile(readme_example(FLOWS_EXAMPLE_MARKER), "README.md", "exec"), namespace)  # noqa: S102
    together = namespace["together"]
    assert all(flow.completed and flow.intact for flow in together.flows)  # type: ignore[attr-defined]
    frame = namespace["flows_frame"]
    assert list(frame["flows"]) == [1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4]  # type: ignore[index]
    assert (tmp_path / "two-flows.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_readme_tcp_example_sets_netblt_beside_tcp_on_the_wideband_and_on_one_ethernet(
    ns: runtime.NsNamespace, capsys
) -> None:
    namespace: dict[str, object] = {}
    exec(compile(readme_example(TCP_EXAMPLE_MARKER), "README.md", "exec"), namespace)  # noqa: S102
    both = namespace["both"]
    netblt, tcp = both["steady_state_mbps"]  # type: ignore[index]
    assert tcp <= 65535 * 8 / 1.8 / 1e6  # TCP's window bound over the 1.8 s round trip
    assert netblt > 3 * tcp
    assert "retransmission_timeouts" in capsys.readouterr().out
    shared = namespace["shared"]
    assert [flow.intact for flow in shared.flows] == [True, True]  # type: ignore[attr-defined]
    assert 0.5 < shared.jain_index <= 1  # type: ignore[attr-defined]


def test_readme_store_example_replicates_and_reads_the_store_back(
    ns: runtime.NsNamespace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    import pandas as pd

    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    exec(compile(readme_example(STORE_EXAMPLE_MARKER), "README.md", "exec"), namespace)  # noqa: S102
    frame = namespace["frame"]
    assert sorted(zip(frame["bi_ms"], frame["rng_run"])) == [  # type: ignore[index]
        (bi, run) for bi in (30, 40) for run in (1, 2, 3)]  # fmt: skip
    assert "Dimensions:" in capsys.readouterr().out and "rng_run: 3" in str(
        namespace["to_xarray"](frame, ["bi_ms", "rng_run"]))  # type: ignore[operator]
    assert len(pd.read_parquet(tmp_path / "lossy.parquet")) == 6


WIRESHARK_DOC = REPO_ROOT / "src" / "netblt" / "wireshark" / "README.md"


def wireshark_section() -> str:
    return WIRESHARK_DOC.read_text(encoding="utf-8")


def test_readme_points_to_the_wireshark_walk_through() -> None:
    text = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert "(src/netblt/wireshark/README.md)" in text
    assert "tshark -X lua_script:src/netblt/wireshark/netblt.lua -r " in text


def test_wireshark_walk_through_captures_every_network_with_valid_commands() -> None:
    """One `scripts/netblt-run ... --pcap-dir DIR` per network, each a valid command line, and the
    one command that opens a capture with the dissector, which exists."""
    from netblt_sim.core.parameters import transfer_parameters
    from netblt_sim.tools.cli import build_parser, parameter_values

    section = wireshark_section()
    assert "tshark -X lua_script:src/netblt/wireshark/netblt.lua -r " in section
    assert (REPO_ROOT / "src/netblt/wireshark/netblt.lua").is_file()
    joined = section.replace("\\\n", "")  # continued lines
    commands = re.findall(r"^scripts/netblt-run (.*?)(?:  #.*)?$", joined, re.M)
    networks = set()
    for command in commands:
        arguments = build_parser().parse_args(command.split())
        parameters = transfer_parameters(**parameter_values(arguments))
        assert parameters.pcap_dir is not None, command
        networks.add(parameters.network)
    assert networks == {"point-to-point", "proteon-ring", "ethernet", "wideband"}


def test_the_readme_is_read_in_two_minutes() -> None:
    """README.md stays a front page: at most 150 lines, no table cell over 200 characters, and
    a link to the results' index whose Table III line links its regenerated table and plot."""
    text = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines"
    for number, line in enumerate(lines, 1):
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            assert all(len(cell) <= 200 for cell in cells), f"README.md:{number}: a long cell"
    assert "](results/README.md)" in text
    index = (REPO_ROOT / "results" / "README.md").read_text(encoding="utf-8")
    table_iii = next(line for line in index.splitlines() if line.startswith("- **[table-III]"))
    for name in ("table-III.md", "table-III.csv", "table-III-throughput-vs-burst-interval.png"):
        assert f"](table-III/{name})" in table_iii
        assert (REPO_ROOT / "results" / "table-III" / name).is_file()
