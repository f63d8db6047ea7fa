// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #26: tokens shown so a person can read them.
#include "common/TokenizerFixtures.h"

#include <QTest>

QTEST_GUILESS_MAIN(QObject)
