// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/WeightFile.h"

#include "core/io/Gguf.h"
#include "core/io/GgufQuant.h"
#include "core/io/NpyReader.h"
#include "core/io/Safetensors.h"
#include "core/tensor/Error.h"
#include "core/tensor/Overview.h"
#include "core/tensor/Parallel.h"
#include "core/tensor/Stats.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <set>
#include <thread>

namespace embedlab::core {

static_assert(std::endian::native == std::endian::little,
              "the weight-file readers assume a little-endian host");

namespace {

[[noreturn]] void fail(const std::string &message)
{
    throw Error(Error::Kind::ValueError, message);
}

// Bytes of one plain element, or of one block of a ggml block type.
std::size_t elementSize(ElementType e)
{
    return storageBlock(e).bytes;
}

template <typename T> T load(const std::uint8_t *p, bool bigEndian)
{
    std::uint8_t bytes[sizeof(T)];
    std::memcpy(bytes, p, sizeof(T));
    if (bigEndian)
        std::reverse(bytes, bytes + sizeof(T));
    T value;
    std::memcpy(&value, bytes, sizeof(T));
    return value;
}

// Decodes elements [first, first + count) of the file-order element stream into out.
void decode(const TensorInfo &info, const std::uint8_t *data, std::size_t first, std::size_t count,
            float *out)
{
    const bool be = info.bigEndian;
    const std::size_t n = elementSize(info.element);
    const std::uint8_t *p = data + first * n; // plain types: one element per block
    switch (info.element) {
    case ElementType::Bool:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = p[i] ? 1.0f : 0.0f;
        return;
    case ElementType::U8:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = static_cast<float>(p[i]);
        return;
    case ElementType::I8:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = static_cast<float>(static_cast<std::int8_t>(p[i]));
        return;
    case ElementType::U16:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = static_cast<float>(load<std::uint16_t>(p + 2 * i, be));
        return;
    case ElementType::I16:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = static_cast<float>(load<std::int16_t>(p + 2 * i, be));
        return;
    case ElementType::U32:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = static_cast<float>(load<std::uint32_t>(p + 4 * i, be));
        return;
    case ElementType::I32:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = static_cast<float>(load<std::int32_t>(p + 4 * i, be));
        return;
    case ElementType::U64:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = static_cast<float>(load<std::uint64_t>(p + 8 * i, be));
        return;
    case ElementType::I64:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = static_cast<float>(load<std::int64_t>(p + 8 * i, be));
        return;
    case ElementType::F16:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = halfToFloat(load<std::uint16_t>(p + 2 * i, be));
        return;
    case ElementType::BF16:
        for (std::size_t i = 0; i < count; ++i)
            out[i] =
                std::bit_cast<float>(static_cast<std::uint32_t>(load<std::uint16_t>(p + 2 * i, be)) << 16);
        return;
    case ElementType::F32:
        if (!be) {
            std::memcpy(out, p, count * 4);
            return;
        }
        for (std::size_t i = 0; i < count; ++i)
            out[i] = load<float>(p + 4 * i, be);
        return;
    case ElementType::F64:
        for (std::size_t i = 0; i < count; ++i)
            out[i] = static_cast<float>(load<double>(p + 8 * i, be));
        return;
    case ElementType::Q4_0:
    case ElementType::Q4_1:
    case ElementType::Q5_0:
    case ElementType::Q5_1:
    case ElementType::Q8_0:
    case ElementType::Q2_K:
    case ElementType::Q3_K:
    case ElementType::Q4_K:
    case ElementType::Q5_K:
    case ElementType::Q6_K:
    case ElementType::IQ4_NL:
    case ElementType::IQ4_XS:
    case ElementType::TQ1_0:
    case ElementType::TQ2_0: {
        // `first` and `count` are whole blocks here (decodeRange's and streamFloat32's pieces are
        // multiples of 256, and a GGUF row is whole blocks).
        const std::size_t per = storageBlock(info.element).elements;
        dequantiseBlocks(info.element, data + first / per * n, count / per, out);
        return;
    }
    case ElementType::Unsupported:
        break;
    }
    fail("tensor '" + info.name + "': dtype " + info.dtype + " is not supported");
}

std::uint64_t sampledHash(std::span<const std::uint8_t> bytes)
{
    // FNV-1a over the size and 64 evenly spaced 64-byte samples: touches ~64 pages, not the tensor.
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&h](std::uint8_t b) {
        h ^= b;
        h *= 1099511628211ull;
    };
    for (int i = 0; i < 8; ++i)
        mix(static_cast<std::uint8_t>(bytes.size() >> (8 * i)));
    const std::size_t chunk = std::min<std::size_t>(64, bytes.size());
    const std::size_t samples =
        bytes.size() <= 64 * 64 ? (bytes.size() + chunk - 1) / std::max<std::size_t>(chunk, 1) : 64;
    for (std::size_t s = 0; s < samples; ++s) {
        const std::size_t at = samples == 1 ? 0 : s * (bytes.size() - chunk) / (samples - 1);
        for (std::size_t k = 0; k < chunk; ++k)
            mix(bytes[at + k]);
    }
    return h;
}

// Whether the elements at 64 evenly spaced places all equal the first: zero-initialised matrices
// are equal to each other without being tied, and this keeps them from being read in full.
bool looksConstant(std::span<const std::uint8_t> bytes, std::size_t period)
{
    if (period == 0 || bytes.size() <= period)
        return true;
    const std::size_t elements = bytes.size() / period;
    for (std::size_t s = 1; s < 64; ++s) {
        const std::size_t at = s * (elements - 1) / 63 * period;
        if (std::memcmp(bytes.data(), bytes.data() + at, period) != 0)
            return false;
    }
    return true;
}

std::string lowerExtension(const std::string &path)
{
    const std::size_t slash = path.find_last_of('/');
    const std::size_t dot = path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
        return {};
    std::string ext = path.substr(dot);
    for (char &c : ext)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

std::string hexPrefix(std::span<const std::uint8_t> bytes)
{
    static const char *hex = "0123456789abcdef";
    std::string s;
    for (std::size_t i = 0; i < std::min<std::size_t>(8, bytes.size()); ++i) {
        s += hex[bytes[i] >> 4];
        s += hex[bytes[i] & 15];
        s += ' ';
    }
    if (!s.empty())
        s.pop_back();
    return s.empty() ? "(empty file)" : s;
}

const char *kPickleAdvice =
    "EmbedLab never executes pickles. Convert it in Python: "
    "safetensors.torch.save_file(torch.load(path, weights_only=True), 'model.safetensors') "
    "(safetensors.torch.save_model(model, ...) for a model with tied weights), or "
    "numpy.save('weight.npy', tensor.float().numpy()) for one tensor";

} // namespace

std::optional<std::uint64_t> checkedByteSize(const Shape &shape, std::uint64_t itemSize)
{
    std::uint64_t product = itemSize;
    bool zero = false;
    for (Index d : shape) {
        if (d < 0)
            return std::nullopt;
        if (d == 0) {
            zero = true;
            continue;
        }
        if (__builtin_mul_overflow(product, static_cast<std::uint64_t>(d), &product) ||
            product > static_cast<std::uint64_t>(std::numeric_limits<Index>::max()))
            return std::nullopt;
    }
    return zero ? 0 : product;
}

namespace {

// The element count of a tensor whose bytes were checked against its shape, dtype and the file.
std::size_t checkedCount(const TensorInfo &info, std::span<const std::uint8_t> file)
{
    if (!info.unsupported.empty())
        fail("tensor '" + info.name + "': " + info.unsupported);
    if (info.element == ElementType::Unsupported)
        fail("tensor '" + info.name + "': dtype " + info.dtype + " is not supported");
    if (info.offset > file.size() || info.size > file.size() - info.offset)
        fail("tensor '" + info.name + "': data at byte " + std::to_string(info.offset) + " (" +
             std::to_string(info.size) + " bytes) lies outside the file (" + std::to_string(file.size()) +
             " bytes)");
    const auto elements = checkedByteSize(info.shape, 1);
    const StorageBlock block = storageBlock(info.element);
    if (!elements || *elements % block.elements != 0 || *elements / block.elements * block.bytes != info.size)
        fail("tensor '" + info.name + "': " + std::to_string(info.size) + " bytes do not hold shape " +
             shapeString(info.shape) + " of " + info.dtype);
    return static_cast<std::size_t>(*elements);
}

// The bytes that elements [first, first + count) of the file-order stream are decoded from.
std::span<const std::uint8_t> sourceBytes(const TensorInfo &info, const std::uint8_t *data, std::size_t first,
                                          std::size_t count)
{
    const StorageBlock block = storageBlock(info.element);
    return {data + first / block.elements * block.bytes, count / block.elements * block.bytes};
}

// Blocks of 1 Mi elements (a multiple of every ggml block: 32 or 256 elements): progress about every few
// milliseconds, and small enough that the two threads finish together.
constexpr std::size_t kBlock = std::size_t(1) << 20;

// Calls `block(at, n)` for the blocks of kBlock elements of [0, count) with two threads taking them
// from a counter (one may be descheduled on a loaded machine), reporting to `progress` from the
// calling thread. Returns false when `progress` cancelled.
template <typename Block> bool forEachBlock(std::size_t count, const Progress &progress, const Block &block)
{
    const std::size_t blocks = (count + kBlock - 1) / kBlock;
    std::atomic<std::size_t> next{0}, done{0};
    std::atomic<bool> stop{false};
    bool cancelled = false;
    auto work = [&](bool caller) {
        for (std::size_t b = next.fetch_add(1); b < blocks && !stop.load(); b = next.fetch_add(1)) {
            const std::size_t at = b * kBlock, n = std::min(kBlock, count - at);
            block(at, n);
            const std::size_t total = done.fetch_add(n) + n;
            if (caller && progress && !progress(static_cast<double>(total) / static_cast<double>(count))) {
                cancelled = true;
                stop.store(true);
            }
        }
    };
    if (blocks < 2 || !parallel::enabled(static_cast<Index>(count), parallel::kMinElements)) {
        work(true);
        return !cancelled;
    }
    // `block` must not throw: decode() throws only for an unsupported dtype, which checkedCount()
    // refused already.
    std::thread helper([&] { work(false); });
    work(true);
    helper.join();
    // The helper may have finished the last blocks after the caller's last report.
    if (!cancelled && progress && done.load() == count && !progress(1.0))
        cancelled = true;
    return !cancelled;
}

// Decodes elements [first, first + count) of the file-order stream into out[0, count), block by
// block (forEachBlock()). Returns false when `progress` cancelled.
bool decodeRange(const TensorInfo &info, const std::uint8_t *data, std::size_t first, std::size_t count,
                 float *out, const Progress &progress, const Consumed &consumed, const Decoded &decoded = {})
{
    return forEachBlock(count, progress, [&](std::size_t at, std::size_t n) {
        decode(info, data, first + at, n, out + at);
        if (decoded)
            decoded(at, n); // while the block is still in the cache
        if (consumed)
            consumed(sourceBytes(info, data, first + at, n));
    });
}

// Fortran order: the first index varies fastest in `flat`. Walks the C-order output and follows the
// matching Fortran-order input position.
void fromFortranOrder(const Shape &shape, const float *flat, float *out, std::size_t count)
{
    const std::size_t rank = shape.size();
    std::vector<std::size_t> stride(rank), index(rank, 0);
    std::size_t s = 1;
    for (std::size_t k = 0; k < rank; ++k) {
        stride[k] = s;
        s *= static_cast<std::size_t>(shape[k]);
    }
    std::size_t source = 0;
    for (std::size_t i = 0; i < count; ++i) {
        out[i] = flat[source];
        for (std::size_t k = rank; k-- > 0;) {
            if (++index[k] < static_cast<std::size_t>(shape[k])) {
                source += stride[k];
                break;
            }
            source -= (index[k] - 1) * stride[k];
            index[k] = 0;
        }
    }
}

} // namespace

bool convertInto(const TensorInfo &info, std::span<const std::uint8_t> file, float *out,
                 const Progress &progress, const Consumed &consumed, const Decoded &decoded)
{
    const std::size_t count = checkedCount(info, file);
    const std::uint8_t *data = file.data() + info.offset;
    if (count == 0)
        return !progress || progress(1.0);
    if (!info.fortranOrder || info.shape.size() < 2)
        return decodeRange(info, data, 0, count, out, progress, consumed, decoded);
    FloatStorage flat(count);
    if (!decodeRange(info, data, 0, count, flat.data(), progress, consumed))
        return false;
    fromFortranOrder(info.shape, flat.data(), out, count);
    if (decoded)
        decoded(0, count);
    return true;
}

std::optional<Tensor> convertToFloat32(const TensorInfo &info, std::span<const std::uint8_t> file,
                                       const Progress &progress)
{
    Tensor out;
    out.data.resize(checkedCount(info, file)); // before numel(shape), which a bad shape overflows
    out.shape = info.shape;
    if (!convertInto(info, file, out.data.data(), progress))
        return std::nullopt;
    return out;
}

void streamFloat32(const TensorInfo &info, std::span<const std::uint8_t> file, std::size_t pieceElements,
                   const std::function<void(const float *data, std::size_t count)> &sink,
                   const Consumed &consumed)
{
    const std::size_t count = checkedCount(info, file);
    if (info.fortranOrder && info.shape.size() >= 2) {
        // Every piece of the output reads across the whole file: decode it all first.
        const std::optional<Tensor> all = convertToFloat32(info, file);
        for (std::size_t at = 0; at < count; at += pieceElements)
            sink(all->data.data() + at, std::min(pieceElements, count - at));
        return;
    }
    // Whole blocks of a ggml type (32 or 256 elements), so no piece cuts a block.
    const std::size_t per = std::max<std::size_t>(32, storageBlock(info.element).elements);
    const std::size_t piece = std::max<std::size_t>(per, pieceElements / per * per);
    FloatStorage buffer(std::min(piece, count));
    for (std::size_t at = 0; at < count; at += piece) {
        const std::size_t n = std::min(piece, count - at);
        decodeRange(info, file.data() + info.offset, at, n, buffer.data(), {}, consumed);
        sink(buffer.data(), n);
    }
}

std::vector<TiedPair> findTiedPairs(const std::vector<TensorInfo> &tensors,
                                    std::span<const std::uint8_t> file)
{
    std::vector<TiedPair> pairs;
    std::vector<bool> paired(tensors.size(), false);
    // Same storage: the same byte range under two names.
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::size_t> ranges;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const TensorInfo &t = tensors[i];
        if (t.size == 0)
            continue;
        const auto [it, inserted] = ranges.emplace(std::make_pair(t.offset, t.size), i);
        if (!inserted) {
            pairs.push_back({tensors[it->second].name, t.name, true});
            paired[i] = true;
        }
    }
    // Equal copies: equal-shaped 2-D tensors of one dtype whose sampled hashes and then bytes agree.
    std::map<std::tuple<std::string, Shape, bool, bool, std::uint64_t>, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const TensorInfo &t = tensors[i];
        if (paired[i] || t.shape.size() != 2 || t.size == 0 || t.offset > file.size() ||
            t.size > file.size() - t.offset)
            continue;
        const auto bytes = file.subspan(static_cast<std::size_t>(t.offset), static_cast<std::size_t>(t.size));
        groups[{t.dtype, t.shape, t.bigEndian, t.fortranOrder, sampledHash(bytes)}].push_back(i);
    }
    std::vector<TiedPair> copies;
    for (const auto &[key, members] : groups) {
        std::vector<std::size_t> representatives;
        for (std::size_t i : members) {
            const TensorInfo &t = tensors[i];
            const auto bytes =
                file.subspan(static_cast<std::size_t>(t.offset), static_cast<std::size_t>(t.size));
            if (looksConstant(bytes, elementSize(t.element)))
                continue;
            bool matched = false;
            for (std::size_t r : representatives) {
                if (std::memcmp(file.data() + tensors[r].offset, bytes.data(), bytes.size()) == 0) {
                    copies.push_back({tensors[r].name, t.name, false});
                    matched = true;
                    break;
                }
            }
            if (!matched)
                representatives.push_back(i);
        }
    }
    // Report in file order of the first name, then the second.
    std::map<std::string, std::size_t> order;
    for (std::size_t i = 0; i < tensors.size(); ++i)
        order.emplace(tensors[i].name, i);
    pairs.insert(pairs.end(), copies.begin(), copies.end());
    std::stable_sort(pairs.begin(), pairs.end(), [&order](const TiedPair &a, const TiedPair &b) {
        return std::pair(order[a.first], order[a.second]) < std::pair(order[b.first], order[b.second]);
    });
    return pairs;
}

