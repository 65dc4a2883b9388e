# SPDX-License-Identifier: GPL-2.0-only
"""What every result file is made with: `outcome` (what running any scenario gives),
`findings` (RFC 1030's findings as checks), `plots` (matplotlib figures) and `atomic` (result
files written all together or not at all). Imports only the layers below it.
"""
