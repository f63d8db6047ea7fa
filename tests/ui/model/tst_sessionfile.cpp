// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/TestSettings.h"
#include "ui/model/Lab.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/Recovery.h"
#include "ui/model/SessionFile.h"
#include "ui/views/CodePanel.h"
#include "ui/views/TrainingPanel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/SessionController.h"

#include "core/io/NpyWriter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <memory>

using embedlab::ui::Lab;
using embedlab::ui::MainWindow;
using embedlab::ui::Recovery;
using embedlab::ui::SessionController;
using embedlab::ui::SessionFile;
using embedlab::ui::TrainingPanel;

namespace {

/// Every parameter of the window's model with its own storage, by name, as deep copies.
QMap<QString, std::shared_ptr<embedlab::core::Parameter>> parametersOf(const Lab *lab)
{
    QMap<QString, std::shared_ptr<embedlab::core::Parameter>> out;
    out.insert(QStringLiteral("embedding.weight"), lab->embeddingWeight()->clone());
    if (!lab->isTied())
        out.insert(QStringLiteral("lm_head.weight"), lab->lmHeadWeight()->clone());
    if (lab->lmHeadBias())
        out.insert(QStringLiteral("lm_head.bias"), lab->lmHeadBias()->clone());
    return out;
}

/// Bit for bit: equal shapes and equal bytes (so -0.0 vs 0.0 or two NaNs are told apart too).
bool sameBits(const embedlab::core::Parameter &a, const embedlab::core::Parameter &b)
{
    return a.shape() == b.shape() && std::memcmp(a.value().data(), b.value().data(), a.bytes()) == 0;
}

/// The bytes of a float32 .npy of `shape` (zeros).
QByteArray npy(const embedlab::core::Shape &shape)
{
    embedlab::core::Parameter p(shape);
    const QString path = QDir::temp().filePath(
        QStringLiteral("embedlab-tst-sessionfile-%1.npy").arg(QCoreApplication::applicationPid()));
    embedlab::core::writeNpy(path.toStdString(), p.value().data(), p.shape());
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    file.remove();
    return bytes;
}

} // namespace

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
    void everyEditedParameterRoundTrips_data();
    void everyEditedParameterRoundTrips();
    void versionOneSessionsStillOpen();
    void damagedOrNewerLeaveTheStateUntouched_data();
    void damagedOrNewerLeaveTheStateUntouched();
    void recoveryAfterACrash();
    void tokenizerRoundTrips();
    void sessionsWithoutATokenizerStillOpen();
    void trainingCodeRoundTrips();

private:
    SessionFile::Session sample() const;
    std::unique_ptr<MainWindow> m_window;
    SessionController *m_classroom = nullptr;
    QTemporaryDir m_dir;
};

void TestSessionFile::initTestCase()
{
    embedlab::testing::resetAppSettings();
    QVERIFY(m_dir.isValid());
}

void TestSessionFile::init()
{
    m_window = std::make_unique<MainWindow>();
    m_classroom = m_window->sessions();
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
    s.view.colorMap = QStringLiteral("PuOr");
    s.view.animationStep = 3;
    s.view.lessonStep = 4;
    return s;
}