namespace {

// `name` is `suffix` or ends with "." + suffix ("transformer.wte.weight" ends with "wte.weight").
bool endsWithPart(const std::string &name, std::string_view suffix)
{
    return name.size() >= suffix.size() &&
           name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0 &&
           (name.size() == suffix.size() || name[name.size() - suffix.size() - 1] == '.');
}

// An embedding's name: Hugging Face's (GPT-2's wte, Llama's embed_tokens) or GGUF's (Meta's).
bool isEmbeddingName(const std::string &name, bool *gguf = nullptr)
{
    const bool ggufName = name == "token_embd.weight" || name == "tok_embeddings.weight";
    if (gguf)
        *gguf = ggufName;
    return ggufName || endsWithPart(name, "wte.weight") || endsWithPart(name, "embed_tokens.weight");
}

bool isLmHeadName(const std::string &name)
{
    return endsWithPart(name, "lm_head.weight") || name == "output.weight";
}

} // namespace

std::optional<AbsentTie> findAbsentTie(const std::vector<TensorInfo> &tensors)
{
    const TensorInfo *embedding = nullptr;
    bool ggufStyle = false;
    for (const TensorInfo &t : tensors) {
        if (t.shape.size() == 2 && !embedding && isEmbeddingName(t.name, &ggufStyle))
            embedding = &t;
    }
    if (!embedding)
        return std::nullopt;
    for (const TensorInfo &t : tensors) {
        if (isLmHeadName(t.name))
            return std::nullopt;
    }
    return AbsentTie{embedding->name, ggufStyle ? "output.weight" : "lm_head.weight"};
}

