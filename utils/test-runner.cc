/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Runs every TestSuite linked into this program, exactly as ns-3's own test-runner does
// (--list, --suite=NAME, --verbose, --fullness=QUICK|EXTENSIVE|TAKES_FOREVER).
#include "ns3/test.h"

int
main(int argc, char** argv)
{
    return ns3::TestRunner::Run(argc, argv);
}
