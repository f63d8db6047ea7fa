// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// core::RowNeighbours against F.cosine_similarity and core::principalPlane against numpy.linalg.svd
// (tests/golden/gen_neighbours.py), issue #14.
#include "common/Seed.h"
#include "core/analysis/Neighbours.h"
#include "core/tensor/Error.h"

#include "common/Golden.h"

#include <QJsonArray>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

using namespace embedlab;

namespace {

QJsonObject cases()
{
    return testing::loadGolden(QStringLiteral("neighbours/cases.json"));
}

std::vector<float> floats(const QJsonValue &array)
{
    std::vector<float> out;
    for (const QJsonValue &v : array.toArray())
        out.push_back(static_cast<float>(v.toDouble()));
    return out;
}

// The nearest rows and their cosines, or the Python text of the error raised on the way.
struct Answer {
    std::vector<std::int64_t> ids;
    std::vector<float> cosines;
    QString error;
};

Answer ask(core::Tensor &matrix, std::int64_t row, std::int64_t k)
{
    Answer a;
    try {
        const core::RowNeighbours neighbours(matrix.span());
        for (const core::Neighbour &n : neighbours.nearest(row, k)) {
            a.ids.push_back(n.id);
            a.cosines.push_back(n.cosine);
        }
    } catch (const core::Error &e) {
        a.error = QString::fromStdString(e.pythonText());
    }
    return a;
}

unsigned seed()
{
    return unsigned(testing::testSeed("neighbours", 14u));
}

core::Tensor randomMatrix(core::Index rows, core::Index cols, unsigned s)
{
    std::mt19937 gen(s);
    std::normal_distribution<float> normal;
    core::Tensor t({rows, cols});
    for (float &x : t.data)
        x = normal(gen);
    return t;
}

double dotD(const std::vector<float> &a, const std::vector<float> &b)
{
    double s = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i)
        s += static_cast<double>(a[i]) * b[i];
    return s;
}

} // namespace

Q_DECLARE_METATYPE(std::vector<std::int64_t>)
Q_DECLARE_METATYPE(std::vector<float>)

class TestNeighbours : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void nearestMatchesPyTorch_data();
    void nearestMatchesPyTorch();
    void cosinesIncludeTheRowItself();
    void nanRowRanksLast();
    void largeMatrixMatchesFullSort();
    void nearTiesFollowTheExactCosine();
    void planeMatchesSvd_data();
    void planeMatchesSvd();
    void planeIsReproducible();
    void planeErrors();
};

void TestNeighbours::nearestMatchesPyTorch_data()
{
    QTest::addColumn<QString>("matrix");
    QTest::addColumn<qint64>("row");
    QTest::addColumn<qint64>("k");
    QTest::addColumn<std::vector<std::int64_t>>("ids");
    QTest::addColumn<std::vector<float>>("cosines");
    QTest::addColumn<QString>("error");
    const QJsonArray nearest = cases().value(QLatin1String("nearest")).toArray();
    QVERIFY(nearest.size() >= 15);
    for (const QJsonValue &value : nearest) {
        const QJsonObject c = value.toObject();
        std::vector<std::int64_t> ids;
        for (const QJsonValue &id : c.value(QLatin1String("ids")).toArray())
            ids.push_back(id.toInteger());
        const QString matrix = c.value(QLatin1String("matrix")).toString();
        const qint64 row = c.value(QLatin1String("row")).toInteger();
        const qint64 k = c.value(QLatin1String("k")).toInteger();
        QTest::addRow("%s row %lld k %lld", qPrintable(matrix), row, k)
            << matrix << row << k << ids << floats(c.value(QLatin1String("cosines")))
            << c.value(QLatin1String("error")).toString();
    }
}

void TestNeighbours::nearestMatchesPyTorch()
{
    QFETCH(QString, matrix);
    QFETCH(qint64, row);
    QFETCH(qint64, k);
    QFETCH(std::vector<std::int64_t>, ids);
    QFETCH(std::vector<float>, cosines);
    QFETCH(QString, error);
    core::Tensor w =
        testing::tensorFromJson(cases().value(QLatin1String("matrices")).toObject().value(matrix));
    const Answer a = ask(w, row, k);
    QCOMPARE(a.error, error);
    QCOMPARE(a.ids, ids);
    QCOMPARE(a.cosines.size(), cosines.size());
    for (std::size_t i = 0; i < cosines.size(); ++i)
        QVERIFY2(
            std::abs(a.cosines[i] - cosines[i]) <= 1e-6f,
            qPrintable(QStringLiteral("cosine %1: %2, PyTorch %3").arg(i).arg(a.cosines[i]).arg(cosines[i])));
}

