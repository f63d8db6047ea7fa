// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/GgufQuant.h"

#include "core/tensor/Error.h"

#include <cstring>
#include <string>

namespace embedlab::core {

namespace {

[[noreturn]] void fail(const std::string &message)
{
    throw Error(Error::Kind::ValueError, message);
}

float half(const std::uint8_t *p)
{
    std::uint16_t h;
    std::memcpy(&h, p, 2);
    return halfToFloat(h);
}

// One block taken apart: each element's integer level and each scale group's step and minimum.
// Every type decodes as value = scale[g] * quant (- subtracted[g] or + added[g]), the shape of all
// of ggml's dequantize_row_* loops, so one loop (decodeUnpacked) writes them all.
struct Unpacked {
    std::int8_t quant[256];
    float scale[16] = {};
    float minimum[16] = {};
    // How the minimum enters: ggml adds Q4_1/Q5_1's m (x*d + m) and subtracts a K-quant's dmin * m
    // (d1*q - m1). Kept apart rather than adding -m1: the same operation gives the same NaN bits.
    enum class Minimum { None, Added, Subtracted } mode = Minimum::None;
};

// IQ4_NL's and IQ4_XS's 16 non-uniform levels (ggml's kvalues_iq4nl).
constexpr std::int8_t kIq4Levels[16] = {-127, -104, -83, -65, -49, -35, -22, -10,
                                        1,    13,   25,  38,  53,  69,  89,  113};

// Q4_K's and Q5_K's eight 6-bit scales and minimums packed in 12 bytes: groups 0-3 in the low six
// bits of bytes 0-3 (scales) and 4-7 (minimums); groups 4-7 in the nibbles of bytes 8-11 with their
// top two bits in the top bits of bytes 0-7.
void k4ScaleMin(const std::uint8_t *packed, int group, int &scale, int &minimum)
{
    if (group < 4) {
        scale = packed[group] & 63;
        minimum = packed[group + 4] & 63;
    } else {
        scale = (packed[group + 4] & 0x0f) | ((packed[group - 4] >> 6) << 4);
        minimum = (packed[group + 4] >> 4) | ((packed[group] >> 6) << 4);
    }
}

// Q4_0 (d, 16 bytes of nibbles) and IQ4_NL (the same layout, nibbles index kIq4Levels): element j
// is byte j's low nibble, element j + 16 its high nibble.
void unpackNibbles32(const std::uint8_t *b, Unpacked &u, bool codebook)
{
    u.scale[0] = half(b);
    for (int j = 0; j < 16; ++j) {
        const int low = b[2 + j] & 0x0f, high = b[2 + j] >> 4;
        u.quant[j] = static_cast<std::int8_t>(codebook ? kIq4Levels[low] : low - 8);
        u.quant[j + 16] = static_cast<std::int8_t>(codebook ? kIq4Levels[high] : high - 8);
    }
}

// Q4_1: d, m, then nibbles as Q4_0 without the -8.
void unpackQ4_1(const std::uint8_t *b, Unpacked &u)
{
    u.scale[0] = half(b);
    u.minimum[0] = half(b + 2);
    u.mode = Unpacked::Minimum::Added;
    for (int j = 0; j < 16; ++j) {
        u.quant[j] = static_cast<std::int8_t>(b[4 + j] & 0x0f);
        u.quant[j + 16] = static_cast<std::int8_t>(b[4 + j] >> 4);
    }
}

// Q5_0 (d, 32 high bits, nibbles) and Q5_1 (d, m, 32 high bits, nibbles): bit j of the high bits
// is the fifth bit of element j; Q5_0 is centred by -16.
void unpackQ5(const std::uint8_t *b, Unpacked &u, bool withMinimum)
{
    u.scale[0] = half(b);
    const std::uint8_t *p = b + 2;
    if (withMinimum) {
        u.minimum[0] = half(p);
        u.mode = Unpacked::Minimum::Added;
        p += 2;
    }
    std::uint32_t high;
    std::memcpy(&high, p, 4);
    const int centre = withMinimum ? 0 : 16;
    for (int j = 0; j < 16; ++j) {
        const int low = p[4 + j] & 0x0f, up = p[4 + j] >> 4;
        u.quant[j] = static_cast<std::int8_t>((low | (((high >> j) & 1) << 4)) - centre);
        u.quant[j + 16] = static_cast<std::int8_t>((up | (((high >> (j + 16)) & 1) << 4)) - centre);
    }
}

void unpackQ8_0(const std::uint8_t *b, Unpacked &u)
{
    u.scale[0] = half(b);
    std::memcpy(u.quant, b + 2, 32);
}

// Q2_K: 16 scale bytes (low nibble the scale, high nibble the minimum of a group of 16), 64 bytes
// of 2-bit quants, d, dmin. Each half of the block reads 32 bytes four times, two bits further each
// time; groups of 16 follow the bytes [0, 16) then [16, 32).
void unpackQ2_K(const std::uint8_t *b, Unpacked &u)
{
    const float d = half(b + 80), dmin = half(b + 82);
    u.mode = Unpacked::Minimum::Subtracted;
    for (int g = 0; g < 16; ++g) {
        u.scale[g] = d * static_cast<float>(b[g] & 0x0f);
        u.minimum[g] = dmin * static_cast<float>(b[g] >> 4);
    }
    // Loops over whole runs of 32 rather than per element: they vectorise (issue #30's decode
    // keeps bf16's pace).
    for (int half128 = 0; half128 < 2; ++half128)
        for (int step = 0; step < 4; ++step)
            for (int l = 0; l < 32; ++l)
                u.quant[128 * half128 + 32 * step + l] =
                    static_cast<std::int8_t>((b[16 + 32 * half128 + l] >> (2 * step)) & 3);
}

// Q3_K: 32 bytes of high-bit masks, 64 bytes of 2-bit quants, 12 bytes of sixteen 6-bit scales
// (offset by 32), d. A clear high bit subtracts 4; the mask bit moves one place per 32 elements.
void unpackQ3_K(const std::uint8_t *b, Unpacked &u)
{
    const std::uint8_t *mask = b, *quants = b + 32, *packed = b + 96;
    const float d = half(b + 108);
    for (int g = 0; g < 16; ++g) {
        const int low = g < 8 ? packed[g] & 0x0f : packed[g - 8] >> 4;
        const int high = (packed[8 + g % 4] >> (2 * (g / 4))) & 3;
        u.scale[g] = d * static_cast<float>((low | (high << 4)) - 32);
    }
    for (int half128 = 0; half128 < 2; ++half128)
        for (int step = 0; step < 4; ++step) {
            const int bit = 4 * half128 + step;
            for (int l = 0; l < 32; ++l) {
                const int q = (quants[32 * half128 + l] >> (2 * step)) & 3;
                u.quant[128 * half128 + 32 * step + l] =
                    static_cast<std::int8_t>(q - 4 + (((mask[l] >> bit) & 1) << 2));
            }
        }
}

// Q4_K (d, dmin, 12 bytes of scales, 128 bytes of nibbles) and Q5_K (the same with 32 bytes of
// fifth bits before the nibbles): each 64 elements read 32 bytes, low nibbles then high nibbles.
void unpackQ45_K(const std::uint8_t *b, Unpacked &u, bool fifthBit)
{
    const float d = half(b), dmin = half(b + 2);
    u.mode = Unpacked::Minimum::Subtracted;
    for (int g = 0; g < 8; ++g) {
        int scale = 0, minimum = 0;
        k4ScaleMin(b + 4, g, scale, minimum);
        u.scale[g] = d * static_cast<float>(scale);
        u.minimum[g] = dmin * static_cast<float>(minimum);
    }
    const std::uint8_t *high = b + 16, *quants = b + (fifthBit ? 48 : 16);
    for (int chunk = 0; chunk < 4; ++chunk) {
        std::int8_t *low = u.quant + 64 * chunk, *up = low + 32;
        const std::uint8_t *q = quants + 32 * chunk;
        for (int l = 0; l < 32; ++l) {
            low[l] = static_cast<std::int8_t>(q[l] & 0x0f);
            up[l] = static_cast<std::int8_t>(q[l] >> 4);
        }
        if (fifthBit)
            for (int l = 0; l < 32; ++l) {
                low[l] = static_cast<std::int8_t>(low[l] | (((high[l] >> (2 * chunk)) & 1) << 4));
                up[l] = static_cast<std::int8_t>(up[l] | (((high[l] >> (2 * chunk + 1)) & 1) << 4));
            }
    }
}

// Q6_K: 128 bytes of low nibbles, 64 bytes of 2-bit high parts, sixteen int8 scales, d. Each half
// of the block: elements l, l+32, l+64, l+96 take byte l's and byte l+32's nibbles and the four
// 2-bit fields of high byte l; centred by -32.
void unpackQ6_K(const std::uint8_t *b, Unpacked &u)
{
    const float d = half(b + 208);
    for (int g = 0; g < 16; ++g)
        u.scale[g] = d * static_cast<float>(static_cast<std::int8_t>(b[192 + g]));
    for (int half128 = 0; half128 < 2; ++half128) {
        const std::uint8_t *low = b + 64 * half128, *high = b + 128 + 32 * half128;
        std::int8_t *q = u.quant + 128 * half128;
        for (int l = 0; l < 32; ++l) {
            q[l] = static_cast<std::int8_t>(((low[l] & 0x0f) | ((high[l] & 3) << 4)) - 32);
            q[l + 32] = static_cast<std::int8_t>(((low[l + 32] & 0x0f) | (((high[l] >> 2) & 3) << 4)) - 32);
            q[l + 64] = static_cast<std::int8_t>(((low[l] >> 4) | (((high[l] >> 4) & 3) << 4)) - 32);
            q[l + 96] = static_cast<std::int8_t>(((low[l + 32] >> 4) | (((high[l] >> 6) & 3) << 4)) - 32);
        }
    }
}

// IQ4_XS: d, 16 bits of the eight scales' top two bits, 4 bytes of their low nibbles, then per 32
// elements 16 bytes of codebook indices (low nibbles, then high).
void unpackIQ4_XS(const std::uint8_t *b, Unpacked &u)
{
    const float d = half(b);
    std::uint16_t top;
    std::memcpy(&top, b + 2, 2);
    for (int g = 0; g < 8; ++g) {
        const int scale = ((b[4 + g / 2] >> (4 * (g % 2))) & 0x0f) | (((top >> (2 * g)) & 3) << 4);
        u.scale[g] = d * static_cast<float>(scale - 32);
        for (int j = 0; j < 16; ++j) {
            const std::uint8_t index = b[8 + 16 * g + j];
            u.quant[32 * g + j] = kIq4Levels[index & 0x0f];
            u.quant[32 * g + j + 16] = kIq4Levels[index >> 4];
        }
    }
}

// A ternary digit as ggml reads it from a byte holding up to five: the byte times 3^n (mod 256)
// has the digit in its top "third": (q * 3) >> 8. Bytes above 242 are not valid base-3 but decode
// as ggml decodes them.
int ternary(std::uint8_t byte, int power)
{
    const auto q = static_cast<std::uint8_t>(byte * power);
    return ((q * 3) >> 8) - 1;
}

// TQ1_0: 48 bytes of five digits (32 bytes for 160 elements, 16 for the next 80), 4 bytes of four
// digits (the last 16), d.
void unpackTQ1_0(const std::uint8_t *b, Unpacked &u)
{
    static constexpr int kPow3[5] = {1, 3, 9, 27, 81};
    u.scale[0] = half(b + 52);
    int e = 0;
    for (int n = 0; n < 5; ++n)
        for (int m = 0; m < 32; ++m)
            u.quant[e++] = static_cast<std::int8_t>(ternary(b[m], kPow3[n]));
    for (int n = 0; n < 5; ++n)
        for (int m = 0; m < 16; ++m)
            u.quant[e++] = static_cast<std::int8_t>(ternary(b[32 + m], kPow3[n]));
    for (int n = 0; n < 4; ++n)
        for (int j = 0; j < 4; ++j)
            u.quant[e++] = static_cast<std::int8_t>(ternary(b[48 + j], kPow3[n]));
}

// TQ2_0: 64 bytes of 2-bit digits (each 128 elements read 32 bytes four times), d.
void unpackTQ2_0(const std::uint8_t *b, Unpacked &u)
{
    u.scale[0] = half(b + 64);
    for (int half128 = 0; half128 < 2; ++half128)
        for (int step = 0; step < 4; ++step)
            for (int m = 0; m < 32; ++m)
                u.quant[128 * half128 + 32 * step + m] =
                    static_cast<std::int8_t>(((b[32 * half128 + m] >> (2 * step)) & 3) - 1);
}

void unpack(ElementType type, const std::uint8_t *b, Unpacked &u)
{
    u.mode = Unpacked::Minimum::None;
    switch (type) {
    case ElementType::Q4_0:
        return unpackNibbles32(b, u, false);
    case ElementType::IQ4_NL:
        return unpackNibbles32(b, u, true);
    case ElementType::Q4_1:
        return unpackQ4_1(b, u);
    case ElementType::Q5_0:
        return unpackQ5(b, u, false);
    case ElementType::Q5_1:
        return unpackQ5(b, u, true);
    case ElementType::Q8_0:
        return unpackQ8_0(b, u);
    case ElementType::Q2_K:
        return unpackQ2_K(b, u);
    case ElementType::Q3_K:
        return unpackQ3_K(b, u);
    case ElementType::Q4_K:
        return unpackQ45_K(b, u, false);
    case ElementType::Q5_K:
        return unpackQ45_K(b, u, true);
    case ElementType::Q6_K:
        return unpackQ6_K(b, u);
    case ElementType::IQ4_XS:
        return unpackIQ4_XS(b, u);
    case ElementType::TQ1_0:
        return unpackTQ1_0(b, u);
    case ElementType::TQ2_0:
        return unpackTQ2_0(b, u);
    default:
        fail("element type " + std::string(elementTypeName(type)) + " is not a ggml block type");
    }
}

// ggml converts the integer level to float and multiplies by the group's step (x*d, d1*q, dl*q:
// the product commutes bit for bit), then adds m or subtracts m1.
float decodeOne(const Unpacked &u, std::size_t group, int quant)
{
    const float scaled = u.scale[group] * static_cast<float>(quant);
    switch (u.mode) {
    case Unpacked::Minimum::Added:
        return scaled + u.minimum[group];
    case Unpacked::Minimum::Subtracted:
        return scaled - u.minimum[group];
    case Unpacked::Minimum::None:
        break;
    }
    return scaled;
}

void decodeUnpacked(const Unpacked &u, const StorageBlock &layout, float *out)
{
    // One branch per group, not per element: the inner loops vectorise.
    for (std::size_t g = 0; g < layout.elements / layout.scaleGroup; ++g) {
        const std::size_t first = g * layout.scaleGroup;
        const float scale = u.scale[g], minimum = u.minimum[g];
        const std::int8_t *q = u.quant + first;
        float *y = out + first;
        if (u.mode == Unpacked::Minimum::Added) {
            for (std::size_t j = 0; j < layout.scaleGroup; ++j)
                y[j] = scale * static_cast<float>(q[j]) + minimum;
        } else if (u.mode == Unpacked::Minimum::Subtracted) {
            for (std::size_t j = 0; j < layout.scaleGroup; ++j)
                y[j] = scale * static_cast<float>(q[j]) - minimum;
        } else {
            for (std::size_t j = 0; j < layout.scaleGroup; ++j)
                y[j] = scale * static_cast<float>(q[j]);
        }
    }
}

} // namespace

void dequantiseBlocks(ElementType type, const std::uint8_t *blocks, std::size_t blockCount, float *out)
{
    const StorageBlock layout = storageBlock(type);
    if (!isBlockQuantised(type))
        fail("element type " + std::string(elementTypeName(type)) + " is not a ggml block type");
    Unpacked u;
    for (std::size_t b = 0; b < blockCount; ++b) {
        unpack(type, blocks + b * layout.bytes, u);
        decodeUnpacked(u, layout, out + b * layout.elements);
    }
}

QuantElement quantElement(ElementType type, std::span<const std::uint8_t> tensorBytes, std::size_t element)
{
    if (!isBlockQuantised(type))
        fail("element type " + std::string(elementTypeName(type)) + " is not a ggml block type");
    const StorageBlock layout = storageBlock(type);
    const std::size_t blocks = tensorBytes.size() / layout.bytes;
    if (element / layout.elements >= blocks)
        fail("element " + std::to_string(element) + " lies past the " + std::to_string(blocks) + " " +
             std::string(elementTypeName(type)) + " blocks of the tensor (" +
             std::to_string(blocks * layout.elements) + " elements)");
    QuantElement q;
    q.block = element / layout.elements;
    const std::size_t inBlock = element % layout.elements, group = inBlock / layout.scaleGroup;
    q.groupFirst = q.block * layout.elements + group * layout.scaleGroup;
    q.groupElements = layout.scaleGroup;
    Unpacked u;
    unpack(type, tensorBytes.data() + q.block * layout.bytes, u);
    q.scale = u.scale[group];
    if (u.mode == Unpacked::Minimum::Added)
        q.minimum = u.minimum[group];
    else if (u.mode == Unpacked::Minimum::Subtracted)
        q.minimum = -u.minimum[group];
    q.quant = u.quant[inBlock];
    q.value = decodeOne(u, group, q.quant);
    return q;
}

} // namespace embedlab::core
