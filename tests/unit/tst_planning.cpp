// Expansion planner: predicates, new configs and plans cross-checked against sp::Router.
#include "TestPaths.h"

#include "core/analysis/Linter.h"
#include "core/config/ConfigLoader.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/planning/RingBalance.h"
#include "core/planning/WhatIf.h"
#include "core/routing/Router.h"

#include <QFile>
#include <QSet>
#include <QtTest>

using namespace sp;
using namespace sp::planning;

namespace {

QByteArray readExample(const QString &name)
{
    QFile f(test::examplePath(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// fsharechat-crc32.yaml with its data sources and the database algorithm's props in flow style.
QByteArray flowText()
{
    QByteArray t = readExample(QStringLiteral("fsharechat-crc32.yaml"));
    for (int i = 0; i < 4; ++i) {
        const QByteArray block =
            QByteArray("  db%1:\n    dataSourceClassName: com.zaxxer.hikari.HikariDataSource\n"
                       "    url: jdbc:mysql://mysql-%1:3306/fsharechat\n    username: fsharechat\n")
                .replace("%1", QByteArray::number(i));
        const QByteArray flow =
            QByteArray("  db%1: {dataSourceClassName: com.zaxxer.hikari.HikariDataSource, "
                       "url: \"jdbc:mysql://mysql-%1:3306/fsharechat\", username: fsharechat} # db%1\n")
                .replace("%1", QByteArray::number(i));
        if (!t.contains(block))
            return QByteArray();
        t.replace(block, flow);
    }
    const QByteArray props =
        "crc32-db:\n        type: CRC32_MOD\n        props:\n          sharding-count: 4\n";
    return t.contains(props)
               ? t.replace(props, "crc32-db:\n        type: CRC32_MOD\n        props: {sharding-count: 4}\n")
               : QByteArray();
}

QByteArray ringText()
{
    QByteArray t = readExample(QStringLiteral("fsharechat-crc32.yaml"));
    const QByteArray from = "crc32-db:\n        type: CRC32_MOD\n        props:\n          sharding-count: 4\n";
    const QByteArray to = "crc32-db:\n        type: CONSISTENT_HASH\n        props:\n          virtual-nodes: 160\n";
    return t.contains(from) ? t.replace(from, to) : QByteArray();
}

PlanInput inputFor(const QByteArray &text, const QString &path)
{
    PlanInput in;
    in.configPath = path;
    in.configText = text;
    const LoadResult r = ConfigLoader::loadText(text, path);
    in.config = r.config;
    return in;
}

QStringList sampleKeys(int n)
{
    QStringList keys;
    keys.reserve(n);
    for (int i = 0; i < n; ++i)
        keys << (i % 7 == 0 ? QStringLiteral("飞享-%1").arg(i) : QStringLiteral("user-%1").arg(i * 7919));
    return keys;
}

const MovePair *pairFor(const TablePlan &t, const DataNode &src, const DataNode &dst)
{
    for (const MovePair &p : t.pairs)
        if (p.source == src && p.target == dst)
            return &p;
    return nullptr;
}

} // namespace

class TestPlanning : public QObject
{
    Q_OBJECT
private slots:
    void modDoublePredicates();
    void plansMatchRouter_data();
    void plansMatchRouter();
    void ringAddMovesOnlyToNewNode();
    void hashModIsClientSide();
    void jsonRoundTrip_data();
    void jsonRoundTrip();
    void newConfigKeepsCommentsAndLints_data();
    void newConfigKeepsCommentsAndLints();
    void flowStyleConfigPlans_data();
    void flowStyleConfigPlans();
    void hostileUrlsRoundTrip();
    void predicateSql_data();
    void predicateSql();
    void ringBalanceImprovesWithVirtualNodes();
    void whatIfComparesStrategies();
    void skewAfterFromRows_data();
    void skewAfterFromRows();
    void badRequestsFail_data();
    void badRequestsFail();
};

void TestPlanning::modDoublePredicates()
{
    const PlanInput in = inputFor(readExample(QStringLiteral("fsharechat-crc32.yaml")), QStringLiteral("fsharechat-crc32.yaml"));
    QVERIFY(!in.config.tables.isEmpty());
    PlanInput req = in;
    req.request.strategy = StrategyId::ModDouble;
    for (int i = 4; i < 8; ++i) // urls are given, never guessed
        req.request.newUrls.insert(QStringLiteral("db%1").arg(i), QStringLiteral("jdbc:mysql://mysql-%1:3306/fsharechat").arg(i));
    const PlanOutcome out = makePlan(req);
    QVERIFY2(out.plan, qPrintable(out.error));
    const ExpansionPlan &plan = *out.plan;
    const TablePlan *msgs = nullptr;
    for (const TablePlan &t : plan.tables)
        if (t.logicTable == QLatin1String("t_messages"))
            msgs = &t;
    QVERIFY(msgs);
    QCOMPARE(msgs->pairs.size(), 16);
    for (int i = 0; i < 4; ++i)
        for (int k = 0; k < 4; ++k) {
            const DataNode src{QStringLiteral("db%1").arg(i), QStringLiteral("t_messages_%1").arg(k)};
            const DataNode dst{QStringLiteral("db%1").arg(i + 4), QStringLiteral("t_messages_%1").arg(k)};
            const MovePair *p = pairFor(*msgs, src, dst);
            QVERIFY2(p, qPrintable(src.toString()));
            QCOMPARE(p->predicate.kind, MovePredicate::Kind::Sql);
            QCOMPARE(p->predicate.sql(), QStringLiteral("CRC32(`_target`) % 8 >= 4"));
            QVERIFY(qAbs(p->share - 0.5) < 1e-9);
        }
    QCOMPARE(msgs->actualDataNodesAfter, QStringLiteral("db${0..7}.t_messages_${0..3}"));
    QCOMPARE(plan.dataSourceChanges.size(), 4);
    QCOMPARE(plan.dataSourceChanges.at(0).name, QStringLiteral("db4"));
    QCOMPARE(plan.dataSourceChanges.at(0).url, QStringLiteral("jdbc:mysql://mysql-4:3306/fsharechat"));
    // Broadcast tables are copied whole to each new data source.
    int broadcastPairs = 0;
    for (const TablePlan &t : plan.tables)
        if (t.broadcast)
            for (const MovePair &p : t.pairs) {
                QCOMPARE(p.predicate.kind, MovePredicate::Kind::All);
                ++broadcastPairs;
            }
    QCOMPARE(broadcastPairs, 3 * 4);
    // New tables are created from an existing node's DDL.
    QVERIFY(!plan.creates.isEmpty());
    QCOMPARE(plan.creates.first().dataSource, QStringLiteral("db4"));
    QCOMPARE(plan.creates.first().ddlFrom.dataSource, QStringLiteral("db0"));
}

void TestPlanning::plansMatchRouter_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("strategy");
    QTest::addColumn<int>("to");
    QTest::addColumn<QString>("add");
    QTest::addColumn<int>("vnodes");
    const QByteArray crc = readExample(QStringLiteral("fsharechat-crc32.yaml"));
    QTest::addRow("mod-double 4->8") << crc << int(StrategyId::ModDouble) << 0 << QString() << 0;
    QTest::addRow("remap 4->6") << crc << int(StrategyId::Remap) << 6 << QString() << 0;
    QTest::addRow("remap 4->3") << crc << int(StrategyId::Remap) << 3 << QString() << 0;
    QTest::addRow("remap 4->16") << crc << int(StrategyId::Remap) << 16 << QString() << 0;
    QTest::addRow("dual-master 4->8") << crc << int(StrategyId::DualMaster) << 0 << QString() << 0;
    QTest::addRow("ring add db4") << ringText() << int(StrategyId::Ring) << 0 << QStringLiteral("db4") << 0;
    QTest::addRow("ring vnodes 160->40") << ringText() << int(StrategyId::Ring) << 0 << QString() << 40;
    QTest::addRow("mod -> ring 5 nodes") << crc << int(StrategyId::Ring) << 0 << QStringLiteral("db4") << 0;
}

// For every sampled key: the plan's predicate (evaluated in C++) selects it on the pair
// (old node -> new node) exactly when the two routers disagree, and on no other pair.
void TestPlanning::plansMatchRouter()
{
    QFETCH(QByteArray, text);
    QFETCH(int, strategy);
    QFETCH(int, to);
    QFETCH(QString, add);
    QFETCH(int, vnodes);
    QVERIFY(!text.isEmpty());
    PlanInput in = inputFor(text, QStringLiteral("cfg.yaml"));
    in.request.strategy = StrategyId(strategy);
    in.request.toCount = to;
    if (!add.isEmpty())
        in.request.addNodes = add.split(QLatin1Char(','));
    in.request.virtualNodes = vnodes;
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    const LoadResult next = ConfigLoader::loadText(out.plan->newConfigText.toUtf8(), QStringLiteral("new.yaml"));
    QVERIFY(next.ok());
    const Router oldR(in.config), newR(next.config);
    const QStringList keys = sampleKeys(100000);
    for (const TablePlan &t : out.plan->tables) {
        if (t.broadcast)
            continue;
        int moved = 0;
        for (const QString &k : keys) {
            const ShardingValue v{k, KeyType::String};
            const RouteResult a = oldR.route(t.logicTable, v);
            const RouteResult b = newR.route(t.logicTable, v);
            QVERIFY2(a.ok && b.ok, qPrintable(a.error + b.error));
            int matches = 0;
            DataNode matched;
            for (const MovePair &p : t.pairs) {
                if (p.source != a.node)
                    continue;
                const auto m = p.predicate.matches(k);
                QVERIFY(m.has_value());
                if (*m) {
                    ++matches;
                    matched = p.target;
                }
            }
            if (a.node == b.node) {
                QVERIFY2(matches == 0, qPrintable(t.logicTable + QLatin1Char(' ') + k));
            } else {
                ++moved;
                QVERIFY2(matches == 1, qPrintable(t.logicTable + QLatin1Char(' ') + k + QLatin1Char(' ')
                                                  + a.node.toString() + QStringLiteral("->") + b.node.toString()));
                QCOMPARE(matched, b.node);
            }
        }
        // The expected moved share agrees with the sample (binomial 5 sigma).
        double expected = 0;
        QMap<QString, int> perSource;
        for (const MovePair &p : t.pairs)
            expected += p.share; // share of its source: average over 16 equally likely sources below
        const int sources = int(in.config.table(t.logicTable)->dataNodes.size());
        expected /= sources;
        const double observed = double(moved) / keys.size();
        const double sigma = std::sqrt(expected * (1 - expected) / keys.size());
        QVERIFY2(qAbs(observed - expected) < 5 * sigma + 0.01,
                 qPrintable(QStringLiteral("%1 observed %2 expected %3").arg(t.logicTable).arg(observed).arg(expected)));
    }
}

void TestPlanning::ringAddMovesOnlyToNewNode()
{
    PlanInput in = inputFor(ringText(), QStringLiteral("ring.yaml"));
    in.request.strategy = StrategyId::Ring;
    in.request.addNodes = {QStringLiteral("db4")};
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    const LoadResult next = ConfigLoader::loadText(out.plan->newConfigText.toUtf8(), QStringLiteral("new.yaml"));
    QVERIFY(next.ok());
    const Router oldR(in.config), newR(next.config);
    const QStringList keys = sampleKeys(100000);
    int moved = 0;
    for (const QString &k : keys) {
        const RouteResult a = oldR.route(QStringLiteral("t_messages"), ShardingValue{k, KeyType::String});
        const RouteResult b = newR.route(QStringLiteral("t_messages"), ShardingValue{k, KeyType::String});
        if (a.node != b.node) {
            ++moved;
            QCOMPARE(b.node.dataSource, QStringLiteral("db4"));
        }
    }
    const double share = double(moved) / keys.size();
    QVERIFY2(share > 0.14 && share < 0.26, qPrintable(QString::number(share))); // ~1/5 with 160 vnodes
    for (const TablePlan &t : out.plan->tables)
        for (const MovePair &p : t.pairs) {
            QCOMPARE(p.target.dataSource, QStringLiteral("db4"));
            if (!t.broadcast) {
                QVERIFY(p.predicate.sql().contains(QLatin1String("BETWEEN")));
                QCOMPARE(p.target.table, p.source.table);
            }
        }
}

void TestPlanning::hashModIsClientSide()
{
    PlanInput in = inputFor(readExample(QStringLiteral("fsharechat-reference.yaml")), QStringLiteral("ref.yaml"));
    in.request.strategy = StrategyId::ModDouble;
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    int client = 0;
    for (const TablePlan &t : out.plan->tables)
        for (const MovePair &p : t.pairs)
            if (!t.broadcast) {
                QCOMPARE(p.predicate.kind, MovePredicate::Kind::Client);
                QVERIFY(p.predicate.sql().isEmpty());
                ++client;
            }
    QVERIFY(client > 0);
    bool warned = false;
    for (const Diagnostic &d : out.plan->warnings)
        warned = warned || d.code == QLatin1String("plan.client-side");
    QVERIFY(warned);
    // The shared hash-mod-4 algorithm is split: database level 8, table level stays 4.
    QVERIFY(out.plan->newConfigText.contains(QLatin1String("hash-mod-4-db8")));
    const LoadResult next = ConfigLoader::loadText(out.plan->newConfigText.toUtf8(), QStringLiteral("new.yaml"));
    QVERIFY(next.ok());
    QCOMPARE(next.config.algorithm(QStringLiteral("hash-mod-4"))->props.value(QStringLiteral("sharding-count")), QStringLiteral("4"));
    QCOMPARE(next.config.algorithm(QStringLiteral("hash-mod-4-db8"))->props.value(QStringLiteral("sharding-count")), QStringLiteral("8"));
}

void TestPlanning::jsonRoundTrip_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("strategy");
    const QByteArray crc = readExample(QStringLiteral("fsharechat-crc32.yaml"));
    QTest::addRow("mod-double") << crc << int(StrategyId::ModDouble);
    QTest::addRow("dual-master") << crc << int(StrategyId::DualMaster);
    QTest::addRow("ring") << ringText() << int(StrategyId::Ring);
    QTest::addRow("hash-mod") << readExample(QStringLiteral("fsharechat-reference.yaml")) << int(StrategyId::ModDouble);
}

void TestPlanning::jsonRoundTrip()
{
    QFETCH(QByteArray, text);
    QFETCH(int, strategy);
    PlanInput in = inputFor(text, QStringLiteral("cfg.yaml"));
    in.request.strategy = StrategyId(strategy);
    in.request.addNodes = {QStringLiteral("db4"), QStringLiteral("db5")};
    ClusterSnapshot snap;
    snap.takenAt = QDateTime::currentDateTimeUtc();
    for (const TableRule &t : in.config.tables)
        for (const DataNode &n : t.dataNodes) {
            TableStats s;
            s.node = n;
            s.logicTable = t.logicTable;
            s.estimatedRows = 1000 + n.table.size() * 7;
            s.dataBytes = 65536;
            s.autoIncrement = 1001;
            snap.tables << s;
        }
    in.snapshot = snap;
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    ExpansionPlan plan = *out.plan;
    // Step texts are formatted: QString::arg has no %% escape, so none may be left over.
    for (const PlanStep &st : plan.steps)
        QVERIFY2(!st.title.contains(QLatin1String("%%")) && !st.detail.contains(QLatin1String("%%")),
                 qPrintable(st.title));
    plan.tables[0].pairs[0].exactRows = 4242;
    const QByteArray json = plan.toJsonBytes();
    QVERIFY(json.contains("\"format\": \"shardpilot-plan/1\""));
    QString err;
    const auto back = ExpansionPlan::fromJsonBytes(json, &err);
    QVERIFY2(back, qPrintable(err));
    QVERIFY(*back == plan);
    QCOMPARE(back->toJsonBytes(), json);
    // A changed field breaks equality (the comparison is real).
    ExpansionPlan changed = *back;
    changed.tables[0].pairs[0].share += 0.125;
    QVERIFY(!(changed == plan));
    QVERIFY(!ExpansionPlan::fromJsonBytes(QByteArray("{\"format\":\"other/9\"}"), &err));
    QVERIFY(err.contains(QLatin1String("format")));
    QVERIFY(!ExpansionPlan::fromJsonBytes(QByteArray("{not json"), &err));
}

void TestPlanning::newConfigKeepsCommentsAndLints_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<int>("strategy");
    QTest::addRow("crc32 mod-double") << QStringLiteral("fsharechat-crc32.yaml") << int(StrategyId::ModDouble);
    QTest::addRow("crc32 remap 4->6") << QStringLiteral("fsharechat-crc32.yaml") << int(StrategyId::Remap);
    QTest::addRow("reference mod-double") << QStringLiteral("fsharechat-reference.yaml") << int(StrategyId::ModDouble);
    // t_audit_log lives on ds_0 without a database strategy: it must not be spread over new sources.
    QTest::addRow("native mod-double") << QStringLiteral("native-algorithms.yaml") << int(StrategyId::ModDouble);
    QTest::addRow("native ring + ds_4") << QStringLiteral("native-algorithms.yaml") << int(StrategyId::Ring);
}

