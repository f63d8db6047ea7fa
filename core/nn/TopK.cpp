// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/TopK.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace embedlab::core {

Index argmax(const Tensor &t)
{
    Index best = -1;
    for (Index i = 0; i < t.numel(); ++i) {
        const float v = t.data[static_cast<std::size_t>(i)];
        if (std::isnan(v))
            return i;
        if (best < 0 || v > t.data[static_cast<std::size_t>(best)])
            best = i;
    }
    return best;
}

std::vector<Index> topK(const Tensor &t, Index k)
{
    std::vector<Index> order(static_cast<std::size_t>(t.numel()));
    std::iota(order.begin(), order.end(), Index{0});
    k = std::clamp<Index>(k, 0, t.numel());
    const auto &x = t.data;
    std::partial_sort(order.begin(), order.begin() + k, order.end(), [&x](Index a, Index b) {
        const float va = x[static_cast<std::size_t>(a)];
        const float vb = x[static_cast<std::size_t>(b)];
        if (std::isnan(va) != std::isnan(vb))
            return std::isnan(va);
        if (va != vb && !std::isnan(va))
            return va > vb;
        return a < b;
    });
    order.resize(static_cast<std::size_t>(k));
    return order;
}

} // namespace embedlab::core
