// Pure exporters: password redaction, JSON routing table, stats CSV, HTML report.
#include "TestPaths.h"
#include "core/analysis/ConfigExport.h"
#include "core/analysis/StatsExport.h"
#include "core/config/ConfigLoader.h"
#include "core/routing/Hash.h"
#include "core/routing/HashRing.h"
#include "core/routing/Router.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace sp;
using namespace sp::exporting;

class TestExport final : public QObject
{
    Q_OBJECT
private slots:
    void redact_data();
    void redact();
    void redactKeepsEverythingElse();
    void routingJsonFsharechat();
    void routingJsonConsistentHashRing();
    void csvField_data();
    void csvField();
    void statsCsv();
    void htmlReport();
    void heatColor();
    void reportColourScale();
};

void TestExport::redact_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<int>("secrets");
    QTest::addRow("plain") << QByteArray("    password: s3cret\n") << QByteArray("    password: \"******\"\n") << 1;
    QTest::addRow("quoted") << QByteArray("password: \"a #b\"\n") << QByteArray("password: \"******\"\n") << 1;
    QTest::addRow("single-quoted") << QByteArray("password: 'x''y'  # root\n")
                                   << QByteArray("password: \"******\"  # root\n") << 1;
    QTest::addRow("comment kept") << QByteArray("password: pw # from vault\n")
                                  << QByteArray("password: \"******\" # from vault\n") << 1;
    QTest::addRow("kebab key") << QByteArray("  spring.datasource.db0.password: pw\n")
                               << QByteArray("  spring.datasource.db0.password: \"******\"\n") << 1;
    QTest::addRow("camel key") << QByteArray("  rootPassword: pw\n") << QByteArray("  rootPassword: \"******\"\n") << 1;
    QTest::addRow("pwd") << QByteArray("pwd: x\n") << QByteArray("pwd: \"******\"\n") << 1;
    QTest::addRow("empty stays") << QByteArray("password:\n") << QByteArray("password:\n") << 0;
    QTest::addRow("empty quotes stay") << QByteArray("password: ''\n") << QByteArray("password: ''\n") << 0;
    QTest::addRow("url param") << QByteArray("url: jdbc:mysql://h:3306/db?user=u&password=p1&useSSL=false\n")
                               << QByteArray("url: jdbc:mysql://h:3306/db?user=u&password=******&useSSL=false\n") << 1;
    QTest::addRow("not a password key") << QByteArray("passwordInFile: true\n")
                                        << QByteArray("passwordInFile: true\n") << 0;
    QTest::addRow("utf8") << QByteArray("password: 飞享\nname: 飞享\n") << QByteArray("password: \"******\"\nname: 飞享\n") << 1;
}

void TestExport::redact()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    QFETCH(int, secrets);
    QCOMPARE(redactConfigText(input), expected);
    QCOMPARE(countSecrets(input), secrets);
    QCOMPARE(countSecrets(redactConfigText(input)), secrets); // ****** itself is still "a value"
}

