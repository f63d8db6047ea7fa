// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Regression test for issue "Reliability" (found by tst_soak, seed 13, action 505): PyTorch accepts
// nn.Embedding(V, D, max_norm=float('nan')) and renormalises nothing. Lab::Config compared
// max_norm with ==, and nan != nan, so such a configuration never equalled itself: the idle Lab's
// config() differed from the model's, every setConfig() of it rebuilt the model, and ticking
// "tied" rebuilt instead of aliasing lm_head.weight to embedding.weight in place.
#include "ui/model/Lab.h"

#include <QSignalSpy>
#include <QTest>

#include <limits>

using embedlab::ui::Lab;

class TestRegressionNanMaxNorm : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void configEqualsItself();
    void nanMaxNormModelIsSteady();
};

void TestRegressionNanMaxNorm::configEqualsItself()
{
    Lab::Config a;
    a.maxNorm = std::numeric_limits<double>::quiet_NaN();
    Lab::Config b = a;
    QVERIFY(a == b);
    b.maxNorm = 1.0;
    QVERIFY(!(a == b));
    b.maxNorm.reset();
    QVERIFY(!(a == b));
    b = a;
    b.seed = a.seed + 1; // the other members still count
    QVERIFY(!(a == b));
}

void TestRegressionNanMaxNorm::nanMaxNormModelIsSteady()
{
    Lab lab;
    Lab::Config c = lab.config();
    c.maxNorm = std::numeric_limits<double>::quiet_NaN();
    lab.setConfig(c);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 30000);
    QVERIFY(lab.modelConfig().maxNorm.has_value());
    QVERIFY(lab.config() == lab.modelConfig());

    // The same configuration again is nothing to do; the tie is done in place.
    QSignalSpy rebuilt(&lab, &Lab::modelRebuilt);
    lab.setConfig(c);
    QVERIFY(!lab.isBusy());
    c.tied = true;
    lab.setConfig(c);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 30000);
    QCOMPARE(rebuilt.count(), 0);
    QVERIFY(lab.isTied());
    QCOMPARE(lab.embeddingWeight(), lab.lmHeadWeight());
    QVERIFY(lab.config() == lab.modelConfig());
}

QTEST_MAIN(TestRegressionNanMaxNorm)
#include "tst_regression_nanmaxnorm.moc"
