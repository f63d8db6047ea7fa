// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Sizes of 0 behave as in PyTorch 1.13 everywhere in the app (issue "fidelity gap: Embedding(0, 5)"):
// nn.Embedding(0, 5) and nn.Embedding(4, 0) are valid modules. Every printed string and error is
// compared with tests/golden/zero/zero.json, written by gen_zero.py with real PyTorch.
#include "common/Golden.h"
#include "common/TestSettings.h"
#include "core/format/TensorFormat.h"
#include "core/io/NpyReader.h"
#include "core/nn/Optimizer.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/Lab.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/CodePanel.h"
#include "ui/views/LayerPanel.h"
#include "ui/views/OneHotView.h"
#include "ui/views/TrainingPanel.h"
#include "ui/views/UnembeddingView.h"
#include "ui/window/Exporter.h"
#include "ui/window/HeadlessExport.h"
#include "ui/window/MainWindow.h"
#include "ui/window/SessionController.h"

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>

#include <memory>

using embedlab::ui::Exporter;
using embedlab::ui::Lab;
using embedlab::ui::MainWindow;
namespace core = embedlab::core;

namespace {

constexpr int kTimeout = 30000;

QJsonObject sizeCase(qint64 v, qint64 d)
{
    const QJsonArray cases = embedlab::testing::loadGolden(QStringLiteral("zero/zero.json"))
                                 .value(QStringLiteral("cases"))
                                 .toArray();
    for (const QJsonValue &c : cases) {
        const QJsonObject o = c.toObject();
        if (o.value(QStringLiteral("num_embeddings")).toInteger() == v &&
            o.value(QStringLiteral("embedding_dim")).toInteger() == d)
            return o;
    }
    qFatal("tests/golden/zero/zero.json has no case %lld x %lld: run gen_zero.py", v, d);
}

QString text(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toString();
}

/// What the code panel shows when `key` ("lookup") raised: Python's traceback, shortened.
QString traceback(const QString &error)
{
    return QStringLiteral("Traceback (most recent call last):\n  ...\n") + error;
}

QString parameterRepr(const core::ParameterPtr &p)
{
    return QString::fromStdString(core::formatTensor(p->toTensor(), {true, true, {}}));
}

/// True when the image is not one flat colour (something was drawn).
bool hasContent(const QImage &image)
{
    if (image.isNull())
        return false;
    const QRgb first = image.pixel(0, 0);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixel(x, y) != first)
                return true;
    return false;
}

} // namespace

class TestZeroSize : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void sizes_data();
    void printsWhatPyTorchPrints();
    void printsWhatPyTorchPrints_data() { sizes_data(); }
    void outOfRangeIdsUseTheKernelsWords();
    void outOfRangeIdsUseTheKernelsWords_data() { sizes_data(); }
    void histogramAndStatistics();
    void histogramAndStatistics_data() { sizes_data(); }
    void unembedding();
    void unembedding_data() { sizes_data(); }
    void generatorAndInitialisers();
    void generatorAndInitialisers_data() { sizes_data(); }
    void trainingStep();
    void trainingStep_data() { sizes_data(); }
    void viewsDrawAndExport();
    void viewsDrawAndExport_data() { sizes_data(); }
    void undoRedoTieUntie();
    void undoRedoTieUntie_data() { sizes_data(); }
    void sessionRoundTrip();
    void sessionRoundTrip_data() { sizes_data(); }
    void headlessExport();
    void headlessExport_data() { sizes_data(); }
    void negativeSizesAreRefused();
    void emptyMatrixFromAFileIsLoaded();
    void initialisersOnZeroByZero();

private:
    /// Sets V and D through the layer panel's spin boxes, as a user does, and waits for the views.
    void setSizes(qint64 v, qint64 d);
    Lab *lab() const { return m_window->lab(); }

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
};

void TestZeroSize::initTestCase()
{
    embedlab::testing::resetAppSettings();
    QVERIFY(m_dir.isValid());
}

void TestZeroSize::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1400, 860);
    m_window->show();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->isIdle(), kTimeout);
}

void TestZeroSize::cleanup()
{
    m_window.reset();
}

void TestZeroSize::sizes_data()
{
    QTest::addColumn<qint64>("v");
    QTest::addColumn<qint64>("d");
    QTest::newRow("0 x 5") << qint64(0) << qint64(5);
    QTest::newRow("4 x 0") << qint64(4) << qint64(0);
}

