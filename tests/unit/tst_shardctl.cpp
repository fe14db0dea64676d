#include "TestPaths.h"

#include "core/config/ConfigLoader.h"
#include "core/routing/HashRing.h"
#include "core/routing/Router.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace sp;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;

    QStringList outLines() const
    {
        return QString::fromUtf8(out).split(QLatin1Char('\n')).mid(0, lineCount(out));
    }
    QStringList errLines() const
    {
        return QString::fromUtf8(err).split(QLatin1Char('\n')).mid(0, lineCount(err));
    }

private:
    static int lineCount(const QByteArray &b) { return int(b.count('\n')); }
};

Run shardctl(const QStringList &args, const QByteArray &input = QByteArray())
{
    QProcess p;
    p.start(test::shardctlPath(), args);
    if (!p.waitForStarted(10000))
        qFatal("cannot start shardctl");
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(120000))
        qFatal("shardctl did not finish");
    Run r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString example(const char *name)
{
    return test::examplePath(QString::fromLatin1(name));
}
QString fixture(const char *name)
{
    return test::sourcePath(QStringLiteral("tests/data/lint/") + QString::fromLatin1(name));
}

// Keys shaped like fsharechat ids, numbers and non-ASCII names, deterministic.
QStringList sampleKeys(int n)
{
    QStringList keys;
    for (int i = 0; i < n; ++i) {
        switch (i % 3) {
        case 0:
            keys << QStringLiteral("user-%1").arg(i * 7919);
            break;
        case 1:
            keys << QString::number(qint64(i) * 1000003);
            break;
        default:
            keys << QStringLiteral("飞享群%1").arg(i);
            break;
        }
    }
    return keys;
}

QString dumpRun(const Run &r)
{
    return QStringLiteral("exit %1\nstdout:\n%2\nstderr:\n%3")
        .arg(r.exitCode)
        .arg(QString::fromUtf8(r.out.left(2000)), QString::fromUtf8(r.err.left(2000)));
}

} // namespace

class TestShardctl final : public QObject
{
    Q_OBJECT

private slots:
    void help_data();
    void help();
    void version();
    void manPageFromHelp();
    void unknownOption_data();
    void unknownOption();
    void nodesCount_data();
    void nodesCount();
    void nodesJson();
    void routeMatchesRouter_data();
    void routeMatchesRouter();
    void routeFailingKey();
    void routeUsage_data();
    void routeUsage();
    void routeJson();
    void routeCompare();
    void routeLongKeyAndBlankLines();
    void ring();
    void lintExitCodes_data();
    void lintExitCodes();
    void lintJson();
};

static const QStringList kCommands{QStringLiteral("nodes"), QStringLiteral("route"), QStringLiteral("ring"),
                                   QStringLiteral("lint")};

void TestShardctl::help_data()
{
    QTest::addColumn<QString>("command");
    for (const QString &c : kCommands)
        QTest::addRow("%s", qPrintable(c)) << c;
}

void TestShardctl::help()
{
    QFETCH(QString, command);
    const Run r = shardctl({command, QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QByteArray("shardctl " + command.toUtf8())));
    QVERIFY(r.out.contains("Exit codes"));
    QVERIFY(r.err.isEmpty());
}

// --version names ShardPilot's, Qt's and the MariaDB client library's versions.
void TestShardctl::version()
{
    const Run r = shardctl({QStringLiteral("--version")});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() >= 3, r.out.constData());
    QVERIFY(QRegularExpression(QStringLiteral("^shardctl \\(ShardPilot\\) \\d+\\.\\d+\\.\\d+$")).match(lines[0]).hasMatch());
    QVERIFY(lines.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())) ||
            lines[1].startsWith(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())));
    QVERIFY2(QRegularExpression(QStringLiteral("^MariaDB Connector/C \\d+\\.\\d+")).match(lines[2]).hasMatch(),
             qPrintable(lines[2]));
}