void TestSessionFile::jsonRoundTrip()
{
    const SessionFile::Session s = sample();
    const QJsonObject json = SessionFile::toJson(s);
    // Nothing stored beyond embedding.weight: a version-1 reader can open it whole.
    QCOMPARE(json.value(QStringLiteral("version")).toInt(), 1);
    QString error;
    const auto back = SessionFile::fromJson(json, &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(*back == s);

    // The fit's stored run is named at the root; a reader that does not know it replays the run from
    // its settings, to the same bits: it needs no newer version.
    SessionFile::Session fitted = sample();
    fitted.fitFile = QStringLiteral("a.fit-0123456789ab.safetensors");
    const QJsonObject fittedJson = SessionFile::toJson(fitted);
    QCOMPARE(fittedJson.value(QStringLiteral("version")).toInt(), 1);
    QCOMPARE(fittedJson.value(QStringLiteral("fit_run")), QJsonValue(fitted.fitFile));
    const auto fittedBack = SessionFile::fromJson(fittedJson, &error);
    QVERIFY2(fittedBack, qPrintable(error));
    QVERIFY(*fittedBack == fitted);

    // Stored lm_head values need version 2, so a version-1 reader refuses instead of losing them.
    SessionFile::Session untied = sample();
    untied.config.tied = false;
    untied.config.lmHeadBias = true;
    untied.weightFiles = {{QStringLiteral("embedding.weight"), QStringLiteral("a.embedding-0.npy")},
                          {QStringLiteral("lm_head.weight"), QStringLiteral("a.lm_head-1.npy")},
                          {QStringLiteral("lm_head.bias"), QStringLiteral("a.lm_head.bias-2.npy")}};
    const QJsonObject untiedJson = SessionFile::toJson(untied);
    QCOMPARE(untiedJson.value(QStringLiteral("version")).toInt(), 2);
    QCOMPARE(untiedJson.value(QStringLiteral("model")).toObject().value(QStringLiteral("lm_head_bias_npy")),
             QJsonValue(QStringLiteral("a.lm_head.bias-2.npy")));
    const auto untiedBack = SessionFile::fromJson(untiedJson, &error);
    QVERIFY2(untiedBack, qPrintable(error));
    QVERIFY(*untiedBack == untied);

    // The history with its code (#16 item 9): every kind, a seed beyond a double's integers.
    SessionFile::Session trained = untied;
    const QList<std::pair<Lab::Operation::Kind, QString>> kinds = {
        {Lab::Operation::Kind::Init, QStringLiteral("init")},
        {Lab::Operation::Kind::Tie, QStringLiteral("tie")},
        {Lab::Operation::Kind::Untie, QStringLiteral("untie")},
        {Lab::Operation::Kind::Step, QStringLiteral("step")},
        {Lab::Operation::Kind::Load, QStringLiteral("load")}};
    for (const auto &[kind, name] : kinds) {
        Lab::Operation op;
        op.kind = kind;
        op.target = QStringLiteral("embedding.weight");
        op.spec = name;
        op.python = QStringLiteral("# %1\nprint(1)").arg(name);
        op.output = QStringLiteral("1");
        trained.history.append(op);
    }
    trained.history.front().seed = 18446744073709551557ull;
    const QJsonObject trainedJson = SessionFile::toJson(trained);
    QCOMPARE(
        trainedJson.value(QStringLiteral("history")).toArray().at(3).toObject().value(QStringLiteral("kind")),
        QJsonValue(QStringLiteral("step")));
    const auto trainedBack = SessionFile::fromJson(trainedJson, &error);
    QVERIFY2(trainedBack, qPrintable(error));
    QVERIFY(*trainedBack == trained);
    QJsonObject damaged = trainedJson;
    damaged[QStringLiteral("history")] =
        QJsonArray{QJsonObject{{QStringLiteral("kind"), QStringLiteral("jump")}}};
    QVERIFY(!SessionFile::fromJson(damaged, &error));
    QVERIFY(error.contains(QStringLiteral("history")));
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
    const embedlab::core::Matrix weights(lab->embeddingWeight()->value());

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
    const embedlab::core::Matrix weights(lab->embeddingWeight()->value());
    QCOMPARE(m_classroom->captureSession().inits.size(), 1);
    QVERIFY(!m_classroom->weightsEdited());
    const QString file = m_dir.filePath(QStringLiteral("init.embedlab"));
    QCOMPARE(m_classroom->saveSession(file), QString());
    QString error;
    QVERIFY(SessionFile::read(file, &error)->weightFiles.isEmpty());

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
    const QString embedding = QStringLiteral("embedding.weight");
    QCOMPARE(saved->weightFiles.value(embedding),
             SessionFile::weightsFileFor(file, embedding, *lab->embeddingWeight()));
    QVERIFY(QFile::exists(m_dir.filePath(saved->weightFiles.value(embedding))));

    lab->applyPreset(Lab::Preset::Reference);
    lab->setSeed(9);
    QCOMPARE(m_classroom->openSession(file), QString());
    QTRY_VERIFY(!lab->isBusy());
    QCOMPARE(lab->embeddingWeight()->value()(1, 2), 42.0f);
}

void TestSessionFile::everyEditedParameterRoundTrips_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<bool>("bias");
    QTest::addColumn<QStringList>("stored");
    const QStringList all{QStringLiteral("embedding.weight"), QStringLiteral("lm_head.weight"),
                          QStringLiteral("lm_head.bias")};
    QTest::newRow("untied, Adam steps, bias") << "adam" << true << all;
    QTest::newRow("untied, SGD step") << "sgd" << false << all.mid(0, 2);
    QTest::newRow("tied, SGD step, bias") << "tied-sgd" << true << QStringList{all.at(0), all.at(2)};
    QTest::newRow("untied by reset_parameters()") << "untie-reinit" << true << all;
    QTest::newRow("lm_head loaded from a file") << "load-lm-head" << false << all.mid(0, 2);
}

