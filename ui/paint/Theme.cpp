// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/paint/Theme.h"

#include "ui/model/Settings.h"
#include "ui/paint/TextColors.h"

#include <QApplication>
#include <QCoreApplication>
#include <QPainter>
#include <QProxyStyle>
#include <QStyleFactory>
#include <QStyleOption>

#include <algorithm>

namespace embedlab::ui::Theme {

namespace {

/// Sets `role` in the active and inactive groups (disabled ones are set apart).
void setBoth(QPalette &p, QPalette::ColorRole role, const QColor &color)
{
    p.setColor(QPalette::Active, role, color);
    p.setColor(QPalette::Inactive, role, color);
}

struct Colours {
    QColor window, text, alternate, button, highlight, highlightedText, link, mid, disabled;
};

QPalette contrastPalette(const Colours &c)
{
    QPalette p;
    setBoth(p, QPalette::Window, c.window);
    setBoth(p, QPalette::WindowText, c.text);
    setBoth(p, QPalette::Base, c.window);
    setBoth(p, QPalette::AlternateBase, c.alternate);
    setBoth(p, QPalette::Text, c.text);
    setBoth(p, QPalette::Button, c.button);
    setBoth(p, QPalette::ButtonText, c.text);
    setBoth(p, QPalette::BrightText, c.window);
    setBoth(p, QPalette::Highlight, c.highlight);
    setBoth(p, QPalette::HighlightedText, c.highlightedText);
    setBoth(p, QPalette::ToolTipBase, c.window);
    setBoth(p, QPalette::ToolTipText, c.text);
    setBoth(p, QPalette::Link, c.link);
    setBoth(p, QPalette::Light, c.window);
    setBoth(p, QPalette::Mid, c.mid);
    setBoth(p, QPalette::Dark, c.text);
    setBoth(p, QPalette::Shadow, c.text);
    // Hints are text: the secondary grey, not Qt's 50 % (3.9:1, #25).
    QColor hint = c.text;
    hint.setAlphaF(float(TextColors::kSecondaryAlpha));
    setBoth(p, QPalette::PlaceholderText, TextColors::composite(hint, c.window));
    for (const QPalette::ColorRole role : {QPalette::Window, QPalette::Base, QPalette::Button})
        p.setColor(QPalette::Disabled, role, c.window);
    for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, c.disabled);
    return p;
}

/// The desktop's style with an edge in the text's colour around check boxes and radio buttons:
/// Fusion outlines them in the window colour darkened, black on a black page and 1.9:1 on a white
/// one, where a control's edge needs 3:1 (WCAG 1.4.11).
class ContrastStyle : public QProxyStyle {
public:
    using QProxyStyle::QProxyStyle;

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget) const override
    {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        const bool radio = element == PE_IndicatorRadioButton;
        if (!radio && element != PE_IndicatorCheckBox && element != PE_IndicatorItemViewItemCheck)
            return;
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, radio);
        painter->setPen(QPen(option->palette.color(QPalette::Text), 1.0));
        painter->setBrush(Qt::NoBrush);
        const QRectF edge = QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5);
        if (radio)
            painter->drawEllipse(edge);
        else
            painter->drawRect(edge);
        painter->restore();
    }
};

/// The style the desktop gave the application, by name, before the first apply().
QString &systemStyleName()
{
    static QString name = QApplication::style()->name();
    return name;
}

/// The desktop's palette, as the application had it before the first apply().
QPalette &systemPalette()
{
    static QPalette palette = QApplication::palette();
    return palette;
}

} // namespace

QList<Kind> all()
{
    return {Kind::System, Kind::ContrastLight, Kind::ContrastDark};
}

QString key(Kind kind)
{
    switch (kind) {
    case Kind::ContrastLight:
        return QStringLiteral("contrast-light");
    case Kind::ContrastDark:
        return QStringLiteral("contrast-dark");
    case Kind::System:
        break;
    }
    return QStringLiteral("system");
}

std::optional<Kind> fromKey(const QString &key)
{
    for (const Kind kind : all())
        if (Theme::key(kind) == key)
            return kind;
    return std::nullopt;
}

QString displayName(Kind kind)
{
    switch (kind) {
    case Kind::ContrastLight:
        return QCoreApplication::translate("Theme", "High contrast, light");
    case Kind::ContrastDark:
        return QCoreApplication::translate("Theme", "High contrast, dark");
    case Kind::System:
        break;
    }
    return QCoreApplication::translate("Theme", "The desktop's colours");
}

