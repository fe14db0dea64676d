// Hostile inputs (tests/hostile/README.md): shardctl must answer each with a clear error in bounded
// time and memory. The child runs with RLIMIT_AS = 2 GiB, so an input that makes it allocate
// without bound dies with bad_alloc/SIGABRT (a failure here) instead of swapping the machine.
#include "TestPaths.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>
#include <sys/stat.h>

namespace {

struct Run
{
    int exitCode = -1; // -1: crashed or killed
    bool timedOut = false;
    QByteArray out, err;
    qint64 ms = 0;
};

Run shardctl(const QStringList &args, int timeoutMs = 20000)
{
    QProcess p;
    p.setChildProcessModifier([] {
        rlimit lim{};
        lim.rlim_cur = lim.rlim_max = rlim_t(2) * 1024 * 1024 * 1024;
        ::setrlimit(RLIMIT_AS, &lim);
    });
    QElapsedTimer t;
    t.start();
    p.start(sp::test::shardctlPath(), args);
    Run r;
    if (!p.waitForStarted(10000))
        return r;
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        r.timedOut = true;
        p.kill();
        p.waitForFinished(5000);
    }
    r.ms = t.elapsed();
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace

class TestHostile final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }
    void notARegularFile_data();
    void notARegularFile();
    void aliasAmplification_data();
    void aliasAmplification();
    void invalidShardingCount_data();
    void invalidShardingCount();
    void passwordInUrl_data();
    void passwordInUrl();
    void controlCharacterNames_data();
    void controlCharacterNames();
    void secretsInPlanOutputs();
    void existingSchemaAsNewUrl();
    void quoteInsidePlainScalar_data();
    void quoteInsidePlainScalar();
    void quotedKeys_data();
    void quotedKeys();
    void multipleDocuments_data();
    void multipleDocuments();
    void notUtf8_data();
    void notUtf8();
    void countValidatedOnce_data();
    void countValidatedOnce();
    void planSaysWhatIsWrong_data();
    void planSaysWhatIsWrong();

private:
    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_tmp.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return QString();
        return path;
    }
    // lint is clean (exit 0), and plan mod-double writes every file of --out: a config that loads
    // and lints must also plan and export.
    void lintsPlansAndExports(const QString &path, int dataSourcesAfter);

    QTemporaryDir m_tmp;
};

namespace {

// Two data sources, one table, MOD at the database level: mod-double gives four.
const char *const kBase = "dataSources:\n"
                          "  ds_0:\n"
                          "    url: jdbc:mysql://10.0.0.1:3306/app\n"
                          "    username: app\n"
                          "  ds_1:\n"
                          "    url: jdbc:mysql://10.0.0.2:3306/app\n"
                          "    username: app\n"
                          "rules:\n"
                          "- !SHARDING\n"
                          "  tables:\n"
                          "    t_order:\n"
                          "      actualDataNodes: ds_${0..1}.t_order\n"
                          "      databaseStrategy:\n"
                          "        standard:\n"
                          "          shardingColumn: id\n"
                          "          shardingAlgorithmName: m\n"
                          "  shardingAlgorithms:\n"
                          "    m:\n"
                          "      type: MOD\n"
                          "      props:\n"
                          "        sharding-count: 2\n";

QByteArray base(const QList<std::pair<QByteArray, QByteArray>> &replacements = {})
{
    QByteArray y = kBase;
    for (const auto &[from, to] : replacements) {
        if (!y.contains(from))
            qFatal("test config has no '%s'", from.constData());
        y.replace(from, to);
    }
    return y;
}

} // namespace

void TestHostile::lintsPlansAndExports(const QString &path, int dataSourcesAfter)
{
    const Run lint = shardctl({QStringLiteral("lint"), QStringLiteral("--config"), path});
    QVERIFY2(lint.exitCode == 0, QByteArray(lint.out + lint.err).constData());
    const QString out = path + QStringLiteral(".out");
    QStringList args{QStringLiteral("plan"), QStringLiteral("--config"), path, QStringLiteral("--strategy"),
                     QStringLiteral("mod-double"), QStringLiteral("--out"), out};
    // Doubling adds ds_<n>..ds_<2n-1>; an export needs their urls (none is guessed).
    for (int i = dataSourcesAfter / 2; i < dataSourcesAfter; ++i)
        args << QStringLiteral("--url") << QStringLiteral("ds_%1=jdbc:mysql://127.0.0.1:%2/added_%1").arg(i).arg(4000 + i);
    const Run plan = shardctl(args);
    QVERIFY2(plan.exitCode == 0, QByteArray(plan.out + plan.err).constData());
    for (const char *file : {"plan.json", "new-config.yaml", "runbook.html", "copy.sh"})
        QVERIFY2(QFileInfo(QDir(out).filePath(QString::fromLatin1(file))).size() > 0, file);
    const QString lastAdded = QStringLiteral("on-ds_%1/").arg(dataSourcesAfter - 1);
    for (const char *file : {"create.sql", "copy.sql"})
        QVERIFY2(QFileInfo(QDir(out).filePath(lastAdded + QString::fromLatin1(file))).size() > 0, file);
    QVERIFY2(QFileInfo(QDir(out).filePath(QStringLiteral("on-ds_0/purge.sql"))).size() > 0, "purge.sql");
    const Run nodes = shardctl({QStringLiteral("nodes"), QStringLiteral("--config"),
                                QDir(out).filePath(QStringLiteral("new-config.yaml"))});
    QVERIFY2(nodes.exitCode == 0, QByteArray(nodes.out + nodes.err).constData());
    QVERIFY2(nodes.out.contains(QStringLiteral("ds_%1").arg(dataSourcesAfter - 1).toUtf8()), nodes.out.constData());
}

