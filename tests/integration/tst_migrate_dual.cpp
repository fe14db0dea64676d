// Dual-master doubling executed on a real 4-instance sandbox (2 data sources + 2 spare instances):
// `shardctl migrate` seeds each spare from its old instance, replicates by GTID, switches the config
// and purges each side's other half while `shardctl load` writes; the run is killed with SIGKILL
// during seeding and catch-up and resumed. An independent check (tests/common/PlacementCheck: plain
// SQL fingerprints, routing by CRC32() in SQL) finds every row on the node the new config routes it
// to, none lost and none left twice; replication is removed and AUTO_INCREMENT settings restored.
// Also: a rollback before the switch leaves the cluster as it was.
#include "PlacementCheck.h"
#include "SandboxFixture.h"
#include "ShardctlRun.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace sp;

namespace {

using Run = test::ShardctlRun;

using TableColumns = std::map<QString, QString>;

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestMigrateDual : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{[] {
        test::SandboxFixtureOptions o;
        o.instances = 4;
        o.messages = 3000;
        o.seed = 13;
        return o;
    }()};
    QTemporaryDir m_tmp;
    QString m_planFile;
    TableColumns m_tables;

    Run shardctl(const QStringList &args, int timeoutMs = 300000) { return test::runShardctl(args, timeoutMs); }

    QString runDir(const QString &name) const { return m_tmp.path() + QLatin1Char('/') + name; }

    Run migrate(const QString &action, const QString &name, const QStringList &extra = {})
    {
        return shardctl(QStringList{QStringLiteral("migrate"), action, QStringLiteral("--run"), runDir(name)} + extra);
    }

