// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/Classroom.h"
#include "ui/Lab.h"
#include "ui/MainWindow.h"
#include "ui/OneHotAnimation.h"
#include "ui/Recovery.h"
#include "ui/SessionFile.h"

#include <QFile>
#include <QJsonDocument>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using embedlab::ui::Classroom;
using embedlab::ui::Lab;
using embedlab::ui::MainWindow;
using embedlab::ui::Recovery;
using embedlab::ui::SessionFile;

class TestSessionFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void jsonRoundTrip();
    void fileRoundTripIsAtomicJson();
    void windowRoundTripEqualsTheState();
    void initialisersAreReplayed();
    void editedWeightsAreStoredBeside();
    void damagedOrNewerLeaveTheStateUntouched_data();
    void damagedOrNewerLeaveTheStateUntouched();
    void recoveryAfterACrash();

private:
    SessionFile::Session sample() const;
    std::unique_ptr<MainWindow> m_window;
    Classroom *m_classroom = nullptr;
    QTemporaryDir m_dir;
};

void TestSessionFile::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings(QStringLiteral("EmbedLab"), QStringLiteral("EmbedLab")).clear();
    QVERIFY(m_dir.isValid());
}

void TestSessionFile::init()
{
    m_window = std::make_unique<MainWindow>();
    m_classroom = Classroom::of(m_window.get());
    QVERIFY(m_classroom);
}

void TestSessionFile::cleanup()
{
    m_window.reset();
}

SessionFile::Session TestSessionFile::sample() const
{
    SessionFile::Session s;
    s.config.numEmbeddings = 6;
    s.config.embeddingDim = 3;
    s.config.seed = 18446744073709551557ull; // beyond a double's exact integers
    s.config.paddingIdx = 0;
    s.config.tied = true;
    s.idsText = QStringLiteral("[[1, 2], [5, 0]]");
    s.inits = {{QStringLiteral("embedding.weight"), QStringLiteral("normal:mean=0,std=0.02"), std::nullopt},
               {QStringLiteral("lm_head.weight"), QStringLiteral("zeros"), 7}};
    s.colorMap = QStringLiteral("PuOr");
    s.animationStep = 3;
    s.lessonStep = 4;
    return s;
}

void TestSessionFile::jsonRoundTrip()
{
    const SessionFile::Session s = sample();
    const QJsonObject json = SessionFile::toJson(s);
    QCOMPARE(json.value(QStringLiteral("version")).toInt(), SessionFile::kVersion);
    QString error;
    const auto back = SessionFile::fromJson(json, &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(*back == s);
}

void TestSessionFile::fileRoundTripIsAtomicJson()
{
    const QString file = m_dir.filePath(QStringLiteral("a.embedlab"));
    QCOMPARE(SessionFile::write(file, sample()), QString());
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(QJsonDocument::fromJson(f.readAll()).isObject());
    QString error;
    const auto back = SessionFile::read(file, &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(*back == sample());
    // No temporary file is left beside it.
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("a.embedlab*")}, QDir::Files).size(), 1);
    QVERIFY(!SessionFile::write(QStringLiteral("/nonexistent/dir/a.embedlab"), sample()).isEmpty());
}

void TestSessionFile::windowRoundTripEqualsTheState()
{
    Lab *lab = m_window->lab();
    Lab::Config config = lab->config();
    config.numEmbeddings = 7;
    config.embeddingDim = 3;
    config.seed = 42;
    lab->setConfig(config);
    QVERIFY(lab->setIdsText(QStringLiteral("6, 0, 2")));
    lab->setTied(true);
    m_window->animation()->setStep(4);
    const SessionFile::Session before = m_classroom->captureSession();
    const QString file = m_dir.filePath(QStringLiteral("state.embedlab"));
    QCOMPARE(m_classroom->saveSession(file), QString());
    QVERIFY(!m_classroom->isModified());
    QVERIFY(m_window->isWindowModified() == false);
    const embedlab::core::Matrix weights = lab->embeddingWeight()->value();

    // Somewhere else entirely, then back.
    lab->applyPreset(Lab::Preset::Reference);
    QVERIFY(m_classroom->isModified());
    QCOMPARE(m_classroom->openSession(file), QString());
    QTRY_VERIFY(!lab->isBusy());
    QVERIFY(m_classroom->captureSession() == before);
    QCOMPARE(lab->config().numEmbeddings, 7);
    QCOMPARE(lab->idsText(), QStringLiteral("6, 0, 2"));
    QVERIFY(lab->isTied());
    QCOMPARE(m_window->animation()->step(), 4);
    QVERIFY(lab->embeddingWeight()->value() == weights);
    QVERIFY(m_classroom->recentFiles().contains(QFileInfo(file).absoluteFilePath()));
}

