# SPDX-License-Identifier: GPL-2.0-only
"""Kind "table": a published table of RFC 1030 regenerated (`scenario`: the file and its
runs; `report`: the runs, the CSV, the Markdown and the plots).
"""
