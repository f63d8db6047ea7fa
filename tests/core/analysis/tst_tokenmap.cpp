// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #27, "a 2-D map of chosen tokens on a fixed basis, aligned from frame to frame": a rotated or
// reflected copy of the reference lands on the reference's points, a small change moves the points
// a little, and re-referencing during a run does not make them jump.
#include "core/analysis/MapTrail.h"
#include "core/analysis/Neighbours.h"
#include "core/analysis/TokenMap.h"
#include "core/nn/TextFit.h"
#include "core/tensor/Error.h"

#include <QTest>

#include <Eigen/QR>

#include <cmath>
#include <random>

using namespace embedlab;

namespace {

constexpr core::Index kRows = 30, kDim = 8;
const std::vector<std::int64_t> kChosen{1, 4, 7, 9, 12, 20, 29};

core::Tensor randomMatrix(std::uint32_t seed)
{
    std::mt19937 random(seed);
    std::normal_distribution<float> normal;
    core::Tensor t({kRows, kDim});
    for (float &v : t.data)
        v = normal(random);
    return t;
}

// `w` turned by an orthogonal matrix (a reflection included) and moved by `shift` in every row.
core::Tensor turned(const core::Tensor &w, std::uint32_t seed, float shift)
{
    std::mt19937 random(seed);
    std::normal_distribution<double> normal;
    Eigen::MatrixXd m(kDim, kDim);
    for (core::Index i = 0; i < m.size(); ++i)
        m.data()[i] = normal(random);
    Eigen::MatrixXd q = Eigen::HouseholderQR<Eigen::MatrixXd>(m).householderQ();
    q.col(0) *= -1.0; // and a reflection
    core::Tensor out = w;
    for (core::Index r = 0; r < kRows; ++r) {
        const Eigen::RowVectorXd row = w.asMatrix().row(r).cast<double>() * q;
        for (core::Index d = 0; d < kDim; ++d)
            out.data[static_cast<std::size_t>(r * kDim + d)] = static_cast<float>(row(d)) + shift;
    }
    return out;
}

double largestMove(const std::vector<std::array<float, 2>> &a, const std::vector<std::array<float, 2>> &b)
{
    double worst = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i)
        worst = std::max(worst, std::hypot(double(a[i][0]) - b[i][0], double(a[i][1]) - b[i][1]));
    return worst;
}

} // namespace

class TestTokenMap : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void referenceIsItsPrincipalPlane();
    void turnedCopyLandsOnTheReference();
    void smallChangeMovesLittle();
    void rebaseDoesNotJump();
    void followsAFit();
    void refusesBadInput_data();
    void refusesBadInput();
    void trailNotesEveryStrideOnce();
};

void TestTokenMap::referenceIsItsPrincipalPlane()
{
    core::Tensor w = randomMatrix(1);
    const core::TokenMap map(kChosen, w.asMatrix());
    core::Tensor chosen({static_cast<core::Index>(kChosen.size()), kDim});
    for (std::size_t i = 0; i < kChosen.size(); ++i)
        for (core::Index d = 0; d < kDim; ++d)
            chosen.data[i * kDim + static_cast<std::size_t>(d)] =
                w.data[static_cast<std::size_t>(kChosen[i] * kDim + d)];
    const core::Projection2d plane = core::principalPlane(chosen.span());
    const std::vector<std::array<float, 2>> points = map.place(w.asMatrix());
    QCOMPARE(points.size(), kChosen.size());
    for (std::size_t i = 0; i < kChosen.size(); ++i) {
        const std::array<float, 2> want = plane.project(chosen.span(), static_cast<std::int64_t>(i));
        QVERIFY(std::abs(points[i][0] - want[0]) < 1e-4f && std::abs(points[i][1] - want[1]) < 1e-4f);
    }
    QVERIFY(map.misfit(w.asMatrix()) < 1e-9);
}

// A recomputed principal plane may flip or turn from one frame to the next; the map's points do not.
void TestTokenMap::turnedCopyLandsOnTheReference()
{
    core::Tensor w = randomMatrix(2);
    const core::TokenMap map(kChosen, w.asMatrix());
    const auto reference = map.place(w.asMatrix());
    for (std::uint32_t seed : {3u, 4u, 5u}) {
        core::Tensor copy = turned(w, seed, 0.75f);
        QVERIFY(largestMove(map.place(copy.asMatrix()), reference) < 1e-4);
        QVERIFY(map.misfit(copy.asMatrix()) < 1e-6);
    }
}

void TestTokenMap::smallChangeMovesLittle()
{
    core::Tensor w = randomMatrix(6);
    const core::TokenMap map(kChosen, w.asMatrix());
    const auto before = map.place(w.asMatrix());
    std::mt19937 random(7);
    std::normal_distribution<float> normal(0.0f, 1e-3f);
    core::Tensor nudged = turned(w, 8, -2.0f); // turned as a learning representation drifts
    for (float &v : nudged.data)
        v += normal(random);
    const double move = largestMove(map.place(nudged.asMatrix()), before);
    QVERIFY2(move > 0.0 && move < 1e-2, qPrintable(QString::number(move)));
    QVERIFY(map.misfit(nudged.asMatrix()) > 0.0);
}

