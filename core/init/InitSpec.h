// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/init/Generator.h"
#include "core/init/Init.h"
#include "core/tensor/Tensor.h"

#include <string>
#include <utility>
#include <vector>

namespace embedlab::core {

/// One `torch.nn.init.NAME_(tensor, **kwargs)` call, written `NAME[:key=value,...]` on the command
/// line and in sessions, e.g. `normal:mean=0,std=0.02` or `kaiming_normal:mode=fan_out,nonlinearity=relu`.
/// Parsing checks names and keywords as Python would (TypeError for an unknown keyword, ValueError for
/// a value that is not a number); values are checked by the initialiser itself when applied.
class InitSpec {
public:
    /// Every initialiser EmbedLab offers, in menu order (torch.nn.init names without the underscore).
    static const std::vector<std::string> &names();
    /// The keywords of `name` with their defaults as Python source text ("0.0", "'fan_in'").
    static std::vector<std::pair<std::string, std::string>> keywords(const std::string &name);
    /// A keyword's Python source text as the value it stands for: a string's quotes dropped
    /// ("'fan_in'" gives "fan_in"), anything else as it is.
    static std::string unquoted(const std::string &source);

    static InitSpec parse(const std::string &text);

    const std::string &name() const { return m_name; }
    /// Keyword value as given, or the default.
    std::string value(const std::string &key) const;
    double number(const std::string &key) const;

    /// Runs the initialiser on `t`, consuming `gen` exactly as PyTorch would.
    void apply(TensorSpan t, Generator &gen) const;
    /// `torch.nn.init.normal_(embedding.weight, mean=0.0, std=0.02)` - only the keywords given.
    std::string pythonCall(const std::string &tensorExpression) const;
    /// Canonical text that parse() accepts: `normal:mean=0,std=0.02`.
    std::string toString() const;
    /// The distribution the initialiser draws from for a tensor of this shape (for the histogram).
    init::Distribution distribution(const Shape &shape) const;

    bool operator==(const InitSpec &) const = default;

private:
    std::string m_name;
    std::vector<std::pair<std::string, std::string>> m_given; // in the order written
};

/// nn.Embedding's default: normal_(0, 1).
init::Distribution embeddingDefaultDistribution();
/// nn.Linear's default weight init kaiming_uniform_(a=sqrt(5)): uniform +-1/sqrt(in_features).
init::Distribution linearDefaultDistribution(Index inFeatures);

} // namespace embedlab::core
