// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #25 item 5: File > Export suggests names that say what and which model.
#include "core/io/NpyWriter.h"
#include "core/io/WeightFile.h"
#include "ui/model/Lab.h"
#include "ui/window/ExportNames.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <vector>

using embedlab::ui::ExportController;
using embedlab::ui::Lab;
namespace ExportNames = embedlab::ui::ExportNames;

class TestExportNames : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultModel_data();
    void defaultModel();
    void gpt2Small();
    void openedNpy();
};

void TestExportNames::defaultModel_data()
{
    QTest::addColumn<ExportController::View>("view");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QString>("expected");
    QTest::newRow("heatmap") << ExportController::View::Heatmap << "png"
                             << "embedding-heatmap-embedding-4x5.png";
    QTest::newRow("lm_head") << ExportController::View::LmHeadHeatmap << "svg"
                             << "lm-head-heatmap-embedding-4x5.svg";
    QTest::newRow("histogram") << ExportController::View::Histogram << "pdf"
                               << "histogram-embedding-weight-embedding-4x5.pdf";
    QTest::newRow("one-hot") << ExportController::View::OneHot << "png"
                             << "one-hot-embedding-4x5.png";
    QTest::newRow("window") << ExportController::View::Window << "png"
                            << "window-embedding-4x5.png";
}

void TestExportNames::defaultModel()
{
    QFETCH(ExportController::View, view);
    QFETCH(QString, suffix);
    QFETCH(QString, expected);
    const Lab lab;
    QCOMPARE(ExportNames::suggested(view, lab, suffix), expected);
}

void TestExportNames::gpt2Small()
{
    Lab lab;
    lab.applyPreset(Lab::Preset::Gpt2Small);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 120000);
    QCOMPARE(lab.modelConfig().numEmbeddings, 50257);
    QCOMPARE(ExportNames::suggested(ExportController::View::Heatmap, lab),
             QStringLiteral("embedding-heatmap-gpt2-small.png"));
    QCOMPARE(ExportNames::suggested(ExportController::View::LmHeadHeatmap, lab, QStringLiteral("svg")),
             QStringLiteral("lm-head-heatmap-gpt2-small.svg"));
}

void TestExportNames::openedNpy()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // A name with a space and a second dot: the suffix goes, the rest stays a safe file name.
    const QString path = dir.filePath(QStringLiteral("my wte.v2.npy"));
    const std::vector<float> values(6 * 3, 0.5f);
    embedlab::core::writeNpy(path.toStdString(), values.data(), {6, 3});
    const auto file = embedlab::core::WeightFile::open(path.toStdString());
    Lab lab;
    lab.loadMatrix(file.toParameter(file.tensors().front().name), path, QStringLiteral("w"),
                   Lab::LoadRole::Embedding, false);
    QTRY_VERIFY(!lab.isBusy());
    QCOMPARE(lab.modelConfig().numEmbeddings, 6);
    QCOMPARE(ExportNames::modelName(lab), QStringLiteral("my-wte.v2"));
    QCOMPARE(ExportNames::suggested(ExportController::View::Heatmap, lab),
             QStringLiteral("embedding-heatmap-my-wte.v2.png"));
}

QTEST_MAIN(TestExportNames)
#include "tst_exportnames.moc"
