#! /usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# Examples of the netblt-soak module, run by ns-3's test.py in an ns-3 tree (examples enabled) and
# by scripts/test from both builds (scripts/run-examples), with arguments that keep each to
# a second or two. ns-3's format: each tuple is (example name and arguments, do_run,
# do_valgrind_run), the last two Python conditions as strings.

cpp_examples = [
    # 5 random transfers and 2 fuzzed ones (the default is 100 and 10,000 packets), with the
    # PC/AT's NETBLT costs (models/hosts/ibm-pc-at.json, as scripts/soak passes them) for the
    # transfers that charge them
    (
        "netblt-soak-run --transfers=5 --packets=200 --packets-per-run=100 --cpu-costs="
        "DataSendPacketCost=699275ns,DataSendByteCost=1812ns,"
        "DataReceivePacketCost=1574312ns,DataReceiveByteCost=1721ns,"
        "DataReceiveBufferCost=50000ns,ControlReceivePacketCost=2950000ns,"
        "ControlSendPacketCost=670000ns,BufferCompleteByteCost=270ns,BurstCost=0ns",
        "True",
        "True",
    ),
]

python_examples = []