void TestTokenMap::rebaseDoesNotJump()
{
    core::Tensor w = randomMatrix(9);
    core::TokenMap map(kChosen, w.asMatrix());
    core::Tensor later = turned(w, 10, 0.5f);
    for (std::size_t i = 0; i < later.data.size(); i += 3)
        later.data[i] *= 1.3f; // more than a turn: the rows learned something
    const auto before = map.place(later.asMatrix());
    map.rebase(later.asMatrix());
    QVERIFY(largestMove(map.place(later.asMatrix()), before) < 1e-5);
    QVERIFY(map.misfit(later.asMatrix()) < 1e-9);
    // and the frames after it are aligned to it
    core::Tensor next = turned(later, 11, 0.0f);
    QVERIFY(largestMove(map.place(next.asMatrix()), before) < 1e-4);
}

// The map of a learning embedding (issue #27): from one step to the next the points move, but much
// less than the points of a principal plane recomputed at every step may jump.
void TestTokenMap::followsAFit()
{
    std::vector<std::int64_t> ids;
    for (int i = 0; i < 300; ++i)
        ids.push_back((i * 7 + i / 5) % 23);
    core::TextFit fit(std::make_shared<const core::FitCorpus>(ids), core::FitConfig{});
    const core::TokenMap map({0, 3, 5, 8, 13, 21}, fit.embedding());
    auto previous = map.place(fit.embedding());
    double total = 0.0, largest = 0.0;
    for (int k = 0; k < 50; ++k) {
        fit.step();
        const auto now = map.place(fit.embedding());
        const double move = largestMove(now, previous);
        total += move;
        largest = std::max(largest, move);
        previous = now;
    }
    QVERIFY(total > 0.0);
    QVERIFY2(largest < 0.5, qPrintable(QString::number(largest))); // Adam's steps are 0.01 per element
}

void TestTokenMap::refusesBadInput_data()
{
    QTest::addColumn<QList<qint64>>("rows");
    QTest::addColumn<int>("dim");
    QTest::addColumn<QString>("message");
    QTest::newRow("row out of range")
        << QList<qint64>{1, 30} << 8 << "IndexError: row 30 is out of range for a matrix of 30 rows";
    QTest::newRow("negative row") << QList<qint64>{-1} << 8
                                  << "IndexError: row -1 is out of range for a matrix of 30 rows";
    QTest::newRow("no rows") << QList<qint64>{} << 8 << "ValueError: a map needs at least one row";
    QTest::newRow("one column") << QList<qint64>{1, 2} << 1
                                << "ValueError: a map needs a matrix of at least two columns, got [30, 1]";
}

void TestTokenMap::refusesBadInput()
{
    QFETCH(QList<qint64>, rows);
    QFETCH(int, dim);
    QFETCH(QString, message);
    core::Tensor w({kRows, dim}, 0.5f);
    try {
        core::TokenMap map(std::vector<std::int64_t>(rows.begin(), rows.end()), w.asMatrix());
        QFAIL("no error");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromStdString(e.pythonText()), message);
    }
    // A frame of another shape than the reference's.
    core::Tensor reference = randomMatrix(12);
    const core::TokenMap map(kChosen, reference.asMatrix());
    core::Tensor other({kRows + 1, kDim});
    QVERIFY_THROWS_EXCEPTION(core::Error, map.place(other.asMatrix()));
}

// The dots' trails: the map of every kStride-th step, noted the first time the run reaches it and
// never again (a replay after scrubbing back brings the same places), read back as the steps of a
// window ending at any step.
void TestTokenMap::trailNotesEveryStrideOnce()
{
    constexpr std::int64_t stride = core::MapTrail::kStride;
    core::MapTrail trail(2);
    const auto placesOf = [](std::int64_t step) {
        return core::MapTrail::Places{{float(step), 0.5f}, {-float(step), 1.5f}};
    };
    QVERIFY(trail.window(100, 50).empty());
    for (std::int64_t step = 0; step <= 12 * stride; ++step)
        QCOMPARE(trail.note(step, placesOf(step)), step % stride == 0);
    QCOMPARE(trail.noted(), std::int64_t{13});
    // Noted already, or out of turn, or the wrong size: nothing changes.
    QVERIFY(!trail.note(5 * stride, placesOf(999)));
    QVERIFY(!trail.note(14 * stride, placesOf(14 * stride)));
    QVERIFY(!trail.note(13 * stride, core::MapTrail::Places{{1.0f, 2.0f}}));
    QCOMPARE(trail.noted(), std::int64_t{13});
    QVERIFY(trail.wants(13 * stride));
    QVERIFY(!trail.wants(13 * stride + 1));

    // (to - span, to]: at step 75 with a span of 40, steps 40, 50, 60 and 70.
    const std::vector<core::MapTrail::Places> window = trail.window(7 * stride + 5, 4 * stride);
    QCOMPARE(window.size(), std::size_t(4));
    for (std::size_t k = 0; k < window.size(); ++k)
        QCOMPARE(window[k], placesOf(std::int64_t(4 + k) * stride));
    // A window past what is noted stops at the last noted step; one that starts before step 0 at 0.
    QCOMPARE(trail.window(500 * stride, 3 * stride).size(), std::size_t(0));
    QCOMPARE(trail.window(14 * stride, 3 * stride).back(), placesOf(12 * stride));
    QCOMPARE(trail.window(2 * stride, 100 * stride).size(), std::size_t(3));
    QCOMPARE(trail.window(2 * stride, 100 * stride).front(), placesOf(0));
    // (-5, 95]: step 0 is in it.
    QCOMPARE(trail.window(10 * stride - 5, 10 * stride).size(), std::size_t(10));
    QCOMPARE(trail.window(10 * stride - 5, 10 * stride).front(), placesOf(0));
}

QTEST_GUILESS_MAIN(TestTokenMap)
#include "tst_tokenmap.moc"