    Connection root(int instance)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(instance)))
            qWarning() << c.lastError();
        c.exec(QStringLiteral("SET SESSION sql_log_bin = 0"));
        return c;
    }

    static QStringList oldSources() { return {QStringLiteral("db0"), QStringLiteral("db1")}; }
    static QStringList allSources() { return {QStringLiteral("db0"), QStringLiteral("db1"), QStringLiteral("db2"), QStringLiteral("db3")}; }

    // What each instance's replication and server settings look like (the things a run changes).
    QString serverSettings(int instance)
    {
        Connection c = root(instance);
        auto v = c.query(QStringLiteral("SELECT @@auto_increment_increment, @@auto_increment_offset, @@read_only, "
                                        "@@replicate_do_db, (SELECT COUNT(*) FROM mysql.global_priv WHERE User LIKE 'sp\\_repl\\_%')"));
        auto slave = c.query(QStringLiteral("SHOW SLAVE STATUS"));
        if (!v || !slave)
            return c.lastError();
        QStringList s;
        for (const QVariant &x : v->rows.first())
            s << x.toString();
        s << QStringLiteral("slaves=%1").arg(slave->rows.size());
        return s.join(QLatin1Char('|'));
    }

    int tableCount(int instance)
    {
        Connection c = root(instance);
        return c.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'fsharechat'"))
            .value_or(QVariant(-1))
            .toInt();
    }

    QJsonObject statusJson(const QString &name)
    {
        const Run st = migrate(QStringLiteral("status"), name, {QStringLiteral("--json")});
        return QJsonDocument::fromJson(st.out.toUtf8()).object();
    }

    static QString stepStatus(const QJsonObject &so, int i)
    {
        return so.value(QStringLiteral("steps")).toArray().at(i).toObject().value(QStringLiteral("status")).toString();
    }

    QProcess *startLoad(const QString &seconds, int rate)
    {
        auto *load = new QProcess(this);
        load->start(test::shardctlPath(), {QStringLiteral("load"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                           QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--rate"),
                                           QString::number(rate), QStringLiteral("--duration"), seconds,
                                           QStringLiteral("--mix"), QStringLiteral("insert:50,update:30,delete:20")});
        return load;
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        QVERIFY(m_tmp.isValid());
        const Run plan = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                   QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--strategy"),
                                   QStringLiteral("dual-master"), QStringLiteral("--live"), QStringLiteral("--out"),
                                   runDir(QStringLiteral("plan"))});
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.out + plan.err));
        m_planFile = runDir(QStringLiteral("plan")) + QStringLiteral("/plan.json");
        const QJsonObject o = QJsonDocument::fromJson(fileBytes(m_planFile)).object();
        for (const QJsonValue &t : o.value(QStringLiteral("tables")).toArray()) {
            const QJsonObject to = t.toObject();
            m_tables[to.value(QStringLiteral("logicTable")).toString()] =
                to.value(QStringLiteral("broadcast")).toBool() ? QString()
                                                               : to.value(QStringLiteral("shardingColumn")).toString();
        }
        QVERIFY(m_tables.size() >= 3);
    }

    void rollbackBeforeSwitchLeavesTheClusterAsItWas()
    {
        QStringList before;
        for (int i = 0; i < 4; ++i)
            before << serverSettings(i);
        test::Placement was;
        QString why;
        QVERIFY2(test::readPlacement(m_fx, oldSources(), m_tables, 2, 2, &was, &why), qPrintable(why));
        const QByteArray config = fileBytes(m_fx.clusterYamlPath());
        QCOMPARE(tableCount(2), 0);

        const Run create = shardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"), m_planFile,
                                     QStringLiteral("--run"), runDir(QStringLiteral("rb")), QStringLiteral("--observe"),
                                     QStringLiteral("0")});
        QVERIFY2(create.exitCode == 0, qPrintable(create.out + create.err));
        // D5 changes the live servers: refused without --yes.
        const Run noYes = migrate(QStringLiteral("run"), QStringLiteral("rb"), {QStringLiteral("--until"), QStringLiteral("D6")});
        QCOMPARE(noYes.exitCode, 1);
        QVERIFY2(noYes.out.contains(QLatin1String("confirm with --yes")), qPrintable(noYes.out));
        const Run d6 = migrate(QStringLiteral("run"), QStringLiteral("rb"),
                               {QStringLiteral("--until"), QStringLiteral("D6"), QStringLiteral("--yes")});
        QVERIFY2(d6.exitCode == 0, qPrintable(d6.out + d6.err));
        QVERIFY(tableCount(2) > 0);
        // Status shows the replication of each pair.
        const QJsonObject so = statusJson(QStringLiteral("rb"));
        QCOMPARE(so.value(QStringLiteral("kind")).toString(), QStringLiteral("dual-master"));
        QCOMPARE(so.value(QStringLiteral("steps")).toArray().at(5).toObject().value(QStringLiteral("step")).toString(),
                 QStringLiteral("D6"));
        const QJsonArray repl = so.value(QStringLiteral("replication")).toArray();
        QCOMPARE(repl.size(), 2);
        for (const QJsonValue &v : repl) {
            const QJsonObject f = v.toObject().value(QStringLiteral("forward")).toObject();
            QCOMPARE(f.value(QStringLiteral("ioRunning")).toString(), QStringLiteral("Yes"));
            QCOMPARE(f.value(QStringLiteral("sqlRunning")).toString(), QStringLiteral("Yes"));
        }
        const Run text = migrate(QStringLiteral("status"), QStringLiteral("rb"));
        QVERIFY2(text.out.contains(QLatin1String("db0 -> db2: IO Yes, SQL Yes, lag 0 s")), qPrintable(text.out));
        // The replication password never reaches the journal, the audit log or the output.
        const Run log = migrate(QStringLiteral("log"), QStringLiteral("rb"));
        QVERIFY2(log.out.contains(QLatin1String("MASTER_PASSWORD = '<redacted>'")), qPrintable(log.out));
        QVERIFY(!log.out.contains(QRegularExpression(QStringLiteral("IDENTIFIED BY '(?!<redacted>)"))));

        const Run rb = migrate(QStringLiteral("rollback"), QStringLiteral("rb"), {QStringLiteral("--yes"), QStringLiteral("--drop-targets")});
        QVERIFY2(rb.exitCode == 0, qPrintable(rb.out + rb.err));
        QStringList after;
        for (int i = 0; i < 4; ++i)
            after << serverSettings(i);
        QCOMPARE(after, before);
        QCOMPARE(tableCount(2), 0);
        QCOMPARE(tableCount(3), 0);
        QCOMPARE(fileBytes(m_fx.clusterYamlPath()), config);
        test::Placement now;
        QVERIFY2(test::readPlacement(m_fx, oldSources(), m_tables, 2, 2, &now, &why), qPrintable(why));
        QVERIFY(now.actual == was.actual);
        const Run again = migrate(QStringLiteral("run"), QStringLiteral("rb"), {QStringLiteral("--yes")});
        QCOMPARE(again.exitCode, 1);
    }

    // Issue 25 item 4: the dual-master window. D4 gives each new instance a GTID domain of its own and
    // D7 starts new -> old replication at the switch; the application then writes on a new instance
    // (an update of a row it owns, an insert) and the old instance receives both; a rollback between
    // D7 and D8 stops writes on the new instances, lets the old ones apply the rest, restores the old
    // config and cuts replication both ways: the old instance keeps the new side's writes, every
    // setting the run changed is as before, and the seeded data is dropped.
    void rollbackAfterSwitchKeepsTheNewSidesWrites()
    {
        QStringList before;
        for (int i = 0; i < 4; ++i)
            before << serverSettings(i);
        const QString domainBefore = root(2).queryValue(QStringLiteral("SELECT @@gtid_domain_id")).value_or(QVariant()).toString();
        const QByteArray config = fileBytes(m_fx.clusterYamlPath());
        const Run create = shardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"), m_planFile,
                                     QStringLiteral("--run"), runDir(QStringLiteral("back")), QStringLiteral("--observe"),
                                     QStringLiteral("0")});
        QVERIFY2(create.exitCode == 0, qPrintable(create.out + create.err));
        const Run d7 = migrate(QStringLiteral("run"), QStringLiteral("back"), {QStringLiteral("--until"), QStringLiteral("D7"), QStringLiteral("--yes")});
        QVERIFY2(d7.exitCode == 0, qPrintable(d7.out + d7.err));
        QVERIFY(root(2).queryValue(QStringLiteral("SELECT @@gtid_domain_id")).value_or(QVariant()).toString() != domainBefore);
        {
            const Run st = migrate(QStringLiteral("status"), QStringLiteral("back"));
            QVERIFY2(st.out.contains(QLatin1String("back db2 -> db0: IO Yes, SQL Yes")), qPrintable(st.out));
        }
        // The application on the new config writes on db2 (instance 2): rows it owns there.
        const QString t = QStringLiteral("`fsharechat`.`t_messages_0`");
        qint64 owned = -1, inserted = -1;
        {
            Connection b;
            QVERIFY(b.open(m_fx.rootParams(2)));
            owned = b.queryValue(QStringLiteral("SELECT MIN(id) FROM %1 WHERE CRC32(_target) MOD 4 = 2").arg(t)).value_or(QVariant(-1)).toLongLong();
            QVERIFY(owned > 0);
            QVERIFY2(b.exec(QStringLiteral("UPDATE %1 SET _from = 'written on the new side', _data = X'00FE' WHERE id = %2").arg(t).arg(owned)),
                     qPrintable(b.lastError()));
            ExecResult r;
            QVERIFY2(b.exec(QStringLiteral("INSERT INTO %1 (_mid, _from, _type, _target, _line, _data, _searchable_key, _dt) "
                                           "SELECT _mid, 'inserted on the new side', _type, _target, _line, NULL, '', _dt FROM %1 "
                                           "WHERE id = %2").arg(t).arg(owned), &r),
                     qPrintable(b.lastError()));
            inserted = qint64(r.lastInsertId);
            QVERIFY(inserted > 0);
        }
        const QString rowSql = QStringLiteral("SELECT CONCAT_WS('|', id, HEX(_from), COALESCE(HEX(_data), 'N'), _target, _mid) FROM %1 "
                                              "WHERE id IN (%2, %3) ORDER BY id").arg(t).arg(owned).arg(inserted);
        auto rows = [&](int instance) {
            Connection c = root(instance);
            QStringList out;
            if (auto r = c.query(rowSql))
                for (const auto &row : r->rows)
                    out << row.at(0).toString();
            return out;
        };
        const QStringList onNew = rows(2);
        QCOMPARE(onNew.size(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(rows(0), onNew, 10000); // replicated back while the window is open

        const Run back = migrate(QStringLiteral("rollback"), QStringLiteral("back"), {QStringLiteral("--yes"), QStringLiteral("--drop-targets")});
        QVERIFY2(back.exitCode == 0, qPrintable(back.out + back.err));
        QVERIFY2(back.out.contains(QLatin1String("writes to the new instances were stopped for")), qPrintable(back.out));
        QCOMPARE(rows(0), onNew);
        QCOMPARE(fileBytes(m_fx.clusterYamlPath()), config);
        QStringList after;
        for (int i = 0; i < 4; ++i)
            after << serverSettings(i);
        QCOMPARE(after, before);
        QCOMPARE(root(2).queryValue(QStringLiteral("SELECT @@gtid_domain_id")).value_or(QVariant()).toString(), domainBefore);
        QCOMPARE(tableCount(2), 0);
        const Run log = migrate(QStringLiteral("log"), QStringLiteral("back"));
        QVERIFY2(log.out.contains(QLatin1String("MASTER_LOG_FILE")) && log.out.contains(QLatin1String("gtid_domain_id")),
                 qPrintable(log.out.left(3000)));
        // The inserted row stays on db0 (the old config routes it there); drop it so the next run
        // starts from the demo rows.
        {
            Connection a = root(0);
            QVERIFY(a.exec(QStringLiteral("SET SESSION sql_log_bin = 1")));
            QVERIFY(a.exec(QStringLiteral("DELETE FROM %1 WHERE id = %2").arg(t).arg(inserted)));
        }
    }

    // The same window with an independent writer on the switched config (both sides take writes and
    // replicate them to each other) and the rollback SIGKILLed while it waits for the old instances to
    // apply the new ones' writes (held there by FLUSH TABLES WITH READ LOCK on db0), then run again: every
    // row the new instances own when writes stopped is on its old instance, identical.
    void rollbackAfterSwitchUnderLoadKilled()
    {
        const QString pidFile = m_tmp.path() + QStringLiteral("/writer.pid");
        const Run create = shardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"), m_planFile,
                                     QStringLiteral("--run"), runDir(QStringLiteral("back-load")), QStringLiteral("--observe"),
                                     QStringLiteral("0"), QStringLiteral("--reload-command"),
                                     QStringLiteral("if [ -f '%1' ]; then kill \"$(cat '%1')\" 2>/dev/null; fi; true").arg(pidFile)});
        QVERIFY2(create.exitCode == 0, qPrintable(create.out + create.err));
        const Run d7 = migrate(QStringLiteral("run"), QStringLiteral("back-load"), {QStringLiteral("--until"), QStringLiteral("D7"), QStringLiteral("--yes")});
        QVERIFY2(d7.exitCode == 0, qPrintable(d7.out + d7.err));
        QProcess *load = startLoad(QStringLiteral("60"), 300);
        QVERIFY(load->waitForStarted());
        {
            QFile f(pidFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::number(load->processId()));
        }
        QTest::qWait(1500);
        QVERIFY2(load->state() == QProcess::Running, load->readAllStandardError().constData());
        {
            Connection hold = root(0);
            QVERIFY(hold.exec(QStringLiteral("FLUSH TABLES WITH READ LOCK")));
            // A write on the new side that db0 must apply, so the rollback's drain has something to wait
            // for (the load alone may have written nothing db0 replicates yet: the drain then passed at
            // once and the rollback ran the reload, killing the load, before this test killed it).
            {
                Connection b = root(2);
                QVERIFY(b.exec(QStringLiteral("SET SESSION sql_log_bin = 1")));
                const QString t = QStringLiteral("`fsharechat`.`t_messages_0`");
                const qint64 owned =
                    b.queryValue(QStringLiteral("SELECT MIN(id) FROM %1 WHERE CRC32(_target) MOD 4 = 2").arg(t)).value_or(QVariant(-1)).toLongLong();
                QVERIFY(owned > 0);
                QVERIFY2(b.exec(QStringLiteral("UPDATE %1 SET _from = 'held in the drain' WHERE id = %2").arg(t).arg(owned)),
                         qPrintable(b.lastError()));
            }
            QProcess rb;
            rb.start(test::shardctlPath(), {QStringLiteral("migrate"), QStringLiteral("rollback"), QStringLiteral("--run"),
                                            runDir(QStringLiteral("back-load")), QStringLiteral("--yes")});
            QVERIFY(rb.waitForStarted());
            bool stopped = false;
            for (int i = 0; i < 1000 && !stopped && rb.state() == QProcess::Running; ++i) {
                stopped = root(2).queryValue(QStringLiteral("SELECT @@read_only")).value_or(QVariant(0)).toInt() == 1;
                if (!stopped)
                    QTest::qWait(10);
            }
            QTest::qWait(200);
            const bool killed = rb.state() == QProcess::Running;
            rb.kill();
            rb.waitForFinished();
            QVERIFY(hold.exec(QStringLiteral("UNLOCK TABLES")));
            QVERIFY2(stopped && killed, qPrintable(QStringLiteral("the rollback was not held in its drain: ") + QString::fromUtf8(rb.readAll())));
        }
        const Run back = migrate(QStringLiteral("rollback"), QStringLiteral("back-load"), {QStringLiteral("--yes")});
        QVERIFY2(back.exitCode == 0, qPrintable(back.out + back.err));
        QVERIFY(load->waitForFinished(10000)); // stopped by the reload command
        // What the new instances own (new config routing) is on their old instances, identical.
        test::Placement onNew, onOld;
        QString why;
        QVERIFY2(test::readPlacement(m_fx, {QStringLiteral("db2"), QStringLiteral("db3")}, m_tables, 4, 2, &onNew, &why), qPrintable(why));
        QVERIFY2(test::readPlacement(m_fx, oldSources(), m_tables, 4, 2, &onOld, &why), qPrintable(why));
        QStringList problems;
        qint64 compared = 0;
        for (const auto &[node, rows] : onNew.routed) {
            if (!node.startsWith(QLatin1String("db2.")) && !node.startsWith(QLatin1String("db3.")))
                continue;
            const auto old = onOld.routed.find(node);
            for (const auto &[id, fp] : rows) {
                ++compared;
                if (old == onOld.routed.end() || !old->second.count(id))
                    problems << QStringLiteral("%1 id %2 missing on its old instance").arg(node).arg(id);
                else if (old->second.at(id) != fp)
                    problems << QStringLiteral("%1 id %2 differs on its old instance").arg(node).arg(id);
            }
            if (old != onOld.routed.end())
                for (const auto &[id, fp] : old->second)
                    if (!rows.count(id))
                        problems << QStringLiteral("%1 id %2 is on its old instance only").arg(node).arg(id);
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 20).join(QLatin1Char('\n'))));
        QVERIFY(compared > 1000);
        qInfo("dual rollback under load: %lld rows the new instances owned found on the old ones", compared);
        for (int i = 0; i < 4; ++i)
            QVERIFY2(serverSettings(i).contains(QLatin1String("|slaves=0")), qPrintable(serverSettings(i)));
        // The seed goes, for the next run.
        const Run drop = migrate(QStringLiteral("rollback"), QStringLiteral("back-load"), {QStringLiteral("--yes"), QStringLiteral("--drop-targets")});
        QVERIFY2(drop.exitCode == 0, qPrintable(drop.out + drop.err));
        QCOMPARE(tableCount(2), 0);
        QCOMPARE(tableCount(3), 0);
    }

    void doublingUnderLoadKilledAndResumed()
    {
        const Run create = shardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"), m_planFile,
                                     QStringLiteral("--run"), runDir(QStringLiteral("main")), QStringLiteral("--observe"),
                                     QStringLiteral("0"), QStringLiteral("--chunk-rows"), QStringLiteral("200")});
        QVERIFY2(create.exitCode == 0, qPrintable(create.out + create.err));
        QProcess *load = startLoad(QStringLiteral("25"), 150);
        QVERIFY(load->waitForStarted());
        // SIGKILL while the journal shows D2 seeding (twice: the seed cut short is dropped and done
        // again) and while D3 or D6 sets up or waits for replication, then let the run reach D6.
        int killsSeed = 0, killsCatchUp = 0;
        QStringList killedIn;
        for (int attempt = 0; attempt < 12 && (killsSeed < 2 || killsCatchUp < 1); ++attempt) {
            const bool seedWanted = killsSeed < 2;
            QProcess run;
            run.start(test::shardctlPath(), {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"),
                                             runDir(QStringLiteral("main")), QStringLiteral("--until"), QStringLiteral("D6"),
                                             QStringLiteral("--yes")});
            QVERIFY(run.waitForStarted());
            QElapsedTimer t;
            t.start();
            while (!run.waitForFinished(10)) {
                const QJsonObject so = statusJson(QStringLiteral("main"));
                const bool seeding = stepStatus(so, 1) == QLatin1String("running");
                const bool catchingUp = stepStatus(so, 2) == QLatin1String("running") ||
                                        stepStatus(so, 5) == QLatin1String("running");
                if (!(seedWanted ? seeding : catchingUp))
                    continue;
                run.kill(); // SIGKILL
                run.waitForFinished();
                (seedWanted ? killsSeed : killsCatchUp) += 1;
                const QJsonObject after = statusJson(QStringLiteral("main"));
                QStringList states;
                for (int i = 0; i < 6; ++i)
                    states << QStringLiteral("D%1 %2").arg(i + 1).arg(stepStatus(after, i));
                killedIn << states.join(QStringLiteral(", "));
                qInfo("SIGKILL after %lld ms: %s", t.elapsed(), qPrintable(states.join(QStringLiteral(", "))));
                break;
            }
            if (run.exitStatus() == QProcess::NormalExit)
                QVERIFY2(run.exitCode() == 0, QByteArray(run.readAllStandardOutput() + run.readAllStandardError()).constData());
        }
        QVERIFY2(killsSeed >= 2 && killsCatchUp >= 1,
                 qPrintable(QStringLiteral("%1 kills while seeding, %2 during D3/D6:\n").arg(killsSeed).arg(killsCatchUp) +
                            killedIn.join(QLatin1Char('\n'))));
        const Run d6 = migrate(QStringLiteral("run"), QStringLiteral("main"), {QStringLiteral("--until"), QStringLiteral("D6"), QStringLiteral("--yes")});
        QVERIFY2(d6.exitCode == 0, qPrintable(d6.out + d6.err));
        // The switch under load: writes stop only while the replicas reach their sources' position
        // and the config is replaced (the load sees read_only errors then).
        const Run d7 = migrate(QStringLiteral("run"), QStringLiteral("main"), {QStringLiteral("--until"), QStringLiteral("D7"), QStringLiteral("--yes")});
        QVERIFY2(d7.exitCode == 0, qPrintable(d7.out + d7.err));
        QVERIFY(load->waitForFinished(90000));
        qInfo("load on the old config (read_only errors during the write stop are expected): %s",
              load->readAllStandardOutput().constData());
        const QJsonObject so7 = statusJson(QStringLiteral("main"));
        qInfo("write stop %lld ms", qint64(so7.value(QStringLiteral("writeStopMs")).toDouble()));
        QVERIFY(so7.value(QStringLiteral("writeStopMs")).toDouble() > 0);
        // Replication still runs: the writes of clients still on the old config reach the new side.
        QElapsedTimer wait;
        wait.start();
        bool caughtUp = false;
        while (!caughtUp && wait.elapsed() < 30000) {
            caughtUp = true;
            for (const QJsonValue &v : statusJson(QStringLiteral("main")).value(QStringLiteral("replication")).toArray())
                caughtUp = caughtUp && v.toObject().value(QStringLiteral("caughtUp")).toBool();
            if (!caughtUp)
                QTest::qWait(200);
        }
        QVERIFY(caughtUp);
        // Every row is on the node the new config routes it to, identical to its other copy.
        test::Placement before;
        QString why;
        QVERIFY2(test::readPlacement(m_fx, allSources(), m_tables, 4, 2, &before, &why), qPrintable(why));
        QStringList diverged;
        qint64 routedRows = 0;
        for (const auto &node : before.routed) {
            const auto it = before.actual.find(node.first);
            for (const auto &row : node.second) {
                ++routedRows;
                if (it == before.actual.end() || !it->second.count(row.first))
                    diverged << node.first + QStringLiteral(" id ") + QString::number(row.first) + QStringLiteral(" missing");
                else if (it->second.at(row.first) != row.second)
                    diverged << node.first + QStringLiteral(" id ") + QString::number(row.first) + QStringLiteral(" differs");
            }
        }
        QVERIFY2(diverged.isEmpty(), qPrintable(diverged.mid(0, 20).join(QLatin1Char('\n'))));
        QVERIFY(routedRows > 3000);

        // Clients reloaded: the new config (4 data sources) takes writes on both sides while
        // replication still runs; then replication is cut.
        QVERIFY(fileBytes(m_fx.clusterYamlPath()).contains("db3"));
        QProcess *load2 = startLoad(QStringLiteral("6"), 150);
        QVERIFY(load2->waitForFinished(60000));
        const QString load2Out = QString::fromUtf8(load2->readAllStandardOutput());
        QVERIFY2(load2->exitCode() == 0, qPrintable(load2Out + QString::fromUtf8(load2->readAllStandardError())));
        const Run d8 = migrate(QStringLiteral("run"), QStringLiteral("main"), {QStringLiteral("--until"), QStringLiteral("D8"), QStringLiteral("--yes")});
        QVERIFY2(d8.exitCode == 0, qPrintable(d8.out + d8.err));

        // What each node owns now: the rows on it that the new config routes to it.
        test::Placement cut;
        QVERIFY2(test::readPlacement(m_fx, allSources(), m_tables, 4, 2, &cut, &why), qPrintable(why));
        test::NodeRows owned;
        qint64 ownedRows = 0;
        for (const auto &node : cut.actual) {
            const auto r = cut.routed.find(node.first);
            auto &mine = owned[node.first];
            for (const auto &row : node.second)
                if (r != cut.routed.end() && r->second.count(row.first)) {
                    mine[row.first] = row.second;
                    ++ownedRows;
                }
        }
        // The purge: rows whose owner deleted them since the switch are kept until the operator
        // says why (the engine cannot tell a delete from a lost row).
        Run d9 = migrate(QStringLiteral("run"), QStringLiteral("main"), {QStringLiteral("--yes")});
        if (d9.exitCode != 0) {
            QVERIFY2(d9.err.contains(QLatin1String("rows were kept")), qPrintable(d9.out + d9.err));
            qInfo("%s", qPrintable(d9.err.left(300)));
            d9 = migrate(QStringLiteral("run"), QStringLiteral("main"),
                         {QStringLiteral("--yes"), QStringLiteral("--override-reason"), QStringLiteral("deleted by the load on their owner")});
        }
        QVERIFY2(d9.exitCode == 0, qPrintable(d9.out + d9.err));
        test::Placement after;
        QVERIFY2(test::readPlacement(m_fx, allSources(), m_tables, 4, 2, &after, &why), qPrintable(why));
        after.routed = owned; // nothing lost, nothing left twice: each node holds exactly what it owned
        qint64 compared = 0;
        const QString diff = test::compareNodes(after, allSources(), &compared);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QCOMPARE(compared, ownedRows);
        qInfo("%lld rows compared after the purge", compared);
        // Replication removed, settings restored (the sandbox gives instance i auto_increment 4/i+1),
        // the account gone; the audit log has the purge.
        for (int i = 0; i < 4; ++i)
            QCOMPARE(serverSettings(i), QStringLiteral("4|%1|0||0|slaves=0").arg(i + 1));
        const Run log = migrate(QStringLiteral("log"), QStringLiteral("main"));
        QVERIFY(log.out.contains(QLatin1String("purge chunk")));
        QVERIFY(log.out.contains(QLatin1String("RESET SLAVE ALL")));
        QVERIFY(log.out.contains(QLatin1String("SET GLOBAL read_only = 1")));
        const QJsonObject fin = statusJson(QStringLiteral("main"));
        for (int i = 0; i < 10; ++i)
            QCOMPARE(stepStatus(fin, i), QStringLiteral("done"));
    }
};

QTEST_GUILESS_MAIN(TestMigrateDual)
#include "tst_migrate_dual.moc"
