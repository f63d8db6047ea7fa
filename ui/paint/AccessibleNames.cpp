// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/paint/AccessibleNames.h"

#include <QAbstractButton>
#include <QFormLayout>
#include <QLabel>
#include <QLayout>
#include <QRegularExpression>
#include <QTextDocumentFragment>
#include <QWidget>

namespace embedlab::ui {

namespace {

/// True for a widget a user operates (its own text, if any, already names a button).
bool wantsName(const QWidget *widget)
{
    if (!widget || !widget->accessibleName().isEmpty() || qobject_cast<const QLabel *>(widget))
        return false;
    if (const auto *button = qobject_cast<const QAbstractButton *>(widget))
        return button->text().isEmpty();
    return widget->focusPolicy() != Qt::NoFocus;
}

void nameWidgetTree(QWidget *widget, const QString &name)
{
    if (wantsName(widget))
        widget->setAccessibleName(name);
    // A row widget holding controls (a field and its slider).
    if (widget->focusPolicy() == Qt::NoFocus && widget->layout())
        AccessibleNames::nameControlsIn(widget->layout(), name);
}

} // namespace

QString AccessibleNames::plain(const QString &label)
{
    QString text = Qt::mightBeRichText(label) ? QTextDocumentFragment::fromHtml(label).toPlainText() : label;
    // "&Seed:" -> "Seed"; "&&" is a literal ampersand. Chinese mnemonics "(&S)" go whole.
    static const QRegularExpression cjkMnemonic(QStringLiteral("\\(&[^)]\\)"));
    text.remove(cjkMnemonic);
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == QLatin1Char('&') && i + 1 < text.size())
            ++i;
        out.append(text.at(i));
    }
    out = out.trimmed();
    // "Seed:", "种子：", "h =": the punctuation that leads to the field is not part of its name.
    while (!out.isEmpty() && (out.endsWith(QLatin1Char(':')) || out.endsWith(QChar(0xff1a)) ||
                              out.endsWith(QLatin1Char('=')))) {
        out.chop(1);
        out = out.trimmed();
    }
    return out;
}

void AccessibleNames::nameAfter(QWidget *control, const QString &label)
{
    control->setAccessibleName(plain(label));
}

void AccessibleNames::nameControlsIn(QLayout *layout, const QString &label)
{
    const QString name = plain(label);
    for (int i = 0; i < layout->count(); ++i) {
        QLayoutItem *item = layout->itemAt(i);
        if (QWidget *widget = item->widget())
            nameWidgetTree(widget, name);
        else if (QLayout *inner = item->layout())
            nameControlsIn(inner, label);
    }
}

void AccessibleNames::nameAll(QWidget *root)
{
    // A label's buddy is its control (Qt names it so only when both share a parent, and never a
    // combo box on Linux, which it names by its value).
    for (const QLabel *label : root->findChildren<QLabel *>()) {
        if (QWidget *buddy = label->buddy(); buddy && wantsName(buddy) && !plain(label->text()).isEmpty())
            buddy->setAccessibleName(plain(label->text()));
    }
    for (QFormLayout *form : root->findChildren<QFormLayout *>())
        nameFormFields(form);
}

void AccessibleNames::nameFormFields(QFormLayout *form)
{
    for (int row = 0; row < form->rowCount(); ++row) {
        QLayoutItem *labelItem = form->itemAt(row, QFormLayout::LabelRole);
        QLayoutItem *fieldItem = form->itemAt(row, QFormLayout::FieldRole);
        const auto *label = labelItem ? qobject_cast<QLabel *>(labelItem->widget()) : nullptr;
        if (!label || !fieldItem || plain(label->text()).isEmpty())
            continue;
        if (QWidget *field = fieldItem->widget())
            nameWidgetTree(field, plain(label->text()));
        else if (QLayout *inner = fieldItem->layout())
            nameControlsIn(inner, label->text());
    }
}

} // namespace embedlab::ui
