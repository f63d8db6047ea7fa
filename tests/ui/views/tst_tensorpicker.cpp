// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Files.h"
#include "common/TestSettings.h"
#include "core/io/NpyWriter.h"
#include "core/io/SafetensorsWriter.h"
#include "core/io/WeightFile.h"
#include "ui/model/Lab.h"
#include "ui/model/PythonCode.h"
#include "ui/views/CodePanel.h"
#include "ui/views/TensorPicker.h"
#include "ui/window/MainWindow.h"

#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QtEndian>

#include <numeric>

using embedlab::ui::Lab;
using embedlab::ui::MainWindow;
using embedlab::ui::TensorPicker;
namespace core = embedlab::core;

/// Issue "real weights": a file's tensors are listed and any 2-D one becomes a layer's weight.
class TestTensorPicker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void listsSafetensors();
    void loadsNpyAsEmbedding();
    void loadsSafetensorsAsLinearThroughTheWindow();
    void loadsTheFilesOwnHeadBesideItsEmbedding();
    void aDamagedHeadLeavesTheEmbeddingLoaded();
    void picklesAreRefused();

private:
    QTemporaryDir m_dir;
    QString m_npy;
    QString m_safetensors;
    std::vector<float> m_values; // 6 x 3: 0, 0.5, 1, ...
};

void TestTensorPicker::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qRegisterMetaType<TensorPicker *>();
    embedlab::testing::resetAppSettings();
    QVERIFY(m_dir.isValid());
    m_values.resize(18);
    for (std::size_t i = 0; i < m_values.size(); ++i)
        m_values[i] = 0.5f * float(i);
    m_npy = m_dir.filePath(QStringLiteral("wte.npy"));
    core::writeNpy(m_npy.toStdString(), m_values.data(), {6, 3});
    m_safetensors = m_dir.filePath(QStringLiteral("model.safetensors"));
    const std::vector<float> bias(6, 0.0f);
    core::writeSafetensors(m_safetensors.toStdString(),
                           {{"wte.weight", m_values.data(), {6, 3}}, {"ln_f.bias", bias.data(), {6}}});
}

void TestTensorPicker::listsSafetensors()
{
    auto file = std::make_shared<const core::WeightFile>(core::WeightFile::open(m_safetensors.toStdString()));
    TensorPicker picker(file);
    QCOMPARE(picker.tensorNames().size(), 2);
    const int row = int(picker.tensorNames().indexOf(QStringLiteral("wte.weight")));
    QVERIFY(row >= 0);
    QCOMPARE(picker.cellText(row, 1), QStringLiteral("F32"));
    QCOMPARE(picker.cellText(row, 2), QStringLiteral("32"));
    QCOMPARE(picker.cellText(row, 3), QStringLiteral("[6, 3]"));
    // A plain type needs no note on what quantisation keeps and loses.
    QVERIFY(picker.shownQuantisationNote().isEmpty());
    // GPT-2 stores wte only: lm_head is absent because it is tied.
    QVERIFY2(picker.notesText().contains(QStringLiteral("absent because it is tied")),
             qPrintable(picker.notesText()));
    QVERIFY(picker.tieToEmbedding());
    // A 1-D tensor cannot be a weight matrix.
    QVERIFY(!TensorPicker::whyNotLoadable(file->tensor("ln_f.bias")).isEmpty());
    QVERIFY(picker.selectTensor(QStringLiteral("ln_f.bias")));
    QVERIFY(!picker.choose(Lab::LoadRole::Embedding));
    QVERIFY(picker.selectTensor(QStringLiteral("wte.weight")));
    QSignalSpy chosen(&picker, &TensorPicker::tensorChosen);
    QVERIFY(picker.choose(Lab::LoadRole::Embedding));
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.at(0).at(0).toString(), QStringLiteral("wte.weight"));
}

