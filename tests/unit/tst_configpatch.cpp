// ConfigPatch: the sharding edits of the editor's forms and the planner's new configs, in native and
// Spring Boot spelling, block and flow style, with hostile values; the result loads as intended and
// keeps every untouched line.
#include "core/config/ConfigLoader.h"
#include "core/config/ConfigPatch.h"

#include <QtTest>

using namespace sp;

namespace {

const char *const kNativeBlock = "# native, block style\n"
                                 "dataSources:\n"
                                 "  db0:\n"
                                 "    url: jdbc:mysql://h0:3306/app   # primary\n"
                                 "    username: app\n"
                                 "  db1:\n"
                                 "    url: \"jdbc:mysql://h1:3306/app\"\n"
                                 "    username: app\n"
                                 "rules:\n"
                                 "- !SHARDING\n"
                                 "  tables:\n"
                                 "    t_order:\n"
                                 "      actualDataNodes: db${0..1}.t_order_${0..1}\n"
                                 "      databaseStrategy:\n"
                                 "        standard:\n"
                                 "          shardingColumn: id\n"
                                 "          shardingAlgorithmName: mod\n"
                                 "      tableStrategy:\n"
                                 "        standard:\n"
                                 "          shardingColumn: id\n"
                                 "          shardingAlgorithmName: mod\n"
                                 "  shardingAlgorithms:\n"
                                 "    mod:\n"
                                 "      type: CRC32_MOD\n"
                                 "      props:\n"
                                 "        sharding-count: 2\n";

const char *const kNativeFlow =
    "# native, flow style\n"
    "dataSources:\n"
    "  db0: {url: \"jdbc:mysql://h0:3306/app\", username: app}   # primary\n"
    "  db1: {url: 'jdbc:mysql://h1:3306/app', username: app}\n"
    "rules:\n"
    "- !SHARDING\n"
    "  tables:\n"
    "    t_order:\n"
    "      actualDataNodes: db${0..1}.t_order_${0..1}\n"
    "      databaseStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: mod}}\n"
    "      tableStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: mod}}\n"
    "  shardingAlgorithms:\n"
    "    mod: {type: CRC32_MOD, props: {sharding-count: 2}}\n";

const char *const kAllFlow = "dataSources: {db0: {url: u0}, db1: {url: u1}}\n"
                             "rules:\n"
                             "- !SHARDING\n"
                             "  tables: {t_order: {actualDataNodes: 'db${0..1}.t_order', databaseStrategy: "
                             "{standard: {shardingColumn: id, shardingAlgorithmName: mod}}}}\n"
                             "  shardingAlgorithms: {mod: {type: CRC32_MOD, props: {sharding-count: 2}}}\n";

const char *const kSpring = "spring:\n"
                            "  shardingsphere:\n"
                            "    datasource:\n"
                            "      names: db0,db1\n"
                            "      db0:\n"
                            "        url: jdbc:mysql://h0:3306/app\n"
                            "      db1:\n"
                            "        url: jdbc:mysql://h1:3306/app\n"
                            "\n"
                            "    rules:\n"
                            "      sharding:\n"
                            "        tables:\n"
                            "          t_order:\n"
                            "            actual-data-nodes: db${0..1}.t_order_${0..1}\n"
                            "            database-strategy:\n"
                            "              standard:\n"
                            "                sharding-column: id\n"
                            "                sharding-algorithm-name: hash-mod\n"
                            "            table-strategy:\n"
                            "              standard:\n"
                            "                sharding-column: id\n"
                            "                sharding-algorithm-name: hash-mod\n"
                            "        sharding-algorithms:\n"
                            "          hash-mod:\n"
                            "            type: HASH_MOD\n"
                            "            props:\n"
                            "              sharding-count: 2\n";

ShardingConfig load(const QByteArray &text)
{
    return ConfigLoader::loadText(text, QStringLiteral("patched.yaml")).config;
}

// How many lines of `before` are still there, in order (longest common subsequence of lines).
int keptLines(const QByteArray &before, const QByteArray &after)
{
    const QList<QByteArray> a = before.split('\n');
    const QList<QByteArray> b = after.split('\n');
    std::vector<std::vector<int>> l(size_t(a.size()) + 1, std::vector<int>(size_t(b.size()) + 1, 0));
    for (int i = int(a.size()) - 1; i >= 0; --i)
        for (int j = int(b.size()) - 1; j >= 0; --j)
            l[size_t(i)][size_t(j)] =
                a.at(i) == b.at(j) ? l[size_t(i) + 1][size_t(j) + 1] + 1
                                   : std::max(l[size_t(i) + 1][size_t(j)], l[size_t(i)][size_t(j) + 1]);
    return l[0][0];
}

} // namespace