std::optional<std::string> findLmHead(const std::vector<TensorInfo> &tensors, const std::string &embedding)
{
    const auto named = [&tensors](const std::string &name) {
        const auto it =
            std::find_if(tensors.begin(), tensors.end(), [&](const TensorInfo &t) { return t.name == name; });
        return it == tensors.end() ? nullptr : &*it;
    };
    const TensorInfo *e = named(embedding);
    if (!e || e->shape.size() != 2 || !isEmbeddingName(embedding))
        return std::nullopt;
    for (const TensorInfo &t : tensors) {
        if (isLmHeadName(t.name) && t.shape == e->shape && !(t.offset == e->offset && t.size == e->size))
            return t.name;
    }
    return std::nullopt;
}

WeightFile::WeightFile(MappedFile file, Format format, WeightIndex index)
    : m_file(std::move(file))
    , m_format(format)
    , m_index(std::move(index))
{}

WeightFile WeightFile::open(const std::string &path)
{
    MappedFile file(path);
    const auto bytes = file.bytes();
    const std::string ext = lowerExtension(path);
    auto startsWith = [&bytes](std::string_view magic) {
        return bytes.size() >= magic.size() && std::memcmp(bytes.data(), magic.data(), magic.size()) == 0;
    };
    std::optional<Format> content;
    std::string what;
    if (startsWith("\x93NUMPY")) {
        content = Format::Npy;
        what = "a .npy array";
    } else if (startsWith("GGUF")) {
        content = Format::Gguf;
        what = "a GGUF file";
    } else if (bytes.size() >= 9 && bytes[8] == '{') {
        content = Format::Safetensors;
        what = "a .safetensors file";
    }
    const bool zip = startsWith("PK\x03\x04");
    const bool pickle = bytes.size() >= 2 && bytes[0] == 0x80 && bytes[1] >= 2 && bytes[1] <= 5;

    std::optional<Format> named;
    if (ext == ".npy")
        named = Format::Npy;
    else if (ext == ".safetensors")
        named = Format::Safetensors;
    else if (ext == ".gguf")
        named = Format::Gguf;

    if (zip && ext == ".npz")
        fail(path + ": a NumPy .npz archive holds several arrays; save the one you want with numpy.save "
                    "(numpy.save('weight.npy', numpy.load(path)['NAME']))");
    if (zip || pickle) {
        fail(path + ": " + (zip ? "a PyTorch zip checkpoint (torch.save)" : "a Python pickle (torch.save)") +
             (named ? ", not " + std::string(ext) + " as its extension says" : "") + ". " + kPickleAdvice);
    }
    if (content && named && *content != *named)
        fail(path + ": the extension says " + ext + " but the content is " + what +
             " (from its first bytes); rename the file");
    if (!content && !named) {
        if (ext == ".pt" || ext == ".pth" || ext == ".bin" || ext == ".ckpt")
            fail(path + ": not a .npy, .safetensors or GGUF file (first bytes " + hexPrefix(bytes) +
                 "). If it came from torch.save: " + kPickleAdvice);
        fail(path + ": not a .npy, .safetensors or GGUF file (first bytes " + hexPrefix(bytes) + ")");
    }
    const Format format = content ? *content : *named;
    try {
        WeightIndex index = format == Format::Npy           ? readNpy(bytes)
                            : format == Format::Safetensors ? readSafetensors(bytes)
                                                            : readGguf(bytes);
        return WeightFile(std::move(file), format, std::move(index));
    } catch (const Error &e) {
        throw Error(e.kind(), path + ": " + e.what());
    }
}

