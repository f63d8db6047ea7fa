// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/analysis/Neighbours.h"
#include "core/tensor/Parameter.h"
#include "ui/model/WorkerPool.h"

#include <QList>
#include <QObject>
#include <QPointF>
#include <QString>

#include <cstdint>
#include <memory>

namespace embedlab::ui {

class Lab;

/// One row as the neighbours panel shows it: its id, its token ("" when none is known), its
/// cosine similarity to the chosen row and its place on the principal plane.
struct NeighbourItem {
    qint64 id = 0;
    QString token;
    float cosine = 0.0f;
    QPointF point;
    bool operator==(const NeighbourItem &) const = default;
};

/// The rows of embedding.weight most like a chosen row, by cosine similarity, and the 2-D principal
/// plane of all rows to draw them on. Computed on a worker thread; the row norms and the plane are
/// cached per weights and dropped when the weights change (the next search builds them again).
class NeighbourSearch : public QObject {
    Q_OBJECT
public:
    static constexpr int kDefaultK = 10;
    static constexpr int kMaxK = 100;

    /// What a search found: `row`'s neighbours, best first, and the 2-D coordinates of `row`
    /// (first) and of each neighbour, in order.
    struct Result {
        qint64 row = -1;
        QList<core::Neighbour> neighbours;
        QList<QPointF> points;
        bool operator==(const Result &) const = default;
    };

    explicit NeighbourSearch(Lab *lab, QObject *parent = nullptr);

    /// How many neighbours a search lists, clamped to [1, kMaxK].
    void setK(int k);
    int k() const { return m_k; }
    /// Looks for the rows like `row` in the background; resultReady() or failed() follows.
    void search(qint64 row);
    /// The row of `text`: a row number ("15496"), a token as the tokenizer shows it ("Hello",
    /// " world"), or else the first token of its encoding; -1 when there is none.
    qint64 rowFor(const QString &text) const;
    const Result &result() const { return m_result; }
    /// result() with the tokens of the Lab's vocabulary: the chosen row, then its neighbours.
    QList<NeighbourItem> shownItems() const;
    /// True while a search runs.
    bool isRunning() const { return m_running; }
    /// How many searches went to a worker so far: a search asked for while another runs waits for
    /// it (and its norms and plane) instead of starting its own.
    int backgroundRuns() const { return m_backgroundRuns; }

Q_SIGNALS:
    void resultReady();
    void failed(const QString &message);
    void runningChanged(bool running);

private:
    struct Cache;
    struct Outcome;
    void onWeightsChanged();
    void start(const core::ParameterPtr &weight, qint64 row);
    static Outcome compute(const core::ParameterPtr &weight, const std::shared_ptr<const Cache> &cache,
                           qint64 row, int k);
    void finish(const Outcome &outcome, quint64 generation);

    Lab *m_lab;
    int m_k = kDefaultK;
    Result m_result;
    qint64 m_wanted = -1;
    // Only the newest search counts. At most one runs; the newest one asked meanwhile is pending.
    quint64 m_generation = 0;
    bool m_running = false;
    bool m_pending = false;
    bool m_announced = false; // runningChanged(true) was sent; false follows when the last one ends
    int m_backgroundRuns = 0;
    std::shared_ptr<const Cache> m_cache;
};

} // namespace embedlab::ui