void TestZeroSize::setSizes(qint64 v, qint64 d)
{
    auto *numEmbeddings = m_window->layerPanel()->findChild<QSpinBox *>(QStringLiteral("numEmbeddings"));
    auto *embeddingDim = m_window->layerPanel()->findChild<QSpinBox *>(QStringLiteral("embeddingDim"));
    QVERIFY(numEmbeddings && embeddingDim);
    QCOMPARE(numEmbeddings->minimum(), 0);
    QCOMPARE(embeddingDim->minimum(), 0);
    numEmbeddings->setValue(int(v));
    embeddingDim->setValue(int(d));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->isIdle(), kTimeout);
    QCOMPARE(lab()->modelConfig().numEmbeddings, v);
    QCOMPARE(lab()->modelConfig().embeddingDim, d);
    QCOMPARE(numEmbeddings->value(), int(v));
    QCOMPARE(embeddingDim->value(), int(d));
}

void TestZeroSize::printsWhatPyTorchPrints()
{
    QFETCH(qint64, v);
    QFETCH(qint64, d);
    const QJsonObject golden = sizeCase(v, d);
    QSignalSpy failed(lab(), &Lab::rebuildFailed);
    setSizes(v, d);
    QCOMPARE(failed.count(), 0);

    const QString code = m_window->codePanel()->codeText();
    QVERIFY2(code.contains(QStringLiteral("embedding = torch.nn.Embedding(%1, %2)\n").arg(v).arg(d)),
             qPrintable(code));
    QVERIFY2(code.contains(QStringLiteral("lm_head = torch.nn.Linear(%1, %2, bias=False)\n").arg(d).arg(v)),
             qPrintable(code));

    const QJsonObject lookup = golden.value(QStringLiteral("lookup")).toObject();
    const QJsonObject oneHot = golden.value(QStringLiteral("one_hot_mm")).toObject();
    QString expected;
    for (const QJsonValue &warning : golden.value(QStringLiteral("construction_warnings")).toArray())
        expected += warning.toString() + QLatin1Char('\n');
    expected += text(golden, "weight") + QLatin1Char('\n');
    if (lookup.contains(QStringLiteral("error"))) {
        QVERIFY(!lab()->idsValid());
        QCOMPARE(lab()->idsErrorMessage(), text(lookup, "error"));
        expected += traceback(text(lookup, "error")) + QLatin1Char('\n');
    } else {
        QVERIFY(lab()->idsValid());
        expected += text(lookup, "repr") + QLatin1Char('\n') + text(oneHot, "repr") + QLatin1Char('\n');
        QVERIFY(lab()->paths().allEqual());
    }
    QCOMPARE(m_window->codePanel()->outputText(), expected);
    QCOMPARE(parameterRepr(lab()->lmHeadWeight()), text(golden, "lm_head_weight"));

    QCOMPARE(lab()->parameterCount(), golden.value(QStringLiteral("parameters")).toInteger());
    QCOMPARE(lab()->parameterBytes(), std::uint64_t(0));
    auto *count = m_window->layerPanel()->findChild<QLabel *>(QStringLiteral("parameterCount"));
    QVERIFY(count);
    QVERIFY2(count->text().startsWith(QStringLiteral("<b>0</b>")), qPrintable(count->text()));
}

void TestZeroSize::outOfRangeIdsUseTheKernelsWords()
{
    QFETCH(qint64, v);
    QFETCH(qint64, d);
    const QJsonObject golden = sizeCase(v, d);
    setSizes(v, d);
    for (const QJsonValue &value : golden.value(QStringLiteral("lookup_errors")).toArray()) {
        const QJsonObject c = value.toObject();
        QStringList ids;
        for (const QJsonValue &id : c.value(QStringLiteral("ids")).toArray())
            ids << QString::number(id.toInteger());
        QSignalSpy error(lab(), &Lab::idsError);
        QVERIFY(!lab()->setIdsText(ids.join(QStringLiteral(", "))));
        QCOMPARE(error.count(), 1);
        QCOMPARE(error.at(0).at(0).toString(), text(c, "error"));
    }
}

