// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/FitRecord.h"

#include "core/io/SafetensorsWriter.h"
#include "core/io/WeightFile.h"
#include "core/tensor/Error.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace embedlab::core {

namespace {

constexpr const char *kFormat = "embedlab-fit";
constexpr const char *kTwin = "twin.";

/// The name of TextFit's parameter `k` of `shape`, as the script calls its modules: its parameters
/// are model.parameters() - emb.weight, lm_head's weight unless tied, its bias (the one 1-D one).
std::string parameterName(std::size_t k, const Shape &shape)
{
    return k == 0 ? "emb.weight" : shape.size() == 1 ? "head.bias" : "head.weight";
}

std::string stateName(const std::string &prefix, std::size_t param, const std::string &name)
{
    return prefix + "optimizer.state." + std::to_string(param) + "." + name;
}

/// The tensors written, with their values (NamedTensor borrows them).
struct Owned {
    struct Entry {
        std::string name;
        Shape shape;
        std::vector<float> values;
    };
    std::vector<Entry> tensors;
    std::vector<std::pair<std::string, std::string>> metadata;

    void add(std::string name, Shape shape, std::vector<float> values)
    {
        // An empty tensor is left out: the reader takes a missing one as empty.
        if (!values.empty())
            tensors.push_back({std::move(name), std::move(shape), std::move(values)});
    }
    void add(std::string name, Shape shape, const float *data, Index count)
    {
        add(std::move(name), std::move(shape), std::vector<float>(data, data + count));
    }
    void addRows(std::string name, const std::vector<std::int32_t> &rows)
    {
        add(std::move(name), {Index(rows.size())}, std::vector<float>(rows.begin(), rows.end()));
    }
};

void addRecord(Owned &out, const std::string &prefix, const FitRecord &record)
{
    const FitSnapshot &state = *record.state;
    out.metadata.push_back({prefix + "step", std::to_string(state.step)});
    for (std::size_t k = 0; k < state.parameters.size(); ++k) {
        const Parameter &p = *state.parameters[k];
        out.add(prefix + parameterName(k, p.shape()), p.shape(), std::as_const(p).value().data(), p.numel());
    }
    for (const OptimizerStateTensor &t : state.optimizer->state()) {
        const Shape shape = t.name == "step" ? Shape{} : state.parameters[t.param]->shape();
        out.add(stateName(prefix, t.param, t.name), shape, t.values.data(), t.values.size());
    }
    out.add(prefix + "losses", {Index(record.losses.size())}, record.losses);
    if (record.trailPoints > 0)
        out.add(prefix + "map.trail",
                {Index(record.trail.size() / (2 * record.trailPoints)), Index(record.trailPoints), 2},
                record.trail);
    if (record.lastStep) {
        out.metadata.push_back({prefix + "last_step.reasons", std::to_string(record.lastStep->reasons)});
        out.addRows(prefix + "last_step.looked_up_rows", record.lastStep->lookedUpRows);
        out.addRows(prefix + "last_step.changed_rows", record.lastStep->changedRows);
    }
}

} // namespace

void writeFitRecords(const std::string &path, const FitRecords &records)
{
    Owned out;
    out.metadata = {{"format", kFormat}, {"version", "1"}};
    addRecord(out, "", records.run);
    if (records.twin)
        addRecord(out, kTwin, *records.twin);
    std::vector<NamedTensor> tensors;
    tensors.reserve(out.tensors.size());
    for (const Owned::Entry &t : out.tensors)
        tensors.push_back({t.name, t.values.data(), t.shape});
    writeSafetensors(path, tensors, out.metadata);
}

namespace {

std::optional<std::string> metadataValue(const WeightFile &file, const std::string &key)
{
    for (const auto &[k, v] : file.metadata())
        if (k == key)
            return v;
    return std::nullopt;
}

bool hasTensor(const WeightFile &file, const std::string &name)
{
    return std::any_of(file.tensors().begin(), file.tensors().end(),
                       [&name](const TensorInfo &t) { return t.name == name; });
}

/// The float32 values of tensor `name`, which must have `shape`; empty when it is absent and
/// `optional`.
std::vector<float> values(const WeightFile &file, const std::string &name, const Shape *shape,
                          bool optional = false)
{
    if (optional && !hasTensor(file, name))
        return {};
    const TensorInfo &info = file.tensor(name); // throws, listing the names, when it is absent
    if (shape && info.shape != *shape)
        throw Error(Error::Kind::ValueError, "'" + name + "' does not have the shape of this fit");
    std::optional<Tensor> t = file.toFloat32(name);
    return std::vector<float>(t->data.begin(), t->data.end());
}

std::int64_t wholeNumber(const std::optional<std::string> &text, const std::string &what)
{
    try {
        std::size_t used = 0;
        const long long n = text ? std::stoll(*text, &used) : -1;
        if (text && used == text->size() && n >= 0)
            return n;
    } catch (const std::exception &) {
    }
    throw Error(Error::Kind::ValueError, "the stored run's " + what + " is not a whole number");
}

std::vector<std::int32_t> rows(const std::vector<float> &values, Index vocab, const std::string &name)
{
    std::vector<std::int32_t> out;
    for (const float v : values) {
        if (!(v >= 0.0f && v < float(vocab)) || v != std::floor(v))
            throw Error(Error::Kind::ValueError, "'" + name + "' holds a row outside the model");
        out.push_back(static_cast<std::int32_t>(v));
    }
    return out;
}

} // namespace