void TestPlanning::newConfigKeepsCommentsAndLints()
{
    QFETCH(QString, example);
    QFETCH(int, strategy);
    PlanInput in = inputFor(readExample(example), example);
    in.request.strategy = StrategyId(strategy);
    in.request.toCount = strategy == int(StrategyId::Remap) ? 6 : 0;
    if (strategy == int(StrategyId::Ring))
        in.request.addNodes = {QStringLiteral("ds_4")};
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    const QString newText = out.plan->newConfigText;
    const QStringList oldLines = QString::fromUtf8(in.configText).split(QLatin1Char('\n'));
    int comments = 0;
    for (const QString &l : oldLines)
        if (l.trimmed().startsWith(QLatin1Char('#'))) {
            ++comments;
            QVERIFY2(newText.contains(l), qPrintable(l));
        }
    QVERIFY(comments > 0);
    const LoadResult next = ConfigLoader::loadText(newText.toUtf8(), example);
    QVERIFY(next.ok());
    QSet<QString> before, after;
    for (const Diagnostic &d : Linter::lint(in.config))
        if (d.severity == Severity::Error)
            before << d.code;
    for (const Diagnostic &d : Linter::lint(next.config))
        if (d.severity == Severity::Error)
            after << d.code;
    const QSet<QString> added = after - before;
    QVERIFY2(added.isEmpty(), qPrintable(QStringList(added.values()).join(QLatin1Char(','))));
}

