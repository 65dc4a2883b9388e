# SPDX-License-Identifier: GPL-2.0-only
"""Kind "measure": figures checked by runs, RFC 1030's claims of its text among them
(`scenario`), their result files (`report`) and those of RFC 1030 §8's experiments
(`flow_report`).
"""
