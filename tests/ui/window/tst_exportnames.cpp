// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #25 item 5: File > Export suggests names that say what and which model, and asks for the
// slide's choices.
#include "common/TestSettings.h"
#include "core/io/NpyWriter.h"
#include "core/io/WeightFile.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/model/Document.h"
#include "ui/model/FitSession.h"
#include "ui/model/Lab.h"
#include "ui/model/Settings.h"
#include "ui/window/ExportNames.h"
#include "ui/window/ExportOptionsDialog.h"
#include "ui/window/Exporter.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PanelRegistry.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>
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
    void fitViewsExportAfterARun();

private:
    /// The default window at 1366 x 768 on fresh settings, shown; nullptr if it never showed.
    static std::unique_ptr<embedlab::ui::MainWindow> openWindow();
};

std::unique_ptr<embedlab::ui::MainWindow> TestExportNames::openWindow()
{
    embedlab::testing::resetAppSettings();
    auto window = std::make_unique<embedlab::ui::MainWindow>();
    window->resize(1366, 768);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

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
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::unique_ptr<embedlab::ui::MainWindow> shown = openWindow();
    QVERIFY(shown);
    embedlab::ui::MainWindow &window = *shown;
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

// #27: the Fit a Text panel's loss curve and token map go to slides like every other view, with
// names that say which text, tied or not, and at which step; before a run there is nothing to export.
void TestExportNames::fitViewsExportAfterARun()
{
    using View = ExportController::View;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::unique_ptr<embedlab::ui::MainWindow> shown = openWindow();
    QVERIFY(shown);
    embedlab::ui::MainWindow &window = *shown;
    ExportController *exports = window.exports();
    QVERIFY(!exports->canExport(View::LossCurve));
    QVERIFY(!exports->canExport(View::TokenMap));
    QVERIFY(exports->canExport(View::Heatmap));
    // The panel shown from View, a run of the English text, tied, three steps.
    const embedlab::ui::PanelRegistry::Panel *fit = window.panelRegistry().find(QStringLiteral("fit"));
    QVERIFY(fit);
    fit->viewAction->trigger();
    embedlab::ui::FitSession *session = window.shown()->fitSession();
    session->setup(QStringLiteral("en"), true);
    QTRY_VERIFY_WITH_TIMEOUT(session->hasRun() && !session->isBusy(), 20000);
    for (int i = 0; i < 3; ++i) {
        session->step();
        QTRY_VERIFY_WITH_TIMEOUT(!session->isBusy(), 10000);
    }
    QCOMPARE(session->current(), std::int64_t{3});
    QVERIFY(exports->canExport(View::LossCurve));
    QVERIFY(exports->canExport(View::TokenMap));
    QCOMPARE(exports->suggestedName(View::LossCurve), QStringLiteral("loss-curve-fit-en-tied-step3.png"));
    QCOMPARE(exports->suggestedName(View::TokenMap, QStringLiteral("svg")),
             QStringLiteral("token-map-fit-en-tied-step3.svg"));
    // Written as they are on screen: the PNG at twice the view, the SVG a drawing.
    for (const View view : {View::LossCurve, View::TokenMap}) {
        QWidget *widget = exports->viewWidget(view);
        QVERIFY(widget && widget->isVisible() && !widget->size().isEmpty());
        const QString png = dir.filePath(exports->suggestedName(view));
        QCOMPARE(embedlab::ui::Exporter::exportWidget(widget, png, 2, {}), QString());
        const QImage image(png);
        QCOMPARE(image.size(), widget->size() * 2);
        // Not one colour: something is drawn.
        const QImage small = image.scaled(16, 16);
        bool varies = false;
        for (int y = 0; y < 16 && !varies; ++y)
            for (int x = 0; x < 16 && !varies; ++x)
                varies = small.pixel(x, y) != small.pixel(0, 0);
        QVERIFY(varies);
        const QString svg = dir.filePath(exports->suggestedName(view, QStringLiteral("svg")));
        QCOMPARE(embedlab::ui::Exporter::exportWidget(widget, svg, 1, {}), QString());
        QVERIFY(QFileInfo(svg).size() > 1000);
    }
}

QTEST_MAIN(TestExportNames)
#include "tst_exportnames.moc"
