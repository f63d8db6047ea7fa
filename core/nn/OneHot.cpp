// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/OneHot.h"

#include "core/tensor/Error.h"
#include "core/tensor/Parallel.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

namespace embedlab::core {

LongTensor oneHot(const LongTensor &ids, Index numClasses)
{
    LongTensor out;
    out.shape = ids.shape;
    if (ids.data.empty()) {
        if (numClasses <= 0)
            throw Error(Error::Kind::RuntimeError,
                        "Can not infer total number of classes from empty tensor.");
        out.shape.push_back(numClasses);
        return out;
    }
    const auto [minIt, maxIt] = std::minmax_element(ids.data.begin(), ids.data.end());
    if (*minIt < 0)
        throw Error(Error::Kind::RuntimeError, "Class values must be non-negative.");
    if (numClasses == -1)
        numClasses = *maxIt + 1;
    else if (numClasses <= *maxIt)
        throw Error(Error::Kind::RuntimeError, "Class values must be smaller than num_classes.");
    out.shape.push_back(numClasses);
    checkShapeAllocatable(out.shape, sizeof(std::int64_t));
    out.data.assign(ids.data.size() * static_cast<std::size_t>(numClasses), 0);
    for (std::size_t i = 0; i < ids.data.size(); ++i)
        out.data[i * static_cast<std::size_t>(numClasses) + static_cast<std::size_t>(ids.data[i])] = 1;
    return out;
}

Tensor toFloat(const LongTensor &t)
{
    Tensor out(t.shape);
    std::transform(t.data.begin(), t.data.end(), out.data.begin(),
                   [](std::int64_t v) { return static_cast<float>(v); });
    return out;
}

namespace {

// The column of the single 1.0f in each row of `hot` when every other element is a zero (of
// either sign); empty when some row is not like that.
std::vector<Index> hotColumns(const float *hot, Index rows, Index v)
{
    std::vector<Index> columns(static_cast<std::size_t>(rows), -1);
    for (Index r = 0; r < rows; ++r) {
        const float *x = hot + r * v;
        for (Index c = 0; c < v; ++c) {
            if (x[c] == 0.0f)
                continue;
            if (x[c] != 1.0f || columns[static_cast<std::size_t>(r)] >= 0)
                return {};
            columns[static_cast<std::size_t>(r)] = c;
        }
        if (columns[static_cast<std::size_t>(r)] < 0)
            return {};
    }
    return columns;
}

bool isFinite(float x)
{
    std::uint32_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    return (bits & 0x7f800000u) != 0x7f800000u;
}

// Up to two rows of `weight` per column that hold an Inf or a NaN (-1 where there are fewer).
struct NonFiniteRows {
    std::vector<Index> first, second;
};

// A matrix's rows and elements as the products read them: an Eigen matrix, or a Parameter's values
// where they lie (bf16 or f16 words converted row by row, issue #28).
struct MatrixRows {
    ConstMatrixRef w;
    Index rows() const { return w.rows(); }
    Index cols() const { return w.cols(); }
    float at(Index r, Index c) const { return w(r, c); }
    template <typename Block> void forEachRowBlock(Index first, Index count, Block &&block) const
    {
        for (Index r = first; r < first + count; ++r) // a Ref's rows may lie apart
            block(w.row(r).data(), r, Index{1});
    }
    const float *row(Index r, std::vector<float> &) const { return w.row(r).data(); }
};
struct ParameterRows {
    const Parameter &w;
    Index rows() const { return w.rows(); }
    Index cols() const { return w.cols(); }
    float at(Index r, Index c) const { return w.at(r, c); }
    template <typename Block> void forEachRowBlock(Index first, Index count, Block &&block) const
    {
        w.forEachRowBlock(first, count, block);
    }
    const float *row(Index r, std::vector<float> &scratch) const
    {
        scratch.resize(static_cast<std::size_t>(w.cols()));
        w.copyRows(r, 1, scratch.data());
        return scratch.data();
    }
};

template <typename Rows> NonFiniteRows nonFiniteRows(const Rows &weight)
{
    const Index v = weight.rows(), d = weight.cols();
    NonFiniteRows bad{std::vector<Index>(static_cast<std::size_t>(d), -1),
                      std::vector<Index>(static_cast<std::size_t>(d), -1)};
    // The whole matrix is read once at memory speed, on both cores; a row is looked at element by
    // element only when it holds a non-finite value (almost never).
    std::vector<char> rowIsBad(static_cast<std::size_t>(v), 0);
    parallel::forTwo(v, v * d, parallel::kMinElements, [&](Index begin, Index end) {
        weight.forEachRowBlock(begin, end - begin, [&](const float *block, Index first, Index count) {
            for (Index r = 0; r < count; ++r) {
                const float *w = block + r * d;
                std::uint32_t any = 0;
                for (Index c = 0; c < d; ++c) {
                    std::uint32_t bits = 0;
                    std::memcpy(&bits, &w[c], sizeof bits);
                    any |= static_cast<std::uint32_t>((bits & 0x7f800000u) == 0x7f800000u);
                }
                rowIsBad[static_cast<std::size_t>(first + r)] = static_cast<char>(any);
            }
        });
    });
    for (Index r = 0; r < v; ++r) {
        if (!rowIsBad[static_cast<std::size_t>(r)])
            continue;
        for (Index c = 0; c < d; ++c) {
            if (isFinite(weight.at(r, c)))
                continue;
            Index &slot = bad.first[static_cast<std::size_t>(c)] < 0
                              ? bad.first[static_cast<std::size_t>(c)]
                              : bad.second[static_cast<std::size_t>(c)];
            if (slot < 0)
                slot = r;
        }
    }
    return bad;
}

// The dense product one_hot @ W for a true one-hot matrix (`columns`: each row's 1), with its bits
// and without its rows x V x D multiply-adds. The product's kernel (core/simd/) starts every sum at
// +0.0f and adds the products 1 * w = w and 0 * x = +-0 (or NaN when x is Inf or NaN) in order: the
// sum is w + 0.0f (so a -0.0 weight gives +0.0, as PyTorch prints), or NaN when another row of that
// column is not finite. That holds for every shape.
template <typename Rows>
void hotRowsProduct(const std::vector<Index> &columns, const Rows &weight, const NonFiniteRows &bad,
                    float *out)
{
    const Index d = weight.cols();
    std::vector<float> scratch;
    for (std::size_t r = 0; r < columns.size(); ++r) {
        const Index k = columns[r];
        const float *w = weight.row(k, scratch);
        float *y = out + static_cast<Index>(r) * d;
        for (Index c = 0; c < d; ++c) {
            const Index first = bad.first[static_cast<std::size_t>(c)];
            const Index other = first != k ? first : bad.second[static_cast<std::size_t>(c)];
            // The same arithmetic as the poisoning term: 0 * inf is the default NaN, 0 * nan
            // keeps the NaN.
            y[c] = other < 0 ? w[c] + 0.0f : w[c] + 0.0f * weight.at(other, c);
        }
    }
}

// nonFiniteRows() of `weight` at its current version: one pass over the matrix (a few hundred ms for
// Llama 3's 2.1 GB), remembered for the next ids - the Lab recomputes the paths whenever they change.
// Writers bump the version; the weak pointer tells a new parameter at a freed one's address apart.
std::shared_ptr<const NonFiniteRows> nonFiniteRowsOf(const ParameterPtr &weight)
{
    struct Memo {
        std::weak_ptr<const Parameter> weight;
        const void *data = nullptr;
        std::uint64_t version = 0;
        std::shared_ptr<const NonFiniteRows> rows;
    };
    static std::mutex mutex;
    static Memo memo;
    {
        const std::lock_guard lock(mutex);
        if (memo.rows && memo.weight.lock() == weight && memo.data == weight->storage() &&
            memo.version == weight->version())
            return memo.rows;
    }
    // A summary recorded with the values (a weight file's load) counts their NaN and infinities.
    const std::optional<Summary> recorded = weight->recordedSummary();
    const bool allFinite = recorded && recorded->nanCount == 0 && recorded->infCount == 0;
    const auto d = static_cast<std::size_t>(weight->cols());
    auto rows = std::make_shared<const NonFiniteRows>(
        allFinite ? NonFiniteRows{std::vector<Index>(d, -1), std::vector<Index>(d, -1)}
                  : nonFiniteRows(ParameterRows{*weight}));
    const std::lock_guard lock(mutex);
    memo = {weight, weight->storage(), weight->version(), rows};
    return rows;
}

// oneHotMatmul() with the non-finite rows of `weight` given (found when null).
Tensor oneHotProduct(const Tensor &hot, ConstMatrixRef weight, const NonFiniteRows *known)
{
    assert(hot.dim() >= 1 && hot.shape.back() == weight.rows() &&
           "oneHotMatmul needs hot [..., V] and weight [V, D]");
    Shape outShape = hot.shape;
    outShape.back() = weight.cols();
    Tensor out(outShape);
    const Index rows = numel(Shape(hot.shape.begin(), hot.shape.end() - 1));
    const Index v = weight.rows(), d = weight.cols();
    // Exact shortcut for a true one-hot matrix (hotRowsProduct()).
    const std::vector<Index> columns = hotColumns(hot.data.data(), rows, v);
    if (rows > 0 && !columns.empty()) {
        const MatrixRows w{weight};
        hotRowsProduct(columns, w, known ? *known : nonFiniteRows(w), out.data.data());
        return out;
    }
    const Eigen::Map<const Matrix> hotM(hot.data.data(), rows, v);
    Eigen::Map<Matrix> result(out.data.data(), rows, d);
    parallel::product(result, hotM, weight);
    return out;
}

} // namespace

Tensor oneHotMatmul(const Tensor &hot, ConstMatrixRef weight)
{
    return oneHotProduct(hot, weight, nullptr);
}

namespace {

// A nested list of integers as torch.tensor() reads it: every sequence at one depth must have the
// same length, and numbers and sequences may not be mixed at one depth.
class IdsParser {
public:
    explicit IdsParser(const std::string &text)
        : m_text(text)
    {}

