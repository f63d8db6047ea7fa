// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace embedlab::bench {

/// One benchmarked piece of work: `run` is timed; `check` compares its result with the plain
/// reference path afterwards and returns "" when they agree or a sentence saying how they differ.
struct Workload {
    std::string name;
    std::string description;
    std::function<void()> run;
    std::function<std::string()> check;
    /// Figures the runs measured besides their time (peak memory, ratios to another workload),
    /// printed under the workload's row; may be empty.
    std::function<std::string()> report = {};
};

struct Timing {
    double medianMs = 0.0;
    double minMs = 0.0;
    double maxMs = 0.0;
    int runs = 0;
};

/// Times each workload `runs` times after one warm-up run and prints a table (or JSON).
class BenchRunner {
public:
    BenchRunner(int runs, bool json);
    void add(Workload workload);
    /// A fact about the run printed before the table, and in the JSON's "info" object (the
    /// instruction set of the kernels, for tests/bench/compare.py's label).
    void addInfo(std::string key, std::string value);
    /// Keeps only the named workloads (all when `names` is empty). Returns the names that match none.
    std::vector<std::string> keepOnly(const std::vector<std::string> &names);
    /// Returns the process exit code: 0 when every check passed.
    int runAll(std::ostream &out, std::ostream &log);

private:
    int m_runs;
    bool m_json;
    std::vector<Workload> m_workloads;
    std::vector<std::pair<std::string, std::string>> m_info;
};

/// `embedlab-bench [--json] [--quick] [--only NAME]...`.
int runBench(int argc, char **argv);

} // namespace embedlab::bench
