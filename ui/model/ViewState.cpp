// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/ViewState.h"

#include "core/nn/TextFit.h"

#include "ui/model/JsonNumbers.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <functional>

namespace embedlab::ui {

namespace {

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

/// Reads typed values out of one JSON object; the first wrong type is remembered for the message.
class Reader {
public:
    Reader(const QJsonObject &object, const QString &where)
        : m_object(object)
        , m_where(where)
    {}
    void boolean(const char *name, bool &out)
    {
        read(name, QJsonValue::Bool, [&](auto v) { out = v.toBool(); });
    }
    void number(const char *name, double &out)
    {
        read(name, QJsonValue::Double, [&](auto v) { out = v.toDouble(); });
    }
    void integer(const char *name, int &out)
    {
        read(name, QJsonValue::Double, [&](const QJsonValue &v) {
            const double d = v.toDouble();
            if (d != double(int(d)))
                fail(name);
            else
                out = int(d);
        });
    }
    void seed(const char *name, std::uint64_t &out)
    {
        const QJsonValue v = m_object.value(key(name));
        if (v.isUndefined())
            return;
        if (const auto n = integerFromJson(v))
            out = *n;
        else
            fail(name);
    }
    void text(const char *name, QString &out)
    {
        read(name, QJsonValue::String, [&](auto v) { out = v.toString(); });
    }
    /// An array of strings (panel names).
    void names(const char *name, QStringList &out)
    {
        read(name, QJsonValue::Array, [&](const QJsonValue &v) {
            QStringList list;
            for (const QJsonValue &item : v.toArray()) {
                if (!item.isString())
                    return fail(name);
                list.append(item.toString());
            }
            out = list;
        });
    }
    void object(const char *name, const std::function<void(const QJsonObject &)> &then)
    {
        read(name, QJsonValue::Object, [&](auto v) { then(v.toObject()); });
    }
    void fail(const char *name)
    {
        if (m_error.isEmpty())
            m_error = m_where.isEmpty() ? key(name) : m_where + QLatin1Char('.') + key(name);
    }
    void fail(const QString &name)
    {
        if (m_error.isEmpty())
            m_error = name;
    }
    const QString &error() const { return m_error; }
    const QJsonObject &json() const { return m_object; }

private:
    void read(const char *name, QJsonValue::Type type, const std::function<void(const QJsonValue &)> &take)
    {
        const QJsonValue v = m_object.value(key(name));
        if (v.isUndefined())
            return;
        if (v.type() != type)
            fail(name);
        else
            take(v);
    }

