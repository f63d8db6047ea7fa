// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// PythonCode: the lines the code panel and the Training panel write for training (issue #16 item 9),
// and every other Python text the app shows, built in this one place (issue #24 item 8). That
// PyTorch runs them and prints the app's numbers is tst_codepanelgolden's job.
#include "core/init/InitSpec.h"
#include "core/nn/OneHot.h"
#include "ui/model/Lab.h"
#include "ui/model/PythonCode.h"

#include <QTest>

#include <optional>

using embedlab::ui::PythonCode;
namespace core = embedlab::core;

Q_DECLARE_METATYPE(core::OptimizerConfig)
Q_DECLARE_METATYPE(std::optional<quint64>)

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

    void script_data()
    {
        QTest::addColumn<bool>("maxNorm");
        QTest::addColumn<QString>("expected");
        const QString start = QStringLiteral("import torch\n"
                                             "import torch.nn.functional as F\n"
                                             "torch.manual_seed(123)\n");
        const QString end = QStringLiteral("ids = torch.tensor([2, 3, 1])\n"
                                           "one_hot = F.one_hot(ids, num_classes=4).float()\n"
                                           "print(embedding.weight)\n"
                                           "print(embedding(ids))\n"
                                           "print(one_hot @ embedding.weight)\n");
        QTest::newRow("reference example")
            << false
            << start +
                   QStringLiteral("embedding = torch.nn.Embedding(4, 5)\n"
                                  "lm_head = torch.nn.Linear(5, 4, bias=False)\n"
                                  "with torch.no_grad():\n"
                                  "    torch.nn.init.normal_(embedding.weight, std=0.02)\n") +
                   end;
        QTest::newRow("padding_idx and max_norm: the weight printed again")
            << true
            << start +
                   QStringLiteral("embedding = torch.nn.Embedding(4, 5, padding_idx=0, max_norm=1.5)\n"
                                  "lm_head = torch.nn.Linear(5, 4, bias=False)\n"
                                  "with torch.no_grad():\n"
                                  "    torch.nn.init.normal_(embedding.weight, std=0.02)\n") +
                   end + QStringLiteral("print(embedding.weight)  # max_norm renormalised rows in place\n");
    }
    void script()
    {
        QFETCH(bool, maxNorm);
        QFETCH(QString, expected);
        embedlab::ui::Lab lab;
        if (maxNorm) {
            embedlab::ui::Lab::Config c = lab.config();
            c.paddingIdx = 0;
            c.maxNorm = 1.5;
            lab.setConfig(c);
        }
        lab.applyInit(QStringLiteral("embedding.weight"), QStringLiteral("normal:std=0.02"));
        QCOMPARE(PythonCode::script(lab), expected);
    }

    void tieAndUntie()
    {
        QCOMPARE(PythonCode::tie(QStringLiteral("tied, as in GPT-2")),
                 QStringLiteral("lm_head.weight = embedding.weight  # tied, as in GPT-2"));
        QCOMPARE(PythonCode::untie(true, 4, 5),
                 QStringLiteral("lm_head.weight = torch.nn.Parameter(embedding.weight.detach().clone())  # "
                                "untied: own storage, same values"));
        QCOMPARE(PythonCode::untie(false, 4, 5),
                 QStringLiteral("lm_head.weight = torch.nn.Parameter(torch.empty(4, 5))  # untied: own "
                                "storage\nlm_head.reset_parameters()"));
    }

    void initCall_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<std::optional<quint64>>("seed");
        QTest::addColumn<QString>("call");
        QTest::addColumn<QString>("recorded");
        QTest::newRow("no seed") << QStringLiteral("kaiming_normal:mode=fan_out") << std::optional<quint64>()
                                 << QStringLiteral(
                                        "torch.nn.init.kaiming_normal_(lm_head.weight, mode='fan_out')")
                                 << QStringLiteral("with torch.no_grad():\n"
                                                   "    torch.nn.init.kaiming_normal_(lm_head.weight, "
                                                   "mode='fan_out')");
        QTest::newRow("seeded") << QStringLiteral("uniform:a=-0.1,b=0.1") << std::optional<quint64>(7)
                                << QStringLiteral("torch.manual_seed(7)\n"
                                                  "torch.nn.init.uniform_(lm_head.weight, a=-0.1, b=0.1)")
                                << QStringLiteral(
                                       "torch.manual_seed(7)\nwith torch.no_grad():\n"
                                       "    torch.nn.init.uniform_(lm_head.weight, a=-0.1, b=0.1)");
    }
    void initCall()
    {
        QFETCH(QString, spec);
        QFETCH(std::optional<quint64>, seed);
        QFETCH(QString, call);
        QFETCH(QString, recorded);
        const auto parsed = core::InitSpec::parse(spec.toStdString());
        const QString target = QStringLiteral("lm_head.weight");
        QCOMPARE(PythonCode::initCall(target, parsed, seed), call);
        QCOMPARE(PythonCode::init(target, parsed, seed), recorded);
    }

    void hidden()
    {
        QCOMPARE(PythonCode::hiddenFromToken(3), QStringLiteral("h = embedding.weight[3].detach()"));
        QCOMPARE(PythonCode::hiddenRandom(42, 5),
                 QStringLiteral("_ = torch.manual_seed(42); h = torch.randn(5)"));
    }
};

QTEST_GUILESS_MAIN(TestPythonCode)
#include "tst_pythoncode.moc"
