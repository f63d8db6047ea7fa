// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/cli/CliTrain.h"

#include "core/cli/CliArgs.h"
#include "core/format/PythonNumber.h"
#include "core/init/Generator.h"
#include "core/io/NpyWriter.h"
#include "core/nn/OneHot.h"
#include "core/tensor/Error.h"

#include <map>
#include <optional>

namespace embedlab::core {

namespace {

struct TrainOptions {
    std::vector<std::string> positional;
    std::optional<std::uint64_t> seed;
    std::optional<std::string> ids;
    std::optional<std::string> targets;
    std::optional<Index> paddingIdx;
    bool tied = false;
    bool bias = false;
    Index steps = 1;
    OptimizerConfig optimizer;
    std::optional<std::string> npy;
    std::optional<std::string> lmHeadNpy;
};

// bool('...') for a switch written as 0/1/true/false.
bool parseSwitch(const std::string &key, const std::string &value)
{
    if (value == "1" || value == "true" || value == "True")
        return true;
    if (value == "0" || value == "false" || value == "False")
        return false;
    throw UsageError{"--optimizer: " + key + " must be 0 or 1, got '" + value + "'"};
}

void setSgdKey(SGDOptions &o, const std::string &key, const std::string &value)
{
    if (key == "lr")
        o.lr = parseFloat(value);
    else if (key == "momentum")
        o.momentum = parseFloat(value);
    else if (key == "dampening")
        o.dampening = parseFloat(value);
    else if (key == "weight_decay")
        o.weightDecay = parseFloat(value);
    else if (key == "nesterov")
        o.nesterov = parseSwitch(key, value);
    else
        throw Error(Error::Kind::TypeError,
                    "SGD.__init__() got an unexpected keyword argument '" + key + "'");
}

void setAdamKey(AdamOptions &o, const std::string &key, const std::string &value)
{
    if (key == "lr") {
        o.lr = parseFloat(value);
    } else if (key == "betas") {
        const auto slash = value.find('/');
        if (slash == std::string::npos)
            throw UsageError{"--optimizer: betas is BETA1/BETA2, got '" + value + "'"};
        o.beta1 = parseFloat(value.substr(0, slash));
        o.beta2 = parseFloat(value.substr(slash + 1));
    } else if (key == "eps") {
        o.eps = parseFloat(value);
    } else if (key == "weight_decay") {
        o.weightDecay = parseFloat(value);
    } else if (key == "amsgrad") {
        o.amsgrad = parseSwitch(key, value);
    } else {
        throw Error(Error::Kind::TypeError,
                    "Adam.__init__() got an unexpected keyword argument '" + key + "'");
    }
}

TrainOptions parseTrainOptions(const std::vector<std::string> &args)
{
    TrainOptions o;
    o.optimizer.sgd.lr = 0.1;
    for (OptionReader r(args); r.next();) {
        const std::string &a = r.name();
        if (a == "--seed")
            o.seed = parseSeed(r.value());
        else if (a == "--ids")
            o.ids = r.value();
        else if (a == "--targets")
            o.targets = r.value();
        else if (a == "--padding-idx")
            o.paddingIdx = parseInt(r.value());
        else if (a == "--tied")
            o.tied = true;
        else if (a == "--bias")
            o.bias = true;
        else if (a == "--steps")
            o.steps = parseInt(r.value());
        else if (a == "--optimizer")
            o.optimizer = parseOptimizerSpec(r.value());
        else if (a == "--npy")
            o.npy = r.value();
        else if (a == "--lm-head-npy")
            o.lmHeadNpy = r.value();
        else if (a.size() > 1 && a[0] == '-' && !std::isdigit(static_cast<unsigned char>(a[1])))
            throw UsageError{"unknown option " + a + " for 'train'"};
        else
            o.positional.push_back(a);
    }
    if (o.positional.size() != 2)
        throw UsageError{"'train' needs exactly two sizes, got " + std::to_string(o.positional.size())};
    if (!o.ids || !o.targets)
        throw UsageError{"'train' needs --ids and --targets"};
    if (o.steps < 0)
        throw UsageError{"--steps must not be negative"};
    return o;
}

} // namespace

OptimizerConfig parseOptimizerSpec(const std::string &spec)
{
    const auto colon = spec.find(':');
    const std::string name = spec.substr(0, colon);
    OptimizerConfig c;
    c.sgd.lr = 0.1;
    if (name == "adam")
        c.kind = OptimizerConfig::Kind::Adam;
    else if (name != "sgd")
        throw UsageError{"--optimizer: unknown optimiser '" + name + "' (sgd or adam)"};
    std::string rest = colon == std::string::npos ? std::string() : spec.substr(colon + 1);
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        const std::string item = rest.substr(0, comma);
        rest = comma == std::string::npos ? std::string() : rest.substr(comma + 1);
        const auto eq = item.find('=');
        if (eq == std::string::npos)
            throw UsageError{"--optimizer: expected key=value, got '" + item + "'"};
        if (c.kind == OptimizerConfig::Kind::Sgd)
            setSgdKey(c.sgd, item.substr(0, eq), item.substr(eq + 1));
        else
            setAdamKey(c.adam, item.substr(0, eq), item.substr(eq + 1));
    }
    return c;
}

int runTrain(const std::vector<std::string> &args, std::ostream &out)
{
    const TrainOptions o = parseTrainOptions(args);
    const LongTensor ids = parseIds(*o.ids);
    const LongTensor targets = parseIds(*o.targets);
    Generator gen;
    if (o.seed)
        gen.manualSeed(*o.seed);
    EmbeddingOptions eo;
    eo.paddingIdx = o.paddingIdx;
    TiedModel model(parseInt(o.positional[0]), parseInt(o.positional[1]), eo, o.bias, gen);
    if (o.tied)
        model.tie();
    Trainer trainer;
    trainer.setOptimizer(o.optimizer);
    trainer.prepare(model); // torch.optim raises for invalid settings before the first step
    for (Index k = 1; k <= o.steps; ++k) {
        // The step first: a refused batch prints nothing (operator<< sequences left to right).
        const float loss = trainer.step(model, ids, targets).loss;
        out << k << ' ' << pythonFloat(double(loss)) << '\n';
    }
    if (o.npy)
        writeNpy(*o.npy, model.embedding().weight()->value().data(), model.embedding().weight()->shape());
    if (o.lmHeadNpy)
        writeNpy(*o.lmHeadNpy, model.lmHead().weight()->value().data(), model.lmHead().weight()->shape());
    return 0;
}

} // namespace embedlab::core
