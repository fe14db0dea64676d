// GTID lists and the dual-master run's step names (core/migration/Replication, DualMaster): what the
// replication gates compare before the switch.
#include "core/migration/dual/DualRun.h"
#include "core/migration/Replication.h"

#include <QTest>

using namespace sp::migration;

class TestGtid : public QObject
{
    Q_OBJECT

private slots:
    void parsesLists()
    {
        QString why;
        auto l = parseGtidList(QStringLiteral(" 0-1-10,\n1-2-3 "), &why);
        QVERIFY2(l, qPrintable(why));
        QCOMPARE(l->size(), 2);
        QCOMPARE(l->at(0).domain, 0u);
        QCOMPARE(l->at(0).server, 1u);
        QCOMPARE(l->at(0).seq, 10ull);
        QCOMPARE(gtidText(*l), QStringLiteral("0-1-10,1-2-3"));
        QVERIFY(parseGtidList(QString(), &why)->isEmpty());
        for (const char *bad : {"0-1", "a-b-c", "0-1-2;DROP", "0-1-2,,", "-1-2-3", "0-1-99999999999999999999999"})
            QVERIFY2(!parseGtidList(QString::fromLatin1(bad), &why), bad);
        // Bounded: a huge list is refused, not parsed.
        QString many;
        for (int i = 0; i < 10001; ++i)
            many += QStringLiteral("%1-1-1,").arg(i);
        many.chop(1);
        QVERIFY(!parseGtidList(many, &why));
    }

    void coversPerDomain()
    {
        QString why, behind;
        const auto src = *parseGtidList(QStringLiteral("0-1-10,1-1-5"), &why);
        QVERIFY(gtidCovers(*parseGtidList(QStringLiteral("0-1-10,1-1-5"), &why), src));
        QVERIFY(gtidCovers(*parseGtidList(QStringLiteral("0-1-12,1-1-5"), &why), src));
        QVERIFY(!gtidCovers(*parseGtidList(QStringLiteral("0-1-9,1-1-5"), &why), src, &behind));
        QVERIFY2(behind.contains(QLatin1String("domain 0: 9 < 10")), qPrintable(behind));
        QVERIFY(!gtidCovers(*parseGtidList(QStringLiteral("0-1-10"), &why), src, &behind));
        QVERIFY2(behind.contains(QLatin1String("domain 1: none < 5")), qPrintable(behind));
        QVERIFY(gtidCovers({}, {}));
    }

    void errantAreOwnNewTransactions()
    {
        QString why;
        const auto before = *parseGtidList(QStringLiteral("0-1-10,0-3-2"), &why);
        // Replicated from server 1: not errant. Server 3 (the replica itself) wrote 0-3-4: errant.
        const auto now = *parseGtidList(QStringLiteral("0-1-15,0-3-4"), &why);
        const QList<Gtid> e = errantGtids(before, now, 3);
        QCOMPARE(e.size(), 1);
        QCOMPARE(gtidText(e), QStringLiteral("0-3-4"));
        QVERIFY(errantGtids(before, before, 3).isEmpty());
        QVERIFY(errantGtids(before, now, 1).size() == 1); // from server 1's own point of view it wrote them
    }

    void stepNames()
    {
        const RunKind &dual = RunKind::dualMaster();
        QCOMPARE(dual.stepId(rowOf(DualStep::D1)), QStringLiteral("D1"));
        QCOMPARE(dual.stepId(rowOf(DualStep::D10)), QStringLiteral("D10"));
        QCOMPARE(dual.fromId(QStringLiteral("d6")), std::optional<Step>(rowOf(DualStep::D6)));
        QCOMPARE(dual.fromId(QStringLiteral("D10")), std::optional<Step>(rowOf(DualStep::D10)));
        QVERIFY(!dual.fromId(QStringLiteral("D0")));
        QVERIFY(!dual.fromId(QStringLiteral("D11")));
        QVERIFY(!dual.fromId(QStringLiteral("T3")));
        QVERIFY(!dual.title(rowOf(DualStep::D7)).isEmpty());
    }

    void replicationSnapshotRoundTrips()
    {
        PairReplication r;
        r.oldDs = QStringLiteral("db0");
        r.newDs = QStringLiteral("db2");
        r.forward.configured = true;
        r.forward.ioRunning = r.forward.sqlRunning = QStringLiteral("Yes");
        r.forward.lagSec = 0;
        r.sourcePos = r.replicaPos = QStringLiteral("0-1-7");
        r.caughtUp = true;
        const PairReplication back = PairReplication::fromJson(r.toJson());
        QCOMPARE(back.describe(), r.describe());
        QVERIFY2(r.describe().contains(QLatin1String("IO Yes, SQL Yes, lag 0 s")), qPrintable(r.describe()));
        QVERIFY(!back.reverseConfigured);
    }
};

QTEST_GUILESS_MAIN(TestGtid)
#include "tst_gtid.moc"