// Issue #28: a file that stores an untied pair (Llama 3's model.embed_tokens.weight and
// lm_head.weight) opens as that model: the embedding and the file's own head, not a drawn one, as
// one undoable step whose code loads both; tied, the head is the embedding.
void TestTensorPicker::loadsTheFilesOwnHeadBesideItsEmbedding()
{
    const QString path = m_dir.filePath(QStringLiteral("pair.safetensors"));
    std::vector<float> head(m_values.size());
    for (std::size_t i = 0; i < head.size(); ++i)
        head[i] = -0.25f * float(i);
    core::writeSafetensors(path.toStdString(), {{"model.embed_tokens.weight", m_values.data(), {6, 3}},
                                                {"lm_head.weight", head.data(), {6, 3}}});
    const core::WeightFile file = core::WeightFile::open(path.toStdString());
    QCOMPARE(file.lmHeadFor("model.embed_tokens.weight"), std::optional<std::string>("lm_head.weight"));
    QCOMPARE(file.lmHeadFor("lm_head.weight"), std::nullopt);

    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::weightsLoaded);
    const auto opened = std::make_shared<const core::WeightFile>(core::WeightFile::open(path.toStdString()));
    window.loadTensor(opened, QStringLiteral("model.embed_tokens.weight"), Lab::LoadRole::Embedding, false);
    QVERIFY(loaded.wait(10000));
    Lab *lab = window.lab();
    QVERIFY(!lab->isTied());
    QCOMPARE(lab->embeddingWeight()->value()(5, 2), 8.5f);
    QCOMPARE(lab->lmHeadWeight()->value()(5, 2), -4.25f);
    QCOMPARE(qint64(lab->parameterCount()), 36LL);
    const QString code = embedlab::ui::PythonCode::script(*lab);
    QVERIFY2(code.contains(QStringLiteral("f.get_tensor(\"model.embed_tokens.weight\")")), qPrintable(code));
    QVERIFY2(code.contains(QStringLiteral("f.get_tensor(\"lm_head.weight\")")), qPrintable(code));
    QCOMPARE(window.undoStack()->count(), 1);
    window.undoStack()->undo();
    QCOMPARE(lab->modelConfig().numEmbeddings, 4);
    window.undoStack()->redo();
    QCOMPARE(lab->lmHeadWeight()->value()(5, 2), -4.25f);

    window.loadTensor(opened, QStringLiteral("model.embed_tokens.weight"), Lab::LoadRole::Embedding, true);
    QVERIFY(loaded.wait(10000));
    QVERIFY(lab->isTied());
    QCOMPARE(lab->lmHeadWeight(), lab->embeddingWeight());
}

// Issue #28: a file whose lm_head.weight cannot be read (here FP8, which EmbedLab does not take) refused
// its embedding too. The embedding now comes alone, the head drawn, and a warning says why.
void TestTensorPicker::aDamagedHeadLeavesTheEmbeddingLoaded()
{
    const QByteArray header =
        R"({"model.embed_tokens.weight":{"dtype":"F32","shape":[6,3],"data_offsets":[0,72]},)"
        R"("lm_head.weight":{"dtype":"F8_E4M3","shape":[6,3],"data_offsets":[72,90]}})";
    QByteArray bytes(8, '\0');
    qToLittleEndian<quint64>(quint64(header.size()), bytes.data());
    bytes += header;
    bytes += QByteArray(reinterpret_cast<const char *>(m_values.data()), 72) + QByteArray(18, '\1');
    const QString path = m_dir.filePath(QStringLiteral("damaged_head.safetensors"));
    QVERIFY(embedlab::testing::writeFile(path, bytes));
    const auto opened = std::make_shared<const core::WeightFile>(core::WeightFile::open(path.toStdString()));
    QCOMPARE(opened->lmHeadFor("model.embed_tokens.weight"), std::optional<std::string>("lm_head.weight"));

    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::weightsLoaded);
    window.loadTensor(opened, QStringLiteral("model.embed_tokens.weight"), Lab::LoadRole::Embedding, false);
    QVERIFY(loaded.wait(10000));
    Lab *lab = window.lab();
    QCOMPARE(lab->embeddingWeight()->value()(5, 2), 8.5f);
    QVERIFY(!lab->isTied());
    QCOMPARE(lab->lmHeadWeight()->shape(), (core::Shape{6, 3}));
    const auto *warning = window.findChild<QMessageBox *>(QStringLiteral("weightsError"));
    QVERIFY(warning);
    QVERIFY2(warning->text().contains(QStringLiteral("F8_E4M3")), qPrintable(warning->text()));
}

