// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QCoreApplication>
#include <QString>

class QCommandLineParser;

namespace embedlab::ui {

/// `embedlab`'s options, in one list with one set of defaults: the window's (StartOptions) and
/// --export's (HeadlessExport) read the same parser, and `embedlab --help` prints all of them. An
/// option of one that the other does not read is refused by name. (embedlab-cli, a tool of its own
/// with PyTorch's defaults, keeps its list in core/cli.)
struct CommandLine {
    Q_DECLARE_TR_FUNCTIONS(embedlab::ui::CommandLine)
public:
    /// --help plus every option, each with its default (--preset reference, --step 1, --size
    /// 1400x860 for the window, --scale 1); the positional FILE argument.
    static void addOptions(QCommandLineParser &parser);
    /// The first option set on `parser` that the window (`forExport` false) or --export does not
    /// read, without its dashes; empty when there is none.
    static QString misplacedOption(const QCommandLineParser &parser, bool forExport);
};

} // namespace embedlab::ui
