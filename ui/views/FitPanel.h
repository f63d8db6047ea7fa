// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Trainer.h"

#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSlider;
class QSpinBox;
class QStackedWidget;

namespace embedlab::ui {

class DialogComboBox;
class FitMapView;
class FitSession;
class FitWeightsView;
class LossChart;

/// The "Fit a Text" dock (issue #27): which text (a shipped one, or the user's own) and whether the head is
/// tied, Run/Pause, Step, the speed (steps per frame), the timeline to scrub back to any step taken, the loss
/// curve with ln V (a uniform guess) marked, and the map of the text's most frequent words, or in its place
/// the run's whole PyTorch script and what it prints. Passive: it shows its FitSession and changes it only
/// through the session's calls.
class FitPanel : public QWidget {
    Q_OBJECT
public:
    explicit FitPanel(QWidget *parent = nullptr);
    /// The session shown (not owned).
    void setSession(FitSession *session);
    /// Starts a run of the user's own `text` (what "Your own text..." does once its dialog is
    /// accepted); returns why it cannot (FitSession::checkOwnText()), "" when the run started.
    QString useOwnText(const QString &text);

    QComboBox *textBox() const { return m_text; }
    /// The tokens learnt: GPT-2's, characters, or the opened model's tokenizer (setModelTokenizer()).
    QComboBox *tokensBox() const { return m_tokens; }
    /// The tokenizer of the model the window shows, offered as the run's tokens: its source (a
    /// tokenizer file) while it can encode text, "" when there is none (or it is GPT-2's, offered anyway).
    void setModelTokenizer(const QString &source);
    /// The run's optimiser, "Adam(lr=0.01)"; opening it opens a FitOptimizerDialog.
    QComboBox *optimizerBox() const;
    /// Where the Training panel's optimiser (the document's) is read when the optimiser's dialog
    /// offers it.
    void setTrainingOptimizer(std::function<core::OptimizerConfig()> training);
    /// Runs the text again from step 0 with `config` (what the optimiser's dialog does once
    /// accepted); returns torch.optim's reason when it refuses the settings, "" when the run started.
    QString useOptimizer(const core::OptimizerConfig &config);
    QCheckBox *tiedBox() const { return m_tied; }
    QCheckBox *compareBox() const { return m_compare; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *stepButton() const { return m_step; }
    QSlider *timeline() const { return m_timeline; }
    QSpinBox *speedBox() const { return m_speed; }
    LossChart *lossChart() const { return m_chart; }
    FitMapView *mapView() const { return m_map; }
    /// The other tying's map, shown while comparing.
    FitMapView *twinMapView() const { return m_twinMap; }
    /// The least height at `width`: the wrapped lines make the panel height-for-width, and the dock's
    /// scroll area gives such a widget that height, so the preferred one (the chart's and map's
    /// comfortable size) left a scroll bar on a panel whose views could still shrink.
    int heightForWidth(int width) const override;
    /// "PyTorch script": shows the run's script and what it prints in place of the map.
    QPushButton *scriptButton() const { return m_showScript; }
    /// "Weights": shows emb.weight and head.weight as they learn, with the neighbours of a token,
    /// in place of the map.
    QPushButton *weightsButton() const { return m_showWeights; }
    FitWeightsView *weightsView() const { return m_weights; }
    QPlainTextEdit *scriptPane() const { return m_script; }
    QPlainTextEdit *printedPane() const { return m_printed; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refresh();
    /// Run and Pause take turns on one button: it is as wide as the wider of them, so that Step
    /// beside it does not move under the mouse when a run starts or stops.
    void keepRunButtonWidth();
    void restart();
    /// The tokens' choices (GPT-2, characters, the model's tokenizer and the run's), the run's chosen.
    void showTokens();
    /// "Your own text...": the dialog, then the run of its text (or back to the run's text).
    void askOwnText();
    /// "Optimiser...": the dialog, then the run with its settings.
    void askOptimizer();
    QWidget *createMapPage();
    QWidget *createScriptPage();
    /// The loss curve and the maps: this run's, and while comparing the other tying's.
    void refreshViews();
    /// The script and its printed lines, while they are shown.
    void refreshScript();
    /// The page in place of the map: the map (neither button down), the script or the weights.
    void showPage();

    FitSession *m_session = nullptr;
    QComboBox *m_text;
    QComboBox *m_tokens;
    QString m_modelTokenizer;
    DialogComboBox *m_optimizer;
    std::function<core::OptimizerConfig()> m_trainingOptimizer;
    QCheckBox *m_tied;
    QCheckBox *m_compare;
    QPushButton *m_run;
    QPushButton *m_step;
    QSlider *m_timeline;
    QSpinBox *m_speed;
    QLabel *m_status;
    QLabel *m_sizes;
    LossChart *m_chart;
    FitMapView *m_map;
    FitMapView *m_twinMap;
    QPushButton *m_showScript;
    QPushButton *m_showWeights;
    FitWeightsView *m_weights;
    QStackedWidget *m_mapOrScript;
    QPlainTextEdit *m_script = nullptr;
    QPlainTextEdit *m_printed = nullptr;
};

} // namespace embedlab::ui
