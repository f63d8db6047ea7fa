// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue "Reliability": a seeded soak test. It drives the real MainWindow offscreen through thousands
// of random user actions (QActions found by objectName, the layer panel's spin boxes, the ids field,
// keys, dialogs answered with temporary or damaged files) and after each one checks what must always
// hold: tied means one storage, the parameter count matches its formula, the heatmaps show the
// model's matrices, the printed tensors parse, no exception escaped and the UI thread never blocked.
//
// A block over the budget fails when it recurs in the same kind of action or exceeds four times the
// budget (StallLedger). EMBEDLAB_SEED=N replays a run, EMBEDLAB_SOAK_ACTIONS=N changes the number of actions,
// EMBEDLAB_SOAK_BUDGET_MS the longest the UI thread may block, EMBEDLAB_SOAK_GPT2 how many times
// the GPT-2 preset is built (3, 1 under ASan), EMBEDLAB_SOAK_VERBOSE=1 prints every action.
#include "common/Files.h"
#include "common/Seed.h"
#include "common/TestSettings.h"
#include "core/format/TensorFormat.h"
#include "core/io/NpyWriter.h"
#include "core/tensor/Error.h"
#include "core/tensor/Parameter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/model/Lab.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/CodePanel.h"
#include "ui/window/MainWindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <exception>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <set>

using embedlab::ui::HeatmapView;
using embedlab::ui::Lab;
using embedlab::ui::MainWindow;
namespace core = embedlab::core;

#if defined(__SANITIZE_ADDRESS__)
#define EMBEDLAB_SOAK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EMBEDLAB_SOAK_ASAN 1
#endif
#endif
#ifdef EMBEDLAB_SOAK_ASAN
constexpr bool kAsan = true;
#else
constexpr bool kAsan = false;
#endif

namespace {

// Exceptions must never cross the event loop; this application records any that do instead of
// letting Qt terminate, so the soak test can name the action that threw.
class SoakApplication : public QApplication {
public:
    using QApplication::QApplication;
    bool notify(QObject *receiver, QEvent *event) override
    {
        try {
            return QApplication::notify(receiver, event);
        } catch (const std::exception &e) {
            escaped << QStringLiteral("%1 (event %2 to %3)")
                           .arg(QString::fromUtf8(e.what()))
                           .arg(int(event->type()))
                           .arg(receiver->objectName());
        } catch (...) {
            escaped << QStringLiteral("non-std exception (event %1)").arg(int(event->type()));
        }
        return false;
    }
    QStringList escaped;
};

SoakApplication *soakApp()
{
    return static_cast<SoakApplication *>(QCoreApplication::instance());
}

// Time the UI thread spent running or blocked, as opposed to waiting for a CPU that other
// processes were using: the soak test runs on shared 2-core machines, and only a block that is
// ours may fail it.
struct SchedStat {
    qint64 runNs = 0;
    qint64 waitNs = 0;
};

QString g_schedPath;

SchedStat readSchedStat()
{
    SchedStat s;
    if (g_schedPath.isEmpty())
        return s;
    std::ifstream in(g_schedPath.toStdString());
    long long run = 0;
    long long wait = 0;
    if (in >> run >> wait) {
        s.runNs = run;
        s.waitNs = wait;
    }
    return s;
}

// Fires every 10 ms on the UI thread; a long gap between two beats is a UI thread that did not
// get back to the event loop.
class Heartbeat : public QObject {
public:
    explicit Heartbeat(std::function<bool()> busyShown)
        : m_busyShown(std::move(busyShown))
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(10);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] { beat(); });
        m_clock.start();
        reset();
        m_timer.start();
    }
    void reset()
    {
        m_last = m_clock.nsecsElapsed();
        m_lastStat = readSchedStat();
        m_lastBusy = m_busyShown();
        worstMs = 0;
        worstExcusedMs = 0;
    }
    void beat()
    {
        const qint64 now = m_clock.nsecsElapsed();
        const SchedStat stat = readSchedStat();
        const bool busy = m_busyShown();
        const double wallMs = double(now - m_last) / 1e6;
        const double queuedMs = double(stat.waitNs - m_lastStat.waitNs) / 1e6;
        const double ranMs = double(stat.runNs - m_lastStat.runNs) / 1e6;
        // What the UI thread itself ran counts in full. Time it slept inside a handler (on a lock,
        // or on Qt's paint helpers that wait for pool threads the machine is busy running) counts
        // at half: on a loaded 2-core machine those waits are mostly other processes' doing, but
        // a real stall (a pool kept busy by our own jobs) still shows.
        const double sleptMs = std::max(0.0, wallMs - std::max(0.0, queuedMs) - std::max(0.0, ranMs));
        const double blockedMs = g_schedPath.isEmpty() ? std::max(0.0, wallMs - std::max(0.0, queuedMs))
                                                       : std::max(0.0, ranMs) + sleptMs / 2;
        if (busy || m_lastBusy)
            worstExcusedMs = std::max(worstExcusedMs, blockedMs);
        else
            worstMs = std::max(worstMs, blockedMs);
        m_last = now;
        m_lastStat = stat;
        m_lastBusy = busy;
    }
    double worstMs = 0;        // longest block with no busy indication shown
    double worstExcusedMs = 0; // longest block while the busy indication was shown

private:
    std::function<bool()> m_busyShown;
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    SchedStat m_lastStat;
    bool m_lastBusy = false;
};

// Splits the code panel's output into the printed tensors (each starts at "Parameter containing:"
// or "tensor(" and ends where its parentheses balance).
QStringList printedTensors(const QString &output)
{
    QStringList blocks;
    QString current;
    int depth = 0;
    bool inTensor = false;
    bool pendingParameter = false;
    for (const QString &line : output.split(QLatin1Char('\n'))) {
        if (!inTensor) {
            if (line == QStringLiteral("Parameter containing:")) {
                pendingParameter = true;
                continue;
            }
            if (!line.startsWith(QStringLiteral("tensor("))) {
                pendingParameter = false;
                continue;
            }
            inTensor = true;
            depth = 0;
            current = pendingParameter ? QStringLiteral("Parameter containing:\n") : QString();
            pendingParameter = false;
        } else {
            current += QLatin1Char('\n');
        }
        current += line;
        depth += int(line.count(QLatin1Char('('))) - int(line.count(QLatin1Char(')')));
        if (depth <= 0) {
            blocks << current;
            inTensor = false;
        }
    }
    if (inTensor)
        blocks << current; // unbalanced: parsing it will fail and say so
    return blocks;
}

// A /proc/self/status field in MiB (VmRSS now, VmHWM the peak so far).
double statusMiB(const char *field)
{
    std::ifstream in("/proc/self/status");
    std::string key;
    while (in >> key) {
        long long kib = 0;
        if (key == std::string(field) + ":" && in >> kib)
            return double(kib) / 1024.0;
        in.ignore(1 << 20, '\n');
    }
    return -1;
}