std::string WeightFile::formatName() const
{
    switch (m_format) {
    case Format::Npy:
        return "npy";
    case Format::Safetensors:
        return "safetensors";
    case Format::Gguf:
        return "gguf";
    }
    return "?";
}

const TensorInfo &WeightFile::tensor(const std::string &name) const
{
    for (const TensorInfo &t : m_index.tensors) {
        if (t.name == name)
            return t;
    }
    std::string names;
    for (std::size_t i = 0; i < m_index.tensors.size() && i < 10; ++i)
        names += (i ? ", " : "") + m_index.tensors[i].name;
    if (m_index.tensors.size() > 10)
        names += ", ... (" + std::to_string(m_index.tensors.size()) + " tensors)";
    throw Error(Error::Kind::ValueError, path() + ": no tensor named '" + name + "' (it has: " + names + ")");
}

std::span<const std::uint8_t> WeightFile::rawBytes(const TensorInfo &info) const
{
    return m_file.bytes().subspan(static_cast<std::size_t>(info.offset), static_cast<std::size_t>(info.size));
}

std::optional<TensorView> WeightFile::view(const std::string &name) const
{
    const TensorInfo &t = tensor(name);
    const std::uint8_t *p = m_file.data() + t.offset;
    if (t.element != ElementType::F32 || t.bigEndian || t.fortranOrder || !t.unsupported.empty() ||
        reinterpret_cast<std::uintptr_t>(p) % alignof(float) != 0)
        return std::nullopt;
    // The mapping's bytes are the floats: reading them through a float pointer needs only alignment.
    return TensorView{reinterpret_cast<const float *>(p), t.shape};
}

