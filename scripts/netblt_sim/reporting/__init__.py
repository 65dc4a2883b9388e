# SPDX-License-Identifier: GPL-2.0-only
"""What every result file is made with: `outcome` (what running any scenario gives),
`findings` (RFC 1030's findings as checks), `plots` (matplotlib figures, seaborn's median lines
and seed bands), `tables` (the reports' Markdown tables) and `atomic` (result files written all
together or not at all). Imports only the layers below it.
"""