bool shapeMatches(const core::Shape &printed, const core::Shape &expected)
{
    if (printed.size() != expected.size())
        return false;
    for (std::size_t i = 0; i < printed.size(); ++i) {
        if (printed[i] != -1 && printed[i] != expected[i])
            return false;
    }
    return true;
}

QString shapeText(const core::Shape &s)
{
    QStringList parts;
    for (core::Index d : s)
        parts << QString::number(d);
    return QStringLiteral("[%1]").arg(parts.join(QStringLiteral(", ")));
}

// Decides which UI-thread blocks fail the soak. The machines are shared: one block over the budget
// can be another process taking the core or the disk at that moment, and the same action then runs
// well within it dozens of times. A block is ours when it recurs (a second one in an action of the
// same kind) or when it is far beyond any scheduling hiccup (kHardFactor times the budget).
class StallLedger {
public:
    static constexpr double kHardFactor = 4.0;

    explicit StallLedger(double budgetMs)
        : m_budgetMs(budgetMs)
    {}

    /// Records the longest block of one action of `kind`; true when it fails the soak.
    bool fails(const QString &kind, double blockedMs)
    {
        if (blockedMs <= m_budgetMs)
            return false;
        if (blockedMs > kHardFactor * m_budgetMs || m_overBudget.contains(kind))
            return true;
        m_overBudget.insert(kind);
        std::printf("soak: %s blocked the UI thread once for %.0f ms (budget %.0f ms); a second time fails\n",
                    qPrintable(kind), blockedMs, m_budgetMs);
        return false;
    }

private:
    double m_budgetMs;
    QSet<QString> m_overBudget;
};

} // namespace

class TestSoak : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void soak();
    void cleanupTestCase();

private:
    using Action = std::function<QString()>; // returns what it did, or an empty string if skipped
    struct Entry {
        QString name;
        int weight;
        Action run;
    };

    void buildActions();
    void writeDamagedFiles();
    void answerDialogs();
    void answerLater(QWidget *target, std::function<void()> answer);
    bool progressCancels(QProgressDialog *progress);
    bool waitIdle(int timeoutMs);
    QString checkInvariants();
    void note(const QString &what);

    // Helpers that pick hostile and friendly values.
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }
    bool chance(double p) { return std::bernoulli_distribution(p)(m_rng); }
    // Dialogs are answered from a timer, at moments that depend on the machine's speed: they draw
    // from their own generator, so the actions a seed picks replay exactly.
    int dialogPick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_dialogRng); }
    bool dialogChance(double p) { return std::bernoulli_distribution(p)(m_dialogRng); }
    QString idsText();
    QString numberText();
    bool sizeIsSafe(qint64 v, qint64 d) const;
    QString setSize(const QString &which);
    QString triggerAction(const QString &name);
    QString gpt2Episode();
    QString labHostileConfig();
    QString pokeWidget();
    QString pressKey();
    QLineEdit *idsEdit() const;

    std::mt19937_64 m_rng;
    std::mt19937_64 m_dialogRng;
    quint64 m_seed = 0;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QTemporaryDir> m_dir;
    QStringList m_damagedFiles;
    QStringList m_saveTargets;
    std::vector<Entry> m_entries;
    std::set<QString> m_skipped;
    std::map<QString, int> m_counts;
    std::deque<QString> m_history;
    QTimer m_dialogTimer;
    int m_dialogAttempts = 0;
    QPointer<QWidget> m_answering;            // the dialog whose answer is queued
    QPointer<QProgressDialog> m_progressSeen; // the progress dialog decided about, and the decision
    bool m_progressCancel = false;
    int m_dialogsAnswered = 0;
    int m_gpt2Builds = 0;
    int m_gpt2Budget = 3;
    qint64 m_safeElements = 1 << 20;
    double m_budgetMs = 200;
    bool m_inGpt2 = false;
    Heartbeat *m_heartbeat = nullptr;
    std::unique_ptr<StallLedger> m_stalls;
    QString m_episodeFailure; // a sub-step of a composite action that blocked the UI thread
};

void TestSoak::initTestCase()
{
    embedlab::testing::resetAppSettings();
    g_schedPath = QStringLiteral("/proc/self/task/%1/schedstat").arg(long(syscall(SYS_gettid)));
    if (!QFile::exists(g_schedPath))
        g_schedPath.clear();

    bool ok = false;
    m_seed = embedlab::testing::testSeed("soak");
    m_rng.seed(m_seed);
    m_dialogRng.seed(m_seed ^ 0x9e3779b97f4a7c15ULL);
    const double budget = qEnvironmentVariable("EMBEDLAB_SOAK_BUDGET_MS").toDouble(&ok);
    // Under ASan every instruction costs two to five times more; the bound scales with it.
    m_budgetMs = ok && budget > 0 ? budget : (kAsan ? 800.0 : 200.0);
    m_stalls = std::make_unique<StallLedger>(m_budgetMs);
    const int gpt2 = qEnvironmentVariable("EMBEDLAB_SOAK_GPT2").toInt(&ok);
    m_gpt2Budget = ok && gpt2 >= 0 ? gpt2 : (kAsan ? 1 : 3); // GPT-2 builds per run (154 MB each)

    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    writeDamagedFiles();

    m_window = std::make_unique<MainWindow>();
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(waitIdle(60000));

    // Modal dialogs (file dialogs, warnings, preferences) are answered as a hurried user would.
    m_dialogTimer.setInterval(30);
    connect(&m_dialogTimer, &QTimer::timeout, this, &TestSoak::answerDialogs);
    m_dialogTimer.start();
    buildActions();
}

void TestSoak::cleanupTestCase()
{
    m_dialogTimer.stop();
    m_window.reset();
}

