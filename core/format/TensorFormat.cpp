// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/format/TensorFormat.h"

#include "core/tensor/Error.h"
#include "core/tensor/Parameter.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <type_traits>

// A port of torch/_tensor_str.py as shipped with PyTorch 1.13 (strided CPU tensors, float32 and
// int64 only). Function names in comments refer to that file.

namespace embedlab::core {

namespace {

// Python's float.__format__ for 'f' and 'e': correctly rounded like glibc's printf, but NaN never
// carries a sign.
std::string pyFormat(double value, int precision, char conversion)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value < 0 ? "-inf" : "inf";
    const char format[] = {'%', '.', '*', conversion, '\0'};
    const int length = std::snprintf(nullptr, 0, format, precision, value);
    std::string s(static_cast<std::size_t>(std::max(length, 0)), '\0');
    std::snprintf(s.data(), s.size() + 1, format, precision, value);
    return s;
}

int textWidth(const std::string &s)
{
    return static_cast<int>(s.size());
}

std::string padLeft(const std::string &s, int width)
{
    const int pad = width - textWidth(s);
    return pad > 0 ? std::string(static_cast<std::size_t>(pad), ' ') + s : s;
}

// _Formatter: decides int_mode / sci_mode and the common column width from the values it is given
// (the whole tensor, or get_summarized_data() of it).
class Formatter {
public:
    Formatter(const std::vector<float> &values, int precision)
        : m_precision(precision)
    {
        std::vector<float> nonzeroFinite;
        for (float v : values) {
            if (std::isfinite(v) && v != 0.0f)
                nonzeroFinite.push_back(v);
        }
        if (nonzeroFinite.empty())
            return;

        // 1.13 converts |values| to double before taking the ratio (tensor_totype).
        double absMin = std::abs(static_cast<double>(nonzeroFinite.front()));
        double absMax = absMin;
        for (float v : nonzeroFinite) {
            const double a = std::abs(static_cast<double>(v));
            absMin = std::min(absMin, a);
            absMax = std::max(absMax, a);
            if (m_intMode && v != std::ceil(v))
                m_intMode = false;
        }

        const bool wideRange = absMax / absMin > 1000.0 || absMax > 1.0e8;
        if (m_intMode) {
            m_sciMode = wideRange;
        } else {
            m_sciMode = wideRange || absMin < 1.0e-4;
        }
        for (float v : nonzeroFinite) {
            const double d = v;
            if (m_sciMode)
                m_maxWidth = std::max(m_maxWidth, textWidth(pyFormat(d, m_precision, 'e')));
            else if (m_intMode)
                m_maxWidth = std::max(m_maxWidth, textWidth(pyFormat(d, 0, 'f')) + 1);
            else
                m_maxWidth = std::max(m_maxWidth, textWidth(pyFormat(d, m_precision, 'f')));
        }
    }

    explicit Formatter(const std::vector<std::int64_t> &values)
    {
        for (std::int64_t v : values)
            m_maxWidth = std::max(m_maxWidth, textWidth(std::to_string(v)));
    }

    int width() const { return m_maxWidth; }

    std::string format(float value) const { return padLeft(unpadded(value), m_maxWidth); }

    std::string unpadded(float value) const
    {
        const double d = value;
        if (m_sciMode)
            return pyFormat(d, m_precision, 'e');
        if (m_intMode) {
            std::string s = pyFormat(d, 0, 'f');
            if (std::isfinite(d))
                s += '.';
            return s;
        }
        return pyFormat(d, m_precision, 'f');
    }