void TestHostile::notARegularFile_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("command");
    for (const char *kind : {"fifo", "directory", "dev-zero", "proc-mem"})
        for (const char *command : {"lint", "nodes", "plan", "route"})
            QTest::addRow("%s %s", kind, command) << QString::fromLatin1(kind) << QString::fromLatin1(command);
}

// A FIFO given as --config blocked every command forever in open(); /proc/self/mem (EIO) was read
// as an empty file ("empty-config"). Each must be refused at once, saying what it is.
void TestHostile::notARegularFile()
{
    QFETCH(QString, kind);
    QFETCH(QString, command);
    QString path;
    QString expected;
    if (kind == QLatin1String("fifo")) {
        path = m_tmp.filePath(QStringLiteral("config.fifo"));
        if (!QFileInfo::exists(path))
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        expected = QStringLiteral("FIFO");
    } else if (kind == QLatin1String("directory")) {
        path = m_tmp.path();
        expected = QStringLiteral("directory");
    } else if (kind == QLatin1String("dev-zero")) {
        path = QStringLiteral("/dev/zero");
        expected = QStringLiteral("device");
    } else {
        path = QStringLiteral("/proc/self/mem");
        expected = QStringLiteral("Input/output error");
    }
    QStringList args{command, QStringLiteral("--config"), path};
    if (command == QLatin1String("route"))
        args << QStringLiteral("--table") << QStringLiteral("t_messages") << QStringLiteral("--key") << QStringLiteral("k");
    if (command == QLatin1String("plan"))
        args << QStringLiteral("--strategy") << QStringLiteral("mod-double");
    const Run r = shardctl(args, 10000);
    QVERIFY2(!r.timedOut, "shardctl did not return");
    QVERIFY2(r.ms < 5000, qPrintable(QString::number(r.ms)));
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
    QVERIFY2(!r.err.contains("empty-config"), r.err.constData());
}

void TestHostile::aliasAmplification_data()
{
    QTest::addColumn<QString>("shape");
    QTest::addRow("broadcast list") << QStringLiteral("broadcast");
    QTest::addRow("binding list") << QStringLiteral("binding");
    QTest::addRow("algorithm props") << QStringLiteral("props");
}

// A 1 MiB scalar aliased 2000 times is 2 GiB of text once expanded (and twice that as QString):
// the node budget did not see it; under a memory limit the CLI died on std::bad_alloc.
void TestHostile::aliasAmplification()
{
    QFETCH(QString, shape);
    const QString path = m_tmp.filePath(QStringLiteral("alias-%1.yaml").arg(shape));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QByteArray y = "dataSources:\n  ds_0:\n    url: jdbc:mysql://127.0.0.1:3306/d\n    username: app\n";
        y += "big: &big " + QByteArray(1024 * 1024, 'x') + "\n";
        if (shape == QLatin1String("props")) {
            y += "rules:\n- !SHARDING\n  tables:\n    t:\n      actualDataNodes: ds_0.t\n";
            y += "  shardingAlgorithms:\n    a:\n      type: MOD\n      props:\n";
            for (int i = 0; i < 2000; ++i)
                y += "        k" + QByteArray::number(i) + ": *big\n";
        } else {
            y += "rules:\n- !SHARDING\n  tables:\n    t:\n      actualDataNodes: ds_0.t\n";
            y += shape == QLatin1String("broadcast") ? "  broadcastTables:\n" : "  bindingTables:\n";
            for (int i = 0; i < 2000; ++i)
                y += "  - *big\n";
        }
        QVERIFY(f.write(y) == y.size());
    }
    const Run r = shardctl({QStringLiteral("lint"), QStringLiteral("--config"), path}, 60000);
    QVERIFY2(!r.timedOut, "shardctl did not return");
    QVERIFY2(r.exitCode == 1 || r.exitCode == 2, qPrintable(QString::number(r.exitCode) + QLatin1Char(' ') + QString::fromUtf8(r.err.left(300))));
    const QByteArray all = r.out + r.err;
    QVERIFY2(all.contains("yaml-too-large") || all.contains("expands to more than"), all.left(600).constData());
    QVERIFY(!all.contains("bad_alloc"));
}

void TestHostile::invalidShardingCount_data()
{
    QTest::addColumn<QString>("count");
    for (const char *c : {"0", "-4", "abc", "1e9", "2147483648"})
        QTest::addRow("%s", c) << QString::fromLatin1(c);
}

