// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// A parameter's storage replaced while a worker reads it (a training step committed during the
// neighbours' principal plane of GPT-2) was freed under the worker: AddressSanitizer's
// heap-use-after-free, a fault in a release build. Replaced storage now waits for the readers.
#include "core/tensor/Parameter.h"
#include "core/tensor/Retire.h"

#include <QtTest>

#include <atomic>
#include <optional>
#include <thread>

using namespace embedlab::core;

class TestRetire : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void freedAtOnceWithoutReaders();
    void keptUntilTheLastReaderEnds();
    void aReaderOnAnotherThreadReadsTheOldValues();
};

void TestRetire::freedAtOnceWithoutReaders()
{
    Parameter p({3, 2});
    p.value().setConstant(1.0f);
    const std::uint64_t version = p.version();
    Matrix next = Matrix::Constant(3, 2, 2.0f);
    p.replaceValue(std::move(next));
    QCOMPARE(p.value()(2, 1), 2.0f);
    QCOMPARE(p.version(), version + 1);
    QCOMPARE(retiredCount(), std::size_t(0));
}

void TestRetire::keptUntilTheLastReaderEnds()
{
    Parameter p({4, 4});
    p.value().setConstant(1.0f);
    std::optional<ReadGuard> first(std::in_place);
    std::optional<ReadGuard> second(std::in_place);
    p.replaceValue(Matrix::Constant(4, 4, 2.0f));
    p.replaceValue(Matrix::Constant(4, 4, 3.0f));
    QCOMPARE(retiredCount(), std::size_t(2));
    first.reset();
    QCOMPARE(retiredCount(), std::size_t(2));
    second.reset();
    QCOMPARE(retiredCount(), std::size_t(0));
    QCOMPARE(p.value()(3, 3), 3.0f);
}

void TestRetire::aReaderOnAnotherThreadReadsTheOldValues()
{
    Parameter p({1000, 100});
    p.value().setConstant(1.0f);
    std::atomic<bool> holding{false};
    std::atomic<bool> replaced{false};
    double sum = 0;
    std::thread reader([&] {
        const ReadGuard guard;
        const float *old = p.value().data(); // what a worker took before the commit
        holding = true;
        while (!replaced)
            std::this_thread::yield();
        for (Index i = 0; i < 1000 * 100; ++i)
            sum += old[i];
    });
    while (!holding)
        std::this_thread::yield();
    p.replaceValue(Matrix::Constant(1000, 100, 2.0f));
    QCOMPARE(retiredCount(), std::size_t(1));
    replaced = true;
    reader.join();
    QCOMPARE(sum, 100000.0);
    QCOMPARE(retiredCount(), std::size_t(0));
}

QTEST_APPLESS_MAIN(TestRetire)
#include "tst_retire.moc"
