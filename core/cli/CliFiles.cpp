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

// FILE:TENSOR splits at the last ':' unless the whole argument names an existing file; a file of
// one tensor needs no name.
std::pair<WeightFile, std::string> openCliTensor(const std::string &argument)
{
    std::string path = argument;
    std::string name;
    if (const std::size_t colon = path.rfind(':'); colon != std::string::npos && !isFile(path)) {
        name = path.substr(colon + 1);
        path.resize(colon);
    }
    WeightFile file = WeightFile::open(path);
    if (name.empty()) {
        if (file.tensors().size() != 1)
            usage(path + " holds " + std::to_string(file.tensors().size()) +
                  " tensors; name one as FILE:TENSOR (see embedlab-cli inspect " + path + ")");
        name = file.tensors().front().name;
    }
    return {std::move(file), std::move(name)};
}

} // namespace

CliTensor readCliTensor(const std::string &argument)
{
    auto [file, name] = openCliTensor(argument);
    CliTensor tensor{std::move(file), std::move(name), {}, {}};
    tensor.mapped = tensor.file.view(tensor.name);
    if (!tensor.mapped)
        tensor.copy = tensor.file.toFloat32(tensor.name);
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
    const auto [file, name] = openCliTensor(positional[0]);
    // Streamed: the header, then the tensor decoded 4 Mi elements at a time (16 MB), so memory
    // stays far below the output's size whatever the tensor's.
    AtomicFile out(npy);
    const std::string header = npyHeader(file.tensor(name).shape);
    out.write(header.data(), header.size());
    file.streamFloat32(name, std::size_t(1) << 22, [&out](const float *data, std::size_t count) {
        out.write(reinterpret_cast<const char *>(data), count * sizeof(float));
    });
    out.commit();
    return 0;
}

} // namespace embedlab::core