void TestSoak::writeDamagedFiles()
{
    const QString d = m_dir->path();
    auto write = [&](const QString &name, const QByteArray &bytes) {
        m_damagedFiles << d + QLatin1Char('/') + name;
        if (!embedlab::testing::writeFile(m_damagedFiles.last(), bytes))
            qWarning("soak: cannot write %s", qPrintable(m_damagedFiles.last()));
    };
    write(QStringLiteral("empty.embedlab"), {});
    write(QStringLiteral("garbage.embedlab"), QByteArray(4096, '\xff'));
    write(QStringLiteral("truncated.embedlab"),
          "{\"format\": \"embedlab-session\", \"version\": 1, \"config\": {\"num");
    write(QStringLiteral("absurd.embedlab"),
          "{\"format\": \"embedlab-session\", \"version\": 1, \"config\": {\"num_embeddings\": 1000000000, "
          "\"embedding_dim\": 1000000000, \"numEmbeddings\": 1000000000, \"embeddingDim\": 1000000000, "
          "\"seed\": -1, \"tied\": \"yes\"}, \"ids\": \"[[[[\"}");
    write(
        QStringLiteral("negative.embedlab"),
        "{\"version\": 99, \"config\": {\"num_embeddings\": -4, \"embedding_dim\": 0, \"numEmbeddings\": -4, "
        "\"embeddingDim\": 0, \"max_norm\": NaN}}");
    write(QStringLiteral("png.npy"), QByteArray("\x89PNG\r\n\x1a\n", 8) + QByteArray(200, 'x'));
    // The header says 0x76 bytes follow; the file ends in the middle of them.
    static const char truncatedNpy[] = "\x93NUMPY\x01\x00\x76\x00{'descr': '<f4', 'fortran_order': False, "
                                       "'shape': (1000000000, 768), }";
    write(QStringLiteral("truncated.npy"), QByteArray(truncatedNpy, sizeof truncatedNpy - 1));
    QByteArray huge("\x93NUMPY\x01\x00", 8);
    QByteArray header("{'descr': '<f4', 'fortran_order': False, 'shape': (1000000000, 768), }");
    header.append(QByteArray(118 - header.size() - 1, ' ')).append('\n');
    huge.append(char(header.size() & 0xff))
        .append(char(header.size() >> 8))
        .append(header)
        .append(QByteArray(64, '\0'));
    write(QStringLiteral("huge_shape.npy"), huge);
    write(QStringLiteral("empty.safetensors"), {});
    write(QStringLiteral("bad_header.safetensors"), QByteArray("\xff\xff\xff\xff\xff\xff\xff\x7f{}", 10));
    write(QStringLiteral("bad.gguf"), QByteArray("GGUF\x03\x00\x00\x00", 8) + QByteArray(16, '\xff'));
    write(QStringLiteral("text.gguf"), "this is not a gguf file\n");
    // A few that are what they say, so open paths that succeed are exercised too.
    const float small[] = {0.1f, -0.2f, 0.3f,  0.4f, -0.5f, 0.6f, 0.7f, -0.8f, 0.9f, 1.0f,
                           1.1f, 1.2f,  -1.3f, 1.4f, 1.5f,  1.6f, 1.7f, 1.8f,  1.9f, -2.0f};
    const QString valid = d + QStringLiteral("/valid_4x5.npy");
    core::writeNpy(valid.toStdString(), small, {4, 5});
    m_damagedFiles << valid;
    const QString nanFile = d + QStringLiteral("/nan_4x5.npy");
    float specials[20];
    for (int i = 0; i < 20; ++i)
        specials[i] = i % 3 == 0 ? std::numeric_limits<float>::quiet_NaN()
                                 : (i % 3 == 1 ? std::numeric_limits<float>::infinity() : -1e38f);
    core::writeNpy(nanFile.toStdString(), specials, {4, 5});
    m_damagedFiles << nanFile;
    const QString golden =
        QStringLiteral(EMBEDLAB_GOLDEN_DIR) + QStringLiteral("/formats/tied_alias.safetensors");
    if (QFile::exists(golden))
        m_damagedFiles << golden;
    QDir(d).mkdir(QStringLiteral("directory.npy"));
    m_damagedFiles << d + QStringLiteral("/directory.npy");
    m_damagedFiles << d + QStringLiteral("/missing.embedlab");

    m_saveTargets << d + QStringLiteral("/out.png") << d + QStringLiteral("/out.svg")
                  << d + QStringLiteral("/out.embedlab") << d + QStringLiteral("/weights.npy")
                  << d + QStringLiteral("/out")
                  << d + QStringLiteral("/no/such/folder/out.png")
                  // Under a regular file (ENOTDIR): unwritable even for root. Not a path in /proc: a
                  // file dialog that visits /proc sniffs the MIME type of files whose read() blocks.
                  << d + QStringLiteral("/valid_4x5.npy/out.png") << d + QStringLiteral("/directory.npy");
}

void TestSoak::answerDialogs()
{
    if (QWidget *popup = QApplication::activePopupWidget()) {
        // A menu a tool button opened (QMenu::exec): a user picks nothing and clicks elsewhere.
        note(QStringLiteral("  popup '%1' closed").arg(popup->objectName()));
        answerLater(popup, [popup] { popup->close(); });
        return;
    }
    QWidget *modal = QApplication::activeModalWidget();
    if (!modal) {
        // Non-modal message boxes would pile up over thousands of actions; a dialog that is in
        // exec() but not reported as the active modal widget must still be answered.
        for (QWidget *w : QApplication::topLevelWidgets()) {
            if (!w->isVisible())
                continue;
            if (qobject_cast<QMessageBox *>(w))
                w->close();
            else if (auto *dialog = qobject_cast<QDialog *>(w);
                     dialog && dialog->isModal() && !qobject_cast<QProgressDialog *>(w))
                answerLater(dialog, [dialog] { dialog->reject(); });
        }
        m_dialogAttempts = 0;
        return;
    }
    if (modal == m_answering)
        return; // the answer is queued
    if (auto *progress = qobject_cast<QProgressDialog *>(modal)) {
        // A long job in progress: a user waits, or sometimes presses Cancel.
        if (progressCancels(progress)) {
            note(QStringLiteral("  progress '%1' cancelled").arg(progress->labelText()));
            answerLater(progress, [progress] { progress->cancel(); });
            ++m_dialogsAnswered;
        }
        m_dialogAttempts = 0;
        return;
    }
    ++m_dialogsAnswered;
    if (++m_dialogAttempts > 5) {
        // It did not take our answer: close it whatever it is.
        if (auto *dialog = qobject_cast<QDialog *>(modal))
            answerLater(dialog, [dialog] { dialog->reject(); });
        else
            answerLater(modal, [modal] { modal->close(); });
        m_dialogAttempts = 0;
        return;
    }
    if (auto *files = qobject_cast<QFileDialog *>(modal)) {
        if (dialogChance(0.1)) {
            answerLater(files, [files] { files->reject(); });
            return;
        }
        // A folder dialog (frame export) takes the temporary folder: picking a damaged file there
        // would choose the folder holding it, the committed fixtures.
        const QStringList &pool =
            files->acceptMode() == QFileDialog::AcceptSave ? m_saveTargets : m_damagedFiles;
        const QString file = files->fileMode() == QFileDialog::Directory
                                 ? m_dir->path()
                                 : pool.at(dialogPick(int(pool.size())));
        note(QStringLiteral("  dialog '%1' <- %2").arg(files->windowTitle(), file));
        answerLater(files, [files, file] {
            files->selectFile(file);
            static_cast<QDialog *>(files)->accept(); // QFileDialog::accept() is protected
        });
        return;
    }
    if (auto *box = qobject_cast<QMessageBox *>(modal)) {
        const QList<QAbstractButton *> buttons = box->buttons();
        note(QStringLiteral("  message '%1': %2").arg(box->windowTitle(), box->text().left(120)));
        if (!buttons.isEmpty() && dialogChance(0.7)) {
            QAbstractButton *button = buttons.at(dialogPick(int(buttons.size())));
            answerLater(button, [button] { button->click(); });
        } else {
            answerLater(box, [box] { box->reject(); });
        }
        return;
    }
    if (auto *dialog = qobject_cast<QDialog *>(modal)) {
        note(QStringLiteral("  dialog '%1' closed").arg(dialog->windowTitle()));
        if (dialogChance(0.3))
            answerLater(dialog, [dialog] { dialog->accept(); });
        else
            answerLater(dialog, [dialog] { dialog->reject(); });
        return;
    }
    answerLater(modal, [modal] { modal->close(); });
}

