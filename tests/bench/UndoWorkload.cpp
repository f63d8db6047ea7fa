// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "UndoWorkload.h"

#include "BenchRunner.h"
#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/UndoCommands.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QUndoStack>

#include <memory>
#include <sstream>

namespace embedlab::bench {

namespace {

void waitIdle(const ui::Lab *lab)
{
    QDeadlineTimer deadline(600000);
    while (lab->isBusy() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

core::LongTensor batch(int n, std::int64_t first, std::int64_t rows)
{
    core::LongTensor t{{n}, std::vector<std::int64_t>(std::size_t(n))};
    for (int i = 0; i < n; ++i)
        t.data[std::size_t(i)] = (first + 7919 * i) % rows;
    return t;
}

constexpr int kAdamSteps = 5; // the lesson

/// A GPT-2 lesson as the issue tried it: the preset (tied, normal_(std=0.02)), then Adam steps.
struct Gpt2Lesson {
    std::unique_ptr<ui::Document> doc = std::make_unique<ui::Document>();
    int steps = 0;
    explicit Gpt2Lesson(int adamSteps, bool quick)
    {
        ui::Lab *lab = doc->lab();
        if (quick) {
            ui::Lab::Config config = ui::Lab::presetConfig(ui::Lab::Preset::Gpt2Small);
            config.numEmbeddings = 2048;
            config.embeddingDim = 64;
            doc->undo()->applySnapshot(QStringLiteral("small"), {config, QStringLiteral("1, 2")});
        } else {
            doc->undo()->applyPreset(ui::Lab::Preset::Gpt2Small);
        }
        waitIdle(lab);
        core::OptimizerConfig adam;
        adam.kind = core::OptimizerConfig::Kind::Adam;
        lab->setOptimizer(adam);
        for (int i = 0; i < adamSteps; ++i) {
            waitIdle(lab);
            const std::int64_t rows = lab->modelConfig().numEmbeddings;
            if (lab->trainStep(batch(16, 11 * i + 1, rows), batch(16, 13 * i + 5, rows)))
                ++steps;
            waitIdle(lab);
        }
    }
};

} // namespace

void addUndoWorkload(BenchRunner &runner, bool quick)
{
    auto lesson = std::make_shared<std::unique_ptr<Gpt2Lesson>>();
    const auto setUp = [lesson, quick] {
        if (!*lesson)
            *lesson = std::make_unique<Gpt2Lesson>(kAdamSteps, quick);
        return lesson->get();
    };
    runner.add(
        {"undo_gpt2_adam",
         "GPT-2 tied, 5 Adam steps: undo the last (the run's snapshot back, 4 steps replayed), redo it",
         [setUp] {
             ui::Document *doc = setUp()->doc.get();
             doc->undo()->undo();
             waitIdle(doc->lab());
             doc->undo()->redo();
             waitIdle(doc->lab());
         },
         [setUp]() -> std::string {
             const Gpt2Lesson *l = setUp();
             return l->steps == kAdamSteps && l->doc->undo()->canUndo() ? std::string()
                                                                        : "the steps did not all run";
         },
         [setUp] {
             ui::Document *doc = setUp()->doc.get();
             const ui::LabUndo *undo = doc->undo();
             std::ostringstream out;
             // How far back: every step of the lesson, within the budget, with its bytes.
             int reachable = 0;
             for (int i = undo->stack()->index() - 1; i >= 0; --i, ++reachable) {
                 const auto *command = dynamic_cast<const ui::LabCommand *>(undo->stack()->command(i));
                 if (command && command->isDropped())
                     break;
             }
             out << "  history " << undo->stack()->count() << " steps (preset, " << kAdamSteps
                 << " Adam steps), all undoable: " << (reachable == undo->stack()->count() ? "yes" : "no")
                 << "; snapshots hold " << undo->historyBytes() / (1 << 20) << " MiB of a "
                 << undo->budget() / (1 << 20) << " MiB budget (a snapshot per step: "
                 << kAdamSteps * doc->lab()->weightBytes(ui::Lab::AllParts) / (1 << 20) << " MiB)\n";
             return out.str();
         }});
}

} // namespace embedlab::bench