void TestNeighbours::cosinesIncludeTheRowItself()
{
    core::Tensor w({3, 2});
    w.data.assign({3.0f, 4.0f, 0.0f, 0.0f, -6.0f, -8.0f});
    const core::RowNeighbours neighbours(w.span());
    QCOMPARE(neighbours.rows(), 3);
    QCOMPARE(neighbours.cosines(0), (std::vector<float>{1.0f, 0.0f, -1.0f}));
    QCOMPARE(neighbours.cosines(1), (std::vector<float>{0.0f, 0.0f, 0.0f}));
}

void TestNeighbours::nanRowRanksLast()
{
    core::Tensor w({4, 2});
    const float nan = std::numeric_limits<float>::quiet_NaN();
    w.data.assign({1.0f, 0.0f, nan, 1.0f, -1.0f, 0.0f, 1.0f, 1.0f});
    const core::RowNeighbours neighbours(w.span());
    const std::vector<core::Neighbour> n = neighbours.nearest(0, 3);
    QCOMPARE(n.size(), std::size_t{3});
    QCOMPARE(n[0].id, 3);
    QCOMPARE(n[1].id, 2);
    QCOMPARE(n[2].id, 1);
    QVERIFY(std::isnan(n[2].cosine));
}

// Big enough for the two-thread split; the heap selection against a full sort of plain cosines.
void TestNeighbours::largeMatrixMatchesFullSort()
{
    const core::Index rows = 6000, cols = 64;
    core::Tensor w = randomMatrix(rows, cols, seed());
    // Exact ties across the split: row 5999 is row 10 scaled by 2, row 3001 a copy of row 10.
    for (core::Index j = 0; j < cols; ++j) {
        w.data[static_cast<std::size_t>(5999 * cols + j)] =
            2.0f * w.data[static_cast<std::size_t>(10 * cols + j)];
        w.data[static_cast<std::size_t>(3001 * cols + j)] = w.data[static_cast<std::size_t>(10 * cols + j)];
    }
    const core::RowNeighbours neighbours(w.span());
    for (const std::int64_t row : {std::int64_t{10}, std::int64_t{4321}}) {
        std::vector<float> q(w.data.begin() + row * cols, w.data.begin() + (row + 1) * cols);
        std::vector<std::pair<double, std::int64_t>> plain;
        for (core::Index i = 0; i < rows; ++i) {
            if (i == row)
                continue;
            std::vector<float> x(w.data.begin() + i * cols, w.data.begin() + (i + 1) * cols);
            const double cosine = dotD(x, q) / std::sqrt(dotD(x, x) * dotD(q, q));
            plain.emplace_back(-static_cast<double>(static_cast<float>(cosine)), i);
        }
        std::sort(plain.begin(), plain.end());
        const std::vector<core::Neighbour> got = neighbours.nearest(row, 25);
        QCOMPARE(got.size(), std::size_t{25});
        for (std::size_t i = 0; i < got.size(); ++i) {
            QCOMPARE(got[i].id, plain[i].second);
            QVERIFY(std::abs(got[i].cosine + plain[i].first) <= 1e-6);
        }
        if (row == 10) {
            QCOMPARE(got[0].id, 3001);
            QCOMPARE(got[1].id, 5999);
            QCOMPARE(got[0].cosine, got[1].cosine);
        }
    }
}

// Rows a hair away from the query: their cosines differ by less than float sums can tell apart, so
// the order must come from the exact cosines (the refinement after the fast float pass).
void TestNeighbours::nearTiesFollowTheExactCosine()
{
    const core::Index rows = 3000, cols = 48;
    core::Tensor w = randomMatrix(rows, cols, seed());
    std::mt19937 gen(3);
    std::normal_distribution<float> noise(0.0f, 2e-4f);
    for (core::Index i = 1; i < rows; ++i)
        for (core::Index j = 0; j < cols; ++j)
            w.data[static_cast<std::size_t>(i * cols + j)] = w.data[static_cast<std::size_t>(j)] + noise(gen);
    const core::RowNeighbours neighbours(w.span());
    const std::vector<float> q(w.data.begin(), w.data.begin() + cols);
    std::vector<std::pair<float, std::int64_t>> exact;
    for (core::Index i = 1; i < rows; ++i) {
        const std::vector<float> x(w.data.begin() + i * cols, w.data.begin() + (i + 1) * cols);
        exact.emplace_back(-static_cast<float>(dotD(x, q) / std::sqrt(dotD(x, x) * dotD(q, q))), i);
    }
    std::sort(exact.begin(), exact.end());
    QVERIFY(-exact[49].first > 0.9999f); // really a crowd of near ties
    const std::vector<core::Neighbour> got = neighbours.nearest(0, 50);
    QCOMPARE(got.size(), std::size_t{50});
    for (std::size_t i = 0; i < got.size(); ++i) {
        QCOMPARE(got[i].id, exact[i].second);
        QCOMPARE(got[i].cosine, -exact[i].first);
    }
    QCOMPARE(neighbours.cosines(0)[static_cast<std::size_t>(got[7].id)], got[7].cosine);
}