// Issue #5: an untied lm_head (weight and bias) that was trained, re-initialised or loaded lost its
// values on save/open; only embedding.weight was stored.
void TestSessionFile::everyEditedParameterRoundTrips()
{
    QFETCH(QString, how);
    QFETCH(bool, bias);
    QFETCH(QStringList, stored);
    stored.sort(); // the order of QMap's keys
    Lab *lab = m_window->lab();
    Lab::Config config = lab->config();
    config.numEmbeddings = 6;
    config.embeddingDim = 4;
    config.seed = 31;
    config.lmHeadBias = bias;
    config.tied = how == QLatin1String("tied-sgd");
    lab->setConfig(config);
    QVERIFY(lab->setIdsText(QStringLiteral("1, 4, 2")));
    lab->applyInit(QStringLiteral("embedding.weight"), QStringLiteral("normal:mean=0,std=0.5"));
    QTRY_VERIFY(!lab->isBusy());

    TrainingPanel *training = m_window->trainingPanel();
    training->setIdsText(QStringLiteral("1, 4, 2"));
    training->setTargetsText(QStringLiteral("4, 2, 5"));
    if (how == QLatin1String("adam")) {
        training->setOptimizerKind(TrainingPanel::OptimizerKind::Adam);
        embedlab::core::AdamOptions adam;
        adam.lr = 0.1;
        training->setAdamOptions(adam);
        for (int i = 0; i < 3; ++i)
            QVERIFY2(training->step(), qPrintable(training->errorMessage()));
    } else if (how.endsWith(QLatin1String("sgd"))) {
        training->setOptimizerKind(TrainingPanel::OptimizerKind::Sgd);
        embedlab::core::SGDOptions sgd;
        sgd.lr = 0.5;
        training->setSgdOptions(sgd);
        QVERIFY2(training->step(), qPrintable(training->errorMessage()));
    } else if (how == QLatin1String("untie-reinit")) {
        lab->setTied(true);
        lab->untie(embedlab::core::TiedModel::UntieMode::Reinitialize);
    } else {
        auto matrix = std::make_shared<embedlab::core::Parameter>(embedlab::core::Shape{6, 4});
        for (embedlab::core::Index i = 0; i < matrix->numel(); ++i)
            matrix->value().data()[i] = float(i) * 0.25f - 2.0f;
        lab->loadMatrix(matrix, m_dir.filePath(QStringLiteral("head.npy")), QStringLiteral("head"),
                        Lab::LoadRole::LmHead, false);
    }
    QTRY_VERIFY(!lab->isBusy());
    QVERIFY(m_classroom->weightsEdited());
    QCOMPARE(lab->isTied(), how == QLatin1String("tied-sgd"));
    const auto before = parametersOf(lab);
    QCOMPARE(before.keys(), stored);

    const QString file = m_dir.filePath(QStringLiteral("edited-%1.embedlab").arg(how));
    QCOMPARE(m_classroom->saveSession(file), QString());
    QString error;
    const auto saved = SessionFile::read(file, &error);
    QVERIFY2(saved, qPrintable(error));
    QCOMPARE(saved->weightFiles.keys(), stored);
    for (const QString &name : stored)
        QVERIFY2(QFile::exists(m_dir.filePath(saved->weightFiles.value(name))), qPrintable(name));

    // A fresh window that never saw these values.
    m_window = std::make_unique<MainWindow>();
    m_classroom = m_window->sessions();
    Lab *fresh = m_window->lab();
    QCOMPARE(m_classroom->openSession(file), QString());
    QTRY_VERIFY(!fresh->isBusy());
    const auto after = parametersOf(fresh);
    QCOMPARE(after.keys(), before.keys());
    for (const QString &name : before.keys())
        QVERIFY2(sameBits(*after.value(name), *before.value(name)), qPrintable(name));
    QCOMPARE(fresh->isTied(), how == QLatin1String("tied-sgd"));
    // Saving the reopened session again stores the same values under the same names.
    QCOMPARE(m_classroom->saveSession(file), QString());
    QCOMPARE(SessionFile::read(file, &error)->weightFiles, saved->weightFiles);
}

