#include "TestPaths.h"

#include "core/config/ConfigLoader.h"
#include "core/config/JdbcUrl.h"

#include <QElapsedTimer>
#include <QFile>
#include <QtTest>

using namespace sp;

namespace {

QString dump(const Diagnostics &diags)
{
    QStringList lines;
    for (const Diagnostic &d : diags)
        lines << d.toString();
    return lines.join(QLatin1Char('\n'));
}

const Diagnostic *findCode(const Diagnostics &diags, const QString &code)
{
    for (const Diagnostic &d : diags)
        if (d.code == code)
            return &d;
    return nullptr;
}

// 1-based line of the first line containing `needle` in the file.
int lineOf(const QString &path, const QString &needle)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    int line = 0;
    while (!f.atEnd()) {
        ++line;
        if (QString::fromUtf8(f.readLine()).contains(needle))
            return line;
    }
    return -1;
}

QStringList nodeNames(const TableRule &t)
{
    QStringList out;
    for (const DataNode &n : t.dataNodes)
        out << n.toString();
    return out;
}

LoadResult load(const char *text, const LoadOptions &options = {})
{
    return ConfigLoader::loadText(QByteArray(text), QStringLiteral("mem.yaml"), options);
}

} // namespace

class TestLoader final : public QObject
{
    Q_OBJECT

private slots:
    void examples_data();
    void examples();
    void referenceDetails();
    void crc32Details();
    void nativeAlgorithmsDetails();
    void formsAreEquivalent();
    void locations();
    void unknownKeyWarning();
    void missingUrl();
    void passwordNeverInDiagnostics();
    void defaultDataNodes();
    void otherRulesAreInfo();
    void malformed_data();
    void malformed();
    void refusedQuickly_data();
    void refusedQuickly();
    void inlineBudgetIsGlobal();
    void oversizedFile();
    void jdbcUrl_data();
    void jdbcUrl();
};

void TestLoader::examples_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("form");
    QTest::addColumn<int>("dataSources");
    QTest::addColumn<int>("tables");
    QTest::addColumn<int>("broadcast");
    QTest::addColumn<int>("bindingGroups");

    QTest::addRow("reference") << QStringLiteral("fsharechat-reference.yaml") << int(ConfigForm::SpringBoot) << 4 << 6
                               << 3 << 2;
    QTest::addRow("crc32") << QStringLiteral("fsharechat-crc32.yaml") << int(ConfigForm::Native) << 4 << 6 << 3 << 2;
    QTest::addRow("native-algorithms") << QStringLiteral("native-algorithms.yaml") << int(ConfigForm::Native) << 2
                                       << 6 << 2 << 1;
}

void TestLoader::examples()
{
    QFETCH(QString, file);
    QFETCH(int, form);
    QFETCH(int, dataSources);
    QFETCH(int, tables);
    QFETCH(int, broadcast);
    QFETCH(int, bindingGroups);
    const LoadResult r = ConfigLoader::loadFile(test::examplePath(file));
    QVERIFY2(r.ok(), qPrintable(dump(r.diagnostics)));
    for (const Diagnostic &d : r.diagnostics)
        QVERIFY2(d.severity == Severity::Info, qPrintable(d.toString()));
    QCOMPARE(int(r.config.form), form);
    QCOMPARE(r.config.dataSources.size(), dataSources);
    QCOMPARE(r.config.tables.size(), tables);
    QCOMPARE(r.config.broadcastTables.size(), broadcast);
    QCOMPARE(r.config.bindingGroups.size(), bindingGroups);
    for (const DataSourceDef &ds : r.config.dataSources) {
        QVERIFY(!ds.host.isEmpty());
        QVERIFY(!ds.passwordInFile);
        QVERIFY(ds.location.isValid());
    }
}

