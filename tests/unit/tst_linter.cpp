#include "TestPaths.h"

#include "core/analysis/Linter.h"
#include "core/config/ConfigLoader.h"
#include "core/routing/Router.h"

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include <functional>

using namespace sp;

using Mutation = std::function<void(ShardingConfig &)>;
Q_DECLARE_METATYPE(Mutation)

namespace {

SourceLocation at(int line, int column = 3)
{
    return SourceLocation{QStringLiteral("synthetic.yaml"), line, column};
}

StrategyDef standard(const QString &column, const QString &algorithm, int line)
{
    StrategyDef s;
    s.kind = StrategyKind::Standard;
    s.columns << column;
    s.algorithmName = algorithm;
    s.location = at(line, 9);
    return s;
}

AlgorithmDef algorithm(const QString &name, const QString &type, const QMap<QString, QString> &props,
                       int line)
{
    AlgorithmDef a;
    a.name = name;
    a.type = type;
    a.props = props;
    a.location = at(line, 7);
    return a;
}

QList<DataNode> nodes(const QStringList &sources, const QString &prefix, int perSource)
{
    QList<DataNode> out;
    for (const QString &ds : sources)
        for (int i = 0; i < perSource; ++i)
            out << DataNode{ds, prefix + QString::number(i)};
    return out;
}

TableRule table(const QString &name, int line, const QString &dbAlg = QStringLiteral("db-mod"),
                const QString &tbAlg = QStringLiteral("tb-mod"))
{
    TableRule t;
    t.logicTable = name;
    t.location = at(line, 5);
    t.dataNodesLocation = at(line + 1, 26);
    t.dataNodes = nodes({QStringLiteral("ds0"), QStringLiteral("ds1")}, name + QLatin1Char('_'), 2);
    t.databaseStrategy = standard(QStringLiteral("user_id"), dbAlg, line + 2);
    t.tableStrategy = standard(QStringLiteral("order_id"), tbAlg, line + 5);
    return t;
}

// Lines: ds0 2, ds1 5, t_order 10 (nodes 11, db strategy 12, table strategy 15), t_order_item 20
// (21, 22, 25), binding group 30, db-mod 40, tb-mod 44. Nothing in it deserves a finding.
ShardingConfig cleanConfig()
{
    ShardingConfig c;
    c.filePath = QStringLiteral("synthetic.yaml");
    for (int i = 0; i < 2; ++i) {
        DataSourceDef ds;
        ds.name = QStringLiteral("ds") + QString::number(i);
        ds.url = QStringLiteral("jdbc:mysql://db%1:3306/app").arg(i);
        ds.username = QStringLiteral("app");
        ds.location = at(2 + 3 * i);
        c.dataSources << ds;
    }
    c.tables << table(QStringLiteral("t_order"), 10) << table(QStringLiteral("t_order_item"), 20);
    c.bindingGroups << BindingGroup{{QStringLiteral("t_order"), QStringLiteral("t_order_item")}, at(30, 7)};
    const QMap<QString, QString> two{{QStringLiteral("sharding-count"), QStringLiteral("2")}};
    c.algorithms.insert(QStringLiteral("db-mod"),
                        algorithm(QStringLiteral("db-mod"), QStringLiteral("MOD"), two, 40));
    c.algorithms.insert(QStringLiteral("tb-mod"),
                        algorithm(QStringLiteral("tb-mod"), QStringLiteral("MOD"), two, 44));
    return c;
}

TableRule &rule(ShardingConfig &c, const QString &name)
{
    for (TableRule &t : c.tables)
        if (t.logicTable == name)
            return t;
    qFatal("no table");
}

QString dump(const Diagnostics &diags)
{
    QStringList lines;
    for (const Diagnostic &d : diags)
        lines << d.toString();
    return lines.join(QLatin1Char('\n'));
}

QList<Diagnostic> withCode(const Diagnostics &diags, const QString &code)
{
    QList<Diagnostic> out;
    for (const Diagnostic &d : diags)
        if (d.code == code)
            out << d;
    return out;
}

// 1-based line of the first line of the file matching `pattern`.
int lineOf(const QString &path, const QString &pattern)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QRegularExpression re(pattern);
    int line = 0;
    while (!f.atEnd()) {
        ++line;
        if (re.match(QString::fromUtf8(f.readLine())).hasMatch())
            return line;
    }
    return -1;
}

