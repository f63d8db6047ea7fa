// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue "Reliability", "Nothing lost": the app restores the last state after being killed. This
// starts the real embedlab binary (offscreen, with a home and XDG folders of its own), opens a
// session that is far from the defaults, waits for the crash-recovery autosave, kills the app with
// SIGKILL, starts it again and has it write what it restored (--dump-session), then compares.
#include "ui/model/SessionFile.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using embedlab::ui::Lab;
using embedlab::ui::SessionFile;

class TestRecoveryKill : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void killedAppRestoresItsState();
    void cleanExitLeavesNothingToRestore();

private:
    QProcessEnvironment environment() const;
    QString findFile(const QString &name) const;
    /// Runs the app until it wrote `dump` and exited; its restored session, or nothing.
    std::optional<SessionFile::Session> restoredSession(const QString &dump);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestRecoveryKill::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QProcessEnvironment TestRecoveryKill::environment() const
{
    // Everything the app reads or writes stays in the temporary folder: settings, the recovery
    // marker and autosave, the file dialogs' history.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString root = m_dir->path();
    for (const char *name : {"home", "config", "data", "cache", "runtime"})
        QDir(root).mkpath(QString::fromLatin1(name));
    QFile::setPermissions(root + QStringLiteral("/runtime"),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    env.insert(QStringLiteral("HOME"), root + QStringLiteral("/home"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), root + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), root + QStringLiteral("/data"));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), root + QStringLiteral("/cache"));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), root + QStringLiteral("/runtime"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.remove(QStringLiteral("EMBEDLAB_NO_RECOVERY"));
    return env;
}

QString TestRecoveryKill::findFile(const QString &name) const
{
    QDirIterator it(m_dir->path() + QStringLiteral("/data"), {name}, QDir::Files,
                    QDirIterator::Subdirectories);
    return it.hasNext() ? it.next() : QString();
}

std::optional<SessionFile::Session> TestRecoveryKill::restoredSession(const QString &dump)
{
    QProcess app;
    app.setProcessEnvironment(environment());
    app.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    app.start(QStringLiteral(EMBEDLAB_GUI_PATH), {QStringLiteral("--dump-session"), dump});
    if (!app.waitForStarted(30000) || !app.waitForFinished(120000) ||
        app.exitStatus() != QProcess::NormalExit || app.exitCode() != 0) {
        qWarning("embedlab --dump-session: exit %d, %s", app.exitCode(), qPrintable(app.errorString()));
        return std::nullopt;
    }
    QString error;
    std::optional<SessionFile::Session> session = SessionFile::read(dump, &error);
    if (!session)
        qWarning("the dumped session does not read: %s", qPrintable(error));
    return session;
}

void TestRecoveryKill::killedAppRestoresItsState()
{
    // A state far from the defaults (the reference preset is 4 x 5, untied, seed 123, RdBu).
    SessionFile::Session wanted;
    wanted.config.numEmbeddings = 7;
    wanted.config.embeddingDim = 3;
    wanted.config.seed = 42;
    wanted.config.tied = true;
    wanted.config.paddingIdx = 2;
    wanted.idsText = QStringLiteral("6, 0, 3, 3");
    wanted.view.colorMap = QStringLiteral("viridis");
    const QString sessionFile = m_dir->filePath(QStringLiteral("lesson.embedlab"));
    QCOMPARE(SessionFile::write(sessionFile, wanted), QString());

    QProcess app;
    app.setProcessEnvironment(environment());
    app.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    app.start(QStringLiteral(EMBEDLAB_GUI_PATH), {sessionFile});
    QVERIFY2(app.waitForStarted(30000), qPrintable(app.errorString()));

    // The app autosaves every change after a short debounce; wait until it saved this state.
    QElapsedTimer waited;
    waited.start();
    bool saved = false;
    while (!saved && waited.elapsed() < 60000 && app.state() == QProcess::Running) {
        QTest::qWait(100);
        const QString autosave = findFile(QStringLiteral("autosave.embedlab"));
        QString error;
        const std::optional<SessionFile::Session> s =
            autosave.isEmpty() ? std::nullopt : SessionFile::read(autosave, &error);
        saved = s && s->config == wanted.config && s->idsText == wanted.idsText &&
                s->view.colorMap == wanted.view.colorMap;
    }
    QVERIFY2(app.state() == QProcess::Running, "the app exited on its own");
    QVERIFY2(saved, "no autosave of the opened session within 60 s");
    QVERIFY(!findFile(QStringLiteral("running.marker")).isEmpty());

    app.kill(); // SIGKILL: no destructor, no clean-up runs
    QVERIFY(app.waitForFinished(30000));
    QCOMPARE(app.exitStatus(), QProcess::CrashExit);
    QVERIFY2(!findFile(QStringLiteral("running.marker")).isEmpty(), "the marker must survive a kill");

    const std::optional<SessionFile::Session> restored =
        restoredSession(m_dir->filePath(QStringLiteral("restored.embedlab")));
    QVERIFY(restored);
    QCOMPARE(restored->config.numEmbeddings, wanted.config.numEmbeddings);
    QCOMPARE(restored->config.embeddingDim, wanted.config.embeddingDim);
    QCOMPARE(restored->config.seed, wanted.config.seed);
    QCOMPARE(restored->config.tied, wanted.config.tied);
    QCOMPARE(restored->config.paddingIdx, wanted.config.paddingIdx);
    QVERIFY(restored->config == wanted.config);
    QCOMPARE(restored->idsText, wanted.idsText);
    QCOMPARE(restored->view.colorMap, wanted.view.colorMap);
    // That run ended cleanly: nothing is left to restore.
    QVERIFY(findFile(QStringLiteral("running.marker")).isEmpty());
    QVERIFY(findFile(QStringLiteral("autosave.embedlab")).isEmpty());
}

void TestRecoveryKill::cleanExitLeavesNothingToRestore()
{
    // Without a crash the app starts from its defaults.
    const std::optional<SessionFile::Session> first =
        restoredSession(m_dir->filePath(QStringLiteral("a.embedlab")));
    QVERIFY(first);
    QVERIFY(first->config == Lab::presetConfig(Lab::Preset::Reference));
    QVERIFY(findFile(QStringLiteral("running.marker")).isEmpty());
}

QTEST_GUILESS_MAIN(TestRecoveryKill)
#include "tst_recovery_kill.moc"
