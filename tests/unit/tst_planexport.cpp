// The files of a plan export (core/planning/PlanExport): one script per data source that runs as
// written, no statement ending inside a comment, no password anywhere, no url ever guessed, and no
// name that can break out of a comment, the shell script, the runbook or the terminal text even
// when the planner's refusal is bypassed. (integration.plan_export runs the scripts on mariadbd.)
#include "TestPaths.h"

#include "core/analysis/Linter.h"
#include "core/config/ConfigLoader.h"
#include "core/config/Printable.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/planning/PlanExport.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace sp;
using namespace sp::planning;

namespace {

QByteArray readExample(const QString &name)
{
    QFile f(test::examplePath(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

PlanInput inputFor(const QByteArray &text, const QString &path = QStringLiteral("cfg.yaml"))
{
    PlanInput in;
    in.configPath = path;
    in.configText = text;
    const LoadResult r = ConfigLoader::loadText(text, path);
    in.config = r.config;
    return in;
}

// fsharechat-crc32.yaml (db0..db3 on mysql-0..3:3306/fsharechat) with urls for db4..db7.
PlanInput crc32Input(StrategyId strategy = StrategyId::ModDouble, const QString &hostPattern = QStringLiteral("mysql-%1"))
{
    PlanInput in = inputFor(readExample(QStringLiteral("fsharechat-crc32.yaml")));
    in.request.strategy = strategy;
    for (int i = 4; i < 8; ++i)
        in.request.newUrls.insert(QStringLiteral("db%1").arg(i),
                                  QStringLiteral("jdbc:mysql://%1:3306/fsharechat_db%2").arg(hostPattern.arg(i)).arg(i));
    return in;
}

QByteArray fileOf(const QList<PlanExport::File> &files, const QString &path)
{
    for (const PlanExport::File &f : files)
        if (f.path == path)
            return f.bytes;
    return {};
}

// A line of a script that is SQL (not a comment, not a client command).
bool isStatementLine(const QString &line)
{
    const QString t = line.trimmed();
    return !t.isEmpty() && !t.startsWith(QLatin1String("--")) && !t.startsWith(QLatin1String("DELIMITER"));
}

} // namespace

class TestPlanExport final : public QObject
{
    Q_OBJECT
private slots:
    void scriptsPerDataSource();
    void noStatementEndsInAComment_data();
    void noStatementEndsInAComment();
    void offlineDefinitions();
    void liveDefinitionsRetargeted();
    void secretsNeverExported();
    void urlsNeverGuessed();
    void existingSchemaRefused_data();
    void existingSchemaRefused();
    void hostileNamesEscaped_data();
    void hostileNamesEscaped();
    void copyScriptQuotesNames();
};

void TestPlanExport::scriptsPerDataSource()
{
    const PlanOutcome out = makePlan(crc32Input());
    QVERIFY2(out.plan, qPrintable(out.error));
    QVERIFY(PlanExport::exportProblem(*out.plan).isEmpty());
    const QList<PlanExport::File> files = PlanExport::files(*out.plan);
    QStringList paths;
    for (const PlanExport::File &f : files)
        paths << f.path;
    for (int i = 0; i < 8; ++i)
        QVERIFY2(paths.contains(QStringLiteral("on-db%1/copy.sql").arg(i)), qPrintable(paths.join(QLatin1Char(' '))));
    for (int i = 0; i < 4; ++i) {
        QVERIFY(paths.contains(QStringLiteral("on-db%1/purge.sql").arg(i)));
        QVERIFY(!paths.contains(QStringLiteral("on-db%1/create.sql").arg(i)));
    }
    for (int i = 4; i < 8; ++i) {
        QVERIFY(paths.contains(QStringLiteral("on-db%1/create.sql").arg(i)));
        QVERIFY(!paths.contains(QStringLiteral("on-db%1/purge.sql").arg(i)));
    }
    for (const char *top : {"plan.json", "new-config.yaml", "runbook.html", "copy.sh"})
        QVERIFY(paths.contains(QLatin1String(top)));
    for (const PlanExport::File &f : files)
        QCOMPARE(f.executable, f.path == QLatin1String("copy.sh"));

    // Each file runs on one data source only: its statements name that data source's schema.
    const QString create = QString::fromUtf8(fileOf(files, QStringLiteral("on-db5/create.sql")));
    QVERIFY(create.contains(QStringLiteral("mysql-5:3306, schema fsharechat_db5")));
    QVERIFY(create.contains(QStringLiteral("CREATE DATABASE IF NOT EXISTS `fsharechat_db5`")));
    QVERIFY(!create.contains(QStringLiteral("fsharechat_db4")));
    const QString purge = QString::fromUtf8(fileOf(files, QStringLiteral("on-db1/purge.sql")));
    QVERIFY(purge.contains(QStringLiteral("DESTRUCTIVE")));
    QVERIFY(purge.contains(QStringLiteral("DELETE FROM `fsharechat`.`t_messages_2` WHERE CRC32(`_target`) % 8 >= 4 LIMIT 10000;")));
    QVERIFY(purge.contains(QStringLiteral("WHILE deleted > 0 DO")));
    QVERIFY(!purge.contains(QStringLiteral("db5.")) || purge.contains(QStringLiteral("-> db5.")));
    // The old names still give every data source's script, one section each.
    QVERIFY(PlanExport::purgeSql(*out.plan).contains("-- ==== on-db3 ===="));

    // copy.sh: one copy per pair, credentials only from option files.
    const QString copy = QString::fromUtf8(fileOf(files, QStringLiteral("copy.sh")));
    QVERIFY(copy.startsWith(QStringLiteral("#!/usr/bin/env bash\n")));
    QVERIFY(copy.contains(QStringLiteral("mariadb-dump")));
    QVERIFY(copy.contains(QStringLiteral("--defaults-file=$file")));
    QVERIFY(!copy.contains(QStringLiteral("--password")));
    QVERIFY(copy.contains(QStringLiteral("writes are stopped")) || copy.contains(QStringLiteral("Stop writes first")));
    int pairs = 0;
    for (const TablePlan &t : out.plan->tables)
        pairs += int(t.pairs.size());
    QCOMPARE(int(copy.count(QStringLiteral("\ncopy_pair "))), pairs);
    QProcess bash;
    bash.start(QStringLiteral("bash"), {QStringLiteral("-n")});
    QVERIFY(bash.waitForStarted());
    bash.write(copy.toUtf8());
    bash.closeWriteChannel();
    QVERIFY(bash.waitForFinished());
    QVERIFY2(bash.exitCode() == 0, bash.readAllStandardError().constData());
}

void TestPlanExport::noStatementEndsInAComment_data()
{
    QTest::addColumn<int>("strategy");
    QTest::addColumn<int>("to");
    QTest::addRow("mod-double") << int(StrategyId::ModDouble) << 0;
    QTest::addRow("remap 4->6") << int(StrategyId::Remap) << 6;
    QTest::addRow("remap 4->3") << int(StrategyId::Remap) << 3;
    QTest::addRow("dual-master") << int(StrategyId::DualMaster) << 0;
}

// purge.sql ended every statement inside its trailing comment (`... LIMIT 10000  -- repeat until 0
// rows;`): the client merged the statements and failed with ERROR 1064. No step SQL carries a
// comment after a statement now, and every script line is a whole comment or SQL.
void TestPlanExport::noStatementEndsInAComment()
{
    QFETCH(int, strategy);
    QFETCH(int, to);
    PlanInput in = crc32Input(StrategyId(strategy));
    in.request.toCount = to;
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    for (const PlanStep &s : out.plan->steps)
        for (const QString &q : s.sql)
            if (!q.startsWith(QLatin1String("--")))
                QVERIFY2(!q.contains(QLatin1String("--")), qPrintable(s.phase + QLatin1Char(' ') + q));
    int purges = 0;
    for (const PlanExport::File &f : PlanExport::files(*out.plan)) {
        if (!f.path.endsWith(QLatin1String(".sql")))
            continue;
        purges += f.path.endsWith(QLatin1String("purge.sql"));
        for (const QString &line : QString::fromUtf8(f.bytes).split(QLatin1Char('\n')))
            if (isStatementLine(line))
                QVERIFY2(!line.contains(QLatin1String("--")) && !line.contains(QLatin1Char('#')),
                         qPrintable(f.path + QStringLiteral(": ") + line));
    }
    QVERIFY(purges > 0);
}

void TestPlanExport::offlineDefinitions()
{
    // db4 on db0's instance (same host and port): CREATE TABLE ... LIKE works there. db5..db7 on
    // other servers: no definition without a live plan, said in the file, never invented.
    PlanInput in = crc32Input();
    in.request.newUrls.insert(QStringLiteral("db4"), QStringLiteral("jdbc:mysql://MYSQL-0:3306/fsharechat_db4"));
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    const QString same = QString::fromUtf8(PlanExport::createSql(*out.plan, QStringLiteral("db4")));
    QVERIFY2(same.contains(QStringLiteral("CREATE TABLE IF NOT EXISTS `fsharechat_db4`.`t_messages_0` LIKE "
                                          "`fsharechat`.`t_messages_0`;")),
             qPrintable(same));
    QVERIFY(same.contains(QStringLiteral("CREATE TABLE IF NOT EXISTS `fsharechat_db4`.`t_robot` LIKE `fsharechat`.`t_robot`;")));
    const QString other = QString::fromUtf8(PlanExport::createSql(*out.plan, QStringLiteral("db5")));
    QVERIFY(other.contains(QStringLiteral("Table definitions need a live plan")));
    QVERIFY(other.contains(QStringLiteral("-- `fsharechat_db5`.`t_messages_1`: no table definition in an offline plan")));
    for (const QString &line : other.split(QLatin1Char('\n')))
        if (isStatementLine(line))
            QVERIFY2(line.startsWith(QLatin1String("CREATE DATABASE")), qPrintable(line));
}

void TestPlanExport::liveDefinitionsRetargeted()
{
    PlanInput in = crc32Input();
    const QString ddl = QStringLiteral("CREATE TABLE `t_messages_0` (\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n"
                                       "  `_target` varchar(64) NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB "
                                       "AUTO_INCREMENT=42 DEFAULT CHARSET=utf8mb4");
    in.tableDdl.insert(DataNode{QStringLiteral("db0"), QStringLiteral("t_messages_0")}, ddl);
    in.tableDdl.insert(DataNode{QStringLiteral("db0"), QStringLiteral("t_robot")},
                       QStringLiteral("CREATE ALGORITHM=UNDEFINED VIEW `t_robot` AS SELECT 1")); // not a table
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    const QString sql = QString::fromUtf8(PlanExport::createSql(*out.plan, QStringLiteral("db4")));
    QVERIFY2(sql.contains(QStringLiteral("CREATE TABLE IF NOT EXISTS `fsharechat_db4`.`t_messages_0` (\n  `id` int(11) "
                                         "NOT NULL AUTO_INCREMENT,")),
             qPrintable(sql));
    QVERIFY(sql.contains(QStringLiteral("AUTO_INCREMENT=42 DEFAULT CHARSET=utf8mb4;\n")));
    QVERIFY(!sql.contains(QStringLiteral("VIEW")));
    QVERIFY(sql.contains(QStringLiteral("-- `fsharechat_db4`.`t_robot`: no table definition")));
    // The definition travels in plan.json.
    QString error;
    const auto back = ExpansionPlan::fromJsonBytes(out.plan->toJsonBytes(), &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(*back == *out.plan);
    QCOMPARE(PlanExport::createSql(*back, QStringLiteral("db4")), sql.toUtf8());
}

// plan --out and --json copied `password:` verbatim (new data sources too) into new-config.yaml
// (0644) and plan.json.
void TestPlanExport::secretsNeverExported()
{
    QByteArray text = readExample(QStringLiteral("fsharechat-crc32.yaml"));
    text.replace("    username: fsharechat\n", "    username: fsharechat\n    password: Yaml-S3cret\n");
    text.replace("jdbc:mysql://mysql-2:3306/fsharechat", "jdbc:mysql://fsharechat:Url-S3cret@mysql-2:3306/fsharechat");
    QVERIFY(text.contains("Url-S3cret"));
    PlanInput in = inputFor(text);
    in.request.strategy = StrategyId::ModDouble;
    for (int i = 4; i < 8; ++i)
        in.request.newUrls.insert(QStringLiteral("db%1").arg(i),
                                  QStringLiteral("jdbc:mysql://mysql-%1:3306/fs?user=fsharechat&password=Given-S3cret").arg(i));
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    QByteArray all = out.plan->toJsonBytes() + PlanExport::text(*out.plan).toUtf8();
    for (const PlanExport::File &f : PlanExport::files(*out.plan))
        all += f.bytes;
    for (const char *secret : {"Yaml-S3cret", "Url-S3cret", "Given-S3cret"})
        QVERIFY2(!all.contains(secret), secret);
    // The placeholder says where the password goes, and is never taken for one.
    QVERIFY(out.plan->newConfigText.contains(QStringLiteral("password: \"SHARDPILOT_REDACTED: not exported")));
    const LoadResult next = ConfigLoader::loadText(out.plan->newConfigText.toUtf8(), QStringLiteral("new.yaml"));
    QVERIFY(next.ok());
    for (const DataSourceDef &d : next.config.dataSources) {
        QVERIFY2(d.password.isEmpty(), qPrintable(d.name));
        QVERIFY2(!d.passwordInFile, qPrintable(d.name));
        QVERIFY2(d.passwordPlaceholder, qPrintable(d.name));
    }
    int placeholders = 0;
    for (const Diagnostic &d : Linter::lint(next.config)) {
        QVERIFY2(d.code != QLatin1String("plain-text-password"), qPrintable(d.toString()));
        placeholders += d.code == QLatin1String("placeholder-password") && d.severity == Severity::Warning;
    }
    QCOMPARE(placeholders, 8);
}

// Without --url, a non-sandbox plan pointed every new data source at the last existing one's url,
// so create.sql wrote into the live db3 schema.
void TestPlanExport::urlsNeverGuessed()
{
    for (const StrategyId s : {StrategyId::ModDouble, StrategyId::Remap, StrategyId::DualMaster}) {
        PlanInput in = inputFor(readExample(QStringLiteral("fsharechat-crc32.yaml")));
        in.request.strategy = s;
        in.request.toCount = s == StrategyId::Remap ? 6 : 0;
        const PlanOutcome out = makePlan(in);
        QVERIFY2(out.plan, qPrintable(out.error));
        const ExpansionPlan &plan = *out.plan;
        QStringList added;
        for (const DataSourceChange &c : plan.dataSourceChanges)
            if (c.added) {
                QVERIFY2(c.url.isEmpty(), qPrintable(c.url));
                added << c.name;
            }
        QVERIFY(!added.isEmpty());
        QVERIFY(plan.creates.isEmpty());
        const LoadResult next = ConfigLoader::loadText(plan.newConfigText.toUtf8(), QStringLiteral("new.yaml"));
        QVERIFY(next.ok());
        for (const QString &name : std::as_const(added)) {
            const DataSourceDef *d = next.config.dataSource(name);
            QVERIFY(d);
            QVERIFY2(d->host.endsWith(QLatin1String(".invalid")), qPrintable(d->url));
            QVERIFY(d->database != QLatin1String("fsharechat"));
        }
        bool warned = false;
        for (const Diagnostic &d : plan.warnings)
            if (d.code == QLatin1String("plan.url-missing")) {
                warned = true;
                QVERIFY(d.message.contains(added.join(QStringLiteral(", "))));
                QVERIFY(d.hint.contains(QStringLiteral("--url %1=jdbc:mysql://host:port/schema").arg(added.first())));
            }
        QVERIFY(warned);
        const Text problem = PlanExport::exportProblem(plan);
        QVERIFY(problem.text.contains(QStringLiteral("--url %1=jdbc:mysql://host:port/schema").arg(added.first())));
        for (const PlanExport::File &f : PlanExport::files(plan))
            QVERIFY2(!f.path.endsWith(QLatin1String(".sql")) && !f.path.endsWith(QLatin1String(".sh")), qPrintable(f.path));
        QTemporaryDir dir;
        QString error;
        QVERIFY(!PlanExport::writeAll(plan, dir.filePath(QStringLiteral("out")), &error));
        QCOMPARE(error, problem.text);
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("out"))));
    }
}

void TestPlanExport::existingSchemaRefused_data()
{
    QTest::addColumn<QString>("db4");
    QTest::addColumn<QString>("db5");
    QTest::addColumn<QString>("expected"); // empty: accepted
    const QString ok = QStringLiteral("jdbc:mysql://mysql-5:3306/fsharechat_db5");
    QTest::addRow("db3's schema") << QStringLiteral("jdbc:mysql://mysql-3:3306/fsharechat") << ok
                                  << QStringLiteral("which data source db3 already uses");
    QTest::addRow("default port, other case") << QStringLiteral("jdbc:mariadb://MYSQL-0/FShareChat?useSSL=false") << ok
                                              << QStringLiteral("which data source db0 already uses");
    QTest::addRow("two new share one") << ok << ok << QStringLiteral("point at the same schema fsharechat_db5");
    QTest::addRow("no schema") << QStringLiteral("jdbc:mysql://mysql-4:3306/") << ok << QStringLiteral("names no schema");
    QTest::addRow("new schema on db3's server") << QStringLiteral("jdbc:mysql://mysql-3:3306/fsharechat_db4") << ok
                                                << QString();
}

void TestPlanExport::existingSchemaRefused()
{
    QFETCH(QString, db4);
    QFETCH(QString, db5);
    QFETCH(QString, expected);
    PlanInput in = crc32Input();
    in.request.newUrls.insert(QStringLiteral("db4"), db4);
    in.request.newUrls.insert(QStringLiteral("db5"), db5);
    const PlanOutcome out = makePlan(in);
    if (expected.isEmpty()) {
        QVERIFY2(out.plan, qPrintable(out.error));
        QVERIFY(newUrlProblem(in.config, in.request.newUrls).isEmpty());
        return;
    }
    QVERIFY(!out.plan);
    QVERIFY2(out.error.contains(expected), qPrintable(out.error));
    QCOMPARE(newUrlProblem(in.config, in.request.newUrls).text, out.error); // the wizard's target page says the same
    // Loopback names are one host (a sandbox on 127.0.0.1 given as localhost).
    PlanInput local = inputFor(QByteArray("dataSources:\n  ds_0:\n    url: jdbc:mysql://127.0.0.1:3310/app\n"
                                          "rules:\n- !SHARDING\n  tables:\n    t:\n      actualDataNodes: ds_0.t\n"));
    QVERIFY(!newUrlProblem(local.config, {{QStringLiteral("ds_1"), QStringLiteral("jdbc:mysql://localhost:3310/APP")}})
                 .isEmpty());
}

void TestPlanExport::hostileNamesEscaped_data()
{
    QTest::addColumn<QString>("bad");
    QTest::addRow("newline") << QStringLiteral("x\nDROP TABLE fsharechat.canary;\n");
    QTest::addRow("carriage return") << QStringLiteral("x\rDROP TABLE canary;");
    QTest::addRow("ansi escape") << QStringLiteral("x\x1b[2J\x1b[31mred");
    QTest::addRow("nul") << QString::fromUtf16(u"x\u0000y", 3);
    QTest::addRow("tab") << QStringLiteral("x\ty");
    QTest::addRow("bidi override") << QString::fromUtf16(u"x\u202Ey\u2066z");
    QTest::addRow("c1 and del") << QString::fromUtf16(u"x\u0085y\u009bz\u007f");
}

// The planner refuses such names (unit.hostile); a plan that bypasses it (hand-edited plan.json,
// a future caller) is refused by the export, and every generator still escapes: no comment, HTML
// or terminal line carries the character raw.
void TestPlanExport::hostileNamesEscaped()
{
    QFETCH(QString, bad);
    const PlanOutcome out = makePlan(crc32Input());
    QVERIFY2(out.plan, qPrintable(out.error));
    ExpansionPlan plan = *out.plan;
    plan.setDescription(Text(QStringLiteral("4 -> 8 ") + bad));
    plan.dataSources[0].schema += bad;
    plan.tables[0].logicTable += bad;
    plan.tables[0].pairs[0].source.table += bad;
    plan.tables[0].pairs[0].target.table += bad;
    for (PlanStep &s : plan.steps)
        s.title += bad;
    plan.warnings.first().message += bad;
    plan.assumptions << bad;

    const Text problem = PlanExport::exportProblem(plan);
    QVERIFY(problem.text.startsWith(QStringLiteral("cannot export: ")));
    QVERIFY(!hasUnsafeChars(problem.text));
    for (const PlanExport::File &f : PlanExport::files(plan))
        QVERIFY2(!f.path.endsWith(QLatin1String(".sql")) && f.path != QLatin1String("copy.sh"), qPrintable(f.path));

    // Comment lines of every script, the runbook, the terminal text: no unsafe character at all.
    auto noUnsafe = [](const QString &text, const QString &what, bool commentsOnly) -> QString {
        for (const QString &line : text.split(QLatin1Char('\n'))) {
            if (commentsOnly && !line.startsWith(QLatin1String("--")) && !line.startsWith(QLatin1Char('#')))
                continue;
            if (hasUnsafeChars(line))
                return what + QStringLiteral(": ") + printableName(line);
        }
        return QString();
    };
    for (const QString &ds : {QStringLiteral("db0"), QStringLiteral("db4")}) {
        for (const QByteArray &sql : {PlanExport::createSql(plan, ds), PlanExport::copySql(plan, ds),
                                      PlanExport::purgeSql(plan, ds)}) {
            const QString failure = noUnsafe(QString::fromUtf8(sql), ds, true);
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
            for (const QString &line : QString::fromUtf8(sql).split(QLatin1Char('\n')))
                QVERIFY2(!line.startsWith(QLatin1String("DROP")), qPrintable(line));
        }
    }
    const QString copy = QString::fromUtf8(PlanExport::copyScript(plan));
    QVERIFY2(noUnsafe(copy, QStringLiteral("copy.sh"), true).isEmpty(), qPrintable(noUnsafe(copy, QStringLiteral("copy.sh"), true)));
    const QString html = PlanExport::runbookHtml(plan);
    QVERIFY2(noUnsafe(html, QStringLiteral("runbook"), false).isEmpty(), qPrintable(noUnsafe(html, QStringLiteral("runbook"), false)));
    const QString text = PlanExport::text(plan);
    QVERIFY2(noUnsafe(text, QStringLiteral("text"), false).isEmpty(), qPrintable(noUnsafe(text, QStringLiteral("text"), false)));
    QVERIFY(!text.contains(QLatin1String("\nDROP")));
}

// copy.sh passes names as single-quoted words: a quote, $(...) or a backtick in a name is data,
// never code (--dry-run connects nowhere and would run the payload if it were code).
void TestPlanExport::copyScriptQuotesNames()
{
    QTemporaryDir dir;
    const QString marker = dir.filePath(QStringLiteral("pwned"));
    const PlanOutcome out = makePlan(crc32Input());
    QVERIFY2(out.plan, qPrintable(out.error));
    ExpansionPlan plan = *out.plan;
    const QString payload = QStringLiteral("t'$(touch %1)'`touch %1`\"; touch %1; \"").arg(marker);
    plan.tables[0].pairs[0].source.table = payload;
    plan.tables[0].pairs[0].target.table = payload;
    plan.dataSources[0].username = payload;
    const QString script = dir.filePath(QStringLiteral("copy.sh"));
    {
        QFile f(script);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(PlanExport::copyScript(plan));
    }
    QProcess bash;
    bash.start(QStringLiteral("bash"), {script, QStringLiteral("--dry-run"), QStringLiteral("--defaults-file"),
                                        QStringLiteral("/nonexistent.cnf")});
    QVERIFY(bash.waitForFinished(30000));
    const QByteArray output = bash.readAllStandardOutput() + bash.readAllStandardError();
    QVERIFY2(bash.exitCode() == 0, output.constData());
    QVERIFY2(output.contains("would copy db0."), output.left(500).constData());
    QVERIFY2(!QFileInfo::exists(marker), output.left(2000).constData());
}

QTEST_GUILESS_MAIN(TestPlanExport)
#include "tst_planexport.moc"