void TestLoader::referenceDetails()
{
    const QString path = test::examplePath(QStringLiteral("fsharechat-reference.yaml"));
    const LoadResult r = ConfigLoader::loadFile(path);
    QVERIFY2(r.ok(), qPrintable(dump(r.diagnostics)));
    const ShardingConfig &c = r.config;
    QCOMPARE(c.dataSources.at(3).name, QStringLiteral("db3"));
    QCOMPARE(c.dataSources.at(3).host, QStringLiteral("mysql-3"));
    QCOMPARE(c.dataSources.at(3).port, 3306);
    QCOMPARE(c.dataSources.at(3).database, QStringLiteral("fsharechat"));
    const QStringList expectedTables = {QStringLiteral("t_messages"), QStringLiteral("t_user_messages"),
                                        QStringLiteral("t_user"),     QStringLiteral("t_friend"),
                                        QStringLiteral("t_group"),    QStringLiteral("t_group_member")};
    for (int i = 0; i < expectedTables.size(); ++i) {
        const TableRule &t = c.tables.at(i);
        QCOMPARE(t.logicTable, expectedTables.at(i));
        QCOMPARE(t.dataNodes.size(), 16);
        QCOMPARE(t.dataNodes.first().toString(), QStringLiteral("db0.%1_0").arg(t.logicTable));
        QCOMPARE(t.dataNodes.at(5).toString(), QStringLiteral("db1.%1_1").arg(t.logicTable));
        QCOMPARE(t.dataNodes.last().toString(), QStringLiteral("db3.%1_3").arg(t.logicTable));
        QCOMPARE(t.databaseStrategy.kind, StrategyKind::Standard);
        QCOMPARE(t.databaseStrategy.algorithmName, QStringLiteral("hash-mod-4"));
        QCOMPARE(t.tableStrategy.columns, t.databaseStrategy.columns);
    }
    QCOMPARE(c.table(QStringLiteral("t_messages"))->tableStrategy.columns, QStringList{QStringLiteral("_target")});
    QCOMPARE(c.table(QStringLiteral("T_USER"))->databaseStrategy.columns, QStringList{QStringLiteral("_uid")});
    const AlgorithmDef *a = c.algorithm(QStringLiteral("hash-mod-4"));
    QVERIFY(a);
    QCOMPARE(a->type, QStringLiteral("HASH_MOD"));
    QCOMPARE(a->props.value(QStringLiteral("sharding-count")), QStringLiteral("4"));
    QCOMPARE(a->propLocations.value(QStringLiteral("sharding-count")).line, lineOf(path, QStringLiteral("sharding-count: 4")));
    QCOMPARE(c.bindingGroups.first().tables.size(), 5);
    QCOMPARE(c.bindingGroups.first().tables.last(), QStringLiteral("t_user_setting"));
    QVERIFY(c.isBroadcast(QStringLiteral("t_robot")));
    QVERIFY(!c.isBroadcast(QStringLiteral("t_user")));
}