    std::string format(std::int64_t value) const { return padLeft(std::to_string(value), m_maxWidth); }

private:
    bool m_intMode = true;
    bool m_sciMode = false;
    int m_maxWidth = 1;
    int m_precision = 4;
};

// A Parameter's elements read one by one where they lie, bf16 or f16 words converted (issue #28): a
// summarised print reads only the elements it shows.
struct ParameterElements {
    const Parameter &parameter;
    float operator[](std::size_t i) const
    {
        const auto at = static_cast<Index>(i);
        return parameter.at(at / parameter.cols(), at % parameter.cols());
    }
    std::size_t size() const { return static_cast<std::size_t>(parameter.numel()); }
    bool empty() const { return size() == 0; }
};

// A Tensor's, a LongTensor's or a Parameter's elements, read in place.
template <typename T, typename Elements = std::span<const T>> class Printer {
public:
    Printer(Elements data, const Shape &shape, const PrintOptions &options)
        : m_data(data)
        , m_shape(shape)
        , m_options(options)
        , m_strides(shape.size(), 1)
    {
        for (std::size_t d = shape.size(); d-- > 1;)
            m_strides[d - 1] = m_strides[d] * shape[d];
        m_summarize = static_cast<Index>(data.size()) > options.threshold;
    }

    /// get_summarized_data(), flattened: the elements print() shows.
    std::vector<T> shown() const
    {
        std::vector<T> out;
        collect(0, 0, out);
        return out;
    }

    std::string tensorStr(int indent) const
    {
        const std::vector<T> shown = this->shown();
        if constexpr (std::is_same_v<T, float>) {
            const Formatter formatter(shown, m_options.precision);
            return withFormatter(0, 0, indent, formatter);
        } else {
            const Formatter formatter(shown);
            return withFormatter(0, 0, indent, formatter);
        }
    }

private:
    // The indices of dimension `dim` that are printed: edgeitems from each end when summarising.
    // `self[-0:]` is the whole vector in Python, hence the edgeitems == 0 quirk.
    std::vector<Index> shownIndices(std::size_t dim, bool isVector) const
    {
        const Index size = m_shape[dim];
        const Index edge = m_options.edgeitems;
        std::vector<Index> idx;
        if (m_summarize && size > 2 * edge) {
            for (Index i = 0; i < edge; ++i)
                idx.push_back(i);
            idx.push_back(-1); // the "..." marker
            const Index tailStart = (isVector && edge == 0) ? 0 : size - edge;
            for (Index i = tailStart; i < size; ++i)
                idx.push_back(i);
        } else {
            for (Index i = 0; i < size; ++i)
                idx.push_back(i);
        }
        return idx;
    }

    // get_summarized_data(), flattened: only the printed elements, so a 50257x768 tensor costs 36.
    void collect(std::size_t dim, Index offset, std::vector<T> &out) const
    {
        if (dim == m_shape.size()) {
            out.push_back(m_data[static_cast<std::size_t>(offset)]);
            return;
        }
        const bool isVector = dim + 1 == m_shape.size();
        if (!isVector && m_summarize && m_shape[dim] > 2 * m_options.edgeitems && m_options.edgeitems == 0)
            throw Error(Error::Kind::RuntimeError, "stack expects a non-empty TensorList");
        for (Index i : shownIndices(dim, isVector)) {
            if (i >= 0)
                collect(dim + 1, offset + i * m_strides[dim], out);
        }
    }

    // _tensor_str_with_formatter() and _vector_str()
    std::string withFormatter(std::size_t dim, Index offset, int indent, const Formatter &formatter) const
    {
        const std::size_t rank = m_shape.size();
        if (dim == rank)
            return formatter.format(m_data[static_cast<std::size_t>(offset)]);

        std::vector<std::string> items;
        const bool isVector = dim + 1 == rank;
        for (Index i : shownIndices(dim, isVector)) {
            if (i < 0)
                items.push_back(isVector ? " ..." : "...");
            else if (isVector)
                items.push_back(formatter.format(m_data[static_cast<std::size_t>(offset + i)]));
            else
                items.push_back(withFormatter(dim + 1, offset + i * m_strides[dim], indent + 1, formatter));
        }

        std::string s = "[";
        if (isVector) {
            const int elementLength = formatter.width() + 2;
            const int room = m_options.linewidth - indent;
            // Python floors the true quotient; C++ truncates towards zero.
            const int perLine = std::max(1, room >= 0 ? room / elementLength
                                                      : -((-room + elementLength - 1) / elementLength));
            const std::string lineBreak = ",\n" + std::string(static_cast<std::size_t>(indent + 1), ' ');
            for (std::size_t i = 0; i < items.size(); ++i) {
                if (i > 0)
                    s += (i % static_cast<std::size_t>(perLine) == 0) ? lineBreak : ", ";
                s += items[i];
            }
        } else {
            const std::string separator = "," + std::string(rank - dim - 1, '\n') +
                                          std::string(static_cast<std::size_t>(indent + 1), ' ');
            for (std::size_t i = 0; i < items.size(); ++i) {
                if (i > 0)
                    s += separator;
                s += items[i];
            }
        }
        return s + "]";
    }

    Elements m_data;
    const Shape &m_shape;
    PrintOptions m_options;
    std::vector<Index> m_strides;
    bool m_summarize = false;
};

// _add_suffixes(). last_line_len is two more than the real length of the last line (the rfind
// arithmetic in 1.13), which decides when a suffix wraps.
std::string addSuffixes(const std::string &tensorStr, const std::vector<std::string> &suffixes, int indent,
                        int linewidth)
{
    std::string out = tensorStr;
    const std::size_t newline = tensorStr.rfind('\n');
    const long long rfind = newline == std::string::npos ? -1 : static_cast<long long>(newline);
    long long lastLineLen = static_cast<long long>(tensorStr.size()) - rfind + 1;
    for (const std::string &suffix : suffixes) {
        const long long suffixLen = static_cast<long long>(suffix.size());
        if (lastLineLen + suffixLen + 2 > linewidth) {
            out += ",\n" + std::string(static_cast<std::size_t>(indent), ' ') + suffix;
            lastLineLen = indent + suffixLen;
        } else {
            out += ", " + suffix;
            lastLineLen += suffixLen + 2;
        }
    }
    return out + ")";
}

// str(tuple(shape)): "(0, 5)", "(0,)"
std::string tupleString(const Shape &shape)
{
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i > 0)
            s += ", ";
        s += std::to_string(shape[i]);
    }
    if (shape.size() == 1)
        s += ",";
    return s + ")";
}

