// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Prints the code panel scenarios as JSON for tests/golden/gen_codepanel.py.
#include "ui/golden/CodePanelScenarios.h"

#include <QApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QJsonArray cases;
    for (const auto &s : embedlab::testing::runCodePanelScenarios())
        cases.append(QJsonObject{{QStringLiteral("name"), s.name},
                                 {QStringLiteral("code"), s.code},
                                 {QStringLiteral("app_output"), s.output},
                                 {QStringLiteral("transcript"), s.transcript}});
    std::fputs(QJsonDocument(cases).toJson().constData(), stdout);
    return 0;
}