bool TestSoak::progressCancels(QProgressDialog *progress)
{
    // One decision per progress dialog (one draw, whatever the machine's speed): one in five is
    // cancelled as soon as it shows.
    if (m_progressSeen != progress) {
        m_progressSeen = progress;
        m_progressCancel = dialogChance(0.2);
    }
    // Only a Cancel button a user can see can be pressed.
    bool hasCancel = false;
    for (const QPushButton *button : progress->findChildren<QPushButton *>())
        hasCancel = hasCancel || button->isVisible();
    if (!hasCancel)
        return false;
    // A long export (200 ids are a 1,000-frame animation) outlasts a user's patience, and the run's
    // time budget: after 30 frames it is cancelled too.
    if (progress->value() >= 30)
        return !progress->wasCanceled();
    return m_progressCancel && !progress->wasCanceled();
}

void TestSoak::answerLater(QWidget *target, std::function<void()> answer)
{
    // Answering can open another dialog (a file dialog's "replace it?", a warning) in a nested
    // exec(). Done from inside this timer's slot, the timer could not fire again to answer that
    // one: Qt does not re-enter a timer whose handler is still running. So answer from the queue.
    m_answering = target->isWindow() ? target : target->window();
    QTimer::singleShot(0, target, [this, answer = std::move(answer)] {
        m_answering = nullptr;
        answer();
    });
}

void TestSoak::note(const QString &what)
{
    m_history.push_back(what);
    if (m_history.size() > 40)
        m_history.pop_front();
    if (qEnvironmentVariableIntValue("EMBEDLAB_SOAK_VERBOSE"))
        std::printf("%s\n", qPrintable(what));
}

bool TestSoak::waitIdle(int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    // Twice in a row: an idle window may still have queued work (a continuation, a debounce).
    int idleStreak = 0;
    while (t.elapsed() < timeoutMs) {
        QTest::qWait(idleStreak ? 1 : 5);
        const bool idle =
            m_window->isIdle() && !m_window->lab()->isBusy() && !QApplication::activeModalWidget();
        idleStreak = idle ? idleStreak + 1 : 0;
        if (idleStreak >= 3)
            return true;
    }
    return false;
}

bool TestSoak::sizeIsSafe(qint64 v, qint64 d) const
{
    // Either small enough to build in moments, or so big that it must be refused before anything
    // is allocated: never a real multi-gigabyte allocation on a machine shared with others.
    if (v <= 0 || d <= 0)
        return true;
    const double bytes = double(v) * double(d) * 4.0;
    return double(v) * double(d) <= double(m_safeElements) ||
           bytes > 2.0 * double(core::availableMemoryBytes());
}

QLineEdit *TestSoak::idsEdit() const
{
    // The window's ids field, not a panel's field of the same name (the training panel has one).
    for (QLineEdit *edit : m_window->findChildren<QLineEdit *>(QStringLiteral("ids"))) {
        bool inPanel = false;
        for (QObject *p = edit->parent(); p && p != m_window.get(); p = p->parent())
            inPanel = inPanel || p->inherits("embedlab::ui::TrainingPanel");
        if (!inPanel)
            return edit;
    }
    return nullptr;
}

QString TestSoak::idsText()
{
    const qint64 v = m_window->lab()->modelConfig().numEmbeddings;
    auto id = [&] {
        return QString::number(std::uniform_int_distribution<qint64>(0, std::max<qint64>(0, v - 1))(m_rng));
    };
    switch (pick(16)) {
    case 0:
        return QStringLiteral("-1");
    case 1:
        return QString::number(v); // one past the end
    case 2:
        return QStringLiteral("abc");
    case 3:
        return QString();
    case 4:
        return QStringLiteral("   ");
    case 5:
        return QStringLiteral("[[%1, %2], [%3, %4]]").arg(id(), id(), id(), id());
    case 6:
        return QStringLiteral("[[%1, %2], [%3]]").arg(id(), id(), id()); // ragged
    case 7:
        return QStringLiteral("99999999999999999999999");
    case 8:
        return QStringLiteral("1.5, 2");
    case 9:
        return QStringLiteral("[%1, %2").arg(id(), id());
    case 10:
        return QString(200, QLatin1Char('[')) + id() + QString(200, QLatin1Char(']'));
    case 11:
        return QStringLiteral("%1,,%2").arg(id(), id());
    case 12: {
        QStringList many;
        const int n = 1 + pick(200);
        for (int i = 0; i < n; ++i)
            many << id();
        return many.join(QStringLiteral(", "));
    }
    case 13:
        return QStringLiteral("[%1, %2,]").arg(id(), id());
    case 14:
        return QStringLiteral("\u00e9\u20ac\U0001F600 %1").arg(id());
    default: {
        QStringList some;
        const int n = 1 + pick(6);
        for (int i = 0; i < n; ++i)
            some << id();
        return some.join(QStringLiteral(", "));
    }
    }
}

QString TestSoak::numberText()
{
    static const char *pool[] = {"0",    "1",          "-1",    "0.02", "1e-3",  "nan",   "inf",    "-inf",
                                 "abc",  "",           "1e309", "2.5",  "-0",    "3",     "fan_in", "fan_out",
                                 "relu", "leaky_relu", "1,2",   " ",    "1e-45", "100000"};
    return QString::fromLatin1(pool[pick(int(std::size(pool)))]);
}

QString TestSoak::setSize(const QString &which)
{
    auto *spin = m_window->findChild<QSpinBox *>(which);
    if (!spin)
        return {};
    const Lab::Config c = m_window->lab()->modelConfig();
    const bool isV = which == QStringLiteral("numEmbeddings");
    const qint64 other = isV ? c.embeddingDim : c.numEmbeddings;
    int value = 1;
    switch (pick(8)) {
    case 0:
        value = 0; // below the minimum: the spin box must clamp it
        break;
    case 1:
        value = 1;
        break;
    case 2:
        value = 2 * pick(50) + 1; // odd
        break;
    case 3:
        value = 1 + pick(2000);
        break;
    case 4:
        value = spin->maximum(); // absurd when the other size is big too
        break;
    case 5:
        value = -5;
        break;
    default:
        value = 1 + pick(64);
        break;
    }
    if (!sizeIsSafe(std::max(value, spin->minimum()), other))
        value = int(std::max<qint64>(1, m_safeElements / std::max<qint64>(1, other)));
    spin->setValue(value);
    return QStringLiteral("%1 = %2").arg(which).arg(value);
}

