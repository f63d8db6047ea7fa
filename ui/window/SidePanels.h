// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QObject>

class QComboBox;
class QDockWidget;
class QMainWindow;
class QWidget;

namespace embedlab::ui {

class CodePanel;
class Document;
class FitPanel;
class FitSession;
class InitHistogram;
class InitPanel;
class LayerPanel;
class NeighbourSearch;
class NeighboursPanel;
class PanelRegistry;
class TieController;
class TrainingPanel;
class UnembeddingView;

/// The window's side panels (layers, code, initialisers, histogram, unembedding, training,
/// neighbours, fit a text), each registered once in the PanelRegistry and bound to the document: each shows
/// the document's state and changes it only through the document, the Lab and the undo history.
class SidePanels : public QObject {
    Q_OBJECT
public:
    SidePanels(Document *document, QMainWindow *window, PanelRegistry *registry, TieController *ties);

    LayerPanel *layerPanel() const { return m_layerPanel; }
    CodePanel *codePanel() const { return m_codePanel; }
    InitPanel *initPanel() const { return m_initPanel; }
    InitHistogram *histogram() const { return m_histogram; }
    QComboBox *histogramTarget() const { return m_histogramTarget; }
    UnembeddingView *unembeddingView() const { return m_unembeddingView; }
    TrainingPanel *trainingPanel() const { return m_trainingPanel; }
    NeighbourSearch *neighbourSearch() const { return m_neighbours; }
    NeighboursPanel *neighboursPanel() const { return m_neighboursPanel; }
    FitSession *fitSession() const { return m_fitSession; }
    FitPanel *fitPanel() const { return m_fitPanel; }

    /// The histogram's sources from the Lab: what each weight's values come from (issue #24 item 6).
    void updateHistogramSources();

Q_SIGNALS:
    /// Something for the status bar.
    void message(const QString &text, int timeoutMs);
    /// A panel offers to open weights (the Neighbours panel, for trained ones): File > Open Weights.
    void openWeightsRequested();

private:
    void createLayerAndCode(QMainWindow *window);
    void createInitAndHistogram();
    void createUnembeddingAndTraining();
    void createNeighbours();
    void createFit();
    QWidget *createHistogramBox();
    void bindLayers(TieController *ties);
    void bindInit();
    void bindHistogram();
    void bindUnembedding();
    void bindTraining();
    void bindNeighbours();
    void showNeighbours();

    Document *m_document;
    PanelRegistry *m_registry;
    LayerPanel *m_layerPanel = nullptr;
    CodePanel *m_codePanel = nullptr;
    InitPanel *m_initPanel = nullptr;
    InitHistogram *m_histogram = nullptr;
    QComboBox *m_histogramTarget = nullptr;
    UnembeddingView *m_unembeddingView = nullptr;
    TrainingPanel *m_trainingPanel = nullptr;
    NeighbourSearch *m_neighbours = nullptr;
    NeighboursPanel *m_neighboursPanel = nullptr;
    QDockWidget *m_neighboursDock = nullptr;
    FitSession *m_fitSession = nullptr;
    FitPanel *m_fitPanel = nullptr;
};

} // namespace embedlab::ui