std::string WeightFile::withPath(const std::string &message) const
{
    return message.starts_with(path() + ": ") ? message : path() + ": " + message;
}

std::optional<Tensor> WeightFile::toFloat32(const std::string &name, const Progress &progress) const
{
    try {
        return convertToFloat32(tensor(name), m_file.bytes(), progress);
    } catch (const Error &e) {
        throw Error(e.kind(), withPath(e.what()));
    }
}

ParameterPtr WeightFile::toParameter(const std::string &name, const Progress &progress,
                                     Placement placement) const
{
    const TensorInfo &info = tensor(name);
    if (info.shape.size() != 1 && info.shape.size() != 2)
        throw Error(Error::Kind::ValueError,
                    withPath("tensor '" + name + "' of shape " + shapeString(info.shape) +
                             " is not a matrix or a vector"));
    try {
        (void)checkedCount(info, m_file.bytes()); // the shape and bytes agree before any allocation
        return inPlace(info, placement) ? mappedParameter(info, progress) : decodedParameter(info, progress);
    } catch (const Error &e) {
        throw Error(e.kind(), withPath(e.what()));
    }
}

bool WeightFile::inPlace(const TensorInfo &info, Placement placement) const
{
    const bool cOrder = !info.bigEndian && (!info.fortranOrder || info.shape.size() < 2);
    const bool readable = (info.element == ElementType::F32 && info.offset % alignof(float) == 0) ||
                          (halfType(info.element) && info.offset % alignof(std::uint16_t) == 0);
    return cOrder && readable &&
           (placement == Placement::InPlace ||
            (placement == Placement::Auto && info.size >= kInPlaceMinBytes));
}

