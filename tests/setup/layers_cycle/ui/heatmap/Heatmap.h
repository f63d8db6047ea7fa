// SPDX-License-Identifier: GPL-3.0-or-later
// The cycle ui_layers_detects_cycle must find: heatmap includes views, views includes heatmap.
#pragma once
#include "ui/views/Painted.h"