void TestLoader::crc32Details()
{
    const LoadResult r = ConfigLoader::loadFile(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    QVERIFY2(r.ok(), qPrintable(dump(r.diagnostics)));
    const ShardingConfig &c = r.config;
    for (const TableRule &t : c.tables)
        QCOMPARE(t.dataNodes.size(), 16);
    const TableRule *m = c.table(QStringLiteral("t_messages"));
    QCOMPARE(m->databaseStrategy.columns, QStringList{QStringLiteral("_target")});
    QCOMPARE(c.table(QStringLiteral("t_user_messages"))->tableStrategy.columns, QStringList{QStringLiteral("_uid")});
    const AlgorithmDef *db = c.algorithm(m->databaseStrategy.algorithmName);
    const AlgorithmDef *tb = c.algorithm(m->tableStrategy.algorithmName);
    QVERIFY(db && tb);
    QCOMPARE(db->type, QStringLiteral("CRC32_MOD"));
    QCOMPARE(tb->type, QStringLiteral("CRC32_MOD"));
    QCOMPARE(tb->props.value(QStringLiteral("divisor")), QStringLiteral("65536"));
    QVERIFY(db->name != tb->name);
    // Every table in a binding group has a rule.
    for (const BindingGroup &g : c.bindingGroups)
        for (const QString &t : g.tables)
            QVERIFY2(c.table(t), qPrintable(t));
    QVERIFY(c.isBroadcast(QStringLiteral("t_chatroom")));
}

void TestLoader::nativeAlgorithmsDetails()
{
    const LoadResult r = ConfigLoader::loadFile(test::examplePath(QStringLiteral("native-algorithms.yaml")));
    QVERIFY2(r.ok(), qPrintable(dump(r.diagnostics)));
    const ShardingConfig &c = r.config;
    QSet<QString> types;
    for (const AlgorithmDef &a : c.algorithms)
        types.insert(a.type);
    for (const char *t : {"MOD", "HASH_MOD", "INLINE", "CRC32_MOD", "CONSISTENT_HASH", "CLASS_BASED", "AUTO_INTERVAL"})
        QVERIFY2(types.contains(QLatin1String(t)), t);
    QCOMPARE(c.algorithm(QStringLiteral("order-inline"))->props.value(QStringLiteral("algorithm-expression")),
             QStringLiteral("t_order_${order_id % 2}"));
    QCOMPARE(c.dataSources.at(1).port, 3307);
    QCOMPARE(c.table(QStringLiteral("t_audit_log"))->dataNodes.size(), 2);
    QCOMPARE(c.table(QStringLiteral("t_audit_log"))->dataNodes.last().table, QStringLiteral("t_audit_log_b"));
    // Auto table: AUTO_INTERVAL over 7 days of 86400 s gives 7 + 2 tables, spread round-robin.
    const TableRule *ev = c.table(QStringLiteral("t_event"));
    QVERIFY(ev && ev->autoTable);
    QCOMPARE(ev->dataNodes.size(), 9);
    QCOMPARE(ev->dataNodes.at(0).toString(), QStringLiteral("ds_0.t_event_0"));
    QCOMPARE(ev->dataNodes.at(1).toString(), QStringLiteral("ds_1.t_event_1"));
    QCOMPARE(ev->dataNodes.at(8).toString(), QStringLiteral("ds_0.t_event_8"));
    QVERIFY(c.table(QStringLiteral("t_order"))->keyGenerate.has_value());
    QCOMPARE(c.keyGenerators.value(QStringLiteral("snowflake")).type, QStringLiteral("SNOWFLAKE"));
    QCOMPARE(c.defaultTableStrategy.kind, StrategyKind::None);
}

void TestLoader::formsAreEquivalent()
{
    const LoadResult n = ConfigLoader::loadFile(test::sourcePath(QStringLiteral("tests/data/loader/native-equivalent.yaml")));
    const LoadResult s = ConfigLoader::loadFile(test::sourcePath(QStringLiteral("tests/data/loader/spring-equivalent.yaml")));
    QVERIFY2(n.ok() && n.diagnostics.isEmpty(), qPrintable(dump(n.diagnostics)));
    QVERIFY2(s.ok() && s.diagnostics.isEmpty(), qPrintable(dump(s.diagnostics)));
    QCOMPARE(n.config.form, ConfigForm::Native);
    QCOMPARE(s.config.form, ConfigForm::SpringBoot);
    const ShardingConfig &a = n.config, &b = s.config;
    QCOMPARE(a.dataSources.size(), 2);
    QCOMPARE(b.dataSources.size(), 2);
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(a.dataSources.at(i).name, b.dataSources.at(i).name);
        QCOMPARE(a.dataSources.at(i).host, b.dataSources.at(i).host);
        QCOMPARE(a.dataSources.at(i).port, b.dataSources.at(i).port);
        QCOMPARE(a.dataSources.at(i).database, b.dataSources.at(i).database);
        QCOMPARE(a.dataSources.at(i).username, b.dataSources.at(i).username);
    }
    QCOMPARE(a.dataSources.at(1).host, QStringLiteral("::1"));
    QCOMPARE(a.tables.size(), 2);
    QCOMPARE(b.tables.size(), 2);
    for (int i = 0; i < 2; ++i) {
        const TableRule &x = a.tables.at(i), &y = b.tables.at(i);
        QCOMPARE(x.logicTable, y.logicTable);
        QCOMPARE(nodeNames(x), nodeNames(y));
        QCOMPARE(x.databaseStrategy.kind, y.databaseStrategy.kind);
        QCOMPARE(x.databaseStrategy.columns, y.databaseStrategy.columns);
        QCOMPARE(x.databaseStrategy.algorithmName, y.databaseStrategy.algorithmName);
        QCOMPARE(x.tableStrategy.kind, y.tableStrategy.kind);
        QCOMPARE(x.tableStrategy.columns, y.tableStrategy.columns);
        QCOMPARE(x.tableStrategy.algorithmName, y.tableStrategy.algorithmName);
        QCOMPARE(x.keyGenerate.has_value(), y.keyGenerate.has_value());
    }
    QCOMPARE(nodeNames(a.tables.at(0)), (QStringList{QStringLiteral("db0.t_order_0"), QStringLiteral("db0.t_order_1"),
                                                     QStringLiteral("db1.t_order_0"), QStringLiteral("db1.t_order_1")}));
    QCOMPARE(nodeNames(a.tables.at(1)), (QStringList{QStringLiteral("db0.t_item"), QStringLiteral("db1.t_item")}));
    QCOMPARE(a.tables.at(0).tableStrategy.kind, StrategyKind::Complex);
    QCOMPARE(a.tables.at(0).tableStrategy.columns, (QStringList{QStringLiteral("order_id"), QStringLiteral("user_id")}));
    QCOMPARE(a.tables.at(1).databaseStrategy.kind, StrategyKind::Hint);
    QCOMPARE(a.tables.at(1).tableStrategy.kind, StrategyKind::None);
    QCOMPARE(a.tables.at(0).keyGenerate->generatorName, b.tables.at(0).keyGenerate->generatorName);
    QCOMPARE(a.bindingGroups.size(), 1);
    QCOMPARE(a.bindingGroups.first().tables, b.bindingGroups.first().tables);
    QCOMPARE(a.broadcastTables.size(), 1);
    QCOMPARE(a.broadcastTables.first().name, b.broadcastTables.first().name);
    QCOMPARE(a.defaultShardingColumn, b.defaultShardingColumn);
    QCOMPARE(a.algorithms.keys(), b.algorithms.keys());
    for (const QString &k : a.algorithms.keys()) {
        QCOMPARE(a.algorithms.value(k).type, b.algorithms.value(k).type);
        QCOMPARE(a.algorithms.value(k).props, b.algorithms.value(k).props);
    }
    QCOMPARE(a.algorithm(QStringLiteral("db-mod"))->type, QStringLiteral("MOD")); // upper-cased
    QCOMPARE(a.keyGenerators.keys(), b.keyGenerators.keys());
}