void TestExport::redactKeepsEverythingElse()
{
    QFile f(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray original = f.readAll();
    QCOMPARE(redactConfigText(original), original); // no secrets: byte for byte
    QByteArray withSecret = original;
    withSecret.replace("username: fsharechat\n", "username: fsharechat\n    password: Sup3r-Secret\n");
    QVERIFY(withSecret.contains("Sup3r-Secret"));
    const QByteArray red = redactConfigText(withSecret);
    QVERIFY(!red.contains("Sup3r-Secret"));
    QCOMPARE(countSecrets(withSecret), 4);
    // The redacted text still loads to the same topology.
    const LoadResult a = ConfigLoader::loadText(original, QStringLiteral("a.yaml"));
    const LoadResult b = ConfigLoader::loadText(red, QStringLiteral("b.yaml"));
    QVERIFY(a.ok());
    QVERIFY(b.ok());
    QCOMPARE(b.config.tables.size(), a.config.tables.size());
    // "******" is an export's placeholder, never taken for the password.
    QVERIFY(b.config.dataSources.constFirst().password.isEmpty());
    QVERIFY(b.config.dataSources.constFirst().passwordPlaceholder);
}

static QJsonObject tableJson(const QJsonDocument &doc, const QString &name)
{
    for (const QJsonValue &v : doc.object().value(QStringLiteral("tables")).toArray())
        if (v.toObject().value(QStringLiteral("logicTable")).toString() == name)
            return v.toObject();
    return {};
}

void TestExport::routingJsonFsharechat()
{
    const LoadResult load = ConfigLoader::loadFile(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    QVERIFY(load.ok());
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(routingTableJson(load.config), &err);
    QCOMPARE(err.error, QJsonParseError::NoError);
    QCOMPARE(doc.object().value(QStringLiteral("tables")).toArray().size(), load.config.tables.size());
    const QJsonObject t = tableJson(doc, QStringLiteral("t_messages"));
    QVERIFY(!t.isEmpty());
    const QJsonArray nodes = t.value(QStringLiteral("dataNodes")).toArray();
    QCOMPARE(nodes.size(), 16);
    const TableRule *rule = load.config.table(QStringLiteral("t_messages"));
    QVERIFY(rule);
    for (int i = 0; i < nodes.size(); ++i) {
        QCOMPARE(nodes.at(i).toObject().value(QStringLiteral("dataSource")).toString(), rule->dataNodes.at(i).dataSource);
        QCOMPARE(nodes.at(i).toObject().value(QStringLiteral("table")).toString(), rule->dataNodes.at(i).table);
    }
    const QJsonObject db = t.value(QStringLiteral("databaseStrategy")).toObject();
    QCOMPARE(db.value(QStringLiteral("type")).toString(), QStringLiteral("CRC32_MOD"));
    QCOMPARE(db.value(QStringLiteral("props")).toObject().value(QStringLiteral("sharding-count")).toString(),
             QStringLiteral("4"));
    QCOMPARE(db.value(QStringLiteral("targets")).toArray().size(), 4);
}

void TestExport::routingJsonConsistentHashRing()
{
    const LoadResult load = ConfigLoader::loadFile(test::examplePath(QStringLiteral("native-algorithms.yaml")));
    QVERIFY(load.ok());
    const QJsonDocument doc = QJsonDocument::fromJson(routingTableJson(load.config));
    const Router router(load.config);
    int rings = 0;
    int compared = 0;
    for (const QJsonValue &tv : doc.object().value(QStringLiteral("tables")).toArray()) {
        const QJsonObject t = tv.toObject();
        for (const char *level : {"databaseStrategy", "tableStrategy"}) {
            const QJsonObject s = t.value(QLatin1String(level)).toObject();
            if (s.value(QStringLiteral("type")).toString() != QLatin1String("CONSISTENT_HASH"))
                continue;
            ++rings;
            const QJsonObject ring = s.value(QStringLiteral("ring")).toObject();
            const QJsonArray points = ring.value(QStringLiteral("points")).toArray();
            const int targets = int(s.value(QStringLiteral("targets")).toArray().size());
            QCOMPARE(points.size(), targets * ring.value(QStringLiteral("virtualNodes")).toInt());
            qint64 previous = -1;
            for (const QJsonValue &p : points) {
                const qint64 h = p.toObject().value(QStringLiteral("hash")).toInteger();
                QVERIFY2(h >= previous, "ring points must be sorted by hash");
                previous = h;
            }
            // A service routing with these points lands where the Router does: first point >= crc32.
            if (QLatin1String(level) == QLatin1String("tableStrategy") && targets > 0) {
                const QString table = t.value(QStringLiteral("logicTable")).toString();
                for (const QString &key : {QStringLiteral("7"), QStringLiteral("10086"), QStringLiteral("123457")}) {
                    const quint32 h = hash::crc32(QByteArrayView(key.toUtf8()));
                    QString node = points.first().toObject().value(QStringLiteral("node")).toString();
                    for (const QJsonValue &p : points)
                        if (p.toObject().value(QStringLiteral("hash")).toInteger() >= qint64(h)) {
                            node = p.toObject().value(QStringLiteral("node")).toString();
                            break;
                        }
                    const RouteResult r = router.route(table, ShardingValue{key, KeyType::Auto});
                    QVERIFY2(r.ok, qPrintable(r.error));
                    QCOMPARE(r.node.table, node);
                    ++compared;
                }
            }
        }
    }
    QVERIFY2(rings > 0, "native-algorithms.yaml has a CONSISTENT_HASH table");
    QVERIFY(compared > 0);
}

void TestExport::csvField_data()
{
    QTest::addColumn<QString>("in");
    QTest::addColumn<QString>("out");
    QTest::addRow("plain") << QStringLiteral("db0") << QStringLiteral("db0");
    QTest::addRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
    QTest::addRow("quote") << QStringLiteral("say \"hi\"") << QStringLiteral("\"say \"\"hi\"\"\"");
    // Control and bidi characters never reach the file raw (one record per line, nothing a viewer
    // acts on); a leading = + - @ is a spreadsheet formula: neutralised with an apostrophe and quoted.
    QTest::addRow("newline") << QStringLiteral("a\nb") << QStringLiteral("a\\x0ab");
    QTest::addRow("carriage return") << QStringLiteral("a\rb") << QStringLiteral("a\\x0db");
    QTest::addRow("tab") << QStringLiteral("a\tb") << QStringLiteral("a\\x09b");
    QTest::addRow("escape") << QStringLiteral("t\x1b[31mred") << QStringLiteral("t\\x1b[31mred");
    QTest::addRow("nul") << QString::fromUtf16(u"a\u0000b", 3) << QStringLiteral("a\\x00b");
    QTest::addRow("bidi override") << QString::fromUtf16(u"evil\u202Etxt.exe") << QStringLiteral("evil\\u202etxt.exe");
    QTest::addRow("formula =") << QStringLiteral("=HYPERLINK(\"http://x\")")
                               << QStringLiteral("\"'=HYPERLINK(\"\"http://x\"\")\"");
    QTest::addRow("formula +") << QStringLiteral("+1+1") << QStringLiteral("\"'+1+1\"");
    QTest::addRow("formula -") << QStringLiteral("-2+3") << QStringLiteral("\"'-2+3\"");
    QTest::addRow("formula @") << QStringLiteral("@SUM(A1)") << QStringLiteral("\"'@SUM(A1)\"");
    QTest::addRow("formula after tab") << QStringLiteral("\t=1") << QStringLiteral("\\x09=1");
    QTest::addRow("empty") << QString() << QString();
}

void TestExport::csvField()
{
    QFETCH(QString, in);
    QFETCH(QString, out);
    QCOMPARE(exporting::csvField(in), out);
}

static ClusterSnapshot sampleSnapshot()
{
    ClusterSnapshot s;
    s.configPath = QStringLiteral("x.yaml");
    s.takenAt = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5), Qt::UTC);
    TableStats a;
    a.node = {QStringLiteral("db0"), QStringLiteral("t_messages_0")};
    a.logicTable = QStringLiteral("t_messages");
    a.estimatedRows = 1200;
    a.exactRows = 1234;
    a.dataBytes = 65536;
    a.indexBytes = 16384;
    a.autoIncrement = 1235;
    TableStats b;
    b.node = {QStringLiteral("db1"), QStringLiteral("t_messages_1")};
    b.logicTable = QStringLiteral("t_messages");
    b.existsOnServer = false;
    b.error = QStringLiteral("Table 'fsharechat.t_messages_1' doesn't exist, really");
    s.tables << a << b;
    InstanceHealth h;
    h.dataSource = QStringLiteral("db0");
    h.host = QStringLiteral("127.0.0.1");
    h.port = 3307;
    h.reachable = true;
    h.version = QStringLiteral("10.11.6-MariaDB");
    s.instances << h;
    return s;
}