QString TestSoak::triggerAction(const QString &name)
{
    auto *action = m_window->findChild<QAction *>(name);
    if (!action)
        return {};
    if (!action->isEnabled())
        return QStringLiteral("%1 (disabled)").arg(name);
    action->trigger();
    return name;
}

QString TestSoak::gpt2Episode()
{
    if (m_gpt2Builds >= m_gpt2Budget)
        return {};
    auto *action = m_window->findChild<QAction *>(QStringLiteral("presetGpt2"));
    if (!action)
        return {};
    ++m_gpt2Builds;
    m_inGpt2 = true;
    // Each step is measured on its own, so a block is attributed to what caused it.
    QString what = QStringLiteral("GPT-2 preset");
    auto step = [&](const QString &name, const std::function<void()> &run) {
        if (!m_episodeFailure.isEmpty())
            return false;
        m_heartbeat->reset();
        run();
        const bool idle = waitIdle(kAsan ? 600000 : 300000);
        m_heartbeat->beat();
        if (!idle)
            m_episodeFailure = QStringLiteral("GPT-2 %1: still busy after the bounded wait").arg(name);
        else if (m_stalls->fails(QStringLiteral("GPT-2 ") + name, m_heartbeat->worstMs))
            m_episodeFailure =
                QStringLiteral("GPT-2 %1 blocked the UI thread for %2 ms with no busy indication")
                    .arg(name)
                    .arg(m_heartbeat->worstMs, 0, 'f', 0);
        else if (const QString error = checkInvariants(); !error.isEmpty())
            m_episodeFailure = QStringLiteral("GPT-2 %1: %2").arg(name, error);
        note(QStringLiteral("  GPT-2 %1: worst block %2 ms (%3 ms while busy shown)")
                 .arg(name)
                 .arg(m_heartbeat->worstMs, 0, 'f', 0)
                 .arg(m_heartbeat->worstExcusedMs, 0, 'f', 0));
        return m_episodeFailure.isEmpty();
    };
    step(QStringLiteral("preset"), [&] { action->trigger(); });
    std::printf("soak: GPT-2 tied: RSS %.0f MiB, peak (VmHWM) %.0f MiB\n", statusMiB("VmRSS"),
                statusMiB("VmHWM"));
    // A few cheap things a teacher does on GPT-2, then back to small sizes.
    for (const char *name : {"stepForward", "stepForward", "lastStep", "zoomIn", "zoomReset"})
        step(QString::fromLatin1(name), [&] { triggerAction(QString::fromLatin1(name)); });
    if (QLineEdit *ids = idsEdit()) {
        step(QStringLiteral("ids past the end"), [&] {
            ids->setFocus();
            ids->selectAll();
            QTest::keyClicks(ids, QStringLiteral("50256, 0, 50257"));
        });
        step(QStringLiteral("ids"), [&] {
            ids->selectAll();
            QTest::keyClicks(ids, QStringLiteral("464, 3290"));
        });
    }
    if (auto *tied = m_window->findChild<QCheckBox *>(QStringLiteral("tied")); tied && m_gpt2Builds == 1) {
        what += QStringLiteral(", untie");
        step(QStringLiteral("untie"), [&] { tied->click(); }); // two 154 MB matrices
        std::printf("soak: GPT-2 untied: RSS %.0f MiB, peak (VmHWM) %.0f MiB\n", statusMiB("VmRSS"),
                    statusMiB("VmHWM"));
    }
    m_inGpt2 = false;
    step(QStringLiteral("back to the reference preset"),
         [&] { triggerAction(QStringLiteral("presetReference")); });
    // Undo would rebuild GPT-2 again and again; the rest of the run stays small.
    m_window->undoStack()->clear();
    m_heartbeat->reset();
    return what;
}

QString TestSoak::labHostileConfig()
{
    // What a damaged session file or a future code path could ask of the Lab directly.
    Lab *lab = m_window->lab();
    Lab::Config c = lab->config();
    QString what;
    switch (pick(9)) {
    case 0:
        c.numEmbeddings = 0;
        what = QStringLiteral("V = 0");
        break;
    case 1:
        c.embeddingDim = 0;
        what = QStringLiteral("D = 0");
        break;
    case 2:
        c.numEmbeddings = -3;
        what = QStringLiteral("V = -3");
        break;
    case 3:
        c.numEmbeddings = 1000000000;
        c.embeddingDim = 768;
        what = QStringLiteral("V = 10^9, D = 768");
        break;
    case 4:
        c.numEmbeddings = 1000000000;
        c.embeddingDim = 1000000000;
        what = QStringLiteral("V = D = 10^9");
        break;
    case 5:
        c.paddingIdx =
            std::uniform_int_distribution<qint64>(-2 * c.numEmbeddings - 2, 2 * c.numEmbeddings + 2)(m_rng);
        what = QStringLiteral("padding_idx = %1").arg(*c.paddingIdx);
        break;
    case 6: {
        const double values[] = {std::numeric_limits<double>::quiet_NaN(),
                                 std::numeric_limits<double>::infinity(),
                                 -1.0,
                                 0.0,
                                 1e-30,
                                 1e30};
        c.maxNorm = values[pick(6)];
        what = QStringLiteral("max_norm = %1").arg(*c.maxNorm);
        break;
    }
    case 7:
        c.seed = std::numeric_limits<std::uint64_t>::max() - std::uint64_t(pick(3));
        what = QStringLiteral("seed = %1").arg(c.seed);
        break;
    default:
        c.numEmbeddings = std::numeric_limits<core::Index>::max();
        c.embeddingDim = 2;
        what = QStringLiteral("V = INT64_MAX");
        break;
    }
    lab->setConfig(c);
    return QStringLiteral("Lab::setConfig(%1)").arg(what);
}