void TestSessionFile::versionOneSessionsStillOpen()
{
    // Written by the first EmbedLab with sessions: embedding.weight only, under the old key.
    embedlab::core::Parameter stored({4, 5});
    for (embedlab::core::Index i = 0; i < stored.value().size(); ++i)
        stored.value().data()[i] = 0.5f - float(i) / 8.0f;
    embedlab::core::writeNpy(m_dir.filePath(QStringLiteral("v1.embedding-abc.npy")).toStdString(),
                             stored.value().data(), stored.shape());
    const QString file = m_dir.filePath(QStringLiteral("v1.embedlab"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("{\"format\": \"embedlab-session\", \"version\": 1, \"ids\": \"3, 0\", \"model\": "
            "{\"num_embeddings\": 4, \"embedding_dim\": 5, \"seed\": 8, \"tied\": false, "
            "\"inits\": [], \"embedding_weight_npy\": \"v1.embedding-abc.npy\"}, "
            "\"view\": {\"color_map\": \"RdBu\"}}");
    f.close();
    Lab *lab = m_window->lab();
    QCOMPARE(m_classroom->openSession(file), QString());
    QTRY_VERIFY(!lab->isBusy());
    QVERIFY(sameBits(*lab->embeddingWeight(), stored));
    QCOMPARE(lab->idsText(), QStringLiteral("3, 0"));
    // lm_head was not stored: it is what seed 8 regenerates.
    Lab reference;
    Lab::Config config = reference.config();
    config.seed = 8;
    reference.setConfig(config);
    QTRY_VERIFY(!reference.isBusy());
    QVERIFY(sameBits(*lab->lmHeadWeight(), *reference.lmHeadWeight()));
}

void TestSessionFile::damagedOrNewerLeaveTheStateUntouched_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("messagePart");
    // Written as "beside.npy" next to the session when not empty.
    QTest::addColumn<QByteArray>("beside");
    QTest::newRow("garbage") << QByteArray("\x00\x01 not json {") << "damaged" << QByteArray();
    QTest::newRow("truncated") << QByteArray("{\"format\": \"embedlab-session\", \"version\": 1, \"mod")
                               << "damaged" << QByteArray();
    QTest::newRow("not a session") << QByteArray("{\"hello\": 1}") << "not an EmbedLab session"
                                   << QByteArray();
    QTest::newRow("newer") << QByteArray("{\"format\": \"embedlab-session\", \"version\": 99, \"model\": {}}")
                           << "newer" << QByteArray();
    QTest::newRow("negative size")
        << QByteArray("{\"format\": \"embedlab-session\", \"version\": 1, \"ids\": \"1\", \"model\": "
                      "{\"num_embeddings\": -4, \"embedding_dim\": 5, \"seed\": 1}}")
        << "damaged" << QByteArray();
    QTest::newRow("bad init")
        << QByteArray("{\"format\": \"embedlab-session\", \"version\": 1, \"ids\": \"1\", \"model\": "
                      "{\"num_embeddings\": 4, \"embedding_dim\": 5, \"seed\": 1, \"inits\": "
                      "[{\"parameter\": \"embedding.weight\", \"spec\": \"nosuch\"}]}}")
        << "nosuch" << QByteArray();
    QTest::newRow("missing weights")
        << QByteArray("{\"format\": \"embedlab-session\", \"version\": 1, \"ids\": \"1\", \"model\": "
                      "{\"num_embeddings\": 4, \"embedding_dim\": 5, \"seed\": 1, \"embedding_weight_npy\": "
                      "\"gone.npy\"}}")
        << "gone.npy" << QByteArray();
    const QByteArray untied(
        "{\"format\": \"embedlab-session\", \"version\": 2, \"ids\": \"1\", \"model\": "
        "{\"num_embeddings\": 4, \"embedding_dim\": 5, \"seed\": 1, \"lm_head_bias\": true, ");
    QTest::newRow("missing lm_head weights") << untied + "\"lm_head_weight_npy\": \"gone-head.npy\"}}"
                                             << "gone-head.npy" << QByteArray();
    QTest::newRow("damaged lm_head bias") << untied + "\"lm_head_bias_npy\": \"beside.npy\"}}"
                                          << "damaged" << QByteArray("\x93NUMPY\x01\x00 broken");
    QTest::newRow("lm_head weights of the wrong shape")
        << untied + "\"embedding_weight_npy\": \"ok.npy\", \"lm_head_weight_npy\": \"beside.npy\"}}"
        << "shape of lm_head.weight" << npy({5, 4});
    QTest::newRow("lm_head weights of a tied model")
        << QByteArray("{\"format\": \"embedlab-session\", \"version\": 2, \"ids\": \"1\", \"model\": "
                      "{\"num_embeddings\": 4, \"embedding_dim\": 5, \"seed\": 1, \"tied\": true, "
                      "\"lm_head_weight_npy\": \"beside.npy\"}}")
        << "lm_head.weight" << npy({4, 5});
    QTest::newRow("fit run outside the session's folder")
        << QByteArray("{\"format\": \"embedlab-session\", \"version\": 1, \"ids\": \"1\", \"model\": "
                      "{\"num_embeddings\": 4, \"embedding_dim\": 5, \"seed\": 1}, \"fit_run\": \"/tmp/x\"}")
        << "beside the session" << QByteArray();
    QTest::newRow("weights outside the session's folder")
        << untied + "\"lm_head_weight_npy\": \"../beside.npy\"}}"
        << "beside the session" << npy({4, 5});
}

void TestSessionFile::damagedOrNewerLeaveTheStateUntouched()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, messagePart);
    QFETCH(QByteArray, beside);
    const QString file = m_dir.filePath(QStringLiteral("bad.embedlab"));
    QFile::remove(m_dir.filePath(QStringLiteral("beside.npy")));
    if (!beside.isEmpty()) {
        QFile npyFile(m_dir.filePath(QStringLiteral("beside.npy")));
        QVERIFY(npyFile.open(QIODevice::WriteOnly));
        npyFile.write(beside);
    }
    {
        // A good embedding.weight, so that only the part under test is wrong.
        embedlab::core::Parameter ok({4, 5});
        embedlab::core::writeNpy(m_dir.filePath(QStringLiteral("ok.npy")).toStdString(), ok.value().data(),
                                 ok.shape());
    }
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
    f.close();
    Lab *lab = m_window->lab();
    QVERIFY(lab->setIdsText(QStringLiteral("3, 3")));
    const SessionFile::Session before = m_classroom->captureSession();
    const auto parameters = parametersOf(lab);
    const QList<Lab::Operation> history = lab->history();
    const QString error = m_classroom->openSession(file);
    QVERIFY2(error.contains(messagePart, Qt::CaseInsensitive), qPrintable(error));
    QVERIFY(!error.contains(QLatin1Char('\n')));
    QVERIFY(m_classroom->captureSession() == before);
    const auto now = parametersOf(lab);
    QCOMPARE(now.keys(), parameters.keys());
    for (const QString &name : parameters.keys())
        QVERIFY2(sameBits(*now.value(name), *parameters.value(name)), qPrintable(name));
    QVERIFY(lab->history() == history);
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

