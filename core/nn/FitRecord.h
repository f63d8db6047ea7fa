// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/TextFit.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace embedlab::core {

class WeightFile;

/// A fit as a session keeps it (issue #27 item 5, "its weights at the current step"): the loss of
/// every step taken, the whole state at the step shown (the parameters and the optimiser's state,
/// so that the next step is the one the first run took) and what the map drew. Reopened, the run is
/// at that step without a step computed.
struct FitRecord {
    /// loss.item() of steps 1 .. n.
    std::vector<float> losses;
    /// The parameters and the optimiser at the step shown (state->step, 0 .. n).
    std::shared_ptr<const FitSnapshot> state;
    /// What the step that reached the step shown did; none at step 0.
    std::optional<FitStepReport> lastStep;
    /// The map's trail (MapTrail::flat()) and its points per noted step.
    std::vector<float> trail;
    std::size_t trailPoints = 0;
};

/// A run and, while it is compared, its twin (the same text with the other tying).
struct FitRecords {
    FitRecord run;
    std::optional<FitRecord> twin;
};

/// Writes `records` to `path` as float32 .safetensors (atomically), named as PyTorch names them
/// where it does: "emb.weight", "head.weight" (untied), "head.bias" (the script's modules) and
/// "optimizer.state.K.NAME" (its opt.state_dict()["state"][K][NAME]); then "losses", "map.trail"
/// [noted, points, 2], "last_step.looked_up_rows" and "last_step.changed_rows". The twin's tensors
/// carry the prefix "twin.". Metadata: "format" = "embedlab-fit", "version" = "1", and per record
/// "step" and "last_step.reasons" (core::FitChange flags), prefixed alike. Throws core::Error
/// (RuntimeError) when the file cannot be written.
void writeFitRecords(const std::string &path, const FitRecords &records);

/// Whether `file` is one writeFitRecords() wrote, and whether it holds a twin.
bool isFitRecordFile(const WeightFile &file);
bool hasTwinRecord(const WeightFile &file);

/// Reads the record of `file` under `prefix` ("" or "twin.") for `fit`, whose parameters and
/// optimiser give the shapes and the names of the state. Throws core::Error (ValueError) saying
/// what is missing or does not fit.
FitRecord readFitRecord(const WeightFile &file, const std::string &prefix, const TextFit &fit);

} // namespace embedlab::core