void TestZeroSize::histogramAndStatistics()
{
    QFETCH(qint64, v);
    QFETCH(qint64, d);
    const QJsonObject golden = sizeCase(v, d);
    setSizes(v, d);
    embedlab::ui::InitHistogram *histogram = m_window->histogram();
    QTRY_VERIFY_WITH_TIMEOUT(!histogram->isBusy() && !histogram->results().isEmpty(), kTimeout);
    const auto &result = histogram->results().first();
    QCOMPARE(result.summary.count, core::Index(0));
    // torch.histc of an empty tensor: all counts 0, over [-1, 1] since min == max == 0.
    QVERIFY(!result.counts.empty());
    for (auto c : result.counts)
        QCOMPARE(double(c), 0.0);
    QCOMPARE(result.low, -1.0);
    QCOMPARE(result.high, 1.0);
    QCOMPARE(golden.value(QStringLiteral("histc")).toArray().size(), 10);

    auto *table = histogram->findChild<QTableWidget *>(QStringLiteral("stats"));
    QVERIFY(table);
    // mean, std: tensor(nan); min, max: PyTorch raises; elements: 0.
    QVERIFY(text(golden, "mean").contains(QStringLiteral("nan")));
    QVERIFY(text(golden, "std").contains(QStringLiteral("nan")));
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("nan"));
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("nan"));
    QCOMPARE(table->item(0, 2)->text(), QStringLiteral("–"));
    QCOMPARE(table->item(0, 2)->toolTip(), text(golden.value(QStringLiteral("min")).toObject(), "error"));
    QCOMPARE(table->item(0, 3)->toolTip(), text(golden.value(QStringLiteral("max")).toObject(), "error"));
    QCOMPARE(table->item(0, 4)->text(), QStringLiteral("0"));
}

void TestZeroSize::unembedding()
{
    QFETCH(qint64, v);
    QFETCH(qint64, d);
    const QJsonObject golden = sizeCase(v, d);
    setSizes(v, d);
    embedlab::ui::UnembeddingView *view = m_window->unembeddingView();
    if (v == 0) {
        QVERIFY(!view->setHiddenFromToken(0));
        QCOMPARE(view->errorMessage(), text(golden, "hidden_row_error"));
        view->setHiddenRandom(7);
    } else {
        QVERIFY(view->setHiddenFromToken(0));
    }
    core::Tensor hidden({core::Index(view->hidden().size())});
    hidden.data.assign(view->hidden().begin(), view->hidden().end());
    QCOMPARE(QString::fromStdString(core::formatTensor(hidden)), text(golden, "hidden"));
    QCOMPARE(view->printedLogits(), text(golden, "logits"));
    QCOMPARE(view->printedProbabilities(), text(golden, "probs"));
    const QJsonObject argmax = golden.value(QStringLiteral("argmax")).toObject();
    auto *printed = view->findChild<QPlainTextEdit *>(QStringLiteral("printed"));
    QVERIFY(printed);
    const QString shown = printed->toPlainText();
    QVERIFY2(shown.startsWith(QStringLiteral(">>> ") + text(golden, "hidden_code")), qPrintable(shown));
    if (argmax.contains(QStringLiteral("error"))) {
        QCOMPARE(view->argmaxText(), text(argmax, "error"));
        QVERIFY2(shown.endsWith(traceback(text(argmax, "error"))), qPrintable(shown));
    } else {
        QCOMPARE(QString::number(view->argmax()), text(argmax, "repr"));
        QVERIFY2(shown.endsWith(QStringLiteral(">>> logits.argmax().item()\n") + text(argmax, "repr")),
                 qPrintable(shown));
    }
    QVERIFY(hasContent(view->grab().toImage()));
}

void TestZeroSize::generatorAndInitialisers()
{
    QFETCH(qint64, v);
    QFETCH(qint64, d);
    const QJsonObject golden = sizeCase(v, d);
    // The constructors consume the generator as PyTorch's do: lm_head.bias drawn next shows it.
    Lab biased;
    QSignalSpy failed(&biased, &Lab::rebuildFailed);
    QSignalSpy initFailed(&biased, &Lab::initFailed);
    Lab::Config c = biased.config();
    c.numEmbeddings = v;
    c.embeddingDim = d;
    c.lmHeadBias = true;
    biased.setConfig(c);
    QTRY_VERIFY_WITH_TIMEOUT(!biased.isBusy(), kTimeout);
    QCOMPARE(failed.count(), 0);
    biased.applyInit(QStringLiteral("lm_head.bias"), QStringLiteral("normal"));
    QTRY_VERIFY_WITH_TIMEOUT(!biased.isBusy(), kTimeout);
    QCOMPARE(initFailed.count(), 0);
    QCOMPARE(parameterRepr(biased.lmHeadBias()),
             text(golden.value(QStringLiteral("bias_after_normal")).toObject(), "repr"));

    const QJsonObject inits = golden.value(QStringLiteral("inits")).toObject();
    for (auto it = inits.constBegin(); it != inits.constEnd(); ++it) {
        Lab lab;
        QSignalSpy refused(&lab, &Lab::initFailed);
        Lab::Config zero = lab.config();
        zero.numEmbeddings = v;
        zero.embeddingDim = d;
        lab.setConfig(zero);
        QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), kTimeout);
        lab.applyInit(QStringLiteral("embedding.weight"), it.key());
        QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), kTimeout);
        const QJsonObject expected = it.value().toObject();
        QVERIFY2(refused.isEmpty(), qPrintable(it.key()));
        QCOMPARE(parameterRepr(lab.embeddingWeight()), text(expected, "repr"));
    }
}