// An invalid sharding-count on MOD: plan exited 0 with zero moves and silently rewrote the count.
// It must refuse, with the property's line and column.
void TestHostile::invalidShardingCount()
{
    QFETCH(QString, count);
    const QString path = m_tmp.filePath(QStringLiteral("count-%1.yaml").arg(QString::number(qHash(count))));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("dataSources:\n  ds_0:\n    url: jdbc:mysql://h:3306/d\n  ds_1:\n    url: jdbc:mysql://h:3306/d\n"
                               "rules:\n- !SHARDING\n  tables:\n    t:\n      actualDataNodes: ds_${0..1}.t\n"
                               "      databaseStrategy:\n        standard:\n          shardingColumn: id\n"
                               "          shardingAlgorithmName: m\n  shardingAlgorithms:\n    m:\n      type: MOD\n"
                               "      props:\n        sharding-count: %1\n")
                    .arg(count)
                    .toUtf8());
    }
    for (const char *strategy : {"mod-double", "remap", "dual-master"}) {
        QStringList args{QStringLiteral("plan"), QStringLiteral("--config"), path, QStringLiteral("--strategy"),
                         QString::fromLatin1(strategy)};
        if (qstrcmp(strategy, "remap") == 0)
            args << QStringLiteral("--to") << QStringLiteral("3");
        const Run r = shardctl(args);
        QVERIFY2(r.exitCode == 2, qPrintable(QString::number(r.exitCode) + QLatin1Char(' ') + QString::fromUtf8(r.out.left(200))));
        QVERIFY2(r.err.contains(":19:"), r.err.constData()); // the property's line
        QVERIFY2(r.err.contains("sharding-count"), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
    const Run lint = shardctl({QStringLiteral("lint"), QStringLiteral("--config"), path});
    QCOMPARE(lint.exitCode, 1);
    const QByteArray lintText = lint.out + lint.err;
    QVERIFY2(lintText.contains("invalid-algorithm"), lintText.constData());
}

void TestHostile::passwordInUrl_data()
{
    QTest::addColumn<QString>("url");
    QTest::addRow("userinfo") << QStringLiteral("jdbc:mysql://app:Sekr1t-in-url@127.0.0.1:%1/db?useSSL=false");
    QTest::addRow("userinfo with @") << QStringLiteral("jdbc:mysql://app:Sekr1t@in-url@127.0.0.1:%1/db");
    QTest::addRow("password param") << QStringLiteral("jdbc:mysql://127.0.0.1:%1/db?user=app&password=Sekr1t-in-url");
    QTest::addRow("PASSWORD param, mariadb") << QStringLiteral("jdbc:mariadb://127.0.0.1:%1/db?useSSL=false&PASSWORD=Sekr1t-in-url");
}

// A password inside the JDBC url was not linted (the url was misread as an IPv6 host without
// brackets) and was printed by stats in its error. It is a secret like a password: key.
void TestHostile::passwordInUrl()
{
    QFETCH(QString, url);
    const QString path = m_tmp.filePath(
        QStringLiteral("url-%1.yaml").arg(QString::fromLatin1(QTest::currentDataTag())).replace(QLatin1Char(' '), QLatin1Char('_')));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // Port 1 on loopback: nothing listens, the connection fails at once.
        f.write(QStringLiteral("dataSources:\n  ds_0:\n    url: \"%1\"\n    username: app\n"
                               "rules:\n- !SHARDING\n  tables:\n    t:\n      actualDataNodes: ds_0.t\n")
                    .arg(url.arg(1))
                    .toUtf8());
    }
    const Run lint = shardctl({QStringLiteral("lint"), QStringLiteral("--config"), path});
    const QByteArray all = lint.out + lint.err;
    QVERIFY2(all.contains("plain-text-password"), all.constData());
    QVERIFY2(all.contains("in its url"), all.constData());
    QVERIFY2(!all.contains("bad-url"), all.constData());
    QVERIFY2(!all.contains("Sekr1t"), all.constData());
    const Run nodes = shardctl({QStringLiteral("nodes"), QStringLiteral("--config"), path, QStringLiteral("--json")});
    const QByteArray nodesText = nodes.out + nodes.err;
    QVERIFY2(!nodesText.contains("Sekr1t"), nodesText.constData());
    for (const char *command : {"stats", "health"}) {
        const Run r = shardctl({QString::fromLatin1(command), QStringLiteral("--config"), path, QStringLiteral("--json")});
        const QByteArray text = r.out + r.err;
        QVERIFY2(!text.contains("Sekr1t"), text.constData());
        QVERIFY2(text.contains("127.0.0.1"), text.constData()); // the host was understood
    }
}

void TestHostile::controlCharacterNames_data()
{
    QTest::addColumn<QString>("yamlEscape"); // inside a double-quoted YAML scalar
    QTest::addColumn<QByteArray>("raw");     // the character's UTF-8 bytes, never in the output
    QTest::addColumn<QString>("codePoint");
    QTest::addColumn<QString>("place");
    const struct
    {
        const char *name, *escape;
        QByteArray raw;
        const char *code;
    } chars[] = {{"newline", "\\n", "\n", "U+000A"},     {"carriage return", "\\r", "\r", "U+000D"},
                 {"ansi escape", "\\e[31m", "\x1b", "U+001B"}, {"nul", "\\0", QByteArray(1, '\0'), "U+0000"},
                 {"tab", "\\t", "\t", "U+0009"},          {"bidi override", "\\u202E", "\xe2\x80\xae", "U+202E"},
                 {"c1 next line", "\\x85", "\xc2\x85", "U+0085"}, {"del", "\\x7f", "\x7f", "U+007F"}};
    for (const auto &c : chars)
        for (const char *place : {"data source", "schema", "logic table", "actual table", "column", "algorithm"})
            QTest::addRow("%s in %s", c.name, place)
                << QString::fromLatin1(c.escape) << c.raw << QString::fromLatin1(c.code) << QString::fromLatin1(place);
}

