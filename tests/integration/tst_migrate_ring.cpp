// Ring runs end to end on a real 4-instance sandbox (tests/data/ring-sandbox.yaml: a CONSISTENT_HASH
// ring of db0..db2, the 4th instance a spare). `shardctl plan --strategy ring --add-nodes db3`, then
// `migrate create/run` under `shardctl load` with a SIGKILL in the middle of the copy and a resume;
// then `--remove-nodes db3` drains the node back into the three that stay (live data nodes holding
// rows of their own). After each run an independent check written here (plain SQL: the ring's points
// computed by the server's CRC32 of "node#i", a row's node is the first point >= CRC32(key), the
// table (CRC32(key) DIV 65536) MOD 2) finds every row where its config routes it, once. After the
// drain every row is back on the physical table it was on before the add (snapshot), with the
// content it had when the load stopped. The servers' general logs show that the copy, the
// verification and the purge read the sources through the arcs' CRC32 BETWEEN predicates. A drain
// into a live table that already holds a row of the drained arcs is refused at T0; one whose keys
// collide with the live rows stops the copy with the reason; a drain rolled back with --drop-targets
// deletes only the rows it copied: the live tables keep theirs.
#include "RingPlacement.h"
#include "SandboxFixture.h"
#include "ShardctlRun.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <map>

using namespace sp;

namespace {

using Run = test::ShardctlRun;

using Rows = test::RingRows;
const QStringList &kLogic = test::kRingLogicTables;
const int kTables = 2;

} // namespace

