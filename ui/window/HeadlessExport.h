// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QStringList>

namespace embedlab::ui {

/// `embedlab --export heatmap|onehot|histogram|unembedding|neighbours|window --out FILE.png|.svg|.pdf
/// [--scale N] [--background window|white|transparent] [--marks] [--projector] [--language en|vi|zh] [--seed
/// S] [--num-embeddings V]
/// [--embedding-dim D] [--ids 2,3,1 | --text TEXT] [--tied] [--init SPEC]... [--session FILE.embedlab]
/// [--train] [--step N] [--size WxH]`: renders one view without showing a window (--text is typed in
/// text mode, --train takes one training step with the Training panel in front; --marks draws the
/// heatmap's selected and highlighted rows, left out otherwise). Returns the exit code:
/// 0 on success, 1 when the export fails, 2 for a bad command line (one line on stderr). Needs a
/// QApplication.
int runHeadlessExport(const QStringList &arguments);

} // namespace embedlab::ui
