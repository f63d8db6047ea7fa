// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/WeightFileLoader.h"

#include "core/tensor/Error.h"
#include "ui/model/Document.h"
#include "ui/model/LabUndo.h"
#include "ui/model/WorkerPool.h"
#include "ui/views/TensorPicker.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QTimer>

#include <atomic>

namespace embedlab::ui {

struct WeightFileLoader::Converted {
    core::ParameterPtr tensor;
    /// The file's own lm_head beside an untied embedding it loads (issue #28), else empty.
    Lab::FileHead head{};
    QString error;
    bool cancelled = false;
    /// The file it came from and how the file stores it ("Q4_K").
    std::shared_ptr<const core::WeightFile> file{};
    QString element{};
    /// The file's tokenizer (beside it or inside it), when it has one.
    Vocabulary vocabulary{};
    QString vocabularyError{};
    /// Why the file's own lm_head could not be read (the embedding then comes alone, the head drawn).
    QString headError{};
};

namespace {

struct Opened {
    std::shared_ptr<const core::WeightFile> file;
    QString error;
};

Opened openOnWorker(const QString &path)
{
    // Headers are parsed and the file mapped; pickles are refused, never executed.
    try {
        return {std::make_shared<const core::WeightFile>(core::WeightFile::open(path.toStdString())), {}};
    } catch (const core::Error &e) {
        return {nullptr, QString::fromStdString(e.pythonText())};
    } catch (const std::exception &e) {
        return {nullptr, QStringLiteral("RuntimeError: %1").arg(QString::fromUtf8(e.what()))};
    }
}

} // namespace

WeightFileLoader::WeightFileLoader(QWidget *window, Document *document, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_document(document)
{}

bool WeightFileLoader::isWeightFile(const QString &path)
{
    static const QStringList suffixes = {
        QStringLiteral("npy"), QStringLiteral("safetensors"), QStringLiteral("gguf"), QStringLiteral("pt"),
        QStringLiteral("pth"), QStringLiteral("bin"),         QStringLiteral("ckpt")};
    return suffixes.contains(QFileInfo(path).suffix().toLower());
}

void WeightFileLoader::showError(const QString &title, const QString &message)
{
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, m_window);
    box->setObjectName(QStringLiteral("weightsError"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void WeightFileLoader::openFile(const QString &path)
{
    Q_EMIT message(tr("Opening %1 ...").arg(QFileInfo(path).fileName()), 0);
    runInBackground(
        this, [path] { return openOnWorker(path); },
        [this, path](const Opened &opened) {
            if (!opened.file) {
                Q_EMIT message(opened.error, 12000);
                showError(tr("Cannot open %1").arg(QFileInfo(path).fileName()), opened.error);
                Q_EMIT openFailed(opened.error);
                return;
            }
            Q_EMIT message(QString(), 0);
            auto *picker = new TensorPicker(opened.file, m_window);
            picker->setAttribute(Qt::WA_DeleteOnClose);
            connect(picker, &TensorPicker::tensorChosen, this,
                    [this, file = opened.file](const QString &name, Lab::LoadRole role, bool tied) {
                        loadTensor(file, name, role, tied);
                    });
            picker->open();
            Q_EMIT tensorPickerShown(picker);
        });
}

std::pair<QString, QString> WeightFileLoader::splitFileAndTensor(const QString &fileAndTensor)
{
    const qsizetype colon = fileAndTensor.lastIndexOf(QLatin1Char(':'));
    if (colon < 0 || QFileInfo::exists(fileAndTensor))
        return {fileAndTensor, QString()};
    return {fileAndTensor.left(colon), fileAndTensor.mid(colon + 1)};
}

QString WeightFileLoader::loadFromCommandLine(const QString &fileAndTensor, bool tie)
{
    const auto [path, named] = splitFileAndTensor(fileAndTensor);
    const Opened opened = openOnWorker(path);
    if (!opened.file)
        return opened.error;
    const auto absent = opened.file->absentTie();
    QString tensor = named;
    if (tensor.isEmpty() && opened.file->tensors().size() == 1)
        tensor = QString::fromStdString(opened.file->tensors().front().name);
    else if (tensor.isEmpty() && absent)
        tensor = QString::fromStdString(absent->present);
    if (tensor.isEmpty())
        return tr("%1 holds %2 tensors: name one as FILE:TENSOR (embedlab-cli inspect lists them).")
            .arg(path)
            .arg(opened.file->tensors().size());
    try {
        (void)opened.file->tensor(tensor.toStdString());
    } catch (const core::Error &e) {
        return QString::fromStdString(e.what());
    }
    const bool tied = tie || (absent && absent->present == tensor.toStdString());
    loadTensor(opened.file, tensor, Lab::LoadRole::Embedding, tied);
    return {};
}

void WeightFileLoader::loadTensor(std::shared_ptr<const core::WeightFile> file, const QString &tensor,
                                  Lab::LoadRole role, bool tied)
{
    if (m_loading) {
        Q_EMIT message(tr("A tensor is already being loaded."), 6000);
        return;
    }
    m_loading = true;
    Q_EMIT loadingChanged(true);
    auto fraction = std::make_shared<std::atomic<int>>(0);
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    auto *progress = new QProgressDialog(tr("Reading %1 ...").arg(tensor), tr("Cancel"), 0, 100, m_window);
    progress->setObjectName(QStringLiteral("loadProgress"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(400);
    progress->setAttribute(Qt::WA_DeleteOnClose);
    auto *poll = new QTimer(progress);
    connect(poll, &QTimer::timeout, progress, [progress, fraction] { progress->setValue(fraction->load()); });
    poll->start(50);
    connect(progress, &QProgressDialog::canceled, this, [cancel] { cancel->store(true); });
    // An untied embedding brings the file's own lm_head along (Llama 3's pair), read the same way.
    const std::optional<std::string> headName =
        role == Lab::LoadRole::Embedding && !tied ? file->lmHeadFor(tensor.toStdString()) : std::nullopt;
    const auto convert = [file, name = tensor.toStdString(), headName, fraction, cancel]() -> Converted {
        try {
            // Used where it lies (float32, bf16, f16) or decoded once, straight into the parameter the
            // model adopts: no other copy.
            const double parts = headName ? 2.0 : 1.0;
            const auto read = [&](const std::string &n, double part) {
                return file->toParameter(n, [&](double f) {
                    fraction->store(int((part + f) / parts * 100));
                    return !cancel->load();
                });
            };
            core::ParameterPtr t = read(name, 0.0);
            Lab::FileHead head;
            QString headError;
            try {
                if (t && headName) {
                    head = {read(*headName, 1.0), QString::fromStdString(*headName),
                            QString::fromLatin1(core::elementTypeName(file->tensor(*headName).element))};
                    if (!head.matrix)
                        t = nullptr;
                }
            } catch (const core::Error &e) { // a damaged head does not keep the embedding out
                head = {};
                headError = QString::fromStdString(e.pythonText());
            }
            if (!t)
                return {nullptr, {}, {}, true};
            Converted done{std::move(t), std::move(head), {}, false};
            done.headError = headError;
            done.file = file;
            done.element = QString::fromLatin1(core::elementTypeName(file->tensor(name).element));
            done.vocabulary =
                Vocabulary::findFor(QString::fromStdString(file->path()), &done.vocabularyError);
            return done;
        } catch (const core::Error &e) {
            return {nullptr, {}, QString::fromStdString(e.pythonText()), false};
        } catch (const std::bad_alloc &) {
            return {
                nullptr, {}, QStringLiteral("RuntimeError: DefaultCPUAllocator: not enough memory"), false};
        }
    };
    runInBackground(this, convert,
                    [this, tensor, role, tied,
                     progress = QPointer<QProgressDialog>(progress)](const Converted &converted) {
                        if (progress) {
                            progress->reset();
                            progress->close();
                        }
                        finishLoad(converted, tensor, role, tied);
                    });
}

void WeightFileLoader::finishLoad(const Converted &c, const QString &tensor, Lab::LoadRole role, bool tied)
{
    m_loading = false;
    const QString path = c.file ? QString::fromStdString(c.file->path()) : QString();
    if (c.cancelled) {
        Q_EMIT message(tr("Loading %1 was cancelled.").arg(tensor), 6000);
    } else if (!c.tensor) {
        showError(tr("Cannot load %1").arg(tensor), c.error);
        Q_EMIT openFailed(c.error);
    } else if (!m_document->undo()->loadMatrix(c.tensor, path, tensor, role, tied, c.vocabulary, c.element,
                                               c.head)) {
        Q_EMIT message(tr("%1 was not opened: the weights did not change.").arg(tensor), 8000);
    } else {
        m_document->setLoadedFile(c.file, tensor, c.tensor);
        if (!c.vocabularyError.isEmpty())
            showError(tr("The tokenizer cannot be used"), c.vocabularyError);
        else if (!c.vocabulary.encodingRefusal().isEmpty())
            Q_EMIT message(tr("The tokenizer's tokens label the rows, but text cannot be typed: %1")
                               .arg(c.vocabulary.encodingRefusal()),
                           12000);
        if (c.head.matrix)
            Q_EMIT message(tr("%1 and %2 [%3 x %4] from %5 are now embedding.weight and lm_head.weight")
                               .arg(tensor, c.head.tensor)
                               .arg(c.tensor->shape()[0])
                               .arg(c.tensor->shape()[1])
                               .arg(QFileInfo(path).fileName()),
                           12000);
        else
            Q_EMIT message(tr("%1 [%2 x %3] from %4 is now %5")
                               .arg(tensor)
                               .arg(c.tensor->shape()[0])
                               .arg(c.tensor->shape()[1])
                               .arg(QFileInfo(path).fileName(), role == Lab::LoadRole::Embedding
                                                                    ? QStringLiteral("embedding.weight")
                                                                    : QStringLiteral("lm_head.weight")),
                           12000);
        if (!c.headError.isEmpty())
            showError(tr("lm_head is initialised, not read from the file"),
                      tr("%1 was opened. The file's own lm_head could not be read, so lm_head starts "
                         "from nn.Linear's random initial values instead: %2")
                          .arg(tensor, c.headError));
        Q_EMIT loaded(path, tensor);
    }
    Q_EMIT loadingChanged(false);
}

} // namespace embedlab::ui
