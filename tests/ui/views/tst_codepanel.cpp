// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// CodePanel on its own (#13): the Python it writes for the Lab's state and what PyTorch 1.13 prints
// for it (the reference example's output below was printed by PyTorch 1.13 for that code).
#include "ui/model/Lab.h"
#include "ui/model/PythonCode.h"
#include "ui/views/CodePanel.h"

#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSplitter>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using embedlab::ui::CodePanel;
using embedlab::ui::Lab;
using embedlab::ui::PythonCode;

namespace {

// torch.manual_seed(123); Embedding(4, 5); ids [2, 3, 1]: PyTorch 1.13's three prints.
const char *const kReferenceOutput =
    "Parameter containing:\n"
    "tensor([[ 0.3374, -0.1778, -0.3035, -0.5880,  1.5810],\n"
    "        [ 1.3010,  1.2753, -0.2010, -0.1606, -0.4015],\n"
    "        [ 0.6957, -1.8061, -1.1589,  0.3255, -0.6315],\n"
    "        [-2.8400, -0.7849, -1.4096, -0.4076,  0.7953]], requires_grad=True)\n"
    "tensor([[ 0.6957, -1.8061, -1.1589,  0.3255, -0.6315],\n"
    "        [-2.8400, -0.7849, -1.4096, -0.4076,  0.7953],\n"
    "        [ 1.3010,  1.2753, -0.2010, -0.1606, -0.4015]],\n"
    "       grad_fn=<EmbeddingBackward0>)\n"
    "tensor([[ 0.6957, -1.8061, -1.1589,  0.3255, -0.6315],\n"
    "        [-2.8400, -0.7849, -1.4096, -0.4076,  0.7953],\n"
    "        [ 1.3010,  1.2753, -0.2010, -0.1606, -0.4015]], grad_fn=<MmBackward0>)";

} // namespace

class TestCodePanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void referenceExample();
    void codeFollowsTheConfig();
    void maxNormLookupsDoNotAccumulate();
    void linesAreNotClippedSideBySide_data();
    void linesAreNotClippedSideBySide();
    void withoutLabIsEmpty();
};

void TestCodePanel::referenceExample()
{
    Lab lab;
    CodePanel panel;
    panel.setLab(&lab);
    QTRY_VERIFY(lab.hasPaths() && !panel.isFormatting());
    QCOMPARE(panel.codeText(), QStringLiteral("import torch\n"
                                              "import torch.nn.functional as F\n"
                                              "torch.manual_seed(123)\n"
                                              "embedding = torch.nn.Embedding(4, 5)\n"
                                              "lm_head = torch.nn.Linear(5, 4, bias=False)\n"
                                              "ids = torch.tensor([2, 3, 1])\n"
                                              "one_hot = F.one_hot(ids, num_classes=4).float()\n"
                                              "print(embedding.weight)\n"
                                              "print(embedding(ids))\n"
                                              "print(one_hot @ embedding.weight)\n"));
    QCOMPARE(panel.codeText(), embedlab::ui::PythonCode::script(lab));
    QCOMPARE(panel.outputText().trimmed(), QString::fromLatin1(kReferenceOutput));
}

void TestCodePanel::codeFollowsTheConfig()
{
    Lab lab;
    CodePanel panel;
    panel.setLab(&lab);
    Lab::Config c = lab.config();
    c.seed = 7;
    c.paddingIdx = 1;
    c.maxNorm = 1.0;
    c.lmHeadBias = true;
    lab.setConfig(c);
    QTRY_VERIFY(lab.modelConfig() == c && lab.hasPaths());
    QSignalSpy updated(&panel, &CodePanel::outputUpdated);
    QVERIFY(lab.setIdsText(QStringLiteral("[[0, 1], [2, 3]]")));
    QTRY_VERIFY(updated.count() > 0 && !panel.isFormatting());
    const QString code = panel.codeText();
    QVERIFY2(code.contains(u"torch.manual_seed(7)\n"), qPrintable(code));
    QVERIFY2(code.contains(u"embedding = torch.nn.Embedding(4, 5, padding_idx=1, max_norm=1.0)\n"),
             qPrintable(code));
    QVERIFY2(code.contains(u"lm_head = torch.nn.Linear(5, 4, bias=True)\n"), qPrintable(code));
    QVERIFY2(code.contains(u"ids = torch.tensor([[0, 1], [2, 3]])\n"), qPrintable(code));
    // max_norm renormalises the looked-up rows in place: the weight is printed again after.
    QVERIFY2(code.endsWith(u"print(embedding.weight)  # max_norm renormalised rows in place\n"),
             qPrintable(code));
    const QString output = panel.outputText();
    QCOMPARE(output.count(QStringLiteral("Parameter containing:")), 2);
    QCOMPARE(output.count(QStringLiteral("tensor(")), 4);
    QVERIFY(output.contains(u"grad_fn=<EmbeddingBackward0>"));
    QVERIFY(output.contains(u"grad_fn=<UnsafeViewBackward0>")); // a 3-D one_hot @ W, as PyTorch prints
}

