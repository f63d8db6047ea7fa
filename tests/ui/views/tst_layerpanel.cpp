// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// LayerPanel on its own (#13): it shows the Lab's state and sends edits out as signals, never
// writing the Lab itself.
#include "ui/model/Lab.h"
#include "ui/views/LayerPanel.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QTextDocument>
#include <QTextDocumentFragment>

using embedlab::ui::Lab;
using embedlab::ui::LayerPanel;

Q_DECLARE_METATYPE(embedlab::ui::Lab::Config)
Q_DECLARE_METATYPE(embedlab::ui::Lab::Preset)

class TestLayerPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void showsTheLabsConfig();
    void summaryIsTheConstructorCall();
    void editsLeaveAsSignals_data();
    void editsLeaveAsSignals();
    void presetButtons();
    void tieBoxShowsTheLabUntilItTies();
    void parameterCount_data();
    void parameterCount();
    void wrappedLinesGetTheirHeight_data();
    void wrappedLinesGetTheirHeight();

private:
    template <typename T> T *child(const char *name) const
    {
        return m_panel->findChild<T *>(QString::fromLatin1(name));
    }

    std::unique_ptr<Lab> m_lab;
    std::unique_ptr<LayerPanel> m_panel;
};

void TestLayerPanel::initTestCase()
{
    qRegisterMetaType<Lab::Config>();
    qRegisterMetaType<Lab::Preset>();
    QLocale::setDefault(QLocale::c());
}

void TestLayerPanel::init()
{
    m_lab = std::make_unique<Lab>();
    m_panel = std::make_unique<LayerPanel>();
    m_panel->setLab(m_lab.get());
}

void TestLayerPanel::cleanup()
{
    m_panel.reset();
    m_lab.reset();
}

void TestLayerPanel::showsTheLabsConfig()
{
    QCOMPARE(child<QSpinBox>("seed")->value(), 123);
    QCOMPARE(child<QSpinBox>("numEmbeddings")->value(), 4);
    QCOMPARE(child<QSpinBox>("embeddingDim")->value(), 5);
    QVERIFY(!child<QCheckBox>("bias")->isChecked());
    QVERIFY(!child<QCheckBox>("tied")->isChecked());
    QVERIFY(!child<QSpinBox>("paddingIdx")->isEnabled());
    // PyTorch accepts padding_idx in [-V, V).
    QCOMPARE(child<QSpinBox>("paddingIdx")->minimum(), -4);
    QCOMPARE(child<QSpinBox>("paddingIdx")->maximum(), 3);

    QSignalSpy edited(m_panel.get(), &LayerPanel::configEdited);
    Lab::Config c = m_lab->config();
    c.numEmbeddings = 7;
    c.embeddingDim = 3;
    c.paddingIdx = 2;
    c.maxNorm = 1.5;
    c.lmHeadBias = true;
    m_lab->setConfig(c);
    QTRY_COMPARE(child<QSpinBox>("numEmbeddings")->value(), 7);
    QCOMPARE(child<QSpinBox>("embeddingDim")->value(), 3);
    QCOMPARE(child<QSpinBox>("paddingIdx")->value(), 2);
    QVERIFY(child<QSpinBox>("paddingIdx")->isEnabled());
    QCOMPARE(child<QDoubleSpinBox>("maxNorm")->value(), 1.5);
    QVERIFY(child<QCheckBox>("bias")->isChecked());
    QCOMPARE(edited.count(), 0); // showing the Lab's state is not an edit
}

void TestLayerPanel::summaryIsTheConstructorCall()
{
    // Issue "Classroom-grade interaction", item 6: every non-default argument, as the code has it.
    Lab::Config c = m_lab->config();
    c.numEmbeddings = 6;
    c.embeddingDim = 3;
    c.paddingIdx = 1;
    c.maxNorm = 1.0;
    m_lab->setConfig(c);
    QTRY_COMPARE(child<QSpinBox>("numEmbeddings")->value(), 6);
    QTextDocument html;
    html.setHtml(child<QLabel>("embeddingCall")->text());
    QCOMPARE(html.toPlainText(),
             QStringLiteral("Embedding(num_embeddings=6, embedding_dim=3, padding_idx=1, max_norm=1.0)"));
}

void TestLayerPanel::editsLeaveAsSignals_data()
{
    QTest::addColumn<QString>("box");
    QTest::addColumn<int>("value");
    QTest::newRow("num_embeddings") << "numEmbeddings" << 9;
    QTest::newRow("embedding_dim") << "embeddingDim" << 2;
    QTest::newRow("seed") << "seed" << 7;
}

void TestLayerPanel::editsLeaveAsSignals()
{
    QFETCH(QString, box);
    QFETCH(int, value);
    QSignalSpy edited(m_panel.get(), &LayerPanel::configEdited);
    const Lab::Config before = m_lab->config();
    m_panel->findChild<QSpinBox *>(box)->setValue(value);
    QCOMPARE(edited.count(), 1);
    const auto c = edited.first().first().value<Lab::Config>();
    QCOMPARE(c.numEmbeddings, embedlab::core::Index(box == u"numEmbeddings" ? value : 4));
    QCOMPARE(c.embeddingDim, embedlab::core::Index(box == u"embeddingDim" ? value : 5));
    QCOMPARE(c.seed, box == u"seed" ? std::uint64_t(value) : 123u);
    QVERIFY(m_lab->config() == before); // the window applies it (as an undo step), not the panel
}