// What print() refuses: a shape that does not hold the elements, and options PyTorch rejects.
void checkPrintable(std::size_t count, const Shape &shape, const PrintOptions &options)
{
    for (Index d : shape) {
        if (d < 0)
            throw Error(Error::Kind::RuntimeError,
                        "formatTensor: negative dimension in shape " + shapeString(shape));
    }
    if (numel(shape) != static_cast<Index>(count))
        throw Error(Error::Kind::RuntimeError, "formatTensor: shape " + shapeString(shape) +
                                                   " does not match " + std::to_string(count) + " elements");
    if (options.precision < 0)
        throw Error(Error::Kind::ValueError, "Format specifier missing precision");
    if (options.edgeitems < 0)
        throw Error(Error::Kind::ValueError, "formatTensor: edgeitems must not be negative");
}

// _str_intern() for a plain strided CPU tensor.
template <typename T, typename Elements = std::span<const T>>
std::string formatAny(Elements data, const Shape &shape, const TensorDecoration &decoration,
                      const PrintOptions &options)
{
    checkPrintable(data.size(), shape, options);

    const std::string prefix = "tensor(";
    const int indent = static_cast<int>(prefix.size());
    std::vector<std::string> suffixes;
    std::string body;
    if (data.empty()) {
        // Explicitly print the shape if it is not (0,), to match NumPy (1.13's comment).
        if (shape.size() != 1)
            suffixes.push_back("size=" + tupleString(shape));
        if constexpr (std::is_same_v<T, std::int64_t>)
            suffixes.push_back("dtype=torch.int64");
        body = "[]";
    } else {
        body = Printer<T, Elements>(data, shape, options).tensorStr(indent);
    }
    if (!decoration.gradFn.empty())
        suffixes.push_back("grad_fn=<" + decoration.gradFn + ">");
    else if (decoration.requiresGrad)
        suffixes.push_back("requires_grad=True");

    std::string repr = addSuffixes(prefix + body, suffixes, indent, options.linewidth);
    if (decoration.isParameter)
        repr = "Parameter containing:\n" + repr;
    return repr;
}