void TestNeighbours::planeMatchesSvd_data()
{
    QTest::addColumn<QJsonObject>("golden");
    const QJsonArray pca = cases().value(QLatin1String("pca")).toArray();
    QVERIFY(pca.size() >= 2);
    for (const QJsonValue &c : pca)
        QTest::newRow(qPrintable(c.toObject().value(QLatin1String("name")).toString())) << c.toObject();
}

void TestNeighbours::planeMatchesSvd()
{
    QFETCH(QJsonObject, golden);
    core::Tensor w = testing::tensorFromJson(golden.value(QLatin1String("matrix")));
    const core::Projection2d plane = core::principalPlane(w.span());
    const std::vector<float> mean = floats(golden.value(QLatin1String("mean")));
    QCOMPARE(plane.mean.size(), mean.size());
    for (std::size_t j = 0; j < mean.size(); ++j)
        QVERIFY(std::abs(plane.mean[j] - mean[j]) <= 1e-5f * std::max(1.0f, std::abs(mean[j])));
    const QJsonArray axes = golden.value(QLatin1String("axes")).toArray();
    for (int a = 0; a < 2; ++a) {
        const std::vector<float> want = floats(axes[a]);
        const std::vector<float> &got = plane.axes[static_cast<std::size_t>(a)];
        QCOMPARE(got.size(), want.size());
        for (std::size_t j = 0; j < want.size(); ++j)
            QVERIFY2(
                std::abs(got[j] - want[j]) <= 1e-4f,
                qPrintable(QStringLiteral("axis %1[%2]: %3, SVD %4").arg(a).arg(j).arg(got[j]).arg(want[j])));
        QVERIFY(std::abs(dotD(got, got) - 1.0) <= 1e-5);
    }
    QVERIFY(std::abs(dotD(plane.axes[0], plane.axes[1])) <= 1e-5);
    const QJsonArray rows = golden.value(QLatin1String("rows")).toArray();
    const QJsonArray projected = golden.value(QLatin1String("projected")).toArray();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const std::array<float, 2> p = plane.project(w.span(), rows[i].toInteger());
        const std::vector<float> want = floats(projected[i]);
        QVERIFY(std::abs(p[0] - want[0]) <= 1e-4f * std::max(1.0f, std::abs(want[0])));
        QVERIFY(std::abs(p[1] - want[1]) <= 1e-4f * std::max(1.0f, std::abs(want[1])));
    }
}

void TestNeighbours::planeIsReproducible()
{
    core::Tensor w = randomMatrix(3000, 96, seed());
    const core::Projection2d a = core::principalPlane(w.span());
    const core::Projection2d b = core::principalPlane(w.span());
    QCOMPARE(a.mean, b.mean);
    QCOMPARE(a.axes[0], b.axes[0]);
    QCOMPARE(a.axes[1], b.axes[1]);
    for (const std::vector<float> &axis : a.axes) {
        const auto largest = std::max_element(axis.begin(), axis.end(),
                                              [](float x, float y) { return std::abs(x) < std::abs(y); });
        QVERIFY(*largest > 0.0f);
    }
}

void TestNeighbours::planeErrors()
{
    core::Tensor line({5}, 1.0f);
    QVERIFY_THROWS_EXCEPTION(core::Error, core::principalPlane(line.span()));
    core::Tensor column({5, 1}, 1.0f);
    QVERIFY_THROWS_EXCEPTION(core::Error, core::principalPlane(column.span()));
    core::Tensor empty({0, 4});
    QVERIFY_THROWS_EXCEPTION(core::Error, core::principalPlane(empty.span()));
    core::Tensor w = randomMatrix(10, 4, 1);
    const core::Projection2d plane = core::principalPlane(w.span());
    try {
        plane.project(w.span(), 10);
        QFAIL("a row outside the matrix must throw");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromStdString(e.pythonText()),
                 QStringLiteral("IndexError: index 10 is out of bounds for dimension 0 with size 10"));
    }
    core::Tensor other = randomMatrix(10, 5, 1);
    QVERIFY_THROWS_EXCEPTION(core::Error, plane.project(other.span(), 0));
}

QTEST_GUILESS_MAIN(TestNeighbours)
#include "tst_neighbours.moc"
