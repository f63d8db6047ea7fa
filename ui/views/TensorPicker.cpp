// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/TensorPicker.h"

#include "ui/paint/TextColors.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace embedlab::ui {

namespace {

enum Column { NameColumn, DtypeColumn, BitsColumn, ShapeColumn, SizeColumn, ColumnCount };

} // namespace

TensorPicker::TensorPicker(std::shared_ptr<const core::WeightFile> file, QWidget *parent)
    : QDialog(parent)
    , m_file(std::move(file))
{
    setObjectName(QStringLiteral("tensorPicker"));
    const QString fileName = QFileInfo(QString::fromStdString(m_file->path())).fileName();
    setWindowTitle(tr("Tensors in %1").arg(fileName));
    auto *layout = new QVBoxLayout(this);
    const QLocale locale;
    auto *intro = new QLabel(tr("<b>%1</b> (%2): %3 tensors, %4 parameters once loaded. Any 2-D tensor "
                                "[V, D] can be viewed as embedding.weight (Embedding(V, D)) or as "
                                "lm_head.weight (Linear(D, V)).")
                                 .arg(fileName.toHtmlEscaped(), QString::fromStdString(m_file->formatName()))
                                 .arg(m_file->tensors().size())
                                 .arg(locale.toString(qint64(m_file->parameterCount()))),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    m_table = new QTableWidget(int(m_file->tensors().size()), ColumnCount, this);
    m_table->setObjectName(QStringLiteral("tensorTable"));
    m_table->setHorizontalHeaderLabels({tr("Name"), tr("dtype"), tr("Bits/weight"), tr("Shape"), tr("Size")});
    m_table->horizontalHeaderItem(BitsColumn)
        ->setToolTip(tr("Bits of the file each weight takes, the block's scales included"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    int firstLoadable = -1;
    for (int row = 0; row < int(m_file->tensors().size()); ++row) {
        const core::TensorInfo &info = m_file->tensors()[std::size_t(row)];
        const QString why = whyNotLoadable(info);
        const double bits = core::bitsPerWeight(info.element);
        const QStringList cells = {QString::fromStdString(info.name), QString::fromStdString(info.dtype),
                                   bits > 0 ? locale.toString(bits, 'g', 6) : QString(),
                                   QString::fromStdString(core::shapeString(info.shape)),
                                   locale.formattedDataSize(qint64(info.size), 1, QLocale::DataSizeSIFormat)};
        for (int column = 0; column < ColumnCount; ++column) {
            auto *item = new QTableWidgetItem(cells[column]);
            if (!why.isEmpty()) {
                item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
                item->setToolTip(why);
            }
            if (column == SizeColumn || column == BitsColumn)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, column, item);
        }
        if (why.isEmpty() && firstLoadable < 0)
            firstLoadable = row;
    }
    m_table->resizeColumnsToContents();
    layout->addWidget(m_table, 1);

    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("tensorNotes"));
    m_notes->setWordWrap(true);
    m_notes->setText(notesText());
    m_notes->setVisible(!m_notes->text().isEmpty());
    layout->addWidget(m_notes);

    m_quantNote = new QLabel(this);
    m_quantNote->setObjectName(QStringLiteral("quantNote"));
    m_quantNote->setWordWrap(true);
    m_quantNote->setVisible(false);
    layout->addWidget(m_quantNote);

    m_why = new QLabel(this);
    m_why->setStyleSheet(QStringLiteral("color: %1;").arg(TextColors::error().name()));
    m_why->setWordWrap(true);
    layout->addWidget(m_why);

    m_tie = new QCheckBox(tr("Tie lm_head.weight to a loaded embedding (lm_head.weight = embedding.weight)"),
                          this);
    m_tie->setObjectName(QStringLiteral("tieLoaded"));
    m_tie->setChecked(m_file->absentTie().has_value() || !m_file->tiedPairs().empty());
    layout->addWidget(m_tie);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_asEmbedding = buttons->addButton(tr("View as &embedding.weight"), QDialogButtonBox::AcceptRole);
    m_asEmbedding->setObjectName(QStringLiteral("asEmbedding"));
    m_asLinear = buttons->addButton(tr("View as &lm_head.weight"), QDialogButtonBox::AcceptRole);
    m_asLinear->setObjectName(QStringLiteral("asLinear"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_asEmbedding, &QPushButton::clicked, this, [this] { choose(Lab::LoadRole::Embedding); });
    connect(m_asLinear, &QPushButton::clicked, this, [this] { choose(Lab::LoadRole::LmHead); });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &TensorPicker::onSelectionChanged);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this] { choose(Lab::LoadRole::Embedding); });

    if (firstLoadable >= 0)
        m_table->selectRow(firstLoadable);
    onSelectionChanged();
    resize(760, 520);
}

