// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/LayerPanel.h"

#include "core/format/PythonNumber.h"
#include "ui/paint/AccessibleNames.h"
#include "ui/paint/TextColors.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace embedlab::ui {

namespace {

QString colored(const QColor &color, const QString &text)
{
    return QStringLiteral("<b style=\"color:%1\">%2</b>").arg(color.name(), text.toHtmlEscaped());
}

QString code(const QString &html)
{
    return QStringLiteral("<span style=\"font-family:monospace\">%1</span>").arg(html);
}

QLabel *codeLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setTextFormat(Qt::RichText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    return label;
}

QString bytesText(std::uint64_t bytes)
{
    const QLocale locale;
    const QString exact = QCoreApplication::translate("embedlab::ui::LayerPanel", "%1 bytes (float32)")
                              .arg(locale.toString(qulonglong(bytes)));
    if (bytes < 1000000)
        return exact;
    // Both units: the documents say "~153 MB" (10^6), system monitors show MiB.
    return QCoreApplication::translate("embedlab::ui::LayerPanel", "%1 = %2 MB = %3 MiB")
        .arg(exact, locale.toString(double(bytes) / 1e6, 'f', 1),
             locale.toString(double(bytes) / (1024.0 * 1024.0), 'f', 1));
}

} // namespace

QColor LayerPanel::numEmbeddingsColor()
{
    return TextColors::numEmbeddings();
}
QColor LayerPanel::embeddingDimColor()
{
    return TextColors::embeddingDim();
}