void TestZeroSize::trainingStep()
{
    QFETCH(qint64, v);
    QFETCH(qint64, d);
    const QJsonObject golden = sizeCase(v, d);
    setSizes(v, d);
    m_window->requestTie(true);
    QTRY_VERIFY_WITH_TIMEOUT(lab()->isTied(), kTimeout);
    embedlab::ui::TrainingPanel *panel = m_window->trainingPanel();
    panel->setOptimizerKind(embedlab::ui::TrainingPanel::OptimizerKind::Sgd);
    core::SGDOptions sgd;
    sgd.lr = 0.1;
    panel->setSgdOptions(sgd);
    panel->setIdsText(QStringLiteral("2, 3, 1"));
    panel->setTargetsText(QStringLiteral("3, 1, 0"));
    const QJsonObject step = golden.value(QStringLiteral("train_step")).toObject();
    if (step.contains(QStringLiteral("error"))) {
        QVERIFY(!panel->step());
        QCOMPARE(panel->errorMessage(), text(step, "error"));
    } else {
        QVERIFY2(panel->step(), qPrintable(panel->errorMessage()));
        QCOMPARE(panel->printedLoss(), text(step, "repr"));
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isIdle(), kTimeout);
        QVERIFY(hasContent(panel->grab().toImage()));
    }
}

