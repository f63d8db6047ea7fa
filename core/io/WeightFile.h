// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/ElementType.h"
#include "core/io/GgufQuant.h"
#include "core/io/MappedFile.h"
#include "core/tensor/Parameter.h"
#include "core/tensor/Tensor.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace embedlab::core {

/// One tensor of a weight file as its header describes it; the data stays in the mapped file.
struct TensorInfo {
    std::string name;
    /// The dtype as the format spells it: "F32" (safetensors), "<f4" (.npy), "Q8_0" (GGUF).
    std::string dtype;
    /// PyTorch order, outermost first (GGUF's innermost-first dims are reversed).
    Shape shape;
    /// Absolute byte offset of the first element in the file, and the byte count.
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    ElementType element = ElementType::Unsupported;
    bool bigEndian = false;
    bool fortranOrder = false;
    /// Non-empty when the tensor can be listed but not converted ("GGUF type IQ2_XXS is not ...").
    std::string unsupported;

    bool operator==(const TensorInfo &) const = default;
};

/// What a reader found in a file: its tensors in file order and its metadata as display strings.
struct WeightIndex {
    std::vector<TensorInfo> tensors;
    std::vector<std::pair<std::string, std::string>> metadata;
};

/// Two names for the same weights: `lm_head.weight` sharing `wte.weight`'s storage.
struct TiedPair {
    std::string first;
    std::string second;
    /// True when both names point at the same bytes of the file; false when they hold equal copies.
    bool sameStorage = false;
    bool operator==(const TiedPair &) const = default;
};

/// A language-model head left out of the file because it is tied to the embedding (GPT-2 stores only
/// `wte.weight`; loading it builds `lm_head.weight` as an alias of it).
struct AbsentTie {
    std::string present;
    std::string absent;
    bool operator==(const AbsentTie &) const = default;
};

/// A read-only float32 tensor living in the mapped file (no copy).
struct TensorView {
    const float *data = nullptr;
    Shape shape;
    Index numel() const { return core::numel(shape); }
};

/// Called with the fraction done (0..1) while converting; returning false cancels.
using Progress = std::function<bool(double fraction)>;

/// numel(shape) * itemSize, or std::nullopt when the product of the non-zero dimensions (times the
/// item size) does not fit in Index: readers refuse such shapes so that numel() can never overflow.
std::optional<std::uint64_t> checkedByteSize(const Shape &shape, std::uint64_t itemSize);

/// Called with a range of the file's bytes that a conversion has consumed and will not read again.
using Consumed = std::function<void(std::span<const std::uint8_t> bytes)>;

/// Called with a run [at, at + count) of the output that holds its final values; `at` is a multiple of
/// 2^20, so the runs cut SummaryBuilder's blocks nowhere.
using Decoded = std::function<void(std::size_t at, std::size_t count)>;

/// Decodes a tensor's bytes (taken from `file` at info.offset) into `out`, numel(info.shape) floats
/// in C order, in blocks shared by two threads, calling `progress` regularly from the calling thread,
/// `consumed` (from either thread) with each block's source bytes once decoded and `decoded` (from
/// either thread) with each run of `out` once final. Returns false when cancelled (`out` then holds
/// a part). Throws core::Error when the dtype is not supported or the bytes lie outside `file`.
bool convertInto(const TensorInfo &info, std::span<const std::uint8_t> file, float *out,
                 const Progress &progress = {}, const Consumed &consumed = {}, const Decoded &decoded = {});

/// convertInto() a new C-order float32 tensor. Returns std::nullopt when cancelled.
std::optional<Tensor> convertToFloat32(const TensorInfo &info, std::span<const std::uint8_t> file,
                                       const Progress &progress = {});

/// The tensor in C order as consecutive float32 pieces of at most `pieceElements` elements, each
/// passed to `sink` (the .npy written while it is decoded: memory stays at one piece, not the
/// tensor). Same errors as convertInto().
void streamFloat32(const TensorInfo &info, std::span<const std::uint8_t> file, std::size_t pieceElements,
                   const std::function<void(const float *data, std::size_t count)> &sink,
                   const Consumed &consumed = {});

/// Pairs of tensors that share storage (same offset and size) or, for equal-shaped 2-D tensors of
/// the same dtype, hold identical bytes. Cheap: offsets first, then a sampled hash, then a full
/// comparison of the few candidates. Tensors constant at every sampled place (e.g. two all-zero
/// matrices) are not reported as tied from their bytes alone: equal zeros say nothing about sharing.
std::vector<TiedPair> findTiedPairs(const std::vector<TensorInfo> &tensors,
                                    std::span<const std::uint8_t> file);

/// The GPT-2 case: an embedding (`wte.weight`, `model.embed_tokens.weight`, GGUF `token_embd.weight`)
/// with no language-model head in the file, which the model builds tied to the embedding.
std::optional<AbsentTie> findAbsentTie(const std::vector<TensorInfo> &tensors);

