# SPDX-License-Identifier: GPL-2.0-only
"""Kind "network-rate-control": rate control with the network's help beside the end-to-end
algorithms and the best static settings, one to eight flows at once (`scenario`: the file and
its runs; `metrics`: what a run measures; `report`: the CSV, the Markdown and the plots).
"""