// --- parsing -------------------------------------------------------------------------------------

struct Node {
    bool isList = false;
    bool isEllipsis = false;
    double value = 0.0;
    std::vector<Node> children;
};

class Parser {
public:
    explicit Parser(const std::string &text)
        : m_text(text)
    {}

    bool parse(ParsedTensor &out)
    {
        static const std::string parameterPrefix = "Parameter containing:\n";
        if (m_text.compare(0, parameterPrefix.size(), parameterPrefix) == 0)
            m_pos = parameterPrefix.size();
        if (!literal("tensor("))
            return false;
        Node root;
        if (peek() == '[') {
            if (!parseList(root, 0))
                return false;
        } else if (!parseScalar(root)) {
            return false;
        }

        bool haveSize = false;
        Shape sizeShape;
        while (peek() == ',') {
            ++m_pos;
            skipSpace();
            if (literal("size=")) {
                if (!parseTuple(sizeShape))
                    return false;
                haveSize = true;
            } else if (literal("dtype=torch.int64") || literal("requires_grad=True")) {
            } else if (literal("grad_fn=<")) {
                const std::size_t close = m_text.find('>', m_pos);
                if (close == std::string::npos || close == m_pos)
                    return false;
                m_pos = close + 1;
            } else {
                return false;
            }
        }
        if (!literal(")"))
            return false;
        skipSpace();
        if (m_pos != m_text.size())
            return false;

        ParsedTensor result;
        if (!shapeOf(root, result.shape, result.summarised))
            return false;
        if (haveSize) {
            if (numel(result.shape) != 0 || numel(sizeShape) != 0)
                return false;
            result.shape = sizeShape;
        }
        if (!result.summarised)
            flatten(root, result.values);
        out = std::move(result);
        return true;
    }

private:
    char peek() const { return m_pos < m_text.size() ? m_text[m_pos] : '\0'; }

    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\n'))
            ++m_pos;
    }

    bool literal(const std::string &s)
    {
        if (m_text.compare(m_pos, s.size(), s) != 0)
            return false;
        m_pos += s.size();
        return true;
    }

    bool parseScalar(Node &node)
    {
        const std::size_t start = m_pos;
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            const bool numberChar = (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' ||
                                    c == 'n' || c == 'a' || c == 'i' || c == 'f';
            if (!numberChar)
                break;
            ++m_pos;
        }
        if (m_pos == start)
            return false;
        const char *first = m_text.data() + start;
        const char *last = m_text.data() + m_pos;
        const auto [ptr, ec] = std::from_chars(first, last, node.value);
        return ec == std::errc() && ptr == last;
    }

    bool parseList(Node &node, int depth)
    {
        // Deep enough for any real tensor, shallow enough that hostile input cannot exhaust the stack.
        if (depth > 64 || !literal("["))
            return false;
        node.isList = true;
        skipSpace();
        if (literal("]"))
            return true;
        for (;;) {
            skipSpace();
            Node child;
            if (literal("...")) {
                child.isEllipsis = true;
            } else if (peek() == '[') {
                if (!parseList(child, depth + 1))
                    return false;
            } else if (!parseScalar(child)) {
                return false;
            }
            node.children.push_back(std::move(child));
            if (literal("]"))
                return true;
            if (!literal(","))
                return false;
        }
    }

    bool parseTuple(Shape &shape)
    {
        if (!literal("("))
            return false;
        while (!literal(")")) {
            const char *first = m_text.data() + m_pos;
            const char *end = m_text.data() + m_text.size();
            Index d = 0;
            const auto [ptr, ec] = std::from_chars(first, end, d);
            if (ec != std::errc() || d < 0)
                return false;
            m_pos += static_cast<std::size_t>(ptr - first);
            shape.push_back(d);
            if (literal(","))
                skipSpace();
            else if (peek() != ')')
                return false;
        }
        return true;
    }

    // Elided dimensions (a "..." among the items) have an unknown size, reported as -1.
    static bool shapeOf(const Node &node, Shape &shape, bool &summarised)
    {
        shape.clear();
        if (!node.isList)
            return true;
        bool elided = false;
        bool first = true;
        bool childIsList = false;
        Shape childShape;
        Index count = 0;
        for (const Node &child : node.children) {
            if (child.isEllipsis) {
                elided = true;
                continue;
            }
            ++count;
            Shape s;
            if (!shapeOf(child, s, summarised))
                return false;
            if (first) {
                childShape = s;
                childIsList = child.isList;
                first = false;
            } else if (s != childShape || child.isList != childIsList) {
                return false;
            }
        }
        if (elided) {
            if (count == 0 && node.children.size() > 1)
                return false;
            summarised = true;
        }
        shape.push_back(elided ? -1 : count);
        shape.insert(shape.end(), childShape.begin(), childShape.end());
        return true;
    }

    static void flatten(const Node &node, std::vector<double> &values)
    {
        if (!node.isList) {
            values.push_back(node.value);
            return;
        }
        for (const Node &child : node.children)
            flatten(child, values);
    }

    const std::string &m_text;
    std::size_t m_pos = 0;
};

} // namespace

