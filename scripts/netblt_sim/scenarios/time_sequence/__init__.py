# SPDX-License-Identifier: GPL-2.0-only
"""Kind "time-sequence": chosen runs drawn as time-sequence plots (`scenario`).
"""
