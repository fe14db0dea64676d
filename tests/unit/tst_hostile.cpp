// Hostile inputs (tests/hostile/README.md): shardctl must answer each with a clear error in bounded
// time and memory. The child runs with RLIMIT_AS = 2 GiB, so an input that makes it allocate
// without bound dies with bad_alloc/SIGABRT (a failure here) instead of swapping the machine.
#include "TestPaths.h"

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

private:
    QTemporaryDir m_tmp;
};

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

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
