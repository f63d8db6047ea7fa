// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/paint/ExportStyle.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace embedlab::ui {

/// File > Export's choices for a slide (issue #25 item 5): the PNG scale, the background (window
/// colour, white or transparent) and whether the selection marks are drawn in. Remembered in the
/// settings (export/scale, export/background, export/marks).
class ExportOptionsDialog : public QDialog {
    Q_OBJECT
public:
    struct Options {
        int scale = 2;
        ExportStyle style;
    };

    /// `raster`: the file is a PNG, whose scale can be chosen (SVG and PDF are vectors).
    ExportOptionsDialog(const Options &options, bool raster, QWidget *parent = nullptr);
    Options options() const;

    /// The choices remembered in the settings (scale 2, the window's background, no marks at first).
    static Options load();
    static void save(const Options &options);

private:
    QSpinBox *m_scale;
    QComboBox *m_background;
    QCheckBox *m_marks;
};

} // namespace embedlab::ui
