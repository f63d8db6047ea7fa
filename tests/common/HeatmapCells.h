// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/heatmap/HeatmapView.h"

#include <QPoint>

/// Where the heatmap tests point: for the GUI tests only (embedlab_testsupport links no widgets).
namespace embedlab::testing {

/// The centre of cell (row, column) of `view`, in its widget coordinates.
inline QPoint cellCentre(const ui::HeatmapView &view, int row, int column)
{
    return (view.mapping().cellRect(row, column).center() + QPointF(view.plotRect().topLeft())).toPoint();
}

/// The cell under `point` (widget coordinates) of `view`: where a row is less than a pixel high,
/// not always the one cellCentre() was asked for.
inline ui::CellIndex cellAt(const ui::HeatmapView &view, QPoint point)
{
    return view.mapping().cellAt(QPointF(point - view.plotRect().topLeft()));
}

} // namespace embedlab::testing
