// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QList>
#include <QString>

namespace embedlab::testing {

/// What the app shows after one scripted sequence of edits (issue #16 "the code panel's promise").
/// tests/golden/gen_codepanel.py runs `code` (and the transcript's `>>>` lines) through PyTorch and
/// commits what PyTorch printed; tst_codepanelgolden replays the sequences and compares.
struct CodePanelScenario {
    QString name;
    /// The code panel's Python, as "Copy code" copies it.
    QString code;
    /// The code panel's Output pane.
    QString output;
    /// The Unembedding panel's transcript, when the sequence uses it (else empty).
    QString transcript;
};

/// Drives a Lab, a CodePanel (and an UnembeddingView) through every sequence, in a fixed order.
/// Needs a QApplication. A sequence that cannot be driven (a refused step) yields an empty code.
QList<CodePanelScenario> runCodePanelScenarios();

} // namespace embedlab::testing