/// The language-model head stored beside the embedding named `embedding` (`wte.weight`,
/// `*embed_tokens.weight`, GGUF's `token_embd.weight`): a `*lm_head.weight` or GGUF `output.weight`
/// of the same shape with bytes of its own (Llama 3's untied pair). std::nullopt when `embedding` is
/// no embedding's name, or the file has no such head (or only the embedding's own storage again).
std::optional<std::string> findLmHead(const std::vector<TensorInfo> &tensors, const std::string &embedding);

/// A memory-mapped .npy, .safetensors or GGUF file. The format is found from the magic bytes; a file
/// whose extension names another format is refused with a message saying what it really is, and
/// PyTorch pickles (.pt, .bin) are refused with how to convert them (pickles are never executed).
class WeightFile {
public:
    enum class Format { Npy, Safetensors, Gguf };

    /// Throws core::Error: RuntimeError when the file cannot be opened, ValueError (message starting
    /// with the path) when it is malformed or not a supported format.
    static WeightFile open(const std::string &path);

    Format format() const { return m_format; }
    /// "npy", "safetensors", "gguf".
    std::string formatName() const;
    const std::string &path() const { return m_file.path(); }
    const std::vector<TensorInfo> &tensors() const { return m_index.tensors; }
    const std::vector<std::pair<std::string, std::string>> &metadata() const { return m_index.metadata; }
    /// Throws core::Error (ValueError) listing the names present when `name` is not one of them.
    const TensorInfo &tensor(const std::string &name) const;
    /// The raw bytes of a tensor inside the mapping.
    std::span<const std::uint8_t> rawBytes(const TensorInfo &info) const;
    /// A zero-copy view when the tensor is little-endian float32 in C order and suitably aligned.
    std::optional<TensorView> view(const std::string &name) const;
    /// The tensor as C-order float32 (a copy), decoded block by block; std::nullopt when cancelled.
    std::optional<Tensor> toFloat32(const std::string &name, const Progress &progress = {}) const;
    /// Where toParameter() puts the values. InPlace: a little-endian float32 tensor in C order is
    /// read where it lies in the file (Parameter::inPlace(): no copy until a write, which copies the
    /// pages it touches), a bf16 or f16 one as its 16-bit words (converted as they are read, copied
    /// as float32 on the first write, issue #28); other types are decoded. Auto: in place from
    /// kInPlaceMinBytes up; smaller tensors are copied, which is quick and leaves them whole if a program
    /// rewrites the file.
    enum class Placement { Auto, Copy, InPlace };
    static constexpr std::uint64_t kInPlaceMinBytes = std::uint64_t(64) << 20;

    /// A 1-D or 2-D tensor as a new Parameter with its summary() and its heatmap overview() (max |w|)
    /// recorded in one pass: in place (see Placement), or decoded straight into the Parameter (the
    /// one float32 copy there is), releasing the mapped pages read as it goes. nullptr when
    /// cancelled. Throws core::Error for other ranks, as toFloat32() does for bad data, and
    /// MemoryError when a copy would not fit.
    ParameterPtr toParameter(const std::string &name, const Progress &progress = {},
                             Placement placement = Placement::Auto) const;
    /// Element `element` (flat C-order index) of a block-quantised tensor taken apart: its block's
    /// scale and minimum, its integer level (the heatmap's tooltip, issue #30). Reads one block of the
    /// mapping. std::nullopt for a tensor of a plain type; throws core::Error (ValueError) for an
    /// unknown name or an element past the end.
    std::optional<QuantElement> quantElement(const std::string &name, Index element) const;
    /// streamFloat32() of a tensor, releasing the mapped pages it has read as it goes.
    void streamFloat32(const std::string &name, std::size_t pieceElements,
                       const std::function<void(const float *data, std::size_t count)> &sink) const;
    std::vector<TiedPair> tiedPairs() const { return findTiedPairs(m_index.tensors, m_file.bytes()); }
    std::optional<AbsentTie> absentTie() const { return findAbsentTie(m_index.tensors); }
    std::optional<std::string> lmHeadFor(const std::string &embedding) const
    {
        return findLmHead(m_index.tensors, embedding);
    }
    /// sum(p.numel() for p in model.parameters()) after loading: storage shared by tied names counts
    /// once, and an absent tied head adds nothing. Every stored tensor counts as a parameter.
    Index parameterCount() const;

private:
    WeightFile(MappedFile file, Format format, WeightIndex index);
    bool inPlace(const TensorInfo &info, Placement placement) const;
    ParameterPtr mappedParameter(const TensorInfo &info, const Progress &progress) const;
    ParameterPtr wordsParameter(const TensorInfo &info, HalfType type, const Progress &progress) const;
    ParameterPtr decodedParameter(const TensorInfo &info, const Progress &progress) const;
    std::string withPath(const std::string &message) const;

    MappedFile m_file;
    Format m_format = Format::Npy;
    WeightIndex m_index;
};

} // namespace embedlab::core
