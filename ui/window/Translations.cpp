// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/Translations.h"

#include "ui/model/Settings.h"

#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>
#include <vector>

namespace embedlab::ui {

namespace {

const QString kLanguageKey = QStringLiteral("ui/language");

struct Installed {
    QString code = QStringLiteral("en");
    std::vector<std::unique_ptr<QTranslator>> translators;
};

Installed &installed()
{
    static Installed state;
    return state;
}

/// A translator for `file` from `directory`, or nullptr when the build or the system lacks it.
std::unique_ptr<QTranslator> loaded(const QString &file, const QString &directory)
{
    auto translator = std::make_unique<QTranslator>();
    if (!translator->load(file, directory))
        return nullptr;
    return translator;
}

/// The standard buttons' texts (QMessageBox, QDialogButtonBox) as Qt's platform theme asks for
/// them. Qt ships no Vietnamese catalogue (qtbase_vi.qm), so "Restart now?" got English Yes and No:
/// our catalogues translate them in Qt's own context. Listed here so that lupdate keeps them.
[[maybe_unused]] constexpr const char *kStandardButtons[] = {
    QT_TRANSLATE_NOOP("QPlatformTheme", "OK"),       QT_TRANSLATE_NOOP("QPlatformTheme", "Save"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Save All"), QT_TRANSLATE_NOOP("QPlatformTheme", "Open"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&Yes"),     QT_TRANSLATE_NOOP("QPlatformTheme", "Yes to &All"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "&No"),      QT_TRANSLATE_NOOP("QPlatformTheme", "N&o to All"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Abort"),    QT_TRANSLATE_NOOP("QPlatformTheme", "Retry"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Ignore"),   QT_TRANSLATE_NOOP("QPlatformTheme", "Close"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Cancel"),   QT_TRANSLATE_NOOP("QPlatformTheme", "Discard"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Help"),     QT_TRANSLATE_NOOP("QPlatformTheme", "Apply"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Reset"),    QT_TRANSLATE_NOOP("QPlatformTheme", "Restore Defaults"),
};

} // namespace

QList<Translations::Language> Translations::languages()
{
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("vi"), QStringLiteral("Ti\u1ebfng Vi\u1ec7t")},
            {QStringLiteral("zh"), QStringLiteral("\u7b80\u4f53\u4e2d\u6587")}};
}

QStringList Translations::codes()
{
    QStringList list;
    for (const Language &language : languages())
        list.append(language.code);
    return list;
}

QString Translations::preferredCode()
{
    const QString saved = appSettings().value(kLanguageKey).toString();
    if (codes().contains(saved))
        return saved;
    for (const QString &name : QLocale::system().uiLanguages()) {
        for (const QString &code : codes()) {
            if (name.startsWith(code))
                return code;
        }
    }
    return QStringLiteral("en");
}

void Translations::remember(const QString &code)
{
    appSettings().setValue(kLanguageKey, code);
}

bool Translations::install(const QString &code)
{
    if (!codes().contains(code))
        return false;
    const QString qtName = code == QLatin1String("zh") ? QStringLiteral("zh_CN") : code;
    std::vector<std::unique_ptr<QTranslator>> next;
    // English has a catalogue too: it holds the plural forms ("1 row", "2 rows").
    auto ours = loaded(QStringLiteral("embedlab_%1.qm").arg(qtName), QStringLiteral(":/i18n"));
    if (!ours)
        return false;
    next.push_back(std::move(ours));
    // Qt's own dialogs (Save, Cancel, ...) in the same language, when the system has them.
    if (code != QLatin1String("en")) {
        if (auto qt = loaded(QStringLiteral("qtbase_%1").arg(qtName),
                             QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            next.push_back(std::move(qt));
    }
    Installed &state = installed();
    for (const auto &translator : state.translators)
        QCoreApplication::removeTranslator(translator.get());
    state.translators = std::move(next);
    for (const auto &translator : state.translators)
        QCoreApplication::installTranslator(translator.get());
    state.code = code;
    return true;
}

QString Translations::installedCode()
{
    return installed().code;
}

} // namespace embedlab::ui
