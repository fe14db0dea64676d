// The migration engine end to end on a real 8-instance sandbox: `shardctl migrate` expands 4 -> 8
// databases while `shardctl load` writes, is killed with SIGKILL during T2/T3 and resumed, and an
// independent check written here (plain SQL, row fingerprints the engine does not use) compares
// every physical table with what the new config routes there. Also: a table without a primary key
// is refused at T0, rollback before T7 leaves the cluster as it was, T6 is refused while T5 has a
// difference, and T9 keeps a row whose target copy was removed.
#include "PlacementCheck.h"
#include "SandboxFixture.h"
#include "ShardctlRun.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"
#include "core/migration/Journal.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QRegularExpression>
#include <QTest>

#include <map>

using namespace sp;

namespace {

using Run = test::ShardctlRun;

// logic table -> sharding column ("" for broadcast)
using TableColumns = std::map<QString, QString>;

} // namespace

class TestMigrate : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{[] {
        test::SandboxFixtureOptions o;
        o.instances = 8;
        o.configPath = test::examplePath(QStringLiteral("fsharechat-crc32.yaml"));
        o.messages = 4000;
        o.seed = 7;
        return o;
    }()};
    QTemporaryDir m_tmp;
    QString m_planFile;
    TableColumns m_tables;

    Run shardctl(const QStringList &args, int timeoutMs = 180000) { return test::runShardctl(args, timeoutMs); }

    QString runDir(const QString &name) const { return m_tmp.path() + QLatin1Char('/') + name; }

    bool createRun(const QString &name, const QStringList &extra = {})
    {
        const Run r = shardctl(QStringList{QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"),
                                           m_planFile, QStringLiteral("--run"), runDir(name), QStringLiteral("--observe"),
                                           QStringLiteral("0")} +
                               extra);
        if (r.exitCode != 0)
            qWarning() << r.out << r.err;
        return r.exitCode == 0;
    }

    Run migrate(const QString &action, const QString &name, const QStringList &extra = {})
    {
        return shardctl(QStringList{QStringLiteral("migrate"), action, QStringLiteral("--run"), runDir(name)} + extra);
    }

    Connection root(const QString &dataSource)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(m_fx.instanceOf(dataSource))))
            qWarning() << c.lastError();
        c.exec(QStringLiteral("SET SESSION sql_log_bin = 0"));
        return c;
    }

    static QStringList oldSources() { return {QStringLiteral("db0"), QStringLiteral("db1"), QStringLiteral("db2"), QStringLiteral("db3")}; }
    static QStringList newSources() { return {QStringLiteral("db4"), QStringLiteral("db5"), QStringLiteral("db6"), QStringLiteral("db7")}; }

    // The new nodes hold exactly the rows the new config routes there from the old ones.
    QString compareNewNodes()
    {
        test::Placement p;
        QString why;
        if (!test::readPlacement(m_fx, oldSources() + newSources(), m_tables, 8, 4, &p, &why))
            return why;
        test::Placement routedFromOld;
        if (!test::readPlacement(m_fx, oldSources(), m_tables, 8, 4, &routedFromOld, &why))
            return why;
        p.routed = routedFromOld.routed;
        qint64 compared = 0;
        const QString diff = test::compareNodes(p, newSources(), &compared);
        if (diff.isEmpty() && compared < 1000)
            return QStringLiteral("only %1 rows compared").arg(compared);
        return diff;
    }

    qint64 count(const QString &ds, const QString &sql)
    {
        Connection c = root(ds);
        return c.queryValue(sql.arg(m_fx.schema(ds))).value_or(QVariant(-1)).toLongLong();
    }

    // `migrate run --until T8` of run `name` SIGKILLed after 0.7, 1.3 and 1.9 s; false when one ended
    // before its kill (what it printed is logged).
    bool killT8ThreeTimes(const QString &name)
    {
        for (int delay : {700, 1300, 1900}) {
            QProcess run;
            run.start(test::shardctlPath(), {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"),
                                             runDir(name), QStringLiteral("--until"), QStringLiteral("T8"),
                                             QStringLiteral("--yes")});
            if (!run.waitForStarted())
                return false;
            if (!run.waitForFinished(delay)) {
                run.kill(); // SIGKILL
                run.waitForFinished();
            }
            if (run.exitStatus() != QProcess::CrashExit) {
                qWarning().noquote() << "T8 ended before the kill:" << QString::fromUtf8(run.readAll());
                return false;
            }
        }
        return true;
    }

    bool readOnly(const QString &ds)
    {
        Connection c = root(ds);
        return c.queryValue(QStringLiteral("SELECT @@read_only")).value_or(QVariant(-1)).toInt() == 1;
    }