void TestLoader::locations()
{
    const QString path = test::examplePath(QStringLiteral("fsharechat-reference.yaml"));
    const LoadResult r = ConfigLoader::loadFile(path);
    QVERIFY(r.ok());
    const TableRule *t = r.config.table(QStringLiteral("t_user_messages"));
    QVERIFY(t);
    const int tableLine = lineOf(path, QStringLiteral("t_user_messages:"));
    QVERIFY(tableLine > 0);
    QCOMPARE(t->location.file, path);
    QCOMPARE(t->location.line, tableLine);
    QCOMPARE(t->location.column, 11);
    QCOMPARE(t->dataNodesLocation.line, tableLine + 1);
    QCOMPARE(t->dataNodesLocation.column, 32); // start of "db${0..3}..." after "actual-data-nodes: "
    QCOMPARE(t->databaseStrategy.location.line, tableLine + 2);
    QCOMPARE(t->databaseStrategy.location.column, 13);
    QCOMPARE(t->tableStrategy.location.line, tableLine + 6);
    const DataSourceDef *ds = r.config.dataSource(QStringLiteral("db2"));
    QCOMPARE(ds->location.line, lineOf(path, QStringLiteral("db2:")));
    QCOMPARE(r.config.broadcastTables.at(1).location.line, lineOf(path, QStringLiteral("- t_robot")));
    QCOMPARE(r.config.bindingGroups.at(1).location.line, lineOf(path, QStringLiteral("- t_group,t_group_member")));
    QCOMPARE(r.config.algorithm(QStringLiteral("hash-mod-4"))->location.line, lineOf(path, QStringLiteral("hash-mod-4:")));
}