    LongTensor parse()
    {
        skipSpace();
        if (m_pos == m_text.size())
            fail("no token ids given: type integers such as 2, 3, 1 or [[2, 3], [1, 0]]");
        if (m_text[m_pos] == '[') {
            parseList(0);
            skipSpace();
            if (m_pos != m_text.size())
                fail("unexpected '" + std::string(1, m_text[m_pos]) + "' after the closing ']'");
        } else {
            // Bare "2, 3, 1": one 1-D list without brackets.
            m_shape.push_back(0);
            parseItems(0, '\0');
        }
        LongTensor t;
        t.shape = m_shape;
        t.data = std::move(m_values);
        if (t.data.empty())
            fail("no token ids given: an empty list has no integer type; type ids such as [2, 3, 1]");
        return t;
    }

private:
    [[noreturn]] void fail(const std::string &message) const
    {
        throw Error(Error::Kind::ValueError, message);
    }

    void skipSpace()
    {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
    }

    void parseList(std::size_t depth)
    {
        ++m_pos; // '['
        // torch.tensor() refuses more than MAX_DIMS = 128 nested lists; without the limit, pasted
        // brackets would recurse until the stack overflows (issue "Reliability").
        if (depth >= 128)
            fail("too many dimensions 'list'");
        if (m_shape.size() == depth)
            m_shape.push_back(-1); // length not known until this first list at this depth closes
        parseItems(depth, ']');
    }

