// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/Lesson.h"
#include "ui/window/Translations.h"

#include <QCoreApplication>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QTest>
#include <QXmlStreamReader>

using embedlab::ui::Lesson;
using embedlab::ui::Translations;

class TestTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup();
    void knownStrings_data();
    void knownStrings();
    void lessonInEveryLanguage();
    void pytorchNamesStayUntranslated();
    void englishPluralsReadAsEnglish();
    void standardButtonsInVietnamese();
    void everyMessageIsTranslated_data();
    void everyMessageIsTranslated();
    void unknownLanguageIsRefused();
};

void TestTranslations::cleanup()
{
    Translations::install(QStringLiteral("en"));
}

void TestTranslations::knownStrings_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    QTest::newRow("vi file") << "vi"
                             << "embedlab::ui::WindowMenus"
                             << "&File"
                             << "&T\u1ec7p";
    QTest::newRow("zh file") << "zh"
                             << "embedlab::ui::WindowMenus"
                             << "&File"
                             << "\u6587\u4ef6(&F)";
    QTest::newRow("vi projector") << "vi"
                                  << "embedlab::ui::WindowActions"
                                  << "&Projector Mode"
                                  << "Ch\u1ebf \u0111\u1ed9 &m\u00e1y chi\u1ebfu";
    QTest::newRow("zh projector") << "zh"
                                  << "embedlab::ui::WindowActions"
                                  << "&Projector Mode"
                                  << "\u6295\u5f71\u6a21\u5f0f(&P)";
    // The heatmap's strings were once extracted under "HeatmapView", a context tr() never asks for
    // (lupdate could not open the header it was included by): its menu stayed English.
    QTest::newRow("vi heatmap") << "vi"
                                << "embedlab::ui::HeatmapView"
                                << "Zoom in"
                                << "Ph\u00f3ng to";
    QTest::newRow("zh heatmap") << "zh"
                                << "embedlab::ui::HeatmapView"
                                << "Whole matrix"
                                << "\u6574\u4e2a\u77e9\u9635";
    // The histogram's distribution labels were never extracted (their wrapper was named translate(),
    // which lupdate parses as QCoreApplication's): the Vietnamese table read "Truncated normal on".
    QTest::newRow("vi histogram") << "vi"
                                  << "embedlab::ui::HistogramBinning"
                                  << "Truncated normal on [%1, %2]"
                                  << "Normal c\u1eaft c\u1ee5t tr\u00ean [%1, %2]";
}

void TestTranslations::knownStrings()
{
    QFETCH(QString, language);
    QFETCH(QString, context);
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QVERIFY(Translations::install(language));
    QCOMPARE(QCoreApplication::translate(context.toUtf8().constData(), source.toUtf8().constData()),
             expected);
    QVERIFY(Translations::install(QStringLiteral("en")));
    QCOMPARE(QCoreApplication::translate(context.toUtf8().constData(), source.toUtf8().constData()), source);
}

void TestTranslations::lessonInEveryLanguage()
{
    Lesson lesson;
    QStringList english;
    for (int i = 0; i < lesson.count(); ++i)
        english.append(Lesson::text(i));
    for (const QString &code : {QStringLiteral("vi"), QStringLiteral("zh")}) {
        QVERIFY(Translations::install(code));
        for (int i = 0; i < lesson.count(); ++i) {
            QVERIFY2(Lesson::text(i) != english.at(i), qPrintable(code + QString::number(i)));
            QVERIFY(Lesson::title(i) != QString::fromLatin1(lesson.step(i).title));
        }
    }
}

void TestTranslations::pytorchNamesStayUntranslated()
{
    QVERIFY(Translations::install(QStringLiteral("zh")));
    const int tying = 7;
    QVERIFY(Lesson::text(tying).contains(QStringLiteral("lm_head.weight = embedding.weight")));
    QVERIFY(Translations::install(QStringLiteral("vi")));
    QVERIFY(Lesson::text(0).contains(QStringLiteral("nn.Embedding(num_embeddings, embedding_dim)")));
}

void TestTranslations::englishPluralsReadAsEnglish()
{
    QVERIFY(Translations::install(QStringLiteral("en")));
    const char *context = "embedlab::ui::ExportController";
    QCOMPARE(QCoreApplication::translate(context, "Wrote %n frame(s) to %1", nullptr, 1),
             QStringLiteral("Wrote 1 frame to %1"));
    QCOMPARE(QCoreApplication::translate(context, "Wrote %n frame(s) to %1", nullptr, 3),
             QStringLiteral("Wrote 3 frames to %1"));
}

void TestTranslations::standardButtonsInVietnamese()
{
    // Qt ships no qtbase_vi.qm: a Vietnamese question got English Yes and No buttons.
    QVERIFY(Translations::install(QStringLiteral("vi")));
    QMessageBox box(QMessageBox::Question, QStringLiteral("?"), QStringLiteral("?"),
                    QMessageBox::Yes | QMessageBox::No | QMessageBox::Cancel);
    QCOMPARE(box.button(QMessageBox::Yes)->text(), QStringLiteral("&C\u00f3"));
    QCOMPARE(box.button(QMessageBox::No)->text(), QStringLiteral("&Kh\u00f4ng"));
    QVERIFY(box.button(QMessageBox::Cancel)->text() != QStringLiteral("Cancel"));
    QVERIFY(Translations::install(QStringLiteral("en")));
}

void TestTranslations::everyMessageIsTranslated_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("vi") << QFINDTESTDATA("../../../resources/translations/embedlab_vi.ts");
    QTest::newRow("zh_CN") << QFINDTESTDATA("../../../resources/translations/embedlab_zh_CN.ts");
}

void TestTranslations::everyMessageIsTranslated()
{
    QFETCH(QString, file);
    QFile ts(file);
    QVERIFY2(ts.open(QIODevice::ReadOnly), qPrintable(file));
    QXmlStreamReader xml(&ts);
    int messages = 0;
    QStringList unfinished;
    QString source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            if (type == QLatin1String("obsolete") || type == QLatin1String("vanished"))
                continue;
            ++messages;
            const bool plural = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (type == QLatin1String("unfinished") || (text.isEmpty() && !plural))
                unfinished.append(source);
        }
    }
    QVERIFY(!xml.hasError());
    QVERIFY(messages > 100);
    QVERIFY2(
        unfinished.isEmpty(),
        qPrintable(
            QStringLiteral("%1 untranslated, e.g. '%2'").arg(unfinished.size()).arg(unfinished.value(0))));
}

void TestTranslations::unknownLanguageIsRefused()
{
    QVERIFY(!Translations::install(QStringLiteral("fr")));
    QVERIFY(Translations::codes().contains(Translations::preferredCode()));
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