void TestLayerPanel::presetButtons()
{
    QSignalSpy preset(m_panel.get(), &LayerPanel::presetRequested);
    child<QPushButton>("gpt2Preset")->click();
    child<QPushButton>("referencePreset")->click();
    QCOMPARE(preset.count(), 2);
    QVERIFY(preset.at(0).first().value<Lab::Preset>() == Lab::Preset::Gpt2Small);
    QVERIFY(preset.at(1).first().value<Lab::Preset>() == Lab::Preset::Reference);
    QCOMPARE(m_lab->config().numEmbeddings, embedlab::core::Index(4)); // the window applies presets
}

void TestLayerPanel::tieBoxShowsTheLabUntilItTies()
{
    QSignalSpy tie(m_panel.get(), &LayerPanel::tieRequested);
    auto *tied = child<QCheckBox>("tied");
    tied->click();
    QCOMPARE(tie.count(), 1);
    QCOMPARE(tie.first().first().toBool(), true);
    QVERIFY(!tied->isChecked()); // still the Lab's state
    QVERIFY(m_lab->tie());
    QVERIFY(tied->isChecked());
}

void TestLayerPanel::parameterCount_data()
{
    QTest::addColumn<bool>("bias");
    QTest::addColumn<bool>("tie");
    QTest::addColumn<QString>("count");
    QTest::addColumn<QString>("breakdown");
    QTest::newRow("untied") << false << false << "<b>40</b> parameters"
                            << "embedding.weight 20 + lm_head.weight 20";
    QTest::newRow("bias") << true << false << "<b>44</b> parameters"
                          << "embedding.weight 20 + lm_head.weight 20 + lm_head.bias 4";
    QTest::newRow("tied") << false << true << "<b>20</b> parameters"
                          << "embedding.weight 20 (lm_head.weight is the same storage, counted once)";
}

void TestLayerPanel::parameterCount()
{
    QFETCH(bool, bias);
    QFETCH(bool, tie);
    QFETCH(QString, count);
    QFETCH(QString, breakdown);
    Lab::Config c = m_lab->config();
    c.lmHeadBias = bias;
    m_lab->setConfig(c);
    QTRY_COMPARE(m_lab->modelConfig().lmHeadBias, bias);
    if (tie)
        QVERIFY(m_lab->tie());
    const QString text = child<QLabel>("parameterCount")->text();
    QVERIFY2(text.startsWith(count), qPrintable(text));
    QVERIFY2(text.contains(breakdown), qPrintable(text));
}

void TestLayerPanel::wrappedLinesGetTheirHeight_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<qreal>("fontScale");
    // Under LANG=zh_CN.UTF-8 the Layers dock was 289 px wide at 1024 x 768 and its font's lines
    // 17 px (DejaVu's 14): the lines wrap at other widths in other fonts.
    for (const int width : {240, 289, 340, 420})
        for (const qreal scale : {1.0, 1.25, 1.5})
            QTest::addRow("%d px, font x%.2f", width, scale) << width << scale;
}

/// Issue #16 item 13: "-> weight [4, 5] = [out_features, in_features]" wrapped to two lines in a
/// row one line high. Every wrapped line of the panel gets the height its width needs, as the
/// panel sits in the Layers dock: in a scroll area, shorter than the panel.
void TestLayerPanel::wrappedLinesGetTheirHeight()
{
    QFETCH(int, width);
    QFETCH(qreal, fontScale);
    QFont font = m_panel->font();
    font.setPointSizeF(font.pointSizeF() * fontScale);
    m_panel->setFont(font);
    QScrollArea area;
    area.setWidgetResizable(true);
    area.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area.setWidget(m_panel.release()); // the area owns it now
    // The dock narrows after it is shown (the window resizes its docks): wider first.
    area.resize(2 * width, 300);
    area.show();
    QVERIFY(QTest::qWaitForWindowExposed(&area));
    area.resize(width, 300);
    QTest::qWait(20);
    int wrapped = 0;
    for (const QLabel *label : area.widget()->findChildren<QLabel *>()) {
        if (!label->wordWrap() || !label->isVisible())
            continue;
        const int need = label->heightForWidth(label->width());
        wrapped += need > label->fontMetrics().lineSpacing() * 3 / 2 ? 1 : 0;
        QVERIFY2(label->height() >= need,
                 qPrintable(QStringLiteral("'%1' is %2 px wide and needs %3 px, has %4")
                                .arg(QTextDocumentFragment::fromHtml(label->text()).toPlainText())
                                .arg(label->width())
                                .arg(need)
                                .arg(label->height())));
    }
    qInfo("%d label(s) wrapped", wrapped);
}

QTEST_MAIN(TestLayerPanel)
#include "tst_layerpanel.moc"