void TestPlanning::flowStyleConfigPlans_data()
{
    QTest::addColumn<int>("strategy");
    QTest::addColumn<int>("to");
    QTest::addColumn<QString>("add");
    QTest::addRow("mod-double") << int(StrategyId::ModDouble) << 0 << QString();
    QTest::addRow("remap 4->6") << int(StrategyId::Remap) << 6 << QString();
    QTest::addRow("remap 4->3") << int(StrategyId::Remap) << 3 << QString();
    QTest::addRow("dual-master") << int(StrategyId::DualMaster) << 0 << QString();
    QTest::addRow("ring + db4") << int(StrategyId::Ring) << 0 << QStringLiteral("db4");
}

// Data sources written `db0: {url: …}` and flow props were "not possible" for every strategy (the
// old line patcher found no url line to copy). Now they plan exactly as the block-style file does.
void TestPlanning::flowStyleConfigPlans()
{
    QFETCH(int, strategy);
    QFETCH(int, to);
    QFETCH(QString, add);
    const QByteArray flow = flowText();
    QVERIFY(!flow.isEmpty());
    PlanInput in = inputFor(flow, QStringLiteral("flow.yaml"));
    PlanInput block =
        inputFor(readExample(QStringLiteral("fsharechat-crc32.yaml")), QStringLiteral("flow.yaml"));
    for (PlanInput *i : {&in, &block}) {
        i->request.strategy = StrategyId(strategy);
        i->request.toCount = to;
        if (!add.isEmpty())
            i->request.addNodes = {add};
    }
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    const PlanOutcome expected = makePlan(block);
    QVERIFY2(expected.plan, qPrintable(expected.error));
    QCOMPARE(out.plan->tables.size(), expected.plan->tables.size());
    for (int i = 0; i < out.plan->tables.size(); ++i)
        QVERIFY2(out.plan->tables.at(i) == expected.plan->tables.at(i),
                 qPrintable(out.plan->tables.at(i).logicTable));
    QCOMPARE(out.plan->dataSourceChanges.size(), expected.plan->dataSourceChanges.size());
    const LoadResult next =
        ConfigLoader::loadText(out.plan->newConfigText.toUtf8(), QStringLiteral("new.yaml"));
    QVERIFY(next.ok());
    for (const DataSourceChange &c : out.plan->dataSourceChanges)
        if (c.added) {
            QVERIFY(next.config.dataSource(c.name));
            if (c.url.isEmpty()) // not given: a placeholder that never resolves, not a guess
                QVERIFY(next.config.dataSource(c.name)->host.endsWith(QLatin1String(".invalid")));
            else
                QCOMPARE(next.config.dataSource(c.name)->url, c.url);
        }
    // Untouched flow lines stay byte-identical, comments included.
    for (const QByteArray &line : flow.split('\n'))
        if (line.startsWith("  db0:") || line.startsWith("  db1:"))
            QVERIFY2(out.plan->newConfigText.toUtf8().contains(line), line.constData());
}