QString TestSoak::pokeWidget()
{
    // Any named input widget the window has now (the panels grow while this is written): the
    // layer sizes and the ids have their own actions, the GPT-2 button is rationed.
    static const QStringList excluded = {QStringLiteral("numEmbeddings"), QStringLiteral("embeddingDim"),
                                         QStringLiteral("gpt2Preset"), QStringLiteral("ids")};
    QList<QWidget *> candidates;
    for (QWidget *w : m_window->findChildren<QWidget *>()) {
        if (w->objectName().isEmpty() || excluded.contains(w->objectName()) || !w->isEnabled())
            continue;
        if (qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QLineEdit *>(w) ||
            qobject_cast<QComboBox *>(w) || qobject_cast<QAbstractButton *>(w) || qobject_cast<QSlider *>(w))
            candidates << w;
    }
    if (candidates.isEmpty())
        return {};
    QWidget *w = candidates.at(pick(int(candidates.size())));
    if (qobject_cast<QLineEdit *>(w->parentWidget()) || qobject_cast<QAbstractSpinBox *>(w->parentWidget()))
        return {};
    const QString name = w->objectName();
    if (auto *spin = qobject_cast<QSpinBox *>(w)) {
        const int lo = spin->minimum();
        const int hi = spin->maximum();
        const int values[] = {lo, hi, lo + pick(10), lo - 1,
                              hi > lo ? lo + pick(std::min(hi - lo, 1000)) : lo};
        const int v = values[pick(5)];
        spin->setValue(v);
        return QStringLiteral("spin %1 = %2").arg(name).arg(v);
    }
    if (auto *spin = qobject_cast<QDoubleSpinBox *>(w)) {
        const double values[] = {spin->minimum(), spin->maximum(), 0.0, 1.0, -1.0, 0.02, 1e9};
        const double v = values[pick(7)];
        spin->setValue(v);
        return QStringLiteral("spin %1 = %2").arg(name).arg(v);
    }
    if (auto *edit = qobject_cast<QLineEdit *>(w)) {
        const QString text = numberText();
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, text);
        if (chance(0.5))
            QTest::keyClick(edit, Qt::Key_Return);
        return QStringLiteral("type '%1' into %2").arg(text, name);
    }
    if (auto *combo = qobject_cast<QComboBox *>(w)) {
        if (combo->count() == 0)
            return {};
        const int i = pick(combo->count());
        combo->setCurrentIndex(i);
        return QStringLiteral("combo %1 = %2").arg(name, combo->itemText(i));
    }
    if (auto *button = qobject_cast<QAbstractButton *>(w)) {
        button->click();
        return QStringLiteral("click %1").arg(name);
    }
    if (auto *slider = qobject_cast<QSlider *>(w)) {
        const int v = slider->minimum() + pick(std::max(1, slider->maximum() - slider->minimum() + 1));
        slider->setValue(v);
        return QStringLiteral("slider %1 = %2").arg(name).arg(v);
    }
    return {};
}

QString TestSoak::pressKey()
{
    // Presenter clickers, shortcuts and stray typing, sent to the window or a named widget.
    struct Key {
        Qt::Key key;
        Qt::KeyboardModifiers mods;
        const char *name;
    };
    static const Key keys[] = {
        {Qt::Key_Space, Qt::NoModifier, "Space"},
        {Qt::Key_Right, Qt::NoModifier, "Right"},
        {Qt::Key_Left, Qt::NoModifier, "Left"},
        {Qt::Key_PageDown, Qt::NoModifier, "PageDown"},
        {Qt::Key_PageUp, Qt::NoModifier, "PageUp"},
        {Qt::Key_Home, Qt::NoModifier, "Home"},
        {Qt::Key_End, Qt::NoModifier, "End"},
        {Qt::Key_Z, Qt::ControlModifier, "Ctrl+Z"},
        {Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier, "Ctrl+Shift+Z"},
        {Qt::Key_0, Qt::ControlModifier, "Ctrl+0"},
        {Qt::Key_Plus, Qt::ControlModifier, "Ctrl++"},
        {Qt::Key_Minus, Qt::ControlModifier, "Ctrl+-"},
        {Qt::Key_Escape, Qt::NoModifier, "Escape"},
        {Qt::Key_Return, Qt::NoModifier, "Return"},
        {Qt::Key_Backspace, Qt::NoModifier, "Backspace"},
        {Qt::Key_Up, Qt::NoModifier, "Up"},
        {Qt::Key_Down, Qt::NoModifier, "Down"},
        {Qt::Key_Minus, Qt::NoModifier, "-"},
        {Qt::Key_A, Qt::NoModifier, "a"},
        {Qt::Key_7, Qt::NoModifier, "7"},
        {Qt::Key_F5, Qt::NoModifier, "F5"},
        {Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier, "Ctrl+Shift+P"},
    };
    const Key &k = keys[pick(int(std::size(keys)))];
    QWidget *target = m_window.get();
    if (chance(0.5)) {
        QList<QWidget *> named;
        for (QWidget *w : m_window->findChildren<QWidget *>()) {
            if (!w->objectName().isEmpty() && w->isVisible() && w->isEnabled() &&
                w->focusPolicy() != Qt::NoFocus)
                named << w;
        }
        if (!named.isEmpty())
            target = named.at(pick(int(named.size())));
    }
    // A digit typed into a size spin box multiplies it by ten: only when that stays safe.
    if (auto *spin = qobject_cast<QSpinBox *>(target)) {
        const Lab::Config c = m_window->lab()->modelConfig();
        const QString n = spin->objectName();
        if ((n == QStringLiteral("numEmbeddings") || n == QStringLiteral("embeddingDim")) &&
            !(k.key == Qt::Key_Down || k.key == Qt::Key_Backspace || k.key == Qt::Key_Escape)) {
            const qint64 other = n == QStringLiteral("numEmbeddings") ? c.embeddingDim : c.numEmbeddings;
            if (!sizeIsSafe(qint64(spin->value()) * 10 + 9, other))
                target = m_window.get();
        }
    }
    target->setFocus();
    QTest::keyClick(target, k.key, k.mods);
    return QStringLiteral("key %1 -> %2")
        .arg(QString::fromLatin1(k.name),
             target->objectName().isEmpty() ? QStringLiteral("window") : target->objectName());
}

