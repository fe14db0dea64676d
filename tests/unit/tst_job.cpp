// The job model: results on the runner's thread, stale results dropped, cancel that runs hooks
// (and so stops in-flight work) and returns at once, failures, throttled progress, destruction
// while a job runs.
#include "core/job/Job.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include <atomic>

using namespace sp;

class TestJob final : public QObject
{
    Q_OBJECT
private slots:
    void resultOnRunnerThread();
    void staleResultDropped();
    void cancelRunsHooksAndReturnsAtOnce();
    void hookAfterCancelRunsImmediately();
    void failureReported();
    void progressThrottledAndLastDelivered();
    void destroyedWhileRunning();
};

void TestJob::resultOnRunnerThread()
{
    JobRunner runner;
    QThread *workerThread = nullptr;
    QThread *deliveredOn = nullptr;
    int got = 0;
    QSignalSpy ended(&runner, &JobRunner::ended);
    runner.start(
        [&workerThread](JobControl &) {
            workerThread = QThread::currentThread();
            return 42;
        },
        [&](int v) {
            got = v;
            deliveredOn = QThread::currentThread();
        });
    QVERIFY(runner.isRunning());
    QTRY_COMPARE(ended.size(), 1);
    QCOMPARE(got, 42);
    QCOMPARE(deliveredOn, QThread::currentThread());
    QVERIFY(workerThread && workerThread != QThread::currentThread());
    QVERIFY(!runner.isRunning());
}

void TestJob::staleResultDropped()
{
    JobRunner runner;
    QSemaphore release;
    std::atomic_bool firstSawCancel{false};
    QStringList delivered;
    runner.start(
        [&](JobControl &c) {
            release.acquire();
            firstSawCancel = c.isCancelled();
            return QStringLiteral("first");
        },
        [&](const QString &s) { delivered << s; });
    const quint64 first = runner.generation();
    runner.start([](JobControl &) { return QStringLiteral("second"); }, [&](const QString &s) { delivered << s; });
    QVERIFY(runner.generation() > first);
    QTRY_COMPARE(delivered, QStringList{QStringLiteral("second")});
    release.release();
    QTRY_VERIFY(firstSawCancel.load()); // the superseded job was told to stop
    QTest::qWait(50);
    QCOMPARE(delivered, QStringList{QStringLiteral("second")}); // and its result never arrived
}

void TestJob::cancelRunsHooksAndReturnsAtOnce()
{
    JobRunner runner;
    QSemaphore blocked; // stands for a query blocked on a server: only the hook releases it
    std::atomic_int hookRuns{0};
    bool delivered = false;
    QSignalSpy cancelled(&runner, &JobRunner::cancelled);
    QSignalSpy ended(&runner, &JobRunner::ended);
    runner.start(
        [&](JobControl &c) {
            CancelHookGuard guard(&c, [&] {
                ++hookRuns;
                blocked.release();
            });
            blocked.acquire();
            return c.isCancelled() ? -1 : 1;
        },
        [&](int) { delivered = true; });
    QTest::qWait(20);
    QElapsedTimer t;
    t.start();
    runner.cancel();
    QVERIFY(t.elapsed() < 1000);
    QCOMPARE(cancelled.size(), 1);
    QVERIFY(!runner.isRunning());
    QTRY_COMPARE(hookRuns.load(), 1);
    runner.cancel(); // idempotent
    QTest::qWait(50);
    QCOMPARE(hookRuns.load(), 1);
    QVERIFY(!delivered);
    QCOMPARE(ended.size(), 0);
    QCOMPARE(cancelled.size(), 1);
}

void TestJob::hookAfterCancelRunsImmediately()
{
    JobControl c;
    c.cancel();
    int runs = 0;
    c.addCancelHook([&] { ++runs; });
    QCOMPARE(runs, 1);
    QVERIFY(c.isCancelled());
    QVERIFY(c.cancelFlag().load());
}

void TestJob::failureReported()
{
    JobRunner runner;
    QSignalSpy failed(&runner, &JobRunner::failed);
    bool delivered = false;
    runner.start(
        [](JobControl &) -> int { throw JobError(QStringLiteral("db2: Access denied")); }, [&](int) { delivered = true; });
    QTRY_COMPARE(failed.size(), 1);
    QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("db2: Access denied"));
    QVERIFY(!delivered);
    QVERIFY(!runner.isRunning());
}

void TestJob::progressThrottledAndLastDelivered()
{
    JobRunner runner;
    QList<qint64> seen;
    connect(&runner, &JobRunner::progress, this, [&](qint64 done, qint64) { seen << done; });
    QSignalSpy ended(&runner, &JobRunner::ended);
    runner.start(
        [](JobControl &c) {
            for (int i = 1; i <= 100000; ++i)
                c.progress(i, 100000, QStringLiteral("counting"));
            return true;
        },
        [](bool) {});
    QTRY_COMPARE(ended.size(), 1);
    QVERIFY(!seen.isEmpty());
    QVERIFY2(seen.size() < 1000, qPrintable(QString::number(seen.size()))); // throttled
    QCOMPARE(seen.constLast(), 100000);                                      // the last one arrives
}

void TestJob::destroyedWhileRunning()
{
    QSemaphore release;
    std::atomic_bool sawCancel{false};
    bool delivered = false;
    {
        JobRunner runner;
        runner.start(
            [&](JobControl &c) {
                release.acquire();
                sawCancel = c.isCancelled();
                return 1;
            },
            [&](int) { delivered = true; });
    }
    release.release();
    QTRY_VERIFY(sawCancel.load());
    QTest::qWait(50);
    QVERIFY(!delivered);
}

QTEST_GUILESS_MAIN(TestJob)
#include "tst_job.moc"
