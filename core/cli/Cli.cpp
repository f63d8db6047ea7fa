// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/cli/Cli.h"

#include "core/cli/CliArgs.h"
#include "core/cli/CliFiles.h"
#include "core/cli/CliFit.h"
#include "core/cli/CliNeighbours.h"
#include "core/cli/CliTokenize.h"
#include "core/cli/CliTrain.h"
#include "core/format/TensorFormat.h"
#include "core/init/Generator.h"
#include "core/init/InitSpec.h"
#include "core/io/MappingGuard.h"
#include "core/io/NpyWriter.h"
#include "core/nn/Embedding.h"
#include "core/nn/Linear.h"
#include "core/nn/OneHot.h"
#include "core/tensor/Error.h"

#include <charconv>
#include <functional>
#include <map>
#include <new>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace embedlab::core {

namespace {

constexpr const char *kUsage =
    "usage: embedlab-cli embedding NUM_EMBEDDINGS EMBEDDING_DIM [--seed S] [--padding-idx P]\n"
    "                    [--max-norm X] [--init SPEC]... [--lookup IDS] [--npy FILE]\n"
    "       embedlab-cli linear IN_FEATURES OUT_FEATURES [--no-bias] [--seed S] [--init SPEC]...\n"
    "                    [--onehot-forward IDS] [--npy FILE] [--bias-npy FILE]\n"
    "\n"
    "Does torch.manual_seed(S), builds the layer (its default init consumes the generator), applies each\n"
    "--init SPEC to the weight in order (SPEC is NAME[:key=value,...], e.g. normal:mean=0,std=0.02) and\n"
    "prints what print(layer.weight) prints in PyTorch; with --lookup IDS what\n"
    "print(layer(torch.tensor(IDS))) prints; with --onehot-forward IDS what\n"
    "print(layer(F.one_hot(torch.tensor(IDS), num_classes=IN_FEATURES).float())) prints.\n"
    "IDS: 2,3,1 or [[2, 3], [1, 0]]. --npy FILE writes the weight as little-endian float32 .npy.\n"
    "\n"
    "       embedlab-cli inspect FILE\n"
    "       embedlab-cli convert FILE[:TENSOR] --npy OUT\n"
    "inspect lists a .npy, .safetensors or GGUF file's tensors (NAME<TAB>DTYPE<TAB>SHAPE), then one line\n"
    "tied<TAB>NAME1<TAB>NAME2 per pair sharing storage or identical bytes; convert writes one tensor as\n"
    "little-endian float32 .npy (a .npy file's tensor is named 'array').\n"
    "\n"
    "       embedlab-cli train NUM_EMBEDDINGS EMBEDDING_DIM --ids IDS --targets IDS [--seed S] [--tied]\n"
    "                    [--bias] [--padding-idx P] [--steps N] [--npy FILE] [--lm-head-npy FILE]\n"
    "                    [--optimizer sgd:lr=0.1,momentum=0,dampening=0,weight_decay=0,nesterov=0\n"
    "                               | adam:lr=0.001,betas=0.9/0.999,eps=1e-08,weight_decay=0,amsgrad=0]\n"
    "train builds Embedding(V, D, padding_idx=P) and Linear(D, V, bias=BIAS) after torch.manual_seed(S),\n"
    "ties lm_head.weight = embedding.weight with --tied, and runs N (default 1) steps of zero_grad,\n"
    "F.cross_entropy(lm_head(embedding(ids)), targets), backward, step; it prints 'K LOSS' per step (K\n"
    "from 1, LOSS as print(loss.item())). --npy/--lm-head-npy write both weights after the last step.\n"
    "\n"
    "       embedlab-cli tokenize TOKENIZER TEXT\n"
    "       embedlab-cli detokenize TOKENIZER IDS\n"
    "tokenize prints the ids of TEXT on one line, joined by \", \"; detokenize prints the exact text of IDS\n"
    "(\"15496, 995\") and a newline. TOKENIZER is a tokenizer.json, a vocab.json (merges.txt beside it) or\n"
    "a GGUF file with tokenizer.ggml.* metadata (GPT-2's byte-level BPE).\n"
    "\n"
    "       embedlab-cli fit TEXT_FILE --tokenizer TOKENIZER|chars [--dim D] [--context C] [--batch B]\n"
    "                    [--steps N] [--seed S] [--tied] [--bias] [--every K] [--npy FILE]\n"
    "                    [--optimizer sgd:...|adam:...]\n"
    "fit learns emb = Embedding(V, D) and head = Linear(D, V, bias=BIAS) (head.weight = emb.weight with\n"
    "--tied) on the text's tokens (encode(text), or its characters with 'chars'; V = the distinct ones):\n"
    "each step takes the next B examples (C tokens -> the next one), loss = F.cross_entropy(\n"
    "head(emb(x).mean(dim=1)), y). It prints 'K LOSS' every K steps and at the last; --npy writes\n"
    "emb.weight. Defaults: D 16, C 4, B 32, N 1000, S 0, K 100, adam:lr=0.01 (keys as for train).\n"
    "\n"
    "       embedlab-cli neighbours FILE[:TENSOR] ROW [--k K] [--tokenizer TOKENIZER]\n"
    "neighbours prints K (default 10) lines ID<TAB>COSINE[<TAB>TOKEN]: the rows most similar to row ROW\n"
    "by cosine similarity, descending, ties by smaller id, ROW itself excluded, COSINE with 6 decimals,\n"
    "TOKEN the row's token as a JSON string (null past the vocabulary) when --tokenizer is given.\n";

struct Options {
    std::vector<std::string> positional;
    std::optional<std::uint64_t> seed;
    std::optional<Index> paddingIdx;
    std::optional<double> maxNorm;
    std::vector<InitSpec> inits;
    std::optional<std::string> lookup;
    std::optional<std::string> onehotForward;
    std::optional<std::string> npy;
    std::optional<std::string> biasNpy;
    bool noBias = false;
};

Options parseOptions(const std::vector<std::string> &args, bool isEmbedding)
{
    Options o;
    for (OptionReader r(args); r.next();) {
        const std::string &a = r.name();
        if (a == "--seed")
            o.seed = parseSeed(r.value());
        else if (a == "--init")
            o.inits.push_back(InitSpec::parse(r.value()));
        else if (a == "--npy")
            o.npy = r.value();
        else if (isEmbedding && a == "--padding-idx")
            o.paddingIdx = parseInt(r.value());
        else if (isEmbedding && a == "--max-norm")
            o.maxNorm = parseFloat(r.value());
        else if (isEmbedding && a == "--lookup")
            o.lookup = r.value();
        else if (!isEmbedding && a == "--no-bias")
            o.noBias = true;
        else if (!isEmbedding && a == "--onehot-forward")
            o.onehotForward = r.value();
        else if (!isEmbedding && a == "--bias-npy")
            o.biasNpy = r.value();
        else if (a.size() > 1 && a[0] == '-' &&
                 !(a.size() > 1 && std::isdigit(static_cast<unsigned char>(a[1]))))
            throw UsageError{"unknown option " + a + " for '" + args[0] + "'"};
        else
            o.positional.push_back(a);
    }
    if (o.positional.size() != 2)
        throw UsageError{"'" + args[0] + "' needs exactly two sizes, got " +
                         std::to_string(o.positional.size())};
    return o;
}

Generator makeGenerator(const Options &o)
{
    Generator gen;
    if (o.seed)
        gen.manualSeed(*o.seed);
    return gen;
}

void applyInits(const Options &o, Parameter &weight, Generator &gen)
{
    for (const InitSpec &spec : o.inits) {
        spec.apply(weight.span(), gen);
        weight.bumpVersion();
    }
}

const TensorDecoration kParameter{true, true, {}};

int runEmbedding(const std::vector<std::string> &args, std::ostream &out)
{
    const Options o = parseOptions(args, true);
    Generator gen = makeGenerator(o);
    EmbeddingOptions eo;
    eo.paddingIdx = o.paddingIdx;
    eo.maxNorm = o.maxNorm;
    Embedding embedding(parseInt(o.positional[0]), parseInt(o.positional[1]), eo, gen);
    applyInits(o, *embedding.weight(), gen);
    if (o.lookup) {
        const Tensor rows = embedding.forward(parseIds(*o.lookup));
        out << formatTensor(rows, TensorDecoration{false, false, "EmbeddingBackward0"}) << '\n';
    } else {
        out << formatTensor(embedding.weight()->toTensor(), kParameter) << '\n';
    }
    if (o.npy)
        writeNpy(*o.npy, embedding.weight()->value().data(), embedding.weight()->shape());
    return 0;
}

int runLinear(const std::vector<std::string> &args, std::ostream &out)
{
    const Options o = parseOptions(args, false);
    Generator gen = makeGenerator(o);
    Linear linear(parseInt(o.positional[0]), parseInt(o.positional[1]), !o.noBias, gen);
    applyInits(o, *linear.weight(), gen);
    if (o.onehotForward) {
        const Tensor x = toFloat(oneHot(parseIds(*o.onehotForward), linear.inFeatures()));
        const Tensor y = linear.forward(x);
        out << formatTensor(y, TensorDecoration{false, false, linear.gradFnName(x.dim())}) << '\n';
    } else {
        out << formatTensor(linear.weight()->toTensor(), kParameter) << '\n';
    }
    if (o.npy)
        writeNpy(*o.npy, linear.weight()->value().data(), linear.weight()->shape());
    if (o.biasNpy) {
        if (!linear.hasBias())
            throw Error(Error::Kind::RuntimeError,
                        "--bias-npy: this Linear has no bias (--no-bias was given)");
        writeNpy(*o.biasNpy, linear.bias()->value().data(), linear.bias()->shape());
    }
    return 0;
}

// A file shortened on disk while the command read it (core::mappingGuard): the output read zeros
// for what the file no longer holds, so the command did not succeed.
int checkedForShortenedFiles(int code, std::ostream &err)
{
    const std::vector<std::string> files = mappingGuard::takeShortened();
    for (const std::string &file : files)
        err << "RuntimeError: '" << file
            << "' became shorter on disk while it was read; what it no longer holds was read as zeros\n";
    return files.empty() ? code : 1;
}

} // namespace

int runCli(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    if (args.empty()) {
        err << kUsage;
        return 2;
    }
    if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        out << kUsage;
        return 0;
    }
    const std::map<std::string, std::function<int(const std::vector<std::string> &, std::ostream &)>>
        commands = {
            {"embedding", runEmbedding},   {"linear", runLinear},         {"inspect", runInspect},
            {"convert", runConvert},       {"train", runTrain},           {"tokenize", runTokenize},
            {"detokenize", runDetokenize}, {"neighbours", runNeighbours}, {"fit", runFit},
        };
    const auto command = commands.find(args[0]);
    try {
        if (command == commands.end())
            throw UsageError{"unknown command '" + args[0] + "'"};
        return checkedForShortenedFiles(command->second(args, out), err);
    } catch (const UsageError &e) {
        err << "embedlab-cli: " << e.message << "\n" << kUsage;
        return 2;
    } catch (const Error &e) {
        err << e.kindName() << ": " << e.what() << '\n';
        return 1;
    } catch (const std::bad_alloc &) {
        err << "MemoryError: out of memory\n";
        return 1;
    } catch (const std::exception &e) {
        err << "RuntimeError: " << e.what() << '\n';
        return 1;
    }
}

} // namespace embedlab::core