class TestConfigPatch final : public QObject
{
    Q_OBJECT
private slots:
    void addDataSource_data();
    void addDataSource();
    void removeDataSource_data();
    void removeDataSource();
    void algorithmEdits_data();
    void algorithmEdits();
    void refusals();
    void rewriteDataSourcePart_data();
    void rewriteDataSourcePart();
};

void TestConfigPatch::addDataSource_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("url");
    const QString plain = QStringLiteral("jdbc:mysql://h2:3306/app?useSSL=false");
    const QString hostile = QStringLiteral("jdbc:mysql://h2:3306/a\"p\\p?x='1'\n  evil: true #");
    for (const auto &[name, text] :
         {std::pair{"native block", kNativeBlock}, std::pair{"native flow", kNativeFlow},
          std::pair{"all flow", kAllFlow}, std::pair{"spring boot", kSpring}}) {
        QTest::addRow("%s", name) << QByteArray(text) << plain;
        QTest::addRow("%s, hostile url", name) << QByteArray(text) << hostile;
    }
}

void TestConfigPatch::addDataSource()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, url);
    ConfigPatch p(text);
    QVERIFY2(p.addDataSource(QStringLiteral("db2"), url, QStringLiteral("db1"), QStringLiteral("db1")),
             qPrintable(p.errors().join(QLatin1Char('\n'))));
    QVERIFY(p.ok());
    const ShardingConfig c = load(p.text());
    QCOMPARE(c.dataSources.size(), 3);
    QCOMPARE(c.dataSources.at(2).name, QStringLiteral("db2"));
    QCOMPARE(c.dataSource(QStringLiteral("db2"))->url, url);
    QCOMPARE(c.dataSource(QStringLiteral("db1"))->url, load(text).dataSource(QStringLiteral("db1"))->url);
    const int lines = int(text.split('\n').size());
    if (text.contains("names:")) // Spring Boot lists the data sources once more
        QVERIFY(p.text().contains("names: db0,db1,db2"));
    if (!text.startsWith("dataSources: {")) // one-line flow documents change on their one line
        QCOMPARE(keptLines(text, p.text()), text.contains("names:") ? lines - 1 : lines);
}

void TestConfigPatch::removeDataSource_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addRow("native block") << QByteArray(kNativeBlock);
    QTest::addRow("native flow") << QByteArray(kNativeFlow);
    QTest::addRow("all flow") << QByteArray(kAllFlow);
    QTest::addRow("spring boot") << QByteArray(kSpring);
}

void TestConfigPatch::removeDataSource()
{
    QFETCH(QByteArray, text);
    ConfigPatch p(text);
    QVERIFY2(p.removeDataSource(QStringLiteral("db1")), qPrintable(p.errors().join(QLatin1Char('\n'))));
    const ShardingConfig c = load(p.text());
    QCOMPARE(c.dataSources.size(), 1);
    QCOMPARE(c.dataSources.first().name, QStringLiteral("db0"));
    QVERIFY(!p.text().contains("h1:3306") && !p.text().contains("u1"));
    if (text.contains("names:"))
        QVERIFY(p.text().contains("names: db0\n"));
    QVERIFY(p.text().contains("# primary") || !text.contains("# primary"));
}

void TestConfigPatch::algorithmEdits_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("algorithm");
    QTest::addRow("native block") << QByteArray(kNativeBlock) << QStringLiteral("mod");
    QTest::addRow("native flow") << QByteArray(kNativeFlow) << QStringLiteral("mod");
    QTest::addRow("all flow") << QByteArray(kAllFlow) << QStringLiteral("mod");
    QTest::addRow("spring boot") << QByteArray(kSpring) << QStringLiteral("hash-mod");
}

