// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Memory.h"

#include <QTest>

#include <cstdlib>
#include <thread>
#include <vector>

#include <sys/resource.h>

namespace {

// 64 MB: the size class of a GPT-2 lookup or logits tensor, above glibc's default mmap threshold.
constexpr std::size_t kFloats = std::size_t{16} << 20;

long minorFaults()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}

// Page faults taken while allocating and writing one large buffer.
long faultsForOneBuffer()
{
    const long before = minorFaults();
    std::vector<float> buffer(kFloats, 1.0f);
    // The compiler may drop an allocation nobody looks at; this one escapes.
    asm volatile("" : : "r"(buffer.data()) : "memory");
    return minorFaults() - before;
}

} // namespace

/// core::reuseLargeBuffers (issue #7, Performance): large tensors freed by one lesson step are
/// reused by the next one - on the main thread and on worker threads - instead of being faulted
/// in page by page (16384 faults for 64 MB of 4 KiB pages).
class TestMemory : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
#if !defined(__GLIBC__)
        QSKIP("reuseLargeBuffers tunes glibc's allocator only");
#endif
#if defined(__SANITIZE_ADDRESS__)
        // ASan replaces malloc with its own allocator (which quarantines freed memory on purpose),
        // so there is no glibc setting to check.
        QSKIP("AddressSanitizer's allocator replaces glibc's: nothing to check");
#endif
        embedlab::core::reuseLargeBuffers();
    }

    void largeBufferIsReusedOnTheSameThread()
    {
        faultsForOneBuffer(); // the first use faults the pages in
        const long faults = faultsForOneBuffer();
        QVERIFY2(faults < 1024, qPrintable(QStringLiteral("%1 page faults for a reused buffer").arg(faults)));
    }

    void largeBufferIsReusedAcrossWorkerThreads()
    {
        std::thread([] { faultsForOneBuffer(); }).join();
        long faults = -1;
        std::thread([&] { faults = faultsForOneBuffer(); }).join();
        QVERIFY2(faults < 1024,
                 qPrintable(QStringLiteral("%1 page faults for a buffer another thread freed").arg(faults)));
    }
};

// reuseLargeBuffers() must run before any thread exists (QtTest starts a watchdog thread, whose
// arena a worker could otherwise be handed), exactly as the app's main() calls it.
int main(int argc, char **argv)
{
    embedlab::core::reuseLargeBuffers();
    QCoreApplication app(argc, argv);
    TestMemory test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_memory.moc"
