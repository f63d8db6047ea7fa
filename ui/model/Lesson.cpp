// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/Lesson.h"

#include "ui/model/Settings.h"
#include "ui/model/Vocabulary.h"

#include <QCoreApplication>

namespace embedlab::ui {

namespace {

const QString kStepKey = QStringLiteral("lesson/step");

using A = Lesson::AnimationAt;
using P = Lesson::Panel;

// The steps follow the reference documents (shared/reference), in their order.
const QList<Lesson::Step> kSteps = {
    {"order", QT_TRANSLATE_NOOP("embedlab::ui::Lesson", "1. Two constructors, opposite orders"),
     QT_TRANSLATE_NOOP("embedlab::ui::Lesson",
                       "nn.Embedding(num_embeddings, embedding_dim) takes the vocabulary first; "
                       "nn.Linear(in_features, out_features) takes the input size first. Swapping them is "
                       "the most common confusion between the two layers."),
     Lab::Preset::Reference, "2, 3, 1", false, A::End, P::Layers | P::Code},
    {"shape", QT_TRANSLATE_NOOP("embedlab::ui::Lesson", "2. The same weight shape"),
     QT_TRANSLATE_NOOP("embedlab::ui::Lesson",
                       "Embedding(4, 5).weight has shape [4, 5]: one row per token. Linear stores its "
                       "weight as [out_features, in_features], so Linear(5, 4).weight is also [4, 5]. "
                       "Both are plain nn.Parameter matrices."),
     Lab::Preset::Reference, "2, 3, 1", false, A::End, P::Layers | P::Code},
    {"lookup", QT_TRANSLATE_NOOP("embedlab::ui::Lesson", "3. The lookup"),
     QT_TRANSLATE_NOOP("embedlab::ui::Lesson",
                       "embedding(torch.tensor([2, 3, 1])) returns rows 2, 3 and 1 of the weight, in that "
                       "order. Nothing is computed: the rows are copied."),
     Lab::Preset::Reference, "2, 3, 1", false, A::Lookup, P::Code},
    {"onehot",
     QT_TRANSLATE_NOOP("embedlab::ui::Lesson", "4. One-hot times the weight"),
     QT_TRANSLATE_NOOP("embedlab::ui::Lesson",
                       "one_hot(2) is [0, 0, 1, 0]. Multiplying it by the weight sums every row times 0 or "
                       "1, which leaves row 2. Press Right to step through the animation; PageDown goes on "
                       "to the next step."),
     Lab::Preset::Reference,
     "2, 3, 1",
     false,
     A::Start,
     {}},
    {"equivalence", QT_TRANSLATE_NOOP("embedlab::ui::Lesson", "5. The same result"),
     QT_TRANSLATE_NOOP("embedlab::ui::Lesson",
                       "A Linear(4, 5, bias=False) whose weight is embedding.weight.T gives exactly the "
                       "same output for the one-hot vectors as the embedding gives for the ids: the "
                       "badge says they are equal, bit for bit."),
     Lab::Preset::Reference, "2, 3, 1", false, A::End, P::Code},
    {"cost", QT_TRANSLATE_NOOP("embedlab::ui::Lesson", "6. The cost"),
     QT_TRANSLATE_NOOP("embedlab::ui::Lesson",
                       "The one-hot path does num_embeddings x embedding_dim multiply-adds per token, almost "
                       "all of them by zero; the lookup copies embedding_dim values. For GPT-2 (50257 x 768) "
                       "that is 38.6 million multiply-adds against 768 copies per token."),
     Lab::Preset::Reference, "2, 3, 1", false, A::End, P::Layers},
    {"init", QT_TRANSLATE_NOOP("embedlab::ui::Lesson", "7. Two default initialisations"),
     QT_TRANSLATE_NOOP("embedlab::ui::Lesson",
                       "nn.Embedding draws its weight from Normal(0, 1). nn.Linear uses "
                       "kaiming_uniform_(a=sqrt(5)): Uniform(-1/sqrt(in_features), 1/sqrt(in_features)). "
                       "Same shape, very different scales."),
     Lab::Preset::Reference, "2, 3, 1", false, A::End, P::Init},
    {"tying", QT_TRANSLATE_NOOP("embedlab::ui::Lesson", "8. Weight tying"),
     QT_TRANSLATE_NOOP("embedlab::ui::Lesson",
                       "lm_head.weight = embedding.weight makes both layers use one storage, as GPT-2 does: "
                       "the output layer scores a hidden vector h against every token's embedding "
                       "(h @ W.T). It saves 38.6 million parameters in GPT-2 small."),
     Lab::Preset::Reference, "2, 3, 1", true, A::End, P::Layers | P::Unembedding},
    {"gradients", QT_TRANSLATE_NOOP("embedlab::ui::Lesson", "9. Gradients"),
     QT_TRANSLATE_NOOP("embedlab::ui::Lesson",
                       "The Training panel trains the next-token task on the ids: inputs [2, 3], targets "
                       "[3, 1]. Only the looked-up rows of an embedding, 2 and 3, get a non-zero gradient "
                       "(stored dense unless sparse=True). With plain SGD only those rows change; momentum, "
                       "Adam and weight decay can change the others too."),
     Lab::Preset::Reference, "2, 3, 1", false, A::End, P::Training},
    {"pitfalls", QT_TRANSLATE_NOOP("embedlab::ui::Lesson", "10. Common pitfalls"),
     QT_TRANSLATE_NOOP("embedlab::ui::Lesson",
                       "Ids must be integers in [0, num_embeddings): id 4 in an Embedding(4, 5) raises "
                       "\"IndexError: index out of range in self\". The padding_idx row starts at zero and "
                       "never gets a gradient. Swapped Linear arguments give the transposed shape."),
     Lab::Preset::Reference, "2, 3, 4", false, A::End, P::Layers | P::Code},
    // #27 item 8: the class predicts first, then watches (the step sets the run up at step 0, in the
    // lesson's language; LessonController).
    {"learn", QT_TRANSLATE_NOOP("embedlab::ui::Lesson", "11. Watch it learn"),
     QT_TRANSLATE_NOOP(
         "embedlab::ui::Lesson",
         "A tiny language model, an Embedding and a tied Linear, is about to learn from a short "
         "text about kings and queens, fruit and weekdays. Its rows start random: the map shows "
         "the text's most frequent tokens scattered. Which ones will end up near each other? "
         "Guess, then press Run and watch the loss fall and the map move."),
     Lab::Preset::Reference, "2, 3, 1", false, A::End, P::Fit},
};

} // namespace

const QList<Lesson::Step> &Lesson::steps()
{
    return kSteps;
}

Lesson::Lesson(QObject *parent)
    : QObject(parent)
{}

QString Lesson::title(int index)
{
    return QCoreApplication::translate("embedlab::ui::Lesson", steps().at(index).title);
}

QString Lesson::text(int index)
{
    const QString text = QCoreApplication::translate("embedlab::ui::Lesson", steps().at(index).text);
    if (qstrcmp(steps().at(index).key, "lookup") != 0)
        return text;
    // Each id picks a token's row, and a token is not always a character (issue #26): the sentence
    // the token chips' tooltip gives for 我, in GPT-2's byte-level BPE.
    return text + QLatin1Char(' ') +
           QCoreApplication::translate("embedlab::ui::Lesson",
                                       "In GPT-2, a token is not always a character:") +
           QLatin1Char(' ') + Vocabulary::explainByteSplit({"\xE6\x88\x91", "E6 88 91", {"<E6 88>", "<91>"}});
}

int Lesson::savedStep()
{
    return appSettings().value(kStepKey, -1).toInt();
}

void Lesson::start()
{
    const int saved = savedStep();
    setCurrent(saved >= 0 && saved < count() ? saved : 0);
}

void Lesson::stop()
{
    if (m_current < 0)
        return;
    // The step stays in the settings so that the next start resumes it.
    m_current = -1;
    Q_EMIT currentChanged(-1);
}

void Lesson::setCurrent(int index)
{
    if (index < -1 || index >= count() || index == m_current)
        return;
    if (index == -1) {
        stop();
        return;
    }
    m_current = index;
    appSettings().setValue(kStepKey, index);
    Q_EMIT currentChanged(index);
}

bool Lesson::next()
{
    if (m_current < 0 || m_current + 1 >= count())
        return false;
    setCurrent(m_current + 1);
    return true;
}

bool Lesson::previous()
{
    if (m_current <= 0)
        return false;
    setCurrent(m_current - 1);
    return true;
}

} // namespace embedlab::ui
