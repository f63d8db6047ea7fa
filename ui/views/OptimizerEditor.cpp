// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/OptimizerEditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLocale>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace embedlab::ui {

namespace {

/// A spin box that shows 0.1, 0.9, 1e-08 as Python prints them instead of a fixed number of decimals.
class PythonFloatSpinBox : public QDoubleSpinBox {
public:
    explicit PythonFloatSpinBox(QWidget *parent = nullptr)
        : QDoubleSpinBox(parent)
    {
        setDecimals(12);
        setKeyboardTracking(false);
    }

    QString textFromValue(double value) const override
    {
        return QString::number(value, 'g', QLocale::FloatingPointShortest);
    }
    double valueFromText(const QString &text) const override { return text.toDouble(); }
    QValidator::State validate(QString &text, int &) const override
    {
        if (text.isEmpty() || text == QLatin1String("-") || text.endsWith(QLatin1Char('e')) ||
            text.endsWith(QLatin1String("e-")) || text.endsWith(QLatin1Char('.')))
            return QValidator::Intermediate;
        bool ok = false;
        const double v = text.toDouble(&ok);
        if (!ok)
            return QValidator::Invalid;
        return v >= minimum() && v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
    }
};

} // namespace

OptimizerEditor::OptimizerEditor(QWidget *parent)
    : QGroupBox(tr("Optimiser"), parent)
    , m_kind(new QComboBox(this))
    , m_pages(new QStackedWidget(this))
{
    m_kind->setObjectName(QStringLiteral("optimizerKind"));
    m_kind->setAccessibleName(title()); // what it chooses, not its current value
    m_kind->addItem(QStringLiteral("torch.optim.SGD"));
    m_kind->addItem(QStringLiteral("torch.optim.Adam"));
    m_pages->addWidget(createSgdPage());
    m_pages->addWidget(createAdamPage());
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_kind);
    layout->addWidget(m_pages);
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_pages->setCurrentIndex(index);
        Q_EMIT edited();
    });
}

QDoubleSpinBox *OptimizerEditor::createSpin(QWidget *parent, const char *name, double min, double max,
                                            double step, double value, const QString &tip)
{
    auto *s = new PythonFloatSpinBox(parent);
    s->setObjectName(QLatin1String(name));
    s->setRange(min, max);
    s->setSingleStep(step);
    s->setValue(value);
    s->setToolTip(tip);
    connect(s, &QDoubleSpinBox::valueChanged, this, &OptimizerEditor::edited);
    return s;
}

QWidget *OptimizerEditor::createSgdPage()
{
    auto *sgdPage = new QWidget(m_pages);
    auto *sgdForm = new QFormLayout(sgdPage);
    sgdForm->setContentsMargins(0, 0, 0, 0);
    m_sgdLr = createSpin(sgdPage, "sgdLr", 0.0, 100.0, 0.05, 0.1, tr("Learning rate"));
    m_sgdMomentum = createSpin(sgdPage, "sgdMomentum", 0.0, 0.999, 0.1, 0.0,
                               tr("With momentum, rows looked up in earlier steps keep moving"));
    m_sgdDampening = createSpin(sgdPage, "sgdDampening", 0.0, 1.0, 0.1, 0.0, tr("Dampening for momentum"));
    m_sgdWeightDecay = createSpin(sgdPage, "sgdWeightDecay", 0.0, 10.0, 0.01, 0.0,
                                  tr("L2 penalty: adds weight_decay * W to every row's gradient"));
    m_sgdNesterov = new QCheckBox(sgdPage);
    m_sgdNesterov->setObjectName(QStringLiteral("sgdNesterov"));
    connect(m_sgdNesterov, &QCheckBox::toggled, this, &OptimizerEditor::edited);
    sgdForm->addRow(QStringLiteral("lr"), m_sgdLr);
    sgdForm->addRow(QStringLiteral("momentum"), m_sgdMomentum);
    sgdForm->addRow(QStringLiteral("dampening"), m_sgdDampening);
    sgdForm->addRow(QStringLiteral("weight_decay"), m_sgdWeightDecay);
    sgdForm->addRow(QStringLiteral("nesterov"), m_sgdNesterov);
    return sgdPage;
}