// The man page is made from the help texts: every command's --help appears in it, word for word
// (after roff escaping), so the two cannot drift.
void TestShardctl::manPageFromHelp()
{
    const Run man = shardctl({QStringLiteral("help"), QStringLiteral("--man")});
    QCOMPARE(man.exitCode, 0);
    const QString page = QString::fromUtf8(man.out);
    QVERIFY(page.contains(QStringLiteral(".TH SHARDCTL 1 ")));
    const QString unescaped = QString(page).replace(QStringLiteral("\\-"), QStringLiteral("-"))
                                  .replace(QStringLiteral("\\e"), QStringLiteral("\\"))
                                  .replace(QStringLiteral("\\&"), QString());
    int commands = 0;
    for (const QString &line : QString::fromUtf8(shardctl({QStringLiteral("--help")}).out).split(QLatin1Char('\n'))) {
        if (!line.startsWith(QStringLiteral("  ")) || line.size() < 3 || !line.at(2).isLower())
            continue;
        const QString command = line.trimmed().section(QLatin1Char(' '), 0, 0);
        ++commands;
        QVERIFY2(page.contains(QStringLiteral("\n.SS ") + command + QLatin1Char('\n')), qPrintable(command));
        const Run help = shardctl({command, QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(unescaped.contains(QString::fromUtf8(help.out).trimmed()), qPrintable(command));
    }
    QVERIFY(commands >= 8);
}

void TestShardctl::unknownOption_data()
{
    help_data();
}

void TestShardctl::unknownOption()
{
    QFETCH(QString, command);
    const Run r = shardctl({command, QStringLiteral("--no-such-option")});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.errLines().size(), 1);
    QVERIFY(r.errLines().first().contains(QLatin1String("no-such-option")));
    QVERIFY(r.out.isEmpty());
}

void TestShardctl::nodesCount_data()
{
    QTest::addColumn<QString>("config");
    QTest::addColumn<QString>("table");
    QTest::addRow("reference all") << example("fsharechat-reference.yaml") << QString();
    QTest::addRow("reference t_messages")
        << example("fsharechat-reference.yaml") << QStringLiteral("t_messages");
    QTest::addRow("crc32 all") << example("fsharechat-crc32.yaml") << QString();
    QTest::addRow("native all") << example("native-algorithms.yaml") << QString();
    QTest::addRow("native t_account") << example("native-algorithms.yaml") << QStringLiteral("t_account");
}

void TestShardctl::nodesCount()
{
    QFETCH(QString, config);
    QFETCH(QString, table);
    const LoadResult loaded = ConfigLoader::loadFile(config);
    QVERIFY(loaded.ok());
    QStringList expected;
    for (const TableRule &t : loaded.config.tables)
        if (table.isEmpty() || t.logicTable == table)
            for (const DataNode &n : t.dataNodes)
                expected << n.toString();
    QStringList args{QStringLiteral("nodes"), QStringLiteral("--config"), config};
    if (!table.isEmpty())
        args << QStringLiteral("--table") << table;
    const Run r = shardctl(args);
    QVERIFY2(r.exitCode == 0, qPrintable(dumpRun(r)));
    QCOMPARE(r.outLines(), expected);
    if (config.endsWith(QLatin1String("reference.yaml")))
        QCOMPARE(r.outLines().size(), table.isEmpty() ? 96 : 16);
}

void TestShardctl::nodesJson()
{
    const Run r = shardctl({QStringLiteral("nodes"), QStringLiteral("-c"),
                            example("fsharechat-reference.yaml"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &e);
    QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(e.errorString()));
    const QJsonArray tables = doc.object().value(QStringLiteral("tables")).toArray();
    QCOMPARE(tables.size(), 6);
    QCOMPARE(tables.at(0).toObject().value(QStringLiteral("logicTable")).toString(),
             QStringLiteral("t_messages"));
    QCOMPARE(tables.at(0).toObject().value(QStringLiteral("dataNodes")).toArray().size(), 16);

    const Run bad =
        shardctl({QStringLiteral("nodes"), QStringLiteral("-c"), example("fsharechat-reference.yaml"),
                  QStringLiteral("--table"), QStringLiteral("t_nope")});
    QCOMPARE(bad.exitCode, 2);
    QCOMPARE(bad.errLines().size(), 1);
}

void TestShardctl::routeMatchesRouter_data()
{
    QTest::addColumn<QString>("config");
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("keyType");
    QTest::addColumn<QString>("via"); // key, file, stdin
    QTest::addRow("reference t_messages auto file")
        << example("fsharechat-reference.yaml") << QStringLiteral("t_messages") << QStringLiteral("auto")
        << QStringLiteral("file");
    QTest::addRow("reference t_user string stdin")
        << example("fsharechat-reference.yaml") << QStringLiteral("t_user") << QStringLiteral("string")
        << QStringLiteral("stdin");
    QTest::addRow("crc32 t_messages auto stdin")
        << example("fsharechat-crc32.yaml") << QStringLiteral("t_messages") << QStringLiteral("auto")
        << QStringLiteral("stdin");
    QTest::addRow("crc32 t_group auto key") << example("fsharechat-crc32.yaml") << QStringLiteral("t_group")
                                            << QStringLiteral("auto") << QStringLiteral("key");
    QTest::addRow("native t_account integer file")
        << example("native-algorithms.yaml") << QStringLiteral("t_account") << QStringLiteral("integer")
        << QStringLiteral("file");
    QTest::addRow("native t_message integer stdin")
        << example("native-algorithms.yaml") << QStringLiteral("t_message") << QStringLiteral("integer")
        << QStringLiteral("stdin");
}

void TestShardctl::routeMatchesRouter()
{
    QFETCH(QString, config);
    QFETCH(QString, table);
    QFETCH(QString, keyType);
    QFETCH(QString, via);
    const LoadResult loaded = ConfigLoader::loadFile(config);
    QVERIFY(loaded.ok());
    const Router router(loaded.config);
    const KeyType type = keyType == QLatin1String("integer")  ? KeyType::Integer
                         : keyType == QLatin1String("string") ? KeyType::String
                                                              : KeyType::Auto;
    QStringList keys = sampleKeys(via == QLatin1String("key") ? 30 : 3000);
    if (type == KeyType::Integer)
        for (QString &k : keys)
            k = QString::number(qHash(k) % 100000000);
    QStringList expected;
    for (const QString &k : keys) {
        const RouteResult res = router.route(table, ShardingValue{k, type});
        QVERIFY2(res.ok, qPrintable(k + QStringLiteral(": ") + res.error));
        expected << res.node.toString();
    }
    QStringList args{QStringLiteral("route"),
                     QStringLiteral("--config"),
                     config,
                     QStringLiteral("--table"),
                     table,
                     QStringLiteral("--key-type"),
                     keyType};
    QByteArray input;
    QTemporaryDir dir;
    const QByteArray text = keys.join(QLatin1Char('\n')).toUtf8() + '\n';
    if (via == QLatin1String("key")) {
        for (const QString &k : keys)
            args << QStringLiteral("--key") << k;
    } else if (via == QLatin1String("stdin")) {
        args << QStringLiteral("--keys-file") << QStringLiteral("-");
        input = text;
    } else {
        QFile f(dir.filePath(QStringLiteral("keys.txt")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        args << QStringLiteral("--keys-file") << f.fileName();
    }
    const Run r = shardctl(args, input);
    QVERIFY2(r.exitCode == 0, qPrintable(dumpRun(r)));
    QCOMPARE(r.outLines(), expected);
    QVERIFY(r.err.isEmpty());
}

void TestShardctl::routeFailingKey()
{
    // MOD needs integers: "abc" cannot be routed, the keys around it still are.
    const Run r =
        shardctl({QStringLiteral("route"), QStringLiteral("-c"), example("native-algorithms.yaml"),
                  QStringLiteral("-t"), QStringLiteral("t_order"), QStringLiteral("-k"), QStringLiteral("10"),
                  QStringLiteral("-k"), QStringLiteral("abc"), QStringLiteral("-k"), QStringLiteral("11")});
    QCOMPARE(r.exitCode, 1);
    const QStringList out = r.outLines();
    QCOMPARE(out.size(), 3);
    QVERIFY(!out.at(0).isEmpty());
    QVERIFY(out.at(1).isEmpty());
    QVERIFY(!out.at(2).isEmpty());
    QCOMPARE(r.errLines().size(), 1);
    QVERIFY(r.errLines().first().contains(QLatin1String("'abc'")));
}

void TestShardctl::routeUsage_data()
{
    QTest::addColumn<QStringList>("args");
    const QString ref = example("fsharechat-reference.yaml");
    QTest::addRow("no keys") << QStringList{QStringLiteral("route"), QStringLiteral("-c"), ref,
                                            QStringLiteral("-t"), QStringLiteral("t_user")};
    QTest::addRow("keys and file") << QStringList{
        QStringLiteral("route"), QStringLiteral("-c"),          ref,
        QStringLiteral("-t"),    QStringLiteral("t_user"),      QStringLiteral("-k"),
        QStringLiteral("a"),     QStringLiteral("--keys-file"), QStringLiteral("-")};
    QTest::addRow("unknown table") << QStringList{
        QStringLiteral("route"), QStringLiteral("-c"), ref, QStringLiteral("-t"), QStringLiteral("t_nope"),
        QStringLiteral("-k"),    QStringLiteral("a")};
    QTest::addRow("broadcast table") << QStringList{
        QStringLiteral("route"), QStringLiteral("-c"), ref, QStringLiteral("-t"), QStringLiteral("t_robot"),
        QStringLiteral("-k"),    QStringLiteral("a")};
    QTest::addRow("bad key type") << QStringList{
        QStringLiteral("route"), QStringLiteral("-c"),         ref,
        QStringLiteral("-t"),    QStringLiteral("t_user"),     QStringLiteral("-k"),
        QStringLiteral("a"),     QStringLiteral("--key-type"), QStringLiteral("long")};
    QTest::addRow("missing keys file") << QStringList{QStringLiteral("route"),
                                                      QStringLiteral("-c"),
                                                      ref,
                                                      QStringLiteral("-t"),
                                                      QStringLiteral("t_user"),
                                                      QStringLiteral("--keys-file"),
                                                      QStringLiteral("/nonexistent/keys.txt")};
    QTest::addRow("missing config") << QStringList{
        QStringLiteral("route"), QStringLiteral("-c"),     QStringLiteral("/nonexistent.yaml"),
        QStringLiteral("-t"),    QStringLiteral("t_user"), QStringLiteral("-k"),
        QStringLiteral("a")};
    QTest::addRow("ring without nodes")
        << QStringList{QStringLiteral("ring"), QStringLiteral("-k"), QStringLiteral("a")};
    QTest::addRow("ring duplicate node")
        << QStringList{QStringLiteral("ring"), QStringLiteral("--nodes"), QStringLiteral("a,b,a"),
                       QStringLiteral("-k"), QStringLiteral("a")};
    QTest::addRow("ring zero vnodes")
        << QStringList{QStringLiteral("ring"), QStringLiteral("--nodes"),
                       QStringLiteral("a,b"),  QStringLiteral("--virtual-nodes"),
                       QStringLiteral("0"),    QStringLiteral("-k"),
                       QStringLiteral("a")};
}

void TestShardctl::routeUsage()
{
    QFETCH(QStringList, args);
    const Run r = shardctl(args);
    QVERIFY2(r.exitCode == 2, qPrintable(dumpRun(r)));
    QCOMPARE(r.errLines().size(), 1);
    QVERIFY(r.out.isEmpty());
}

void TestShardctl::routeJson()
{
    const Run r =
        shardctl({QStringLiteral("route"), QStringLiteral("-c"), example("native-algorithms.yaml"),
                  QStringLiteral("-t"), QStringLiteral("t_order"), QStringLiteral("-k"), QStringLiteral("7"),
                  QStringLiteral("-k"), QStringLiteral("x"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    QJsonParseError e;
    const QJsonObject doc = QJsonDocument::fromJson(r.out, &e).object();
    QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(e.errorString() + QString::fromUtf8(r.out)));
    const QJsonArray routes = doc.value(QStringLiteral("routes")).toArray();
    QCOMPARE(routes.size(), 2);
    QCOMPARE(routes.at(0).toObject().value(QStringLiteral("key")).toString(), QStringLiteral("7"));
    QCOMPARE(routes.at(0).toObject().value(QStringLiteral("node")).toString(),
             routes.at(0).toObject().value(QStringLiteral("dataSource")).toString() + QLatin1Char('.') +
                 routes.at(0).toObject().value(QStringLiteral("table")).toString());
    QVERIFY(routes.at(1).toObject().contains(QStringLiteral("error")));
    QCOMPARE(doc.value(QStringLiteral("routed")).toInt(), 1);
    QCOMPARE(doc.value(QStringLiteral("failed")).toInt(), 1);
    QCOMPARE(doc.value(QStringLiteral("table")).toString(), QStringLiteral("t_order"));
}

void TestShardctl::routeCompare()
{
    const LoadResult a = ConfigLoader::loadFile(example("fsharechat-reference.yaml"));
    const LoadResult b = ConfigLoader::loadFile(example("fsharechat-crc32.yaml"));
    const Router ra(a.config), rb(b.config);
    const QStringList keys = sampleKeys(500);
    QStringList expected;
    int moved = 0;
    for (const QString &k : keys) {
        const DataNode x = ra.route(QStringLiteral("t_user"), ShardingValue{k}).node;
        const DataNode y = rb.route(QStringLiteral("t_user"), ShardingValue{k}).node;
        expected << x.toString() + QStringLiteral(" -> ") + y.toString();
        moved += x != y ? 1 : 0;
    }
    expected << QStringLiteral("# moved %1 of %2 keys (%3%)")
                    .arg(moved)
                    .arg(keys.size())
                    .arg(QString::number(100.0 * moved / keys.size(), 'f', 2));
    const Run r =
        shardctl({QStringLiteral("route"), QStringLiteral("-c"), example("fsharechat-reference.yaml"),
                  QStringLiteral("--compare-config"), example("fsharechat-crc32.yaml"), QStringLiteral("-t"),
                  QStringLiteral("t_user"), QStringLiteral("--keys-file"), QStringLiteral("-")},
                 keys.join(QLatin1Char('\n')).toUtf8());
    QVERIFY2(r.exitCode == 0, qPrintable(dumpRun(r)));
    QCOMPARE(r.outLines(), expected);
    QVERIFY(moved > 0 && moved < keys.size());
}

void TestShardctl::routeLongKeyAndBlankLines()
{
    QByteArray input = "alice\r\n\n";
    input += QByteArray(200 * 1024, 'x') + "\n";
    input += "bob"; // no final newline
    const Run r = shardctl({QStringLiteral("route"), QStringLiteral("-c"), example("fsharechat-crc32.yaml"),
                            QStringLiteral("-t"), QStringLiteral("t_user"), QStringLiteral("--keys-file"),
                            QStringLiteral("-")},
                           input);
    QCOMPARE(r.exitCode, 1);
    const LoadResult b = ConfigLoader::loadFile(example("fsharechat-crc32.yaml"));
    const Router router(b.config);
    const QStringList expected{
        router.route(QStringLiteral("t_user"), ShardingValue{QStringLiteral("alice")}).node.toString(),
        QString(),
        router.route(QStringLiteral("t_user"), ShardingValue{QStringLiteral("bob")}).node.toString()};
    QCOMPARE(r.outLines(), expected);
    QCOMPARE(r.errLines().size(), 1);
    QVERIFY(r.errLines().first().contains(QLatin1String("<stdin>:3")));
}

void TestShardctl::ring()
{
    const QStringList nodes{QStringLiteral("db0"), QStringLiteral("db1"), QStringLiteral("db2")};
    const HashRing ring(nodes, 10);
    const QStringList keys = sampleKeys(300);
    QStringList expected;
    for (const QString &k : keys)
        expected << ring.nodeFor(k.toUtf8());
    const Run r = shardctl({QStringLiteral("ring"), QStringLiteral("--nodes"), nodes.join(QLatin1Char(',')),
                            QStringLiteral("--virtual-nodes"), QStringLiteral("10"),
                            QStringLiteral("--keys-file"), QStringLiteral("-")},
                           keys.join(QLatin1Char('\n')).toUtf8());
    QVERIFY2(r.exitCode == 0, qPrintable(dumpRun(r)));
    QCOMPARE(r.outLines(), expected);

    const Run j = shardctl({QStringLiteral("ring"), QStringLiteral("--nodes"), nodes.join(QLatin1Char(',')),
                            QStringLiteral("-k"), keys.at(0), QStringLiteral("-k"), keys.at(1),
                            QStringLiteral("--json")});
    QCOMPARE(j.exitCode, 0);
    const QJsonObject doc = QJsonDocument::fromJson(j.out).object();
    QCOMPARE(doc.value(QStringLiteral("virtualNodes")).toInt(), 160);
    QCOMPARE(doc.value(QStringLiteral("routes")).toArray().size(), 2);
    QCOMPARE(doc.value(QStringLiteral("routes"))
                 .toArray()
                 .at(1)
                 .toObject()
                 .value(QStringLiteral("node"))
                 .toString(),
             HashRing(nodes, 160).nodeFor(keys.at(1).toUtf8()));
}

void TestShardctl::lintExitCodes_data()
{
    QTest::addColumn<QString>("config");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expectedCode"); // a code that must appear in the output, or empty
    QTest::addRow("corrected example")
        << example("fsharechat-crc32.yaml") << 0 << QStringLiteral("needs-class-based");
    QTest::addRow("clean fixture") << fixture("clean.yaml") << 0 << QString();
    QTest::addRow("reference example")
        << example("fsharechat-reference.yaml") << 1 << QStringLiteral("binding-no-rule");
    QTest::addRow("lint errors") << fixture("lint-errors.yaml") << 1 << QStringLiteral("duplicate-data-node");
    QTest::addRow("loader content error")
        << fixture("content-error.yaml") << 1 << QStringLiteral("missing-field");
    QTest::addRow("yaml syntax error") << fixture("syntax-error.yaml") << 2 << QStringLiteral("yaml-syntax");
    QTest::addRow("missing file") << fixture("does-not-exist.yaml") << 2 << QStringLiteral("file-unreadable");
}

void TestShardctl::lintExitCodes()
{
    QFETCH(QString, config);
    QFETCH(int, exitCode);
    QFETCH(QString, expectedCode);
    const Run r = shardctl({QStringLiteral("lint"), QStringLiteral("--config"), config});
    QVERIFY2(r.exitCode == exitCode, qPrintable(dumpRun(r)));
    if (exitCode == 2) {
        QVERIFY(r.out.isEmpty());
        QVERIFY(r.errLines().size() >= 1);
        QVERIFY(r.err.contains(QByteArray("[" + expectedCode.toUtf8() + "]")));
        return;
    }
    if (!expectedCode.isEmpty())
        QVERIFY2(r.out.contains(QByteArray("[" + expectedCode.toUtf8() + "]")), qPrintable(dumpRun(r)));
    if (config.endsWith(QLatin1String("clean.yaml")))
        QCOMPARE(r.outLines().size(), 1); // the summary line only
    // A linter finding is followed by its hint, indented.
    const QStringList lines = r.outLines();
    const QString marker = QLatin1Char('[') + expectedCode + QLatin1Char(']');
    for (int i = 0; i + 1 < lines.size(); ++i)
        if (lines.at(i).endsWith(marker) && expectedCode != QLatin1String("missing-field"))
            QVERIFY2(lines.at(i + 1).startsWith(QLatin1String("    hint: ")), qPrintable(lines.at(i + 1)));
}

void TestShardctl::lintJson()
{
    const Run r =
        shardctl({QStringLiteral("lint"), QStringLiteral("-c"), example("fsharechat-reference.yaml"),
                  QStringLiteral("--json"), QStringLiteral("--sample-keys"), QStringLiteral("2000")});
    QCOMPARE(r.exitCode, 1);
    QJsonParseError e;
    const QJsonObject doc = QJsonDocument::fromJson(r.out, &e).object();
    QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(e.errorString()));
    const QJsonArray diags = doc.value(QStringLiteral("diagnostics")).toArray();
    int errors = 0, unreachable = 0;
    for (const QJsonValue &v : diags) {
        const QJsonObject o = v.toObject();
        for (const char *key : {"source", "severity", "code", "message", "hint", "file", "line", "column"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        errors += o.value(QStringLiteral("severity")).toString() == QLatin1String("error") ? 1 : 0;
        unreachable +=
            o.value(QStringLiteral("code")).toString() == QLatin1String("unreachable-nodes") ? 1 : 0;
        QVERIFY(o.value(QStringLiteral("line")).toInt() > 0);
    }
    QCOMPARE(unreachable, 6);
    QCOMPARE(doc.value(QStringLiteral("summary")).toObject().value(QStringLiteral("errors")).toInt(), errors);
    QVERIFY(errors >= 2);

    const Run bad =
        shardctl({QStringLiteral("lint"), QStringLiteral("-c"), example("fsharechat-reference.yaml"),
                  QStringLiteral("--sample-keys"), QStringLiteral("-5")});
    QCOMPARE(bad.exitCode, 2);
    QCOMPARE(bad.errLines().size(), 1);
}

QTEST_GUILESS_MAIN(TestShardctl)
#include "tst_shardctl.moc"