// A url the user types for a new instance ends up in new-config.yaml reading back as itself.
void TestPlanning::hostileUrlsRoundTrip()
{
    for (const QByteArray &text : {flowText(), readExample(QStringLiteral("fsharechat-crc32.yaml"))}) {
        PlanInput in = inputFor(text, QStringLiteral("cfg.yaml"));
        in.request.strategy = StrategyId::ModDouble;
        const QStringList urls{QStringLiteral("jdbc:mysql://h4:3306/fs?x=\"1\""),
                               QStringLiteral("jdbc:mysql://h5:3306/C:\\dir\\"),
                               QStringLiteral("jdbc:mysql://h6:3306/fs #    password: leaked"),
                               QStringLiteral("jdbc:mysql://h7:3306/飞享?tag=a'b #c")};
        for (int i = 0; i < urls.size(); ++i)
            in.request.newUrls.insert(QStringLiteral("db%1").arg(i + 4), urls.at(i));
        const PlanOutcome out = makePlan(in);
        QVERIFY2(out.plan, qPrintable(out.error));
        const LoadResult next =
            ConfigLoader::loadText(out.plan->newConfigText.toUtf8(), QStringLiteral("new.yaml"));
        QVERIFY(next.ok());
        for (int i = 0; i < urls.size(); ++i) {
            const DataSourceDef *d = next.config.dataSource(QStringLiteral("db%1").arg(i + 4));
            QVERIFY(d);
            QCOMPARE(d->url, urls.at(i));
            QVERIFY(!d->passwordInFile);
        }
        // A line break in a url is refused before anything is written (it would end a comment early
        // in create.sql, or add a key to the YAML).
        in.request.newUrls.insert(QStringLiteral("db6"), QStringLiteral("jdbc:mysql://h6:3306/fs\n    password: leaked"));
        const PlanOutcome refused = makePlan(in);
        QVERIFY(!refused.plan);
        QVERIFY2(refused.error.contains(QStringLiteral("control or bidi character U+000A")), qPrintable(refused.error));
    }
}

