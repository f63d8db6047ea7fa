// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/cli/CliFiles.h"

#include "core/io/NpyWriter.h"
#include "core/io/WeightFile.h"
#include "core/tensor/Error.h"

#include <sys/stat.h>

namespace embedlab::core {

namespace {

[[noreturn]] void usage(const std::string &message)
{
    throw Error(Error::Kind::ValueError, message);
}

bool isFile(const std::string &path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0;
}

} // namespace

CliTensor readCliTensor(const std::string &argument)
{
    // FILE:TENSOR splits at the last ':' unless the whole argument names an existing file.
    std::string path = argument;
    std::string name;
    if (const std::size_t colon = path.rfind(':'); colon != std::string::npos && !isFile(path)) {
        name = path.substr(colon + 1);
        path.resize(colon);
    }
    CliTensor tensor{WeightFile::open(path), {}, {}, {}};
    if (name.empty()) {
        if (tensor.file.tensors().size() != 1)
            usage(path + " holds " + std::to_string(tensor.file.tensors().size()) +
                  " tensors; name one as FILE:TENSOR (see embedlab-cli inspect " + path + ")");
        name = tensor.file.tensors().front().name;
    }
    tensor.name = name;
    tensor.mapped = tensor.file.view(name);
    if (!tensor.mapped)
        tensor.copy = tensor.file.toFloat32(name);
    return tensor;
}

int runInspect(const std::vector<std::string> &args, std::ostream &out)
{
    if (args.size() != 2)
        usage("inspect needs exactly one FILE (embedlab-cli inspect FILE)");
    const WeightFile file = WeightFile::open(args[1]);
    for (const TensorInfo &t : file.tensors())
        out << t.name << '\t' << t.dtype << '\t' << shapeCross(t.shape) << '\n';
    for (const TiedPair &p : file.tiedPairs())
        out << "tied\t" << p.first << '\t' << p.second << '\n';
    return 0;
}

int runConvert(const std::vector<std::string> &args, std::ostream &)
{
    std::vector<std::string> positional;
    std::string npy;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--npy") {
            if (i + 1 >= args.size())
                usage("option --npy needs a value");
            npy = args[++i];
        } else {
            positional.push_back(args[i]);
        }
    }
    if (positional.size() != 1 || npy.empty())
        usage("convert needs FILE[:TENSOR] --npy OUT");
    const CliTensor tensor = readCliTensor(positional[0]);
    writeNpy(npy, tensor.view().data, tensor.view().shape);
    return 0;
}

} // namespace embedlab::core