void TestSoak::buildActions()
{
    // Every named QAction of the window, now and as the window grows; a few are special.
    QStringList actionNames;
    for (QAction *a : m_window->findChildren<QAction *>()) {
        const QString n = a->objectName();
        // Quitting ends the run, and a language change offers to restart the app: that would start
        // this test binary again.
        if (n.isEmpty() || n == QStringLiteral("quit") ||
            n.contains(QStringLiteral("gpt2"), Qt::CaseInsensitive) ||
            n.startsWith(QStringLiteral("language_")) || actionNames.contains(n))
            continue;
        actionNames << n;
    }
    std::sort(actionNames.begin(), actionNames.end());
    std::printf("soak: %d named actions: %s\n", int(actionNames.size()),
                qPrintable(actionNames.join(QLatin1Char(' '))));

    // What the brief asks for by name; missing ones are printed and skipped.
    const QStringList wanted = {QStringLiteral("undo"),
                                QStringLiteral("redo"),
                                QStringLiteral("presetReference"),
                                QStringLiteral("presetGpt2"),
                                QStringLiteral("play"),
                                QStringLiteral("stepForward"),
                                QStringLiteral("stepBack"),
                                QStringLiteral("restart"),
                                QStringLiteral("lastStep"),
                                QStringLiteral("exportScreenshot"),
                                QStringLiteral("openSession"),
                                QStringLiteral("saveSession"),
                                QStringLiteral("saveSessionAs"),
                                QStringLiteral("projectorMode"),
                                QStringLiteral("openWeights"),
                                QStringLiteral("tie"),
                                QStringLiteral("untie")};
    QStringList missing;
    for (const QString &n : wanted) {
        if (!m_window->findChild<QAction *>(n))
            missing << n;
    }
    std::printf("soak: actions asked for but not found (skipped): %s\n",
                missing.isEmpty() ? "none" : qPrintable(missing.join(QLatin1Char(' '))));

    // Undo and redo are weighted up: they replay everything else.
    m_entries.push_back({QStringLiteral("action"), 30, [this, actionNames] {
                             if (actionNames.isEmpty())
                                 return QString();
                             return triggerAction(actionNames.at(pick(int(actionNames.size()))));
                         }});
    m_entries.push_back(
        {QStringLiteral("undo/redo"), 12,
         [this] { return triggerAction(chance(0.55) ? QStringLiteral("undo") : QStringLiteral("redo")); }});
    m_entries.push_back({QStringLiteral("size"), 14, [this] {
                             return setSize(chance(0.5) ? QStringLiteral("numEmbeddings")
                                                        : QStringLiteral("embeddingDim"));
                         }});
    m_entries.push_back({QStringLiteral("ids"), 14, [this] {
                             QLineEdit *ids = idsEdit();
                             if (!ids)
                                 return QString();
                             const QString text = idsText();
                             ids->setFocus();
                             ids->selectAll();
                             // QTest::keyClicks() only types ASCII (Qt's testlib asserts otherwise).
                             const bool ascii = std::all_of(text.begin(), text.end(),
                                                            [](QChar c) { return c.unicode() < 128; });
                             if (text.size() > 60 || !ascii || chance(0.3)) {
                                 // Paste-like: one edit.
                                 ids->insert(text);
                                 Q_EMIT ids->textEdited(ids->text());
                             } else {
                                 QTest::keyClicks(ids, text);
                                 if (text.isEmpty())
                                     QTest::keyClick(ids, Qt::Key_Backspace);
                             }
                             return QStringLiteral("ids '%1'").arg(text.left(80));
                         }});
    m_entries.push_back({QStringLiteral("tie"), 8, [this] {
                             auto *tied = m_window->findChild<QCheckBox *>(QStringLiteral("tied"));
                             if (!tied)
                                 return QString();
                             tied->click();
                             return QStringLiteral("tied -> %1").arg(tied->isChecked());
                         }});
    m_entries.push_back({QStringLiteral("widget"), 14, [this] { return pokeWidget(); }});
    m_entries.push_back({QStringLiteral("key"), 12, [this] { return pressKey(); }});
    m_entries.push_back({QStringLiteral("lab"), 3, [this] { return labHostileConfig(); }});
    m_entries.push_back({QStringLiteral("gpt2"), 1, [this] { return gpt2Episode(); }});
}

QString TestSoak::checkInvariants()
{
    if (!soakApp()->escaped.isEmpty())
        return QStringLiteral("an exception escaped into the event loop: %1")
            .arg(soakApp()->escaped.join(QStringLiteral("; ")));
    Lab *lab = m_window->lab();
    const Lab::Config &mc = lab->modelConfig();
    if (!(lab->config() == mc))
        return QStringLiteral("idle, but config() is not the configuration of the model in effect");
    const core::ParameterPtr e = lab->embeddingWeight();
    const core::ParameterPtr h = lab->lmHeadWeight();
    if (!e || !h)
        return QStringLiteral("a weight is missing");
    if (lab->isTied() != (e == h))
        return QStringLiteral("isTied() says %1 but the weights are %2 storages")
            .arg(lab->isTied())
            .arg(e == h ? 1 : 2);
    if (mc.tied != (e == h))
        return QStringLiteral("config says tied=%1 but the weights are %2 storages")
            .arg(mc.tied)
            .arg(e == h ? 1 : 2);
    const core::Shape vd{mc.numEmbeddings, mc.embeddingDim};
    if (e->shape() != vd || h->shape() != vd)
        return QStringLiteral("weight shapes %1 / %2 for config %3")
            .arg(shapeText(e->shape()), shapeText(h->shape()), shapeText(vd));
    const core::Index v = mc.numEmbeddings;
    const core::Index d = mc.embeddingDim;
    const core::Index expected = v * d * ((e == h) ? 1 : 2) + (mc.lmHeadBias ? v : 0);
    if (lab->parameterCount() != expected)
        return QStringLiteral("parameter count %1, formula gives %2")
            .arg(lab->parameterCount())
            .arg(expected);
    if (auto *tied = m_window->findChild<QCheckBox *>(QStringLiteral("tied"));
        tied && tied->isChecked() != (e == h))
        return QStringLiteral("the tied check box shows %1 but the model is %2")
            .arg(tied->isChecked())
            .arg(e == h);
    for (const char *name : {"numEmbeddings", "embeddingDim"}) {
        auto *spin = m_window->findChild<QSpinBox *>(QString::fromLatin1(name));
        const core::Index want = name[0] == 'n' ? v : d;
        if (spin && want >= spin->minimum() && want <= spin->maximum() && spin->value() != want)
            return QStringLiteral("spin box %1 shows %2, the model has %3")
                .arg(QString::fromLatin1(name))
                .arg(spin->value())
                .arg(want);
    }
    for (const char *name : {"embeddingHeatmap", "lmHeadHeatmap"}) {
        auto *view = m_window->findChild<HeatmapView *>(QString::fromLatin1(name));
        if (!view)
            continue;
        const core::ParameterPtr m = view->matrix();
        if (!m || m->shape() != vd)
            return QStringLiteral("%1 shows %2, the model's matrix is %3")
                .arg(QString::fromLatin1(name), m ? shapeText(m->shape()) : QStringLiteral("nothing"),
                     shapeText(vd));
    }
    // What the code panel printed must parse, with the model's shapes.
    const QString output = m_window->codePanel()->outputText();
    QStringList tensors = printedTensors(output);
    // Training steps in the code print their loss first (issue #16 item 9): not the state's prints.
    tensors.removeIf(
        [](const QString &t) { return t.contains(QStringLiteral("grad_fn=<NllLossBackward0>")); });
    if (tensors.isEmpty())
        return QStringLiteral("the code panel printed no tensor: %1").arg(output.left(300));
    for (int i = 0; i < tensors.size(); ++i) {
        core::ParsedTensor parsed;
        if (!core::parseFormattedTensor(tensors.at(i).toStdString(), parsed))
            return QStringLiteral("printed tensor %1 does not parse:\n%2")
                .arg(i)
                .arg(tensors.at(i).left(2000));
        // With max_norm the script prints embedding.weight again after the lookup renormalised
        // rows in place (PythonCode::program): a fourth tensor, of the weight's shape.
        const bool weightPrint = i == 0 || (i == 3 && mc.maxNorm);
        if (weightPrint && !shapeMatches(parsed.shape, vd))
            return QStringLiteral("printed weight %1 has shape %2, the model %3")
                .arg(i)
                .arg(shapeText(parsed.shape), shapeText(vd));
        if (i > 3 || (i == 3 && !mc.maxNorm))
            return QStringLiteral("%1 printed tensors, the script prints at most %2:\n%3")
                .arg(tensors.size())
                .arg(mc.maxNorm ? 4 : 3)
                .arg(output.left(600));
        if (!weightPrint && lab->idsValid()) {
            core::Shape out = lab->ids().shape;
            out.push_back(d);
            if (!shapeMatches(parsed.shape, out))
                return QStringLiteral("printed output %1 has shape %2, expected %3")
                    .arg(i)
                    .arg(shapeText(parsed.shape), shapeText(out));
        }
    }
    if (lab->idsValid() && lab->hasPaths() && tensors.size() < 3)
        return QStringLiteral("valid ids but %1 printed tensors:\n%2")
            .arg(tensors.size())
            .arg(output.left(600));
    const auto *anim = m_window->animation();
    if (anim->step() < 0 || anim->step() >= anim->stepCount())
        return QStringLiteral("animation step %1 of %2").arg(anim->step()).arg(anim->stepCount());
    if (lab->idsValid() && anim->idCount() != int(lab->flatIds().size()))
        return QStringLiteral("animation counts %1 ids, the lab has %2")
            .arg(anim->idCount())
            .arg(lab->flatIds().size());
    return {};
}