LayerPanel::LayerPanel(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);

    auto *presets = new QHBoxLayout;
    auto *reference = new QPushButton(tr("Reference example"), this);
    reference->setObjectName(QStringLiteral("referencePreset"));
    reference->setToolTip(tr("torch.manual_seed(123), Embedding(4, 5), ids [2, 3, 1], as in the documents"));
    auto *gpt2 = new QPushButton(tr("GPT-2 small"), this);
    gpt2->setObjectName(QStringLiteral("gpt2Preset"));
    gpt2->setToolTip(tr("wte = Embedding(50257, 768), lm_head = Linear(768, 50257, bias=False), tied"));
    presets->addWidget(reference);
    presets->addWidget(gpt2);
    layout->addLayout(presets);
    connect(reference, &QPushButton::clicked, this,
            [this] { Q_EMIT presetRequested(Lab::Preset::Reference); });
    connect(gpt2, &QPushButton::clicked, this, [this] { Q_EMIT presetRequested(Lab::Preset::Gpt2Small); });

    auto *seedRow = new QFormLayout;
    m_seed = new QSpinBox(this);
    m_seed->setObjectName(QStringLiteral("seed"));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setToolTip(tr("torch.manual_seed(seed) runs before the constructors draw their weights"));
    seedRow->addRow(QStringLiteral("torch.manual_seed"), m_seed);
    layout->addLayout(seedRow);

    auto *embeddingBox = new QGroupBox(QStringLiteral("embedding = torch.nn.Embedding"), this);
    // The wrapped code lines sit in a box layout under the form: a QFormLayout's full-width rows gave
    // a two-line label one line's height under LANG=zh_CN.UTF-8 at 1024 x 768 (#16).
    auto *embeddingColumn = new QVBoxLayout(embeddingBox);
    auto *embeddingForm = new QFormLayout;
    embeddingColumn->addLayout(embeddingForm);
    m_numEmbeddings = new QSpinBox(embeddingBox);
    m_numEmbeddings->setObjectName(QStringLiteral("numEmbeddings"));
    m_numEmbeddings->setRange(0, 1000000);
    m_numEmbeddings->setToolTip(tr("Vocabulary size V: one row per token id"));
    m_embeddingDim = new QSpinBox(embeddingBox);
    m_embeddingDim->setObjectName(QStringLiteral("embeddingDim"));
    m_embeddingDim->setRange(0, 16384);
    m_embeddingDim->setToolTip(tr("Embedding size D: the length of each row"));
    auto *paddingRow = new QHBoxLayout;
    m_paddingEnabled = new QCheckBox(embeddingBox);
    m_paddingEnabled->setToolTip(tr("padding_idx: that row starts at zero and never gets a gradient"));
    m_paddingIdx = new QSpinBox(embeddingBox);
    m_paddingIdx->setObjectName(QStringLiteral("paddingIdx"));
    paddingRow->addWidget(m_paddingEnabled);
    paddingRow->addWidget(m_paddingIdx, 1);
    auto *maxNormRow = new QHBoxLayout;
    m_maxNormEnabled = new QCheckBox(embeddingBox);
    m_maxNormEnabled->setToolTip(tr("max_norm: looked-up rows longer than this are rescaled in place"));
    m_maxNorm = new QDoubleSpinBox(embeddingBox);
    m_maxNorm->setObjectName(QStringLiteral("maxNorm"));
    m_maxNorm->setRange(0.01, 1000.0);
    m_maxNorm->setDecimals(2);
    m_maxNorm->setSingleStep(0.1);
    maxNormRow->addWidget(m_maxNormEnabled);
    maxNormRow->addWidget(m_maxNorm, 1);
    auto colouredName = [](const QColor &c, const QString &name) {
        auto *l = new QLabel(colored(c, name));
        l->setTextFormat(Qt::RichText);
        return l;
    };
    embeddingForm->addRow(colouredName(numEmbeddingsColor(), QStringLiteral("num_embeddings")),
                          m_numEmbeddings);
    embeddingForm->addRow(colouredName(embeddingDimColor(), QStringLiteral("embedding_dim")), m_embeddingDim);
    embeddingForm->addRow(QStringLiteral("padding_idx"), paddingRow);
    embeddingForm->addRow(QStringLiteral("max_norm"), maxNormRow);
    m_embeddingCall = codeLabel(embeddingBox);
    m_embeddingCall->setObjectName(QStringLiteral("embeddingCall"));
    m_embeddingShape = codeLabel(embeddingBox);
    embeddingColumn->addWidget(m_embeddingCall);
    embeddingColumn->addWidget(m_embeddingShape);
    layout->addWidget(embeddingBox);

    auto *linearBox = new QGroupBox(QStringLiteral("lm_head = torch.nn.Linear"), this);
    auto *linearColumn = new QVBoxLayout(linearBox);
    m_linearFeatures = codeLabel(linearBox);
    m_linearFeatures->setToolTip(tr("lm_head maps an embedding (D values) back to one score per token (V)"));
    m_bias = new QCheckBox(QStringLiteral("bias"), linearBox);
    m_bias->setObjectName(QStringLiteral("bias"));
    m_bias->setToolTip(tr("bias: adds a learnable vector [out_features]; GPT-2's lm_head has none"));
    // On two lines, as a long assignment is broken in code: on one it was the widest control of the
    // Layers dock, which then left no room beside a guided lesson at 1024 px (#25).
    m_tied = new QCheckBox(QStringLiteral("lm_head.weight =\nembedding.weight"), linearBox);
    m_tied->setObjectName(QStringLiteral("tied"));
    m_tied->setAccessibleName(QStringLiteral("lm_head.weight = embedding.weight"));
    m_tied->setToolTip(tr("Weight tying: both layers share one storage, as in GPT-2. Possible because "
                          "both weights have the same shape [V, D]."));
    linearColumn->addWidget(m_linearFeatures);
    linearColumn->addWidget(m_bias);
    linearColumn->addWidget(m_tied);
    m_linearCall = codeLabel(linearBox);
    m_linearShape = codeLabel(linearBox);
    linearColumn->addWidget(m_linearCall);
    linearColumn->addWidget(m_linearShape);
    layout->addWidget(linearBox);

    auto *parametersBox = new QGroupBox(tr("Parameters"), this);
    auto *parametersLayout = new QVBoxLayout(parametersBox);
    m_parameters = new QLabel(parametersBox);
    m_parameters->setObjectName(QStringLiteral("parameterCount"));
    m_parameters->setWordWrap(true);
    m_parameters->setTextInteractionFlags(Qt::TextSelectableByMouse);
    parametersLayout->addWidget(m_parameters);
    layout->addWidget(parametersBox);
    layout->addStretch(1);

    for (QFormLayout *form : {seedRow, embeddingForm}) {
        // A field goes under its label when the dock is too narrow for both on one row.
        form->setRowWrapPolicy(QFormLayout::WrapLongRows);
        // Each field is named after its own label (num_embeddings...), not the group's title.
        AccessibleNames::nameFormFields(form);
    }

    // Typing "50257" must not build five models on the way.
    for (QSpinBox *box : {m_seed, m_numEmbeddings, m_embeddingDim, m_paddingIdx})
        box->setKeyboardTracking(false);
    m_maxNorm->setKeyboardTracking(false);
    for (QSpinBox *box : {m_seed, m_numEmbeddings, m_embeddingDim, m_paddingIdx})
        connect(box, &QSpinBox::valueChanged, this, &LayerPanel::emitEdited);
    connect(m_maxNorm, &QDoubleSpinBox::valueChanged, this, &LayerPanel::emitEdited);
    for (QCheckBox *box : {m_paddingEnabled, m_maxNormEnabled, m_bias})
        connect(box, &QCheckBox::toggled, this, &LayerPanel::emitEdited);
    // Tying is done in place on the current weights, not by rebuilding the model.
    connect(m_tied, &QCheckBox::clicked, this, [this](bool on) {
        const QSignalBlocker blocker(m_tied);
        m_tied->setChecked(m_lab && m_lab->isTied()); // shows the Lab's state until it changes
        Q_EMIT tieRequested(on);
    });
}