void TestExport::statsCsv()
{
    const QList<QByteArray> lines = exporting::statsCsv(sampleSnapshot()).split('\n');
    QCOMPARE(lines.size(), 4); // header, 2 rows, trailing empty
    QVERIFY(lines.at(0).startsWith("logic_table,data_source,table,rows,rows_exact,"));
    QCOMPARE(lines.at(1), QByteArray("t_messages,db0,t_messages_0,1234,true,65536,16384,1235,true,true,\r"));
    QCOMPARE(lines.at(2), QByteArray("t_messages,db1,t_messages_1,,false,,,,false,true,"
                                     "\"Table 'fsharechat.t_messages_1' doesn't exist, really\"\r"));
    QVERIFY(lines.at(3).isEmpty());
}

void TestExport::htmlReport()
{
    const LoadResult load = ConfigLoader::loadFile(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    QVERIFY(load.ok());
    const QString none = exporting::htmlReport(load.config, nullptr);
    QVERIFY(none.contains(QStringLiteral("has not been inspected")));
    const ClusterSnapshot snap = sampleSnapshot();
    ReportOptions opt;
    opt.rowLimit = 1000; // t_messages_0 (1234 rows) is over it
    const QString html = exporting::htmlReport(load.config, &snap, opt);
    QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    QVERIFY(!html.contains(QStringLiteral("<script")));
    for (const TableRule &t : load.config.tables)
        QVERIFY2(html.contains(QStringLiteral("<h2>") + t.logicTable + QStringLiteral("</h2>")), qPrintable(t.logicTable));
    // The only counted cell of t_messages is its mean: white (even); 1234 rows is 123.4 % of the limit.
    QVERIFY(html.contains(QStringLiteral("bgcolor=\"") + exporting::heatColor(1.0)));
    QVERIFY(!html.contains(QStringLiteral("bgcolor=\"#c81e1e\"")));
    QVERIFY(html.contains(QStringLiteral("123.4 %")));
    QVERIFY(html.contains(QStringLiteral("10.11.6-MariaDB")));
}

void TestExport::heatColor()
{
    QCOMPARE(exporting::heatColor(1.0), QStringLiteral("#ffffff")); // even
    QCOMPARE(exporting::heatColor(2.0), QStringLiteral("#c81e1e")); // twice the mean
    QCOMPARE(exporting::heatColor(0.0), QStringLiteral("#3b6fb6")); // empty
    QCOMPARE(exporting::heatColor(-1), QStringLiteral("#dddddd"));
    QCOMPARE(exporting::heatColor(std::nan("")), QStringLiteral("#dddddd"));
    QCOMPARE(exporting::heatColor(5.0), exporting::heatColor(2.0)); // clamped
    QVERIFY(exporting::heatColor(1.5) != exporting::heatColor(1.6));
}

// One colour scale for the whole report: a balanced table is white in every cell (it was deep red:
// each table was coloured against its own largest cell), and a cell twice its table's mean has the
// same colour in a small table and a large one.
void TestExport::reportColourScale()
{
    const LoadResult load =
        ConfigLoader::loadFile(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    QVERIFY(load.ok());
    const TableRule *small = load.config.table(QStringLiteral("t_messages"));
    const TableRule *large = load.config.table(QStringLiteral("t_user_messages"));
    QVERIFY(small && large && small->dataNodes.size() >= 2 && large->dataNodes.size() >= 2);
    ClusterSnapshot snap;
    snap.takenAt = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5), Qt::UTC);
    auto add = [&snap](const TableRule *rule, qint64 rows) {
        for (const DataNode &n : rule->dataNodes) {
            TableStats t;
            t.node = n;
            t.logicTable = rule->logicTable;
            t.estimatedRows = rows;
            snap.tables << t;
        }
    };
    add(small, 500); // balanced
    add(large, 1000000);
    QString html = exporting::htmlReport(load.config, &snap);
    QCOMPARE(html.count(QStringLiteral("bgcolor=\"#ffffff\"")),
             int(small->dataNodes.size() + large->dataNodes.size()));
    QVERIFY(!html.contains(QStringLiteral("bgcolor=\"#c81e1e\"")));
    QVERIFY(html.contains(QStringLiteral("one scale for every table")));

    // The same skew in a small table and a large one gives the same colours.
    snap.tables.clear();
    // Cells of 100 and 300 rows (mean 200: 0.5x and 1.5x) and of 100k and 300k (same ratios).
    for (const auto &[rule, unit] : {std::pair{small, qint64(100)}, std::pair{large, qint64(100000)}})
        for (int i = 0; i < rule->dataNodes.size(); ++i) {
            TableStats t;
            t.node = rule->dataNodes.at(i);
            t.logicTable = rule->logicTable;
            t.estimatedRows = (i % 2 == 0 ? 1 : 3) * unit;
            snap.tables << t;
        }
    html = exporting::htmlReport(load.config, &snap);
    const int low = html.count(QStringLiteral("bgcolor=\"") + exporting::heatColor(0.5) + QLatin1Char('"'));
    const int high = html.count(QStringLiteral("bgcolor=\"") + exporting::heatColor(1.5) + QLatin1Char('"'));
    QVERIFY(small->dataNodes.size() % 2 == 0 && large->dataNodes.size() % 2 == 0);
    QCOMPARE(low, int(small->dataNodes.size() + large->dataNodes.size()) / 2);
    QCOMPARE(high, low);
}

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
