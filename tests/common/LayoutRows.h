// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QSize>
#include <QString>
#include <QTest>

namespace embedlab::testing {

/// The data rows of the layout tests (#16): en, vi and zh at 1366 x 768, projected at 1024 x 768
/// and at 1920 x 1080, as columns "language", "size" and "projector".
inline void addLanguageSizeRows()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("projector");
    for (const char *language : {"en", "vi", "zh"}) {
        const QString code = QString::fromLatin1(language);
        QTest::addRow("%s 1366x768", language) << code << QSize(1366, 768) << false;
        QTest::addRow("%s 1024x768 projector", language) << code << QSize(1024, 768) << true;
        QTest::addRow("%s 1920x1080", language) << code << QSize(1920, 1080) << false;
    }
}

} // namespace embedlab::testing