void LayerPanel::setLab(const Lab *lab)
{
    if (m_lab)
        disconnect(m_lab, nullptr, this, nullptr);
    m_lab = lab;
    if (!lab)
        return;
    connect(lab, &Lab::configChanged, this, &LayerPanel::showConfig);
    connect(lab, &Lab::modelRebuilt, this, &LayerPanel::showModel);
    connect(lab, &Lab::tiedChanged, this, &LayerPanel::showModel);
    showConfig();
    showModel();
}

void LayerPanel::emitEdited()
{
    if (!m_lab)
        return;
    Lab::Config c = m_lab->config();
    c.seed = static_cast<std::uint64_t>(m_seed->value());
    c.numEmbeddings = m_numEmbeddings->value();
    c.embeddingDim = m_embeddingDim->value();
    c.paddingIdx =
        m_paddingEnabled->isChecked() ? std::optional<core::Index>(m_paddingIdx->value()) : std::nullopt;
    c.maxNorm = m_maxNormEnabled->isChecked() ? std::optional<double>(m_maxNorm->value()) : std::nullopt;
    c.lmHeadBias = m_bias->isChecked();
    c.tied = m_lab->isTied();
    m_paddingIdx->setEnabled(m_paddingEnabled->isChecked());
    m_maxNorm->setEnabled(m_maxNormEnabled->isChecked());
    if (!(c == m_lab->config()))
        Q_EMIT configEdited(c);
}

