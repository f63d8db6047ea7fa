// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QJsonValue>
#include <QString>

#include <cmath>
#include <cstdint>
#include <optional>

namespace embedlab::ui {

/// Sizes and seeds travel as strings in JSON when they exceed a double's exact integers.
inline QJsonValue jsonInteger(std::uint64_t value)
{
    if (value <= (std::uint64_t(1) << 53))
        return QJsonValue(static_cast<qint64>(value));
    return QJsonValue(QString::number(value));
}

/// The whole non-negative number jsonInteger() wrote, or nullopt.
inline std::optional<std::uint64_t> integerFromJson(const QJsonValue &value)
{
    if (value.isString()) {
        bool ok = false;
        const qulonglong v = value.toString().toULongLong(&ok);
        return ok ? std::optional<std::uint64_t>(v) : std::nullopt;
    }
    if (!value.isDouble() || value.toDouble() < 0 || value.toDouble() != std::floor(value.toDouble()) ||
        value.toDouble() > 18446744073709549568.0)
        return std::nullopt;
    return static_cast<std::uint64_t>(value.toDouble());
}

} // namespace embedlab::ui
