// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/LayoutRows.h"
#include "common/TestSettings.h"
#include "ui/model/TextWidth.h"
#include "ui/window/MainWindow.h"
#include "ui/window/ProjectorMode.h"
#include "ui/window/Translations.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QRadioButton>
#include <QStyle>
#include <QStyleOptionButton>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTest>
#include <QTextDocument>
#include <QToolButton>

#include <algorithm>
#include <memory>

using embedlab::ui::MainWindow;
using embedlab::ui::textWidth;
using embedlab::ui::Translations;

/// Issue #16 items 13-14 ("Proof"): every visible label, button, combo box, tab, group box title
/// and dock title of the real window shows its whole text, at the sizes a classroom meets, in every language.
class TestFitText : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void everyTextFits_data();
    void everyTextFits();
};

namespace {

/// `text` as shown: a mnemonic's "&" is an underline, "&&" a literal "&".
QString shown(QString text)
{
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    return text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
}

QString describe(const QWidget *w, const QString &text, int need, int room)
{
    return QStringLiteral("%1 '%2' (%3) needs %4 px, has %5 px")
        .arg(QString::fromLatin1(w->metaObject()->className()), text, w->objectName())
        .arg(need)
        .arg(room);
}

/// The widest line of `text` in `font`.
int widestLine(const QFont &font, const QString &text)
{
    int widest = 0;
    for (const QString &line : text.split(QLatin1Char('\n')))
        widest = std::max(widest, textWidth(font, line));
    return widest;
}

void checkLabel(const QLabel *label, QStringList &failures)
{
    const QString text = label->text();
    if (text.isEmpty() || !label->pixmap().isNull())
        return;
    const QRect room =
        label->contentsRect().adjusted(label->margin(), label->margin(), -label->margin(), -label->margin());
    if (label->wordWrap()) {
        // A wrapped label fits when the lines it wraps to fit its height.
        // heightForWidth() takes and gives the whole widget's size, frame and margins included.
        const int need = label->heightForWidth(label->width());
        if (need > label->height())
            failures << describe(label, text, need, label->height()) + QStringLiteral(" in height");
        return;
    }
    int need = 0;
    if (Qt::mightBeRichText(text) && label->textFormat() != Qt::PlainText) {
        QTextDocument doc;
        doc.setDefaultFont(label->font());
        doc.setDocumentMargin(0);
        doc.setHtml(text);
        need = int(std::ceil(doc.idealWidth()));
        if (doc.toPlainText().trimmed().isEmpty())
            return;
    } else {
        need = widestLine(label->font(), label->buddy() ? shown(text) : text);
    }
    if (need > room.width())
        failures << describe(label, text, need, room.width()) +
                        QStringLiteral(" (label %1 px wide, wants %2)")
                            .arg(label->width())
                            .arg(label->minimumSizeHint().width());
}

void checkButton(const QAbstractButton *button, QStringList &failures)
{
    const QString text = shown(button->text());
    if (text.isEmpty())
        return;
    if (auto *tool = qobject_cast<const QToolButton *>(button);
        tool && tool->toolButtonStyle() == Qt::ToolButtonIconOnly)
        return;
    int room = button->contentsRect().width();
    if (qobject_cast<const QCheckBox *>(button) || qobject_cast<const QRadioButton *>(button)) {
        QStyleOptionButton option;
        option.initFrom(button);
        const auto element = qobject_cast<const QCheckBox *>(button) ? QStyle::SE_CheckBoxContents
                                                                     : QStyle::SE_RadioButtonContents;
        room = button->style()->subElementRect(element, &option, button).width();
    }
    int need = widestLine(button->font(), text);
    if (!button->icon().isNull() && !qobject_cast<const QToolButton *>(button))
        need += button->iconSize().width();
    if (need > room)
        failures << describe(button, text, need, room);
}

void checkComboBox(const QComboBox *combo, QStringList &failures)
{
    if (combo->isEditable() || combo->currentText().isEmpty())
        return;
    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.currentText = combo->currentText();
    const int room = combo->style()
                         ->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo)
                         .width();
    const int need = textWidth(combo->font(), combo->currentText());
    if (need > room)
        failures << describe(combo, combo->currentText(), need, room);
}

void checkTabs(const QTabBar *bar, QStringList &failures)
{
    const int padding = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
    for (int i = 0; i < bar->count(); ++i) {
        const QString text = shown(bar->tabText(i));
        if (text.isEmpty() || !bar->isTabVisible(i))
            continue;
        const int need = textWidth(bar->font(), text) + padding;
        const QRect tab = bar->tabRect(i);
        const int room = tab.intersected(bar->rect()).width();
        if (need > room)
            failures << describe(bar, text, need, room) + QStringLiteral(" (tab %1)").arg(i);
    }
}