// Issue #16 item 8: with max_norm, looking up 2, 3, 1 and then 0, 1, 3 must leave the weight as the
// code (which performs only the last lookup) has it: row 2 is printed unrenormalised first.
void TestCodePanel::maxNormLookupsDoNotAccumulate()
{
    Lab lab;
    CodePanel panel;
    panel.setLab(&lab);
    Lab::Config c = lab.config();
    c.paddingIdx = 1;
    c.maxNorm = 1.0;
    lab.setConfig(c);
    QTRY_VERIFY(lab.modelConfig() == c && lab.hasPaths());
    const embedlab::core::Matrix built(lab.embeddingWeight()->value());
    QVERIFY(lab.setIdsText(QStringLiteral("0, 1, 3")));
    QTRY_VERIFY(lab.hasPaths() && !panel.isFormatting());
    QVERIFY(lab.embeddingWeight()->value() == built);
    const QString output = panel.outputText();
    // PyTorch 1.13, seed 123, Embedding(4, 5, padding_idx=1, max_norm=1.0): row 2 before any lookup.
    const qsizetype row2 = output.indexOf(u"[ 0.6957, -1.8061, -1.1589,  0.3255, -0.6315]");
    QVERIFY2(row2 > 0 && row2 < output.indexOf(u"tensor([[", 30), qPrintable(output));
    // The last print is after embedding(ids): rows 0 and 3 renormalised to norm 1, row 2 untouched.
    const qsizetype last = output.lastIndexOf(u"Parameter containing:");
    QVERIFY2(output.indexOf(u"[ 0.6957, -1.8061", last) > last, qPrintable(output));
    QVERIFY2(output.indexOf(u"[-2.8400", last) < 0, qPrintable(output));
}

// Issue #16 item 14: at 1366 x 768 the dock is ~525 x 300 and side by side clipped every line of
// both panes. Side by side only when both show their longest line whole; else stacked.
void TestCodePanel::linesAreNotClippedSideBySide_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::newRow("1366 x 768 dock") << 525 << 300;
    QTest::newRow("wide") << 1400 << 300;
    QTest::newRow("tall") << 700 << 700;
}

void TestCodePanel::linesAreNotClippedSideBySide()
{
    QFETCH(int, width);
    QFETCH(int, height);
    Lab lab;
    CodePanel panel;
    panel.setLab(&lab);
    panel.resize(width, height);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTRY_VERIFY(lab.hasPaths() && !panel.isFormatting());
    for (const char *name : {"code", "output"}) {
        const auto *pane = panel.findChild<QPlainTextEdit *>(QLatin1String(name));
        QVERIFY(pane);
        const QFontMetrics metrics(pane->font());
        int widest = 0;
        for (const QString &line : pane->toPlainText().split(QLatin1Char('\n')))
            widest = std::max(widest, metrics.horizontalAdvance(line));
        if (widest + 2 * int(pane->document()->documentMargin()) <= width - 40) // fits the panel at all
            QVERIFY2(pane->viewport()->width() >= widest + 2 * int(pane->document()->documentMargin()),
                     qPrintable(QStringLiteral("%1: %2 px for %3 px lines")
                                    .arg(QLatin1String(name))
                                    .arg(pane->viewport()->width())
                                    .arg(widest)));
    }
    const auto *splitter = panel.findChild<QSplitter *>(QStringLiteral("codeSplitter"));
    QVERIFY(splitter);
    if (width >= 1400)
        QCOMPARE(splitter->orientation(), Qt::Horizontal); // room for both: side by side
}

void TestCodePanel::withoutLabIsEmpty()
{
    CodePanel panel;
    QCOMPARE(panel.codeText(), QString());
    QCOMPARE(panel.outputText(), QString());
    QVERIFY(!panel.isFormatting());
}

QTEST_MAIN(TestCodePanel)
#include "tst_codepanel.moc"