void TestSessionFile::tokenizerRoundTrips()
{
    // Issue #14: a session remembers the tokenizer its rows belong to (GPT-2's embedded one here).
    Lab *lab = m_window->lab();
    lab->setVocabulary(embedlab::ui::Vocabulary::gpt2());
    QVERIFY(lab->vocabulary().isKnown());
    SessionFile::Session s = m_classroom->captureSession();
    QCOMPARE(s.tokenizer, QLatin1String(embedlab::ui::Vocabulary::kGpt2Source));
    const QJsonObject json = SessionFile::toJson(s);
    QCOMPARE(json.value(QStringLiteral("tokenizer")).toString(), s.tokenizer);
    QString error;
    const std::optional<SessionFile::Session> back = SessionFile::fromJson(json, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->tokenizer, s.tokenizer);

    const QString file = m_dir.filePath(QStringLiteral("tokens.embedlab"));
    QCOMPARE(m_classroom->saveSession(file), QString());
    lab->setVocabulary({});
    QCOMPARE(m_classroom->openSession(file), QString());
    QTRY_VERIFY(!lab->isBusy());
    QCOMPARE(lab->vocabulary(), embedlab::ui::Vocabulary::gpt2());

    // A tokenizer file that went missing: the session still opens, without tokens, and says why.
    s.tokenizer = m_dir.filePath(QStringLiteral("gone/tokenizer.json"));
    QCOMPARE(SessionFile::write(file, s), QString());
    QSignalSpy notice(lab, &Lab::notice);
    QCOMPARE(m_classroom->openSession(file), QString());
    QVERIFY(!lab->vocabulary().isKnown());
    QVERIFY(!notice.isEmpty());
    QVERIFY2(notice.constLast().at(0).toString().contains(QStringLiteral("gone/tokenizer.json")),
             qPrintable(notice.constLast().at(0).toString()));
}

