// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "BenchRunner.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>

namespace embedlab::bench {

BenchRunner::BenchRunner(int runs, bool json)
    : m_runs(runs)
    , m_json(json)
{}

void BenchRunner::add(Workload workload)
{
    m_workloads.push_back(std::move(workload));
}

void BenchRunner::addInfo(std::string key, std::string value)
{
    m_info.emplace_back(std::move(key), std::move(value));
}

std::vector<std::string> BenchRunner::keepOnly(const std::vector<std::string> &names)
{
    if (names.empty())
        return {};
    std::vector<std::string> unknown;
    for (const std::string &name : names)
        if (std::none_of(m_workloads.begin(), m_workloads.end(),
                         [&](const Workload &w) { return w.name == name; }))
            unknown.push_back(name);
    std::erase_if(m_workloads, [&](const Workload &w) {
        return std::find(names.begin(), names.end(), w.name) == names.end();
    });
    return unknown;
}

namespace {

std::string jsonString(const std::string &s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

} // namespace

int BenchRunner::runAll(std::ostream &out, std::ostream &log)
{
    using Clock = std::chrono::steady_clock;
    std::vector<std::pair<Timing, std::string>> results;
    int failures = 0;
    if (!m_json) {
        for (const auto &[key, value] : m_info)
            out << key << ": " << value << "\n";
        out << std::left << std::setw(22) << "workload" << std::right << std::setw(11) << "median ms"
            << std::setw(11) << "min ms" << std::setw(11) << "max ms" << std::setw(6) << "runs"
            << "  check\n";
    }
    for (const Workload &w : m_workloads) {
        log << "running " << w.name << " ..." << std::endl;
        w.run(); // warm-up: first-touch page faults and caches are not what we measure
        std::vector<double> ms;
        for (int i = 0; i < m_runs; ++i) {
            const auto start = Clock::now();
            w.run();
            ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        }
        std::sort(ms.begin(), ms.end());
        Timing t;
        t.runs = m_runs;
        t.minMs = ms.front();
        t.maxMs = ms.back();
        t.medianMs = ms.size() % 2 ? ms[ms.size() / 2] : (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]) / 2.0;
        const std::string problem = w.check ? w.check() : std::string();
        failures += !problem.empty();
        results.emplace_back(t, problem);
        if (!m_json)
            out << std::left << std::setw(22) << w.name << std::right << std::fixed << std::setprecision(2)
                << std::setw(11) << t.medianMs << std::setw(11) << t.minMs << std::setw(11) << t.maxMs
                << std::setw(6) << t.runs << "  "
                << (problem.empty() ? "same as reference" : "MISMATCH: " + problem) << "\n"
                << std::flush;
        if (w.report)
            (m_json ? log : out) << "  " << w.report() << "\n" << std::flush;
    }
    if (m_json) {
        std::ostringstream s;
        s << std::setprecision(6) << "{\"results\": {";
        for (std::size_t i = 0; i < results.size(); ++i) {
            const Timing &t = results[i].first;
            s << (i ? ", " : "") << jsonString(m_workloads[i].name) << ": {\"median_ms\": " << t.medianMs
              << ", \"min_ms\": " << t.minMs << ", \"max_ms\": " << t.maxMs << ", \"runs\": " << t.runs
              << "}";
        }
        s << "}, \"checks\": {";
        for (std::size_t i = 0; i < results.size(); ++i)
            s << (i ? ", " : "") << jsonString(m_workloads[i].name) << ": "
              << jsonString(results[i].second.empty() ? "ok" : results[i].second);
        s << "}, \"info\": {";
        for (std::size_t i = 0; i < m_info.size(); ++i)
            s << (i ? ", " : "") << jsonString(m_info[i].first) << ": " << jsonString(m_info[i].second);
        s << "}}\n";
        out << s.str();
    } else {
        out << (failures ? std::to_string(failures) + " workload(s) differ from the reference path\n"
                         : "every workload matches its reference path\n");
    }
    return failures ? 1 : 0;
}

} // namespace embedlab::bench