class TestMigrateRing : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{[] {
        test::SandboxFixtureOptions o;
        o.instances = 4;
        o.configPath = test::sourcePath(QStringLiteral("tests/data/ring-sandbox.yaml"));
        o.messages = 1500;
        o.seed = 13;
        return o;
    }()};
    QTemporaryDir m_tmp;
    Rows m_before;    // before any run
    Rows m_afterAdd;  // after the add run (the load stopped before its switch)

    Run shardctl(const QStringList &args, int timeoutMs = 240000) { return test::runShardctl(args, timeoutMs); }

    QString path(const QString &name) const { return m_tmp.path() + QLatin1Char('/') + name; }

    Run migrate(const QString &action, const QString &run, const QStringList &extra = {})
    {
        return shardctl(QStringList{QStringLiteral("migrate"), action, QStringLiteral("--run"), path(run)} + extra);
    }

    Connection root(const QString &dataSource)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(m_fx.instanceOf(dataSource))))
            qWarning() << c.lastError();
        c.exec(QStringLiteral("SET SESSION sql_log_bin = 0"));
        return c;
    }

    static QStringList nodes(int n)
    {
        QStringList out;
        for (int i = 0; i < n; ++i)
            out.append(QStringLiteral("db%1").arg(i));
        return out;
    }

    // A ring plan of the current cluster config into `name`/plan.json; its JSON.
    QJsonObject plan(const QString &name, const QStringList &ringArgs)
    {
        const Run r = shardctl(QStringList{QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                           QStringLiteral("--defaults-file"), m_fx.appOptionFile(),
                                           QStringLiteral("--strategy"), QStringLiteral("ring"), QStringLiteral("--live"),
                                           QStringLiteral("--exact"), QStringLiteral("--out"), path(name)} +
                               ringArgs);
        if (r.exitCode != 0) {
            qWarning() << r.out << r.err;
            return {};
        }
        QFile f(path(name) + QStringLiteral("/plan.json"));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(f.readAll()).object();
    }

    bool create(const QString &planName, const QString &run, const QStringList &extra = {})
    {
        const Run r = shardctl(QStringList{QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"),
                                           path(planName) + QStringLiteral("/plan.json"), QStringLiteral("--run"), path(run),
                                           QStringLiteral("--observe"), QStringLiteral("0")} +
                               extra);
        if (r.exitCode != 0)
            qWarning() << r.out << r.err;
        return r.exitCode == 0;
    }

    bool readRows(const QStringList &ringNodes, Rows *out, QStringList *dups, QString *why)
    {
        return test::readRingRows(m_fx, nodes(4), ringNodes, out, dups, why);
    }

    static QString misplaced(const Rows &rows, const QStringList &dups) { return test::ringMisplaced(rows, dups); }

    QString stepStatus(const QString &run, int step)
    {
        const Run st = migrate(QStringLiteral("status"), run, {QStringLiteral("--json")});
        const QJsonObject so = QJsonDocument::fromJson(st.out.toUtf8()).object();
        return so.value(QStringLiteral("steps")).toArray().at(step).toObject().value(QStringLiteral("status")).toString();
    }

    // The statements the servers ran on the moving tables, from their general logs (mysql.general_log).
    QStringList generalLog(const QStringList &dataSources, const QString &like)
    {
        QStringList out;
        for (const QString &ds : dataSources) {
            Connection c = root(ds);
            auto r = c.query(QStringLiteral("SELECT CONVERT(argument USING utf8mb4) FROM mysql.general_log WHERE "
                                            "command_type = 'Query' AND argument LIKE %1")
                                 .arg(c.quoteString(like)));
            if (r)
                for (const auto &row : r->rows)
                    out.append(row.at(0).toString());
        }
        return out;
    }

    void setGeneralLog(bool on)
    {
        for (const QString &ds : nodes(4)) {
            Connection c = root(ds);
            if (on) {
                QVERIFY2(c.exec(QStringLiteral("TRUNCATE mysql.general_log")), qPrintable(c.lastError()));
                QVERIFY(c.exec(QStringLiteral("SET GLOBAL log_output = 'TABLE', general_log = 1")));
            } else {
                QVERIFY(c.exec(QStringLiteral("SET GLOBAL general_log = 0")));
            }
        }
    }

    // The SELECTs that read rows of a moving source table for the copy (T2) and the purge (T9),
    // and the aggregates of T5: each must carry an arc predicate of the ring.
    void checkPushdown(const QStringList &sources, const QString &what)
    {
        const QStringList stmts = generalLog(sources, QStringLiteral("SELECT%FROM `fsharechat`.`t_messages_%"));
        int copies = 0, sums = 0, purges = 0;
        QStringList unfiltered;
        static const QRegularExpression arc(QStringLiteral("CRC32\\(`_target`\\) BETWEEN \\d+ AND \\d+"));
        for (const QString &s : stmts) {
            // (the check after T2 that reads every key with each predicate's value, "... IS TRUE",
            // is a scan by design: it proves the predicates select what the router moves; the copy of
            // a table it starts reads every row of a chunk's range too, the arc as its verdict on each
            // row and the strings of the rows outside left out with IF())
            const bool copy = s.contains(QLatin1String(" ORDER BY `id` LIMIT ")) && !s.contains(QLatin1String("CRC32C(")) &&
                              (!s.contains(QLatin1String(" IS TRUE")) || s.contains(QLatin1String(",IF((")));
            const bool sum = s.contains(QLatin1String("SUM(CRC32(@sp_row:="));
            const bool purge = s.contains(QLatin1String("FOR UPDATE"));
            if (!copy && !sum && !purge)
                continue;
            copies += copy && !purge ? 1 : 0;
            sums += sum ? 1 : 0;
            purges += purge ? 1 : 0;
            if (!arc.match(s).hasMatch())
                unfiltered.append(s.left(300));
        }
        qInfo("%s: %d copy reads, %d checksum aggregates, %d purge reads of t_messages_* on the sources", qPrintable(what),
              copies, sums, purges);
        QVERIFY2(unfiltered.isEmpty(), qPrintable(unfiltered.mid(0, 5).join(QLatin1Char('\n'))));
        QVERIFY2(copies > 0 && sums > 0 && purges > 0, qPrintable(stmts.mid(0, 10).join(QLatin1Char('\n'))));
    }

    // `migrate rollback --yes --drop-targets` of a run switched at T7; false when it failed. A config file
    // that is not `configBefore` afterwards is added to *problems.
    bool rollBackAfterSwitch(const QString &run, const QByteArray &configBefore, QStringList *problems)
    {
        const Run back = migrate(QStringLiteral("rollback"), run, {QStringLiteral("--yes"), QStringLiteral("--drop-targets")});
        if (back.exitCode != 0) {
            problems->append(back.out + back.err);
            return false;
        }
        QFile cfg(m_fx.clusterYamlPath());
        if (!cfg.open(QIODevice::ReadOnly) || cfg.readAll() != configBefore)
            problems->append(QStringLiteral("the config is not the old one"));
        return true;
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        QVERIFY(m_tmp.isValid());
        // Keys unique over the nodes (a ring node takes arcs of every other node), see RingPlacement.h.
        QString why;
        QVERIFY2(test::makeRingKeysUnique(m_fx, 4, 3, &why), qPrintable(why));
        QStringList dups;
        QVERIFY2(readRows(nodes(3), &m_before, &dups, &why), qPrintable(why));
        const QString bad = misplaced(m_before, dups);
        QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("the sandbox itself: ") + bad));
        QVERIFY(m_before.size() > 2000);
    }

    // Issue 25: a ring run adding db3 switched at T7, written on db3, rolled back. db3's tables take
    // arcs of all three old nodes: the reverse stream sends each row change to the node the old ring
    // routes it to (a sharding value changed across old nodes: a delete on one, an insert on the
    // other). Afterwards the old nodes hold exactly what db3 held (every column's HEX fingerprint),
    // every row where the 3-node ring routes it, once; the config is the old one, db3 is empty.
    void addNodeRolledBackAfterSwitch()
    {
        QFile cfg(m_fx.clusterYamlPath());
        QVERIFY(cfg.open(QIODevice::ReadOnly));
        const QByteArray configBefore = cfg.readAll();
        cfg.close();
        QVERIFY(!plan(QStringLiteral("plan-back"), {QStringLiteral("--add-nodes"), QStringLiteral("db3")}).isEmpty());
        QVERIFY(create(QStringLiteral("plan-back"), QStringLiteral("back"), {QStringLiteral("--observe"), QStringLiteral("60")}));
        const Run t7 = migrate(QStringLiteral("run"), QStringLiteral("back"), {QStringLiteral("--until"), QStringLiteral("T7"), QStringLiteral("--yes")});
        QVERIFY2(t7.exitCode == 0, qPrintable(t7.out + t7.err));
        {
            const Run st = migrate(QStringLiteral("status"), QStringLiteral("back"), {QStringLiteral("--json")});
            QVERIFY2(!st.out.contains(QLatin1String("receive rows of several source tables")), qPrintable(st.out.left(3000)));
        }
        // An independent writer on the switched config (the 4-node ring) while T8, which carries db3's
        // changes back, is SIGKILLed three times.
        {
            QProcess load;
            load.start(test::shardctlPath(), {QStringLiteral("load"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                              QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--rate"),
                                              QStringLiteral("150"), QStringLiteral("--duration"), QStringLiteral("4"),
                                              QStringLiteral("--mix"), QStringLiteral("insert:50,update:30,delete:20")});
            QVERIFY(load.waitForStarted());
            for (int delay : {700, 1300, 1900}) {
                QProcess run;
                run.start(test::shardctlPath(), {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"),
                                                 path(QStringLiteral("back")), QStringLiteral("--until"), QStringLiteral("T8"),
                                                 QStringLiteral("--yes")});
                QVERIFY(run.waitForStarted());
                if (!run.waitForFinished(delay)) {
                    run.kill(); // SIGKILL
                    run.waitForFinished();
                }
                QVERIFY2(run.exitStatus() == QProcess::CrashExit,
                         qPrintable(QStringLiteral("T8 ended before the kill: ") + QString::fromUtf8(run.readAll())));
            }
            QVERIFY(load.waitForFinished(60000));
            QVERIFY2(load.exitCode() == 0, load.readAllStandardError().constData());
        }
        // Rows of db3.t_messages_0 by the old node they came from (the snapshot of initTestCase).
        QMap<QString, QList<qint64>> byOld;
        {
            Connection c = root(QStringLiteral("db3"));
            auto r = c.query(QStringLiteral("SELECT id FROM `fsharechat`.`t_messages_0` ORDER BY id"));
            QVERIFY(r);
            for (const auto &row : r->rows) {
                const qint64 id = row.at(0).toLongLong();
                const auto it = m_before.find({QStringLiteral("t_messages_0"), id});
                if (it != m_before.end())
                    byOld[it->second.node.section(QLatin1Char('.'), 0, 0)].append(id);
            }
        }
        QVERIFY2(byOld.value(QStringLiteral("db0")).size() >= 2 && byOld.value(QStringLiteral("db1")).size() >= 2,
                 qPrintable(QStringLiteral("db3.t_messages_0 takes rows of %1").arg(byOld.keys().join(QLatin1Char(',')))));
        const qint64 a = byOld.value(QStringLiteral("db0")).at(0), a2 = byOld.value(QStringLiteral("db0")).at(1);
        const qint64 b = byOld.value(QStringLiteral("db1")).at(0), d = byOld.value(QStringLiteral("db1")).at(1);
        {
            Connection c = root(QStringLiteral("db3"));
            QVERIFY(c.exec(QStringLiteral("SET SESSION sql_log_bin = 1")));
            const QString t = QStringLiteral("`fsharechat`.`t_messages_0`");
            auto exec = [&](const QString &sql) { QVERIFY2(c.exec(sql), qPrintable(c.lastError() + QLatin1Char(' ') + sql)); };
            exec(QStringLiteral("UPDATE %1 SET _from = 'after the switch', _data = X'00FF' WHERE id = %2").arg(t).arg(a));
            exec(QStringLiteral("DELETE FROM %1 WHERE id = %2").arg(t).arg(b));
            exec(QStringLiteral("UPDATE %1 SET id = %2 WHERE id = %3").arg(t).arg(a2 + 4000000).arg(a2)); // a key change
            // d (from db1) takes a's sharding value (from db0): the old ring sends it to db0 now.
            exec(QStringLiteral("UPDATE %1 SET _target = (SELECT _target FROM (SELECT _target FROM %1 WHERE id = %2) x) "
                                "WHERE id = %3").arg(t).arg(a).arg(d));
            exec(QStringLiteral("INSERT INTO %1 (id, _mid, _from, _type, _target, _line, _data, _searchable_key, _dt) "
                                "SELECT 9000001, _mid, 'inserted', _type, _target, _line, NULL, '', _dt FROM %1 WHERE id = %2")
                     .arg(t).arg(a));
        }
        QStringList dups;
        QString why;
        Rows onDb3;
        QVERIFY2(test::readRingRows(m_fx, {QStringLiteral("db3")}, nodes(4), &onDb3, &dups, &why), qPrintable(why));
        QVERIFY(onDb3.size() > 100 && onDb3.count({QStringLiteral("t_messages_0"), 9000001}) == 1);
        QStringList problems;
        QVERIFY2(rollBackAfterSwitch(QStringLiteral("back"), configBefore, &problems), qPrintable(problems.join(QLatin1Char('\n'))));
        // Every row of the old nodes where the old ring routes it, once.
        Rows old3;
        QVERIFY2(test::readRingRows(m_fx, nodes(3), nodes(3), &old3, &dups, &why), qPrintable(why));
        const QString bad = misplaced(old3, dups);
        if (!bad.isEmpty())
            problems.append(bad);
        // The rows the 4-node ring gives db3 are on the old nodes exactly as db3 held them, and no other.
        Rows old4;
        dups.clear();
        QVERIFY2(test::readRingRows(m_fx, nodes(3), nodes(4), &old4, &dups, &why), qPrintable(why));
        int carried = 0;
        for (const auto &[key, at] : onDb3) {
            const auto it = old4.find(key);
            if (it == old4.end() || it->second.fp != at.fp)
                problems.append(QStringLiteral("%1 id %2: %3 on the old nodes").arg(key.first).arg(key.second)
                                    .arg(it == old4.end() ? QStringLiteral("missing") : QStringLiteral("different")));
            else
                ++carried;
        }
        for (const auto &[key, at] : old4)
            if (at.routed.startsWith(QLatin1String("db3.")) && !onDb3.count(key))
                problems.append(QStringLiteral("%1 id %2 is on %3 but was not on db3").arg(key.first).arg(key.second).arg(at.node));
        if (old4.count({QStringLiteral("t_messages_0"), d}) != 1 ||
            !old4.at({QStringLiteral("t_messages_0"), d}).node.startsWith(QLatin1String("db0.")))
            problems.append(QStringLiteral("the row whose sharding value moved it to db0's arc is not on db0"));
        qInfo("ring rollback: %d rows of db3 found on the old nodes as db3 held them", carried);
        {
            Connection c = root(QStringLiteral("db3"));
            if (c.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'fsharechat'"))
                    .value_or(QVariant(-1)).toLongLong() != 0)
                problems.append(QStringLiteral("db3 keeps tables"));
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 20).join(QLatin1Char('\n'))));
        // The snapshot's rows as they are now, for the runs after this one.
        dups.clear();
        Rows now;
        QVERIFY2(readRows(nodes(3), &now, &dups, &why), qPrintable(why));
        m_before = now;
    }

    void addNodeUnderLoadKilledAndResumed()
    {
        const QJsonObject p = plan(QStringLiteral("plan-add"), {QStringLiteral("--add-nodes"), QStringLiteral("db3")});
        QVERIFY(!p.isEmpty());
        // Only arcs move, only into the new node, each pair as CRC32 ranges in SQL.
        int pairs = 0;
        for (const QJsonValue &t : p.value(QStringLiteral("tables")).toArray())
            for (const QJsonValue &v : t.toObject().value(QStringLiteral("pairs")).toArray()) {
                const QJsonObject pair = v.toObject();
                QCOMPARE(pair.value(QStringLiteral("target")).toObject().value(QStringLiteral("dataSource")).toString(), QStringLiteral("db3"));
                const QJsonObject pred = pair.value(QStringLiteral("predicate")).toObject();
                QCOMPARE(pred.value(QStringLiteral("kind")).toString(), QStringLiteral("sql"));
                QVERIFY2(pred.value(QStringLiteral("sql")).toString().contains(QLatin1String(" BETWEEN ")),
                         qPrintable(pred.value(QStringLiteral("sql")).toString()));
                ++pairs;
            }
        QCOMPARE(pairs, 12); // 3 sources x 2 tables x 2 logic tables, each into db3's table of the same index
        QVERIFY(create(QStringLiteral("plan-add"), QStringLiteral("add"),
                       {QStringLiteral("--chunk-rows"), QStringLiteral("20"), QStringLiteral("--max-chunk-rows"),
                        QStringLiteral("40"), QStringLiteral("--max-rows-per-sec"), QStringLiteral("400")}));
        setGeneralLog(true);

        QProcess load;
        load.start(test::shardctlPath(), {QStringLiteral("load"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                          QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--rate"),
                                          QStringLiteral("150"), QStringLiteral("--duration"), QStringLiteral("12"),
                                          QStringLiteral("--mix"), QStringLiteral("insert:50,update:30,delete:20")});
        QVERIFY(load.waitForStarted());
        // SIGKILL while the journal shows T2 running with part of the rows copied, then resume.
        bool killedMidCopy = false;
        for (int attempt = 0; attempt < 4; ++attempt) {
            QProcess run;
            run.start(test::shardctlPath(), {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"),
                                             path(QStringLiteral("add")), QStringLiteral("--until"), QStringLiteral("T3")});
            QVERIFY(run.waitForStarted());
            bool killed = false;
            while (!run.waitForFinished(50)) {
                if (killedMidCopy)
                    continue;
                const Run st = migrate(QStringLiteral("status"), QStringLiteral("add"), {QStringLiteral("--json")});
                const QJsonObject so = QJsonDocument::fromJson(st.out.toUtf8()).object();
                qint64 copied = 0;
                int done = 0, copies = 0;
                for (const QJsonValue &v : so.value(QStringLiteral("progress")).toArray()) {
                    copied += v.toObject().value(QStringLiteral("copied")).toInteger();
                    done += v.toObject().value(QStringLiteral("done")).toBool() ? 1 : 0;
                    ++copies;
                }
                const QString t2 = so.value(QStringLiteral("steps")).toArray().at(2).toObject().value(QStringLiteral("status")).toString();
                if (t2 == QLatin1String("running") && copied > 0 && done < copies) {
                    run.kill(); // SIGKILL
                    run.waitForFinished();
                    killed = killedMidCopy = true;
                    qInfo("SIGKILL in T2: %lld rows copied, %d of %d copies done", copied, done, copies);
                    break;
                }
            }
            if (!killed) {
                QVERIFY2(run.exitCode() == 0, QByteArray(run.readAllStandardOutput() + run.readAllStandardError()).constData());
                break;
            }
        }
        QVERIFY(killedMidCopy);
        QCOMPARE(stepStatus(QStringLiteral("add"), 3), QStringLiteral("done"));
        QVERIFY(load.waitForFinished(60000));
        QVERIFY2(load.exitCode() == 0, QByteArray(load.readAllStandardOutput() + load.readAllStandardError()).constData());
        // Writes ended: the rest of the timeline (T4 stop writes .. T9 purge).
        const Run rest = migrate(QStringLiteral("run"), QStringLiteral("add"), {QStringLiteral("--yes")});
        QVERIFY2(rest.exitCode == 0, qPrintable(rest.out + rest.err));
        QCOMPARE(stepStatus(QStringLiteral("add"), 9), QStringLiteral("done"));
        setGeneralLog(false);
        // db3's tables take rows of three source tables each: the reverse stream carries them back by
        // the old ring's routing, and T9 ended it.
        {
            const Run st = migrate(QStringLiteral("status"), QStringLiteral("add"), {QStringLiteral("--json")});
            const QJsonObject so = QJsonDocument::fromJson(st.out.toUtf8()).object();
            QVERIFY2(!st.out.contains(QLatin1String("receive rows of several source tables")), qPrintable(st.out.left(3000)));
            QVERIFY2(so.value(QStringLiteral("reverseStream")).toObject().value(QStringLiteral("ended")).toBool(),
                     qPrintable(st.out.left(3000)));
        }
        checkPushdown(nodes(3), QStringLiteral("add"));

        QStringList dups;
        QString why;
        QVERIFY2(readRows(nodes(4), &m_afterAdd, &dups, &why), qPrintable(why));
        const QString bad = misplaced(m_afterAdd, dups);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
        // Only the arcs db3 took over moved: every row of the snapshot still there stayed on its
        // node unless the 4-node ring routes it to db3.
        int moved = 0, stayed = 0;
        for (const auto &[key, was] : m_before) {
            const auto it = m_afterAdd.find(key);
            if (it == m_afterAdd.end())
                continue; // deleted by the load
            if (it->second.node == was.node)
                ++stayed;
            else {
                QVERIFY2(it->second.node.startsWith(QLatin1String("db3.")), qPrintable(it->second.node));
                ++moved;
            }
        }
        qInfo("add: %d rows moved to db3, %d stayed, %d rows in all", moved, stayed, int(m_afterAdd.size()));
        QVERIFY(moved > 100 && stayed > moved);
        const Run log = migrate(QStringLiteral("log"), QStringLiteral("add"));
        QVERIFY2(log.exitCode == 0 && log.out.contains(QLatin1String("purge chunk")), qPrintable(log.out.left(2000)));
    }

    void drainRolledBackKeepsLiveRows()
    {
        const QJsonObject p = plan(QStringLiteral("plan-remove"), {QStringLiteral("--remove-nodes"), QStringLiteral("db3")});
        QVERIFY(!p.isEmpty());
        for (const QJsonValue &t : p.value(QStringLiteral("tables")).toArray())
            for (const QJsonValue &v : t.toObject().value(QStringLiteral("pairs")).toArray())
                QCOMPARE(v.toObject().value(QStringLiteral("source")).toObject().value(QStringLiteral("dataSource")).toString(),
                         QStringLiteral("db3"));
        QVERIFY(create(QStringLiteral("plan-remove"), QStringLiteral("drain-rb")));

        // A row of db3 and the node the 3-node ring drains it to.
        Rows three;
        {
            QStringList dups;
            QString why;
            QVERIFY2(readRows(nodes(3), &three, &dups, &why), qPrintable(why));
        }
        qint64 id = -1;
        QString to;
        for (const auto &[key, at] : three)
            if (at.node == QLatin1String("db3.t_messages_0")) {
                id = key.second;
                to = at.routed.section(QLatin1Char('.'), 0, 0);
                break;
            }
        QVERIFY(id > 0 && !to.isEmpty());
        const QString live = QStringLiteral("`fsharechat`.`t_messages_0`");
        // 1. The live target already holds a row of the drained arcs (placed against the ring):
        //    T0 refuses, since the run could not tell it from the rows it copies.
        {
            Connection c = root(to);
            Connection d3 = root(QStringLiteral("db3"));
            auto row = d3.query(QStringLiteral("SELECT * FROM %1 WHERE id = %2").arg(live).arg(id));
            QVERIFY(row && row->rows.size() == 1);
            QStringList vals;
            for (const QVariant &v : row->rows.first())
                vals.append(QString::fromUtf8(*c.sqlLiteral(v)));
            vals[0] = QString::number(id + 1000000);
            QVERIFY2(c.exec(QStringLiteral("INSERT INTO %1 VALUES (%2)").arg(live, vals.join(QLatin1Char(',')))),
                     qPrintable(c.lastError()));
        }
        const Run misplacedRun = migrate(QStringLiteral("run"), QStringLiteral("drain-rb"), {QStringLiteral("--until"), QStringLiteral("T3")});
        QCOMPARE(misplacedRun.exitCode, 1);
        QVERIFY2(misplacedRun.err.contains(QLatin1String("already holds 1 rows that the plan's predicates move there")),
                 qPrintable(misplacedRun.out + misplacedRun.err));
        QVERIFY(root(to).exec(QStringLiteral("DELETE FROM %1 WHERE id = %2").arg(live).arg(id + 1000000)));
        // 2. A row of the live target has the primary key of a row drained into it: the copy stops
        //    with the reason, and runs on once the keys no longer collide.
        {
            Connection c = root(to);
            QVERIFY(c.exec(QStringLiteral("USE `fsharechat`")));
            QVERIFY(c.exec(QStringLiteral("CREATE TEMPORARY TABLE clash SELECT * FROM %1 ORDER BY id LIMIT 1").arg(live)));
            QVERIFY(c.exec(QStringLiteral("UPDATE clash SET id = %1").arg(id)));
            QVERIFY2(c.exec(QStringLiteral("INSERT INTO %1 SELECT * FROM clash").arg(live)), qPrintable(c.lastError()));
        }
        const Run clashRun = migrate(QStringLiteral("run"), QStringLiteral("drain-rb"), {QStringLiteral("--until"), QStringLiteral("T3")});
        QCOMPARE(clashRun.exitCode, 1);
        QVERIFY2(clashRun.err.contains(QLatin1String("Duplicate entry")) &&
                     clashRun.err.contains(QLatin1String("primary keys of the tables moving into this target collide")),
                 qPrintable(clashRun.out + clashRun.err));
        QVERIFY(root(to).exec(QStringLiteral("DELETE FROM %1 WHERE id = %2").arg(live).arg(id)));

        const Run t3 = migrate(QStringLiteral("run"), QStringLiteral("drain-rb"), {QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(t3.exitCode == 0, qPrintable(t3.out + t3.err));
        const Run rb = migrate(QStringLiteral("rollback"), QStringLiteral("drain-rb"),
                               {QStringLiteral("--drop-targets"), QStringLiteral("--yes")});
        QVERIFY2(rb.exitCode == 0, qPrintable(rb.out + rb.err));
        // The three nodes that stay are live data nodes: rollback removed the rows the run copied
        // into them and nothing else; db3 still holds its rows.
        Rows now;
        QStringList dups;
        QString why;
        QVERIFY2(readRows(nodes(4), &now, &dups, &why), qPrintable(why));
        QVERIFY2(dups.isEmpty(), qPrintable(dups.mid(0, 10).join(QLatin1Char('\n'))));
        QStringList differs;
        for (const auto &[key, was] : m_afterAdd) {
            const auto it = now.find(key);
            if (it == now.end())
                differs.append(QStringLiteral("%1 id %2 lost (was on %3)").arg(key.first).arg(key.second).arg(was.node));
            else if (it->second.node != was.node || it->second.fp != was.fp)
                differs.append(QStringLiteral("%1 id %2 on %3, was on %4").arg(key.first).arg(key.second).arg(it->second.node, was.node));
        }
        QCOMPARE(now.size(), m_afterAdd.size());
        QVERIFY2(differs.isEmpty(), qPrintable(differs.mid(0, 20).join(QLatin1Char('\n'))));
    }

    // Issue 25: a drain (remove db3) switched at T7, written on db0 - a live data node that took
    // part of db3's arcs - and rolled back. The old config's routing tells the moved rows from db0's
    // own: changes to moved rows go back to db3 (a sharding value changed into or out of db3's old
    // arcs: an insert or a delete there), db0's own rows stay with their writes. Afterwards every row
    // is where the 4-node ring routes it, once, and db3 holds exactly what the live nodes held of its
    // arcs when writes stopped (fingerprints).
    void drainRolledBackAfterSwitch()
    {
        QFile cfg(m_fx.clusterYamlPath());
        QVERIFY(cfg.open(QIODevice::ReadOnly));
        const QByteArray configBefore = cfg.readAll();
        cfg.close();
        QVERIFY(create(QStringLiteral("plan-remove"), QStringLiteral("drain-back")));
        const Run t7 = migrate(QStringLiteral("run"), QStringLiteral("drain-back"), {QStringLiteral("--until"), QStringLiteral("T7"), QStringLiteral("--yes")});
        QVERIFY2(t7.exitCode == 0, qPrintable(t7.out + t7.err));
        // db0.t_messages_0: rows moved in from db3 (the 4-node ring routes them there) and its own.
        Rows onDb0;
        QStringList dups;
        QString why;
        QVERIFY2(test::readRingRows(m_fx, {QStringLiteral("db0")}, nodes(4), &onDb0, &dups, &why), qPrintable(why));
        QList<qint64> moved, own;
        for (const auto &[key, at] : onDb0)
            if (key.first == QLatin1String("t_messages_0") && at.node == QLatin1String("db0.t_messages_0"))
                (at.routed.startsWith(QLatin1String("db3.")) ? moved : own).append(key.second);
        QVERIFY2(moved.size() >= 4 && own.size() >= 2, qPrintable(QStringLiteral("%1 moved, %2 own").arg(moved.size()).arg(own.size())));
        {
            Connection c = root(QStringLiteral("db0"));
            QVERIFY(c.exec(QStringLiteral("SET SESSION sql_log_bin = 1")));
            const QString t = QStringLiteral("`fsharechat`.`t_messages_0`");
            auto exec = [&](const QString &sql) { QVERIFY2(c.exec(sql), qPrintable(c.lastError() + QLatin1Char(' ') + sql)); };
            auto targetOf = [&](qint64 id) { return QStringLiteral("(SELECT _target FROM (SELECT _target FROM %1 WHERE id = %2) x)").arg(t).arg(id); };
            exec(QStringLiteral("UPDATE %1 SET _from = 'moved, after the switch' WHERE id = %2").arg(t).arg(moved.at(0)));
            exec(QStringLiteral("DELETE FROM %1 WHERE id = %2").arg(t).arg(moved.at(1)));
            exec(QStringLiteral("UPDATE %1 SET id = %2 WHERE id = %3").arg(t).arg(moved.at(2) + 4000000).arg(moved.at(2)));
            exec(QStringLiteral("UPDATE %1 SET _from = 'own, after the switch' WHERE id = %2").arg(t).arg(own.at(0)));
            // Into db3's old arcs and out of them by a sharding value change.
            exec(QStringLiteral("UPDATE %1 SET _target = %2 WHERE id = %3").arg(t, targetOf(moved.at(0))).arg(own.at(1)));
            exec(QStringLiteral("UPDATE %1 SET _target = %2 WHERE id = %3").arg(t, targetOf(own.at(0))).arg(moved.at(3)));
            exec(QStringLiteral("INSERT INTO %1 (id, _mid, _from, _type, _target, _line, _data, _searchable_key, _dt) "
                                "SELECT 9100001, _mid, 'new, moved arc', _type, _target, _line, NULL, '', _dt FROM %1 WHERE id = %2")
                     .arg(t).arg(moved.at(0)));
            exec(QStringLiteral("INSERT INTO %1 (id, _mid, _from, _type, _target, _line, _data, _searchable_key, _dt) "
                                "SELECT 9100002, _mid, 'new, own arc', _type, _target, _line, NULL, '', _dt FROM %1 WHERE id = %2")
                     .arg(t).arg(own.at(0)));
        }
        const Run t8 = migrate(QStringLiteral("run"), QStringLiteral("drain-back"), {QStringLiteral("--until"), QStringLiteral("T8"), QStringLiteral("--yes")});
        QVERIFY2(t8.exitCode == 0, qPrintable(t8.out + t8.err));
        // What the live nodes hold when writes stop: of db3's old arcs, and their own.
        Rows live;
        QVERIFY2(test::readRingRows(m_fx, nodes(3), nodes(4), &live, &dups, &why), qPrintable(why));
        QStringList problems;
        QVERIFY2(rollBackAfterSwitch(QStringLiteral("drain-back"), configBefore, &problems), qPrintable(problems.join(QLatin1Char('\n'))));
        Rows after;
        dups.clear();
        QVERIFY2(readRows(nodes(4), &after, &dups, &why), qPrintable(why));
        const QString bad = misplaced(after, dups);
        if (!bad.isEmpty())
            problems.append(bad);
        int onDb3 = 0, arcs = 0;
        for (const auto &[key, at] : after)
            onDb3 += at.node.startsWith(QLatin1String("db3.")) ? 1 : 0;
        for (const auto &[key, at] : live) {
            const auto it = after.find(key);
            if (it == after.end() || it->second.fp != at.fp)
                problems.append(QStringLiteral("%1 id %2 (on %3): %4 after the rollback").arg(key.first).arg(key.second).arg(at.node)
                                    .arg(it == after.end() ? QStringLiteral("missing") : QStringLiteral("different")));
            arcs += at.routed.startsWith(QLatin1String("db3.")) ? 1 : 0;
        }
        if (onDb3 != arcs)
            problems.append(QStringLiteral("db3 holds %1 rows, the live nodes held %2 of its arcs").arg(onDb3).arg(arcs));
        for (const qint64 id : {own.at(1), moved.at(3), qint64(9100001), qint64(9100002), moved.at(2) + 4000000}) {
            const auto it = after.find({QStringLiteral("t_messages_0"), id});
            if (it == after.end())
                problems.append(QStringLiteral("id %1 is gone").arg(id));
        }
        if (after.count({QStringLiteral("t_messages_0"), moved.at(1)}) || after.count({QStringLiteral("t_messages_0"), moved.at(2)}))
            problems.append(QStringLiteral("a deleted or re-keyed row is back"));
        qInfo("drain rollback: db3 holds %d rows, every one as the live nodes held it", onDb3);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 20).join(QLatin1Char('\n'))));
        // The state the next run starts from; rows whose sharding value changed are not where the first
        // snapshot had them.
        m_afterAdd = after;
        for (const qint64 id : {own.at(1), moved.at(3)})
            m_before.erase({QStringLiteral("t_messages_0"), id});
    }

    void removeNodeReturnsEveryRow()
    {
        QVERIFY(create(QStringLiteral("plan-remove"), QStringLiteral("drain")));
        setGeneralLog(true);
        const Run t3 = migrate(QStringLiteral("run"), QStringLiteral("drain"), {QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(t3.exitCode == 0, qPrintable(t3.out + t3.err));
        QCOMPARE(stepStatus(QStringLiteral("drain"), 4), QStringLiteral("pending"));
        const Run rest = migrate(QStringLiteral("run"), QStringLiteral("drain"), {QStringLiteral("--yes")});
        QVERIFY2(rest.exitCode == 0, qPrintable(rest.out + rest.err));
        setGeneralLog(false);
        checkPushdown({QStringLiteral("db3")}, QStringLiteral("remove"));
        const Run st = migrate(QStringLiteral("status"), QStringLiteral("drain"));
        QVERIFY2(st.exitCode == 0 && st.out.contains(QLatin1String("T9")), qPrintable(st.out + st.err));

        Rows now;
        QStringList dups;
        QString why;
        QVERIFY2(readRows(nodes(3), &now, &dups, &why), qPrintable(why));
        const QString bad = misplaced(now, dups);
        QVERIFY2(bad.isEmpty(), qPrintable(bad));
        // Nothing lost or doubled since the load stopped, and every row back where it was before
        // the add (rows the load inserted: where the 3-node ring routes them, checked above).
        QStringList differs;
        int back = 0;
        for (const auto &[key, was] : m_afterAdd) {
            const auto it = now.find(key);
            if (it == now.end()) {
                differs.append(QStringLiteral("%1 id %2 lost (was on %3)").arg(key.first).arg(key.second).arg(was.node));
                continue;
            }
            if (it->second.fp != was.fp)
                differs.append(QStringLiteral("%1 id %2 changed").arg(key.first).arg(key.second));
            const auto orig = m_before.find(key);
            if (orig != m_before.end()) {
                if (it->second.node != orig->second.node)
                    differs.append(QStringLiteral("%1 id %2 on %3, was on %4 before the add")
                                       .arg(key.first)
                                       .arg(key.second)
                                       .arg(it->second.node, orig->second.node));
                else
                    ++back;
            }
        }
        QCOMPARE(now.size(), m_afterAdd.size());
        QVERIFY2(differs.isEmpty(), qPrintable(differs.mid(0, 20).join(QLatin1Char('\n'))));
        qInfo("remove: %d rows of the first snapshot back on their original node, %d rows in all", back, int(now.size()));
        QVERIFY(back > 1000);
        for (const QString &logic : kLogic)
            for (int t = 0; t < kTables; ++t) {
                Connection c = root(QStringLiteral("db3"));
                QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM `%1`.`%2_%3`").arg(m_fx.schema(QStringLiteral("db3")), logic).arg(t))
                             .value_or(QVariant(-1))
                             .toLongLong(),
                         qint64(0));
            }
    }
};

QTEST_GUILESS_MAIN(TestMigrateRing)
#include "tst_migrate_ring.moc"