void TestLoader::unknownKeyWarning()
{
    const LoadResult r = load("dataSources:\n"
                              "  ds_0:\n"
                              "    url: jdbc:mysql://h/d\n"
                              "rules:\n"
                              "  - !SHARDING\n"
                              "    tables:\n"
                              "      t_order:\n"
                              "        actualDataNodes: ds_0.t_order\n"
                              "        tableStrategy:\n"
                              "          standard:\n"
                              "            shardingColum: order_id\n"
                              "            shardingAlgorithmName: m\n"
                              "    shardingAlgorithms:\n"
                              "      m: {type: MOD, props: {sharding-count: 1}}\n"
                              "    bindingTable: []\n");
    Diagnostics unknown;
    for (const Diagnostic &d : r.diagnostics)
        if (d.code == QLatin1String("unknown-key"))
            unknown << d;
    QCOMPARE(unknown.size(), 2);
    std::sort(unknown.begin(), unknown.end(),
              [](const Diagnostic &a, const Diagnostic &b) { return a.location.line < b.location.line; });
    QCOMPARE(unknown.at(0).severity, Severity::Warning);
    QCOMPARE(unknown.at(0).location.line, 11);
    QCOMPARE(unknown.at(0).location.column, 13);
    QVERIFY(unknown.at(0).message.contains(QStringLiteral("'shardingColum'")));
    QVERIFY(unknown.at(0).message.contains(QStringLiteral("did you mean 'shardingColumn'")));
    QCOMPARE(unknown.at(1).location.line, 15);
    QVERIFY(unknown.at(1).message.contains(QStringLiteral("did you mean 'bindingTables'")));
    // The misspelt key leaves the standard strategy without a column: that is an error of its own.
    const Diagnostic *missing = findCode(r.diagnostics, QStringLiteral("missing-field"));
    QVERIFY(missing);
    QCOMPARE(missing->location.line, 9);
}

void TestLoader::missingUrl()
{
    const LoadResult r = ConfigLoader::loadFile(test::sourcePath(QStringLiteral("tests/data/malformed/missing-url.yaml")));
    QVERIFY(!r.ok());
    const Diagnostic *d = findCode(r.diagnostics, QStringLiteral("missing-field"));
    QVERIFY(d);
    QVERIFY(d->message.contains(QStringLiteral("'ds_0'")));
    QVERIFY(d->message.contains(QStringLiteral("url")));
    QCOMPARE(d->location.line, 2);
    QCOMPARE(d->location.column, 3);
    QVERIFY(d->location.file.endsWith(QStringLiteral("missing-url.yaml")));
}