// Names are written raw into generated text: a schema name with a newline (a JDBC url such as
// ".../fsharechat\nDROP TABLE fsharechat.canary;\n?useSSL=false") put the DROP on a line of its own
// in create.sql, and an escape sequence in a name reached the terminal. lint reports the name
// (control-character, error), plan refuses the config naming the place, and no command prints
// the character raw.
void TestHostile::controlCharacterNames()
{
    QFETCH(QString, yamlEscape);
    QFETCH(QByteArray, raw);
    QFETCH(QString, codePoint);
    QFETCH(QString, place);
    auto name = [&](const char *where, const char *plain) {
        return place == QLatin1String(where) ? QString::fromLatin1(plain) + yamlEscape + QStringLiteral("x") : QString::fromLatin1(plain);
    };
    const QString ds0 = name("data source", "ds_0");
    const QString schema = place == QLatin1String("schema")
        ? QStringLiteral("fsharechat") + yamlEscape + QStringLiteral("DROP TABLE fsharechat.canary;") + yamlEscape
        : QStringLiteral("fsharechat");
    const QString logic = name("logic table", "t_messages");
    const QString actual = name("actual table", "t_messages_0");
    const QString column = name("column", "_target");
    const QString algorithm = name("algorithm", "crc");
    const QString path = m_tmp.filePath(QStringLiteral("names-%1.yaml").arg(QString::number(qHash(QString::fromLatin1(QTest::currentDataTag())))));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("dataSources:\n"
                               "  \"%1\":\n    url: \"jdbc:mysql://127.0.0.1:3306/%2?useSSL=false\"\n    username: app\n"
                               "  ds_1:\n    url: jdbc:mysql://127.0.0.1:3307/fsharechat\n    username: app\n"
                               "rules:\n- !SHARDING\n  tables:\n    \"%3\":\n"
                               "      actualDataNodes: \"%1.%4,ds_1.%4\"\n"
                               "      databaseStrategy:\n        standard:\n"
                               "          shardingColumn: \"%5\"\n          shardingAlgorithmName: \"%6\"\n"
                               "  shardingAlgorithms:\n    \"%6\":\n      type: CRC32_MOD\n"
                               "      props:\n        sharding-count: 2\n")
                    .arg(ds0, schema, logic, actual, column, algorithm)
                    .toUtf8());
    }
    auto noRaw = [&](const QByteArray &output) {
        if (raw == "\n")
            return !output.contains("\nDROP") && !output.contains("\nx") && !output.contains("\nDROP TABLE");
        return !output.contains(raw);
    };

    const Run lint = shardctl({QStringLiteral("lint"), QStringLiteral("--config"), path});
    const QByteArray lintText = lint.out + lint.err;
    QVERIFY2(lint.exitCode == 1, lintText.constData());
    QVERIFY2(lintText.contains("[control-character]"), lintText.constData());
    QVERIFY2(lintText.contains(codePoint.toLatin1()), lintText.constData());
    QVERIFY2(noRaw(lintText), lintText.toPercentEncoding().constData());

    const Run plan = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), path, QStringLiteral("--strategy"),
                               QStringLiteral("mod-double"), QStringLiteral("--url"),
                               QStringLiteral("ds_2=jdbc:mysql://127.0.0.1:3308/n2"), QStringLiteral("--url"),
                               QStringLiteral("ds_3=jdbc:mysql://127.0.0.1:3309/n3"), QStringLiteral("--out"),
                               m_tmp.filePath(QStringLiteral("never"))});
    const QByteArray planText = plan.out + plan.err;
    QVERIFY2(plan.exitCode == 2, planText.constData());
    QVERIFY2(plan.err.contains(QByteArray(QByteArray("control or bidi character ") + codePoint.toLatin1())), plan.err.constData());
    QVERIFY2(plan.err.contains(QByteArray(QFileInfo(path).fileName().toUtf8() + ':')), plan.err.constData()); // where
    QVERIFY2(noRaw(planText), planText.toPercentEncoding().constData());
    QVERIFY(plan.out.isEmpty());
    QVERIFY(!QFileInfo::exists(m_tmp.filePath(QStringLiteral("never"))));

    // Commands that print the names escape them (the terminal filter of shardctl).
    for (const QStringList &args : {QStringList{QStringLiteral("nodes"), QStringLiteral("--config"), path},
                                    QStringList{QStringLiteral("nodes"), QStringLiteral("--config"), path, QStringLiteral("--json")},
                                    QStringList{QStringLiteral("route"), QStringLiteral("--config"), path, QStringLiteral("--table"),
                                                QStringLiteral("t_messages"), QStringLiteral("--key"), QStringLiteral("k")}}) {
        const Run r = shardctl(args);
        const QByteArray text = r.out + r.err;
        QVERIFY2(r.exitCode >= 0, "crashed");
        QVERIFY2(noRaw(text), qPrintable(args.join(QLatin1Char(' ')) + QLatin1Char(' ') + QString::fromLatin1(text.toPercentEncoding())));
        if (args.contains(QStringLiteral("--json")) && r.exitCode == 0)
            QVERIFY2(!QJsonDocument::fromJson(r.out).isNull(), r.out.constData()); // still valid JSON
    }
}

