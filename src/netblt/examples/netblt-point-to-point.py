#
# SPDX-License-Identifier: GPL-2.0-only
#
# NETBLT from ns-3's Python bindings, as ns-3's tutorial (first.py) does UDP echo: two nodes, a
# point-to-point link, IPv4, NETBLT (IP protocol 30) on both, one bulk transfer. Prints what
# arrived and whether it is what was sent (the sender's and the receiver's digests agree), the
# same line as netblt-point-to-point-tutorial.cc; exits 1 if not.
#
# In an ns-3 tree with the modules in contrib/ and Python bindings enabled:
#     ./ns3 run contrib/netblt/examples/netblt-point-to-point.py -- --bytes=50000
# With the project's own build over the ns3 wheel (src/netblt/doc/ns3-cmake.rst, "From Python"):
#     .venv/bin/python src/netblt/examples/netblt-point-to-point.py --bytes=50000

import argparse

parser = argparse.ArgumentParser(description="One NETBLT transfer over a point-to-point link")
parser.add_argument("--bytes", type=int, default=100000, help="bytes to transfer")
args = parser.parse_args()
if not 0 < args.bytes < 2**32:
    raise SystemExit(f"Error: --bytes={args.bytes}: must be from 1 to {2**32 - 1}")

try:
    from ns import ns
except ModuleNotFoundError:
    raise SystemExit(
        "Error: ns3 Python module not found;"
        " Python bindings may not be enabled"
        " or your PYTHONPATH might not be properly configured"
    )

if not hasattr(ns, "NetbltHelper"):
    # ns-3's pip wheel carries ns-3's own modules only; the project's Python package loads its
    # build of the NETBLT modules into the same namespace.
    from netblt_sim.core import runtime

    ns = runtime.load()

# // Default Network Topology
# //
# //       10.1.1.0
# // n0 -------------- n1
# //    point-to-point
# //   NETBLT sender    NETBLT receiver (port 2000)

nodes = ns.NodeContainer()
nodes.Create(2)

pointToPoint = ns.PointToPointHelper()
pointToPoint.SetDeviceAttribute("DataRate", ns.StringValue("10Mbps"))
pointToPoint.SetChannelAttribute("Delay", ns.StringValue("2ms"))

devices = pointToPoint.Install(nodes)

stack = ns.InternetStackHelper()
stack.Install(nodes)

address = ns.Ipv4AddressHelper()
address.SetBase(ns.Ipv4Address("10.1.1.0"), ns.Ipv4Mask("255.255.255.0"))

interfaces = address.Assign(devices)

netblt = ns.NetbltHelper()
netblt.Install(nodes)

sinkApps = ns.NetbltSinkHelper(2000).Install(nodes.Get(1))

sendHelper = ns.NetbltBulkSendHelper(interfaces.GetAddress(1), 2000)
sendHelper.SetAttribute("TransferSize", ns.UintegerValue(args.bytes))
sendApps = sendHelper.Install(nodes.Get(0))

ns.Simulator.Run()

sender = ns.DynamicCast[ns.NetbltBulkSendApplication](sendApps.Get(0))
receiver = ns.DynamicCast[ns.NetbltSinkApplication](sinkApps.Get(0))
received = receiver.GetBytesReceived()
intact = received == args.bytes and sender.GetDigest() == receiver.GetDigest()
print(
    f"NETBLT delivered {received} of {args.bytes} bytes by"
    f" {ns.Simulator.Now().As(ns.Time.MS)}, intact: {'yes' if intact else 'no'}"
)

ns.Simulator.Destroy()
raise SystemExit(0 if intact else 1)