void TestLoader::passwordNeverInDiagnostics()
{
    const LoadResult r = load("dataSources:\n"
                              "  ds_0:\n"
                              "    url: jdbc:mysql://h/d\n"
                              "    password: S3cr3t-pw\n"
                              "    pasword: S3cr3t-pw\n"
                              "  ds_1:\n"
                              "    url: jdbc:oracle:thin:@h\n"
                              "    password: ${DB_PASSWORD}\n"
                              "rules:\n"
                              "  - !SHARDING\n"
                              "    tables:\n"
                              "      t_a:\n"
                              "        actualDataNodes: ds_0.t_a\n");
    QVERIFY2(r.ok(), qPrintable(dump(r.diagnostics)));
    QVERIFY(r.config.dataSources.at(0).passwordInFile);
    QVERIFY(!r.config.dataSources.at(1).passwordInFile);
    QVERIFY(findCode(r.diagnostics, QStringLiteral("bad-url")));
    for (const Diagnostic &d : r.diagnostics) {
        QVERIFY(!d.message.contains(QStringLiteral("S3cr3t")));
        QVERIFY(!d.hint.contains(QStringLiteral("S3cr3t")));
    }
}

void TestLoader::defaultDataNodes()
{
    const LoadResult r = load("dataSources:\n"
                              "  a: {url: 'jdbc:mysql://h1/d'}\n"
                              "  b: {url: 'jdbc:mysql://h2/d'}\n"
                              "rules:\n"
                              "- !SHARDING\n"
                              "  tables:\n"
                              "    t_x: {}\n");
    QVERIFY2(r.ok(), qPrintable(dump(r.diagnostics)));
    QCOMPARE(nodeNames(r.config.tables.first()), (QStringList{QStringLiteral("a.t_x"), QStringLiteral("b.t_x")}));
    QCOMPARE(r.config.dataSources.first().port, 3306);
}

void TestLoader::otherRulesAreInfo()
{
    const LoadResult r = load("dataSources:\n"
                              "  a: {url: 'jdbc:mysql://h1/d'}\n"
                              "rules:\n"
                              "- !SHARDING\n"
                              "  tables:\n"
                              "    t_x: {}\n"
                              "- !ENCRYPT\n"
                              "  tables: {}\n");
    QVERIFY(r.ok());
    const Diagnostic *d = findCode(r.diagnostics, QStringLiteral("rule-not-used"));
    QVERIFY(d);
    QCOMPARE(d->severity, Severity::Info);
    QCOMPARE(d->location.line, 7);
}

void TestLoader::malformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("line");

    QTest::addRow("unclosed flow") << QStringLiteral("unclosed-flow.yaml") << QStringLiteral("yaml-syntax") << 7;
    QTest::addRow("unclosed quote") << QStringLiteral("unclosed-quote.yaml") << QStringLiteral("yaml-syntax") << 3;
    QTest::addRow("double colon") << QStringLiteral("double-colon.yaml") << QStringLiteral("yaml-syntax") << 4;
    QTest::addRow("bad indent") << QStringLiteral("bad-indent.yaml") << QStringLiteral("yaml-syntax") << 4;
    QTest::addRow("tab indent") << QStringLiteral("tab-indent.yaml") << QStringLiteral("yaml-syntax") << 4;
    QTest::addRow("not a map") << QStringLiteral("not-a-map.yaml") << QStringLiteral("bad-type") << 1;
    QTest::addRow("empty") << QStringLiteral("empty.yaml") << QStringLiteral("empty-config") << 1;
    QTest::addRow("missing url") << QStringLiteral("missing-url.yaml") << QStringLiteral("missing-field") << 2;
    QTest::addRow("bad data node") << QStringLiteral("bad-data-node.yaml") << QStringLiteral("bad-data-node") << 8;
    QTest::addRow("inline syntax") << QStringLiteral("inline-syntax.yaml") << QStringLiteral("inline-syntax") << 8;
    QTest::addRow("inline too large") << QStringLiteral("inline-too-large.yaml") << QStringLiteral("inline-too-large") << 8;
    QTest::addRow("unknown algorithm") << QStringLiteral("unknown-algorithm.yaml") << QStringLiteral("unknown-algorithm") << 9;
    QTest::addRow("two strategies") << QStringLiteral("two-strategies.yaml") << QStringLiteral("bad-strategy") << 13;
    QTest::addRow("spring without names") << QStringLiteral("spring-no-names.yaml") << QStringLiteral("missing-field") << 3;
    QTest::addRow("algorithm without type") << QStringLiteral("algorithm-no-type.yaml") << QStringLiteral("missing-field") << 7;
    QTest::addRow("deep flow") << QStringLiteral("deep-flow.yaml") << QStringLiteral("yaml-too-deep") << 1;
    QTest::addRow("deep block") << QStringLiteral("deep-block.yaml") << QStringLiteral("yaml-too-deep") << 2;
    QTest::addRow("duplicate table") << QStringLiteral("duplicate-table.yaml") << QStringLiteral("duplicate-table") << 11;
    QTest::addRow("unknown data source") << QStringLiteral("unknown-data-source.yaml") << QStringLiteral("unknown-data-source") << 8;
}

