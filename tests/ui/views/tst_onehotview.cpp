// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// OneHotView on its own (#13): the caption and the cost counters of every phase, compression of a
// big matrix, keys forwarded to the animation, and the colours each phase paints.
#include "ui/model/Lab.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/OneHotView.h"

#include <QImage>
#include <QLocale>
#include <QTest>

using embedlab::ui::Lab;
using embedlab::ui::OneHotAnimation;
using embedlab::ui::OneHotView;

namespace {

int countColor(const QImage &image, QRgb color)
{
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    int count = 0;
    for (int y = 0; y < rgb.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x)
            count += (line[x] & 0xffffff) == (color & 0xffffff) ? 1 : 0;
    }
    return count;
}

} // namespace

class TestOneHotView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void caption_data();
    void caption();
    void progressCounts_data();
    void progressCounts();
    void bigMatrixIsCompressed();
    void keysGoToTheAnimation();
    void paintsThePhaseColours();
    void colorMapName();
    void withoutLabCaptionIsEmpty();
    void lookupArrowReachesTheOutput_data();
    void lookupArrowReachesTheOutput();

private:
    int pixelsAt(int step, double progress, QRgb color);

    std::unique_ptr<Lab> m_lab;
    std::unique_ptr<OneHotAnimation> m_animation;
    std::unique_ptr<OneHotView> m_view;
};

void TestOneHotView::initTestCase()
{
    QLocale::setDefault(QLocale::c()); // counters without digit grouping
}

void TestOneHotView::init()
{
    // The reference example: torch.manual_seed(123), Embedding(4, 5), ids [2, 3, 1].
    m_lab = std::make_unique<Lab>();
    QTRY_VERIFY(m_lab->hasPaths());
    m_animation = std::make_unique<OneHotAnimation>();
    m_animation->setIdCount(int(m_lab->flatIds().size()));
    m_view = std::make_unique<OneHotView>();
    m_view->setLab(m_lab.get());
    m_view->setAnimation(m_animation.get());
    m_view->resize(m_view->sizeHint());
}

void TestOneHotView::cleanup()
{
    m_view.reset();
    m_animation.reset();
    m_lab.reset();
}

void TestOneHotView::caption_data()
{
    QTest::addColumn<int>("step");
    QTest::addColumn<QString>("caption");
    QTest::newRow("show one-hot") << 0 << "one_hot(2): 4 entries, all 0 except a single 1 at position 2.";
    QTest::newRow("sweep") << 1
                           << "one_hot(2) @ W: entry i multiplies row i of W. 3 rows are multiplied by 0 and "
                              "fade; only row 2 is multiplied by 1.";
    QTest::newRow("collapse") << 2
                              << "Summing the products over the rows: the zero rows add nothing, the sum is "
                                 "exactly row 2 of W.";
    QTest::newRow("land") << 3 << "The sum lands in output[0]: the embedding of token 2.";
    QTest::newRow("lookup")
        << 4 << "embedding(ids) reads W[2] directly: 5 values copied, no multiplication at all.";
    QTest::newRow("second id") << 5 << "one_hot(3): 4 entries, all 0 except a single 1 at position 3.";
    QTest::newRow("third id lands") << 13 << "The sum lands in output[2]: the embedding of token 1.";
    QTest::newRow("done") << 15
                          << "Both paths produced the same 3 rows, bit for bit (computed, not assumed): the "
                             "one-hot product did 60 multiply-adds, the lookup none.";
}

void TestOneHotView::caption()
{
    QFETCH(int, step);
    QFETCH(QString, caption);
    m_animation->setStep(step);
    QCOMPARE(m_view->captionText(), caption);
}