LoadResult loadExample(const QString &name)
{
    const LoadResult r = ConfigLoader::loadFile(test::examplePath(name));
    if (!r.ok())
        qWarning("%s", qPrintable(dump(r.diagnostics)));
    return r;
}

} // namespace

class TestLinter final : public QObject
{
    Q_OBJECT

private slots:
    void cleanConfigHasNoFindings();
    void findings_data();
    void findings();
    void notFired_data();
    void notFired();
    void passwordNeverPrinted();
    void referenceExample_data();
    void referenceExample();
    void referenceReachableMatchesRouter();
    void correctedExampleIsClean();
    void loaderDuplicatesDropped();
    void everyCodeDocumented();
};

void TestLinter::cleanConfigHasNoFindings()
{
    const Diagnostics d = Linter::lint(cleanConfig());
    QVERIFY2(d.isEmpty(), qPrintable(dump(d)));
}

void TestLinter::findings_data()
{
    QTest::addColumn<Mutation>("mutate");
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("severity");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("messagePart");

    const int E = int(Severity::Error), W = int(Severity::Warning), I = int(Severity::Info);
    auto setAlg = [](const QString &name, const QString &type, const QMap<QString, QString> &props) {
        return [=](ShardingConfig &c) {
            c.algorithms[name].type = type;
            c.algorithms[name].props = props;
        };
    };
    const QString count = QStringLiteral("sharding-count");

    QTest::addRow("unreachable-nodes diagonal")
        << Mutation([](ShardingConfig &c) {
               rule(c, QStringLiteral("t_order")).tableStrategy =
                   standard(QStringLiteral("user_id"), QStringLiteral("db-mod"), 15);
           })
        << QStringLiteral("unreachable-nodes") << W << 10
        << QStringLiteral("only 2 of 4 data nodes of t_order can receive rows: ds0.t_order_0, ds1.t_order_1 "
                          "(the database and table strategies both apply 'db-mod'");
    QTest::addRow("unreachable-nodes inline correlated")
        << Mutation([](ShardingConfig &c) {
               c.algorithms.insert(
                   QStringLiteral("db-inline"),
                   algorithm(QStringLiteral("db-inline"), QStringLiteral("INLINE"),
                             {{QStringLiteral("algorithm-expression"), QStringLiteral("ds${user_id % 2}")}},
                             46));
               c.algorithms.insert(QStringLiteral("tb-inline"),
                                   algorithm(QStringLiteral("tb-inline"), QStringLiteral("INLINE"),
                                             {{QStringLiteral("algorithm-expression"),
                                               QStringLiteral("t_order_${user_id % 2}")}},
                                             48));
               TableRule &t = rule(c, QStringLiteral("t_order"));
               t.databaseStrategy = standard(QStringLiteral("user_id"), QStringLiteral("db-inline"), 12);
               t.tableStrategy = standard(QStringLiteral("user_id"), QStringLiteral("tb-inline"), 15);
           })
        << QStringLiteral("unreachable-nodes") << W << 10
        << QStringLiteral("only 2 of 4 data nodes of t_order can receive rows: ds0.t_order_0, ds1.t_order_1; "
                          "never reached");
    QTest::addRow("unreachable-nodes count too small")
        << Mutation(setAlg(QStringLiteral("tb-mod"), QStringLiteral("MOD"), {{count, QStringLiteral("1")}}))
        << QStringLiteral("unreachable-nodes") << W << 10 << QStringLiteral("never reached in");
    QTest::addRow("hash-mod-no-sql") << Mutation(setAlg(QStringLiteral("db-mod"), QStringLiteral("HASH_MOD"),
                                                        {{count, QStringLiteral("2")}}))
                                     << QStringLiteral("hash-mod-no-sql") << W << 40
                                     << QStringLiteral("Java hashCode()");
    QTest::addRow("binding-no-rule") << Mutation([](ShardingConfig &c) {
        c.bindingGroups[0].tables << QStringLiteral("t_missing");
    }) << QStringLiteral("binding-no-rule")
                                     << E << 30 << QStringLiteral("lists t_missing, which has no table rule");
    QTest::addRow("binding-mismatch algorithm") << Mutation([](ShardingConfig &c) {
        c.algorithms.insert(QStringLiteral("tb-hash"),
                            algorithm(QStringLiteral("tb-hash"), QStringLiteral("HASH_MOD"),
                                      {{QStringLiteral("sharding-count"), QStringLiteral("2")}}, 46));
        rule(c, QStringLiteral("t_order_item")).tableStrategy.algorithmName = QStringLiteral("tb-hash");
    }) << QStringLiteral("binding-mismatch") << E
                                                << 20
                                                << QStringLiteral("table algorithm 'tb-mod' vs 'tb-hash'");
    QTest::addRow("binding-mismatch layout") << Mutation([](ShardingConfig &c) {
        rule(c, QStringLiteral("t_order_item")).dataNodes
            << DataNode{QStringLiteral("ds0"), QStringLiteral("t_order_item_2")};
    }) << QStringLiteral("binding-mismatch") << E
                                             << 20 << QStringLiteral("data-node layout");
    QTest::addRow("binding-mismatch column count") << Mutation([](ShardingConfig &c) {
        StrategyDef &s = rule(c, QStringLiteral("t_order_item")).databaseStrategy;
        s.kind = StrategyKind::Complex;
        s.columns << QStringLiteral("tenant_id");
    }) << QStringLiteral("binding-mismatch") << E << 20
                                                   << QStringLiteral("database sharding column count 1 vs 2");
    QTest::addRow("broadcast-has-rule")
        << Mutation([](ShardingConfig &c) {
               c.broadcastTables << BroadcastTable{QStringLiteral("t_order"), at(50)};
           })
        << QStringLiteral("broadcast-has-rule") << E << 50
        << QStringLiteral("t_order is a broadcast table and also has a sharding rule");
    QTest::addRow("broadcast-table")
        << Mutation([](ShardingConfig &c) {
               c.broadcastTables << BroadcastTable{QStringLiteral("t_dict"), at(51)}
                                 << BroadcastTable{QStringLiteral("t_region"), at(52)};
           })
        << QStringLiteral("broadcast-table") << I << 51
        << QStringLiteral("2 broadcast table(s) live in full on every data source (2): t_dict, t_region");
    QTest::addRow("undefined-data-source") << Mutation([](ShardingConfig &c) {
        rule(c, QStringLiteral("t_order")).dataNodes
            << DataNode{QStringLiteral("ds9"), QStringLiteral("t_order_0")};
    }) << QStringLiteral("undefined-data-source")
                                           << E << 11 << QStringLiteral("names data source 'ds9'");
    QTest::addRow("unused-data-source") << Mutation([](ShardingConfig &c) {
        DataSourceDef ds;
        ds.name = QStringLiteral("ds_spare");
        ds.location = at(8);
        c.dataSources << ds;
    }) << QStringLiteral("unused-data-source")
                                        << I << 8 << QStringLiteral("'ds_spare' holds no data node");
    QTest::addRow("duplicate-data-node within")
        << Mutation([](ShardingConfig &c) {
               rule(c, QStringLiteral("t_order")).dataNodes
                   << DataNode{QStringLiteral("ds0"), QStringLiteral("t_order_1")};
           })
        << QStringLiteral("duplicate-data-node") << E << 11
        << QStringLiteral("lists 1 data node(s) more than once: ds0.t_order_1");
    QTest::addRow("duplicate-data-node across")
        << Mutation([](ShardingConfig &c) {
               rule(c, QStringLiteral("t_order_item")).dataNodes[0].table = QStringLiteral("T_ORDER_0");
           })
        << QStringLiteral("duplicate-data-node") << E << 21
        << QStringLiteral("t_order and t_order_item share 1 data node(s)");
    QTest::addRow("undefined-algorithm") << Mutation([](ShardingConfig &c) {
        rule(c, QStringLiteral("t_order")).databaseStrategy.algorithmName = QStringLiteral("nope");
    }) << QStringLiteral("undefined-algorithm")
                                         << E << 12 << QStringLiteral("names algorithm 'nope'");
    QTest::addRow("unused-algorithm") << Mutation([](ShardingConfig &c) {
        c.algorithms.insert(QStringLiteral("spare"),
                            algorithm(QStringLiteral("spare"), QStringLiteral("MOD"),
                                      {{QStringLiteral("sharding-count"), QStringLiteral("2")}}, 48));
    }) << QStringLiteral("unused-algorithm")
                                      << I << 48 << QStringLiteral("'spare' (MOD) is not used");
    QTest::addRow("missing-strategy database") << Mutation([](ShardingConfig &c) {
        rule(c, QStringLiteral("t_order")).databaseStrategy = StrategyDef{};
    }) << QStringLiteral("missing-strategy") << E
                                               << 10 << QStringLiteral("spans 2 data sources");
    QTest::addRow("missing-strategy table none") << Mutation([](ShardingConfig &c) {
        StrategyDef &s = rule(c, QStringLiteral("t_order")).tableStrategy;
        s.kind = StrategyKind::None;
        s.columns.clear();
    }) << QStringLiteral("missing-strategy") << E << 15
                                                 << QStringLiteral("its table strategy is 'none'");
    QTest::addRow("sharding-count too large")
        << Mutation(setAlg(QStringLiteral("tb-mod"), QStringLiteral("MOD"), {{count, QStringLiteral("3")}}))
        << QStringLiteral("sharding-count-mismatch") << E << 15
        << QStringLiteral("results 2 match no target");
    QTest::addRow("sharding-count too small")
        << Mutation(setAlg(QStringLiteral("tb-mod"), QStringLiteral("MOD"), {{count, QStringLiteral("1")}}))
        << QStringLiteral("sharding-count-mismatch") << W << 15
        << QStringLiteral("never chooses 1 of the 2 actual tables of t_order on ds0, ds1: t_order_1");
    QTest::addRow("sharding-count database")
        << Mutation(setAlg(QStringLiteral("db-mod"), QStringLiteral("MOD"), {{count, QStringLiteral("4")}}))
        << QStringLiteral("sharding-count-mismatch") << E << 12
        << QStringLiteral("results 2, 3 match no target");
    auto twelveTables = [](bool descending) {
        return [descending](ShardingConfig &c) {
            c.algorithms.insert(QStringLiteral("tb-mod-12"),
                                algorithm(QStringLiteral("tb-mod-12"), QStringLiteral("MOD"),
                                          {{QStringLiteral("sharding-count"), QStringLiteral("12")}}, 46));
            TableRule &t = rule(c, QStringLiteral("t_order"));
            t.dataNodes =
                nodes({QStringLiteral("ds0"), QStringLiteral("ds1")}, QStringLiteral("t_order_"), 12);
            if (descending)
                std::reverse(t.dataNodes.begin(), t.dataNodes.end());
            t.tableStrategy.algorithmName = QStringLiteral("tb-mod-12");
        };
    };
    QTest::addRow("suffix-ambiguous ascending")
        << Mutation(twelveTables(false)) << QStringLiteral("suffix-ambiguous") << I << 15
        << QStringLiteral("1 -> t_order_1, t_order_11");
    QTest::addRow("suffix-ambiguous divergent")
        << Mutation(twelveTables(true)) << QStringLiteral("suffix-ambiguous") << W << 15
        << QStringLiteral("1 -> t_order_11 (5.0) vs t_order_1 (5.1.1+)");
    QTest::addRow("cannot-evaluate known type")
        << Mutation(setAlg(QStringLiteral("tb-mod"), QStringLiteral("CLASS_BASED"),
                           {{QStringLiteral("strategy"), QStringLiteral("STANDARD")}}))
        << QStringLiteral("cannot-evaluate") << I << 44
        << QStringLiteral("type CLASS_BASED, which ShardPilot does not evaluate");
    QTest::addRow("cannot-evaluate unknown type")
        << Mutation(setAlg(QStringLiteral("tb-mod"), QStringLiteral("FANCY_MOD"), {}))
        << QStringLiteral("cannot-evaluate") << W << 44 << QStringLiteral("unknown type 'FANCY_MOD'");
    QTest::addRow("cannot-evaluate complex strategy") << Mutation([](ShardingConfig &c) {
        for (TableRule &t : c.tables) {
            t.databaseStrategy.kind = StrategyKind::Complex;
            t.databaseStrategy.columns << QStringLiteral("tenant_id");
        }
    }) << QStringLiteral("cannot-evaluate") << I << 12 << QStringLiteral("is a complex strategy");
    QTest::addRow("needs-class-based crc32")
        << Mutation(
               setAlg(QStringLiteral("tb-mod"), QStringLiteral("CRC32_MOD"), {{count, QStringLiteral("2")}}))
        << QStringLiteral("needs-class-based") << I << 44
        << QStringLiteral("CRC32_MOD, a ShardPilot extension");
    QTest::addRow("needs-class-based ring")
        << Mutation(setAlg(QStringLiteral("tb-mod"), QStringLiteral("CONSISTENT_HASH"), {}))
        << QStringLiteral("needs-class-based") << I << 44 << QStringLiteral("CONSISTENT_HASH");
    QTest::addRow("invalid-algorithm") << Mutation(setAlg(QStringLiteral("db-mod"), QStringLiteral("MOD"),
                                                          {{count, QStringLiteral("zero")}}))
                                       << QStringLiteral("invalid-algorithm") << E << 40
                                       << QStringLiteral("'db-mod' (MOD) is misconfigured");
    QTest::addRow("plain-text-password") << Mutation([](ShardingConfig &c) {
        c.dataSources[1].password = QStringLiteral("s3cret-value");
        c.dataSources[1].passwordInFile = true;
    }) << QStringLiteral("plain-text-password")
                                         << W << 5
                                         << QStringLiteral("'ds1' has its password written in the file");
}

