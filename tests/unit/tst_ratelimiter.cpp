// The copy's rate limit (core/migration/run/RateLimiter.h) and the progress rate (RateWindow.h), on a
// clock the test moves: after a stall no window gets more than the limit and the small burst (the old
// average since the start let a copy run ~40x over the limit after a 60 s stall), consumers sharing a
// limiter take turns, a cancelled wait gives its reservation back; the window rate of a copy that
// moves in chunks never falls to 0 between two chunks.
#include "core/migration/run/RateLimiter.h"
#include "core/migration/RateWindow.h"

#include <QtTest>

#include <algorithm>

using namespace sp::migration;

namespace {

// A clock in ns that only sleeping moves.
struct FakeTime
{
    qint64 now = 1'000'000'000;
    RateLimiter::Clock clock()
    {
        return [this] { return now; };
    }
    RateLimiter::Sleep sleep()
    {
        return [this](qint64 ns) { now += ns; };
    }
};

constexpr qint64 kSec = 1'000'000'000;

} // namespace

class TestRateLimiter final : public QObject
{
    Q_OBJECT
private slots:
    void burstIsSmall();
    void noBurstAfterAStall();
    void everyWindowHolds();
    void consumersTakeTurns();
    void refundAndCancel();
    void unlimited();
    void windowRateOfChunks();
};

void TestRateLimiter::burstIsSmall()
{
    QCOMPARE(RateLimiter(400).burst(), 100);
    QCOMPARE(RateLimiter(1).burst(), 1);
    QCOMPARE(RateLimiter(10).burst(), 3);
    QCOMPARE(RateLimiter(400, 7).burst(), 7);
    QCOMPARE(RateLimiter(400).maxRequest(1000), 100);
    QCOMPARE(RateLimiter(0).maxRequest(1000), 1000);
}

// 60 s without a request (a stall), then a worker asks as fast as it can: within the next second it
// gets the burst and one second's worth, never the minute it "missed".
void TestRateLimiter::noBurstAfterAStall()
{
    FakeTime t;
    RateLimiter l(100, 0, t.clock(), t.sleep());
    QVERIFY(l.acquire(25));
    t.now += 60 * kSec;
    const qint64 start = t.now;
    qint64 got = 0;
    while (t.now - start <= kSec) {
        QVERIFY(l.acquire(l.burst()));
        if (t.now - start <= kSec)
            got += l.burst();
    }
    QVERIFY2(got <= l.burst() + 100, qPrintable(QString::number(got)));
    QVERIFY2(got >= 100, qPrintable(QString::number(got)));
}

// Requests of random sizes (at most the burst) with random pauses: in every window the rows granted
// stay within burst + rate x window.
void TestRateLimiter::everyWindowHolds()
{
    FakeTime t;
    RateLimiter l(250, 0, t.clock(), t.sleep());
    QRandomGenerator rng(21);
    QList<QPair<qint64, qint64>> grants; // (time granted, rows)
    for (int i = 0; i < 3000; ++i) {
        if (rng.bounded(20) == 0)
            t.now += qint64(rng.bounded(30'000)) * 1'000'000; // a stall of up to 30 s
        const qint64 n = 1 + rng.bounded(int(l.burst()));
        QVERIFY(l.acquire(n));
        grants.append({t.now, n});
        t.now += qint64(rng.bounded(50)) * 1'000'000; // the work itself
    }
    for (const qint64 window : {qint64(100'000'000), kSec, 5 * kSec, 60 * kSec}) {
        qint64 sum = 0;
        int a = 0;
        for (int b = 0; b < grants.size(); ++b) {
            sum += grants.at(b).second;
            while (grants.at(b).first - grants.at(a).first > window)
                sum -= grants.at(a++).second;
            const double allowed = double(l.burst()) + 250.0 * double(window) / double(kSec);
            QVERIFY2(double(sum) <= allowed + 1e-6,
                     qPrintable(QStringLiteral("%1 rows within %2 ms").arg(sum).arg(window / 1'000'000)));
        }
    }
}

// Two workers sharing one limiter, each reserving after the other: each gets about half.
void TestRateLimiter::consumersTakeTurns()
{
    FakeTime t;
    RateLimiter l(200, 0, t.clock(), t.sleep());
    qint64 rows[2] = {0, 0};
    qint64 until[2] = {t.now, t.now};
    // Each worker reserves when its previous wait is over; the earliest goes next.
    for (int i = 0; i < 400; ++i) {
        const int w = until[0] <= until[1] ? 0 : 1;
        t.now = qMax(t.now, until[w]);
        until[w] = t.now + l.reserve(20);
        rows[w] += 20;
    }
    QVERIFY2(qAbs(rows[0] - rows[1]) <= 40, qPrintable(QStringLiteral("%1 vs %2").arg(rows[0]).arg(rows[1])));
}

void TestRateLimiter::refundAndCancel()
{
    FakeTime t;
    RateLimiter l(100, 0, t.clock(), t.sleep());
    QCOMPARE(l.reserve(25), 0); // the first burst is there
    QVERIFY(l.reserve(25) > 0); // the next one waits 0.25 s
    l.refund(25);               // ... unless the first chunk used nothing
    QCOMPARE(l.reserve(0), 0);
    // A cancelled wait gives the rows back: the next reservation waits only for its own.
    t.now += 10 * kSec;
    QCOMPARE(l.reserve(25), 0);
    int asked = 0;
    QVERIFY(!l.acquire(25, [&] { return ++asked > 1; }));
    const qint64 before = t.now;
    QVERIFY(l.acquire(25));
    QVERIFY2(t.now - before <= kSec / 4 + 1, qPrintable(QString::number(t.now - before)));
}

void TestRateLimiter::unlimited()
{
    FakeTime t;
    RateLimiter l(0, 0, t.clock(), t.sleep());
    QVERIFY(!l.limited());
    for (int i = 0; i < 100; ++i)
        QVERIFY(l.acquire(1000000));
    QCOMPARE(t.now, qint64(1'000'000'000));
}

// A copy of 100 rows every 1.5 s, reported every 0.5 s: the window rate stays near 67 rows/s, never 0.
void TestRateLimiter::windowRateOfChunks()
{
    RateWindow w(10000);
    qint64 total = 0;
    w.add(0, 0);
    QCOMPARE(w.perSecond(), 0.0);
    for (qint64 ms = 500; ms <= 30000; ms += 500) {
        if (ms % 1500 == 0)
            total += 100;
        w.add(ms, total);
        if (ms >= 1500) {
            QVERIFY2(w.perSecond() > 0, qPrintable(QString::number(ms)));
            if (ms >= 12000)
                QVERIFY2(qAbs(w.perSecond() - 66.7) < 12, qPrintable(QString::number(w.perSecond())));
        }
    }
    // A copy that stopped: after the window it is 0.
    for (qint64 ms = 30500; ms <= 42000; ms += 500)
        w.add(ms, total);
    QCOMPARE(w.perSecond(), 0.0);
}

QTEST_GUILESS_MAIN(TestRateLimiter)
#include "tst_ratelimiter.moc"