void TestOneHotView::progressCounts_data()
{
    QTest::addColumn<int>("step");
    QTest::addColumn<double>("progress");
    QTest::addColumn<qint64>("multiplyAdds");
    QTest::addColumn<qint64>("byZero");
    QTest::addColumn<qint64>("copied");
    // V = 4, D = 5: one id costs 20 multiply-adds (15 by 0) on the one-hot path, 5 copies on the lookup.
    QTest::newRow("start") << 0 << 0.0 << 0LL << 0LL << 0LL;
    QTest::newRow("half a sweep") << 1 << 0.5 << 10LL << 10LL << 0LL; // rows 0 and 1, both by 0
    QTest::newRow("sweep done") << 2 << 0.0 << 20LL << 15LL << 0LL;
    QTest::newRow("lookup") << 4 << 0.0 << 20LL << 15LL << 5LL;
    QTest::newRow("second id") << 5 << 0.0 << 20LL << 15LL << 5LL;
    QTest::newRow("end") << 15 << 0.0 << 60LL << 45LL << 15LL;
}

void TestOneHotView::progressCounts()
{
    QFETCH(int, step);
    QFETCH(double, progress);
    QFETCH(qint64, multiplyAdds);
    QFETCH(qint64, byZero);
    QFETCH(qint64, copied);
    m_animation->setStep(step);
    m_animation->setProgress(progress);
    const OneHotView::Progress p = m_view->progressCounts();
    QCOMPARE(p.multiplyAdds, multiplyAdds);
    QCOMPARE(p.multiplyAddsByZero, byZero);
    QCOMPARE(p.valuesCopied, copied);
}

void TestOneHotView::bigMatrixIsCompressed()
{
    QVERIFY(!m_view->isCompressed());
    Lab::Config c = m_lab->config();
    c.numEmbeddings = 5000;
    m_lab->setConfig(c);
    QTRY_VERIFY(m_lab->embeddingWeight()->value().rows() == 5000);
    QVERIFY(m_view->isCompressed());
    // Painting a compressed matrix samples it; it must not fail.
    QVERIFY(!m_view->grab().isNull());
}

void TestOneHotView::keysGoToTheAnimation()
{
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    QTest::keyClick(m_view.get(), Qt::Key_Right);
    QCOMPARE(m_animation->step(), 1);
    QTest::keyClick(m_view.get(), Qt::Key_End);
    QVERIFY(m_animation->isAtEnd());
    QTest::keyClick(m_view.get(), Qt::Key_Left);
    QCOMPARE(m_animation->step(), m_animation->stepCount() - 2);
    QTest::keyClick(m_view.get(), Qt::Key_Home);
    QCOMPARE(m_animation->step(), 0);
    // Shortcuts with modifiers belong to the window, not the animation.
    QTest::keyClick(m_view.get(), Qt::Key_Right, Qt::ControlModifier);
    QCOMPARE(m_animation->step(), 0);
    QTest::keyClick(m_view.get(), Qt::Key_Space);
    QVERIFY(m_animation->isPlaying());
    QTest::keyClick(m_view.get(), Qt::Key_Space);
    QVERIFY(!m_animation->isPlaying());
}

// Okabe-Ito colours of OneHotView: the 1 and its row, the lookup path, the sweep line.
const QRgb kOne = qRgb(0xe6, 0x9f, 0x00);
const QRgb kLookup = qRgb(0x00, 0x9e, 0x73);
const QRgb kSweep = qRgb(0xcc, 0x79, 0xa7);

int TestOneHotView::pixelsAt(int step, double progress, QRgb color)
{
    m_animation->setStep(step);
    m_animation->setProgress(progress);
    return countColor(m_view->grab().toImage(), color);
}

void TestOneHotView::paintsThePhaseColours()
{
    QVERIFY(pixelsAt(0, 1.0, kOne) > 0);   // the 1 of one_hot(2), fully shown
    QCOMPARE(pixelsAt(0, 1.0, kSweep), 0); // no sweep before it starts
    QVERIFY(pixelsAt(1, 0.5, kSweep) > 0); // the sweep line, half way down W
    QCOMPARE(pixelsAt(2, 0.5, kSweep), 0); // gone once the rows collapse
    // The lookup path W[2] -> output[0] is drawn only in its phase (the counter's text has the
    // colour in every phase).
    QVERIFY(pixelsAt(4, 1.0, kLookup) > pixelsAt(3, 1.0, kLookup) + 100);
}