// The planner's algorithm edits: a prop changed and one added, the algorithm cloned for the
// database level, data nodes widened.
void TestConfigPatch::algorithmEdits()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, algorithm);
    const QString clone = algorithm + QStringLiteral("-db4");
    ConfigPatch p(text);
    QVERIFY2(p.cloneAlgorithmForDatabaseLevel(algorithm, clone),
             qPrintable(p.errors().join(QLatin1Char('\n'))));
    QVERIFY2(p.setAlgorithmProp(clone, QStringLiteral("sharding-count"), QStringLiteral("4")),
             qPrintable(p.errors().join(QLatin1Char('\n'))));
    QVERIFY2(p.setAlgorithmProp(clone, QStringLiteral("divisor"), QStringLiteral("1")),
             qPrintable(p.errors().join(QLatin1Char('\n'))));
    QVERIFY2(p.setAlgorithmField(algorithm, QStringLiteral("type"), QStringLiteral("MOD")),
             qPrintable(p.errors().join(QLatin1Char('\n'))));
    const QString nodes = QStringLiteral("db${0..3}.t_order_${0..1}");
    QVERIFY2(p.setDataNodes(QStringLiteral("t_order"), nodes),
             qPrintable(p.errors().join(QLatin1Char('\n'))));
    const ShardingConfig c = load(p.text());
    const TableRule *t = c.table(QStringLiteral("t_order"));
    QVERIFY(t);
    QCOMPARE(t->actualDataNodesExpr, nodes);
    QCOMPARE(t->databaseStrategy.algorithmName, clone);
    QCOMPARE(c.algorithm(clone)->props.value(QStringLiteral("sharding-count")), QStringLiteral("4"));
    QCOMPARE(c.algorithm(clone)->props.value(QStringLiteral("divisor")), QStringLiteral("1"));
    QCOMPARE(c.algorithm(algorithm)->props.value(QStringLiteral("sharding-count")), QStringLiteral("2"));
    QCOMPARE(c.algorithm(algorithm)->type, QStringLiteral("MOD"));
    if (!text.startsWith("dataSources: {"))
        QCOMPARE(keptLines(text, p.text()), int(text.split('\n').size()) - 3); // nodes, strategy, type
}

void TestConfigPatch::refusals()
{
    ConfigPatch p(kNativeBlock);
    QVERIFY(!p.addDataSource(QStringLiteral("db2"), QStringLiteral("u"), QStringLiteral("nope"),
                             QStringLiteral("db1")));
    QVERIFY(!p.setAlgorithmProp(QStringLiteral("nope"), QStringLiteral("x"), QStringLiteral("1")));
    QVERIFY(!p.setDataNodes(QStringLiteral("t_none"), QStringLiteral("db0.t")));
    QVERIFY(!p.cloneAlgorithmForDatabaseLevel(QStringLiteral("nope"), QStringLiteral("x")));
    QCOMPARE(p.errors().size(), 4);
    QVERIFY(p.errors().at(0).contains(QLatin1String("'nope' not found")));
    QCOMPARE(p.text(), QByteArray(kNativeBlock));
    ConfigPatch broken("a: [1\n");
    QVERIFY(!broken.ok());
    QVERIFY(!broken.set(ConfigPatch::dataNodesPath(QStringLiteral("t")), QStringLiteral("x")));
}

void TestConfigPatch::rewriteDataSourcePart_data()
{
    QTest::addColumn<QString>("expr");
    QTest::addColumn<QStringList>("ds");
    QTest::addColumn<QString>("expected");
    QTest::addRow("range") << QStringLiteral("db${0..3}.t_m_${0..3}")
                           << QStringList{QStringLiteral("db0"), QStringLiteral("db1"), QStringLiteral("db2")}
                           << QStringLiteral("db${0..2}.t_m_${0..3}");
    QTest::addRow("arrow") << QStringLiteral("ds_$->{0..1}.t_$->{0..1}")
                           << QStringList{QStringLiteral("ds_0"), QStringLiteral("ds_1"),
                                          QStringLiteral("ds_2")}
                           << QStringLiteral("ds_$->{0..2}.t_$->{0..1}");
    QTest::addRow("names") << QStringLiteral("db${0..1}.t")
                           << QStringList{QStringLiteral("db0"), QStringLiteral("alpha")}
                           << QStringLiteral("${['db0','alpha']}.t");
    QTest::addRow("single") << QStringLiteral("db${0..1}.t") << QStringList{QStringLiteral("db1")}
                            << QStringLiteral("db1.t");
    QTest::addRow("parts refused") << QStringLiteral("db0.t_0,db1.t_0") << QStringList{QStringLiteral("db0")}
                                   << QString();
}

void TestConfigPatch::rewriteDataSourcePart()
{
    QFETCH(QString, expr);
    QFETCH(QStringList, ds);
    QFETCH(QString, expected);
    Text err;
    QCOMPARE(ConfigPatch::rewriteDataSourcePart(expr, ds, &err), expected);
    QCOMPARE(err.isEmpty(), !expected.isEmpty());
}

QTEST_GUILESS_MAIN(TestConfigPatch)
#include "tst_configpatch.moc"
