// Skew statistics against values computed by hand (see the comments on each row).
#include "core/analysis/Skew.h"

#include <QtTest>

using namespace sp;

Q_DECLARE_METATYPE(SkewLevel)

class TestSkew final : public QObject
{
    Q_OBJECT
private slots:
    void statistics_data();
    void statistics();
    void verdictNamesHottestNode();
    void verdictText_data();
    void verdictText();
    void thresholdsAreConfigurable();
};

void TestSkew::statistics_data()
{
    QTest::addColumn<QList<qint64>>("rows");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<qint64>("total");
    QTest::addColumn<double>("mean");
    QTest::addColumn<qint64>("max");
    QTest::addColumn<qint64>("min");
    QTest::addColumn<double>("maxOverMean");
    QTest::addColumn<double>("cv");
    QTest::addColumn<double>("gini");
    QTest::addColumn<int>("empty");
    QTest::addColumn<int>("unknown");
    QTest::addColumn<SkewLevel>("level");

    QTest::addRow("even") << QList<qint64>{100, 100, 100, 100} << 4 << qint64(400) << 100.0
                          << qint64(100) << qint64(100) << 1.0 << 0.0 << 0.0 << 0 << 0
                          << SkewLevel::Balanced;
    // mean 10; deviations -10,-10,-10,30 -> variance 1200/4 = 300, sd 17.3205 -> cv 1.73205.
    // Gini: sum(i*x) = 4*40 = 160; 2*160/(4*40) - 5/4 = 0.75.
    QTest::addRow("one-node-holds-all") << QList<qint64>{0, 0, 0, 40} << 4 << qint64(40) << 10.0
                                        << qint64(40) << qint64(0) << 4.0 << 1.7320508 << 0.75
                                        << 3 << 0 << SkewLevel::Severe;
    // mean 25; deviations +-15, +-5 -> variance 500/4 = 125, sd 11.18034 -> cv 0.4472136.
    // Gini: sum(i*x) = 10+40+90+160 = 300; 2*300/(4*100) - 1.25 = 0.25.
    QTest::addRow("ramp") << QList<qint64>{10, 20, 30, 40} << 4 << qint64(100) << 25.0 << qint64(40)
                          << qint64(10) << 1.6 << 0.4472136 << 0.25 << 0 << 0 << SkewLevel::Mild;
    // mean 75; deviations 25,25,25,-75 -> variance 7500/4 = 1875, sd 43.30127 -> cv 0.5773503.
    // Gini: sorted 0,100,100,100: sum(i*x) = 900; 2*900/(4*300) - 1.25 = 0.25.
    QTest::addRow("one-empty") << QList<qint64>{100, 100, 100, 0} << 4 << qint64(300) << 75.0
                               << qint64(100) << qint64(0) << (4.0 / 3.0) << 0.5773503 << 0.25 << 1
                               << 0 << SkewLevel::Mild;
    // max/mean = 100/90 = 1.111 is "balanced" by ratio, but an empty node makes it mild.
    // mean 90; deviations 10 (x9), -90 -> variance 9000/10 = 900, sd 30 -> cv 1/3.
    // Gini: sorted 0,100..: sum(i*x) = (2+..+10)*100 = 5400; 2*5400/(10*900) - 1.1 = 0.1.
    QTest::addRow("nine-full-one-empty")
        << QList<qint64>{100, 100, 100, 100, 100, 100, 100, 100, 100, 0} << 10 << qint64(900)
        << 90.0 << qint64(100) << qint64(0) << (100.0 / 90.0) << (1.0 / 3.0) << 0.1 << 1 << 0
        << SkewLevel::Mild;
    QTest::addRow("single-node") << QList<qint64>{5} << 1 << qint64(5) << 5.0 << qint64(5)
                                 << qint64(5) << 1.0 << 0.0 << 0.0 << 0 << 0 << SkewLevel::Balanced;
    QTest::addRow("all-empty") << QList<qint64>{0, 0} << 2 << qint64(0) << 0.0 << qint64(0)
                               << qint64(0) << 0.0 << 0.0 << 0.0 << 2 << 0 << SkewLevel::Empty;
    QTest::addRow("no-nodes") << QList<qint64>{} << 0 << qint64(0) << 0.0 << qint64(0) << qint64(0)
                              << 0.0 << 0.0 << 0.0 << 0 << 0 << SkewLevel::Unknown;
    QTest::addRow("unknown-skipped") << QList<qint64>{-1, 50, 50} << 2 << qint64(100) << 50.0
                                     << qint64(50) << qint64(50) << 1.0 << 0.0 << 0.0 << 0 << 1
                                     << SkewLevel::Balanced;
    QTest::addRow("all-unknown") << QList<qint64>{-1, -1} << 0 << qint64(0) << 0.0 << qint64(0)
                                 << qint64(0) << 0.0 << 0.0 << 0.0 << 0 << 2 << SkewLevel::Unknown;
    // 30M-scale values must not overflow: mean 2e9, max 3e9 -> 1.5.
    QTest::addRow("large") << QList<qint64>{1000000000LL, 2000000000LL, 3000000000LL} << 3
                           << qint64(6000000000LL) << 2e9 << qint64(3000000000LL)
                           << qint64(1000000000LL) << 1.5 << 0.4082483 << (2.0 / 9.0) << 0 << 0
                           << SkewLevel::Mild;
}

