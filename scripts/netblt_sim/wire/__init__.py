# SPDX-License-Identifier: GPL-2.0-only
"""The wire: RFC 998 §8 packets as bytes. `decoder` decodes every NETBLT packet type (and the
project's extensions) with the reasons a malformed one is refused, `checksum` computes RFC 998's
ones'-complement checksum, `pcap` reads the capture files a run writes (with dpkt). The lowest
layer: it imports nothing of the package.
"""