QWidget *OptimizerEditor::createAdamPage()
{
    auto *adamPage = new QWidget(m_pages);
    auto *adamForm = new QFormLayout(adamPage);
    adamForm->setContentsMargins(0, 0, 0, 0);
    m_adamLr = createSpin(adamPage, "adamLr", 0.0, 100.0, 0.01, 0.01, tr("Learning rate"));
    m_adamBeta1 =
        createSpin(adamPage, "adamBeta1", 0.0, 0.999999, 0.01, 0.9, tr("betas[0]: decay of exp_avg"));
    m_adamBeta2 =
        createSpin(adamPage, "adamBeta2", 0.0, 0.999999, 0.001, 0.999, tr("betas[1]: decay of exp_avg_sq"));
    m_adamEps = createSpin(adamPage, "adamEps", 0.0, 1.0, 1e-8, 1e-8, tr("Added to the denominator"));
    m_adamWeightDecay = createSpin(adamPage, "adamWeightDecay", 0.0, 10.0, 0.01, 0.0,
                                   tr("L2 penalty: adds weight_decay * W to every row's gradient"));
    m_adamAmsgrad = new QCheckBox(adamPage);
    m_adamAmsgrad->setObjectName(QStringLiteral("adamAmsgrad"));
    connect(m_adamAmsgrad, &QCheckBox::toggled, this, &OptimizerEditor::edited);
    adamForm->addRow(QStringLiteral("lr"), m_adamLr);
    adamForm->addRow(QStringLiteral("betas[0]"), m_adamBeta1);
    adamForm->addRow(QStringLiteral("betas[1]"), m_adamBeta2);
    adamForm->addRow(QStringLiteral("eps"), m_adamEps);
    adamForm->addRow(QStringLiteral("weight_decay"), m_adamWeightDecay);
    adamForm->addRow(QStringLiteral("amsgrad"), m_adamAmsgrad);
    return adamPage;
}

void OptimizerEditor::setConfig(const core::OptimizerConfig &config)
{
    {
        const QSignalBlocker block(this);
        setSgdOptions(config.sgd);
        setAdamOptions(config.adam);
        setKind(config.kind);
    }
    Q_EMIT edited();
}

core::OptimizerConfig OptimizerEditor::config() const
{
    core::OptimizerConfig config;
    config.kind = kind();
    config.sgd = sgdOptions();
    config.adam = adamOptions();
    return config;
}

void OptimizerEditor::setKind(core::OptimizerConfig::Kind kind)
{
    m_kind->setCurrentIndex(kind == core::OptimizerConfig::Kind::Sgd ? 0 : 1);
}

core::OptimizerConfig::Kind OptimizerEditor::kind() const
{
    return m_kind->currentIndex() == 0 ? core::OptimizerConfig::Kind::Sgd : core::OptimizerConfig::Kind::Adam;
}

void OptimizerEditor::setSgdOptions(const core::SGDOptions &options)
{
    {
        const QSignalBlocker b1(m_sgdLr), b2(m_sgdMomentum), b3(m_sgdDampening), b4(m_sgdWeightDecay),
            b5(m_sgdNesterov);
        m_sgdLr->setValue(options.lr);
        m_sgdMomentum->setValue(options.momentum);
        m_sgdDampening->setValue(options.dampening);
        m_sgdWeightDecay->setValue(options.weightDecay);
        m_sgdNesterov->setChecked(options.nesterov);
    }
    Q_EMIT edited();
}

core::SGDOptions OptimizerEditor::sgdOptions() const
{
    core::SGDOptions options;
    options.lr = m_sgdLr->value();
    options.momentum = m_sgdMomentum->value();
    options.dampening = m_sgdDampening->value();
    options.weightDecay = m_sgdWeightDecay->value();
    options.nesterov = m_sgdNesterov->isChecked();
    return options;
}

void OptimizerEditor::setAdamOptions(const core::AdamOptions &options)
{
    {
        const QSignalBlocker b1(m_adamLr), b2(m_adamBeta1), b3(m_adamBeta2), b4(m_adamEps),
            b5(m_adamWeightDecay), b6(m_adamAmsgrad);
        m_adamLr->setValue(options.lr);
        m_adamBeta1->setValue(options.beta1);
        m_adamBeta2->setValue(options.beta2);
        m_adamEps->setValue(options.eps);
        m_adamWeightDecay->setValue(options.weightDecay);
        m_adamAmsgrad->setChecked(options.amsgrad);
    }
    Q_EMIT edited();
}

core::AdamOptions OptimizerEditor::adamOptions() const
{
    core::AdamOptions options;
    options.lr = m_adamLr->value();
    options.beta1 = m_adamBeta1->value();
    options.beta2 = m_adamBeta2->value();
    options.eps = m_adamEps->value();
    options.weightDecay = m_adamWeightDecay->value();
    options.amsgrad = m_adamAmsgrad->isChecked();
    return options;
}

} // namespace embedlab::ui