void TestPlanning::predicateSql_data()
{
    QTest::addColumn<int>("divisor");
    QTest::addColumn<int>("modulus");
    QTest::addColumn<int>("lo");
    QTest::addColumn<int>("hi");
    QTest::addColumn<QString>("sql");
    QTest::addRow("eq") << 1 << 8 << 5 << 5 << QStringLiteral("CRC32(`k`) % 8 = 5");
    QTest::addRow("ge") << 1 << 8 << 4 << 7 << QStringLiteral("CRC32(`k`) % 8 >= 4");
    QTest::addRow("le") << 1 << 8 << 0 << 3 << QStringLiteral("CRC32(`k`) % 8 <= 3");
    QTest::addRow("div") << 65536 << 4 << 2 << 2 << QStringLiteral("(CRC32(`k`) DIV 65536) % 4 = 2");
}

void TestPlanning::predicateSql()
{
    QFETCH(int, divisor);
    QFETCH(int, modulus);
    QFETCH(int, lo);
    QFETCH(int, hi);
    QFETCH(QString, sql);
    HashTerm t;
    t.column = QStringLiteral("k");
    t.divisor = quint32(divisor);
    t.modulus = quint32(modulus);
    t.lo = quint32(lo);
    t.hi = quint32(hi);
    QCOMPARE(t.sql(), sql);
    for (quint64 x : {quint64(0), quint64(5), quint64(12), quint64(131072 + 7), quint64(4294967295u)}) {
        const quint64 r = (x / quint64(divisor)) % quint64(modulus);
        QCOMPARE(t.matchesHash(x), r >= quint64(lo) && r <= quint64(hi));
    }
    HashTerm ranges;
    ranges.kind = HashTerm::Kind::Ranges;
    ranges.column = QStringLiteral("k");
    ranges.ranges = mergeRanges({{10, 20}, {0, 9}, {4000000000u, 4294967295u}});
    QCOMPARE(ranges.ranges.size(), 2);
    QCOMPARE(ranges.sql(), QStringLiteral("(CRC32(`k`) BETWEEN 0 AND 20 OR CRC32(`k`) BETWEEN 4000000000 AND 4294967295)"));
}