namespace {

// The statistics the histogram shows and the heatmap's overview, taken from each block of a
// parameter's values once final: no other pass over the matrix after the load (#15).
class ParameterRecords {
public:
    explicit ParameterRecords(const Parameter &p)
        : m_values(p.value().data())
        , m_stats(p.numel())
        , m_overview(p.rows(), p.cols())
    {}
    void add(std::size_t at, std::size_t n)
    {
        m_stats.add(m_values, static_cast<Index>(at), static_cast<Index>(at + n));
        m_overview.add(m_values, static_cast<Index>(at), static_cast<Index>(at + n));
    }
    void recordInto(Parameter &p)
    {
        p.recordSummary(m_stats.finish());
        p.recordOverview(m_overview.finish());
    }

private:
    const float *m_values;
    SummaryBuilder m_stats;
    OverviewBuilder m_overview;
};

} // namespace

ParameterPtr WeightFile::mappedParameter(const TensorInfo &info, const Progress &progress) const
{
    if (const std::optional<HalfType> type = halfType(info.element))
        return wordsParameter(info, *type, progress);
    Parameter::Remap remap = m_file.privateMapper(info.offset, info.size);
    std::shared_ptr<std::uint8_t> region = remap();
    // The region starts at the tensor's first byte, which inPlace() checked is float-aligned.
    auto *values = reinterpret_cast<float *>(region.get());
    auto parameter = std::make_shared<Parameter>(info.shape, values, std::move(region), std::move(remap));
    ParameterRecords records(*parameter);
    const auto block = [&records, values](std::size_t at, std::size_t n) {
        MappedFile::populateForReading(
            {reinterpret_cast<const std::uint8_t *>(values + at), n * sizeof(float)});
        records.add(at, n);
    };
    if (!forEachBlock(static_cast<std::size_t>(parameter->numel()), progress, block))
        return nullptr;
    records.recordInto(*parameter);
    return parameter;
}

