// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/InitPanel.h"

#include "core/init/Generator.h"
#include "core/tensor/Error.h"
#include "core/tensor/Tensor.h"
#include "ui/model/PythonCode.h"
#include "ui/paint/AccessibleNames.h"
#include "ui/paint/TextColors.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace embedlab::ui {

namespace {

constexpr int kSliderSteps = 1000;
constexpr int kFirstEditorRow = 1; // right below the initialiser

// Python's float() for the "is this the default?" comparison only; the real parsing is core's.
std::optional<double> asNumber(const QString &text)
{
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

QString sliderText(double v)
{
    // Three significant decimals of the slider's resolution; -0 would read oddly.
    const double rounded = std::round(v * 1000.0) / 1000.0;
    return QString::number(rounded == 0.0 ? 0.0 : rounded, 'g', 6);
}

} // namespace

InitPanel::InitPanel(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);

    // One form, so the keyword rows line up with the rest; they sit right under the initialiser.
    auto *top = new QFormLayout;
    m_form = top;
    m_name = new QComboBox(this);
    m_name->setObjectName(QStringLiteral("initializer"));
    for (const std::string &n : core::InitSpec::names())
        m_name->addItem(QString::fromStdString(n + "_"), QString::fromStdString(n));
    connect(m_name, &QComboBox::activated, this,
            [this](int index) { chooseInitializer(m_name->itemData(index).toString()); });
    top->addRow(tr("&Initialiser:"), m_name);

    m_target = new QComboBox(this);
    m_target->setObjectName(QStringLiteral("target"));
    connect(m_target, &QComboBox::currentIndexChanged, this, [this] {
        showState();
        if (m_syncing)
            return;
        // Another tensor is another decision: what was edited for the previous one stays its own.
        endGesture();
        Q_EMIT draftEdited();
    });
    top->addRow(tr("Appl&y to:"), m_target);

    auto *seedRow = new QHBoxLayout;
    m_seedEnabled = new QCheckBox(tr("torch.manual_seed"), this);
    m_seedEnabled->setObjectName(QStringLiteral("seedEnabled"));
    m_seedEnabled->setToolTip(
        tr("Reseed the generator first, so the same initialiser gives the same values"));
    m_seed = new QLineEdit(QStringLiteral("123"), this);
    m_seed->setObjectName(QStringLiteral("seed"));
    // Digits only; a value past 2**64 - 1 is caught in revalidate() with PyTorch's message.
    m_seed->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("\\d{0,20}")), m_seed));
    m_seed->setEnabled(false);
    connect(m_seedEnabled, &QCheckBox::toggled, this, [this](bool on) {
        m_seed->setEnabled(on);
        if (m_syncing)
            return;
        onEdited();
        flushPending();
    });
    connect(m_seed, &QLineEdit::textEdited, this, [this] { onEdited(); });
    connect(m_seed, &QLineEdit::editingFinished, this, [this] { flushPending(); });
    seedRow->addWidget(m_seedEnabled);
    seedRow->addWidget(m_seed, 1);
    auto *seedLabel = new QLabel(tr("&Seed:"), this);
    seedLabel->setBuddy(m_seedEnabled);
    top->addRow(seedLabel, seedRow);
    layout->addLayout(top);

    m_python = new QLabel(this);
    m_python->setObjectName(QStringLiteral("python"));
    m_python->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_python->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_python->setWordWrap(true);
    m_python->setFrameShape(QFrame::StyledPanel);
    m_python->setMargin(4);
    layout->addWidget(m_python);

    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("error"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette errorPalette = m_errorLabel->palette();
    errorPalette.setColor(QPalette::WindowText, TextColors::error());
    m_errorLabel->setPalette(errorPalette);
    m_errorLabel->setVisible(false);
    layout->addWidget(m_errorLabel);

    // What the constructors themselves run, one click away: the reference analysis' comparison.
    auto *defaults = new QHBoxLayout;
    defaults->addWidget(new QLabel(tr("Layer defaults:"), this));
    const auto addDefault = [this, defaults](const QString &text, const QString &tip, const char *spec) {
        auto *button = new QPushButton(text, this);
        button->setToolTip(tip);
        connect(button, &QPushButton::clicked, this, [this, spec] {
            setSpec(core::InitSpec::parse(spec));
            apply();
        });
        defaults->addWidget(button);
        return button;
    };
    addDefault(tr("nn.Embedding"), tr("Embedding.reset_parameters(): normal_(weight) = Normal(0, 1)"),
               "normal")
        ->setObjectName(QStringLiteral("embeddingDefault"));
    addDefault(tr("nn.Linear"),
               tr("Linear.reset_parameters(): kaiming_uniform_(weight, a=math.sqrt(5)) = "
                  "Uniform(-1/sqrt(in_features), 1/sqrt(in_features))"),
               "kaiming_uniform:a=2.23606797749979")
        ->setObjectName(QStringLiteral("linearDefault"));
    defaults->addStretch(1);
    layout->addLayout(defaults);

    auto *buttons = new QHBoxLayout;
    m_live = new QCheckBox(tr("&Live"), this);
    m_live->setObjectName(QStringLiteral("live"));
    m_live->setChecked(true);
    m_live->setToolTip(tr("Re-initialise while you edit"));
    connect(m_live, &QCheckBox::toggled, this, [this](bool on) {
        if (!on)
            m_debounce.stop();
        if (!m_syncing)
            Q_EMIT draftEdited();
    });
    m_apply = new QPushButton(tr("A&pply"), this);
    m_apply->setObjectName(QStringLiteral("apply"));
    connect(m_apply, &QPushButton::clicked, this, &InitPanel::apply);
    buttons->addWidget(m_live);
    buttons->addStretch(1);
    buttons->addWidget(m_apply);
    layout->addLayout(buttons);
    layout->addStretch(1);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &InitPanel::emitRequest);

    setTargets({QStringLiteral("embedding.weight"), QStringLiteral("lm_head.weight")});
    setSpec(core::InitSpec::parse("normal"));
}