void TestOneHotView::colorMapName()
{
    m_view->setColorMapName(QStringLiteral("viridis"));
    QCOMPARE(m_view->colorMapName(), QStringLiteral("viridis"));
    QVERIFY(!m_view->grab().isNull());
}

void TestOneHotView::withoutLabCaptionIsEmpty()
{
    OneHotView view;
    QCOMPARE(view.captionText(), QString());
    QCOMPARE(view.progressCounts().multiplyAdds, 0LL);
    view.resize(view.sizeHint());
    QVERIFY(!view.grab().isNull()); // paints the background only
}

void TestOneHotView::lookupArrowReachesTheOutput_data()
{
    QTest::addColumn<bool>("played");
    QTest::newRow("stepped by hand") << false;
    QTest::newRow("played") << true;
}

// Issue #29 item 3: "lookup: W[1] -> output[2], one step" drew an arrow that stopped under W's row
// when stepped with PageDown. Every step of the reference example is rendered, stepped and played:
// each id's lookup arrow ends inside its output row, head drawn, and the head's pixels are there.
void TestOneHotView::lookupArrowReachesTheOutput()
{
    QFETCH(bool, played);
    const auto reaches = [this](const QImage &image, int k) -> QString {
        const std::optional<OneHotView::PaintedArrow> &arrow = m_view->paintedArrow();
        if (!arrow)
            return QStringLiteral("id %1: no arrow").arg(k);
        if (!arrow->target.adjusted(-0.5, -0.5, 0.5, 0.5).contains(arrow->end) || !arrow->head)
            return QStringLiteral("id %1: the arrow ends at (%2, %3), outside output row (%4, %5, %6 x %7)%8")
                .arg(k)
                .arg(arrow->end.x())
                .arg(arrow->end.y())
                .arg(arrow->target.x())
                .arg(arrow->target.y())
                .arg(arrow->target.width())
                .arg(arrow->target.height())
                .arg(arrow->head ? QString() : QStringLiteral(", no head"));
        // The head, filled in the lookup colour, just before the end.
        const QRect nearEnd = QRectF(arrow->end - QPointF(6, 4), QSizeF(6, 8)).toRect();
        const int head = countColor(image.copy(nearEnd), kLookup);
        return head >= 6 ? QString() : QStringLiteral("id %1: %2 head pixels at the end").arg(k).arg(head);
    };
    QList<int> reached;
    if (!played) {
        // PageDown, as the presenter steps.
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        while (!m_animation->isAtEnd()) {
            QTest::keyClick(m_view.get(), Qt::Key_PageDown);
            const QImage image = m_view->grab().toImage();
            if (m_animation->phase() != OneHotAnimation::Phase::Lookup) {
                QVERIFY2(!m_view->paintedArrow(), "an arrow outside the lookup phase");
                continue;
            }
            const QString failure = reaches(image, m_animation->idIndex());
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
            reached << m_animation->idIndex();
        }
    } else {
        // Played by itself (advanced as its timer does, without the event loop): by the end of each
        // lookup phase the arrow has grown to the output.
        m_animation->play();
        while (m_animation->isPlaying()) {
            m_animation->advance(16);
            if (m_animation->phase() != OneHotAnimation::Phase::Lookup || m_animation->progress() < 0.9 ||
                reached.contains(m_animation->idIndex()))
                continue;
            const QString failure = reaches(m_view->grab().toImage(), m_animation->idIndex());
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
            reached << m_animation->idIndex();
        }
    }
    QCOMPARE(reached, (QList<int>{0, 1, 2}));
}

QTEST_MAIN(TestOneHotView)
#include "tst_onehotview.moc"
