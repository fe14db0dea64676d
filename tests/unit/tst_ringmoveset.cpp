// The migration engine's view of ring plans, without a server: a node added writes into new tables
// (the run owns them whole); a node removed drains into live data nodes, whose scope is the OR of
// the pairs' CRC32 arc predicates; a plan moving rows into a live data node without an SQL
// predicate is refused (the run could not tell its rows from the table's own).
#include "TestPaths.h"

#include "core/config/ConfigLoader.h"
#include "core/migration/MoveSet.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/routing/Router.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sp;
using namespace sp::migration;
using namespace sp::planning;

class TestRingMoveSet final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString &name, const QByteArray &text)
    {
        QFile f(m_dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(text);
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        return f.fileName();
    }

    static QByteArray read(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    // Plans `rq` on `text`, then builds the engine's move set with endpoints from an admin option file.
    ShardingConfig m_newConfig; // the last build()'s new config

    bool build(const QByteArray &text, PlanRequest rq, MoveSet *moves, QString *error)
    {
        PlanInput in;
        in.configPath = write(QStringLiteral("cluster.yaml"), text);
        in.configText = text;
        in.config = ConfigLoader::loadText(text, in.configPath).config;
        in.request = rq;
        const PlanOutcome out = makePlan(in);
        if (!out.plan) {
            *error = QStringLiteral("no plan: ") + out.error;
            return false;
        }
        const LoadResult next = ConfigLoader::loadText(out.plan->newConfigText.toUtf8(), QStringLiteral("new.yaml"));
        m_newConfig = next.config;
        RunSpec spec;
        spec.configPath = in.configPath;
        spec.adminDefaultsFile = write(QStringLiteral("admin.cnf"), "[client]\nuser=admin\npassword=secret\n");
        Endpoints endpoints;
        return endpoints.resolve(next.config, spec, error) && moves->build(*out.plan, next.config, endpoints, error);
    }

private slots:
    // The copy routes rows by the bytes it read (routeFast); it must send every row where route() does:
    // ASCII, non-ASCII and invalid UTF-8 keys, text and integer keys.
    void routeFastAgreesWithRoute()
    {
        PlanRequest rq;
        rq.strategy = StrategyId::Ring;
        rq.addNodes = {QStringLiteral("ds3")};
        rq.newUrls.insert(QStringLiteral("ds3"), QStringLiteral("jdbc:mysql://10.0.0.13:3306/chat"));
        MoveSet moves;
        QString why;
        QVERIFY2(build(read(test::sourcePath(QStringLiteral("tests/data/ring-3.yaml"))), rq, &moves, &why), qPrintable(why));
        const Router router(m_newConfig);
        for (const KeyType type : {KeyType::String, KeyType::Integer}) {
            int fast = 0, moved = 0;
            for (MoveUnit &u : moves.units()) {
                ColumnInfo c;
                c.name = QStringLiteral("_target");
                c.kind = type == KeyType::Integer ? ColumnKind::Int : ColumnKind::Text;
                u.info.columns = {c.name};
                u.info.cols = {c};
                u.info.shardColumn = 0;
                u.info.keyType = type;
                for (int i = 0; i < 3000; ++i) {
                    // Integer keys as the server may print them: ZEROFILL's leading zeros, YEAR's "0000".
                    const QByteArray key = type == KeyType::Integer
                                               ? (i % 4 == 0 ? QByteArray::number(i).rightJustified(8, '0')
                                                             : QByteArray::number(qint64(i) * 7919 - 5000))
                                           : i % 3 == 0 ? QByteArray("user") + QByteArray::number(i)
                                           : i % 3 == 1 ? QByteArray("\xE7\x94\xA8\xE6\x88\xB7") + QByteArray::number(i)
                                                        : QByteArray("\xFF\xFE") + QByteArray::number(i); // not UTF-8
                    const QList<QVariant> row{type == KeyType::Integer ? QVariant(key.toLongLong()) : QVariant(key)};
                    // Expected: the router's exact path (ShardingValue text, no fast form), mapped to the unit.
                    const RouteResult exact = router.route(u.logicTable, ShardingValue{type == KeyType::Integer
                                                                                            ? QString::number(key.toLongLong())
                                                                                            : QString::fromUtf8(key),
                                                                                        type});
                    QVERIFY2(exact.ok, qPrintable(exact.error));
                    int expected = exact.node == u.source ? -1 : -2;
                    for (int k = 0; k < u.targets.size(); ++k)
                        if (u.targets.at(k).node == exact.node)
                            expected = k;
                    const RowRoute slow = moves.route(u, row);
                    QCOMPARE(slow.ok, expected != -2);
                    if (slow.ok)
                        QCOMPARE(slow.targets.isEmpty() ? -1 : slow.targets.first(), expected);
                    int t = -7;
                    const bool decided = moves.routeFast(u, QByteArrayView(key), &t);
                    if (expected == -2) { // a key this source does not hold under the old config: route() words it
                        QVERIFY(!decided);
                        continue;
                    }
                    if (!decided)
                        continue;
                    ++fast;
                    QCOMPARE(t, expected);
                    moved += t >= 0;
                }
            }
            QVERIFY(fast > 0);
            QVERIFY(moved > 0);
        }
    }

    void addedNodeOwnsItsTables()
    {
        PlanRequest rq;
        rq.strategy = StrategyId::Ring;
        rq.addNodes = {QStringLiteral("ds3")};
        rq.newUrls.insert(QStringLiteral("ds3"), QStringLiteral("jdbc:mysql://10.0.0.13:3306/chat"));
        MoveSet moves;
        QString why;
        QVERIFY2(build(read(test::sourcePath(QStringLiteral("tests/data/ring-3.yaml"))), rq, &moves, &why), qPrintable(why));
        QCOMPARE(moves.units().size(), 6); // ds0..ds2 x t_messages_0/1
        for (const MoveUnit &u : moves.units()) {
            QVERIFY(u.pushdownSql.contains(QLatin1String("CRC32(`_target`) BETWEEN ")));
            for (const MoveTarget &t : u.targets) {
                QCOMPARE(t.node.dataSource, QStringLiteral("ds3"));
                QVERIFY(!t.existing);
                QVERIFY(moves.targetScope(t.instance, t.schema, t.node.table).isEmpty());
            }
        }
    }

    void drainedNodeScopesLiveTargets()
    {
        PlanRequest rq;
        rq.strategy = StrategyId::Ring;
        rq.removeNodes = {QStringLiteral("ds1")};
        MoveSet moves;
        QString why;
        QVERIFY2(build(read(test::sourcePath(QStringLiteral("tests/data/ring-3.yaml"))), rq, &moves, &why), qPrintable(why));
        QCOMPARE(moves.units().size(), 2); // ds1.t_messages_0 and _1
        int targets = 0;
        for (const MoveUnit &u : moves.units()) {
            QCOMPARE(u.source.dataSource, QStringLiteral("ds1"));
            for (const MoveTarget &t : u.targets) {
                QVERIFY(t.node.dataSource == QLatin1String("ds0") || t.node.dataSource == QLatin1String("ds2"));
                QCOMPARE(t.node.table, u.source.table);
                QVERIFY(t.existing);
                // One feed per live table here: its scope is that pair's predicate.
                QCOMPARE(moves.targetScope(t.instance, t.schema, t.node.table),
                         QStringLiteral("((") + t.predicateSql + QStringLiteral("))"));
                QVERIFY(t.predicateSql.contains(QLatin1String("CRC32(`_target`) BETWEEN ")));
                ++targets;
            }
        }
        QCOMPARE(targets, 4);
    }

    void liveTargetWithoutSqlPredicateRefused()
    {
        // HASH_MOD (Java hashCode) has no SQL form: remapping 2 -> 3 moves rows between the two
        // existing data sources too.
        const QByteArray text = "dataSources:\n"
                                "  ds0:\n    url: jdbc:mysql://10.0.0.10:3306/chat\n    username: chat\n"
                                "  ds1:\n    url: jdbc:mysql://10.0.0.11:3306/chat\n    username: chat\n"
                                "rules:\n  - !SHARDING\n    tables:\n      t_order:\n"
                                "        actualDataNodes: ds${0..1}.t_order\n"
                                "        databaseStrategy:\n          standard:\n            shardingColumn: user_id\n"
                                "            shardingAlgorithmName: hm\n"
                                "    shardingAlgorithms:\n      hm:\n        type: HASH_MOD\n        props:\n"
                                "          sharding-count: 2\n";
        PlanRequest rq;
        rq.strategy = StrategyId::Remap;
        rq.toCount = 3;
        rq.newUrls.insert(QStringLiteral("ds2"), QStringLiteral("jdbc:mysql://10.0.0.12:3306/chat"));
        MoveSet moves;
        QString why;
        QVERIFY(!build(text, rq, &moves, &why));
        QVERIFY2(why.contains(QLatin1String("a data node that already holds rows, without an SQL predicate")), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(TestRingMoveSet)
#include "tst_ringmoveset.moc"
