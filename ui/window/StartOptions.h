// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

class QApplication;

namespace embedlab::ui {

class MainWindow;

/// What `embedlab` was asked to do when it starts with a window (see `embedlab --help`).
struct StartOptions {
    QString preset = QStringLiteral("reference");
    /// Sessions to open (the desktop file passes the files a user opens: Exec=embedlab %F).
    QStringList sessionFiles;
    /// `embedlab FILE[:TENSOR]`: weight files to open (a positional argument that is not a session,
    /// by its .embedlab suffix or its JSON content).
    QStringList weightFiles;
    /// --screenshot FILE.png [--scenario NAME] [--step N] [--size WxH]
    QString screenshot;
    QString scenario;
    int step = 1;
    QSize size{1400, 860};
    /// --size was given: the window takes that size, on screen too.
    bool sizeGiven = false;
    /// --dump-session FILE: write the state once idle and exit.
    QString dumpSession;
    /// Autosave and crash recovery: the interactive app (and --dump-session, which shows what it
    /// restored), not screenshots, and not
    /// when EMBEDLAB_NO_RECOVERY is set (tests).
    bool recovery = true;

    /// Parses the application's arguments; prints the problem and returns nullopt on a bad one
    /// (--help and --version exit from here).
    static std::optional<StartOptions> parse(const QApplication &app);
    /// Applies the preset and the session, and starts the screenshot or the dump (which quit the
    /// application when done).
    void applyTo(MainWindow &window) const;
    /// Shows the window: at --size when given, else at its own (or saved) size when its frame fits
    /// the screen, else maximised - 1400 x 860 hid the status bar and the lowest panels of a
    /// 1366 x 768 classroom laptop under its screen's edge.
    void show(MainWindow &window) const;
};

/// Before QApplication exists: `--screenshot` and `--export` need no display.
void chooseHeadlessPlatform(int argc, char **argv);
/// True when the arguments ask for `--export` (HeadlessExport takes over).
bool isHeadlessExport(const QStringList &arguments);

} // namespace embedlab::ui