void InitPanel::setTargets(const QStringList &targets)
{
    const QString current = target();
    const QSignalBlocker blocker(m_target);
    m_target->clear();
    m_target->addItems(targets);
    const int index = m_target->findText(current);
    m_target->setCurrentIndex(index >= 0 ? index : 0);
    showState();
}

QStringList InitPanel::targets() const
{
    QStringList list;
    for (int i = 0; i < m_target->count(); ++i)
        list.append(m_target->itemText(i));
    return list;
}

void InitPanel::setTarget(const QString &target)
{
    const int index = m_target->findText(target);
    Q_ASSERT_X(index >= 0, "InitPanel::setTarget", "unknown target; call setTargets() with it first");
    m_target->setCurrentIndex(index);
}

QString InitPanel::target() const
{
    return m_target->currentText();
}

void InitPanel::setSpec(const core::InitSpec &spec)
{
    m_syncing = true;
    const QString name = QString::fromStdString(spec.name());
    m_name->setCurrentIndex(m_name->findData(name));
    rebuildEditors(name);
    for (Editor &e : m_editors) {
        const QString value = QString::fromStdString(spec.value(e.keyword.toStdString()));
        if (e.choice) {
            e.choice->setCurrentIndex(std::max(0, e.choice->findText(value)));
        } else {
            e.text->setText(value);
            if (const auto v = asNumber(value))
                e.slider->setValue(int(std::lround((std::clamp(*v, e.sliderMin, e.sliderMax) - e.sliderMin) /
                                                   (e.sliderMax - e.sliderMin) * kSliderSteps)));
        }
    }
    m_syncing = false;
    m_debounce.stop();
    revalidate();
}

QString InitPanel::specText() const
{
    return m_spec ? QString::fromStdString(m_spec->toString()) : QString();
}

QString InitPanel::pythonCode() const
{
    return m_python->text();
}

