// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// PythonCode: the lines the code panel and the Training panel write for training (issue #16 item 9).
// That PyTorch runs them and prints the app's numbers is tst_codepanelgolden's job.
#include "core/nn/OneHot.h"
#include "ui/model/PythonCode.h"

#include <QTest>

using embedlab::ui::PythonCode;
namespace core = embedlab::core;

Q_DECLARE_METATYPE(core::OptimizerConfig)

class TestPythonCode : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void list_data()
    {
        QTest::addColumn<QString>("ids");
        QTest::addColumn<QString>("expected");
        QTest::newRow("1-D") << QStringLiteral("2, 3, 1") << QStringLiteral("[2, 3, 1]");
        QTest::newRow("2-D") << QStringLiteral("[[2, 3], [1, 0]]") << QStringLiteral("[[2, 3], [1, 0]]");
        QTest::newRow("one id") << QStringLiteral("7") << QStringLiteral("[7]");
    }
    void list()
    {
        QFETCH(QString, ids);
        QFETCH(QString, expected);
        QCOMPARE(PythonCode::list(core::parseIds(ids.toStdString())), expected);
    }

    void optimizer_data()
    {
        QTest::addColumn<core::OptimizerConfig>("config");
        QTest::addColumn<int>("width");
        QTest::addColumn<QString>("expected");
        core::OptimizerConfig sgd;
        sgd.sgd.lr = 0.1;
        QTest::newRow("sgd") << sgd << 0 << QStringLiteral("torch.optim.SGD(model.parameters(), lr=0.1)");
        sgd.sgd.momentum = 0.9;
        sgd.sgd.nesterov = true;
        QTest::newRow("sgd nesterov")
            << sgd << 0
            << QStringLiteral("torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, nesterov=True)");
        QTest::newRow("sgd wrapped") << sgd << 44
                                     << QStringLiteral("torch.optim.SGD(\n    model.parameters(), lr=0.1,\n"
                                                       "    momentum=0.9, nesterov=True)");
        core::OptimizerConfig adam;
        adam.kind = core::OptimizerConfig::Kind::Adam;
        QTest::newRow("adam defaults")
            << adam << 0 << QStringLiteral("torch.optim.Adam(model.parameters(), lr=0.001)");
        adam.adam.beta1 = 0.8;
        adam.adam.amsgrad = true;
        QTest::newRow("adam betas")
            << adam << 0
            << QStringLiteral("torch.optim.Adam(model.parameters(), lr=0.001, betas=(0.8, 0.999), "
                              "amsgrad=True)");
    }
    void optimizer()
    {
        QFETCH(core::OptimizerConfig, config);
        QFETCH(int, width);
        QFETCH(QString, expected);
        QCOMPARE(PythonCode::optimizer(config, width), expected);
    }

    void printedLoss()
    {
        QCOMPARE(PythonCode::printedLoss(1.6464f),
                 QStringLiteral("tensor(1.6464, grad_fn=<NllLossBackward0>)"));
    }

    void step_data()
    {
        QTest::addColumn<bool>("first");
        QTest::addColumn<QString>("expectedStart");
        QTest::newRow("first step of a model")
            << true
            << QStringLiteral(
                   "model = torch.nn.Sequential(embedding, lm_head)  # what the optimizer updates\n"
                   "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)  # a new optimizer: fresh state\n"
                   "# training step 1\n");
        QTest::newRow("a later step of the same optimizer") << false << QStringLiteral("# training step 4\n");
    }
    void step()
    {
        QFETCH(bool, first);
        QFETCH(QString, expectedStart);
        PythonCode::Step step;
        step.optimizer.sgd.lr = 0.1;
        step.ids = core::parseIds("[[0, 1], [2, 3]]");
        step.targets = core::parseIds("[[1, 2], [3, 0]]");
        step.numEmbeddings = 4;
        step.defineModel = step.newOptimizer = first;
        step.number = first ? 1 : 4;
        QCOMPARE(PythonCode::step(step),
                 expectedStart +
                     QStringLiteral("ids = torch.tensor([[0, 1], [2, 3]])\n"
                                    "targets = torch.tensor([[1, 2], [3, 0]])\n"
                                    "optimizer.zero_grad()\n"
                                    "logits = lm_head(embedding(ids))\n"
                                    "loss = F.cross_entropy(logits.view(-1, 4), targets.view(-1))\n"
                                    "loss.backward()\n"
                                    "optimizer.step()\n"
                                    "print(loss)"));
    }
};

QTEST_GUILESS_MAIN(TestPythonCode)
#include "tst_pythoncode.moc"