void TestLinter::findings()
{
    QFETCH(Mutation, mutate);
    QFETCH(QString, code);
    QFETCH(int, severity);
    QFETCH(int, line);
    QFETCH(QString, messagePart);
    ShardingConfig c = cleanConfig();
    mutate(c);
    const Diagnostics all = Linter::lint(c);
    const QList<Diagnostic> found = withCode(all, code);
    QVERIFY2(!found.isEmpty(), qPrintable(QStringLiteral("no %1 in:\n").arg(code) + dump(all)));
    const auto match = std::find_if(found.begin(), found.end(), [&](const Diagnostic &d) {
        return d.location.line == line && int(d.severity) == severity && d.message.contains(messagePart);
    });
    QVERIFY2(match != found.end(), qPrintable(QStringLiteral("expected %1 at line %2 containing '%3', got:\n")
                                                  .arg(code)
                                                  .arg(line)
                                                  .arg(messagePart) +
                                              dump(found)));
    QCOMPARE(match->location.file, QStringLiteral("synthetic.yaml"));
    QVERIFY(!match->hint.isEmpty());
}

// Near misses: configurations close to a defect that must not trigger the rule.
void TestLinter::notFired_data()
{
    QTest::addColumn<Mutation>("mutate");
    QTest::addColumn<QString>("code");
    for (const QString &code : Linter::codes())
        QTest::addRow("clean %s", qPrintable(code)) << Mutation([](ShardingConfig &) {}) << code;
    QTest::addRow("same algorithm, different columns") << Mutation([](ShardingConfig &c) {
        for (TableRule &t : c.tables)
            t.tableStrategy.algorithmName = QStringLiteral("db-mod");
    }) << QStringLiteral("unreachable-nodes");
    QTest::addRow("crc32 with divisor on one column") << Mutation([](ShardingConfig &c) {
        c.algorithms[QStringLiteral("db-mod")].type = QStringLiteral("CRC32_MOD");
        c.algorithms[QStringLiteral("tb-mod")].type = QStringLiteral("CRC32_MOD");
        c.algorithms[QStringLiteral("tb-mod")].props.insert(QStringLiteral("divisor"),
                                                            QStringLiteral("65536"));
        for (TableRule &t : c.tables)
            t.tableStrategy.columns = QStringList{QStringLiteral("user_id")};
    }) << QStringLiteral("unreachable-nodes");
    QTest::addRow("inline binding differs only by logic name") << Mutation([](ShardingConfig &c) {
        c.algorithms.insert(QStringLiteral("o"), algorithm(QStringLiteral("o"), QStringLiteral("INLINE"),
                                                           {{QStringLiteral("algorithm-expression"),
                                                             QStringLiteral("t_order_${order_id % 2}")}},
                                                           46));
        c.algorithms.insert(QStringLiteral("oi"),
                            algorithm(QStringLiteral("oi"), QStringLiteral("INLINE"),
                                      {{QStringLiteral("algorithm-expression"),
                                        QStringLiteral("t_order_item_${order_id % 2}")}},
                                      48));
        c.algorithms.remove(QStringLiteral("tb-mod"));
        rule(c, QStringLiteral("t_order")).tableStrategy.algorithmName = QStringLiteral("o");
        rule(c, QStringLiteral("t_order_item")).tableStrategy.algorithmName = QStringLiteral("oi");
    }) << QStringLiteral("binding-mismatch");
    QTest::addRow("ten tables, no shared suffix") << Mutation([](ShardingConfig &c) {
        c.algorithms[QStringLiteral("tb-mod")].props[QStringLiteral("sharding-count")] = QStringLiteral("10");
        for (TableRule &t : c.tables)
            t.dataNodes =
                nodes({QStringLiteral("ds0"), QStringLiteral("ds1")}, t.logicTable + QLatin1Char('_'), 10);
    }) << QStringLiteral("suffix-ambiguous");
    QTest::addRow("one data source, no database strategy") << Mutation([](ShardingConfig &c) {
        for (TableRule &t : c.tables) {
            t.databaseStrategy = StrategyDef{};
            t.dataNodes = nodes({QStringLiteral("ds0")}, t.logicTable + QLatin1Char('_'), 2);
        }
    }) << QStringLiteral("missing-strategy");
    QTest::addRow("default database strategy") << Mutation([](ShardingConfig &c) {
        c.defaultDatabaseStrategy = standard(QStringLiteral("user_id"), QStringLiteral("db-mod"), 60);
        for (TableRule &t : c.tables)
            t.databaseStrategy = StrategyDef{};
    }) << QStringLiteral("missing-strategy");
    QTest::addRow("password placeholder") << Mutation([](ShardingConfig &c) {
        c.dataSources[0].password = QStringLiteral("${DB_PASSWORD}");
        c.dataSources[0].passwordInFile = true;
    }) << QStringLiteral("plain-text-password");
    QTest::addRow("password from elsewhere") << Mutation([](ShardingConfig &c) {
        c.dataSources[0].password = QStringLiteral("from-keychain");
        c.dataSources[0].passwordInFile = false;
    }) << QStringLiteral("plain-text-password");
    QTest::addRow("broadcast table without rule") << Mutation([](ShardingConfig &c) {
        c.broadcastTables << BroadcastTable{QStringLiteral("t_dict"), at(50)};
    }) << QStringLiteral("broadcast-has-rule");
}

