// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/init/InitSpec.h"
#include "ui/views/InitPanel.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

using embedlab::ui::InitPanel;
namespace core = embedlab::core;

class TestInitPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Every torch.nn.init initialiser is offered, and with its defaults the call has no keywords.
    void everyInitializerWithDefaults_data()
    {
        QTest::addColumn<QString>("name");
        for (const std::string &n : core::InitSpec::names())
            QTest::newRow(n.c_str()) << QString::fromStdString(n);
    }
    void everyInitializerWithDefaults()
    {
        QFETCH(QString, name);
        InitPanel panel;
        auto *combo = panel.findChild<QComboBox *>(QStringLiteral("initializer"));
        QVERIFY(combo);
        QCOMPARE(combo->count(), int(core::InitSpec::names().size()));
        QVERIFY(combo->findData(name) >= 0);

        panel.setLive(false);
        panel.chooseInitializer(name);
        if (name == u"constant") {
            // val has no default: Python raises before running anything.
            QCOMPARE(panel.errorText(),
                     QStringLiteral("TypeError: constant_() missing 1 required positional argument: 'val'"));
            QVERIFY(!panel.spec());
            return;
        }
        QCOMPARE(panel.errorText(), QString());
        QCOMPARE(panel.specText(), name);
        QCOMPARE(panel.pythonCode(), QStringLiteral("torch.nn.init.%1_(embedding.weight)").arg(name));
        // One editor per keyword, named after it.
        for (const auto &[key, def] : core::InitSpec::keywords(name.toStdString())) {
            QObject *editor = panel.findChild<QObject *>(QString::fromStdString(key));
            QVERIFY2(editor, key.c_str());
            const bool isChoice = qobject_cast<QComboBox *>(editor) != nullptr;
            QCOMPARE(isChoice, key == "mode" || key == "nonlinearity");
        }
    }

    void editsBuildSpec_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("edits"); // keyword=value pairs, applied in order
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("python");
        const auto row = [](const char *tag, const char *name, QStringList edits, const char *spec,
                            const char *python) {
            QTest::newRow(tag) << QString::fromLatin1(name) << edits << QString::fromLatin1(spec)
                               << QString::fromLatin1(python);
        };
        row("normal std", "normal", {QStringLiteral("std=0.02")}, "normal:std=0.02",
            "torch.nn.init.normal_(embedding.weight, std=0.02)");
        row("normal both", "normal", {QStringLiteral("mean=0.5"), QStringLiteral("std=1e-3")},
            "normal:mean=0.5,std=1e-3", "torch.nn.init.normal_(embedding.weight, mean=0.5, std=0.001)");
        row("normal default written differently", "normal", {QStringLiteral("std=1")}, "normal",
            "torch.nn.init.normal_(embedding.weight)");
        row("uniform", "uniform", {QStringLiteral("a=-0.1195"), QStringLiteral("b=0.1195")},
            "uniform:a=-0.1195,b=0.1195", "torch.nn.init.uniform_(embedding.weight, a=-0.1195, b=0.1195)");
        row("trunc_normal", "trunc_normal", {QStringLiteral("std=0.02"), QStringLiteral("a=-0.04")},
            "trunc_normal:std=0.02,a=-0.04",
            "torch.nn.init.trunc_normal_(embedding.weight, std=0.02, a=-0.04)");
        row("constant", "constant", {QStringLiteral("val=0.25")}, "constant:val=0.25",
            "torch.nn.init.constant_(embedding.weight, val=0.25)");
        row("xavier_uniform", "xavier_uniform", {QStringLiteral("gain=2")}, "xavier_uniform:gain=2",
            "torch.nn.init.xavier_uniform_(embedding.weight, gain=2.0)");
        row("xavier_normal", "xavier_normal", {QStringLiteral("gain=0.5")}, "xavier_normal:gain=0.5",
            "torch.nn.init.xavier_normal_(embedding.weight, gain=0.5)");
        row("kaiming_uniform like nn.Linear", "kaiming_uniform", {QStringLiteral("a=2.23606797749979")},
            "kaiming_uniform:a=2.23606797749979",
            "torch.nn.init.kaiming_uniform_(embedding.weight, a=2.23606797749979)");
        row("kaiming_normal", "kaiming_normal",
            {QStringLiteral("mode=fan_out"), QStringLiteral("nonlinearity=relu")},
            "kaiming_normal:mode=fan_out,nonlinearity=relu",
            "torch.nn.init.kaiming_normal_(embedding.weight, mode='fan_out', nonlinearity='relu')");
        row("kaiming_uniform tanh", "kaiming_uniform", {QStringLiteral("nonlinearity=tanh")},
            "kaiming_uniform:nonlinearity=tanh",
            "torch.nn.init.kaiming_uniform_(embedding.weight, nonlinearity='tanh')");
        row("orthogonal", "orthogonal", {QStringLiteral("gain=1.5")}, "orthogonal:gain=1.5",
            "torch.nn.init.orthogonal_(embedding.weight, gain=1.5)");
    }
    void editsBuildSpec()
    {
        QFETCH(QString, name);
        QFETCH(QStringList, edits);
        QFETCH(QString, spec);
        QFETCH(QString, python);
        InitPanel panel;
        panel.chooseInitializer(name);
        QSignalSpy requested(&panel, &InitPanel::initRequested);
        QSignalSpy finished(&panel, &InitPanel::editFinished);
        for (const QString &edit : edits) {
            const auto parts = edit.split(u'=');
            panel.editKeyword(parts[0], parts[1]);
        }
        QCOMPARE(panel.errorText(), QString());
        QCOMPARE(panel.specText(), spec);
        QCOMPARE(panel.pythonCode(), python);
        // Leaving each field runs its edit: one request per edit, all of one decision (issue #24
        // item 5): no editFinished until Apply or another tensor.
        QCOMPARE(requested.count(), edits.size());
        QCOMPARE(finished.count(), 0);
        QCOMPARE(requested.last().at(0).toString(), QStringLiteral("embedding.weight"));
        QCOMPARE(QString::fromStdString(requested.last().at(1).value<core::InitSpec>().toString()), spec);
    }

    void badInputShowsPyTorchError_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("keyword");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("not a number")
            << QStringLiteral("normal") << QStringLiteral("std") << QStringLiteral("abc")
            << QStringLiteral("ValueError: could not convert string to float: 'abc'");
        QTest::newRow("comma decimal")
            << QStringLiteral("normal") << QStringLiteral("mean") << QStringLiteral("0,5")
            << QStringLiteral("ValueError: could not convert string to float: '0,5'");
        QTest::newRow("negative std")
            << QStringLiteral("normal") << QStringLiteral("std") << QStringLiteral("-1")
            << QStringLiteral("RuntimeError: normal expects std >= 0.0, but found std -1");
        QTest::newRow("inverted uniform")
            << QStringLiteral("uniform") << QStringLiteral("a") << QStringLiteral("2")
            << QStringLiteral(
                   "RuntimeError: uniform_ expects to return a [from, to) range, but found from=2 > to=1");
        QTest::newRow("constant without val")
            << QStringLiteral("constant") << QStringLiteral("val") << QString()
            << QStringLiteral("TypeError: constant_() missing 1 required positional "
                              "argument: 'val'");
    }
    void badInputShowsPyTorchError()
    {
        QFETCH(QString, name);
        QFETCH(QString, keyword);
        QFETCH(QString, text);
        QFETCH(QString, error);
        InitPanel panel;
        panel.show();
        panel.chooseInitializer(name);
        QSignalSpy requested(&panel, &InitPanel::initRequested);
        QSignalSpy finished(&panel, &InitPanel::editFinished);
        panel.editKeyword(keyword, text);
        QCOMPARE(panel.errorText(), error);
        QVERIFY(!panel.spec());
        QVERIFY(panel.specText().isEmpty());
        auto *label = panel.findChild<QLabel *>(QStringLiteral("error"));
        QVERIFY(label && label->isVisible());
        QCOMPARE(label->text(), error);
        QVERIFY(!panel.findChild<QPushButton *>(QStringLiteral("apply"))->isEnabled());
        panel.apply();
        QCOMPARE(requested.count(), 0);
        QCOMPARE(finished.count(), 0);
    }

    // Typing is debounced: nothing at once, one request kDebounceMs after the last keystroke.
    void liveTypingIsDebounced()
    {
        InitPanel panel;
        QSignalSpy requested(&panel, &InitPanel::initRequested);
        auto *std = panel.findChild<QLineEdit *>(QStringLiteral("std"));
        QVERIFY(std);
        for (const QString &text :
             {QStringLiteral("0"), QStringLiteral("0."), QStringLiteral("0.0"), QStringLiteral("0.02")}) {
            std->setText(text);
            Q_EMIT std->textEdited(text);
        }
        QCOMPARE(requested.count(), 0);
        QTRY_COMPARE(requested.count(), 1);
        QCOMPARE(QString::fromStdString(requested.at(0).at(1).value<core::InitSpec>().toString()),
                 QStringLiteral("normal:std=0.02"));
    }

    // A slider drag ends as one request; the decision stays open (issue #24 item 5): the next edit
    // of the same tensor replaces it until Apply or another tensor.
    void sliderDragIsOneRequest()
    {
        InitPanel panel;
        QSignalSpy requested(&panel, &InitPanel::initRequested);
        QSignalSpy finished(&panel, &InitPanel::editFinished);
        auto *slider = panel.findChild<QSlider *>(QStringLiteral("stdSlider"));
        QVERIFY(slider);
        slider->setSliderDown(true);
        for (int v = 100; v <= 400; v += 10)
            slider->setValue(v);
        QCOMPARE(requested.count(), 0); // still dragging, and no pause long enough to fire
        slider->setSliderDown(false);   // emits sliderReleased()
        QCOMPARE(requested.count(), 1);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(QString::fromStdString(requested.at(0).at(1).value<core::InitSpec>().toString()),
                 QStringLiteral("normal:std=0.8"));
        QCOMPARE(panel.findChild<QLineEdit *>(QStringLiteral("std"))->text(), QStringLiteral("0.8"));
    }

    // With live off only Apply requests; Apply always ends the edit.
    void applyWhenNotLive()
    {
        InitPanel panel;
        panel.setLive(false);
        QSignalSpy requested(&panel, &InitPanel::initRequested);
        QSignalSpy finished(&panel, &InitPanel::editFinished);
        panel.chooseInitializer(QStringLiteral("xavier_uniform"));
        panel.editKeyword(QStringLiteral("gain"), QStringLiteral("2"));
        QCOMPARE(requested.count(), 0);
        QCOMPARE(finished.count(), 0);
        panel.findChild<QPushButton *>(QStringLiteral("apply"))->click();
        QCOMPARE(requested.count(), 1);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(QString::fromStdString(requested.at(0).at(1).value<core::InitSpec>().toString()),
                 QStringLiteral("xavier_uniform:gain=2"));
    }

    void choosingInitializerRequestsOnce()
    {
        InitPanel panel;
        QSignalSpy requested(&panel, &InitPanel::initRequested);
        QSignalSpy finished(&panel, &InitPanel::editFinished);
        panel.chooseInitializer(QStringLiteral("kaiming_uniform"));
        QCOMPARE(requested.count(), 1);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(QString::fromStdString(requested.at(0).at(1).value<core::InitSpec>().name()),
                 QStringLiteral("kaiming_uniform"));
        panel.chooseInitializer(QStringLiteral("kaiming_uniform")); // the same again: nothing new
        QCOMPARE(requested.count(), 1);
    }

    // setSpec() and setSeed() show state (undo/redo) without asking for anything.
    void settersDoNotEmit()
    {
        InitPanel panel;
        QSignalSpy requested(&panel, &InitPanel::initRequested);
        QSignalSpy finished(&panel, &InitPanel::editFinished);
        panel.setSpec(core::InitSpec::parse("kaiming_normal:mode=fan_out,nonlinearity=relu"));
        panel.setSeed(42);
        panel.setTarget(QStringLiteral("lm_head.weight"));
        QCOMPARE(panel.specText(), QStringLiteral("kaiming_normal:mode=fan_out,nonlinearity=relu"));
        QCOMPARE(panel.findChild<QComboBox *>(QStringLiteral("mode"))->currentText(),
                 QStringLiteral("fan_out"));
        QCOMPARE(panel.pythonCode(),
                 QStringLiteral("torch.manual_seed(42)\ntorch.nn.init.kaiming_normal_(lm_head.weight, "
                                "mode='fan_out', nonlinearity='relu')"));
        QCOMPARE(panel.seed(), std::optional<std::uint64_t>(42));
        QTest::qWait(2 * InitPanel::kDebounceMs); // would let a wrongly started live timer fire
        QCOMPARE(requested.count(), 0);
        QCOMPARE(finished.count(), 0);
        panel.setSeed(std::nullopt);
        QVERIFY(!panel.pythonCode().contains(QStringLiteral("manual_seed")));
    }

    void seedValidation_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("max uint64") << QStringLiteral("18446744073709551615") << QString();
        QTest::newRow("overflow") << QStringLiteral("18446744073709551616")
                                  << QStringLiteral("RuntimeError: Overflow when unpacking long");
    }
    void seedValidation()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        InitPanel panel;
        QSignalSpy requested(&panel, &InitPanel::initRequested);
        panel.setSeed(0);
        auto *seed = panel.findChild<QLineEdit *>(QStringLiteral("seed"));
        seed->setText(text);
        Q_EMIT seed->textEdited(text);
        Q_EMIT seed->editingFinished();
        QCOMPARE(panel.errorText(), error);
        QCOMPARE(requested.count(), error.isEmpty() ? 1 : 0);
        if (error.isEmpty())
            QCOMPARE(panel.pythonCode().section(u'\n', 0, 0),
                     QStringLiteral("torch.manual_seed(%1)").arg(text));
    }

    void requestCarriesTarget()
    {
        InitPanel panel;
        panel.setTargets({QStringLiteral("embedding.weight"), QStringLiteral("lm_head.weight")});
        panel.setTarget(QStringLiteral("lm_head.weight"));
        QSignalSpy requested(&panel, &InitPanel::initRequested);
        panel.apply();
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.at(0).at(0).toString(), QStringLiteral("lm_head.weight"));
        QCOMPARE(panel.pythonCode(), QStringLiteral("torch.nn.init.normal_(lm_head.weight)"));
    }

    // nn.Linear's reset_parameters() is kaiming_uniform_(a=math.sqrt(5)); one click applies it.
    void layerDefaults_data()
    {
        QTest::addColumn<QString>("button");
        QTest::addColumn<QString>("spec");
        QTest::newRow("nn.Embedding") << QStringLiteral("embeddingDefault") << QStringLiteral("normal");
        QTest::newRow("nn.Linear") << QStringLiteral("linearDefault")
                                   << QStringLiteral("kaiming_uniform:a=2.23606797749979");
    }
    void layerDefaults()
    {
        QFETCH(QString, button);
        QFETCH(QString, spec);
        InitPanel panel;
        panel.setSpec(core::InitSpec::parse("zeros"));
        QSignalSpy requested(&panel, &InitPanel::initRequested);
        QSignalSpy finished(&panel, &InitPanel::editFinished);
        panel.findChild<QPushButton *>(button)->click();
        QCOMPARE(requested.count(), 1);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(QString::fromStdString(requested.at(0).at(1).value<core::InitSpec>().toString()), spec);
        QCOMPARE(panel.specText(), spec);
    }

    void nonlinearityChoices()
    {
        const QStringList expected = {QStringLiteral("linear"),
                                      QStringLiteral("conv1d"),
                                      QStringLiteral("conv2d"),
                                      QStringLiteral("conv3d"),
                                      QStringLiteral("conv_transpose1d"),
                                      QStringLiteral("conv_transpose2d"),
                                      QStringLiteral("conv_transpose3d"),
                                      QStringLiteral("sigmoid"),
                                      QStringLiteral("tanh"),
                                      QStringLiteral("relu"),
                                      QStringLiteral("leaky_relu"),
                                      QStringLiteral("selu")};
        QCOMPARE(InitPanel::choices(QStringLiteral("nonlinearity")), expected);
        QCOMPARE(InitPanel::choices(QStringLiteral("mode")),
                 QStringList({QStringLiteral("fan_in"), QStringLiteral("fan_out")}));
        // Every value offered is one core accepts.
        for (const QString &n : expected) {
            const auto spec = core::InitSpec::parse("kaiming_uniform:nonlinearity=" + n.toStdString());
            QVERIFY(spec.distribution({10, 20}).std > 0.0);
        }
    }
};

QTEST_MAIN(TestInitPanel)
#include "tst_initpanel.moc"