void TestTensorPicker::loadsNpyAsEmbedding()
{
    auto file = std::make_shared<const core::WeightFile>(core::WeightFile::open(m_npy.toStdString()));
    TensorPicker picker(file);
    QCOMPARE(picker.tensorNames().size(), 1);
    const QString name = picker.tensorNames().first();

    Lab lab;
    lab.loadMatrix(file->toParameter(name.toStdString()), m_npy, name, Lab::LoadRole::Embedding, false);
    QCOMPARE(lab.modelConfig().numEmbeddings, 6);
    QCOMPARE(lab.modelConfig().embeddingDim, 3);
    QCOMPARE(lab.embeddingWeight()->shape(), core::Shape({6, 3}));
    QCOMPARE(lab.embeddingWeight()->value()(5, 2), 8.5f);
    // Embedding(6, 3) + Linear(3, 6, bias=False), untied: as PyTorch counts after loading.
    QCOMPARE(qint64(lab.parameterCount()), 36LL);
    QVERIFY(lab.loadedFrom().endsWith(QStringLiteral("wte.npy:") + name));
    const QString code = embedlab::ui::PythonCode::script(lab);
    QVERIFY2(code.contains(QStringLiteral("numpy.load(")), qPrintable(code));
    QVERIFY(!code.contains(QStringLiteral("torch.load")));
    QVERIFY(code.contains(QStringLiteral("embedding.weight.copy_(w)")));
    // Row lookups by id read the loaded rows.
    QVERIFY(lab.setIdsText(QStringLiteral("5")));
    QVERIFY(lab.hasPaths());
    QCOMPARE(lab.paths().call.data, std::vector<float>({7.5f, 8.0f, 8.5f}));
}

void TestTensorPicker::loadsSafetensorsAsLinearThroughTheWindow()
{
    MainWindow window;
    QSignalSpy shown(&window, &MainWindow::tensorPickerShown);
    window.openWeightsFile(m_safetensors);
    QVERIFY(shown.wait(10000));
    auto *picker = shown.at(0).at(0).value<TensorPicker *>();
    QVERIFY(picker);
    QSignalSpy loaded(&window, &MainWindow::weightsLoaded);
    QVERIFY(picker->selectTensor(QStringLiteral("wte.weight")));
    QVERIFY(picker->choose(Lab::LoadRole::LmHead));
    QVERIFY(loaded.wait(10000));
    Lab *lab = window.lab();
    QCOMPARE(lab->modelConfig().numEmbeddings, 6);
    QVERIFY(!lab->isTied());
    QCOMPARE(lab->lmHeadWeight()->value()(1, 0), 1.5f);
    // The code reads it as PyTorch's safetensors does for any dtype: safetensors.numpy has no
    // bfloat16, and the pasted code failed on every BF16 checkpoint.
    const QString code = embedlab::ui::PythonCode::script(*lab);
    QVERIFY2(
        code.contains(
            QStringLiteral("from safetensors import safe_open\nwith safe_open(\"") + m_safetensors +
            QStringLiteral("\", framework=\"pt\") as f:\n    w = f.get_tensor(\"wte.weight\").float()\n")),
        qPrintable(code));
    QVERIFY(!code.contains(QStringLiteral("import numpy")) && !code.contains(QStringLiteral("numpy.")));
    // Issue #29 item 6: Debian has no safetensors package; the first line says what to install, and
    // the absolute path says where it comes from.
    QCOMPARE(code.section(QLatin1Char('\n'), 0, 0),
             QStringLiteral("# Needs a package beyond torch and numpy: pip install safetensors"));
    QVERIFY2(code.contains(QStringLiteral("the file opened in EmbedLab")), qPrintable(code));
    QCOMPARE(window.undoStack()->count(), 1);
    window.undoStack()->undo();
    QCOMPARE(lab->modelConfig().numEmbeddings, 4);
    window.undoStack()->redo();
    QCOMPARE(lab->lmHeadWeight()->value()(1, 0), 1.5f);
}

void TestTensorPicker::picklesAreRefused()
{
    const QString pt = m_dir.filePath(QStringLiteral("model.pt"));
    QFile f(pt);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray("PK\x03\x04", 4) + QByteArray(64, '\0'));
    f.close();
    MainWindow window;
    QSignalSpy failed(&window, &MainWindow::weightsOpenFailed);
    window.openWeightsFile(pt);
    QVERIFY(failed.wait(10000));
    QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("convert"), Qt::CaseInsensitive),
             qPrintable(failed.at(0).at(0).toString()));
}

QTEST_MAIN(TestTensorPicker)
#include "tst_tensorpicker.moc"
