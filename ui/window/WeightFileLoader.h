// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/WeightFile.h"
#include "ui/model/Lab.h"

#include <QObject>
#include <QString>

#include <memory>
#include <utility>

class QWidget;

namespace embedlab::ui {

class Document;
class TensorPicker;

/// File > Open Weights and dropped weight files: opens a .npy, .safetensors or .gguf file off the UI
/// thread, lets the user pick a tensor (TensorPicker), converts it to float32 with progress and
/// cancel, and makes it a weight of the model as one undo step. The document keeps the file open for
/// the heatmap's tooltips on a quantised tensor (Document::setLoadedFile()).
class WeightFileLoader : public QObject {
    Q_OBJECT
public:
    /// Dialogs and the progress are window-modal over `window`.
    WeightFileLoader(QWidget *window, Document *document, QObject *parent = nullptr);

    /// True for the suffixes File > Open Weights offers (pickles included: they are refused with a
    /// message, never executed).
    static bool isWeightFile(const QString &path);

    /// Opens `path` and shows the tensor picker (tensorPickerShown()); failures go to openFailed()
    /// and a message box.
    void openFile(const QString &path);
    /// Converts `tensor` of `file` to float32 off the UI thread with progress, then makes it the
    /// embedding's or the Linear's weight as one undo step. Emits loaded() or openFailed().
    void loadTensor(std::shared_ptr<const core::WeightFile> file, const QString &tensor, Lab::LoadRole role,
                    bool tied);
    bool isLoading() const { return m_loading; }
    /// `embedlab FILE[:TENSOR]` and `--weights FILE[:TENSOR]`: opens FILE at once (headers only) and
    /// loads TENSOR as embedding.weight, with lm_head tied to it when `tie` is set or the file's model
    /// ties them (its head is absent, as in GPT-2 or a lone embedding). TENSOR may be left out when
    /// the file holds one tensor or one embedding. Returns why it cannot start, or "" once loading
    /// (loaded() or openFailed() follows).
    QString loadFromCommandLine(const QString &fileAndTensor, bool tie);
    /// FILE[:TENSOR] split at the last ':' unless the whole argument names an existing file.
    static std::pair<QString, QString> splitFileAndTensor(const QString &fileAndTensor);

Q_SIGNALS:
    void tensorPickerShown(embedlab::ui::TensorPicker *picker);
    void openFailed(const QString &message);
    void loaded(const QString &file, const QString &tensor);
    /// What the status bar should say; `timeoutMs` 0 keeps it until the next message.
    void message(const QString &text, int timeoutMs);
    /// isLoading() changed.
    void loadingChanged(bool loading);

private:
    struct Converted;
    void showError(const QString &title, const QString &message);
    void finishLoad(const Converted &converted, const QString &tensor, Lab::LoadRole role, bool tied);

    QWidget *m_window;
    Document *m_document;
    bool m_loading = false;
};

} // namespace embedlab::ui