private slots:
    void initTestCase()
    {
        // Capture batches of 7 row changes (the engine's default is 2,000): under the load the catch-up
        // writes many batches, each on the apply thread while the next is read, and the kills land
        // while one is being written.
        qputenv("SP_CAPTURE_BATCH_OPS", "7");
        // Target transactions of more than 40 row changes go back in pieces (the engine's default is
        // 10,000): rollbackAfterSwitchUnderLoadKilled makes one and kills the rollback inside it.
        qputenv("SP_REVERSE_STREAM_ROWS", "40");
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        QVERIFY(m_tmp.isValid());
        const Run plan = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                   QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--strategy"),
                                   QStringLiteral("mod-double"), QStringLiteral("--live"), QStringLiteral("--out"),
                                   runDir(QStringLiteral("plan"))});
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.out + plan.err));
        m_planFile = runDir(QStringLiteral("plan")) + QStringLiteral("/plan.json");
        QFile f(m_planFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        for (const QJsonValue &t : o.value(QStringLiteral("tables")).toArray()) {
            const QJsonObject to = t.toObject();
            m_tables[to.value(QStringLiteral("logicTable")).toString()] =
                to.value(QStringLiteral("broadcast")).toBool() ? QString()
                                                               : to.value(QStringLiteral("shardingColumn")).toString();
        }
        QCOMPARE(int(m_tables.size()), 9);
    }

    void refusesTableWithoutPrimaryKey()
    {
        QVERIFY(createRun(QStringLiteral("nopk")));
        {
            Connection c = root(QStringLiteral("db2"));
            // Neither a primary key nor a unique key over NOT NULL columns (its unique _gid may be NULL).
            QVERIFY2(c.exec(QStringLiteral("ALTER TABLE `fsharechat`.`t_group_1` MODIFY `id` INT NOT NULL, DROP PRIMARY KEY, "
                                           "MODIFY `_gid` VARCHAR(64) NULL")),
                     qPrintable(c.lastError()));
        }
        const Run r = migrate(QStringLiteral("run"), QStringLiteral("nopk"), {QStringLiteral("--until"), QStringLiteral("T0")});
        {
            Connection c = root(QStringLiteral("db2"));
            QVERIFY2(c.exec(QStringLiteral("ALTER TABLE `fsharechat`.`t_group_1` ADD PRIMARY KEY (`id`), MODIFY `id` INT "
                                           "NOT NULL AUTO_INCREMENT, MODIFY `_gid` VARCHAR(64) NOT NULL")),
                     qPrintable(c.lastError()));
        }
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("t_group_1 has no primary key and no unique key over NOT NULL columns")), qPrintable(r.out + r.err));
        const Run rb = migrate(QStringLiteral("rollback"), QStringLiteral("nopk"), {QStringLiteral("--drop-targets"), QStringLiteral("--yes")});
        QVERIFY2(rb.exitCode == 0, qPrintable(rb.out + rb.err));
    }

    void predicateThatDisagreesWithTheRouterStopsTheCopy()
    {
        // A plan whose SQL predicate for one pair misses the rows with CRC32 % 8 = 4: the copy reads
        // through it, so the router-vs-predicate check of T2 (rows outside the predicate) must stop the run.
        qint64 written = -1;
        predicateThatDisagreesStops(5, QStringLiteral("badpred"), QStringLiteral("the router says moves to"), &written);
    }

    void predicateThatSelectsMoreThanTheRouterStopsTheCopy()
    {
        // The other way: the predicate also selects CRC32 % 8 = 0 (lo 0: every row of db0), rows the router
        // keeps on db0. The check reads only rows outside the predicate (none now); the copy, reading
        // inside it, must refuse them before writing (T5's aggregates would otherwise count them).
        qint64 written = -1;
        predicateThatDisagreesStops(0, QStringLiteral("widepred"), QStringLiteral("the router says it stays"), &written);
        QCOMPARE(written, 0); // nothing of the refused chunk reached db4 (read before the rollback dropped it)
    }

    void aTableCopiedBeforeThisProcessIsCheckedWhole()
    {
        // The same wide predicate, but the copy of db0's tables is already done when T2 starts (an
        // earlier process): the copy reads nothing, so T2's check must read those tables whole, not
        // only outside their predicates (there is nothing outside 1=1).
        qint64 written = -1;
        predicateThatDisagreesStops(0, QStringLiteral("oldcopy"), QStringLiteral("the router says does not move to"), &written,
                                    true);
        QCOMPARE(written, 0);
    }

    // Changes the first term's low bound of the first t_messages pair to `lo` (4 is right), runs to T3
    // and expects the run stopped, naming db0.t_messages_0 and `why`; *kept is how many rows with
    // CRC32 % 8 = 0 (db0's own) db4's t_messages_0 holds then (-1: the table is not there); rolls back.
    void predicateThatDisagreesStops(int lo, const QString &run, const QString &why, qint64 *kept, bool copiedBefore = false)
    {
        QFile f(m_planFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject plan = QJsonDocument::fromJson(f.readAll()).object();
        QJsonArray tables = plan.value(QStringLiteral("tables")).toArray();
        QJsonObject t0 = tables.at(0).toObject();
        QCOMPARE(t0.value(QStringLiteral("logicTable")).toString(), QStringLiteral("t_messages"));
        QJsonArray pairs = t0.value(QStringLiteral("pairs")).toArray();
        QJsonObject pair = pairs.at(0).toObject();
        QJsonObject pred = pair.value(QStringLiteral("predicate")).toObject();
        QJsonArray terms = pred.value(QStringLiteral("terms")).toArray();
        QJsonObject term = terms.at(0).toObject();
        QCOMPARE(term.value(QStringLiteral("lo")).toInt(), 4);
        term[QStringLiteral("lo")] = lo;
        terms[0] = term;
        pred[QStringLiteral("terms")] = terms;
        pair[QStringLiteral("predicate")] = pred;
        pairs[0] = pair;
        t0[QStringLiteral("pairs")] = pairs;
        tables[0] = t0;
        plan[QStringLiteral("tables")] = tables;
        const QString bad = m_tmp.path() + QStringLiteral("/") + run + QStringLiteral("-plan.json");
        QFile out(bad);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(plan).toJson());
        out.close();
        const Run create = shardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"), bad,
                                     QStringLiteral("--run"), runDir(run), QStringLiteral("--observe"),
                                     QStringLiteral("0")});
        QVERIFY2(create.exitCode == 0, qPrintable(create.out + create.err));
        if (copiedBefore) {
            // As if an earlier process (an older build, whose copy did not check the rows it read) had
            // copied every table of db0: db4's checkpoints all say done.
            const Run t1 = migrate(QStringLiteral("run"), run, {QStringLiteral("--until"), QStringLiteral("T1")});
            QVERIFY2(t1.exitCode == 0, qPrintable(t1.out + t1.err));
            Connection c = root(QStringLiteral("db4"));
            QVERIFY2(c.exec(QStringLiteral("UPDATE `_shardpilot`.`copy_state` SET done = 1")), qPrintable(c.lastError()));
        }
        const Run r = migrate(QStringLiteral("run"), run, {QStringLiteral("--until"), QStringLiteral("T3")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("disagree with the router")) && r.err.contains(QLatin1String("db0.t_messages_0")) &&
                     r.err.contains(why),
                 qPrintable(r.out + r.err));
        *kept = count(QStringLiteral("db4"), QStringLiteral("SELECT COUNT(*) FROM `%1`.`t_messages_0` WHERE CRC32(_target) % 8 = 0"));
        const Run rb = migrate(QStringLiteral("rollback"), run, {QStringLiteral("--drop-targets"), QStringLiteral("--yes")});
        QVERIFY2(rb.exitCode == 0, qPrintable(rb.out + rb.err));
    }

    void t2ChecksEveryRowOutsideThePredicatesOnce()
    {
        // The copy checks the rows outside the predicate in each chunk's own scan (every row of the key
        // range, the predicate's verdict with it): with chunks of 20 rows the ranges must still cover
        // every row outside every pair's predicate exactly once (a gap between two chunks, or a last
        // range closed at the last moving row, would read fewer). The number of keys T2 says it read is
        // compared with a count in plain SQL; db0's general log shows one scan per chunk (no second
        // query outside the predicate: these tables' rows are narrow).
        QVERIFY(createRun(QStringLiteral("tiles"), {QStringLiteral("--chunk-rows"), QStringLiteral("20"),
                                                    QStringLiteral("--max-chunk-rows"), QStringLiteral("20")}));
        {
            Connection c = root(QStringLiteral("db0"));
            QVERIFY(c.exec(QStringLiteral("SET GLOBAL general_log = 0")));
            QVERIFY(c.exec(QStringLiteral("TRUNCATE mysql.general_log")));
            QVERIFY(c.exec(QStringLiteral("SET GLOBAL log_output = 'TABLE', general_log = 1")));
        }
        const Run t2 = migrate(QStringLiteral("run"), QStringLiteral("tiles"), {QStringLiteral("--until"), QStringLiteral("T2")});
        {
            Connection c = root(QStringLiteral("db0"));
            QVERIFY(c.exec(QStringLiteral("SET GLOBAL general_log = 0")));
            auto scans = c.query(QStringLiteral(
                "SELECT SUM(argument LIKE '%NOT ((%'), SUM(argument LIKE '%IS TRUE),`_data`,NULL)%') FROM mysql.general_log "
                "WHERE command_type = 'Query' AND argument LIKE 'SELECT %t\\_messages\\_0%LIMIT %'"));
            QVERIFY2(scans && scans->rows.size() == 1, qPrintable(c.lastError()));
            QCOMPARE(scans->rows.first().at(0).toLongLong(), 0);   // no second scan outside the predicate
            QVERIFY2(scans->rows.first().at(1).toLongLong() >= 5, // chunks of 20 rows, every row read
                     qPrintable(scans->rows.first().at(1).toString()));
        }
        QVERIFY2(t2.exitCode == 0, qPrintable(t2.out + t2.err));
        qint64 expected = 0, pairs = 0;
        QFile f(m_planFile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        for (const QJsonValue &t : QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("tables")).toArray())
            for (const QJsonValue &pv : t.toObject().value(QStringLiteral("pairs")).toArray()) {
                const QJsonObject pair = pv.toObject();
                const QString sql = pair.value(QStringLiteral("predicate")).toObject().value(QStringLiteral("sql")).toString();
                if (sql.isEmpty())
                    continue; // a broadcast table: every row moves, nothing to check
                const QJsonObject src = pair.value(QStringLiteral("source")).toObject();
                const qint64 n = count(src.value(QStringLiteral("dataSource")).toString(),
                                       QStringLiteral("SELECT COUNT(*) FROM `%1`.`") + src.value(QStringLiteral("table")).toString() +
                                           QStringLiteral("` WHERE NOT ((") + sql + QStringLiteral(") IS TRUE)"));
                QVERIFY(n >= 0);
                expected += n;
                ++pairs;
            }
        QVERIFY2(pairs > 20 && expected > 1000, qPrintable(QStringLiteral("%1 pairs, %2 rows").arg(pairs).arg(expected)));
        const Run st = migrate(QStringLiteral("status"), QStringLiteral("tiles"), {QStringLiteral("--json")});
        QString detail;
        for (const QJsonValue &v : QJsonDocument::fromJson(st.out.toUtf8()).object().value(QStringLiteral("checks")).toArray())
            if (v.toObject().value(QStringLiteral("name")).toString() == QLatin1String("predicates"))
                detail = v.toObject().value(QStringLiteral("detail")).toString();
        QVERIFY2(detail.contains(QStringLiteral("(%1 keys read for the check").arg(expected)),
                 qPrintable(QStringLiteral("expected %1 keys: %2").arg(expected).arg(detail)));
        const Run rb = migrate(QStringLiteral("rollback"), QStringLiteral("tiles"), {QStringLiteral("--drop-targets"), QStringLiteral("--yes")});
        QVERIFY2(rb.exitCode == 0, qPrintable(rb.out + rb.err));
    }

    void rollbackBeforeT7LeavesTheClusterAsItWas()
    {
        QFile cfg(m_fx.clusterYamlPath());
        QVERIFY(cfg.open(QIODevice::ReadOnly));
        const QByteArray configBefore = cfg.readAll();
        cfg.close();
        test::Placement before;
        QString why;
        QVERIFY2(test::readPlacement(m_fx, oldSources(), m_tables, 8, 4, &before, &why), qPrintable(why));
        QVERIFY(createRun(QStringLiteral("rollback")));
        const Run r = migrate(QStringLiteral("run"), QStringLiteral("rollback"),
                              {QStringLiteral("--until"), QStringLiteral("T4"), QStringLiteral("--yes")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QLatin1String("WRITES ARE STOPPED")), qPrintable(r.out));
        QVERIFY(readOnly(QStringLiteral("db0")));
        QVERIFY(count(QStringLiteral("db4"), QStringLiteral("SELECT COUNT(*) FROM `%1`.`t_messages_0`")) > 0);
        const Run rb = migrate(QStringLiteral("rollback"), QStringLiteral("rollback"),
                               {QStringLiteral("--drop-targets"), QStringLiteral("--yes")});
        QVERIFY2(rb.exitCode == 0, qPrintable(rb.out + rb.err));
        for (const QString &ds : oldSources())
            QVERIFY2(!readOnly(ds), qPrintable(ds));
        for (const QString &ds : newSources())
            QCOMPARE(count(ds, QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '%1' "
                                              "AND TABLE_NAME LIKE 't\\_%'")),
                     qint64(0));
        test::Placement after;
        QVERIFY2(test::readPlacement(m_fx, oldSources(), m_tables, 8, 4, &after, &why), qPrintable(why));
        QVERIFY(before.actual == after.actual);
        QVERIFY(cfg.open(QIODevice::ReadOnly));
        QCOMPARE(cfg.readAll(), configBefore);
        // A rolled-back run does not run again.
        const Run again = migrate(QStringLiteral("run"), QStringLiteral("rollback"), {QStringLiteral("--until"), QStringLiteral("T1")});
        QCOMPARE(again.exitCode, 1);
        const Run log = migrate(QStringLiteral("log"), QStringLiteral("rollback"));
        QVERIFY2(log.out.contains(QLatin1String("SET GLOBAL read_only = 1")) &&
                     log.out.contains(QLatin1String("DROP TABLE IF EXISTS")),
                 qPrintable(log.out));
    }

    // Issue 25 item 6: a run switched at T7 while `shardctl load` writes on the new layout; T8 (the
    // reverse stream) is SIGKILLed three times and resumed; then the rollback, with the writer still
    // writing: read_only on the new nodes, the reverse stream drained, the old config back and the
    // reload command - which stops the writer, as a fleet reload would move it - then read_only
    // lifted. Afterwards the old nodes hold exactly what the new nodes held when writes stopped (every
    // moved row, both ways) and every row of the old nodes is where the old config routes it.
    void rollbackAfterSwitchUnderLoadKilled()
    {
        QFile cfg(m_fx.clusterYamlPath());
        QVERIFY(cfg.open(QIODevice::ReadOnly));
        const QByteArray configBefore = cfg.readAll();
        cfg.close();
        const QString pidFile = m_tmp.path() + QStringLiteral("/writer.pid");
        QVERIFY(createRun(QStringLiteral("back"), {QStringLiteral("--observe"), QStringLiteral("30"), QStringLiteral("--reload-command"),
                                                   QStringLiteral("if [ -f '%1' ]; then kill \"$(cat '%1')\"; fi").arg(pidFile)}));
        const Run t7 = migrate(QStringLiteral("run"), QStringLiteral("back"), {QStringLiteral("--until"), QStringLiteral("T7"), QStringLiteral("--yes")});
        QVERIFY2(t7.exitCode == 0, qPrintable(t7.out + t7.err));
        QProcess load;
        load.start(test::shardctlPath(), {QStringLiteral("load"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                          QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--rate"),
                                          QStringLiteral("300"), QStringLiteral("--duration"), QStringLiteral("60"),
                                          QStringLiteral("--mix"), QStringLiteral("insert:40,update:40,delete:20")});
        QVERIFY(load.waitForStarted());
        {
            QFile f(pidFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::number(load.processId()));
        }
        struct StopWriter
        {
            QProcess &p;
            ~StopWriter()
            {
                if (p.state() != QProcess::NotRunning) {
                    p.kill();
                    p.waitForFinished();
                }
            }
        } stopWriter{load};
        QVERIFY2(killT8ThreeTimes(QStringLiteral("back")), "T8 ended before a kill");
        // A key change of a moved row on its new node, by hand, while the writer goes on.
        qint64 keyFrom = -1;
        {
            Connection c = root(QStringLiteral("db5"));
            QVERIFY(c.exec(QStringLiteral("SET SESSION sql_log_bin = 1")));
            keyFrom = c.queryValue(QStringLiteral("SELECT MIN(id) FROM `fsharechat`.`t_messages_2`")).value_or(QVariant(-1)).toLongLong();
            QVERIFY(keyFrom > 0);
            QVERIFY2(c.exec(QStringLiteral("UPDATE `fsharechat`.`t_messages_2` SET id = %1 WHERE id = %2").arg(keyFrom + 7000000).arg(keyFrom)),
                     qPrintable(c.lastError()));
            // One transaction changing every row of db5's message tables: carried back in pieces.
            QVERIFY(c.exec(QStringLiteral("START TRANSACTION")));
            quint64 changed = 0;
            for (int t = 0; t < 4; ++t) {
                ExecResult r;
                QVERIFY2(c.exec(QStringLiteral("UPDATE `fsharechat`.`t_messages_%1` SET _line = _line + 1, _from = CONCAT('big ', id)").arg(t), &r),
                         qPrintable(c.lastError()));
                changed += r.affectedRows;
            }
            QVERIFY(c.exec(QStringLiteral("COMMIT")));
            QVERIFY2(changed > 200, qPrintable(QString::number(changed)));
        }
        QTest::qWait(500);
        QVERIFY2(load.state() == QProcess::Running, "the writer ended before the rollback");
        // The rollback itself is SIGKILLed once in the middle: a lock on db1's reverse stream position
        // holds it while it carries the key change back (read_only already set on the new nodes).
        {
            Connection lock = root(QStringLiteral("db1")), watch = root(QStringLiteral("db1"));
            QVERIFY(lock.exec(QStringLiteral("START TRANSACTION")));
            QVERIFY2(lock.query(QStringLiteral("SELECT * FROM `_shardpilot`.`capture_state` FOR UPDATE")), qPrintable(lock.lastError()));
            QProcess rb;
            rb.start(test::shardctlPath(), {QStringLiteral("migrate"), QStringLiteral("rollback"), QStringLiteral("--run"),
                                            runDir(QStringLiteral("back")), QStringLiteral("--yes")});
            QVERIFY(rb.waitForStarted());
            qint64 held = 0;
            for (int i = 0; i < 1000 && held == 0 && rb.state() == QProcess::Running; ++i) {
                held = watch.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE "
                                                       "INFO LIKE 'UPDATE `_shardpilot`.`capture_state`%'"))
                           .value_or(QVariant(0))
                           .toLongLong();
                if (held == 0)
                    QTest::qWait(10);
            }
            const bool writesStopped = readOnly(QStringLiteral("db5"));
            rb.kill();
            rb.waitForFinished();
            QVERIFY(lock.exec(QStringLiteral("ROLLBACK")));
            QVERIFY2(held > 0 && rb.exitStatus() == QProcess::CrashExit,
                     qPrintable(QStringLiteral("the rollback was not seen carrying changes back: ") + QString::fromUtf8(rb.readAll())));
            QVERIFY(writesStopped);
        }
        const Run back = migrate(QStringLiteral("rollback"), QStringLiteral("back"), {QStringLiteral("--yes")});
        QVERIFY2(back.exitCode == 0, qPrintable(back.out + back.err));
        QVERIFY2(back.out.contains(QLatin1String("large transaction(s) of the new nodes applied in pieces")), qPrintable(back.out));
        QVERIFY(load.waitForFinished(10000)); // stopped by the reload command
        QCOMPARE(load.exitStatus(), QProcess::CrashExit);
        QStringList problems;
        QVERIFY(cfg.open(QIODevice::ReadOnly));
        if (cfg.readAll() != configBefore)
            problems.append(QStringLiteral("the config is not the old one"));
        cfg.close();
        const QJsonObject st = QJsonDocument::fromJson(migrate(QStringLiteral("status"), QStringLiteral("back"),
                                                               {QStringLiteral("--json")}).out.toUtf8()).object();
        const QJsonObject reverse = st.value(QStringLiteral("reverseStream")).toObject();
        qInfo() << "reverse stream:" << reverse;
        if (reverse.value(QStringLiteral("changes")).toInteger() < 100 || reverse.value(QStringLiteral("conflicts")).toInteger() != 0)
            problems.append(QStringLiteral("reverse stream: ") + QString::fromUtf8(QJsonDocument(reverse).toJson()));
        // Every moved row: the old shards hold what the new nodes hold (targets kept for this).
        const QString moved = compareNewNodes();
        if (!moved.isEmpty())
            problems.append(QStringLiteral("old shards and new nodes differ after the rollback: ") + moved);
        // Every row of the old nodes where the old config routes it.
        test::Placement old;
        QString why;
        QVERIFY2(test::readPlacement(m_fx, oldSources(), m_tables, 4, 4, &old, &why), qPrintable(why));
        qint64 compared = 0;
        const QString placed = test::compareNodes(old, oldSources(), &compared);
        if (!placed.isEmpty() || compared < 4000)
            problems.append(QStringLiteral("old nodes (%1 rows): %2").arg(compared).arg(placed));
        const qint64 keyTo = keyFrom + 7000000;
        for (const QString &ds : oldSources()) {
            if (readOnly(ds))
                problems.append(ds + QStringLiteral(" is read-only"));
            if (count(ds, QStringLiteral("SELECT COUNT(*) FROM `%1`.`t_messages_2` WHERE id = ") + QString::number(keyFrom)) != 0)
                problems.append(QStringLiteral("the old key %1 is still on %2").arg(keyFrom).arg(ds));
        }
        if (count(QStringLiteral("db1"), QStringLiteral("SELECT COUNT(*) FROM `%1`.`t_messages_2` WHERE id = ") + QString::number(keyTo)) != 1)
            problems.append(QStringLiteral("the changed key %1 is not on db1").arg(keyTo));
        for (const QString &ds : newSources())
            if (readOnly(ds))
                problems.append(ds + QStringLiteral(" is read-only"));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // The targets go; the spares are empty again for the next run.
        const Run drop = migrate(QStringLiteral("rollback"), QStringLiteral("back"), {QStringLiteral("--drop-targets"), QStringLiteral("--yes")});
        QVERIFY2(drop.exitCode == 0, qPrintable(drop.out + drop.err));
        for (const QString &ds : newSources())
            QCOMPARE(count(ds, QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '%1' "
                                              "AND TABLE_NAME LIKE 't\\_%'")),
                     qint64(0));
    }

    void expandUnderLoadKilledAndResumed()
    {
        // Small chunks and a rate limit make the copy last a few seconds, so it can be killed in the middle.
        // (--observe 6: T8 watches, and carries the new nodes' changes back, for 6 s after T7.)
        QVERIFY(createRun(QStringLiteral("main"), {QStringLiteral("--observe"), QStringLiteral("6"),
                                                   QStringLiteral("--chunk-rows"), QStringLiteral("40"),
                                                   QStringLiteral("--max-chunk-rows"), QStringLiteral("80"),
                                                   QStringLiteral("--max-rows-per-sec"), QStringLiteral("2500")}));
        QProcess load;
        load.start(test::shardctlPath(), {QStringLiteral("load"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                          QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--rate"),
                                          QStringLiteral("250"), QStringLiteral("--duration"), QStringLiteral("20"),
                                          QStringLiteral("--mix"), QStringLiteral("insert:50,update:30,delete:20")});
        QVERIFY(load.waitForStarted());
        // SIGKILL at several instants of T0..T3: early (T0/T1), in the middle of the copy (the journal
        // shows T2 running with part of the rows copied), and at fixed delays; then let it finish.
        int kills = 0, killsMidCopy = 0;
        bool secondRefused = false;
        auto copyState = [&](qint64 *copied, int *done, int *copies) {
            const Run st = migrate(QStringLiteral("status"), QStringLiteral("main"), {QStringLiteral("--json")});
            const QJsonObject so = QJsonDocument::fromJson(st.out.toUtf8()).object();
            *copied = 0;
            *done = *copies = 0;
            for (const QJsonValue &v : so.value(QStringLiteral("progress")).toArray()) {
                *copied += v.toObject().value(QStringLiteral("copied")).toInteger();
                *done += v.toObject().value(QStringLiteral("done")).toBool() ? 1 : 0;
                ++*copies;
            }
            return so.value(QStringLiteral("steps")).toArray().at(2).toObject().value(QStringLiteral("status")).toString();
        };
        for (int attempt : {300, -1, -1, -1, 1200, 2000}) {
            QProcess run;
            run.start(test::shardctlPath(), {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"),
                                             runDir(QStringLiteral("main")), QStringLiteral("--until"), QStringLiteral("T3")});
            QVERIFY(run.waitForStarted());
            bool killed = false;
            QElapsedTimer t;
            t.start();
            while (!run.waitForFinished(50)) {
                qint64 copied = 0;
                int done = 0, copies = 0;
                const bool due = attempt >= 0 ? t.elapsed() >= attempt
                                              : (copyState(&copied, &done, &copies) == QLatin1String("running") &&
                                                 copied > 0 && done < copies);
                if (!due)
                    continue;
                if (attempt < 0 && !secondRefused) {
                    // A second process on the same run is refused, not raced.
                    const Run second = migrate(QStringLiteral("run"), QStringLiteral("main"),
                                               {QStringLiteral("--until"), QStringLiteral("T3")});
                    QCOMPARE(second.exitCode, 1);
                    QVERIFY2(second.err.contains(QLatin1String("another process")), qPrintable(second.err));
                    secondRefused = true;
                }
                run.kill(); // SIGKILL
                run.waitForFinished();
                killed = true;
                ++kills;
                const QString t2 = copyState(&copied, &done, &copies);
                qInfo("SIGKILL after %lld ms: T2 %s, %lld rows copied, %d of %d copies done", t.elapsed(),
                      qPrintable(t2), copied, done, copies);
                if (attempt < 0 && t2 != QLatin1String("done") && done < copies)
                    ++killsMidCopy;
                break;
            }
            if (!killed)
                QVERIFY2(run.exitCode() == 0, QByteArray(run.readAllStandardOutput() + run.readAllStandardError()).constData());
        }
        QVERIFY(secondRefused);
        QVERIFY2(kills >= 3 && killsMidCopy >= 1, qPrintable(QStringLiteral("%1 kills, %2 during the copy").arg(kills).arg(killsMidCopy)));
        const Run t3 = migrate(QStringLiteral("run"), QStringLiteral("main"), {QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(t3.exitCode == 0, qPrintable(t3.out + t3.err));
        QVERIFY(load.waitForFinished(60000));
        const QString loadOut = QString::fromUtf8(load.readAllStandardOutput());
        QVERIFY2(load.exitCode() == 0, qPrintable(loadOut + QString::fromUtf8(load.readAllStandardError())));
        // Writes ended: one more catch-up, then the independent check.
        const Run t3b = migrate(QStringLiteral("run"), QStringLiteral("main"), {QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(t3b.exitCode == 0, qPrintable(t3b.out + t3b.err));
        const QString diff = compareNewNodes();
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        const Run st = migrate(QStringLiteral("status"), QStringLiteral("main"), {QStringLiteral("--json")});
        const QJsonObject so = QJsonDocument::fromJson(st.out.toUtf8()).object();
        QCOMPARE(so.value(QStringLiteral("steps")).toArray().at(3).toObject().value(QStringLiteral("status")).toString(),
                 QStringLiteral("done"));
        // The capture lag was sampled under load: behind in seconds and in row changes at some point,
        // for each of the four source servers.
        migration::Journal j(runDir(QStringLiteral("main")) + QStringLiteral("/journal.sqlite"));
        QSet<QString> behind;
        for (const migration::LagSample &l : j.lag(20000))
            if (l.events > 0 && l.seconds >= 0 && l.bytes > 0)
                behind.insert(l.source);
        QVERIFY2(behind.size() == 4, qPrintable(QStringList(behind.values()).join(QLatin1Char(','))));
    }

    void t6RefusedWhileT5Differs()
    {
        const Run t4 = migrate(QStringLiteral("run"), QStringLiteral("main"),
                               {QStringLiteral("--until"), QStringLiteral("T4"), QStringLiteral("--yes")});
        QVERIFY2(t4.exitCode == 0, qPrintable(t4.out + t4.err));
        QVERIFY(readOnly(QStringLiteral("db1")));
        // A target row goes missing behind the engine's back.
        qint64 id = -1;
        {
            Connection c = root(QStringLiteral("db5"));
            id = c.queryValue(QStringLiteral("SELECT MIN(id) FROM `fsharechat`.`t_messages_2`")).value_or(QVariant(-1)).toLongLong();
            QVERIFY(id > 0);
            QVERIFY(c.exec(QStringLiteral("DELETE FROM `fsharechat`.`t_messages_2` WHERE id = %1").arg(id)));
            // and another one changes: NULL where the source has a value
            QVERIFY(c.exec(QStringLiteral("UPDATE `fsharechat`.`t_messages_3` SET _data = NULL ORDER BY id LIMIT 1")));
        }
        const Run t6 = migrate(QStringLiteral("run"), QStringLiteral("main"), {QStringLiteral("--until"), QStringLiteral("T6"), QStringLiteral("--yes")});
        QCOMPARE(t6.exitCode, 1);
        QVERIFY2(t6.err.contains(QLatin1String("2 rows differ")), qPrintable(t6.out + t6.err));
        const Run st = migrate(QStringLiteral("status"), QStringLiteral("main"), {QStringLiteral("--json")});
        const QJsonObject so = QJsonDocument::fromJson(st.out.toUtf8()).object();
        QCOMPARE(so.value(QStringLiteral("steps")).toArray().at(6).toObject().value(QStringLiteral("status")).toString(),
                 QStringLiteral("pending"));
        const QJsonArray diffs = so.value(QStringLiteral("differences")).toArray();
        QCOMPARE(diffs.size(), 2);
        QStringList kinds;
        for (const QJsonValue &d : diffs)
            kinds.append(d.toObject().value(QStringLiteral("target")).toString() + QLatin1Char(' ') +
                         d.toObject().value(QStringLiteral("kind")).toString());
        kinds.sort();
        QCOMPARE(kinds, (QStringList{QStringLiteral("db5.t_messages_2 missing"), QStringLiteral("db5.t_messages_3 different")}));
        for (const QJsonValue &d : diffs)
            if (d.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("missing"))
                QCOMPARE(d.toObject().value(QStringLiteral("key")).toString(), QString::number(id));
        // The operator applies the repair SQL (`migrate repair` runs it on the targets and verifies
        // again) and goes on.
        const Run repair = migrate(QStringLiteral("repair"), QStringLiteral("main"), {QStringLiteral("--yes")});
        QVERIFY2(repair.exitCode == 0 && repair.out.contains(QLatin1String("2 rows repaired")),
                 qPrintable(repair.out + repair.err));
        const Run t6b = migrate(QStringLiteral("run"), QStringLiteral("main"), {QStringLiteral("--until"), QStringLiteral("T6"), QStringLiteral("--yes")});
        QVERIFY2(t6b.exitCode == 0, qPrintable(t6b.out + t6b.err));
        QFile cfg(m_fx.clusterYamlPath());
        QVERIFY(cfg.open(QIODevice::ReadOnly));
        QVERIFY(cfg.readAll().contains("db7:"));
        QVERIFY(readOnly(QStringLiteral("db1"))); // T7 not yet
    }

    void t9KeepsRowMissingOnTarget()
    {
        const Run t7 = migrate(QStringLiteral("run"), QStringLiteral("main"), {QStringLiteral("--until"), QStringLiteral("T7"), QStringLiteral("--yes")});
        QVERIFY2(t7.exitCode == 0, qPrintable(t7.out + t7.err));
        QVERIFY2(t7.out.contains(QLatin1String("writes resumed; they were stopped for")), qPrintable(t7.out));
        QVERIFY(!readOnly(QStringLiteral("db1")));
        // Issue 25 item 1: the application writes on the new layout (`shardctl load` reads the switched
        // config) while T8 carries the new nodes' changes back to the old shards; T8 is killed with
        // SIGKILL three times and resumed. Afterwards the old shards hold exactly the moved rows the new
        // nodes hold (the independent placement check, both ways).
        QProcess load;
        load.start(test::shardctlPath(), {QStringLiteral("load"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                          QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--rate"),
                                          QStringLiteral("300"), QStringLiteral("--duration"), QStringLiteral("5"),
                                          QStringLiteral("--mix"), QStringLiteral("insert:40,update:40,delete:20")});
        QVERIFY(load.waitForStarted());
        QVERIFY2(killT8ThreeTimes(QStringLiteral("main")), "T8 ended before a kill");
        QVERIFY(load.waitForFinished(60000));
        QVERIFY2(load.exitCode() == 0, load.readAllStandardError().constData());
        const Run t8 = migrate(QStringLiteral("run"), QStringLiteral("main"), {QStringLiteral("--until"), QStringLiteral("T8"), QStringLiteral("--yes")});
        QVERIFY2(t8.exitCode == 0, qPrintable(t8.out + t8.err));
        const QJsonObject reverse = QJsonDocument::fromJson(migrate(QStringLiteral("status"), QStringLiteral("main"),
                                                                    {QStringLiteral("--json")}).out.toUtf8())
                                        .object()
                                        .value(QStringLiteral("reverseStream"))
                                        .toObject();
        qInfo() << "reverse stream:" << reverse;
        QVERIFY2(reverse.value(QStringLiteral("changes")).toInteger() > 100 &&
                     reverse.value(QStringLiteral("conflicts")).toInteger() == 0 &&
                     reverse.value(QStringLiteral("servers")).toArray().size() == 4,
                 QJsonDocument(reverse).toJson().constData());
        const QString afterSwitch = compareNewNodes();
        QVERIFY2(afterSwitch.isEmpty(), qPrintable(QStringLiteral("old and new nodes differ after T8: ") + afterSwitch));
        // Remove the target copy of one moved row just before the purge.
        qint64 id = -1;
        {
            Connection c = root(QStringLiteral("db6"));
            id = c.queryValue(QStringLiteral("SELECT MAX(id) FROM `fsharechat`.`t_user_messages_1`")).value_or(QVariant(-1)).toLongLong();
            QVERIFY(id > 0);
            QVERIFY(c.exec(QStringLiteral("DELETE FROM `fsharechat`.`t_user_messages_1` WHERE id = %1").arg(id)));
        }
        const Run t9 = migrate(QStringLiteral("run"), QStringLiteral("main"), {QStringLiteral("--yes")});
        QCOMPARE(t9.exitCode, 1);
        QVERIFY2(t9.err.contains(QRegularExpression(QStringLiteral("\\(keys [^)]*\\b%1\\b").arg(id))), qPrintable(t9.out + t9.err));
        QCOMPARE(count(QStringLiteral("db2"), QStringLiteral("SELECT COUNT(*) FROM `%1`.`t_user_messages_1` WHERE id = ") +
                                                  QString::number(id)),
                 qint64(1));
        // Put it back from the old shard and purge.
        {
            Connection src = root(QStringLiteral("db2"));
            auto row = src.query(QStringLiteral("SELECT * FROM `fsharechat`.`t_user_messages_1` WHERE id = %1").arg(id));
            QVERIFY(row && row->rows.size() == 1);
            Connection c = root(QStringLiteral("db6"));
            QStringList vals;
            for (const QVariant &v : row->rows.first())
                vals.append(QString::fromUtf8(*c.sqlLiteral(v)));
            QVERIFY2(c.exec(QStringLiteral("INSERT INTO `fsharechat`.`t_user_messages_1` VALUES (%1)").arg(vals.join(QLatin1Char(',')))),
                     qPrintable(c.lastError()));
        }
        const Run t9b = migrate(QStringLiteral("run"), QStringLiteral("main"), {QStringLiteral("--yes")});
        QVERIFY2(t9b.exitCode == 0, qPrintable(t9b.out + t9b.err));
        // Every physical table of all 8 data sources holds exactly the rows the new config routes
        // there: the old shards keep only their own rows, nothing is lost or doubled.
        test::Placement all;
        QString why;
        QVERIFY2(test::readPlacement(m_fx, oldSources() + newSources(), m_tables, 8, 4, &all, &why), qPrintable(why));
        qint64 rowsChecked = 0;
        const QString diff = test::compareNodes(all, oldSources() + newSources(), &rowsChecked);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY(rowsChecked > 4000);
        const Run log = migrate(QStringLiteral("log"), QStringLiteral("main"));
        QVERIFY2(log.out.contains(QLatin1String("purge chunk")) && log.out.contains(QLatin1String("switch config")),
                 qPrintable(log.out.left(4000)));
    }
};

QTEST_GUILESS_MAIN(TestMigrate)
#include "tst_migrate.moc"
