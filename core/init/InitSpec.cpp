// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/init/InitSpec.h"

#include "core/tensor/Error.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <numbers>

namespace embedlab::core {

namespace {

using Keywords = std::vector<std::pair<std::string, std::string>>;

// torch.nn.init's signatures (PyTorch 1.13), keyword -> default as Python source text.
const std::map<std::string, Keywords> &signatures()
{
    static const std::map<std::string, Keywords> table = {
        {"uniform", {{"a", "0.0"}, {"b", "1.0"}}},
        {"normal", {{"mean", "0.0"}, {"std", "1.0"}}},
        {"trunc_normal", {{"mean", "0.0"}, {"std", "1.0"}, {"a", "-2.0"}, {"b", "2.0"}}},
        {"constant", {{"val", ""}}},
        {"ones", {}},
        {"zeros", {}},
        {"eye", {}},
        {"xavier_uniform", {{"gain", "1.0"}}},
        {"xavier_normal", {{"gain", "1.0"}}},
        {"kaiming_uniform", {{"a", "0"}, {"mode", "'fan_in'"}, {"nonlinearity", "'leaky_relu'"}}},
        {"kaiming_normal", {{"a", "0"}, {"mode", "'fan_in'"}, {"nonlinearity", "'leaky_relu'"}}},
        {"orthogonal", {{"gain", "1"}}},
    };
    return table;
}

bool isStringKeyword(const std::string &key)
{
    return key == "mode" || key == "nonlinearity";
}

std::string trim(const std::string &s)
{
    const auto begin = s.find_first_not_of(" \t");
    if (begin == std::string::npos)
        return {};
    const auto end = s.find_last_not_of(" \t");
    return s.substr(begin, end - begin + 1);
}

// float('...') as Python parses it: decimal, exponent, inf, nan, with an optional sign.
double parsePythonFloat(const std::string &text)
{
    std::string s = trim(text);
    std::string lower = s;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    const bool negative = !lower.empty() && lower[0] == '-';
    const std::string body =
        (!lower.empty() && (lower[0] == '-' || lower[0] == '+')) ? lower.substr(1) : lower;
    if (body == "inf" || body == "infinity")
        return negative ? -HUGE_VAL : HUGE_VAL;
    if (body == "nan")
        return std::nan("");
    double value = 0.0;
    const char *first = s.data() + ((!s.empty() && s[0] == '+') ? 1 : 0);
    const char *last = s.data() + s.size();
    auto [ptr, ec] = std::from_chars(first, last, value);
    if (s.empty() || ec != std::errc() || ptr != last)
        throw Error(Error::Kind::ValueError, "could not convert string to float: '" + text + "'");
    return value;
}

// repr(float) for the generated Python code: shortest text that round-trips, like Python.
std::string pythonNumber(double v)
{
    if (std::isnan(v))
        return "float('nan')";
    if (std::isinf(v))
        return v > 0 ? "float('inf')" : "float('-inf')";
    char buffer[64];
    auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    std::string s(buffer, ptr);
    if (s.find_first_of(".en") == std::string::npos)
        s += ".0";
    return s;
}

} // namespace

const std::vector<std::string> &InitSpec::names()
{
    static const std::vector<std::string> list = {
        "normal", "uniform",        "trunc_normal",  "constant",        "ones",           "zeros",
        "eye",    "xavier_uniform", "xavier_normal", "kaiming_uniform", "kaiming_normal", "orthogonal"};
    return list;
}

std::vector<std::pair<std::string, std::string>> InitSpec::keywords(const std::string &name)
{
    const auto it = signatures().find(name);
    return it == signatures().end() ? Keywords{} : it->second;
}

InitSpec InitSpec::parse(const std::string &text)
{
    InitSpec spec;
    const auto colon = text.find(':');
    spec.m_name = trim(text.substr(0, colon));
    if (spec.m_name.size() > 1 && spec.m_name.back() == '_')
        spec.m_name.pop_back(); // "normal_" as written in Python
    const auto signature = signatures().find(spec.m_name);
    if (signature == signatures().end())
        throw Error(Error::Kind::AttributeError,
                    "module 'torch.nn.init' has no attribute '" + spec.m_name + "_'");
    const std::string function = spec.m_name + "_()";

    if (colon != std::string::npos) {
        std::string rest = text.substr(colon + 1);
        std::size_t start = 0;
        while (start <= rest.size()) {
            const auto comma = rest.find(',', start);
            const std::string item =
                trim(rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
            start = comma == std::string::npos ? rest.size() + 1 : comma + 1;
            if (item.empty()) {
                if (comma == std::string::npos && start > rest.size())
                    break;
                throw Error(Error::Kind::ValueError, "empty keyword in initialiser spec '" + text + "'");
            }
            const auto eq = item.find('=');
            if (eq == std::string::npos)
                throw Error(Error::Kind::ValueError,
                            "expected key=value in initialiser spec '" + text + "', got '" + item + "'");
            const std::string key = trim(item.substr(0, eq));
            const std::string value = InitSpec::unquoted(trim(item.substr(eq + 1)));
            const auto &known = signature->second;
            if (std::none_of(known.begin(), known.end(), [&](const auto &kw) { return kw.first == key; }))
                throw Error(Error::Kind::TypeError,
                            function + " got an unexpected keyword argument '" + key + "'");
            if (std::any_of(spec.m_given.begin(), spec.m_given.end(),
                            [&](const auto &kw) { return kw.first == key; }))
                throw Error(Error::Kind::TypeError,
                            function + " got multiple values for argument '" + key + "'");
            if (!isStringKeyword(key))
                parsePythonFloat(value); // reject non-numbers now, before anything is changed
            spec.m_given.emplace_back(key, value);
        }
    }
    for (const auto &[key, def] : signature->second) {
        if (def.empty() && spec.value(key).empty())
            throw Error(Error::Kind::TypeError,
                        function + " missing 1 required positional argument: '" + key + "'");
    }
    return spec;
}

std::string InitSpec::unquoted(const std::string &source)
{
    if (source.size() >= 2 && (source.front() == '\'' || source.front() == '"') &&
        source.back() == source.front())
        return source.substr(1, source.size() - 2);
    return source;
}

std::string InitSpec::value(const std::string &key) const
{
    for (const auto &[k, v] : m_given) {
        if (k == key)
            return v;
    }
    for (const auto &[k, v] : keywords(m_name)) {
        if (k == key)
            return InitSpec::unquoted(v);
    }
    return {};
}

double InitSpec::number(const std::string &key) const
{
    return parsePythonFloat(value(key));
}

void InitSpec::apply(TensorSpan t, Generator &gen) const
{
    const std::string &n = m_name;
    if (n == "uniform")
        init::uniform_(t, number("a"), number("b"), gen);
    else if (n == "normal")
        init::normal_(t, number("mean"), number("std"), gen);
    else if (n == "trunc_normal")
        init::trunc_normal_(t, number("mean"), number("std"), number("a"), number("b"), gen);
    else if (n == "constant")
        init::constant_(t, number("val"));
    else if (n == "ones")
        init::ones_(t);
    else if (n == "zeros")
        init::zeros_(t);
    else if (n == "eye")
        init::eye_(t);
    else if (n == "xavier_uniform")
        init::xavier_uniform_(t, number("gain"), gen);
    else if (n == "xavier_normal")
        init::xavier_normal_(t, number("gain"), gen);
    else if (n == "kaiming_uniform")
        init::kaiming_uniform_(t, number("a"), value("mode"), value("nonlinearity"), gen);
    else if (n == "kaiming_normal")
        init::kaiming_normal_(t, number("a"), value("mode"), value("nonlinearity"), gen);
    else if (n == "orthogonal")
        init::orthogonal_(t, number("gain"), gen);
    else
        throw Error(Error::Kind::AttributeError, "module 'torch.nn.init' has no attribute '" + n + "_'");
}

std::string InitSpec::pythonCall(const std::string &tensorExpression) const
{
    std::string s = "torch.nn.init." + m_name + "_(" + tensorExpression;
    for (const auto &[key, value] : m_given) {
        s += ", " + key + "=";
        s += isStringKeyword(key) ? "'" + value + "'" : pythonNumber(parsePythonFloat(value));
    }
    return s + ")";
}

std::string InitSpec::toString() const
{
    std::string s = m_name;
    for (std::size_t i = 0; i < m_given.size(); ++i)
        s += (i ? "," : ":") + m_given[i].first + "=" + m_given[i].second;
    return s;
}

init::Distribution InitSpec::distribution(const Shape &shape) const
{
    using Kind = init::Distribution::Kind;
    init::Distribution d;
    const std::string &n = m_name;
    auto uniformBox = [&d](double low, double high) {
        d.kind = Kind::Uniform;
        d.low = low;
        d.high = high;
        d.mean = (low + high) / 2.0;
        d.std = (high - low) / std::sqrt(12.0);
    };
    auto normal = [&d](double mean, double std) {
        d.kind = Kind::Normal;
        d.mean = mean;
        d.std = std;
    };
    auto fan = [&](const std::string &mode) {
        const init::Fans fans = init::calculateFanInAndFanOut(shape);
        return static_cast<double>(mode == "fan_out" ? fans.fanOut : fans.fanIn);
    };
    if (n == "uniform") {
        uniformBox(number("a"), number("b"));
    } else if (n == "normal") {
        normal(number("mean"), number("std"));
    } else if (n == "trunc_normal") {
        d.kind = Kind::TruncatedNormal;
        d.low = number("a");
        d.high = number("b");
        // Moments of the normal truncated to [a, b].
        const double mu = number("mean"), sigma = number("std");
        const double alpha = (d.low - mu) / sigma, beta = (d.high - mu) / sigma;
        const auto pdf = [](double x) { return std::exp(-0.5 * x * x) / std::sqrt(2.0 * std::numbers::pi); };
        const auto cdf = [](double x) { return 0.5 * (1.0 + std::erf(x / std::sqrt(2.0))); };
        const double z = cdf(beta) - cdf(alpha);
        const double shift = (pdf(alpha) - pdf(beta)) / z;
        d.mean = mu + sigma * shift;
        d.std = sigma * std::sqrt(1.0 + (alpha * pdf(alpha) - beta * pdf(beta)) / z - shift * shift);
    } else if (n == "constant" || n == "ones" || n == "zeros") {
        d.kind = Kind::Constant;
        d.mean = n == "constant" ? number("val") : (n == "ones" ? 1.0 : 0.0);
        d.std = 0.0;
        d.low = d.high = d.mean;
    } else if (n == "xavier_uniform" || n == "xavier_normal") {
        const init::Fans fans = init::calculateFanInAndFanOut(shape);
        const double std = number("gain") * std::sqrt(2.0 / static_cast<double>(fans.fanIn + fans.fanOut));
        if (n == "xavier_uniform")
            uniformBox(-std::sqrt(3.0) * std, std::sqrt(3.0) * std);
        else
            normal(0.0, std);
    } else if (n == "kaiming_uniform" || n == "kaiming_normal") {
        const double gain = init::calculateGain(value("nonlinearity"), number("a"));
        const double std = gain / std::sqrt(fan(value("mode")));
        if (n == "kaiming_uniform")
            uniformBox(-std::sqrt(3.0) * std, std::sqrt(3.0) * std);
        else
            normal(0.0, std);
    } else {
        d.kind = Kind::Other; // eye_ and orthogonal_ are not drawn from a simple density
    }
    return d;
}

init::Distribution embeddingDefaultDistribution()
{
    return InitSpec::parse("normal").distribution({1, 1});
}

init::Distribution linearDefaultDistribution(Index inFeatures)
{
    // kaiming_uniform_(a=sqrt(5)): gain sqrt(2 / (1 + 5)), bound gain * sqrt(3 / fan_in) = 1 / sqrt(fan_in).
    init::Distribution d;
    d.kind = init::Distribution::Kind::Uniform;
    const double bound = inFeatures > 0 ? 1.0 / std::sqrt(static_cast<double>(inFeatures)) : 0.0;
    d.low = -bound;
    d.high = bound;
    d.std = bound / std::sqrt(3.0);
    return d;
}

} // namespace embedlab::core