void TestLoader::malformed()
{
    QFETCH(QString, file);
    QFETCH(QString, code);
    QFETCH(int, line);
    const QString path = test::sourcePath(QStringLiteral("tests/data/malformed/") + file);
    QVERIFY(QFile::exists(path));
    const LoadResult r = ConfigLoader::loadFile(path);
    QVERIFY2(!r.ok(), qPrintable(dump(r.diagnostics)));
    const Diagnostic *d = findCode(r.diagnostics, code);
    QVERIFY2(d, qPrintable(dump(r.diagnostics)));
    QCOMPARE(d->severity, Severity::Error);
    QCOMPARE(d->location.file, path);
    QVERIFY2(d->location.line == line, qPrintable(dump(r.diagnostics)));
    QVERIFY(d->location.column > 0);
}

void TestLoader::refusedQuickly_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("code");

    QTest::addRow("flow brackets") << (QByteArray("a: ") + QByteArray(200000, '[')) << QStringLiteral("yaml-too-deep");
    QTest::addRow("flow maps") << (QByteArray("a: ") + QByteArray("{b: ").repeated(50000)) << QStringLiteral("yaml-too-deep");
    QTest::addRow("compact sequences") << QByteArray("- ").repeated(100000) << QStringLiteral("yaml-too-deep");
    QByteArray stairs;
    for (int i = 0; i < 300; ++i)
        stairs += QByteArray(i, ' ') + "k:\n";
    QTest::addRow("indentation") << stairs << QStringLiteral("yaml-too-deep");
    QTest::addRow("oversized inline")
        << QByteArray("dataSources: {ds: {url: 'jdbc:mysql://h/d'}}\nrules:\n- !SHARDING\n  tables:\n"
                      "    t: {actualDataNodes: 'ds.t${0..99999999999}'}\n")
        << QStringLiteral("inline-too-large");
    QByteArray bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 12; ++i)
        bomb += QByteArray("a") + QByteArray::number(i) + ": &a" + QByteArray::number(i) + " [" +
                QByteArray(QByteArray("*a") + QByteArray::number(i - 1) + ", ").repeated(9) + "*a" + QByteArray::number(i - 1) + "]\n";
    bomb += "dataSources: {ds: {url: 'jdbc:mysql://h/d'}}\nrules:\n- !SHARDING\n  broadcastTables: *a11\n";
    QTest::addRow("alias bomb") << bomb << QStringLiteral("bad-type");
}

void TestLoader::refusedQuickly()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, code);
    QElapsedTimer timer;
    timer.start();
    const LoadResult r = ConfigLoader::loadText(text, QStringLiteral("big.yaml"));
    QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(!r.ok());
    const Diagnostic *d = findCode(r.diagnostics, code);
    QVERIFY2(d, qPrintable(dump(r.diagnostics)));
    QVERIFY(d->location.line > 0);
    QVERIFY(r.diagnostics.size() <= 1001);
}