QString TensorPicker::whyNotLoadable(const core::TensorInfo &info)
{
    if (!info.unsupported.empty())
        return QString::fromStdString(info.unsupported);
    if (info.shape.size() != 2)
        return tr("%1 is %2-D: a weight matrix is 2-D [V, D].")
            .arg(QString::fromStdString(info.name))
            .arg(info.shape.size());
    if (info.shape[0] <= 0 || info.shape[1] <= 0)
        return tr("%1 is empty.").arg(QString::fromStdString(info.name));
    return {};
}

QString TensorPicker::notesText() const
{
    QStringList notes;
    for (const core::TiedPair &pair : m_file->tiedPairs())
        notes << (pair.sameStorage ? tr("%1 and %2 are one storage (tied).")
                                   : tr("%1 and %2 hold identical values (tied when saved)."))
                     .arg(QString::fromStdString(pair.first), QString::fromStdString(pair.second));
    if (const auto absent = m_file->absentTie())
        notes << tr("%1 is absent because it is tied: the model builds it as an alias of %2.")
                     .arg(QString::fromStdString(absent->absent), QString::fromStdString(absent->present));
    return notes.join(QLatin1Char('\n'));
}

QString TensorPicker::quantisationNote(core::ElementType type)
{
    if (!core::isBlockQuantised(type))
        return {};
    const core::StorageBlock block = core::storageBlock(type);
    const QLocale locale;
    const QString name = QString::fromLatin1(core::elementTypeName(type));
    const QString shared = core::storesMinimum(type)
                               ? tr("every %1 values share one scale and one minimum").arg(block.scaleGroup)
                               : tr("every %1 values share one scale").arg(block.scaleGroup);
    return tr("<b>What is %1?</b> The file cuts each row into blocks of %2 values; %3, and each value keeps "
              "only its level, one of %4. That is %5 bits per weight instead of 16 (bf16) or 32 (float32). "
              "<b>Kept:</b> the sign and rough size of every value, so the heatmap, the tokens' neighbours "
              "and "
              "the rows that stand out look much the same. <b>Lost:</b> the fine differences inside a group, "
              "which snap to its levels: the statistics table counts how few distinct values remain, and "
              "View > Quantisation Blocks outlines the groups.")
        .arg(name)
        .arg(block.elements)
        .arg(shared)
        .arg(core::quantLevels(type))
        .arg(locale.toString(core::bitsPerWeight(type), 'g', 6));
}

QString TensorPicker::shownQuantisationNote() const
{
    return m_quantNote->isHidden() ? QString() : m_quantNote->text();
}

QStringList TensorPicker::tensorNames() const
{
    QStringList names;
    for (const core::TensorInfo &info : m_file->tensors())
        names << QString::fromStdString(info.name);
    return names;
}

QString TensorPicker::cellText(int row, int column) const
{
    const QTableWidgetItem *item = m_table->item(row, column);
    return item ? item->text() : QString();
}

bool TensorPicker::selectTensor(const QString &name)
{
    const int row = int(tensorNames().indexOf(name));
    if (row < 0)
        return false;
    m_table->selectRow(row);
    return true;
}

QString TensorPicker::selectedTensor() const
{
    const QList<QTableWidgetItem *> items = m_table->selectedItems();
    return items.isEmpty() ? QString() : m_table->item(items.first()->row(), NameColumn)->text();
}

bool TensorPicker::tieToEmbedding() const
{
    return m_tie->isChecked();
}

void TensorPicker::onSelectionChanged()
{
    const QString name = selectedTensor();
    QString why = name.isEmpty() ? tr("Choose a 2-D tensor.") : QString();
    if (!name.isEmpty())
        why = whyNotLoadable(m_file->tensor(name.toStdString()));
    m_why->setText(why);
    const QString note =
        name.isEmpty() ? QString() : quantisationNote(m_file->tensor(name.toStdString()).element);
    m_quantNote->setText(note);
    m_quantNote->setVisible(!note.isEmpty());
    m_asEmbedding->setEnabled(why.isEmpty());
    m_asLinear->setEnabled(why.isEmpty());
}

bool TensorPicker::choose(Lab::LoadRole role)
{
    const QString name = selectedTensor();
    if (name.isEmpty() || !whyNotLoadable(m_file->tensor(name.toStdString())).isEmpty())
        return false;
    Q_EMIT tensorChosen(name, role, role == Lab::LoadRole::Embedding && m_tie->isChecked());
    accept();
    return true;
}

} // namespace embedlab::ui
