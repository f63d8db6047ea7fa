// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/NeighbourSearch.h"

#include "core/tensor/Error.h"
#include "ui/model/Lab.h"

#include <algorithm>
#include <exception>
#include <optional>
#include <utility>

namespace embedlab::ui {

/// The norms and the plane of one version of the weights (the parameter is kept alive with them).
struct NeighbourSearch::Cache {
    core::ParameterPtr weight;
    std::uint64_t version = 0;
    std::shared_ptr<const core::RowNeighbours> neighbours;
    core::Projection2d plane;
};

struct NeighbourSearch::Outcome {
    std::shared_ptr<const Cache> cache;
    Result result;
    QString error;
};

NeighbourSearch::NeighbourSearch(Lab *lab, QObject *parent)
    : QObject(parent)
    , m_lab(lab)
{
    connect(lab, &Lab::weightsChanged, this, &NeighbourSearch::onWeightsChanged);
    connect(lab, &Lab::modelRebuilt, this, &NeighbourSearch::onWeightsChanged);
}

void NeighbourSearch::setK(int k)
{
    k = std::clamp(k, 1, kMaxK);
    if (k == m_k)
        return;
    m_k = k;
    if (m_wanted >= 0)
        search(m_wanted);
}

void NeighbourSearch::onWeightsChanged()
{
    // The norms and the plane belong to the old values: the next search builds them again (the
    // window searches again while the panel is shown), and a running search is out of date.
    m_cache.reset();
    ++m_generation;
}

void NeighbourSearch::search(qint64 row)
{
    m_wanted = row;
    const core::ParameterPtr weight = m_lab->embeddingWeight();
    if (!weight || row < 0 || row >= weight->rows()) {
        ++m_generation;
        m_pending = false;
        Q_EMIT failed(tr("Row %1 is not a row of embedding.weight (0 to %2).")
                          .arg(row)
                          .arg(weight ? weight->rows() - 1 : -1));
        return;
    }
    ++m_generation;
    if (m_running) {
        // One search at a time: the running one is out of date, but the norms and the plane it
        // builds serve this row too. Clicking five rows of GPT-2 builds them once, not five times.
        m_pending = true;
        return;
    }
    start(weight, row);
}

void NeighbourSearch::start(const core::ParameterPtr &weight, qint64 row)
{
    std::shared_ptr<const Cache> cache = m_cache;
    if (cache && (cache->weight != weight || cache->version != weight->version()))
        cache.reset();
    const int k = m_k;
    const quint64 generation = m_generation;
    m_running = true;
    if (!std::exchange(m_announced, true))
        Q_EMIT runningChanged(true);
    ++m_backgroundRuns;
    runInBackground(
        this, [weight, cache, row, k] { return compute(weight, cache, row, k); },
        [this, generation](const Outcome &out) { finish(out, generation); });
}

NeighbourSearch::Outcome NeighbourSearch::compute(const core::ParameterPtr &weight,
                                                  const std::shared_ptr<const Cache> &cache, qint64 row,
                                                  int k)
{
    Outcome out{cache, {}, {}};
    try {
        if (!out.cache) {
            auto built = std::make_shared<Cache>();
            built->weight = weight;
            built->version = weight->version();
            // bf16 or f16 words in place are read a few rows at a time: no float32 copy (issue #28).
            built->neighbours = std::make_shared<const core::RowNeighbours>(core::RowSource(weight));
            built->plane = core::principalPlane(core::RowSource(weight));
            out.cache = std::move(built);
        }
        const core::RowSource span(weight);
        out.result.row = row;
        for (const core::Neighbour &n : out.cache->neighbours->nearest(row, k))
            out.result.neighbours.append(n);
        const auto point = [&](std::int64_t r) {
            const std::array<float, 2> p = out.cache->plane.project(span, r);
            return QPointF(p[0], p[1]);
        };
        out.result.points.append(point(row));
        for (const core::Neighbour &n : out.result.neighbours)
            out.result.points.append(point(n.id));
    } catch (const std::exception &e) {
        out.error = QString::fromUtf8(e.what());
    }
    return out;
}

void NeighbourSearch::finish(const Outcome &out, quint64 generation)
{
    const core::ParameterPtr weight = m_lab->embeddingWeight();
    // Kept even when the search itself is stale: it still describes the weights if they have not
    // changed since, and the pending search starts from it.
    if (out.cache && weight && out.cache->weight == weight && out.cache->version == weight->version())
        m_cache = out.cache;
    if (generation == m_generation) {
        if (!out.error.isEmpty()) {
            Q_EMIT failed(out.error);
        } else {
            m_result = out.result;
            Q_EMIT resultReady();
        }
    }
    m_running = false;
    if (std::exchange(m_pending, false))
        search(m_wanted);
    if (!m_running && std::exchange(m_announced, false))
        Q_EMIT runningChanged(false);
}

qint64 NeighbourSearch::rowFor(const QString &text) const
{
    const core::ParameterPtr weight = m_lab->embeddingWeight();
    const qint64 rows = weight ? weight->rows() : 0;
    bool isNumber = false;
    const qint64 number = text.trimmed().toLongLong(&isNumber);
    if (isNumber)
        return number >= 0 && number < rows ? number : -1;
    const Vocabulary &vocabulary = m_lab->vocabulary();
    if (!vocabulary.isKnown() || text.isEmpty())
        return -1;
    std::optional<qint64> id = vocabulary.find(text);
    if (!id) {
        const QList<qint64> ids = vocabulary.encode(text);
        if (!ids.isEmpty())
            id = ids.front();
    }
    return id && *id < rows ? *id : -1;
}

} // namespace embedlab::ui

namespace embedlab::ui {

QList<NeighbourItem> NeighbourSearch::shownItems() const
{
    QList<NeighbourItem> items;
    if (m_result.row < 0)
        return items;
    const Vocabulary &vocabulary = m_lab->vocabulary();
    items.append({m_result.row, vocabulary.label(m_result.row), 1.0f, m_result.points.value(0)});
    for (qsizetype i = 0; i < m_result.neighbours.size(); ++i) {
        const core::Neighbour &n = m_result.neighbours[i];
        items.append({n.id, vocabulary.label(n.id), n.cosine, m_result.points.value(i + 1)});
    }
    return items;
}

} // namespace embedlab::ui