void checkGroupBox(const QGroupBox *box, QStringList &failures)
{
    if (box->title().isEmpty())
        return;
    const int need = textWidth(box->font(), shown(box->title()));
    if (need > box->contentsRect().width())
        failures << describe(box, box->title(), need, box->contentsRect().width()) +
                        QStringLiteral(" (title)");
}

void checkDockTitle(const QDockWidget *dock, QStringList &failures)
{
    // A tabified dock behind another is parked outside the window; its tab shows its title.
    if (dock->isFloating() || dock->titleBarWidget() ||
        !dock->parentWidget()->rect().intersects(dock->geometry()))
        return;
    // The title runs from the dock's left edge to its first title button.
    int right = dock->width();
    for (const QAbstractButton *b : dock->findChildren<QAbstractButton *>(Qt::FindDirectChildrenOnly))
        if (b->isVisible())
            right = std::min(right, b->x());
    const int margin = dock->style()->pixelMetric(QStyle::PM_DockWidgetTitleMargin, nullptr, dock);
    const int room = right - 2 * margin;
    const int need = textWidth(dock->font(), dock->windowTitle());
    if (need > room)
        failures << describe(dock, dock->windowTitle(), need, room) +
                        QStringLiteral(" (dock title, dock %1 px wide)").arg(dock->width());
}

/// A widget cut at the side by an ancestor (a dock narrower than its panel) shows part of its text
/// however wide the widget itself is.
void checkNotCutBySides(const QWidget *w, QStringList &failures)
{
    const QRect shown = w->visibleRegion().boundingRect();
    if (shown.isEmpty() || (shown.left() <= 0 && shown.right() >= w->width() - 1))
        return;
    QString text;
    if (auto *label = qobject_cast<const QLabel *>(w))
        text = label->text();
    else if (auto *button = qobject_cast<const QAbstractButton *>(w))
        text = button->text();
    else if (auto *combo = qobject_cast<const QComboBox *>(w))
        text = combo->currentText();
    if (!text.isEmpty())
        failures << describe(w, text, w->width(), shown.width()) + QStringLiteral(" (cut by its parent)");
}

QStringList unfitTexts(QWidget *window)
{
    QStringList failures;
    for (QWidget *w : window->findChildren<QWidget *>()) {
        if (!w->isVisible() || w->width() <= 0)
            continue;
        checkNotCutBySides(w, failures);
        if (auto *label = qobject_cast<QLabel *>(w))
            checkLabel(label, failures);
        else if (auto *button = qobject_cast<QAbstractButton *>(w))
            checkButton(button, failures);
        else if (auto *combo = qobject_cast<QComboBox *>(w))
            checkComboBox(combo, failures);
        else if (auto *bar = qobject_cast<QTabBar *>(w))
            checkTabs(bar, failures);
        else if (auto *dock = qobject_cast<QDockWidget *>(w))
            checkDockTitle(dock, failures);
        if (auto *box = qobject_cast<QGroupBox *>(w))
            checkGroupBox(box, failures);
    }
    return failures;
}

} // namespace

void TestFitText::initTestCase()
{
    embedlab::testing::resetAppSettings();
}

void TestFitText::cleanupTestCase()
{
    Translations::install(QStringLiteral("en"));
}

void TestFitText::everyTextFits_data()
{
    embedlab::testing::addLanguageSizeRows();
    // A plain 1024 x 768 screen, where the side column gives the weights its width down to its
    // minimum (#16): every dock's text stays whole there too.
    for (const char *language : {"en", "vi", "zh"})
        QTest::addRow("%s 1024x768", language) << QString::fromLatin1(language) << QSize(1024, 768) << false;
}

void TestFitText::everyTextFits()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    QFETCH(bool, projector);
    // The default layout: a closing window saves its own, which the next row would restore.
    embedlab::testing::resetAppSettings();
    QVERIFY(Translations::install(language));
    auto window = std::make_unique<MainWindow>();
    window->resize(size);
    if (projector) {
        window->projector()->setUsesFullScreen(false);
        window->projector()->setEnabled(true);
    }
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QTRY_VERIFY_WITH_TIMEOUT(window->isIdle(), 10000);
    QTest::qWait(50);
    QCOMPARE(window->size(), size);
    const QStringList failures = unfitTexts(window.get());
    QVERIFY2(failures.isEmpty(), qPrintable(QStringLiteral("%1 text(s) cut off:\n").arg(failures.size()) +
                                            failures.join(QLatin1Char('\n'))));
}

QTEST_MAIN(TestFitText)
#include "tst_fittext.moc"
