// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/cli/CliNeighbours.h"

#include "core/analysis/Neighbours.h"
#include "core/cli/CliArgs.h"
#include "core/cli/CliFiles.h"
#include "core/format/JsonString.h"
#include "core/text/Tokenizer.h"

#include <cctype>
#include <cstdio>
#include <optional>

namespace embedlab::core {

int runNeighbours(const std::vector<std::string> &args, std::ostream &out)
{
    std::vector<std::string> positional;
    Index k = 10;
    std::optional<std::string> tokenizerPath;
    for (OptionReader r(args); r.next();) {
        const std::string &a = r.name();
        if (a == "--k")
            k = parseInt(r.value());
        else if (a == "--tokenizer")
            tokenizerPath = r.value();
        else if (a.size() > 1 && a[0] == '-' && !std::isdigit(static_cast<unsigned char>(a[1])))
            throw UsageError{"unknown option " + a + " for 'neighbours'"};
        else
            positional.push_back(a);
    }
    if (positional.size() != 2)
        throw UsageError{"'neighbours' needs FILE[:TENSOR] and ROW, got " +
                         std::to_string(positional.size()) + " arguments"};
    const Index row = parseInt(positional[1]);
    const CliTensor tensor = readCliTensor(positional[0]);
    const std::optional<Tokenizer> tokenizer =
        tokenizerPath ? std::optional<Tokenizer>(Tokenizer::fromFile(*tokenizerPath)) : std::nullopt;
    const TensorView view = tensor.view();
    // RowNeighbours only reads the matrix; TensorSpan is the core's one way to hand it over.
    const RowNeighbours neighbours(TensorSpan{const_cast<float *>(view.data), view.shape});
    char cosine[64];
    for (const Neighbour &n : neighbours.nearest(row, k)) {
        std::snprintf(cosine, sizeof cosine, "%.6f", static_cast<double>(n.cosine));
        out << n.id << '\t' << cosine;
        // A row past the vocabulary (a matrix padded to a round size) has no token: JSON's null.
        if (tokenizer)
            out << '\t' << (n.id < tokenizer->vocabSize() ? jsonString(tokenizer->tokenText(n.id)) : "null");
        out << '\n';
    }
    return 0;
}

} // namespace embedlab::core
