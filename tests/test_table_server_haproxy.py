"""Two table servers behind HAProxy with the configuration of docs/haproxy.cfg (its
ports changed for free ones, and fewer connections than a real one, within any machine's
descriptor limit): tables opened through the balancer land on either server, every
joiner reaches the server its code's prefix names, and each server counts the people's
own addresses from the balancer's PROXY line. Skipped where `haproxy` is not installed
(.ci/run installs it)."""
import asyncio
import shutil
import socket
import subprocess
import time
import types
from pathlib import Path

import pytest

from game.server.secure import split_code

from network_support import free_port
from table_support import ServerThread, bot_table, play

CONFIG = Path(__file__).resolve().parent.parent / "docs" / "haproxy.cfg"
pytestmark = pytest.mark.skipif(shutil.which("haproxy") is None,
                                reason="haproxy is not installed (apt-get install haproxy)")


def answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), 0.5).close()
        return True
    except OSError:
        return False


def test_two_table_servers_behind_haproxy_each_joiner_reaches_its_table(tmp_path):
    servers = {prefix: ServerThread(tmp_path / prefix, prefix=prefix, behind_proxy=True)
               for prefix in "AB"}
    port = free_port()
    text = CONFIG.read_text().replace("bind :7777", f"bind 127.0.0.1:{port}").replace(
        "maxconn 8000", "maxconn 200")
    text = text.replace(":7801", f":{servers['A'].port}").replace(
        ":7802", f":{servers['B'].port}")
    (tmp_path / "haproxy.cfg").write_text(text)
    balancer = subprocess.Popen(["haproxy", "-f", str(tmp_path / "haproxy.cfg"), "-db"],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while not answers(port) and time.monotonic() < deadline:
            assert balancer.poll() is None, balancer.stdout.read().decode()
            time.sleep(0.05)

        async def main():
            front = types.SimpleNamespace(bound_port=port)
            tables = [bot_table(front, number=n,
                                until=lambda r: r.joins >= 2 and r.moves >= 2)
                      for n in range(6)]
            await asyncio.gather(*(play(table, 30) for table in tables))
            return tables
        tables = asyncio.run(main())
    finally:
        balancer.terminate()
        balancer.wait(10)
        for server in servers.values():
            server.stop()
    # (the openers hold their connections: the fewest-connections rule takes turns)
    assert {table.code[0] for table in tables if table.code} == {"A", "B"}
    for table in tables:
        assert table.code is not None and table.report.joins >= 2, table.report.refused
        assert table.report.moves >= 2 and not table.report.lost
        route = split_code(table.code)[0]
        holder = servers[route[0]]
        assert route in holder.server.tables, f"{route} is not on server {route[0]}"
        # the person's address, from the PROXY line (not the balancer's 127.0.0.1)
        assert any(f"table {route}: opened by {table.source} (" in line
                   for line in holder.lines), holder.lines[:5]