// plan --out and --json copied password: values verbatim (for the new data sources too) into
// new-config.yaml (0644) and plan.json. The placeholder the export writes is not taken for a
// password by the loader, and lint says so.
void TestHostile::secretsInPlanOutputs()
{
    const QString path = m_tmp.filePath(QStringLiteral("secrets.yaml"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("dataSources:\n"
                "  ds_0:\n    url: jdbc:mysql://127.0.0.1:3306/d0\n    username: app\n    password: Yaml-S3cret\n"
                "  ds_1:\n    url: jdbc:mysql://app:Url-S3cret@127.0.0.1:3307/d1?useSSL=false\n"
                "rules:\n- !SHARDING\n  tables:\n    t:\n      actualDataNodes: ds_${0..1}.t\n"
                "      databaseStrategy:\n        standard:\n          shardingColumn: id\n"
                "          shardingAlgorithmName: m\n  shardingAlgorithms:\n    m:\n      type: CRC32_MOD\n"
                "      props:\n        sharding-count: 2\n");
    }
    const QString out = m_tmp.filePath(QStringLiteral("secret-plan"));
    const QStringList args{QStringLiteral("plan"), QStringLiteral("--config"), path, QStringLiteral("--strategy"),
                           QStringLiteral("mod-double"), QStringLiteral("--url"),
                           QStringLiteral("ds_2=jdbc:mysql://127.0.0.1:3308/d2?user=app&password=Given-S3cret"),
                           QStringLiteral("--url"), QStringLiteral("ds_3=jdbc:mysql://app:Given-S3cret@127.0.0.1:3309/d3")};
    QByteArray all;
    for (const QStringList &extra : {QStringList{QStringLiteral("--json")}, QStringList{QStringLiteral("--out"), out}}) {
        const Run r = shardctl(args + extra);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        all += r.out + r.err;
    }
    QDir dir(out);
    const QStringList files = dir.entryList(QDir::Files);
    QVERIFY2(files.contains(QStringLiteral("new-config.yaml")) && files.contains(QStringLiteral("plan.json")),
             qPrintable(files.join(QLatin1Char(' '))));
    for (const QString &name : files) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        all += f.readAll();
        struct stat st{};
        QCOMPARE(::stat(QFile::encodeName(dir.filePath(name)).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), name == QLatin1String("copy.sh") ? 0700 : 0600);
    }
    for (const char *secret : {"Yaml-S3cret", "Url-S3cret", "Given-S3cret"})
        QVERIFY2(!all.contains(secret), secret);
    const Run lint = shardctl({QStringLiteral("lint"), QStringLiteral("--config"), dir.filePath(QStringLiteral("new-config.yaml"))});
    const QByteArray lintText = lint.out + lint.err;
    QVERIFY2(lintText.contains("[placeholder-password]"), lintText.constData());
    QVERIFY2(!lintText.contains("plain-text-password"), lintText.constData());
}

// Without --url, a plan pointed new data sources at the last existing one's url (create.sql
// wrote into the live schema); a url naming an existing data source's schema is refused too.
void TestHostile::existingSchemaAsNewUrl()
{
    const QString path = m_tmp.filePath(QStringLiteral("schemas.yaml"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("dataSources:\n  ds_0:\n    url: jdbc:mysql://db-a:3306/shop\n  ds_1:\n    url: jdbc:mysql://db-b:3306/shop\n"
                "rules:\n- !SHARDING\n  tables:\n    t:\n      actualDataNodes: ds_${0..1}.t\n"
                "      databaseStrategy:\n        standard:\n          shardingColumn: id\n"
                "          shardingAlgorithmName: m\n  shardingAlgorithms:\n    m:\n      type: CRC32_MOD\n"
                "      props:\n        sharding-count: 2\n");
    }
    const QString out = m_tmp.filePath(QStringLiteral("schemas-out"));
    const Run same = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), path, QStringLiteral("--strategy"),
                               QStringLiteral("mod-double"), QStringLiteral("--url"),
                               QStringLiteral("ds_2=jdbc:mysql://DB-B/shop"), QStringLiteral("--url"),
                               QStringLiteral("ds_3=jdbc:mysql://db-c:3306/shop"), QStringLiteral("--out"), out});
    QCOMPARE(same.exitCode, 2);
    QVERIFY2(same.err.contains("which data source ds_1 already uses"), same.err.constData());
    const Run none = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), path, QStringLiteral("--strategy"),
                               QStringLiteral("mod-double"), QStringLiteral("--out"), out});
    QCOMPARE(none.exitCode, 2);
    QVERIFY2(none.err.contains("ds_2, ds_3 have no url"), none.err.constData());
    QVERIFY(!QFileInfo::exists(out));
    const Run show = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), path, QStringLiteral("--strategy"),
                               QStringLiteral("mod-double")});
    QCOMPARE(show.exitCode, 0); // the moves can still be looked at
    QVERIFY2(show.out.contains("[plan.url-missing]"), show.out.constData());
    QVERIFY(!show.out.contains("db-b:3306/shop\nadd"));
}