void TestZeroSize::viewsDrawAndExport()
{
    QFETCH(qint64, v);
    QFETCH(qint64, d);
    setSizes(v, d);
    const QList<QWidget *> views = {m_window->embeddingHeatmap(), m_window->lmHeadHeatmap(),
                                    m_window->oneHotView(), m_window->histogram(), m_window.get()};
    for (QWidget *view : views) {
        QVERIFY(hasContent(Exporter::renderImage(view, 2)));
        for (const char *suffix : {"png", "svg", "pdf"}) {
            const QString file = m_dir
                                     .filePath(QStringLiteral("%1-%2x%3.%4")
                                                   .arg(QLatin1String(view->metaObject()->className()))
                                                   .arg(v)
                                                   .arg(d)
                                                   .arg(QLatin1String(suffix)))
                                     .replace(QStringLiteral("::"), QStringLiteral("_"));
            QCOMPARE(Exporter::exportWidget(view, file), QString());
            QVERIFY(QFile(file).size() > 0);
        }
    }
    // Pointing, clicking, zooming and panning over an empty matrix select nothing and change nothing.
    embedlab::ui::HeatmapView *heatmap0 = m_window->embeddingHeatmap();
    const int selectedBefore = lab()->selectedRow(); // the animation's id (issue #24: one selection)
    QSignalSpy selected(lab(), &Lab::rowSelected);
    const QPoint centre = heatmap0->rect().center();
    QTest::mouseMove(heatmap0, centre);
    QTest::mouseClick(heatmap0, Qt::LeftButton, {}, centre);
    QTest::mouseDClick(heatmap0, Qt::LeftButton, {}, centre);
    for (int key : {Qt::Key_Plus, Qt::Key_Minus, Qt::Key_Left, Qt::Key_Down, Qt::Key_Home})
        QTest::keyClick(heatmap0, Qt::Key(key));
    QWheelEvent wheel(QPointF(centre), heatmap0->mapToGlobal(QPointF(centre)), {}, QPoint(0, 120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(heatmap0, &wheel);
    QCOMPARE(selected.count(), 0);
    QCOMPARE(lab()->selectedRow(), selectedBefore);
    // Every step of the one-hot animation draws (4 x 0: three ids; 0 x 5: none fit).
    embedlab::ui::OneHotAnimation *animation = m_window->animation();
    animation->pause();
    for (int step = 0; step < animation->stepCount(); ++step) {
        animation->setStep(step);
        for (double progress : {0.0, 0.5, 1.0}) {
            animation->setProgress(progress);
            QVERIFY(hasContent(m_window->oneHotView()->grab().toImage()));
        }
    }

    // The heatmap says that the matrix is empty, in the middle of its plot, instead of "No matrix".
    const QImage heatmap = Exporter::renderImage(m_window->embeddingHeatmap(), 1);
    const QRect middle(heatmap.width() / 4, heatmap.height() / 3, heatmap.width() / 2, heatmap.height() / 3);
    QVERIFY(hasContent(heatmap.copy(middle)));

    // .npy of the empty weight: a valid file with shape (V, D) and no data.
    const QString npy = m_dir.filePath(QStringLiteral("w-%1x%2.npy").arg(v).arg(d));
    QCOMPARE(Exporter::exportNpy(*lab()->embeddingWeight(), npy), QString());
    QFile file(npy);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY2(bytes.contains(QStringLiteral("'shape': (%1, %2)").arg(v).arg(d).toLatin1()), bytes.constData());
    const core::WeightIndex index = core::readNpy(std::span<const std::uint8_t>(
        reinterpret_cast<const std::uint8_t *>(bytes.constData()), bytes.size()));
    QCOMPARE(index.tensors.size(), std::size_t(1));
    QCOMPARE(index.tensors.front().shape, (core::Shape{v, d}));
}

void TestZeroSize::undoRedoTieUntie()
{
    QFETCH(qint64, v);
    QFETCH(qint64, d);
    const core::Matrix before(lab()->embeddingWeight()->value());
    setSizes(v, d);
    m_window->requestTie(true);
    QTRY_VERIFY_WITH_TIMEOUT(lab()->isTied(), kTimeout);
    QCOMPARE(lab()->lmHeadWeight(), lab()->embeddingWeight());
    m_window->untie(core::TiedModel::UntieMode::Reinitialize);
    QTRY_VERIFY_WITH_TIMEOUT(!lab()->isTied() && m_window->isIdle(), kTimeout);
    QCOMPARE(lab()->lmHeadWeight()->shape(), (core::Shape{v, d}));

    QUndoStack *stack = m_window->undoStack();
    while (stack->canUndo()) {
        stack->undo();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isIdle(), kTimeout);
    }
    QCOMPARE(lab()->modelConfig().numEmbeddings, core::Index(4));
    QCOMPARE(lab()->modelConfig().embeddingDim, core::Index(5));
    QVERIFY(lab()->embeddingWeight()->value() == before);
    QVERIFY(lab()->idsValid());
    while (stack->canRedo()) {
        stack->redo();
        QTRY_VERIFY_WITH_TIMEOUT(m_window->isIdle(), kTimeout);
    }
    QCOMPARE(lab()->modelConfig().numEmbeddings, v);
    QCOMPARE(lab()->modelConfig().embeddingDim, d);
    QVERIFY(!lab()->isTied());
}

void TestZeroSize::sessionRoundTrip()
{
    QFETCH(qint64, v);
    QFETCH(qint64, d);
    setSizes(v, d);
    // Tying and untying count as edits: the session then stores the (empty) weights as .npy files.
    m_window->requestTie(true);
    QTRY_VERIFY_WITH_TIMEOUT(lab()->isTied(), kTimeout);
    m_window->untie(core::TiedModel::UntieMode::Clone);
    QTRY_VERIFY_WITH_TIMEOUT(!lab()->isTied() && m_window->isIdle(), kTimeout);
    embedlab::ui::SessionController *classroom = m_window->sessions();
    QCOMPARE(classroom->weightsToStore().size(), 2);
    const QString file = m_dir.filePath(QStringLiteral("zero-%1x%2.embedlab").arg(v).arg(d));
    QCOMPARE(classroom->saveSession(file), QString());
    const QString output = m_window->codePanel()->outputText();

    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->isIdle(), kTimeout);
    QCOMPARE(m_window->sessions()->openSession(file), QString());
    QTRY_VERIFY_WITH_TIMEOUT(m_window->isIdle(), kTimeout);
    QCOMPARE(lab()->modelConfig().numEmbeddings, v);
    QCOMPARE(lab()->modelConfig().embeddingDim, d);
    QCOMPARE(m_window->codePanel()->outputText(), output);
}