void TestLinter::notFired()
{
    QFETCH(Mutation, mutate);
    QFETCH(QString, code);
    ShardingConfig c = cleanConfig();
    mutate(c);
    const Diagnostics all = Linter::lint(c);
    QVERIFY2(withCode(all, code).isEmpty(), qPrintable(dump(all)));
}

void TestLinter::passwordNeverPrinted()
{
    ShardingConfig c = cleanConfig();
    c.dataSources[0].password = QStringLiteral("Sup3r-Secret!");
    c.dataSources[0].passwordInFile = true;
    const Diagnostics all = Linter::lint(c);
    QCOMPARE(withCode(all, QStringLiteral("plain-text-password")).size(), 1);
    for (const Diagnostic &d : all) {
        QVERIFY(!d.message.contains(QLatin1String("Sup3r")));
        QVERIFY(!d.hint.contains(QLatin1String("Sup3r")));
    }
}

void TestLinter::referenceExample_data()
{
    QTest::addColumn<int>("sampleKeys");
    QTest::addRow("simulated") << 20000;
    QTest::addRow("analytic only") << 0;
}

void TestLinter::referenceExample()
{
    QFETCH(int, sampleKeys);
    const QString path = test::examplePath(QStringLiteral("fsharechat-reference.yaml"));
    const LoadResult r = loadExample(QStringLiteral("fsharechat-reference.yaml"));
    QVERIFY(!r.config.tables.isEmpty());
    LintOptions options;
    options.sampleKeys = sampleKeys;
    const Diagnostics all = Linter::lint(r.config, options);

    const QList<Diagnostic> unreachable = withCode(all, QStringLiteral("unreachable-nodes"));
    const QStringList tables{QStringLiteral("t_messages"), QStringLiteral("t_user_messages"),
                             QStringLiteral("t_user"),     QStringLiteral("t_friend"),
                             QStringLiteral("t_group"),    QStringLiteral("t_group_member")};
    QCOMPARE(unreachable.size(), tables.size());
    for (const QString &t : tables) {
        const int line = lineOf(path, QStringLiteral("^\\s+%1:\\s*$").arg(t));
        QVERIFY(line > 0);
        const auto it = std::find_if(unreachable.begin(), unreachable.end(), [&](const Diagnostic &d) {
            return d.message.startsWith(
                QStringLiteral(
                    "only 4 of 16 data nodes of %1 can receive rows: db0.%1_0, db1.%1_1, db2.%1_2, db3.%1_3 ")
                    .arg(t));
        });
        QVERIFY2(it != unreachable.end(), qPrintable(t + QLatin1Char('\n') + dump(unreachable)));
        QCOMPARE(it->location.line, line);
        QCOMPARE(it->severity, Severity::Warning);
        QVERIFY(it->hint.contains(QLatin1String("CRC32 % 16")));
        QVERIFY(it->hint.contains(QLatin1String("divisor")));
    }

    const QList<Diagnostic> hashMod = withCode(all, QStringLiteral("hash-mod-no-sql"));
    QCOMPARE(hashMod.size(), 1);
    QCOMPARE(hashMod.first().location.line, lineOf(path, QStringLiteral("^\\s+hash-mod-4:")));
    QVERIFY(hashMod.first().hint.contains(QLatin1String("CRC32(col) % 4")));

    const QList<Diagnostic> noRule = withCode(all, QStringLiteral("binding-no-rule"));
    QCOMPARE(noRule.size(), 2);
    const int groupLine = lineOf(path, QStringLiteral("t_user_session"));
    for (const QString &t : {QStringLiteral("t_user_session"), QStringLiteral("t_user_setting")}) {
        QVERIFY2(std::any_of(noRule.begin(), noRule.end(),
                             [&](const Diagnostic &d) {
                                 return d.message.contains(
                                            QStringLiteral("lists %1, which has no table rule").arg(t)) &&
                                        d.location.line == groupLine && d.severity == Severity::Error;
                             }),
                 qPrintable(dump(noRule)));
    }

    const QList<Diagnostic> broadcast = withCode(all, QStringLiteral("broadcast-table"));
    QCOMPARE(broadcast.size(), 1);
    QVERIFY(broadcast.first().message.endsWith(QLatin1String("t_sensitiveword, t_robot, t_chatroom")));
    QCOMPARE(broadcast.first().location.line, lineOf(path, QStringLiteral("^\\s+- t_sensitiveword")));
    QVERIFY(hasErrors(all));
}