void TestHostile::quoteInsidePlainScalar_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addRow("apostrophe after a blank") << base({{"    username: app\n  ds_1", "    username: rock 'n roll\n  ds_1"}});
    QTest::addRow("apostrophe inside a word") << base({{"    username: app\n  ds_1", "    username: o'brien\n  ds_1"}});
    QTest::addRow("double quotes inside") << base({{"    username: app\n  ds_1", "    username: say \"hi\" twice\n  ds_1"}});
    QTest::addRow("continuation line starting with a quote")
        << base({{"    username: app\n  ds_1", "    username: rock\n      'n roll\n  ds_1"}});
    QTest::addRow("in a flow mapping") << base({{"  ds_1:\n    url: jdbc:mysql://10.0.0.2:3306/app\n    username: app\n",
                                                 "  ds_1: {url: jdbc:mysql://10.0.0.2:3306/app, username: rock 'n roll}\n"}});
    QTest::addRow("block scalar lines starting with quotes")
        << base({{"    username: app\n  ds_1", "    username: app\n    description: |\n      'quoted' start\n      \"and\n  ds_1"}});
    QTest::addRow("list item") << base({{"  shardingAlgorithms:", "  broadcastTables:\n  - t_it's\n  shardingAlgorithms:"}});
}

// A plain scalar with a quote after a blank ("rock 'n roll") was refused by the prescan as "the
// quoted value starting here is never closed": quotes only open a value where one may start.
void TestHostile::quoteInsidePlainScalar()
{
    QFETCH(QByteArray, yaml);
    const QString path = write(QStringLiteral("plain-%1.yaml").arg(QString::fromUtf8(QTest::currentDataTag())).replace(QLatin1Char(' '), QLatin1Char('_')), yaml);
    const Run lint = shardctl({QStringLiteral("lint"), QStringLiteral("--config"), path});
    QVERIFY2(!lint.err.contains("never closed") && !lint.out.contains("never closed"), QByteArray(lint.out + lint.err).constData());
    lintsPlansAndExports(path, 4);
}

void TestHostile::quotedKeys_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addRow("double-quoted") << base({{"    t_order:", "    \"t_order\":"}, {"  ds_1:", "  \"ds_1\":"},
                                             {"    m:", "    \"m\":"}, {"sharding-count: 2", "\"sharding-count\": 2"}});
    QTest::addRow("single-quoted") << base({{"    t_order:", "    't_order':"}, {"  ds_1:", "  'ds_1':"},
                                             {"      actualDataNodes:", "      'actualDataNodes':"}, {"    url:", "    'url':"}});
    QTest::addRow("escapes") << base({{"    t_order:", "    \"t\\u005forder\":"}, {"  ds_1:", "  \"ds\\x5f1\":"}});
    QTest::addRow("space before the colon") << base({{"    t_order:", "    \"t_order\" :"}, {"  ds_1:", "  'ds_1' :"}});
    QTest::addRow("flow mappings")
        << QByteArray("dataSources:\n"
                      "  \"ds_0\": {\"url\": \"jdbc:mysql://10.0.0.1:3306/app\", 'username': app}\n"
                      "  'ds_1': {\"url\": 'jdbc:mysql://10.0.0.2:3306/app'}\n"
                      "rules:\n"
                      "- !SHARDING\n"
                      "  tables:\n"
                      "    \"t_order\": {\"actualDataNodes\": \"ds_${0..1}.t_order\", \"databaseStrategy\": "
                      "{\"standard\": {\"shardingColumn\": id, \"shardingAlgorithmName\": m}}}\n"
                      "  shardingAlgorithms:\n"
                      "    \"m\": {\"type\": MOD, \"props\": {\"sharding-count\": 2}}\n");
    QTest::addRow("spring boot")
        << QByteArray("spring:\n"
                      "  shardingsphere:\n"
                      "    datasource:\n"
                      "      names: ds_0,ds_1\n"
                      "      \"ds_0\":\n"
                      "        'url': jdbc:mysql://10.0.0.1:3306/app\n"
                      "      \"ds_1\":\n"
                      "        \"url\": jdbc:mysql://10.0.0.2:3306/app\n"
                      "    rules:\n"
                      "      sharding:\n"
                      "        tables:\n"
                      "          'table\"s':\n"
                      "            \"actual-data-nodes\": ds_${0..1}.t_order\n"
                      "            'database-strategy':\n"
                      "              standard:\n"
                      "                sharding-column: id\n"
                      "                \"sharding-algorithm-name\": m\n"
                      "        sharding-algorithms:\n"
                      "          \"m\":\n"
                      "            type: MOD\n"
                      "            props:\n"
                      "              \"sharding-count\": 2\n");
}

// Quoted keys: lint read them, so the plan's patcher must find them in the text too.
void TestHostile::quotedKeys()
{
    QFETCH(QByteArray, yaml);
    const QString path = write(QStringLiteral("keys-%1.yaml").arg(QString::fromUtf8(QTest::currentDataTag())).replace(QLatin1Char(' '), QLatin1Char('_')), yaml);
    lintsPlansAndExports(path, 4);
}