ParameterPtr WeightFile::wordsParameter(const TensorInfo &info, HalfType type, const Progress &progress) const
{
    std::shared_ptr<std::uint8_t> region = m_file.mapPrivate(info.offset, info.size);
    const auto *words = reinterpret_cast<const std::uint16_t *>(region.get());
    auto parameter = std::make_shared<Parameter>(info.shape, words, type, std::move(region));
    const auto count = static_cast<Index>(parameter->numel());
    SummaryBuilder stats(count);
    OverviewBuilder overview(parameter->rows(), parameter->cols(), Aggregation::MaxAbs, type);
    const Index group = overview.groupRows() * parameter->cols();
    // Each block converts its elements and, past its end, the rest of the last overview group that
    // starts in it: every group is reduced whole by the block it starts in.
    const auto block = [&](std::size_t from, std::size_t n) {
        const auto at = static_cast<Index>(from), end = at + static_cast<Index>(n);
        const Index firstGroup = group ? (at + group - 1) / group : 0;
        const Index endGroup = group ? (end + group - 1) / group : 0;
        const Index last = std::max(end, std::min(count, endGroup * group));
        thread_local FloatStorage scratch;
        scratch.resize(static_cast<std::size_t>(last - at));
        MappedFile::populateForReading({reinterpret_cast<const std::uint8_t *>(words + at),
                                        static_cast<std::size_t>(last - at) * sizeof(std::uint16_t)});
        widen(words + at, type, scratch.data(), scratch.size());
        stats.addRun(scratch.data(), at, end);
        if (firstGroup < endGroup)
            overview.addGroups(scratch.data() + (firstGroup * group - at), firstGroup, endGroup);
    };
    if (!forEachBlock(static_cast<std::size_t>(count), progress, block))
        return nullptr;
    parameter->recordSummary(stats.finish());
    parameter->recordOverview(overview.finish());
    return parameter;
}

