// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/ElementType.h"
#include "ui/model/Lab.h"

#include <QString>

#include <optional>

namespace embedlab::ui {

/// Where the values a weight holds come from, read from the Lab's history through ties and unties:
/// what the views say of them. Random weights say they are random (issue #26: GPT-2 small's preset
/// is seeded normal_, and its neighbours mean nothing), loaded ones name the file and how it stores
/// them (issue #30: Q4_K, 4.5 bits per weight).
struct WeightOrigin {
    /// The initialiser the values were drawn from, as PyTorch names it ("normal_",
    /// "kaiming_uniform_"), while no training step has moved them; empty otherwise.
    QString untrainedInit;
    /// The Load operation the values come from, when they were loaded.
    std::optional<Lab::Operation> load;
    /// Loaded, and neither an initialiser nor a training step has written them since: the values
    /// are the file's.
    bool asLoaded = false;

    /// How the file stores the loaded values (Operation::element), when known.
    std::optional<core::ElementType> element() const;
    /// element() when it is a ggml block type and the values are still the file's: their blocks and
    /// levels are there to see.
    std::optional<core::ElementType> quantisedAsLoaded() const;

    /// `target` ("embedding.weight", "lm_head.weight", "lm_head.bias") of `lab`'s model.
    static WeightOrigin of(const Lab &lab, const QString &target);
};

} // namespace embedlab::ui