void TestHostile::multipleDocuments_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<int>("line"); // of the second document, 0: one document (accepted)
    const QByteArray one = kBase;
    const int lines = int(one.count('\n'));
    QTest::addRow("two documents") << "---\n" + one + "---\nfoo: 1\n" << lines + 2;
    QTest::addRow("second document without a leading marker") << one + "---\n" + one << lines + 1;
    QTest::addRow("empty second document") << one + "---\n" << lines + 1;
    QTest::addRow("content after the end marker") << one + "...\nfoo: 1\n" << lines + 2;
    QTest::addRow("spring boot profiles")
        << QByteArray("spring:\n  profiles:\n    active: prod\n---\nspring:\n  config:\n    activate:\n"
                      "      on-profile: prod\n")
        << 4;
    QTest::addRow("one document with markers") << "%YAML 1.2\n---\n" + one + "...\n# end\n" << 0;
    QTest::addRow("marker-like text inside values")
        << base({{"    username: app\n  ds_1", "    username: a --- b\n    description: |\n      ---\n  ds_1"}}) << 0;
}

// A second document used to be dropped silently: lint read the first one while ShardingSphere
// (SnakeYAML's loadAs) refuses the file. Refused at load by every command, at its line.
void TestHostile::multipleDocuments()
{
    QFETCH(QByteArray, yaml);
    QFETCH(int, line);
    const QString path = write(QStringLiteral("docs-%1.yaml").arg(QString::fromUtf8(QTest::currentDataTag())).replace(QLatin1Char(' '), QLatin1Char('_')), yaml);
    if (line == 0) {
        lintsPlansAndExports(path, 4);
        return;
    }
    const QByteArray where = QStringLiteral(":%1:").arg(line).toUtf8();
    for (const QStringList &args : {QStringList{QStringLiteral("lint")},
                                    QStringList{QStringLiteral("plan"), QStringLiteral("--strategy"), QStringLiteral("mod-double")},
                                    QStringList{QStringLiteral("route"), QStringLiteral("--table"), QStringLiteral("t_order"),
                                                QStringLiteral("--key"), QStringLiteral("1")},
                                    QStringList{QStringLiteral("nodes")}}) {
        const Run r = shardctl(QStringList{args.first(), QStringLiteral("--config"), path} + args.mid(1));
        QVERIFY2(r.exitCode == 2, qPrintable(args.first() + QLatin1Char(' ') + QString::fromUtf8(r.out + r.err)));
        QVERIFY2(r.err.contains("yaml-multiple-documents") && r.err.contains(where), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
}

void TestHostile::notUtf8_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QByteArray>("expected");
    const QByteArray text = kBase;
    auto utf16 = [&](bool bigEndian, bool bom) {
        QByteArray out = bom ? (bigEndian ? QByteArray("\xFE\xFF") : QByteArray("\xFF\xFE")) : QByteArray();
        for (const char c : text)
            out += bigEndian ? QByteArray(1, '\0') + c : QByteArray(1, c) + '\0';
        return out;
    };
    QByteArray utf32 = QByteArray("\xFF\xFE\x00\x00", 4);
    for (const char c : text)
        utf32 += QByteArray(1, c) + QByteArray(3, '\0');
    QTest::addRow("UTF-16LE with BOM") << utf16(false, true) << QByteArray(":1:1: error: the file is UTF-16LE text");
    QTest::addRow("UTF-16BE with BOM") << utf16(true, true) << QByteArray(":1:1: error: the file is UTF-16BE text");
    QTest::addRow("UTF-32LE with BOM") << utf32 << QByteArray(":1:1: error: the file is UTF-32LE text");
    QTest::addRow("UTF-16LE without BOM") << utf16(false, false) << QByteArray(":1:2: error: a NUL byte is here");
    QTest::addRow("NUL in a value") << base({{"username: app\n  ds_1", QByteArray("username: a\0pp\n  ds_1", 21)}})
                                    << QByteArray(":4:16: error: a NUL byte is here");
    QTest::addRow("control character") << base({{"username: app\n  ds_1", "username: a\x01pp\n  ds_1"}})
                                       << QByteArray(":4:16: error: control character 0x01 is here");
    QTest::addRow("Latin-1 text") << base({{"username: app\n  ds_1", "username: caf\xE9\n  ds_1"}})
                                  << QByteArray(":4:18: error: byte 0xE9 here is not UTF-8");
}

// UTF-16 passed lint (yaml-cpp decoded it) and failed plan ("key not found in the text"); a NUL
// gave "unknown escape character:". Refused at load, at the place, by every command.
void TestHostile::notUtf8()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QByteArray, expected);
    const QString path = write(QStringLiteral("enc-%1.yaml").arg(QString::fromUtf8(QTest::currentDataTag())).replace(QLatin1Char(' '), QLatin1Char('_')), bytes);
    for (const QStringList &args : {QStringList{QStringLiteral("lint")},
                                    QStringList{QStringLiteral("plan"), QStringLiteral("--strategy"), QStringLiteral("mod-double")},
                                    QStringList{QStringLiteral("route"), QStringLiteral("--table"), QStringLiteral("t_order"),
                                                QStringLiteral("--key"), QStringLiteral("1")}}) {
        const Run r = shardctl(QStringList{args.first(), QStringLiteral("--config"), path} + args.mid(1));
        QVERIFY2(r.exitCode == 2, qPrintable(args.first() + QLatin1Char(' ') + QString::fromUtf8(r.out + r.err)));
        QVERIFY2(r.err.contains(expected) && r.err.contains("[file-encoding]"), r.err.constData());
        QVERIFY(!r.err.contains("escape"));
    }
    // A UTF-8 byte-order mark is UTF-8.
    const QString bom = write(QStringLiteral("enc-utf8-bom.yaml"), QByteArray("\xEF\xBB\xBF") + kBase);
    lintsPlansAndExports(bom, 4);
}