ParameterPtr WeightFile::decodedParameter(const TensorInfo &info, const Progress &progress) const
{
    // Plain pages: asking for transparent huge pages (MADV_HUGEPAGE) made the kernel compact
    // memory on first touch, and a cold Llama 3 open took 4.9-7.1 s instead of 3.4-3.8 s.
    auto parameter = std::make_shared<Parameter>(info.shape);
    const auto release = [this](std::span<const std::uint8_t> bytes) { m_file.release(bytes); };
    ParameterRecords records(*parameter);
    const auto decoded = [&records](std::size_t at, std::size_t n) { records.add(at, n); };
    if (!convertInto(info, m_file.bytes(), parameter->value().data(), progress, release, decoded))
        return nullptr;
    records.recordInto(*parameter);
    return parameter;
}

std::optional<QuantElement> WeightFile::quantElement(const std::string &name, Index element) const
{
    const TensorInfo &info = tensor(name);
    if (!isBlockQuantised(info.element))
        return std::nullopt;
    try {
        const std::size_t count = checkedCount(info, m_file.bytes()); // the blocks lie inside the file
        if (element < 0 || static_cast<std::size_t>(element) >= count)
            fail("tensor '" + name + "': element " + std::to_string(element) + " lies outside its " +
                 std::to_string(count) + " elements");
        return core::quantElement(info.element, rawBytes(info), static_cast<std::size_t>(element));
    } catch (const Error &e) {
        throw Error(e.kind(), withPath(e.what()));
    }
}

void WeightFile::streamFloat32(const std::string &name, std::size_t pieceElements,
                               const std::function<void(const float *data, std::size_t count)> &sink) const
{
    try {
        core::streamFloat32(tensor(name), m_file.bytes(), pieceElements, sink,
                            [this](std::span<const std::uint8_t> bytes) { m_file.release(bytes); });
    } catch (const Error &e) {
        throw Error(e.kind(), withPath(e.what()));
    }
}

Index WeightFile::parameterCount() const
{
    std::set<std::string> duplicates;
    for (const TiedPair &p : tiedPairs())
        duplicates.insert(p.second);
    Index total = 0;
    for (const TensorInfo &t : m_index.tensors) {
        if (!duplicates.count(t.name))
            total += numel(t.shape);
    }
    return total;
}

} // namespace embedlab::core