void InitPanel::setSeed(std::optional<std::uint64_t> seed)
{
    m_syncing = true;
    m_seedEnabled->setChecked(seed.has_value());
    if (seed)
        m_seed->setText(QString::number(*seed));
    m_syncing = false;
    revalidate();
}

std::optional<std::uint64_t> InitPanel::seed() const
{
    if (!m_seedEnabled->isChecked())
        return std::nullopt;
    bool ok = false;
    const qulonglong v = m_seed->text().toULongLong(&ok);
    return ok ? std::optional<std::uint64_t>(v) : std::nullopt;
}

void InitPanel::setLive(bool live)
{
    m_live->setChecked(live);
}

bool InitPanel::isLive() const
{
    return m_live->isChecked();
}

void InitPanel::editKeyword(const QString &keyword, const QString &text)
{
    Editor *e = editorFor(keyword);
    Q_ASSERT_X(e, "InitPanel::editKeyword", "the current initialiser has no such keyword");
    if (!e)
        return;
    if (e->choice) {
        e->choice->setCurrentIndex(e->choice->findText(text)); // currentIndexChanged edits and finishes
        return;
    }
    e->text->setText(text);
    Q_EMIT e->text->textEdited(text);
    Q_EMIT e->text->editingFinished();
}

void InitPanel::chooseInitializer(const QString &name)
{
    if (name == m_editorsName)
        return; // re-picking the same entry keeps the edited arguments
    m_syncing = true;
    m_name->setCurrentIndex(m_name->findData(name));
    rebuildEditors(name);
    m_syncing = false;
    // With Live on it runs now, and what follows in the same decision (mode='fan_out') replaces it
    // rather than adding a second call (issue #24 item 5).
    onEdited();
    flushPending();
}

QStringList InitPanel::choices(const QString &keyword)
{
    if (keyword == u"mode")
        return {QStringLiteral("fan_in"), QStringLiteral("fan_out")};
    if (keyword == u"nonlinearity") {
        // init.calculate_gain's accepted names, in its own order.
        return {QStringLiteral("linear"),
                QStringLiteral("conv1d"),
                QStringLiteral("conv2d"),
                QStringLiteral("conv3d"),
                QStringLiteral("conv_transpose1d"),
                QStringLiteral("conv_transpose2d"),
                QStringLiteral("conv_transpose3d"),
                QStringLiteral("sigmoid"),
                QStringLiteral("tanh"),
                QStringLiteral("relu"),
                QStringLiteral("leaky_relu"),
                QStringLiteral("selu")};
    }
    return {};
}

void InitPanel::apply()
{
    m_debounce.stop();
    revalidate();
    if (!m_spec)
        return;
    emitRequest();
    endGesture();
}

void InitPanel::rebuildEditors(const QString &name)
{
    m_editorsName = name;
    m_editors.clear();
    for (; m_editorRows > 0; --m_editorRows)
        m_form->removeRow(kFirstEditorRow);
    const auto addRow = [this](const QString &label, QWidget *field) {
        m_form->insertRow(kFirstEditorRow + m_editorRows++, label, field);
    };

    for (const auto &[key, def] : core::InitSpec::keywords(name.toStdString())) {
        Editor e;
        e.keyword = QString::fromStdString(key);
        e.defaultValue = QString::fromStdString(core::InitSpec::unquoted(def));
        const QStringList values = choices(e.keyword);
        if (!values.isEmpty()) {
            e.choice = new QComboBox(this);
            e.choice->setObjectName(e.keyword);
            e.choice->addItems(values);
            e.choice->setCurrentIndex(std::max(0, e.choice->findText(e.defaultValue)));
            connect(e.choice, &QComboBox::currentIndexChanged, this, [this] {
                if (m_syncing)
                    return;
                onEdited();
                flushPending();
            });
            addRow(e.keyword + QLatin1Char(':'), e.choice);
        } else {
            sliderRange(name, e.keyword, e.sliderMin, e.sliderMax);
            addRow(e.keyword + QLatin1Char(':'), addNumberEditor(e));
        }
        m_editors.append(e);
    }
    if (m_editors.isEmpty()) {
        auto *none = new QLabel(tr("No arguments besides the tensor."), this);
        none->setEnabled(false);
        addRow(QString(), none);
    }
    // The keyword rows are new widgets: each named after its row's label ("mean"), as the rest.
    AccessibleNames::nameFormFields(m_form);
}

