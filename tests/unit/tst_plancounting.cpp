// Cross-checks of the planner's counting shortcuts against brute force: residue histograms
// (MoveAnalysis enumerates the key space through them) and the incremental ring balance series.
#include "core/planning/RingBalance.h"
#include "core/routing/ResidueHistogram.h"

#include <QTest>

#include <map>

using namespace sp;
using namespace sp::planning;

class TestPlanCounting final : public QObject
{
    Q_OBJECT
private slots:
    void histogram_data();
    void histogram();
    void ringSeries_data();
    void ringSeries();
};

using Pairs = QList<QPair<quint32, quint32>>;

void TestPlanCounting::histogram_data()
{
    QTest::addColumn<Pairs>("pairs");
    QTest::addColumn<quint64>("from");
    QTest::addColumn<quint64>("to");
    QTest::addColumn<quint64>("period"); // 0: not tabulated
    QTest::addRow("crc32 db and table, full period") << Pairs{{1, 4}, {65536, 4}} << quint64(0) << quint64(262143) << quint64(262144);
    QTest::addRow("short segment, wraps the period") << Pairs{{1, 8}, {16, 4}} << quint64(1000) << quint64(1100) << quint64(64);
    QTest::addRow("same range untabulated") << Pairs{{1, 8}, {16, 4}} << quint64(1000) << quint64(1100) << quint64(0);
    QTest::addRow("non power of two") << Pairs{{1, 3}, {1, 4}, {5, 7}} << quint64(7) << quint64(20000) << quint64(420);
    QTest::addRow("duplicate pair, zero divisor") << Pairs{{0, 5}, {1, 5}, {3, 2}} << quint64(0) << quint64(59) << quint64(30);
    QTest::addRow("wrong period is ignored") << Pairs{{1, 3}, {2, 2}} << quint64(0) << quint64(100) << quint64(4);
    QTest::addRow("huge product: ids are keys") << Pairs{{1, 1u << 30}, {1, (1u << 30) + 1}, {1, 999983}}
                                                << quint64(5) << quint64(300) << quint64(0);
}

void TestPlanCounting::histogram()
{
    QFETCH(Pairs, pairs);
    QFETCH(quint64, from);
    QFETCH(quint64, to);
    QFETCH(quint64, period);
    ResidueHistogram h;
    std::vector<int> ids;
    for (const auto &p : pairs)
        ids.push_back(h.slot(p.first, p.second));
    if (period)
        h.tabulate(period);
    // Brute force: residues tuple per x.
    std::map<std::vector<quint32>, quint64> expected;
    for (quint64 x = from; x <= to; ++x) {
        std::vector<quint32> t;
        for (const auto &p : pairs) {
            const quint32 d = p.first ? p.first : 1;
            t.push_back(quint32((x / d) % p.second));
        }
        ++expected[t];
    }
    std::map<std::vector<quint32>, quint64> got;
    quint64 total = 0, last = 0;
    bool first = true;
    for (const auto &[id, n] : h.count(from, to)) {
        QVERIFY2(first || id > last, "combinations must be ascending and distinct");
        first = false;
        last = id;
        std::vector<quint32> t;
        for (int s : ids)
            t.push_back(h.residue(id, s));
        got[t] += n;
        total += n;
    }
    QCOMPARE(total, to - from + 1);
    QCOMPARE(got.size(), expected.size());
    QVERIFY(got == expected);
}

void TestPlanCounting::ringSeries_data()
{
    QTest::addColumn<QStringList>("nodes");
    QTest::addColumn<int>("maxVirtualNodes");
    QTest::addColumn<int>("step");
    QTest::addRow("8 nodes") << QStringList{QStringLiteral("db0"), QStringLiteral("db1"), QStringLiteral("db2"),
                                            QStringLiteral("db3"), QStringLiteral("db4"), QStringLiteral("db5"),
                                            QStringLiteral("db6"), QStringLiteral("db7")}
                             << 200 << 1;
    QTest::addRow("duplicates, step 7") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("a")} << 300 << 7;
    QTest::addRow("one node") << QStringList{QStringLiteral("only")} << 20 << 3;
    QTest::addRow("no node") << QStringList{} << 5 << 1;
}

void TestPlanCounting::ringSeries()
{
    QFETCH(QStringList, nodes);
    QFETCH(int, maxVirtualNodes);
    QFETCH(int, step);
    const QList<BalancePoint> series = RingBalance::series(nodes, maxVirtualNodes, step);
    QCOMPARE(series.size(), (maxVirtualNodes - 1) / step + 1);
    for (const BalancePoint &p : series) {
        const BalancePoint b = RingBalance::balance(nodes, p.virtualNodes); // rebuilt ring
        QCOMPARE(p.virtualNodes, b.virtualNodes);
        // Bit-identical, not fuzzy: the CLI and the console must print the same series.
        QVERIFY2(p.maxOverMean == b.maxOverMean && p.minOverMean == b.minOverMean,
                 qPrintable(QStringLiteral("v=%1").arg(p.virtualNodes)));
    }
}

QTEST_GUILESS_MAIN(TestPlanCounting)
#include "tst_plancounting.moc"
