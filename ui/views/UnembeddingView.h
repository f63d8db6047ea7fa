// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/TiedModel.h"
#include "core/tensor/Tensor.h"
#include "ui/model/ViewState.h"
#include "ui/model/Vocabulary.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSlider;
class QSpinBox;

namespace embedlab::ui {

class TokenBarChart;

/// The way back from a hidden vector to token scores: `logits = lm_head(h)` (h @ W.T (+ b)) and
/// `probs = softmax(logits / T)`, painted as two bar charts and printed as PyTorch prints them.
/// With tied weights and h = W[i] it reports which token really scores highest (usually, not always, i).
///
/// Passive: it reads the model it is given and never changes it. Call refresh() when the weights
/// change and setModel() again when the model object is replaced.
class UnembeddingView : public QWidget {
    Q_OBJECT
public:
    /// Vocabularies larger than this show only the top-k tokens by logit.
    static constexpr int kTopK = 20;
    /// Hidden vectors up to this size get one spin box per component; larger ones one text field.
    static constexpr int kMaxSpinBoxes = 16;

    explicit UnembeddingView(QWidget *parent = nullptr);
    ~UnembeddingView() override;

    /// Reads `model` (not owned; it must stay alive until setModel() is called again). nullptr
    /// clears the view. When embedding_dim changes, h becomes embedding.weight[0].
    void setModel(const core::TiedModel *model);
    const core::TiedModel *model() const { return m_model; }
    /// The tokens written under the bars' ids (none: ids only).
    void setVocabulary(const Vocabulary &vocabulary);
    /// The model's weights changed: recomputes the logits (lm_head(h) itself only when h or a version
    /// of lm_head's parameters changed: writers bump Parameter::version()). When h was copied from
    /// token i it is copied again, so it keeps meaning "the embedding of token i".
    void refresh();

    /// h = embedding.weight[token]. Returns false (and shows why) for a token outside [0, V).
    bool setHiddenFromToken(int token);
    /// h typed or computed elsewhere. Returns false (and shows why) unless it has embedding_dim values.
    bool setHidden(std::vector<float> hidden);
    /// torch.manual_seed(seed); h = torch.randn(embedding_dim).
    void setHiddenRandom(std::uint64_t seed);
    const std::vector<float> &hidden() const { return m_hidden; }
    /// The token h was copied from, or -1 when h was typed or drawn at random.
    int hiddenSourceToken() const { return m_sourceToken; }
    /// Where h comes from and the temperature, as the document keeps them.
    UnembeddingState state() const;
    /// Puts back what state() gave (a token out of range shows its error, as typed).
    void setState(const UnembeddingState &state);

    /// The softmax temperature T. Refused (returns false, shows why, keeps the previous T) unless it
    /// is finite and > 0: T = 0 would divide the logits by zero.
    bool setTemperature(double temperature);
    double temperature() const { return m_temperature; }

    /// lm_head(h), shape [V]; empty without a model.
    const core::Tensor &logits() const { return m_logits; }
    /// softmax(logits / T), shape [V]; empty without a model.
    const core::Tensor &probabilities() const { return m_probabilities; }
    /// torch.argmax(logits): the first maximum, or the first NaN as PyTorch returns; -1 without a model.
    int argmax() const { return m_argmax; }
    /// The sentence under the charts, e.g. "argmax(logits) = 1, not 0: ...".
    QString argmaxText() const;
    /// The tokens whose bars are shown, left to right: all V in order, or the top kTopK by logit.
    QList<int> shownTokens() const { return m_shownTokens; }
    /// print(logits) and print(probs) exactly as PyTorch 1.13 prints them.
    QString printedLogits() const { return m_printedLogits; }
    QString printedProbabilities() const { return m_printedProbabilities; }
    /// The last refusal (bad temperature, bad h, token out of range); empty when the last input was fine.
    QString errorMessage() const { return m_error; }

    /// The Python line that makes h ("h = embedding.weight[2].detach()", ...), as the transcript shows it.
    QString hiddenCode() const;
    /// The transcript's statements as a script that continues the code panel's (no `>>>`, the echoed
    /// values print()ed, typed values written out); empty until the logits are computed.
    QString scriptText() const;
    /// The transcript, `>>>` prompts and what Python echoed.
    QString transcriptText() const;
    /// What scriptText() prints: the values the transcript echoed, one print() each.
    QString echoedText() const;

