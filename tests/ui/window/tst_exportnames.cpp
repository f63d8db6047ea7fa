// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #25 item 5: File > Export suggests names that say what and which model, and asks for the
// slide's choices.
#include "common/TestSettings.h"
#include "core/io/NpyWriter.h"
#include "core/io/WeightFile.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/model/Lab.h"
#include "ui/model/Settings.h"
#include "ui/window/ExportNames.h"
#include "ui/window/ExportOptionsDialog.h"
#include "ui/window/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

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
    void fileExportAsksAndWrites();
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
                               << "histogram-embedding-4x5.pdf";
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

// File > Export > embedding.weight Heatmap end to end: the file dialog offers the name, the options
// dialog takes a transparent background, and the PNG is twice the view with nothing in its corners.
void TestExportNames::fileExportAsksAndWrites()
{
    embedlab::testing::resetAppSettings();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    embedlab::ui::MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QString suggested;
    bool optionsSeen = false;
    QTimer answer;
    connect(&answer, &QTimer::timeout, this, [&] {
        QWidget *modal = QApplication::activeModalWidget();
        if (auto *files = qobject_cast<QFileDialog *>(modal)) {
            suggested = QFileInfo(files->selectedFiles().value(0)).fileName();
            files->setDirectory(dir.path());         // the name stays the one suggested
            static_cast<QDialog *>(files)->accept(); // QFileDialog::accept() is protected
        } else if (auto *options = qobject_cast<embedlab::ui::ExportOptionsDialog *>(modal)) {
            optionsSeen = true;
            options->findChild<QComboBox *>(QStringLiteral("exportBackground"))->setCurrentIndex(2);
            options->accept();
        }
    });
    answer.start(50);
    QAction *action = window.findChild<QAction *>(QStringLiteral("export_0"));
    QVERIFY(action);
    action->trigger();
    answer.stop();
    QCOMPARE(suggested, QStringLiteral("embedding-heatmap-embedding-4x5.png"));
    QVERIFY(optionsSeen);
    const QImage image = QImage(dir.filePath(suggested)).convertToFormat(QImage::Format_ARGB32);
    QCOMPARE(image.size(), window.embeddingHeatmap()->size() * 2); // the remembered scale, 2 at first
    QCOMPARE(qAlpha(image.pixel(0, 0)), 0);
    QCOMPARE(embedlab::ui::appSettings().value(QStringLiteral("export/background")).toString(),
             QStringLiteral("transparent"));
}

QTEST_MAIN(TestExportNames)
#include "tst_exportnames.moc"