void TestSoak::soak()
{
    bool ok = false;
    int count = qEnvironmentVariableIntValue("EMBEDLAB_SOAK_ACTIONS", &ok);
    if (!ok || count <= 0)
        count = kAsan ? 1500 : 5000;
    std::printf("soak: %d actions, UI-thread budget %.0f ms%s\n", count, m_budgetMs, kAsan ? " (ASan)" : "");

    Heartbeat heartbeat([this] {
        if (m_window->lab()->isBusy())
            return true;
        for (QProgressBar *bar : m_window->findChildren<QProgressBar *>()) {
            if (bar->isVisible())
                return true;
        }
        return false;
    });

    m_heartbeat = &heartbeat;
    int totalWeight = 0;
    for (const Entry &e : m_entries)
        totalWeight += e.weight;
    double worstExcused = 0;
    double worst = 0;
    QString worstAction;
    QElapsedTimer total;
    total.start();
    for (int i = 0; i < count; ++i) {
        int r = pick(totalWeight);
        const Entry *entry = &m_entries.front();
        for (const Entry &e : m_entries) {
            if (r < e.weight) {
                entry = &e;
                break;
            }
            r -= e.weight;
        }
        heartbeat.reset();
        QString what;
        try {
            what = entry->run();
        } catch (const std::exception &e) {
            QFAIL(qPrintable(QStringLiteral("action %1 (%2) threw: %3")
                                 .arg(i)
                                 .arg(entry->name, QString::fromUtf8(e.what()))));
        }
        if (what.isEmpty()) {
            m_skipped.insert(entry->name);
            continue;
        }
        ++m_counts[entry->name];
        note(QStringLiteral("#%1 %2").arg(i).arg(what));
        const bool idle = waitIdle(kAsan ? 600000 : 300000);
        heartbeat.beat();
        auto fail = [&](const QString &message) {
            std::printf("soak: FAILED at action %d with seed %llu; the last actions were:\n", i,
                        static_cast<unsigned long long>(m_seed));
            for (const QString &h : m_history)
                std::printf("  %s\n", qPrintable(h));
            std::printf("soak: the code panel's output:\n%s\n",
                        qPrintable(m_window->codePanel()->outputText()));
            QFAIL(qPrintable(message));
        };
        if (!m_episodeFailure.isEmpty())
            return fail(QStringLiteral("action %1: %2").arg(i).arg(m_episodeFailure));
        if (!idle)
            return fail(QStringLiteral("action %1 (%2): still busy after the bounded wait").arg(i).arg(what));
        // The heartbeat's longest gap in this action: time the UI thread ran or was blocked.
        // Its kind: the action's name ("export_0", "ids", "key"), without its arguments.
        if (m_stalls->fails(what.section(QLatin1Char(' '), 0, 0), heartbeat.worstMs))
            return fail(
                QStringLiteral("action %1 (%2) blocked the UI thread for %3 ms with no busy indication")
                    .arg(i)
                    .arg(what)
                    .arg(heartbeat.worstMs, 0, 'f', 0));
        if (heartbeat.worstMs > worst) {
            worst = heartbeat.worstMs;
            worstAction = what;
        }
        worstExcused = std::max(worstExcused, heartbeat.worstExcusedMs);
        const QString error = checkInvariants();
        if (!error.isEmpty())
            return fail(QStringLiteral("action %1 (%2): %3").arg(i).arg(what, error));
    }
    QStringList counts;
    for (const auto &[name, n] : m_counts)
        counts << QStringLiteral("%1=%2").arg(name).arg(n);
    QStringList skipped(m_skipped.begin(), m_skipped.end());
    std::printf("soak: done in %.1f s: %s; dialogs answered %d; GPT-2 builds %d\n",
                double(total.elapsed()) / 1000.0, qPrintable(counts.join(QLatin1Char(' '))),
                m_dialogsAnswered, m_gpt2Builds);
    std::printf("soak: longest UI-thread block %.0f ms (%s), %.0f ms while busy was shown\n", worst,
                qPrintable(worstAction), worstExcused);
    if (!skipped.isEmpty())
        std::printf("soak: action kinds that found nothing to do at least once: %s\n",
                    qPrintable(skipped.join(QLatin1Char(' '))));
}

int main(int argc, char **argv)
{
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // a run that is killed still shows how far it got
    // A home of its own: the app's settings, the file dialogs' remembered folders (QtProject.conf)
    // and the default export folder must not come from, or leak into, other runs and tests.
    QTemporaryDir home;
    if (!home.isValid())
        return 1;
    qputenv("HOME", home.path().toLocal8Bit());
    // Platform (GTK/portal) file dialogs have no QWidget to answer, and would block the soak.
    QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs, true);
    SoakApplication app(argc, argv);
    app.setAttribute(Qt::AA_Use96Dpi, true);
    TestSoak test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_soak.moc"