QWidget *InitPanel::addNumberEditor(Editor &e)
{
    auto *row = new QWidget(this);
    auto *h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    e.text = new QLineEdit(e.defaultValue, row);
    e.text->setObjectName(e.keyword);
    e.text->setPlaceholderText(e.defaultValue.isEmpty() ? tr("required") : e.defaultValue);
    e.text->setToolTip(tr("Any Python float: 0.02, 1e-3, -inf"));
    e.slider = new QSlider(Qt::Horizontal, row);
    e.slider->setObjectName(e.keyword + QStringLiteral("Slider"));
    e.slider->setRange(0, kSliderSteps);
    e.slider->setToolTip(tr("%1 from %2 to %3").arg(e.keyword).arg(e.sliderMin).arg(e.sliderMax));
    const auto toSlider = [min = e.sliderMin, max = e.sliderMax](double v) {
        return int(std::lround((std::clamp(v, min, max) - min) / (max - min) * kSliderSteps));
    };
    if (const auto v = asNumber(e.defaultValue))
        e.slider->setValue(toSlider(*v));
    h->addWidget(e.text, 1);
    h->addWidget(e.slider, 2);

    QLineEdit *text = e.text;
    QSlider *slider = e.slider;
    connect(text, &QLineEdit::textEdited, this, [this, slider, toSlider](const QString &value) {
        if (const auto v = asNumber(value)) {
            const QSignalBlocker blocker(slider); // the field is the truth; the slider follows
            slider->setValue(toSlider(*v));
        }
        onEdited();
    });
    connect(text, &QLineEdit::editingFinished, this, &InitPanel::flushPending);
    connect(slider, &QSlider::valueChanged, this,
            [this, text, slider, min = e.sliderMin, max = e.sliderMax](int position) {
                if (m_syncing)
                    return;
                text->setText(sliderText(min + (max - min) * position / kSliderSteps));
                onEdited();
                // A drag runs on release; a key press or page click at once.
                if (!slider->isSliderDown())
                    flushPending();
            });
    connect(slider, &QSlider::sliderReleased, this, &InitPanel::flushPending);
    return row;
}

void InitPanel::sliderRange(const QString &name, const QString &keyword, double &min, double &max)
{
    if (keyword == u"std" || keyword == u"gain") {
        min = 0.0;
        max = keyword == u"std" ? 2.0 : 3.0;
    } else if (keyword == u"a" && name.startsWith(u"kaiming")) {
        min = 0.0; // leaky_relu's negative slope; nn.Linear uses sqrt(5)
        max = 3.0;
    } else if (keyword == u"a" || keyword == u"b") {
        min = -3.0;
        max = 3.0;
    } else {
        min = -2.0;
        max = 2.0;
    }
}

InitPanel::Editor *InitPanel::editorFor(const QString &keyword)
{
    for (Editor &e : m_editors) {
        if (e.keyword == keyword)
            return &e;
    }
    return nullptr;
}

QString InitPanel::buildSpecText() const
{
    QString text = m_name->currentData().toString();
    QStringList given;
    for (const Editor &e : m_editors) {
        QString value = e.choice ? e.choice->currentText() : e.text->text().trimmed();
        if (e.choice) {
            if (value == e.defaultValue)
                continue;
        } else {
            if (value.isEmpty())
                continue; // an empty field means the default; a required one is then reported missing
            const auto v = asNumber(value), d = asNumber(e.defaultValue);
            if (v && d && *v == *d && !std::isnan(*v))
                continue;
        }
        given.append(e.keyword + QLatin1Char('=') + value);
    }
    if (!given.isEmpty())
        text += QLatin1Char(':') + given.join(QLatin1Char(','));
    return text;
}