void TestSessionFile::sessionsWithoutATokenizerStillOpen()
{
    // Sessions saved before tokenizers existed have no "tokenizer": they open with none, and a
    // session without one is written without the key, as before.
    QJsonObject json = SessionFile::toJson(sample());
    QVERIFY(!json.contains(QStringLiteral("tokenizer")));
    QString error;
    const std::optional<SessionFile::Session> s = SessionFile::fromJson(json, &error);
    QVERIFY2(s, qPrintable(error));
    QVERIFY(s->tokenizer.isEmpty());
    json.insert(QStringLiteral("tokenizer"), 3);
    QVERIFY(!SessionFile::fromJson(json, &error));
    QVERIFY2(error.contains(QStringLiteral("tokenizer")), qPrintable(error));
}

// Issue #16 item 9: after training, the code panel holds the steps; a saved session reopens with the
// same code and the same Output, not loads of the stored files. Sessions without it still open.
void TestSessionFile::trainingCodeRoundTrips()
{
    Lab *lab = m_window->lab();
    const embedlab::ui::CodePanel *code = m_window->codePanel();
    QVERIFY(m_window->trainingPanel()->step());
    QVERIFY(m_window->trainingPanel()->step());
    QTRY_VERIFY(!lab->isBusy() && !code->isFormatting());
    const QString codeText = code->codeText();
    const QString output = code->outputText();
    QCOMPARE(codeText.count(QStringLiteral("optimizer.step()")), 2);
    const auto trained = parametersOf(lab);
    const QString file = m_dir.filePath(QStringLiteral("trained.embedlab"));
    QCOMPARE(m_classroom->saveSession(file), QString());

    lab->applyPreset(Lab::Preset::Reference);
    lab->setSeed(9);
    QTRY_VERIFY(!lab->isBusy() && !code->isFormatting());
    QVERIFY(code->codeText() != codeText);
    QCOMPARE(m_classroom->openSession(file), QString());
    QTRY_VERIFY(!lab->isBusy());
    QTRY_COMPARE(code->codeText(), codeText);
    QTRY_VERIFY(!code->isFormatting());
    QTRY_COMPARE(code->outputText(), output);
    QVERIFY(sameBits(*lab->embeddingWeight(), *trained.value(QStringLiteral("embedding.weight"))));
    QCOMPARE(lab->history().size(), 2);
    QVERIFY(m_classroom->weightsEdited()); // a later save stores the weights again

    // Saved before the history was kept (same directory, same .npy files beside it): the same
    // values, shown as loads of the stored files.
    QFile json(file);
    QVERIFY(json.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(json.readAll()).object();
    json.close();
    QVERIFY(root.contains(QStringLiteral("history")));
    root.remove(QStringLiteral("history"));
    const QString old = m_dir.filePath(QStringLiteral("trained-old.embedlab"));
    QFile oldFile(old);
    QVERIFY(oldFile.open(QIODevice::WriteOnly));
    oldFile.write(QJsonDocument(root).toJson());
    oldFile.close();
    lab->applyPreset(Lab::Preset::Reference);
    QCOMPARE(m_classroom->openSession(old), QString());
    QTRY_VERIFY(!lab->isBusy());
    QTRY_VERIFY(code->codeText().contains(QStringLiteral("as the session stored it")));
    QVERIFY(sameBits(*lab->embeddingWeight(), *trained.value(QStringLiteral("embedding.weight"))));
}

QTEST_MAIN(TestSessionFile)
#include "tst_sessionfile.moc"
