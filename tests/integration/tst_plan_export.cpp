// The exported scripts of `shardctl plan --out`, run as written against real mariadbd instances:
// a live mod-double 4 -> 8 plan of a 4-instance sandbox whose new data sources are new schemas on
// the sandbox's own instances, each on another instance than its source (db4 on db1's, ...), so
// the tables are created from the source's SHOW CREATE TABLE. create.sql (mariadb client, per new data source), copy.sh (mariadb-dump
// | mariadb with the sandbox's option file), copy.sql (counts) and purge.sql (per source) each run
// without an error; afterwards every physical table holds exactly the rows the new config routes
// there (row sets compared through sp::Router and a hash of every column), and the tables were
// created with their source's definition. No exported file holds the application password.
#include "SandboxFixture.h"
#include "TestPaths.h"

#include "core/cluster/Credentials.h"
#include "core/config/ConfigLoader.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/routing/Router.h"

#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <sys/stat.h>

using namespace sp;
using namespace sp::test;

namespace {

struct Run
{
    int code = -1;
    QByteArray out, err;
};

Run run(const QString &program, const QStringList &args, const QString &stdinFile = {}, int timeoutMs = 300000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("SHARDPILOT_PASSWORD"));
    env.remove(QStringLiteral("SHARDPILOT_DEFAULTS_FILE"));
    p.setProcessEnvironment(env);
    if (!stdinFile.isEmpty())
        p.setStandardInputFile(stdinFile);
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(2000);
        r.err = "timed out";
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// (sharding key, hash of every column) per row; the key is empty for broadcast tables.
using Rows = QList<QPair<QString, QString>>;

} // namespace

class TestPlanExport final : public QObject
{
    Q_OBJECT

private:
    SandboxFixture m_fx{SandboxFixtureOptions{4, examplePath(QStringLiteral("fsharechat-crc32.yaml")), 1500, 11}};
    QTemporaryDir m_tmp;
    ShardingConfig m_old;
    QString m_password;

    QString outDir() const { return m_tmp.filePath(QStringLiteral("plan")); }
    // db0..db3 on instances 0..3; db4..db7 (new) on instances 1, 2, 3, 0: never their source's.
    static int instanceOfDs(int i) { return i < 4 ? i : (i + 1) % 4; }

    int instanceOfPort(int port) const
    {
        for (int i = 0; i < m_fx.instanceCount(); ++i)
            if (m_fx.port(i) == port)
                return i;
        return -1;
    }

    // The mariadb client as root over an instance's socket, reading `file`.
    Run mariadbRoot(int instance, const QString &file = {}, const QString &sql = {})
    {
        QStringList args{QStringLiteral("--no-defaults"), QStringLiteral("--user=root"),
                         QStringLiteral("--socket=") + m_fx.rootParams(instance).unixSocket, QStringLiteral("--batch")};
        if (!sql.isEmpty())
            args << QStringLiteral("-e") << sql;
        return run(QStringLiteral("mariadb"), args, file);
    }