void TestPlanning::ringBalanceImprovesWithVirtualNodes()
{
    const QStringList nodes{QStringLiteral("db0"), QStringLiteral("db1"), QStringLiteral("db2"), QStringLiteral("db3")};
    const QList<BalancePoint> series = RingBalance::series(nodes, 1024, 1);
    QCOMPARE(series.size(), 1024);
    QCOMPARE(series.first().virtualNodes, 1);
    QCOMPARE(series.last().virtualNodes, 1024);
    for (const BalancePoint &p : series)
        QVERIFY(p.maxOverMean >= 1.0 - 1e-9);
    // Shares of one ring sum to 1, and many virtual nodes balance better than one.
    const QList<double> shares = RingBalance::shares(HashRing(nodes, 160));
    double sum = 0;
    for (double s : shares)
        sum += s;
    QVERIFY(qAbs(sum - 1.0) < 1e-9);
    QVERIFY(series.at(0).maxOverMean > series.at(1023).maxOverMean);
    QVERIFY(series.at(1023).maxOverMean < 1.15);
}

void TestPlanning::whatIfComparesStrategies()
{
    PlanInput in = inputFor(readExample(QStringLiteral("fsharechat-crc32.yaml")), QStringLiteral("cfg.yaml"));
    const WhatIfReport r = WhatIf::compare(in);
    QCOMPARE(r.rows.size(), 3);
    const WhatIfRow &mod = r.rows.at(0);
    const WhatIfRow &dual = r.rows.at(1);
    QCOMPARE(mod.strategy, StrategyId::ModDouble);
    QVERIFY2(mod.feasible, qPrintable(mod.reason));
    QVERIFY(qAbs(mod.shareMoved - 0.5) < 1e-6);
    QVERIFY(dual.feasible);
    QVERIFY(qAbs(dual.shareCopied - 1.0) < 1e-6); // the whole instance is replicated
    QVERIFY(dual.writeStopSeconds < mod.writeStopSeconds + 1e-9);
    QVERIFY(mod.steps > 0 && dual.steps > 0);
    QVERIFY(!r.toJson().isEmpty());
}