// The nodes the linter calls reachable are exactly those sp::Router hits.
void TestLinter::referenceReachableMatchesRouter()
{
    const LoadResult r = loadExample(QStringLiteral("fsharechat-reference.yaml"));
    const Router router(r.config);
    QSet<QString> hit;
    for (int i = 0; i < 5000; ++i) {
        const RouteResult res =
            router.route(QStringLiteral("t_messages"),
                         ShardingValue{QStringLiteral("target-%1").arg(i * 7919), KeyType::String});
        QVERIFY2(res.ok, qPrintable(res.error));
        hit.insert(res.node.toString());
    }
    QStringList sorted = hit.values();
    sorted.sort();
    const Diagnostics all = Linter::lint(r.config);
    const auto it = std::find_if(all.begin(), all.end(), [](const Diagnostic &d) {
        return d.code == QLatin1String("unreachable-nodes") &&
               d.message.contains(QLatin1String("of t_messages "));
    });
    QVERIFY(it != all.end());
    QVERIFY2(
        it->message.contains(QStringLiteral(": ") + sorted.join(QStringLiteral(", ")) + QStringLiteral(" (")),
        qPrintable(it->message));
}

void TestLinter::correctedExampleIsClean()
{
    const LoadResult r = loadExample(QStringLiteral("fsharechat-crc32.yaml"));
    QVERIFY(r.ok());
    const Diagnostics all = Linter::lint(r.config);
    QVERIFY2(!hasErrors(all), qPrintable(dump(all)));
    QVERIFY2(withCode(all, QStringLiteral("unreachable-nodes")).isEmpty(), qPrintable(dump(all)));
    QVERIFY2(withCode(all, QStringLiteral("hash-mod-no-sql")).isEmpty(), qPrintable(dump(all)));
    QVERIFY(std::none_of(all.begin(), all.end(),
                         [](const Diagnostic &d) { return d.severity == Severity::Warning; }));
    QCOMPARE(withCode(all, QStringLiteral("needs-class-based")).size(), 2);
}

void TestLinter::loaderDuplicatesDropped()
{
    Diagnostic loader;
    loader.code = QStringLiteral("unknown-data-source");
    loader.location = at(11);
    Diagnostic mine = loader;
    mine.code = QStringLiteral("undefined-data-source");
    Diagnostic other = mine;
    other.location.line = 12;
    const Diagnostics kept = Linter::withoutLoaderDuplicates({mine, other}, {loader});
    QCOMPARE(kept.size(), 1);
    QCOMPARE(kept.first().location.line, 12);
}

void TestLinter::everyCodeDocumented()
{
    QFile f(test::sourcePath(QStringLiteral("docs/lint-codes.md")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString doc = QString::fromUtf8(f.readAll());
    for (const QString &code : Linter::codes())
        QVERIFY2(doc.contains(QStringLiteral("## `%1`").arg(code)), qPrintable(code));
}

QTEST_GUILESS_MAIN(TestLinter)
#include "tst_linter.moc"
