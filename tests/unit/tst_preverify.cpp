// The pre-verification's key ranges (core/migration/PreVerify.h): they cover every key, a change
// counts only when its transaction ended after the range's point, too many changed keys make the
// whole range compared again, and the oldest point is where a restarted stream must start.
#include "core/migration/PreVerify.h"

#include <QTest>

#include <limits>

using namespace sp;
using namespace sp::migration;

class TestPreverify : public QObject
{
    Q_OBJECT

    static PvTable table(qint64 origin, qint64 width, int ranges)
    {
        PvTable t;
        t.origin = origin;
        t.width = width;
        t.ranges.resize(size_t(ranges));
        return t;
    }
    static BinlogPosition at(quint64 pos, const char *file = "bin.000002")
    {
        return BinlogPosition{QString::fromLatin1(file), pos};
    }

private slots:
    void rangesCoverEveryKey()
    {
        const PvTable t = table(100, 10, 3); // (-inf,109] [110,119] [120,+inf)
        QCOMPARE(t.lo(0), std::numeric_limits<qint64>::min());
        QCOMPARE(t.hi(0), qint64(109));
        QCOMPARE(t.lo(1), qint64(110));
        QCOMPARE(t.hi(1), qint64(119));
        QCOMPARE(t.lo(2), qint64(120));
        QCOMPARE(t.hi(2), std::numeric_limits<qint64>::max());
        for (qint64 k : {std::numeric_limits<qint64>::min(), qint64(-5), qint64(99), qint64(100), qint64(109),
                         qint64(110), qint64(119), qint64(120), qint64(1000000), std::numeric_limits<qint64>::max()}) {
            const int i = t.indexOf(k);
            QVERIFY2(i >= 0 && i < 3 && t.lo(i) <= k && k <= t.hi(i), qPrintable(QString::number(k)));
        }
    }

    void changesCountAfterTheRangesPoint()
    {
        PvTable t = table(0, 100, 2);
        t.ranges[0].ok = true;
        t.ranges[0].pos = at(5000);
        // Unverified ranges collect nothing: they are compared whole anyway.
        t.mark(150, at(9000), 10);
        QVERIFY(t.ranges[1].keys.empty());
        // A transaction that ended at or before the point was inside the compared snapshot.
        t.mark(7, at(5000), 10);
        t.mark(8, at(4000), 10);
        QVERIFY(t.ranges[0].keys.empty());
        // After it, in the same file or a later one.
        t.mark(9, at(5001), 10);
        t.mark(10, at(4, "bin.000003"), 10);
        QCOMPARE(t.ranges[0].keys, (std::set<qint64>{9, 10}));
        QVERIFY(!t.ranges[0].overflow);
    }

    void tooManyKeysCompareTheWholeRange()
    {
        PvTable t = table(0, 1000, 1);
        t.ranges[0].ok = true;
        t.ranges[0].pos = at(100);
        for (qint64 k = 0; k < 5; ++k)
            t.mark(k, at(200), 4);
        QVERIFY(t.ranges[0].overflow);
        QVERIFY(t.ranges[0].keys.empty());
        t.mark(7, at(300), 4); // stays whole
        QVERIFY(t.ranges[0].keys.empty());
    }

    void oldestPointOfVerifiedRanges()
    {
        PvTable t = table(0, 10, 3);
        QVERIFY(!t.oldest());
        t.ranges[1].ok = true;
        t.ranges[1].pos = at(900);
        t.ranges[2].ok = true;
        t.ranges[2].pos = at(4, "bin.000001");
        t.ranges[0].pos = at(1); // not verified: does not count
        QCOMPARE(t.oldest()->toString(), QStringLiteral("bin.000001:4"));
    }
};

QTEST_GUILESS_MAIN(TestPreverify)
#include "tst_preverify.moc"