    // Items of one list at `depth` until `close` (or the end of text for a bare list).
    void parseItems(std::size_t depth, char close)
    {
        Index count = 0;
        skipSpace();
        const bool empty = close == ']' && m_pos < m_text.size() && m_text[m_pos] == ']';
        while (!empty) {
            skipSpace();
            if (m_pos == m_text.size())
                fail(close ? "missing ']' at the end of the ids" : "expected an integer after ','");
            if (m_text[m_pos] == '[') {
                checkKind(depth, true);
                parseList(depth + 1);
            } else {
                checkKind(depth, false);
                parseInteger();
            }
            ++count;
            skipSpace();
            if (m_pos == m_text.size()) {
                if (close)
                    fail("missing ']' at the end of the ids");
                break;
            }
            if (m_text[m_pos] == ',') {
                ++m_pos;
                skipSpace();
                // Python allows a trailing comma before the closing bracket.
                if (close && m_pos < m_text.size() && m_text[m_pos] == close)
                    break;
                continue;
            }
            if (close && m_text[m_pos] == close)
                break;
            fail("expected ',' between token ids, got '" + std::string(1, m_text[m_pos]) + "'");
        }
        if (close)
            ++m_pos; // ']'
        if (empty)
            checkKind(depth, true); // [] has no integers below it: shape [..., 0]
        if (m_shape[depth] == -1 || (depth == 0 && close == '\0'))
            m_shape[depth] = count;
        else if (m_shape[depth] != count)
            fail("expected sequence of length " + std::to_string(m_shape[depth]) + " at dim " +
                 std::to_string(depth) + " (got " + std::to_string(count) + ")");
    }

    // Whether items at `depth` are lists; the first item decides, as in torch.tensor().
    void checkKind(std::size_t depth, bool isList)
    {
        if (m_itemIsList.size() <= depth)
            m_itemIsList.resize(depth + 1, -1);
        if (m_itemIsList[depth] == -1) {
            m_itemIsList[depth] = isList ? 1 : 0;
            return;
        }
        if ((m_itemIsList[depth] == 1) != isList)
            fail(isList ? "expected an integer at dim " + std::to_string(depth) + ", got a list"
                        : "expected a list at dim " + std::to_string(depth) + ", got an integer");
    }

