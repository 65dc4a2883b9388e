#! /usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# Examples of the netblt-experiment module, run by ns-3's test.py in an ns-3 tree (examples
# enabled) and by scripts/test from both builds (scripts/run-examples), with arguments that keep
# each to a second or two. ns-3's format: each tuple is (example name and arguments, do_run,
# do_valgrind_run), the last two Python conditions as strings.

cpp_examples = [
    # one lossy transfer of 143,800 bytes
    ("netblt-point-to-point --nbufs=2 --loss=0.05", "True", "True"),
    # a NETBLT transfer beside two TCP transfers on one ring, 143,800 bytes each
    ("netblt-tcp-sharing --tcpFlows=2 --xfsz=143800", "True", "True"),
    # four NETBLT transfers of 286,400 bytes across the Wideband with the network's help, two
    # receivers 600 ms further away
    ("netblt-wideband-sharing --flows=4 --xfsz=286400 --farDelay=600", "True", "True"),
    # the yardstick with 200 packets
    ("stock-udp-csma --packets=200", "True", "True"),
    # the yardstick with 200 packets
    ("stock-wideband-path --packets=200", "True", "True"),
]

python_examples = []