    // Every row of schema.table as (key, hash of all columns).
    Rows rowsOf(int instance, const QString &schema, const QString &table, const QString &keyColumn)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(instance)))
            return {{QStringLiteral("!"), c.lastError()}};
        const auto cols = c.query(QStringLiteral("SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE "
                                                 "TABLE_SCHEMA = %1 AND TABLE_NAME = %2 ORDER BY ORDINAL_POSITION")
                                      .arg(c.quoteString(schema), c.quoteString(table)));
        if (!cols || cols->rows.isEmpty())
            return {{QStringLiteral("!"), QStringLiteral("no columns for %1.%2").arg(schema, table)}};
        QStringList parts;
        for (const auto &row : cols->rows)
            parts << QStringLiteral("COALESCE(HEX(%1), 'NULL')").arg(Connection::quoteIdentifier(row.at(0).toString()));
        const QString key = keyColumn.isEmpty() ? QStringLiteral("''") : Connection::quoteIdentifier(keyColumn);
        Rows out;
        const bool ok = c.forEachRow(QStringLiteral("SELECT %1, MD5(CONCAT_WS('|', %2)) FROM %3.%4")
                                         .arg(key, parts.join(QStringLiteral(", ")), Connection::quoteIdentifier(schema),
                                              Connection::quoteIdentifier(table)),
                                     [&](const QList<QVariant> &row) {
                                         out << qMakePair(row.value(0).toString(), row.value(1).toString());
                                         return true;
                                     });
        if (!ok)
            return {{QStringLiteral("!"), c.lastError()}};
        std::sort(out.begin(), out.end());
        return out;
    }

    // Where a data source of `config` lives: instance and schema (from its url).
    bool locate(const ShardingConfig &config, const QString &ds, int *instance, QString *schema)
    {
        const DataSourceDef *d = config.dataSource(ds);
        if (!d)
            return false;
        *instance = instanceOfPort(d->port);
        *schema = d->database;
        return *instance >= 0;
    }

    // Every physical table of `config` must hold exactly `expected` (only the data sources in `only`
    // when it is not empty).
    void checkRows(const ShardingConfig &config, const QMap<DataNode, Rows> &expected, const QStringList &only)
    {
        int checked = 0;
        for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
            if (!only.isEmpty() && !only.contains(it.key().dataSource))
                continue;
            int instance = -1;
            QString schema;
            QVERIFY2(locate(config, it.key().dataSource, &instance, &schema), qPrintable(it.key().toString()));
            const TableRule *rule = nullptr;
            for (const TableRule &t : config.tables)
                if (t.dataNodes.contains(it.key()))
                    rule = &t;
            const QString key = rule ? config.effectiveDatabaseStrategy(*rule).columns.value(0) : QString();
            const Rows actual = rowsOf(instance, schema, it.key().table, key);
            QVERIFY2(actual == it.value(),
                     qPrintable(QStringLiteral("%1: %2 rows, expected %3 (first: %4)")
                                    .arg(it.key().toString())
                                    .arg(actual.size())
                                    .arg(it.value().size())
                                    .arg(actual.value(0).second)));
            ++checked;
        }
        QVERIFY(checked > 0);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        const LoadResult old = ConfigLoader::loadFile(m_fx.clusterYamlPath());
        QVERIFY2(old.ok(), qPrintable(old.diagnostics.value(0).toString()));
        m_old = old.config;
        QCOMPARE(m_old.dataSources.size(), 4);
        m_password = Credentials::readOptionFile(m_fx.appOptionFile()).value(QStringLiteral("password"));
        QVERIFY(m_password.size() >= 8);
    }

    void modDoubleScriptsMoveExactlyTheRoutedRows()
    {
        // db4..db7: new schemas on the sandbox's own instances.
        QStringList args{QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                         QStringLiteral("--live"), QStringLiteral("--strategy"), QStringLiteral("mod-double"),
                         QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--out"), outDir()};
        for (int i = 4; i < 8; ++i)
            args << QStringLiteral("--url")
                 << QStringLiteral("db%1=jdbc:mysql://127.0.0.1:%2/fsharechat_db%1?useSSL=false").arg(i).arg(m_fx.port(instanceOfDs(i)));
        const Run plan = run(shardctlPath(), args);
        QVERIFY2(plan.code == 0, plan.err.constData());
        // Item 12 of issue 11: the replica-status privilege does not matter to a plan; not one line.
        QVERIFY2(!plan.err.contains("SLAVE MONITOR"), plan.err.constData());
        QVERIFY2(!QByteArray(plan.out + plan.err).contains(m_password.toUtf8()), "the password reached the terminal");

        // Files: 0600 (copy.sh 0700), no secret in any of them.
        QStringList files;
        for (QDirIterator it(outDir(), QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
            const QString path = it.next();
            files << QDir(outDir()).relativeFilePath(path);
            struct stat st{};
            QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
            const int mode = int(st.st_mode & 0777);
            QVERIFY2(mode == (path.endsWith(QLatin1String("copy.sh")) ? 0700 : 0600),
                     qPrintable(path + QStringLiteral(": ") + QString::number(mode, 8)));
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(!f.readAll().contains(m_password.toUtf8()), qPrintable(path));
        }
        for (const char *f : {"plan.json", "new-config.yaml", "runbook.html", "copy.sh", "on-db0/purge.sql",
                              "on-db0/copy.sql", "on-db4/create.sql", "on-db4/copy.sql"})
            QVERIFY2(files.contains(QLatin1String(f)), qPrintable(files.join(QLatin1Char(' '))));
        QVERIFY(!files.contains(QStringLiteral("on-db4/purge.sql")));

        const LoadResult next = ConfigLoader::loadFile(QDir(outDir()).filePath(QStringLiteral("new-config.yaml")));
        QVERIFY2(next.ok(), qPrintable(next.diagnostics.value(0).toString()));
        QCOMPARE(next.config.dataSources.size(), 8);

        // Expected rows per physical table of the new config, from the old tables' rows routed
        // with the new config (sp::Router), taken before anything runs.
        const Router newRouter(next.config);
        QMap<DataNode, Rows> expected;
        for (const TableRule &t : next.config.tables)
            for (const DataNode &n : t.dataNodes)
                expected[n];
        for (const TableRule &t : m_old.tables) {
            const QString key = m_old.effectiveDatabaseStrategy(t).columns.value(0);
            for (const DataNode &n : t.dataNodes) {
                int instance = -1;
                QString schema;
                QVERIFY(locate(m_old, n.dataSource, &instance, &schema));
                const Rows rows = rowsOf(instance, schema, n.table, key);
                QVERIFY2(rows.value(0).first != QLatin1String("!"), qPrintable(rows.value(0).second));
                for (const auto &row : rows) {
                    const RouteResult r = newRouter.route(t.logicTable, ShardingValue{row.first, KeyType::String});
                    QVERIFY2(r.ok, qPrintable(row.first));
                    expected[r.node] << row;
                }
            }
        }
        // Broadcast tables: each old data source keeps its own; the new ones get db0's whole table.
        for (const BroadcastTable &b : m_old.broadcastTables)
            for (int i = 0; i < 4; ++i) {
                int instance = -1;
                QString schema;
                QVERIFY(locate(m_old, QStringLiteral("db%1").arg(i), &instance, &schema));
                const Rows rows = rowsOf(instance, schema, b.name, QString());
                QVERIFY2(rows.value(0).first != QLatin1String("!"), qPrintable(rows.value(0).second));
                expected[DataNode{QStringLiteral("db%1").arg(i), b.name}] = rows;
                if (i == 0)
                    for (int j = 4; j < 8; ++j)
                        expected[DataNode{QStringLiteral("db%1").arg(j), b.name}] = rows;
            }
        qint64 moving = 0;
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            std::sort(it->begin(), it->end());
            if (it.key().dataSource >= QLatin1String("db4") && !m_old.isBroadcast(it.key().table))
                moving += it->size();
        }
        QVERIFY2(moving > 100, qPrintable(QString::number(moving))); // rows really move

        // T0: create.sql on each new data source, with the mariadb client as root.
        QStringList newSchemas;
        for (int i = 4; i < 8; ++i) {
            const QString ds = QStringLiteral("db%1").arg(i);
            const Run r = mariadbRoot(instanceOfDs(i), QDir(outDir()).filePath(QStringLiteral("on-%1/create.sql").arg(ds)));
            QVERIFY2(r.code == 0, qPrintable(ds + QStringLiteral(": ") + QString::fromUtf8(r.err)));
            // The application user may write the new schema (what a DBA grants before the copy).
            const Run g = mariadbRoot(instanceOfDs(i), {},
                                      QStringLiteral("GRANT SELECT, INSERT, UPDATE, DELETE, CREATE TEMPORARY TABLES ON "
                                                     "`fsharechat_%1`.* TO 'shardpilot_app'@'127.0.0.1'")
                                          .arg(ds));
            QVERIFY2(g.code == 0, g.err.constData());
        }
        // The tables have their source's definition (SHOW CREATE TABLE of a live plan), not an invented one.
        {
            const QRegularExpression autoInc(QStringLiteral(" AUTO_INCREMENT=\\d+"));
            Connection a, b;
            QVERIFY(a.open(m_fx.rootParams(0)));                // db0
            QVERIFY(b.open(m_fx.rootParams(instanceOfDs(4)))); // db4, another server
            for (const QString &table : {QStringLiteral("t_messages_1"), QStringLiteral("t_user_messages_2"),
                                         QStringLiteral("t_robot")}) {
                const auto src = a.query(QStringLiteral("SHOW CREATE TABLE `fsharechat`.") + Connection::quoteIdentifier(table));
                const auto dst = b.query(QStringLiteral("SHOW CREATE TABLE `fsharechat_db4`.") + Connection::quoteIdentifier(table));
                QVERIFY2(src && dst, qPrintable(a.lastError() + b.lastError()));
                QCOMPARE(dst->rows.at(0).at(1).toString().remove(autoInc), src->rows.at(0).at(1).toString().remove(autoInc));
            }
        }

        // copy.sql (counts) runs on every data source.
        for (int i = 0; i < 8; ++i) {
            const Run r = mariadbRoot(instanceOfDs(i), QDir(outDir()).filePath(QStringLiteral("on-db%1/copy.sql").arg(i)));
            QVERIFY2(r.code == 0, r.err.constData());
            QVERIFY2(r.out.contains(i < 4 ? "moving_rows" : "target_rows"), r.out.constData());
        }

        // T2 offline: copy.sh with the sandbox's option file (writes are stopped: nothing runs).
        const Run copy = run(QStringLiteral("bash"), {QDir(outDir()).filePath(QStringLiteral("copy.sh")),
                                                      QStringLiteral("--defaults-file"), m_fx.appOptionFile()});
        QVERIFY2(copy.code == 0, qPrintable(QString::fromUtf8(copy.err + copy.out).right(3000)));
        QVERIFY2(copy.out.contains("db0.t_messages_0 -> db4.t_messages_0"), copy.out.left(2000).constData());
        QVERIFY(!copy.out.contains(m_password.toUtf8()));
        // Every table of a new data source holds exactly the rows the new config routes there.
        checkRows(next.config, expected, {QStringLiteral("db4"), QStringLiteral("db5"), QStringLiteral("db6"),
                                          QStringLiteral("db7")});

        // T9: purge.sql on each source; then every table of every data source holds its rows only.
        for (int i = 0; i < 4; ++i) {
            const Run r = mariadbRoot(i, QDir(outDir()).filePath(QStringLiteral("on-db%1/purge.sql").arg(i)));
            QVERIFY2(r.code == 0, r.err.constData());
        }
        checkRows(next.config, expected, {});
    }

    // Every SQL script of a remap plan (other predicates: ranges of residues) runs as written too.
    void remapScriptsRun()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("remap"));
        const Run plan = run(shardctlPath(),
                             {QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                              QStringLiteral("--live"), QStringLiteral("--strategy"), QStringLiteral("remap"),
                              QStringLiteral("--to"), QStringLiteral("6"), QStringLiteral("--defaults-file"),
                              m_fx.appOptionFile(), QStringLiteral("--out"), dir, QStringLiteral("--url"),
                              QStringLiteral("db4=jdbc:mysql://127.0.0.1:%1/remap_db4").arg(m_fx.port(2)),
                              QStringLiteral("--url"),
                              QStringLiteral("db5=jdbc:mysql://127.0.0.1:%1/remap_db5").arg(m_fx.port(3))});
        QVERIFY2(plan.code == 0 || plan.code == 1, plan.err.constData());
        int ran = 0;
        for (const char *step : {"create.sql", "copy.sql", "purge.sql"})
            for (int i = 0; i < 6; ++i) {
                const QString file = QDir(dir).filePath(QStringLiteral("on-db%1/%2").arg(i).arg(QLatin1String(step)));
                if (!QFileInfo::exists(file))
                    continue;
                const int instance = i < 4 ? i : (i == 4 ? 2 : 3);
                const Run r = mariadbRoot(instance, file);
                QVERIFY2(r.code == 0, qPrintable(file + QStringLiteral(": ") + QString::fromUtf8(r.err)));
                ++ran;
            }
        QVERIFY2(ran >= 10, qPrintable(QString::number(ran)));
    }

    // MOD on keys the server holds as text (snowflake ids in VARCHAR) and as every integer type: each
    // pair's SQL predicate, evaluated by the server, selects exactly the keys the router moves that
    // way (the server compared VARCHAR keys past 2^53 through DOUBLE and selected wrong rows), and
    // none of text the router cannot read, without a warning (the engine treats warnings as errors).
    void modPredicatesOnTextKeys()
    {
        const QByteArray yaml = "dataSources:\n"
                                "  ds_0:\n    url: jdbc:mysql://127.0.0.1:3306/shop_0\n"
                                "  ds_1:\n    url: jdbc:mysql://127.0.0.1:3306/shop_1\n"
                                "rules:\n  - !SHARDING\n    tables:\n      t_order:\n"
                                "        actualDataNodes: ds_${0..1}.t_order_${0..2}\n"
                                "        databaseStrategy:\n          standard:\n            shardingColumn: order_id\n"
                                "            shardingAlgorithmName: db-mod\n"
                                "        tableStrategy:\n          standard:\n            shardingColumn: order_id\n"
                                "            shardingAlgorithmName: table-mod\n"
                                "    shardingAlgorithms:\n"
                                "      db-mod:\n        type: MOD\n        props:\n          sharding-count: 2\n"
                                "      table-mod:\n        type: MOD\n        props:\n          sharding-count: 3\n";
        planning::PlanInput in;
        in.configPath = QStringLiteral("mod.yaml");
        in.configText = yaml;
        const LoadResult loaded = ConfigLoader::loadText(yaml, in.configPath);
        QVERIFY(loaded.ok());
        in.config = loaded.config;
        in.request.strategy = planning::StrategyId::Remap;
        in.request.toCount = 5; // 2 -> 5 databases: every node sends rows to several others
        const planning::PlanOutcome out = planning::makePlan(in);
        QVERIFY2(out.plan, qPrintable(out.error));
        const LoadResult next = ConfigLoader::loadText(out.plan->newConfigText.toUtf8(), QStringLiteral("new.yaml"));
        QVERIFY(next.ok());
        const Router oldR(in.config), newR(next.config);
        const planning::TablePlan &t = out.plan->tables.first();

        QStringList keys;
        for (const char *base : {"9007199254740992", "9223372036854775807", "18446744073709551615",
                                 "100000000000000000000000000000000000000"}) {
            const QString b = QString::fromLatin1(base);
            for (int d = 0; d <= 6; ++d) {
                const QString k = b.left(b.size() - 1) + QString::number((b.right(1).toInt() + d) % 10);
                keys << k << QLatin1Char('-') + k;
            }
        }
        keys << QStringLiteral("+9007199254740993") << QStringLiteral("0009007199254740993") << QStringLiteral("-0")
             << QStringLiteral("7") << QStringLiteral("abc") << QStringLiteral("12a") << QStringLiteral(" 12")
             << QStringLiteral("12\n") << QString() << QStringLiteral("+") << QStringLiteral("1e5")
             << QStringLiteral("9007199254740993.0") << QString::fromUtf8("\xef\xbc\x91\xef\xbc\x92");
        Connection c;
        QVERIFY2(c.open(m_fx.rootParams(0)), qPrintable(c.lastError()));
        QVERIFY(c.exec(QStringLiteral("SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_AUTO_VALUE_ON_ZERO'")));
        QVERIFY(c.exec(QStringLiteral("CREATE DATABASE IF NOT EXISTS modkeys")));
        const QList<QPair<QString, QString>> types{{QStringLiteral("text"), QStringLiteral("VARCHAR(80)")},
                                                   {QStringLiteral("signed"), QStringLiteral("BIGINT")},
                                                   {QStringLiteral("unsigned"), QStringLiteral("BIGINT UNSIGNED")},
                                                   {QStringLiteral("decimal"), QStringLiteral("DECIMAL(45,0)")}};
        int compared = 0;
        for (const auto &[name, type] : types) {
            const QString table = QStringLiteral("modkeys.t_") + name;
            QVERIFY(c.exec(QStringLiteral("CREATE OR REPLACE TABLE %1 (id INT AUTO_INCREMENT PRIMARY KEY, order_id %2 NULL)")
                               .arg(table, type)));
            c.setWarningPolicy({});
            for (const QString &k : std::as_const(keys))
                c.exec(QStringLiteral("INSERT INTO %1 (order_id) VALUES (%2)").arg(table, c.quoteString(k))); // or does not fit the type
            c.exec(QStringLiteral("INSERT INTO %1 (order_id) VALUES (NULL)").arg(table));
            auto all = c.query(QStringLiteral("SELECT id, order_id FROM %1").arg(table));
            QVERIFY(all);
            // The keys as the table holds them: what the engine routes (the column's text).
            QMap<qint64, QString> keyOf;
            QSet<qint64> nulls;
            for (const auto &r : all->rows) {
                keyOf.insert(r.at(0).toLongLong(), r.at(1).toString());
                if (r.at(1).isNull())
                    nulls.insert(r.at(0).toLongLong());
            }
            WarningPolicy strict; // as the engine's sessions: a warning is an error
            strict.asErrors = true;
            c.setWarningPolicy(strict);
            QVERIFY2(keyOf.size() >= (name == QLatin1String("text") ? keys.size() : 8), qPrintable(name));
            for (const planning::MovePair &p : t.pairs) {
                QVERIFY(p.predicate.kind == planning::MovePredicate::Kind::Sql);
                const QString sql = QStringLiteral("SELECT id FROM %1 WHERE %2").arg(table, p.predicate.sql());
                auto sel = c.query(sql);
                QVERIFY2(sel, qPrintable(c.lastError() + QStringLiteral(": ") + sql));
                QSet<qint64> selected;
                for (const auto &r : sel->rows)
                    selected.insert(r.at(0).toLongLong());
                for (auto it = keyOf.cbegin(); it != keyOf.cend(); ++it) {
                    const bool isNull = nulls.contains(it.key());
                    const RouteResult a = oldR.route(t.logicTable, {it.value(), KeyType::String});
                    const RouteResult b = newR.route(t.logicTable, {it.value(), KeyType::String});
                    const bool moves = !isNull && a.ok && b.ok && a.node == p.source && b.node == p.target;
                    const bool fromHere = !isNull && a.ok && a.node == p.source;
                    // The predicate is applied to the source node's rows: it must select exactly the
                    // keys of that node that move to the pair's target, and no key the router refuses.
                    if (fromHere || !a.ok || isNull) {
                        QVERIFY2(selected.contains(it.key()) == moves,
                                 qPrintable(QStringLiteral("%1 key '%2': router %3 -> %4, the server %5 it (%6)")
                                                .arg(name, it.value(), a.ok ? a.node.toString() : a.error,
                                                     b.ok ? b.node.toString() : b.error,
                                                     selected.contains(it.key()) ? QStringLiteral("selects")
                                                                                 : QStringLiteral("does not select"),
                                                     p.predicate.sql())));
                        ++compared;
                    }
                }
            }
        }
        QVERIFY2(compared > 400, qPrintable(QString::number(compared)));
        QVERIFY(c.exec(QStringLiteral("DROP DATABASE modkeys")));
    }

    // A url naming an existing data source's schema is refused, and so is a plan without urls'
    // export (a guess once pointed new data sources at db3's live schema).
    void existingSchemaRefused()
    {
        const Run same = run(shardctlPath(),
                             {QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                              QStringLiteral("--strategy"), QStringLiteral("mod-double"), QStringLiteral("--url"),
                              QStringLiteral("db4=jdbc:mysql://localhost:%1/fsharechat").arg(m_fx.port(3)),
                              QStringLiteral("--out"), m_tmp.filePath(QStringLiteral("refused"))});
        QCOMPARE(same.code, 2);
        QVERIFY2(same.err.contains("db3 already uses"), same.err.constData());
        QVERIFY(!QFileInfo::exists(m_tmp.filePath(QStringLiteral("refused"))));
        const Run none = run(shardctlPath(), {QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                              QStringLiteral("--strategy"), QStringLiteral("mod-double"),
                                              QStringLiteral("--out"), m_tmp.filePath(QStringLiteral("nourl"))});
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.contains("--url db4=jdbc:mysql://host:port/schema"), none.err.constData());
        QVERIFY(!QFileInfo::exists(m_tmp.filePath(QStringLiteral("nourl"))));
    }
};

QTEST_GUILESS_MAIN(TestPlanExport)
#include "tst_plan_export.moc"