    void parseInteger()
    {
        const std::size_t start = m_pos;
        if (m_pos < m_text.size() && (m_text[m_pos] == '-' || m_text[m_pos] == '+'))
            ++m_pos;
        while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
        std::string token = m_text.substr(start, m_pos - start);
        // Swallow the rest of a word or number so the message quotes what was typed.
        std::size_t end = m_pos;
        while (end < m_text.size() && !std::isspace(static_cast<unsigned char>(m_text[end])) &&
               m_text[end] != ',' && m_text[end] != ']' && m_text[end] != '[')
            ++end;
        const std::string word = m_text.substr(start, end - start);
        if (end != m_pos || token.empty() || token == "-" || token == "+")
            fail("token ids must be integers, got '" + word + "'");
        if (token[0] == '+')
            token.erase(0, 1);
        std::int64_t value = 0;
        const auto res = std::from_chars(token.data(), token.data() + token.size(), value);
        if (res.ec == std::errc::result_out_of_range)
            fail("Overflow when unpacking long");
        m_values.push_back(value);
    }

    const std::string &m_text;
    std::size_t m_pos = 0;
    Shape m_shape;
    std::vector<int> m_itemIsList;
    std::vector<std::int64_t> m_values;
};

bool tensorsEqual(const Tensor &a, const Tensor &b)
{
    if (a.shape != b.shape)
        return false;
    for (std::size_t i = 0; i < a.data.size(); ++i)
        if (!(a.data[i] == b.data[i]))
            return false;
    return true;
}

} // namespace

LongTensor parseIds(const std::string &text)
{
    return IdsParser(text).parse();
}

PathCost lookupCost(Index numIds, Index numEmbeddings, Index embeddingDim)
{
    (void)numEmbeddings; // a lookup never touches the rows it does not copy
    PathCost c;
    c.bytesRead = numIds * embeddingDim * static_cast<Index>(sizeof(float));
    c.bytesWritten = c.bytesRead;
    return c;
}

PathCost oneHotMatmulCost(Index numIds, Index numEmbeddings, Index embeddingDim)
{
    constexpr auto f = static_cast<Index>(sizeof(float));
    PathCost c;
    c.multiplyAdds = numIds * numEmbeddings * embeddingDim;
    c.multiplyAddsByZero = numIds * std::max<Index>(numEmbeddings - 1, 0) * embeddingDim;
    // Reads the whole one-hot matrix and W once each (the ideal for a cache-blocked GEMM), writes
    // the result once.
    c.bytesRead = numIds * numEmbeddings * f + numEmbeddings * embeddingDim * f;
    c.bytesWritten = numIds * embeddingDim * f;
    return c;
}

bool LookupPaths::allEqual() const
{
    return tensorsEqual(call, index) && tensorsEqual(call, oneHotMm) && tensorsEqual(call, linear);
}

LookupPaths computeLookupPaths(Embedding &embedding, const LongTensor &ids)
{
    LookupPaths paths;
    paths.call = embedding.forward(ids); // applies max_norm first, exactly like embedding(ids)

    const Parameter &weight = *embedding.weight();
    const Index v = embedding.numEmbeddings();
    const Index d = embedding.embeddingDim();
    Shape outShape = ids.shape;
    outShape.push_back(d);

    paths.index = Tensor(outShape);
    for (std::size_t i = 0; i < ids.data.size(); ++i)
        weight.copyRows(ids.data[i], 1, paths.index.data.data() + static_cast<Index>(i) * d);

    // The dense product's result over all V rows: 0 * inf and 0 * nan are NaN, as in PyTorch. The
    // rows of W holding Inf or NaN are found once per version of W: a full pass over Llama 3's
    // embedding for every change of the ids kept lookups far above 100 ms (#15).
    const std::shared_ptr<const NonFiniteRows> bad = nonFiniteRowsOf(embedding.weight());
    if (weight.halfType()) {
        // bf16 or f16 words in place (#28): the products read W[ids] (and a column's non-finite
        // rows) where they lie, as the shortcut does for a float32 W, with the same bits.
        const std::vector<Index> columns(ids.data.begin(), ids.data.end());
        paths.oneHotMm = Tensor(outShape);
        hotRowsProduct(columns, ParameterRows{weight}, *bad, paths.oneHotMm.data.data());
        paths.linear = paths.oneHotMm;
        return paths;
    }
    const auto w = weight.value();
    const Tensor hot = toFloat(oneHot(ids, v));
    paths.oneHotMm = oneHotProduct(hot, w, bad.get());

    // F.linear(one_hot, weight=W.T): W.T is a view of W's storage in PyTorch, and F.linear reads it
    // transposed back, so the product is one_hot @ W again, computed the same exact way (a copy of
    // W.T would be a second V x D matrix: 2.1 GB and ten seconds for Llama 3's embedding).
    paths.linear = oneHotProduct(hot, w, bad.get());
    return paths;
}

} // namespace embedlab::core
