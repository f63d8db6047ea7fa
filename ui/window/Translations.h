// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace embedlab::ui {

/// EmbedLab's languages: English, Tiếng Việt and 简体中文, with Qt's own translations of its
/// dialogs' standard buttons. The choice is remembered in the settings (ui/language).
class Translations {
    Q_DECLARE_TR_FUNCTIONS(embedlab::ui::Translations)

public:
    struct Language {
        QString code;       ///< "en", "vi", "zh"
        QString nativeName; ///< named in itself, so a user lost in a foreign UI finds their own
    };
    static QList<Language> languages();
    static QStringList codes();
    /// The remembered choice, else the system's language, else English.
    static QString preferredCode();
    /// Remembers `code` as the user's choice.
    static void remember(const QString &code);
    /// Installs the translations of `code` for the whole application, replacing the previous
    /// ones. False for an unknown code or translations missing from the build.
    static bool install(const QString &code);
    /// The code installed last ("en" before any).
    static QString installedCode();
};

} // namespace embedlab::ui
