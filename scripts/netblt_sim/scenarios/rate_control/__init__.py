# SPDX-License-Identifier: GPL-2.0-only
"""Kind "rate-control": adaptive rate policies against the best static settings (`scenario`:
the file and its runs; `report`: the CSV, the Markdown and the rate-against-time plots).
"""