void TestLoader::inlineBudgetIsGlobal()
{
    LoadOptions options;
    options.maxInlineResults = 150;
    const char *text = "dataSources: {ds: {url: 'jdbc:mysql://h/d'}}\n"
                       "rules:\n"
                       "- !SHARDING\n"
                       "  tables:\n"
                       "    t1: {actualDataNodes: 'ds.t1_${0..99}'}\n"
                       "    t2: {actualDataNodes: 'ds.t2_${0..99}'}\n";
    const LoadResult r = load(text, options);
    QVERIFY(!r.ok());
    const Diagnostic *d = findCode(r.diagnostics, QStringLiteral("inline-too-large"));
    QVERIFY(d);
    QCOMPARE(d->location.line, 6);
    QCOMPARE(d->location.column, 36); // the range that no longer fits: 'ds.t2_${0..99}' starts at 28
    options.maxInlineResults = 200;
    QVERIFY(load(text, options).ok());
}

void TestLoader::oversizedFile()
{
    LoadOptions options;
    options.maxFileBytes = 100;
    const LoadResult r = ConfigLoader::loadText(QByteArray(200, '#'), QStringLiteral("x.yaml"), options);
    QVERIFY(!r.ok());
    QCOMPARE(r.diagnostics.first().code, QStringLiteral("file-too-large"));
}

void TestLoader::jdbcUrl_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("database");

    QTest::addRow("mysql") << QStringLiteral("jdbc:mysql://mysql-0:3306/fsharechat") << true << QStringLiteral("mysql-0")
                           << 3306 << QStringLiteral("fsharechat");
    QTest::addRow("params") << QStringLiteral("jdbc:mysql://10.1.2.3:3310/db_1?useSSL=false&serverTimezone=UTC") << true
                            << QStringLiteral("10.1.2.3") << 3310 << QStringLiteral("db_1");
    QTest::addRow("mariadb default port") << QStringLiteral("jdbc:mariadb://db.example.com/app") << true
                                          << QStringLiteral("db.example.com") << 3306 << QStringLiteral("app");
    QTest::addRow("ipv6") << QStringLiteral("jdbc:mysql://[::1]:3307/x") << true << QStringLiteral("::1") << 3307
                          << QStringLiteral("x");
    QTest::addRow("ipv6 no port") << QStringLiteral("jdbc:mariadb://[fe80::1]/x") << true << QStringLiteral("fe80::1")
                                  << 3306 << QStringLiteral("x");
    QTest::addRow("failover list") << QStringLiteral("jdbc:mysql://h1:3301,h2:3302/x") << true << QStringLiteral("h1")
                                   << 3301 << QStringLiteral("x");
    QTest::addRow("no schema") << QStringLiteral("jdbc:mysql://h") << true << QStringLiteral("h") << 3306 << QString();
    QTest::addRow("postgres") << QStringLiteral("jdbc:postgresql://h/x") << false << QString() << 0 << QString();
    QTest::addRow("bad port") << QStringLiteral("jdbc:mysql://h:99999/x") << false << QString() << 0 << QString();
    QTest::addRow("not jdbc") << QStringLiteral("mysql://h/x") << false << QString() << 0 << QString();
    QTest::addRow("unclosed ipv6") << QStringLiteral("jdbc:mysql://[::1/x") << false << QString() << 0 << QString();
}

void TestLoader::jdbcUrl()
{
    QFETCH(QString, url);
    QFETCH(bool, ok);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, database);
    const JdbcUrl u = JdbcUrl::parse(url);
    QCOMPARE(u.ok, ok);
    if (!ok) {
        QVERIFY(!u.error.isEmpty());
        return;
    }
    QCOMPARE(u.host, host);
    QCOMPARE(u.port, port);
    QCOMPARE(u.database, database);
}

QTEST_GUILESS_MAIN(TestLoader)
#include "tst_loader.moc"
