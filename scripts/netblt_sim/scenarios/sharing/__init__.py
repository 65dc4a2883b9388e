# SPDX-License-Identifier: GPL-2.0-only
"""The scenario kind "sharing": NETBLT and TCP flows on one path, and what NETBLT does to TCP."""