QPalette contrastLight()
{
    const QColor white(Qt::white);
    const QColor black(Qt::black);
    const QColor blue(0x00, 0x33, 0x99);
    return contrastPalette({white, black, QColor(0xee, 0xee, 0xee), QColor(0xe6, 0xe6, 0xe6), blue, white,
                            blue, QColor(0x60, 0x60, 0x60), QColor(0x55, 0x55, 0x55)});
}

QPalette contrastDark()
{
    const QColor white(Qt::white);
    const QColor black(Qt::black);
    // Windows' High Contrast Black: yellow selection with black text, cyan links.
    return contrastPalette({black, white, QColor(0x1a, 0x1a, 0x1a), QColor(0x26, 0x26, 0x26),
                            QColor(0xff, 0xff, 0x00), black, QColor(0x1a, 0xeb, 0xff),
                            QColor(0xa0, 0xa0, 0xa0), QColor(0xa6, 0xa6, 0xa6)});
}

bool isDark(const QPalette &palette)
{
    return TextColors::relativeLuminance(palette.color(QPalette::Window)) <
           TextColors::relativeLuminance(palette.color(QPalette::WindowText));
}

QPalette projectorPalette(const QPalette &palette)
{
    return isDark(palette) ? contrastDark() : contrastLight();
}

double legiblePointSize(const QPaintDevice &device)
{
    return 16.0 * 72.0 / std::max(1, device.logicalDpiY());
}

QString projectorStyleSheet(const QPalette &palette, int lineWidth, int indicatorSize)
{
    const QPalette p = projectorPalette(palette);
    const QString text = p.color(QPalette::Text).name();
    const QString base = p.color(QPalette::Base).name();
    const QString button = p.color(QPalette::Button).name();
    const QString checked = p.color(QPalette::Highlight).name();
    const QString checkedText = p.color(QPalette::HighlightedText).name();
    const QString disabled = QStringLiteral("#8c8c8c"); // dimmed on white and on black alike
    return QStringLiteral(
               "QLineEdit, QSpinBox, QDoubleSpinBox, QComboBox, QPlainTextEdit, QTextEdit, "
               "QTableView, QListView { border: %1px solid %2; background: %3; color: %2; }"
               " QToolBar { border-bottom: %1px solid %2; spacing: 6px; }"
               " QStatusBar { border-top: %1px solid %2; }"
               " QDockWidget { border: %1px solid %2; }"
               " QPushButton, QToolButton { border: %1px solid %2; padding: 3px 8px;"
               " background: %4; color: %2; }"
               " QPushButton:checked, QToolButton:checked { background: %5; color: %6; }"
               // A disabled button must look disabled on a projector too (Redo with nothing to redo).
               " QPushButton:disabled, QToolButton:disabled { background: %3; color: %7;"
               " border-style: dashed; }"
               " QToolButton#qt_toolbar_ext_button { background: %4; min-width: 16px; }"
               // The boxes to tick, as large as the text beside them (13 px beside 1.6x text).
               " QCheckBox::indicator, QRadioButton::indicator, QGroupBox::indicator"
               " { width: %8px; height: %8px; }")
        .arg(lineWidth)
        .arg(text, base, button, checked, checkedText, disabled)
        .arg(indicatorSize);
}

void apply(Kind kind)
{
    const QPalette system = systemPalette();
    const QString styleName = systemStyleName();
    // setStyle() takes the style and deletes the one before; the palette is set after it, since a
    // new style brings its own standard palette.
    if (kind == Kind::System) {
        if (dynamic_cast<const ContrastStyle *>(QApplication::style()))
            QApplication::setStyle(QStyleFactory::create(styleName));
    } else
        QApplication::setStyle(new ContrastStyle(QStyleFactory::create(styleName)));
    QPalette palette = kind == Kind::ContrastLight  ? contrastLight()
                       : kind == Kind::ContrastDark ? contrastDark()
                                                    : system;
    // Qt's placeholder grey (Text at 50 %) is 3.9:1 on the window; hints and painted labels use it
    // as text, which needs 4.5:1 (#25).
    if (kind == Kind::System)
        palette.setColor(QPalette::PlaceholderText, TextColors::secondary(palette));
    QApplication::setPalette(palette);
}

Kind fromSettings()
{
    return fromKey(appSettings().value(QStringLiteral("view/theme")).toString()).value_or(Kind::System);
}

} // namespace embedlab::ui::Theme