    QJsonObject m_object;
    QString m_where;
    QString m_error;
};

const std::pair<UnembeddingState::Source, const char *> kSources[] = {
    {UnembeddingState::Source::Token, "token"},
    {UnembeddingState::Source::Random, "random"},
    {UnembeddingState::Source::Typed, "typed"},
};

QJsonObject initDraftToJson(const InitDraft &d)
{
    return {{key("target"), d.target},
            {key("spec"), d.spec},
            {key("seed"), d.seed ? jsonInteger(*d.seed) : QJsonValue()},
            {key("live"), d.live}};
}

void readInitDraft(const QJsonObject &o, InitDraft &d, Reader &outer)
{
    Reader r(o, QStringLiteral("initDraft"));
    r.text("target", d.target);
    r.text("spec", d.spec);
    r.boolean("live", d.live);
    const QJsonValue seed = o.value(key("seed"));
    if (seed.isNull() || seed.isUndefined())
        d.seed.reset();
    else if (const auto n = integerFromJson(seed))
        d.seed = *n;
    else
        r.fail("seed");
    if (!r.error().isEmpty())
        outer.fail(r.error());
}

QJsonObject unembeddingToJson(const UnembeddingState &u)
{
    QJsonObject o;
    for (const auto &[source, name] : kSources)
        if (source == u.source)
            o[key("source")] = QLatin1String(name);
    o[key("token")] = u.token;
    o[key("seed")] = jsonInteger(u.seed);
    o[key("typed")] = u.typed;
    o[key("temperature")] = u.temperature;
    return o;
}

void readUnembedding(const QJsonObject &o, UnembeddingState &u, Reader &outer)
{
    Reader r(o, QStringLiteral("unembedding"));
    QString source;
    r.text("source", source);
    bool known = source.isEmpty();
    for (const auto &[value, name] : kSources) {
        if (source == QLatin1String(name)) {
            u.source = value;
            known = true;
        }
    }
    if (!known)
        r.fail("source");
    r.integer("token", u.token);
    r.seed("seed", u.seed);
    r.text("typed", u.typed);
    r.number("temperature", u.temperature);
    if (!r.error().isEmpty())
        outer.fail(r.error());
}

/// The "optimizer" object of `r`'s, if there is one; a damaged one fails `r` with its field's path
/// (`where` is the object's own: "" at the top, "fit." in the run's settings).
void readOptimizer(Reader &r, const QString &where, core::OptimizerConfig &out)
{
    r.object("optimizer", [&](const QJsonObject &o) {
        QString error;
        if (const auto config = optimizerFromJson(o, &error))
            out = *config;
        else
            r.fail(where + QStringLiteral("optimizer.") + error);
    });
}

/// The run's settings; steps outside 0 .. kMaxHead, a current step past the head or a speed outside
/// 1 .. kMaxSpeed are damage.
void readFit(const QJsonObject &o, FitState &f, Reader &outer)
{
    Reader r(o, QStringLiteral("fit"));
    r.text("text", f.text);
    r.text("ownText", f.ownText);
    r.boolean("tied", f.tied);
    r.integer("current", f.current);
    r.integer("head", f.head);
    r.integer("speed", f.speed);
    r.boolean("compare", f.compare);
    r.text("tokens", f.tokens);
    readOptimizer(r, QStringLiteral("fit."), f.optimizer);
    if (f.head < 0 || f.head > FitState::kMaxHead)
        r.fail("head");
    if (f.current < 0 || f.current > f.head)
        r.fail("current");
    if (f.speed < 1 || f.speed > FitState::kMaxSpeed)
        r.fail("speed");
    if (!r.error().isEmpty())
        outer.fail(r.error());
}

} // namespace

QStringList ViewState::defaultPanels()
{
    return {QStringLiteral("layer"),     QStringLiteral("code"),        QStringLiteral("init"),
            QStringLiteral("histogram"), QStringLiteral("unembedding"), QStringLiteral("training")};
}

core::OptimizerConfig FitState::defaultOptimizer()
{
    return core::FitConfig::defaultOptimizer();
}

core::OptimizerConfig ViewState::defaultOptimizer()
{
    core::OptimizerConfig config;
    config.sgd.lr = 0.1;
    config.adam.lr = 0.01;
    return config;
}

const QList<ViewState::FieldInfo> &ViewState::fields()
{
    static const QList<FieldInfo> list{
        {Field::IdsEntry, "idsEntry"},
        {Field::TextMode, "textMode"},
        {Field::SelectedRow, "selectedRow"},
        {Field::AnimationStep, "animationStep"},
        {Field::ColorMap, "colorMap"},
        {Field::BlockGrid, "blockGrid"},
        {Field::InitDraft, "initDraft"},
        {Field::Optimizer, "optimizer"},
        {Field::TrainingBatch, "trainingBatch"},
        {Field::Unembedding, "unembedding"},
        {Field::Histogram, "histogram"},
        {Field::LessonStep, "lessonStep"},
        {Field::Projector, "projector"},
        {Field::ProjectedPanels, "projectedPanels"},
        {Field::Focus, "focus"},
        {Field::Panels, "panels"},
        {Field::Fit, "fit"},
    };
    return list;
}

bool ViewState::sameField(const ViewState &a, const ViewState &b, Field field)
{
    switch (field) {
    case Field::IdsEntry:
        return a.idsEntry == b.idsEntry;
    case Field::TextMode:
        return a.textMode == b.textMode;
    case Field::SelectedRow:
        return a.selectedRow == b.selectedRow;
    case Field::AnimationStep:
        return a.animationStep == b.animationStep;
    case Field::ColorMap:
        return a.colorMap == b.colorMap;
    case Field::BlockGrid:
        return a.blockGrid == b.blockGrid;
    case Field::InitDraft:
        return a.initDraft == b.initDraft;
    case Field::Optimizer:
        return a.optimizer == b.optimizer;
    case Field::TrainingBatch:
        return a.trainingBatch == b.trainingBatch;
    case Field::Unembedding:
        return a.unembedding == b.unembedding;
    case Field::Histogram:
        return a.histogram == b.histogram;
    case Field::LessonStep:
        return a.lessonStep == b.lessonStep;
    case Field::Projector:
        return a.projector == b.projector;
    case Field::ProjectedPanels:
        return a.projectedPanels == b.projectedPanels;
    case Field::Focus:
        return a.focus == b.focus;
    case Field::Panels:
        return a.panels == b.panels;
    case Field::Fit:
        return a.fit == b.fit;
    }
    return false;
}

QJsonObject ViewState::toJson() const
{
    QJsonObject o;
    for (const FieldInfo &info : fields()) {
        QJsonValue v;
        switch (info.field) {
        case Field::IdsEntry:
            v = idsEntry;
            break;
        case Field::TextMode:
            v = textMode;
            break;
        case Field::SelectedRow:
            v = selectedRow;
            break;
        case Field::AnimationStep:
            v = animationStep;
            break;
        case Field::ColorMap:
            v = colorMap;
            break;
        case Field::BlockGrid:
            v = blockGrid;
            break;
        case Field::InitDraft:
            v = initDraftToJson(initDraft);
            break;
        case Field::Optimizer:
            v = optimizerToJson(optimizer);
            break;
        case Field::TrainingBatch:
            v = QJsonObject{{key("followsIds"), trainingBatch.followsIds},
                            {key("ids"), trainingBatch.ids},
                            {key("targets"), trainingBatch.targets}};
            break;
        case Field::Unembedding:
            v = unembeddingToJson(unembedding);
            break;
        case Field::Histogram:
            v = QJsonObject{{key("target"), histogram.target}, {key("compare"), histogram.compare}};
            break;
        case Field::LessonStep:
            v = lessonStep;
            break;
        case Field::Projector:
            v = projector;
            break;
        case Field::ProjectedPanels:
            v = QJsonArray::fromStringList(projectedPanels);
            break;
        case Field::Focus:
            v = focus;
            break;
        case Field::Panels:
            v = QJsonArray::fromStringList(panels);
            break;
        case Field::Fit:
            v = QJsonObject{{key("text"), fit.text},
                            {key("ownText"), fit.ownText},
                            {key("tied"), fit.tied},
                            {key("current"), fit.current},
                            {key("head"), fit.head},
                            {key("speed"), fit.speed},
                            {key("compare"), fit.compare},
                            {key("tokens"), fit.tokens},
                            {key("optimizer"), optimizerToJson(fit.optimizer)}};
            break;
        }
        o[key(info.key)] = v;
    }
    return o;
}

std::optional<ViewState> ViewState::fromJson(const QJsonObject &object, QString *error)
{
    ViewState s;
    Reader r(object, QString());
    r.text("idsEntry", s.idsEntry);
    r.boolean("textMode", s.textMode);
    r.integer("selectedRow", s.selectedRow);
    r.integer("animationStep", s.animationStep);
    r.text("colorMap", s.colorMap);
    r.boolean("blockGrid", s.blockGrid);
    r.object("initDraft", [&](const QJsonObject &o) { readInitDraft(o, s.initDraft, r); });
    readOptimizer(r, QString(), s.optimizer);
    r.object("trainingBatch", [&](const QJsonObject &o) {
        Reader b(o, QStringLiteral("trainingBatch"));
        b.boolean("followsIds", s.trainingBatch.followsIds);
        b.text("ids", s.trainingBatch.ids);
        b.text("targets", s.trainingBatch.targets);
        if (!b.error().isEmpty())
            r.fail(b.error());
    });
    r.object("unembedding", [&](const QJsonObject &o) { readUnembedding(o, s.unembedding, r); });
    r.object("histogram", [&](const QJsonObject &o) {
        Reader h(o, QStringLiteral("histogram"));
        h.text("target", s.histogram.target);
        h.boolean("compare", s.histogram.compare);
        if (!h.error().isEmpty())
            r.fail(h.error());
    });
    r.integer("lessonStep", s.lessonStep);
    r.boolean("projector", s.projector);
    r.boolean("focus", s.focus);
    r.object("fit", [&](const QJsonObject &o) { readFit(o, s.fit, r); });
    r.names("panels", s.panels);
    r.names("projectedPanels", s.projectedPanels);
    if (!r.error().isEmpty()) {
        if (error)
            *error =
                QCoreApplication::translate("SessionFile", "The session is damaged: its view field '%1' has "
                                                           "a value of the wrong type or out of range.")
                    .arg(r.error());
        return std::nullopt;
    }
    return s;
}

QJsonObject optimizerToJson(const core::OptimizerConfig &c)
{
    if (c.kind == core::OptimizerConfig::Kind::Sgd)
        return {{key("kind"), QStringLiteral("sgd")},     {key("lr"), c.sgd.lr},
                {key("momentum"), c.sgd.momentum},        {key("dampening"), c.sgd.dampening},
                {key("weight_decay"), c.sgd.weightDecay}, {key("nesterov"), c.sgd.nesterov}};
    return {{key("kind"), QStringLiteral("adam")},
            {key("lr"), c.adam.lr},
            {key("beta1"), c.adam.beta1},
            {key("beta2"), c.adam.beta2},
            {key("eps"), c.adam.eps},
            {key("weight_decay"), c.adam.weightDecay},
            {key("amsgrad"), c.adam.amsgrad}};
}

std::optional<core::OptimizerConfig> optimizerFromJson(const QJsonObject &object, QString *error)
{
    core::OptimizerConfig c;
    Reader r(object, QString());
    QString kind = QStringLiteral("sgd");
    r.text("kind", kind);
    if (kind == QStringLiteral("sgd")) {
        c.kind = core::OptimizerConfig::Kind::Sgd;
        r.number("lr", c.sgd.lr);
        r.number("momentum", c.sgd.momentum);
        r.number("dampening", c.sgd.dampening);
        r.number("weight_decay", c.sgd.weightDecay);
        r.boolean("nesterov", c.sgd.nesterov);
    } else if (kind == QStringLiteral("adam")) {
        c.kind = core::OptimizerConfig::Kind::Adam;
        r.number("lr", c.adam.lr);
        r.number("beta1", c.adam.beta1);
        r.number("beta2", c.adam.beta2);
        r.number("eps", c.adam.eps);
        r.number("weight_decay", c.adam.weightDecay);
        r.boolean("amsgrad", c.adam.amsgrad);
    } else {
        r.fail("kind");
    }
    if (!r.error().isEmpty()) {
        if (error)
            *error = r.error();
        return std::nullopt;
    }
    return c;
}

} // namespace embedlab::ui