void TestSkew::statistics()
{
    QFETCH(QList<qint64>, rows);
    QFETCH(int, nodes);
    QFETCH(qint64, total);
    QFETCH(double, mean);
    QFETCH(qint64, max);
    QFETCH(qint64, min);
    QFETCH(double, maxOverMean);
    QFETCH(double, cv);
    QFETCH(double, gini);
    QFETCH(int, empty);
    QFETCH(int, unknown);
    QFETCH(SkewLevel, level);

    const SkewStats s = Skew::compute(QStringLiteral("t"), rows);
    QCOMPARE(s.logicTable, QStringLiteral("t"));
    QCOMPARE(s.nodes, nodes);
    QCOMPARE(s.totalRows, total);
    QVERIFY2(qAbs(s.mean - mean) < 1e-6, qPrintable(QString::number(s.mean)));
    QCOMPARE(s.max, max);
    QCOMPARE(s.min, min);
    QVERIFY2(qAbs(s.maxOverMean - maxOverMean) < 1e-6, qPrintable(QString::number(s.maxOverMean)));
    QVERIFY2(qAbs(s.coefficientOfVariation - cv) < 1e-6,
             qPrintable(QString::number(s.coefficientOfVariation, 'g', 10)));
    QVERIFY2(qAbs(s.gini - gini) < 1e-6, qPrintable(QString::number(s.gini, 'g', 10)));
    QCOMPARE(s.emptyNodes, empty);
    QCOMPARE(s.unknownNodes, unknown);
    QCOMPARE(Skew::level(s), level);
}

void TestSkew::verdictNamesHottestNode()
{
    // total 50, mean 10, db2.t_messages_1 holds 34 = 3.4x the mean.
    const QList<NodeRows> nodes{
        {DataNode{QStringLiteral("db0"), QStringLiteral("t_messages_0")}, 4},
        {DataNode{QStringLiteral("db1"), QStringLiteral("t_messages_0")}, 4},
        {DataNode{QStringLiteral("db2"), QStringLiteral("t_messages_1")}, 34},
        {DataNode{QStringLiteral("db3"), QStringLiteral("t_messages_1")}, 4},
        {DataNode{QStringLiteral("db3"), QStringLiteral("t_messages_2")}, 4},
    };
    const SkewStats s = Skew::compute(QStringLiteral("t_messages"), nodes);
    QCOMPARE(s.maxNode.toString(), QStringLiteral("db2.t_messages_1"));
    QCOMPARE(s.minNode.toString(), QStringLiteral("db0.t_messages_0"));
    QCOMPARE(Skew::verdict(s), QStringLiteral("severe skew: db2.t_messages_1 holds 3.4x the mean"));
}

void TestSkew::verdictText_data()
{
    QTest::addColumn<QList<qint64>>("rows");
    QTest::addColumn<QString>("verdict");
    QTest::addRow("balanced") << QList<qint64>{100, 110, 90}
                              << QStringLiteral("balanced: max is 1.10x the mean");
    QTest::addRow("mild") << QList<qint64>{10, 20, 30, 40}
                          << QStringLiteral("mild skew: the largest node holds 1.6x the mean");
    QTest::addRow("reference-4-of-16")
        << QList<qint64>{250, 0, 0, 0, 0, 250, 0, 0, 0, 0, 250, 0, 0, 0, 0, 250}
        << QStringLiteral("severe skew: the largest node holds 4.0x the mean; 12 of 16 nodes empty");
    QTest::addRow("empty") << QList<qint64>{0, 0, 0} << QStringLiteral("empty: no rows yet");
    QTest::addRow("unknown") << QList<qint64>{-1} << QStringLiteral("unknown: no row counts; 1 node(s) without a count");
    QTest::addRow("partly-unknown") << QList<qint64>{100, -1, 100}
                                    << QStringLiteral("balanced: max is 1.00x the mean; 1 node(s) without a count");
}

void TestSkew::verdictText()
{
    QFETCH(QList<qint64>, rows);
    QFETCH(QString, verdict);
    QCOMPARE(Skew::verdict(Skew::compute(QStringLiteral("t"), rows)), verdict);
}

void TestSkew::thresholdsAreConfigurable()
{
    const SkewStats s = Skew::compute(QStringLiteral("t"), QList<qint64>{10, 20, 30, 40}); // 1.6x
    QCOMPARE(Skew::level(s), SkewLevel::Mild);
    QCOMPARE(Skew::level(s, SkewThresholds{1.2, 1.5}), SkewLevel::Severe);
    QCOMPARE(Skew::level(s, SkewThresholds{1.7, 3.0}), SkewLevel::Balanced);
}

QTEST_GUILESS_MAIN(TestSkew)
#include "tst_skew.moc"