void TestPlanning::skewAfterFromRows_data()
{
    QTest::addColumn<qint64>("hotRows");  // rows of every db0 node
    QTest::addColumn<qint64>("coldRows"); // rows of every other node
    QTest::addColumn<double>("expected"); // max/mean of rows per data source after 4 -> 8
    // db0 and db4 end with 4h / 2 rows each, the others 4c / 2: max/mean = 4h / (h + 3c).
    QTest::addRow("db0 four times the others") << qint64(40000) << qint64(10000) << 8.0 / 3.5;
    QTest::addRow("even") << qint64(20000) << qint64(20000) << 1.0;
    QTest::addRow("too few rows: key shares") << qint64(40) << qint64(10) << 1.0;
}

void TestPlanning::skewAfterFromRows()
{
    QFETCH(qint64, hotRows);
    QFETCH(qint64, coldRows);
    QFETCH(double, expected);
    PlanInput in = inputFor(readExample(QStringLiteral("fsharechat-crc32.yaml")), QStringLiteral("cfg.yaml"));
    in.request.strategy = StrategyId::ModDouble;
    ClusterSnapshot snap;
    snap.takenAt = QDateTime::currentDateTimeUtc();
    snap.exact = true;
    for (const TableRule &t : in.config.tables)
        for (const DataNode &n : t.dataNodes) {
            TableStats st;
            st.node = n;
            st.logicTable = t.logicTable;
            st.exactRows = n.dataSource == QLatin1String("db0") ? hotRows : coldRows;
            snap.tables << st;
        }
    in.snapshot = snap;
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    const TablePlan *messages = nullptr;
    for (const TablePlan &t : out.plan->tables)
        if (t.logicTable == QLatin1String("t_messages"))
            messages = &t;
    QVERIFY(messages);
    QVERIFY2(qAbs(messages->skewAfter - expected) < 1e-3,
             qPrintable(QStringLiteral("skew after %1, expected %2").arg(messages->skewAfter).arg(expected)));
    const WhatIfReport r = WhatIf::compare(in);
    QVERIFY(r.rows.at(0).skewAfter >= messages->skewAfter - 1e-9); // the worst table
}

