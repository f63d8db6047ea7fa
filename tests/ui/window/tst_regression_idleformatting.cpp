// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Regression test for issue "Reliability" (found by tst_soak, seed 11, in the GPT-2 episode): the
// code panel formats a weight of more than 65,536 elements off the UI thread, but
// MainWindow::isIdle() did not wait for it. So a window that said it was idle still printed the
// previous state ("printed output 1 has shape [1, 768], expected [3, 768]"), and
// `embedlab --screenshot` could capture the code panel before its output was up to date.
#include "core/format/TensorFormat.h"
#include "ui/model/Lab.h"
#include "ui/views/CodePanel.h"
#include "ui/window/MainWindow.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using embedlab::ui::CodePanel;
using embedlab::ui::Lab;
using embedlab::ui::MainWindow;
namespace core = embedlab::core;

class TestRegressionIdleFormatting : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void idleWaitsForTheOutput();
};

void TestRegressionIdleFormatting::idleWaitsForTheOutput()
{
    MainWindow window;
    Lab *lab = window.lab();
    Lab::Config c = lab->config();
    c.numEmbeddings = 700;
    c.embeddingDim = 128; // 89,600 elements: formatted off the UI thread
    lab->setConfig(c);
    QTRY_VERIFY_WITH_TIMEOUT(window.isIdle(), 60000);
    QCOMPARE(lab->modelConfig().numEmbeddings, 700);

    // A new state to print (the same Lab, followed again): the output is being formatted now.
    QSignalSpy updated(window.codePanel(), &CodePanel::outputUpdated);
    QVERIFY(lab->setIdsText(QStringLiteral("699, 0, 5")));
    QTRY_VERIFY_WITH_TIMEOUT(!lab->isBusy(), 60000);
    window.codePanel()->setLab(lab);
    QVERIFY(window.codePanel()->isFormatting());
    QVERIFY2(!window.isIdle(), "idle while the code panel is still formatting its output");

    QTRY_VERIFY_WITH_TIMEOUT(window.isIdle(), 60000);
    QVERIFY(!updated.isEmpty());
    QVERIFY(!window.codePanel()->isFormatting());
    // Idle means the output is this state's: the weight, then embedding(ids) of shape [3, 128].
    const QString output = window.codePanel()->outputText();
    const QString closing = QStringLiteral("grad_fn=<EmbeddingBackward0>)");
    const qsizetype end = output.indexOf(closing);
    QVERIFY2(end > 0, qPrintable(output));
    const qsizetype lookup = output.lastIndexOf(QStringLiteral("\ntensor("), end);
    QVERIFY2(lookup > 0, qPrintable(output));
    core::ParsedTensor parsed;
    const QString block = output.mid(lookup + 1, end + closing.size() - (lookup + 1));
    QVERIFY2(core::parseFormattedTensor(block.toStdString(), parsed), qPrintable(block));
    QCOMPARE(parsed.shape, (core::Shape{3, 128}));
}

QTEST_MAIN(TestRegressionIdleFormatting)
#include "tst_regression_idleformatting.moc"