bool isFitRecordFile(const WeightFile &file)
{
    return metadataValue(file, "format") == std::string(kFormat) && metadataValue(file, "version") == "1";
}

bool hasTwinRecord(const WeightFile &file)
{
    return metadataValue(file, std::string(kTwin) + "step").has_value();
}

FitRecord readFitRecord(const WeightFile &file, const std::string &prefix, const TextFit &fit)
{
    if (!isFitRecordFile(file))
        throw Error(Error::Kind::ValueError, "this is not a run EmbedLab stored (format embedlab-fit 1)");
    FitRecord record;
    record.losses = values(file, prefix + "losses", nullptr, true);
    FitSnapshot like = fit.snapshot();
    auto state = std::make_shared<FitSnapshot>();
    state->step = wholeNumber(metadataValue(file, prefix + "step"), "step");
    for (std::size_t k = 0; k < like.parameters.size(); ++k) {
        const Shape &shape = like.parameters[k]->shape();
        const std::vector<float> v = values(file, prefix + parameterName(k, shape), &shape);
        auto p = std::make_shared<Parameter>(shape);
        std::copy(v.begin(), v.end(), p->value().data());
        state->parameters.push_back(std::move(p));
    }
    // The optimiser's names are the ones of this fit's kind (SGD's buffer, Adam's moments).
    std::vector<OptimizerStateTensor> tensors;
    const std::string statePrefix = prefix + "optimizer.state.";
    for (const TensorInfo &info : file.tensors()) {
        if (info.name.rfind(statePrefix, 0) != 0)
            continue;
        const std::string rest = info.name.substr(statePrefix.size());
        const std::size_t dot = rest.find('.');
        const std::size_t param = dot == std::string::npos
                                      ? like.parameters.size()
                                      : std::size_t(wholeNumber(rest.substr(0, dot), info.name));
        if (param >= like.parameters.size())
            throw Error(Error::Kind::ValueError,
                        "'" + info.name + "' is not the state of a parameter of this fit");
        const std::string name = rest.substr(dot + 1);
        const Shape shape = name == "step" ? Shape{} : like.parameters[param]->shape();
        const std::vector<float> v = values(file, info.name, &shape);
        const Index cols = name == "step" ? 1 : like.parameters[param]->cols();
        tensors.push_back({param, name, Eigen::Map<const Matrix>(v.data(), Index(v.size()) / cols, cols)});
    }
    state->optimizer = like.optimizer->cloneFor(state->parameters);
    state->optimizer->loadState(tensors);
    state->bytes = fit.snapshotBytes();
    record.state = std::move(state);
    if (const auto reasons = metadataValue(file, prefix + "last_step.reasons")) {
        FitStepReport report;
        report.step = record.state->step;
        report.reasons = unsigned(wholeNumber(reasons, "last step"));
        const std::string looked = prefix + "last_step.looked_up_rows";
        const std::string changed = prefix + "last_step.changed_rows";
        report.lookedUpRows = rows(values(file, looked, nullptr, true), fit.vocabSize(), looked);
        report.changedRows = rows(values(file, changed, nullptr, true), fit.vocabSize(), changed);
        if (report.step >= 1 && report.step <= Index(record.losses.size()))
            report.loss = record.losses[std::size_t(report.step - 1)];
        record.lastStep = std::move(report);
    }
    const std::string trail = prefix + "map.trail";
    if (hasTensor(file, trail)) {
        const Shape &shape = file.tensor(trail).shape;
        if (shape.size() != 3 || shape[2] != 2)
            throw Error(Error::Kind::ValueError, "'" + trail + "' is not [steps, points, 2]");
        record.trailPoints = std::size_t(shape[1]);
        record.trail = values(file, trail, nullptr);
    }
    return record;
}

} // namespace embedlab::core