void TestSessionFile::initialisersAreReplayed()
{
    Lab *lab = m_window->lab();
    lab->applyInit(QStringLiteral("embedding.weight"), QStringLiteral("uniform:a=-0.1,b=0.1"));
    QTRY_VERIFY(!lab->isBusy());
    const embedlab::core::Matrix weights = lab->embeddingWeight()->value();
    QCOMPARE(m_classroom->captureSession().inits.size(), 1);
    QVERIFY(!m_classroom->weightsEdited());
    const QString file = m_dir.filePath(QStringLiteral("init.embedlab"));
    QCOMPARE(m_classroom->saveSession(file), QString());
    QString error;
    QVERIFY(SessionFile::read(file, &error)->weightsFile.isEmpty());

    lab->applyPreset(Lab::Preset::Reference);
    lab->setSeed(5);
    QCOMPARE(m_classroom->openSession(file), QString());
    QTRY_VERIFY(!lab->isBusy());
    QVERIFY(lab->embeddingWeight()->value() == weights);
    QVERIFY(lab->embeddingWeight()->value().maxCoeff() <= 0.1f);
}

void TestSessionFile::editedWeightsAreStoredBeside()
{
    Lab *lab = m_window->lab();
    lab->embeddingWeight()->value()(1, 2) = 42.0f;
    Lab::Operation op;
    op.kind = Lab::Operation::Kind::Step;
    op.target = QStringLiteral("embedding.weight");
    op.python = QStringLiteral("# edited");
    lab->recordWeightsChange(op);
    QVERIFY(m_classroom->weightsEdited());
    const QString file = m_dir.filePath(QStringLiteral("edited.embedlab"));
    QCOMPARE(m_classroom->saveSession(file), QString());
    QString error;
    const auto saved = SessionFile::read(file, &error);
    QVERIFY2(saved, qPrintable(error));
    QCOMPARE(saved->weightsFile, SessionFile::weightsFileFor(file, *lab->embeddingWeight()));
    QVERIFY(QFile::exists(m_dir.filePath(saved->weightsFile)));

    lab->applyPreset(Lab::Preset::Reference);
    lab->setSeed(9);
    QCOMPARE(m_classroom->openSession(file), QString());
    QTRY_VERIFY(!lab->isBusy());
    QCOMPARE(lab->embeddingWeight()->value()(1, 2), 42.0f);
}

void TestSessionFile::damagedOrNewerLeaveTheStateUntouched_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("garbage") << QByteArray("\x00\x01 not json {") << "damaged";
    QTest::newRow("truncated") << QByteArray("{\"format\": \"embedlab-session\", \"version\": 1, \"mod")
                               << "damaged";
    QTest::newRow("not a session") << QByteArray("{\"hello\": 1}") << "not an EmbedLab session";
    QTest::newRow("newer") << QByteArray("{\"format\": \"embedlab-session\", \"version\": 99, \"model\": {}}")
                           << "newer";
    QTest::newRow("negative size")
        << QByteArray("{\"format\": \"embedlab-session\", \"version\": 1, \"ids\": \"1\", \"model\": "
                      "{\"num_embeddings\": -4, \"embedding_dim\": 5, \"seed\": 1}}")
        << "damaged";
    QTest::newRow("bad init")
        << QByteArray("{\"format\": \"embedlab-session\", \"version\": 1, \"ids\": \"1\", \"model\": "
                      "{\"num_embeddings\": 4, \"embedding_dim\": 5, \"seed\": 1, \"inits\": "
                      "[{\"parameter\": \"embedding.weight\", \"spec\": \"nosuch\"}]}}")
        << "nosuch";
    QTest::newRow("missing weights")
        << QByteArray("{\"format\": \"embedlab-session\", \"version\": 1, \"ids\": \"1\", \"model\": "
                      "{\"num_embeddings\": 4, \"embedding_dim\": 5, \"seed\": 1, \"embedding_weight_npy\": "
                      "\"gone.npy\"}}")
        << "gone.npy";
}

void TestSessionFile::damagedOrNewerLeaveTheStateUntouched()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, messagePart);
    const QString file = m_dir.filePath(QStringLiteral("bad.embedlab"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
    f.close();
    Lab *lab = m_window->lab();
    QVERIFY(lab->setIdsText(QStringLiteral("3, 3")));
    const SessionFile::Session before = m_classroom->captureSession();
    const embedlab::core::Matrix weights = lab->embeddingWeight()->value();
    const QString error = m_classroom->openSession(file);
    QVERIFY2(error.contains(messagePart, Qt::CaseInsensitive), qPrintable(error));
    QVERIFY(!error.contains(QLatin1Char('\n')));
    QVERIFY(m_classroom->captureSession() == before);
    QVERIFY(lab->embeddingWeight()->value() == weights);
    QVERIFY(m_classroom->sessionFileName().isEmpty());
}

void TestSessionFile::recoveryAfterACrash()
{
    const QString dir = m_dir.filePath(QStringLiteral("recovery"));
    {
        Recovery running(dir);
        QVERIFY(!running.crashedSession());
        running.start();
        running.scheduleSave(sample());
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(running.autosavePath()), 5000);
        // No finish(): the process "was killed".
    }
    Recovery next(dir);
    const auto restored = next.crashedSession();
    QVERIFY(restored);
    QVERIFY(*restored == sample());
    next.start();
    next.finish();
    QVERIFY(!QFile::exists(next.markerPath()));
    QVERIFY(!Recovery(dir).crashedSession());
}

QTEST_MAIN(TestSessionFile)
#include "tst_sessionfile.moc"