void TestPlanning::badRequestsFail_data()
{
    QTest::addColumn<int>("strategy");
    QTest::addColumn<int>("to");
    QTest::addColumn<QString>("remove");
    QTest::addColumn<QString>("message");
    QTest::addRow("mod-double to 6") << int(StrategyId::ModDouble) << 6 << QString() << QStringLiteral("remap");
    QTest::addRow("remap without --to") << int(StrategyId::Remap) << 0 << QString() << QStringLiteral("--to");
    QTest::addRow("remap same count") << int(StrategyId::Remap) << 4 << QString() << QStringLiteral("already");
    QTest::addRow("ring remove unknown") << int(StrategyId::Ring) << 0 << QStringLiteral("nope") << QStringLiteral("not on the ring");
}

void TestPlanning::badRequestsFail()
{
    QFETCH(int, strategy);
    QFETCH(int, to);
    QFETCH(QString, remove);
    QFETCH(QString, message);
    PlanInput in = inputFor(readExample(QStringLiteral("fsharechat-crc32.yaml")), QStringLiteral("cfg.yaml"));
    in.request.strategy = StrategyId(strategy);
    in.request.toCount = to;
    if (!remove.isEmpty())
        in.request.removeNodes = {remove};
    const PlanOutcome out = makePlan(in);
    QVERIFY(!out.plan);
    QVERIFY2(out.error.contains(message), qPrintable(out.error));
}

QTEST_GUILESS_MAIN(TestPlanning)
#include "tst_planning.moc"
