// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <string>

namespace embedlab::core {

/// What Python 3 prints for a float: repr(x) == str(x), e.g. print(loss.item()) or an optimiser's
/// "Invalid learning rate: -0.1". The shortest digits that round-trip, fixed notation for decimal
/// exponents in [-4, 16) with at least one digit after the point ("2.0", "0.0001", "-0.0"),
/// scientific with a sign and at least two exponent digits otherwise ("1e-05", "1e+16",
/// "1.5e-300"), and "inf", "-inf", "nan" (a NaN's sign is not printed).
std::string pythonFloat(double value);

} // namespace embedlab::core
