// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QString>

class QFormLayout;
class QLayout;
class QWidget;

namespace embedlab::ui {

/// Every control is named after its own label, as the label reads on screen (issue #25 item 2):
/// never after its group's title (Qt's fallback for a control in a QGroupBox) nor after its current
/// value (Qt's fallback for a combo box). Descriptions need nothing: Qt takes them from tooltips.
class AccessibleNames {
public:
    /// `label` as a screen reader should say it: without the mnemonic's '&', markup or a final ':'.
    static QString plain(const QString &label);
    /// Names `control` after `label` (translated, as shown).
    static void nameAfter(QWidget *control, const QString &label);
    /// Names every control of `layout` (and of the widgets in it) that has no name and no text of
    /// its own after `label`: a form row whose field is a row of controls (a check box and its
    /// spin box, a field and its slider).
    static void nameControlsIn(QLayout *layout, const QString &label);
    /// Names every unnamed control under `root` that has a label: a QLabel's buddy, a QFormLayout's
    /// field (the window does this once it is built; parts that rebuild rows name them again).
    static void nameAll(QWidget *root);
    /// Names each field of `form` after its row's label (once more after rows are rebuilt).
    static void nameFormFields(QFormLayout *form);
};

} // namespace embedlab::ui