void InitPanel::revalidate()
{
    m_spec.reset();
    m_error.clear();
    try {
        for (const Editor &e : m_editors) {
            // The spec syntax separates keywords with ',' and ':'; Python would see one bad float.
            const QString value = e.text ? e.text->text().trimmed() : QString();
            if (value.contains(u',') || value.contains(u':') || value.contains(u'='))
                throw core::Error(core::Error::Kind::ValueError,
                                  "could not convert string to float: '" + value.toStdString() + "'");
        }
        core::InitSpec spec = core::InitSpec::parse(buildSpecText().toStdString());
        // Values are checked by the initialiser itself (std < 0, from > to, ...): run it on a
        // scratch 2-D tensor, which costs microseconds and leaves the real generator untouched.
        core::Tensor scratch({3, 4});
        core::Generator gen;
        spec.apply(scratch.span(), gen);
        if (m_seedEnabled->isChecked()) {
            bool ok = false;
            m_seed->text().toULongLong(&ok);
            if (!ok)
                throw core::Error(core::Error::Kind::RuntimeError, m_seed->text().isEmpty()
                                                                       ? tr("enter a seed").toStdString()
                                                                       : "Overflow when unpacking long");
        }
        m_spec = std::move(spec);
    } catch (const core::Error &e) {
        m_error = QString::fromStdString(e.pythonText());
    }
    showState();
}

void InitPanel::showState()
{
    m_errorLabel->setText(m_error);
    m_errorLabel->setVisible(!m_error.isEmpty());
    m_apply->setEnabled(m_spec.has_value());
    if (!m_spec) {
        m_python->setEnabled(false);
        return;
    }
    m_python->setEnabled(true);
    m_python->setText(PythonCode::initCall(target(), *m_spec, seed()));
}

void InitPanel::onEdited()
{
    if (m_syncing)
        return;
    revalidate();
    if (m_spec && isLive())
        m_debounce.start();
    else
        m_debounce.stop();
    Q_EMIT draftEdited();
}

void InitPanel::flushPending()
{
    if (m_syncing || !m_debounce.isActive())
        return;
    m_debounce.stop();
    emitRequest();
}

void InitPanel::endGesture()
{
    flushPending();
    if (m_gestureOpen) {
        m_gestureOpen = false;
        Q_EMIT editFinished();
    }
}

InitDraft InitPanel::draft() const
{
    return {target(), buildSpecText(), seed(), isLive()};
}

void InitPanel::setDraft(const InitDraft &draft)
{
    m_debounce.stop();
    m_gestureOpen = false;
    m_syncing = true;
    if (m_target->findText(draft.target) >= 0)
        m_target->setCurrentIndex(m_target->findText(draft.target));
    m_live->setChecked(draft.live);
    m_syncing = false;
    try {
        setSpec(core::InitSpec::parse(draft.spec.toStdString()));
    } catch (const core::Error &) {
        // Text that is not valid yet ("normal:std=abc"): the initialiser, then each value as typed,
        // so the editors and their error come back as they were.
        try {
            setSpec(core::InitSpec::parse(draft.spec.section(QLatin1Char(':'), 0, 0).toStdString()));
        } catch (const core::Error &) {
            setSpec(core::InitSpec::parse("normal"));
        }
        m_syncing = true;
        for (const QString &given : draft.spec.section(QLatin1Char(':'), 1).split(QLatin1Char(','))) {
            Editor *e = editorFor(given.section(QLatin1Char('='), 0, 0));
            const QString value = given.section(QLatin1Char('='), 1);
            if (e && e->choice)
                e->choice->setCurrentIndex(std::max(0, e->choice->findText(value)));
            else if (e)
                e->text->setText(value);
        }
        m_syncing = false;
        revalidate();
    }
    setSeed(draft.seed);
}

void InitPanel::emitRequest()
{
    if (!m_spec)
        return;
    m_gestureOpen = true;
    Q_EMIT initRequested(target(), *m_spec);
}

} // namespace embedlab::ui