void TestHostile::countValidatedOnce_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("count");
    QTest::addColumn<bool>("autoTable");
    QTest::addColumn<bool>("valid");
    for (const char *type : {"HASH_MOD", "MOD", "CRC32_MOD"})
        for (const bool autoTable : {false, true}) {
            for (const char *count : {"2147483648", "4294967296", "0", "-2", "2.0"})
                QTest::addRow("%s %s%s", type, count, autoTable ? " auto" : "")
                    << QString::fromLatin1(type) << QString::fromLatin1(count) << autoTable << false;
            if (!autoTable) // valid, but 2^31 - 1 auto tables are too many (inline-too-large)
                QTest::addRow("%s 2147483647", type) << QString::fromLatin1(type) << QStringLiteral("2147483647")
                                                     << autoTable << true;
        }
}

// One validation of sharding-count for lint, route and the loader's auto tables: HASH_MOD with
// 2^31 passed one and failed another; the loader read 2^31 as a table count.
void TestHostile::countValidatedOnce()
{
    QFETCH(QString, type);
    QFETCH(QString, count);
    QFETCH(bool, autoTable);
    QFETCH(bool, valid);
    QByteArray y = "dataSources:\n  ds_0:\n    url: jdbc:mysql://h:3306/d\n  ds_1:\n    url: jdbc:mysql://h:3306/d\n"
                   "rules:\n- !SHARDING\n";
    if (autoTable)
        y += "  autoTables:\n    t:\n      actualDataSources: ds_${0..1}\n      shardingStrategy:\n";
    else
        y += "  tables:\n    t:\n      actualDataNodes: ds_${0..1}.t\n      databaseStrategy:\n";
    y += "        standard:\n          shardingColumn: id\n          shardingAlgorithmName: a\n"
         "  shardingAlgorithms:\n    a:\n      type: " + type.toUtf8() + "\n      props:\n        sharding-count: '" +
         count.toUtf8() + "'\n";
    const QString path = write(QStringLiteral("count-%1.yaml").arg(QString::fromUtf8(QTest::currentDataTag())).replace(QLatin1Char(' '), QLatin1Char('_')), y);
    const Run lint = shardctl({QStringLiteral("lint"), QStringLiteral("--config"), path});
    const QByteArray lintText = lint.out + lint.err;
    QVERIFY2(!lintText.contains("inline-too-large"), lintText.constData()); // not read as 2^31 tables
    const Run route = shardctl({QStringLiteral("route"), QStringLiteral("--config"), path, QStringLiteral("--table"),
                                QStringLiteral("t"), QStringLiteral("--key"), QStringLiteral("7")});
    const QByteArray routeText = route.out + route.err;
    const QByteArray invalid = "property sharding-count must be a positive integer, got '" + count.toUtf8() + '\'';
    QCOMPARE(lintText.contains("[invalid-algorithm]"), !valid);
    QCOMPARE(lintText.contains(invalid), !valid);
    if (!valid)
        QVERIFY2(route.exitCode != 0 && (routeText.contains(invalid) || routeText.contains("has no data nodes")), routeText.constData());
    else
        QVERIFY2(!routeText.contains(invalid), routeText.constData());
}

void TestHostile::planSaysWhatIsWrong_data()
{
    QTest::addColumn<QByteArray>("algorithm");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<QByteArray>("notExpected");
    QTest::addRow("INLINE") << QByteArray("type: INLINE\n      props:\n        algorithm-expression: ds_${id % 2}\n")
                            << QByteArray("is INLINE (ds_${id % 2}): the expression itself names the data sources")
                            << QByteArray("CONSISTENT_HASH");
    QTest::addRow("CONSISTENT_HASH") << QByteArray("type: CONSISTENT_HASH\n")
                                     << QByteArray("is a CONSISTENT_HASH ring") << QByteArray("INLINE");
    QTest::addRow("CLASS_BASED") << QByteArray("type: CLASS_BASED\n      props:\n        strategy: STANDARD\n")
                                 << QByteArray("(CLASS_BASED) is not a modulo algorithm (MOD, HASH_MOD, CRC32_MOD)")
                                 << QByteArray("--strategy ring");
}

// mod-double, remap and dual-master refuse a database algorithm they cannot re-count; the message
// said "use --strategy ring for CONSISTENT_HASH" whatever the algorithm was.
void TestHostile::planSaysWhatIsWrong()
{
    QFETCH(QByteArray, algorithm);
    QFETCH(QByteArray, expected);
    QFETCH(QByteArray, notExpected);
    const QString path = write(QStringLiteral("refuse-%1.yaml").arg(QString::fromUtf8(QTest::currentDataTag())),
                               base({{"type: MOD\n      props:\n        sharding-count: 2\n", algorithm}}));
    for (const char *strategy : {"mod-double", "remap", "dual-master"}) {
        QStringList args{QStringLiteral("plan"), QStringLiteral("--config"), path, QStringLiteral("--strategy"),
                         QString::fromLatin1(strategy)};
        if (qstrcmp(strategy, "remap") == 0)
            args << QStringLiteral("--to") << QStringLiteral("3");
        const Run r = shardctl(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(expected) && !r.err.contains(notExpected), r.err.constData());
    }
}

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
