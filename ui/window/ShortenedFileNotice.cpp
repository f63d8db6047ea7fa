// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/ShortenedFileNotice.h"

#include "core/io/MappingGuard.h"
#include "ui/window/WindowDialogs.h"

#include <QDir>
#include <QMainWindow>
#include <QSocketNotifier>
#include <QStatusBar>

#include <unistd.h>

namespace embedlab::ui {

ShortenedFileNotice::ShortenedFileNotice(QMainWindow *window)
    : QObject(window)
    , m_window(window)
{
    const int fd = core::mappingGuard::notifierFd();
    if (fd < 0)
        return;
    auto *notifier = new QSocketNotifier(fd, QSocketNotifier::Read, this);
    connect(notifier, &QSocketNotifier::activated, this, &ShortenedFileNotice::onFault);
}

QString ShortenedFileNotice::message(const QString &file)
{
    return tr("\u201c%1\u201d became shorter on disk while EmbedLab was reading it. What the file no "
              "longer holds reads as zeros from now on; nothing you did is lost. Open the file again to "
              "see what it holds now.")
        .arg(QDir::toNativeSeparators(file));
}

void ShortenedFileNotice::onFault()
{
    char bytes[64];
    while (::read(core::mappingGuard::notifierFd(), bytes, sizeof bytes) > 0) {
    }
    for (const std::string &file : core::mappingGuard::takeShortened()) {
        const QString text = message(QString::fromStdString(file));
        m_window->statusBar()->showMessage(text);
        WindowDialogs::showWarning(m_window, tr("A file changed on disk"), text);
    }
}

} // namespace embedlab::ui