void TestZeroSize::headlessExport()
{
    QFETCH(qint64, v);
    QFETCH(qint64, d);
    m_window.reset();
    QVERIFY(qobject_cast<QApplication *>(QCoreApplication::instance()));
    for (const char *view : {"heatmap", "onehot", "histogram", "unembedding", "window"}) {
        const QString out =
            m_dir.filePath(QStringLiteral("headless-%1-%2x%3.png").arg(QLatin1String(view)).arg(v).arg(d));
        const int code = embedlab::ui::runHeadlessExport(
            {QStringLiteral("embedlab"), QStringLiteral("--export"), QLatin1String(view),
             QStringLiteral("--out"), out, QStringLiteral("--num-embeddings"), QString::number(v),
             QStringLiteral("--embedding-dim"), QString::number(d)});
        QCOMPARE(code, 0);
        QVERIFY(hasContent(QImage(out)));
    }
}

void TestZeroSize::negativeSizesAreRefused()
{
    const QJsonArray negative = embedlab::testing::loadGolden(QStringLiteral("zero/zero.json"))
                                    .value(QStringLiteral("negative"))
                                    .toArray();
    QVERIFY(!negative.isEmpty());
    for (const QJsonValue &value : negative) {
        const QJsonObject c = value.toObject();
        Lab lab;
        QSignalSpy failed(&lab, &Lab::rebuildFailed);
        Lab::Config config = lab.config();
        config.numEmbeddings = c.value(QStringLiteral("num_embeddings")).toInteger();
        config.embeddingDim = c.value(QStringLiteral("embedding_dim")).toInteger();
        lab.setConfig(config);
        QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), kTimeout);
        QCOMPARE(failed.count(), 1);
        QCOMPARE(failed.at(0).at(0).toString(), text(c, "error"));
        QCOMPARE(lab.modelConfig().numEmbeddings, core::Index(4)); // the model in effect stays
    }
}

void TestZeroSize::emptyMatrixFromAFileIsLoaded()
{
    // numpy.zeros((0, 5), "float32") saved to .npy: copy_ into Embedding(0, 5).weight works in PyTorch.
    Lab lab;
    QSignalSpy failed(&lab, &Lab::rebuildFailed);
    lab.loadMatrix(std::make_shared<core::Parameter>(core::Shape{0, 5}), QStringLiteral("w.npy"),
                   QStringLiteral("array"), Lab::LoadRole::Embedding, false);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), kTimeout);
    QCOMPARE(failed.count(), 0);
    QCOMPARE(lab.modelConfig().numEmbeddings, core::Index(0));
    QCOMPARE(lab.modelConfig().embeddingDim, core::Index(5));
    QCOMPARE(lab.loadedFrom(), QStringLiteral("w.npy:array"));
}

void TestZeroSize::initialisersOnZeroByZero()
{
    // Embedding(0, 0): xavier_* divide by fan_in + fan_out = 0 and raise; the others are no-ops.
    const QJsonObject inits = embedlab::testing::loadGolden(QStringLiteral("zero/zero.json"))
                                  .value(QStringLiteral("inits_0x0"))
                                  .toObject();
    QVERIFY(!inits.isEmpty());
    for (auto it = inits.constBegin(); it != inits.constEnd(); ++it) {
        Lab lab;
        QSignalSpy refused(&lab, &Lab::initFailed);
        Lab::Config c = lab.config();
        c.numEmbeddings = 0;
        c.embeddingDim = 0;
        lab.setConfig(c);
        QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), kTimeout);
        QCOMPARE(lab.modelConfig().numEmbeddings, core::Index(0));
        lab.applyInit(QStringLiteral("embedding.weight"), it.key());
        QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), kTimeout);
        const QJsonObject expected = it.value().toObject();
        if (expected.contains(QStringLiteral("error"))) {
            QCOMPARE(refused.count(), 1);
            QCOMPARE(refused.at(0).at(0).toString(), text(expected, "error"));
        } else {
            QVERIFY2(refused.isEmpty(), qPrintable(it.key()));
            QCOMPARE(parameterRepr(lab.embeddingWeight()), text(expected, "repr"));
        }
    }
}

QTEST_MAIN(TestZeroSize)
#include "tst_zerosize.moc"