void LayerPanel::showConfig()
{
    const Lab::Config &c = m_lab->config();
    const QList<QWidget *> editors = {m_seed,           m_numEmbeddings, m_embeddingDim,
                                      m_paddingEnabled, m_paddingIdx,    m_maxNormEnabled,
                                      m_maxNorm,        m_bias,          m_tied};
    QList<std::shared_ptr<QSignalBlocker>> blockers;
    for (QWidget *w : editors)
        blockers.append(std::make_shared<QSignalBlocker>(w));

    m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(c.seed, std::numeric_limits<int>::max())));
    m_numEmbeddings->setValue(static_cast<int>(c.numEmbeddings));
    m_embeddingDim->setValue(static_cast<int>(c.embeddingDim));
    // PyTorch accepts padding_idx in [-V, V) and stores it normalised.
    m_paddingIdx->setRange(static_cast<int>(-c.numEmbeddings), static_cast<int>(c.numEmbeddings - 1));
    m_paddingEnabled->setChecked(c.paddingIdx.has_value());
    m_paddingIdx->setEnabled(c.paddingIdx.has_value());
    if (c.paddingIdx)
        m_paddingIdx->setValue(static_cast<int>(*c.paddingIdx));
    m_maxNormEnabled->setChecked(c.maxNorm.has_value());
    m_maxNorm->setEnabled(c.maxNorm.has_value());
    if (c.maxNorm)
        m_maxNorm->setValue(*c.maxNorm);
    m_bias->setChecked(c.lmHeadBias);
    m_tied->setChecked(m_lab->isTied());

    const QString v = colored(numEmbeddingsColor(), QString::number(c.numEmbeddings));
    const QString d = colored(embeddingDimColor(), QString::number(c.embeddingDim));
    const QString vName = colored(numEmbeddingsColor(), QStringLiteral("num_embeddings"));
    const QString dName = colored(embeddingDimColor(), QStringLiteral("embedding_dim"));
    const QString inName = colored(embeddingDimColor(), QStringLiteral("in_features"));
    const QString outName = colored(numEmbeddingsColor(), QStringLiteral("out_features"));
    const QString bias = c.lmHeadBias ? QStringLiteral("True") : QStringLiteral("False");

    // The constructor call with every argument that differs from its default, as the code has it.
    QString options;
    if (c.paddingIdx)
        options += QStringLiteral(", padding_idx=%1").arg(*c.paddingIdx);
    if (c.maxNorm)
        options += QStringLiteral(", max_norm=%1").arg(QString::fromStdString(core::pythonFloat(*c.maxNorm)));
    m_embeddingCall->setText(
        code(QStringLiteral("Embedding(%1=%2, %3=%4%5)").arg(vName, v, dName, d, options)));
    m_embeddingShape->setText(
        code(QStringLiteral("&rarr; weight [%1, %2] = [%3, %4]").arg(v, d, vName, dName)));
    m_linearFeatures->setText(code(QStringLiteral("%1 = %2 &nbsp; %3 = %4").arg(inName, d, outName, v)));
    m_linearCall->setText(
        code(QStringLiteral("Linear(%1=%2, %3=%4, bias=%5)").arg(inName, d, outName, v, bias)));
    m_linearShape->setText(
        code(QStringLiteral("&rarr; weight [%1, %2] = [%3, %4]").arg(v, d, outName, inName) +
             (c.lmHeadBias ? QStringLiteral(", bias [%1]").arg(v) : QString())));
    m_linearShape->setToolTip(tr("The same shape as embedding.weight although the arguments come in the "
                                 "opposite order: Linear stores [out_features, in_features]."));
}

void LayerPanel::showModel()
{
    {
        const QSignalBlocker blocker(m_tied);
        m_tied->setChecked(m_lab->isTied());
    }
    const QLocale locale;
    const Lab::Config &c = m_lab->modelConfig();
    const qint64 vd = c.numEmbeddings * c.embeddingDim;
    QString breakdown = QStringLiteral("embedding.weight %1").arg(locale.toString(vd));
    if (!m_lab->isTied())
        breakdown += QStringLiteral(" + lm_head.weight %1").arg(locale.toString(vd));
    else
        breakdown += tr(" (lm_head.weight is the same storage, counted once)");
    if (c.lmHeadBias)
        breakdown += QStringLiteral(" + lm_head.bias %1").arg(locale.toString(qint64(c.numEmbeddings)));
    m_parameters->setText(tr("<b>%1</b> parameters<br>%2<br>%3")
                              .arg(locale.toString(qint64(m_lab->parameterCount())),
                                   breakdown.toHtmlEscaped(), bytesText(m_lab->parameterBytes())));
}

} // namespace embedlab::ui