    /// lm_head(h) over at least this many multiply-adds runs on a worker (Llama 3's 128256 x 4096 reads
    /// 2.1 GB: about 0.1 s at this machine's memory bandwidth); smaller ones run in place.
    static constexpr core::Index kBackgroundMultiplyAdds = core::Index{1} << 26;
    /// Another bound than kBackgroundMultiplyAdds (tests use small models).
    void setBackgroundMultiplyAdds(core::Index multiplyAdds) { m_backgroundMultiplyAdds = multiplyAdds; }
    /// True while a worker computes lm_head(h); the charts say so, and logits() is empty until then.
    bool isComputing() const { return m_computing; }

Q_SIGNALS:
    /// h changed (typed, random, copied from a token, or re-copied by refresh()).
    void hiddenChanged();
    /// An accepted temperature.
    void temperatureChanged(double temperature);
    /// isComputing() changed.
    void computingChanged(bool computing);
    /// The panel's Copy code button: the window copies the code panel's script and scriptText().
    void copyCodeRequested();

private:
    void rebuildHiddenEditor();
    void showHidden();
    void recompute();
    /// lm_head(h), or the last result when h and lm_head's parameters (object, storage, version) are
    /// the ones it was computed from: a new model reaches the view through setModel(), tiedChanged()
    /// and weightsChanged() in one go, and each pass over Llama 3's lm_head reads 2.1 GB (#15).
    core::Tensor forward() const;
    /// Starts lm_head(h) on a worker when it is big and not the remembered result; true while the view
    /// waits for it (one pass at a time: a stale result is followed by one more).
    bool forwardInBackground();
    void showComputing();
    void setComputing(bool computing);
    void recomputeProbabilities();
    void updateCharts();
    void setError(const QString &message);
    void onHiddenTextEdited();
    void onTemperatureEdited(double value);

    const core::TiedModel *m_model = nullptr;
    std::vector<float> m_hidden;
    int m_sourceToken = -1;
    Vocabulary m_vocabulary;
    std::uint64_t m_randomSeed = 0; // valid when m_hiddenIsRandom
    bool m_hiddenIsRandom = false;
    double m_temperature = 1.0;
    core::Tensor m_logits;
    /// What m_logits were computed from (weak: a new parameter at the old address is another one).
    struct ForwardInputs {
        std::weak_ptr<const core::Parameter> weight;
        std::weak_ptr<const core::Parameter> bias;
        const void *weightData = nullptr;
        std::uint64_t weightVersion = 0;
        std::uint64_t biasVersion = 0;
        std::vector<float> hidden;
        bool matches(const core::Linear &head, const std::vector<float> &h) const;
    };
    static ForwardInputs inputsOf(const core::Linear &head, const std::vector<float> &h);
    mutable std::optional<ForwardInputs> m_forwardInputs;
    mutable core::Tensor m_forwardResult;
    bool m_forwardRunning = false;
    bool m_computing = false; // as last announced by computingChanged()
    core::Index m_backgroundMultiplyAdds = kBackgroundMultiplyAdds;
    core::Tensor m_probabilities;
    int m_argmax = -1;
    QList<int> m_shownTokens;
    QString m_printedLogits;
    QString m_printedProbabilities;
    QStringList m_echoes; // what the transcript's expressions echoed, in order
    QString m_error;

    QLabel *m_formula = nullptr;
    QWidget *m_hiddenEditor = nullptr;
    QHBoxLayout *m_hiddenEditorLayout = nullptr;
    QList<QDoubleSpinBox *> m_hiddenSpins;
    QLineEdit *m_hiddenText = nullptr;
    QLabel *m_hiddenSource = nullptr;
    QSpinBox *m_token = nullptr;
    QPushButton *m_fromToken = nullptr;
    QSpinBox *m_seed = nullptr;
    QPushButton *m_random = nullptr;
    QDoubleSpinBox *m_temperatureSpin = nullptr;
    QSlider *m_temperatureSlider = nullptr;
    QLabel *m_errorLabel = nullptr;
    TokenBarChart *m_logitsChart = nullptr;
    TokenBarChart *m_probabilitiesChart = nullptr;
    QLabel *m_argmaxLabel = nullptr;
    QPushButton *m_copyCode = nullptr;
    QPlainTextEdit *m_printed = nullptr;
};

} // namespace embedlab::ui