std::string formatTensor(const Tensor &t, const TensorDecoration &decoration, const PrintOptions &options)
{
    return formatAny<float>(std::span<const float>(t.data), t.shape, decoration, options);
}

std::string formatTensor(std::span<const float> data, const Shape &shape, const TensorDecoration &decoration,
                         const PrintOptions &options)
{
    return formatAny<float>(data, shape, decoration, options);
}

std::string formatTensor(const Parameter &p, const TensorDecoration &decoration, const PrintOptions &options)
{
    return formatAny<float>(ParameterElements{p}, p.shape(), decoration, options);
}

struct ElementFormat::Impl {
    Formatter formatter;
};

ElementFormat::ElementFormat(std::span<const float> data, const Shape &shape, const PrintOptions &options)
{
    checkPrintable(data.size(), shape, options);
    const std::vector<float> shown =
        data.empty() ? std::vector<float>{} : Printer<float>(data, shape, options).shown();
    m_impl = std::make_shared<const Impl>(Impl{Formatter(shown, options.precision)});
}

ElementFormat::ElementFormat(const Parameter &p, const PrintOptions &options)
{
    const ParameterElements data{p};
    checkPrintable(data.size(), p.shape(), options);
    const std::vector<float> shown =
        data.empty() ? std::vector<float>{}
                     : Printer<float, ParameterElements>(data, p.shape(), options).shown();
    m_impl = std::make_shared<const Impl>(Impl{Formatter(shown, options.precision)});
}

std::string ElementFormat::operator()(float value) const
{
    return m_impl->formatter.unpadded(value);
}

std::vector<std::string> formatElements(const Tensor &t, const PrintOptions &options)
{
    const std::vector<float> values(t.data.begin(), t.data.end());
    const Formatter formatter(values, options.precision);
    std::vector<std::string> out;
    out.reserve(values.size());
    for (float v : values)
        out.push_back(formatter.unpadded(v));
    return out;
}

std::string formatTensor(const LongTensor &t, const TensorDecoration &decoration, const PrintOptions &options)
{
    return formatAny<std::int64_t>(std::span<const std::int64_t>(t.data), t.shape, decoration, options);
}

bool parseFormattedTensor(const std::string &text, ParsedTensor &out)
{
    return Parser(text).parse(out);
}

} // namespace embedlab::core
