// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QWidget>

#include <cstdint>
#include <vector>

class QComboBox;
class QLabel;
class QListWidget;

namespace embedlab::ui {

class FitSession;
class HeatmapView;

/// The weights of a fit as they learn (issue #27 item 3): emb.weight and head.weight at the step
/// shown, the rows the step that reached it changed bright and the others dimmed, a sentence saying
/// why those rows (sparse lookup, tying, Adam's moments), and the nearest tokens of a chosen one by
/// cosine. Passive: it renders its FitSession; refresh() after the session changed.
class FitWeightsView : public QWidget {
    Q_OBJECT
public:
    /// How many neighbours the list shows.
    static constexpr int kNeighbours = 5;

    explicit FitWeightsView(QWidget *parent = nullptr);
    /// The session shown (not owned); refresh() shows it.
    void setSession(const FitSession *session);
    /// Shows the session's weights, marks and neighbours as they are now.
    void refresh();

    HeatmapView *embeddingView() const { return m_embedding; }
    HeatmapView *headView() const { return m_head; }
    /// The token whose neighbours are listed: the map's tokens, and any row clicked in a heatmap.
    QComboBox *queryBox() const { return m_query; }
    QListWidget *neighbourList() const { return m_neighbours; }
    /// Which rows the last step changed, and why.
    QLabel *changeLabel() const { return m_why; }
    /// The sentence under the heatmaps for the session's step: what changed and why.
    static QString changeSentence(const FitSession &session);
    int heightForWidth(int width) const override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void keepMinimumHeight();
    /// The list as wide as the run's longest token (up to twelve characters), its cosine wrapping
    /// under it.
    void fitListWidth();
    void showWeights();
    void fillQueries();
    /// Asks for the neighbours of model row `row` (adds it to the choices when it is not there).
    void ask(int row);
    void showNeighbours();

    const FitSession *m_session = nullptr;
    HeatmapView *m_embedding;
    HeatmapView *m_head;
    QLabel *m_why;
    QComboBox *m_query;
    QListWidget *m_neighbours;
    std::uint64_t m_embeddingVersion = 0;
    std::uint64_t m_headVersion = 0;
    std::vector<std::int64_t> m_queriesFor; // the map's rows the choices were filled from
};

} // namespace embedlab::ui
