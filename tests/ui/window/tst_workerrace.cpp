// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// #15: with GPT-2 and the Neighbours dock open, a training step committed while the principal plane
// was being computed freed the storage the worker was reading (AddressSanitizer: heap-use-after-free
// in centredPass; in a release build a 154 MB buffer is unmapped and the read faults). Initialisers
// commit the same way. The search must end, and end on the weights in effect.
#include "core/analysis/Neighbours.h"
#include "core/tensor/Retire.h"
#include "ui/model/Lab.h"
#include "ui/model/NeighbourSearch.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QDockWidget>
#include <QtTest>

using embedlab::ui::MainWindow;

class TestWorkerRace : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void weightsReplacedWhileSearching_data();
    void weightsReplacedWhileSearching();
};

void TestWorkerRace::weightsReplacedWhileSearching_data()
{
    QTest::addColumn<bool>("train");
    QTest::newRow("initialiser") << false;
    QTest::newRow("training step") << true;
}

void TestWorkerRace::weightsReplacedWhileSearching()
{
    QFETCH(bool, train);
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    w.lab()->applyPreset(embedlab::ui::Lab::Preset::Gpt2Small);
    QTRY_VERIFY_WITH_TIMEOUT(w.isIdle(), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(!w.neighbourSearch()->isRunning(), 60000);
    const embedlab::core::ParameterPtr weight = w.lab()->embeddingWeight();
    const std::uint64_t version = weight->version();
    const qint64 row = 15496;
    w.neighboursDock()->show();
    w.neighbourSearch()->search(row);
    QVERIFY(w.neighbourSearch()->isRunning());
    if (train)
        w.actions().trainStep->trigger();
    else
        w.lab()->applyInit(QStringLiteral("embedding.weight"), QStringLiteral("normal:mean=0,std=0.02"));
    QTRY_VERIFY_WITH_TIMEOUT(w.isIdle() && weight->version() > version, 120000);
    QTRY_VERIFY_WITH_TIMEOUT(!w.neighbourSearch()->isRunning(), 120000);
    // The search that read the old values is stale: the one shown is of the new values.
    w.neighbourSearch()->search(row);
    QTRY_VERIFY_WITH_TIMEOUT(!w.neighbourSearch()->isRunning(), 120000);
    const auto expected =
        embedlab::core::RowNeighbours(weight->span()).nearest(row, w.neighbourSearch()->k());
    const auto &got = w.neighbourSearch()->result().neighbours;
    QCOMPARE(qsizetype(expected.size()), got.size());
    for (qsizetype i = 0; i < got.size(); ++i)
        QCOMPARE(got[i].id, expected[std::size_t(i)].id);
    QCOMPARE(embedlab::core::retiredCount(), std::size_t(0));
}

QTEST_MAIN(TestWorkerRace)
#include "tst_workerrace.moc"
