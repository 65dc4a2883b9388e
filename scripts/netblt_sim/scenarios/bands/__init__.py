# SPDX-License-Identifier: GPL-2.0-only
"""Kind "bands": the published tables' configurations with their uncertainty over the ranges
`models/` states (`scenario`, `report`), the Morris and Sobol designs (`uncertainty`), and the
same for the RFC's claims of its text (`claims`, `claims_report`) and findings (`findings`).
"""
