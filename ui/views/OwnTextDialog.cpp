// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/OwnTextDialog.h"

#include "ui/model/FitSession.h"

#include "core/nn/FitCorpus.h"
#include "core/tensor/Error.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace embedlab::ui {

OwnTextDialog::OwnTextDialog(const QString &text, QWidget *parent)
    : QDialog(parent)
    , m_editor(new QPlainTextEdit(text, this))
    , m_error(new QLabel(this))
{
    setWindowTitle(tr("Your Own Text"));
    auto *intro = new QLabel(tr("Paste or type the text to train on, or open a .txt file (UTF-8)."), this);
    intro->setWordWrap(true);
    m_editor->setAccessibleName(tr("Your own text"));
    m_editor->setPlaceholderText(tr("Paste a text here"));
    m_error->setWordWrap(true);
    m_error->setAccessibleName(tr("Why the text cannot be used"));
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    QPushButton *open = buttons->addButton(tr("&Open a .txt File..."), QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &OwnTextDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &OwnTextDialog::reject);
    connect(open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a Text"), QString(),
                                                          tr("Text files (*.txt);;All files (*)"));
        if (!path.isEmpty())
            openFile(path);
    });
    connect(m_editor, &QPlainTextEdit::textChanged, m_error, &QLabel::hide);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    resize(560, 380);
}

QString OwnTextDialog::text() const
{
    return m_editor->toPlainText();
}

QString OwnTextDialog::error() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

QString OwnTextDialog::readTextFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("%1 could not be opened: %2").arg(path, file.errorString());
        return QString();
    }
    const QByteArray bytes = file.readAll();
    try {
        // The check the CLI's fit makes: Python's open(path, encoding="utf-8").read().
        core::FitCorpus::codePoints(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    } catch (const core::Error &e) {
        *error = tr("%1 is not UTF-8 text: %2").arg(path, QString::fromUtf8(e.what()));
        return QString();
    }
    error->clear();
    return QString::fromUtf8(bytes);
}

bool OwnTextDialog::openFile(const QString &path)
{
    QString error;
    const QString text = readTextFile(path, &error);
    if (!error.isEmpty()) {
        m_error->setText(error);
        m_error->show();
        return false;
    }
    m_editor->setPlainText(text);
    return true;
}

void OwnTextDialog::accept()
{
    const QString error = FitSession::checkOwnText(text());
    if (!error.isEmpty()) {
        m_error->setText(error);
        m_error->show();
        return;
    }
    QDialog::accept();
}

} // namespace embedlab::ui
