// What a live binlog contains, carried over by the migration engine's change capture: sharding-key
// updates that make a staying row move and a moving row stay, deletes of rows not yet copied and of
// rows already copied, a rolled-back transaction, a multi-statement transaction, NULL versus '',
// binary data with zero bytes, utf8mb4 text, binlog rotation, and a source server restarted between
// two runs. The copy is paused in the middle so both copied and uncopied keys are hit. Checked with
// the independent plain-SQL placement check (tests/common/PlacementCheck).
#include "PlacementCheck.h"
#include "SandboxFixture.h"
#include "ShardctlRun.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <zlib.h>

using namespace sp;

class TestMigrateCapture : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{[] {
        test::SandboxFixtureOptions o;
        o.instances = 4; // db0, db1 and two spares
        o.messages = 3000;
        o.seed = 11;
        return o;
    }()};
    QTemporaryDir m_tmp;
    std::map<QString, QString> m_tables;
    QString m_run;

    using Run = test::ShardctlRun;
    Run shardctl(const QStringList &args) { return test::runShardctl(args, 180000); }

    // Root over the socket with the binlog on: these writes are what capture must carry over.
    Connection writer(const QString &ds)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(m_fx.instanceOf(ds))))
            qWarning() << c.lastError();
        return c;
    }

    static quint32 crc(const QString &key)
    {
        const QByteArray u = key.toUtf8();
        return quint32(crc32(0L, reinterpret_cast<const Bytef *>(u.constData()), uInt(u.size())));
    }

    // A key that stays on db<d % 2>.t_messages_<table> in the old config (2 databases) and goes to
    // database `newDb` (0..3) in the new one (4 databases).
    static QString keyFor(int newDb, int table)
    {
        for (int i = 0;; ++i) {
            const QString k = QStringLiteral("cap-%1").arg(i);
            const quint32 c = crc(k);
            if (int(c % 4) == newDb && int((c / 65536) % 2) == table)
                return k;
        }
    }

    QString placementProblems()
    {
        test::Placement p, fromOld;
        QString why;
        const QStringList olds{QStringLiteral("db0"), QStringLiteral("db1")};
        const QStringList news{QStringLiteral("db2"), QStringLiteral("db3")};
        if (!test::readPlacement(m_fx, olds + news, m_tables, 4, 2, &p, &why) ||
            !test::readPlacement(m_fx, olds, m_tables, 4, 2, &fromOld, &why))
            return why;
        p.routed = fromOld.routed;
        qint64 compared = 0;
        const QString diff = test::compareNodes(p, news, &compared);
        return diff.isEmpty() && compared < 500 ? QStringLiteral("only %1 rows compared").arg(compared) : diff;
    }

private slots:
    void initTestCase()
    {
        // Source transactions of more than 50 row changes are applied in pieces (the engine's default is
        // 10,000): largeTransactionAppliedInPieces kills the engine in the middle of one.
        qputenv("SP_CAPTURE_STREAM_ROWS", "50");
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        const QString planDir = m_tmp.path() + QStringLiteral("/plan");
        // Live: a sandbox plan's new data sources go to the sandbox's spare instances.
        const Run plan = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                   QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--live"),
                                   QStringLiteral("--strategy"), QStringLiteral("mod-double"), QStringLiteral("--out"), planDir});
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.out + plan.err));
        QFile f(planDir + QStringLiteral("/plan.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        for (const QJsonValue &t : QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("tables")).toArray()) {
            const QJsonObject o = t.toObject();
            m_tables[o.value(QStringLiteral("logicTable")).toString()] =
                o.value(QStringLiteral("broadcast")).toBool() ? QString() : o.value(QStringLiteral("shardingColumn")).toString();
        }
        m_run = m_tmp.path() + QStringLiteral("/run");
        const Run create = shardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"),
                                     planDir + QStringLiteral("/plan.json"), QStringLiteral("--run"), m_run,
                                     QStringLiteral("--observe"), QStringLiteral("0"), QStringLiteral("--chunk-rows"),
                                     QStringLiteral("20"), QStringLiteral("--max-chunk-rows"), QStringLiteral("20"),
                                     QStringLiteral("--max-rows-per-sec"), QStringLiteral("400")});
        QVERIFY2(create.exitCode == 0, qPrintable(create.out + create.err));
    }

    void captureCarriesEveryKindOfChange()
    {
        // Copy part of the rows, then pause.
        QProcess run;
        run.start(test::shardctlPath(), {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), m_run,
                                         QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY(run.waitForStarted());
        qint64 copied = 0;
        for (int i = 0; i < 200 && copied < 200; ++i) {
            QTest::qWait(100);
            const Run st = shardctl({QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"), m_run,
                                     QStringLiteral("--json")});
            copied = 0;
            for (const QJsonValue &v : QJsonDocument::fromJson(st.out.toUtf8()).object().value(QStringLiteral("progress")).toArray())
                copied += v.toObject().value(QStringLiteral("copied")).toInteger();
        }
        QVERIFY2(copied >= 200, "the copy did not start");
        QVERIFY(shardctl({QStringLiteral("migrate"), QStringLiteral("pause"), QStringLiteral("--run"), m_run}).exitCode == 0);
        QVERIFY(run.waitForFinished(60000));
        const QString runOut = QString::fromUtf8(run.readAllStandardOutput());
        QVERIFY2(run.exitCode() == 0 && runOut.contains(QLatin1String("paused")), qPrintable(runOut));

        Connection c = writer(QStringLiteral("db0"));
        const QString t0 = QStringLiteral("`fsharechat`.`t_messages_0`");
        auto lowHigh = [&](int newDb, qint64 *low, qint64 *high) {
            auto r = c.query(QStringLiteral("SELECT MIN(id), MAX(id) FROM %1 WHERE CRC32(_target) MOD 4 = %2")
                                 .arg(t0)
                                 .arg(newDb));
            *low = r->rows.first().at(0).toLongLong();
            *high = r->rows.first().at(1).toLongLong();
        };
        qint64 movingLow = 0, movingHigh = 0, stayingLow = 0, stayingHigh = 0;
        lowHigh(2, &movingLow, &movingHigh);  // db0 -> db2
        lowHigh(0, &stayingLow, &stayingHigh); // stays on db0
        QVERIFY(movingLow > 0 && movingHigh > movingLow && stayingLow > 0);
        auto exec = [&](const QString &sql) { QVERIFY2(c.exec(sql), qPrintable(c.lastError() + QLatin1Char(' ') + sql)); };
        // A staying row moves, a moving row stays (both copied and not yet copied ones).
        exec(QStringLiteral("UPDATE %1 SET _target = '%2' WHERE id = %3").arg(t0, keyFor(2, 0)).arg(stayingLow));
        exec(QStringLiteral("UPDATE %1 SET _target = '%2' WHERE id = %3").arg(t0, keyFor(0, 0)).arg(movingLow));
        exec(QStringLiteral("UPDATE %1 SET _target = '%2' WHERE id = %3").arg(t0, keyFor(2, 0)).arg(stayingHigh));
        exec(QStringLiteral("UPDATE %1 SET _target = '%2' WHERE id = %3").arg(t0, keyFor(0, 0)).arg(movingHigh - 1));
        exec(QStringLiteral("FLUSH BINARY LOGS"));
        // Deletes of a copied and of a not yet copied moving row.
        exec(QStringLiteral("DELETE FROM %1 WHERE id = %2").arg(t0).arg(movingLow + 0));
        exec(QStringLiteral("DELETE FROM %1 WHERE id = %2").arg(t0).arg(movingHigh));
        // NULL vs '', binary with zero bytes, utf8mb4.
        const QString k2 = keyFor(2, 0);
        exec(QStringLiteral("INSERT INTO %1 (_mid, _from, _type, _target, _line, _data, _searchable_key, _dt) VALUES "
                            "(900001, 'null-key', 1, '%2', 1, NULL, NULL, NOW()), "
                            "(900002, 'empty-key', 1, '%2', 1, '', '', NOW()), "
                            "(900003, 'bin', 1, '%2', 1, X'00FF0000FE00', 'a\\0b', NOW()), "
                            "(900004, '飞享😀', 1, '%2', 1, X'F09F9880', '😀 emoji', NOW())")
                 .arg(t0, k2));
        // A rolled-back transaction leaves nothing.
        exec(QStringLiteral("START TRANSACTION"));
        exec(QStringLiteral("INSERT INTO %1 (_mid, _from, _type, _target, _line, _dt) VALUES (900005, 'rolled back', 1, '%2', 1, NOW())")
                 .arg(t0, k2));
        exec(QStringLiteral("UPDATE %1 SET _from = 'rolled back' WHERE id = %2").arg(t0).arg(movingLow + 1));
        exec(QStringLiteral("ROLLBACK"));
        // One transaction, several statements and tables.
        exec(QStringLiteral("START TRANSACTION"));
        exec(QStringLiteral("UPDATE %1 SET _searchable_key = NULL, _data = X'00' WHERE id = %2").arg(t0).arg(movingLow + 2));
        exec(QStringLiteral("UPDATE %1 SET _searchable_key = '' WHERE id = %2").arg(t0).arg(movingLow + 3));
        exec(QStringLiteral("DELETE FROM `fsharechat`.`t_user_messages_1` ORDER BY id DESC LIMIT 3"));
        exec(QStringLiteral("INSERT INTO `fsharechat`.`t_robot` (name, payload) VALUES ('robot-new', NULL)"));
        exec(QStringLiteral("COMMIT"));
        exec(QStringLiteral("FLUSH BINARY LOGS"));

        // The source restarts before the next run.
        QString why;
        QVERIFY2(m_fx.sandbox().stopInstance(0, &why), qPrintable(why));
        QVERIFY2(m_fx.sandbox().startInstance(0, &why, true), qPrintable(why));
        const Run resume = shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), m_run,
                                     QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(resume.exitCode == 0, qPrintable(resume.out + resume.err));
        QString problems = placementProblems();
        QVERIFY2(problems.isEmpty(), qPrintable(problems));

        // More changes after the copy ended, applied by the next catch-up.
        Connection c2 = writer(QStringLiteral("db0"));
        QVERIFY(c2.exec(QStringLiteral("UPDATE %1 SET _target = '%2' WHERE id = %3").arg(t0, keyFor(0, 0)).arg(movingLow + 4)));
        QVERIFY(c2.exec(QStringLiteral("UPDATE %1 SET _target = '%2' WHERE id = %3").arg(t0, keyFor(2, 0)).arg(stayingLow + 1)));
        QVERIFY(c2.exec(QStringLiteral("DELETE FROM %1 WHERE _mid = 900002").arg(t0)));
        const Run again = shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), m_run,
                                    QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.out + again.err));
        problems = placementProblems();
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
        // The engine's own verifier agrees.
        const Run verify = shardctl({QStringLiteral("migrate"), QStringLiteral("verify"), QStringLiteral("--run"), m_run});
        QVERIFY2(verify.exitCode == 0, qPrintable(verify.out + verify.err));
    }

    // The capture writes a batch's inserts into a table as multi-row INSERTs and lets updates and deletes
    // of other rows go ahead of them: every key's own history must still come out in order - a row
    // inserted, changed, deleted and inserted again; a key freed by a key change and taken again; rows
    // moving in and out - all in one catch-up, checked against the sources with plain SQL.
    void batchedInsertsKeepEachKeysOrder()
    {
        Connection c = writer(QStringLiteral("db0"));
        const QString t0 = QStringLiteral("`fsharechat`.`t_messages_0`");
        auto exec = [&](const QString &sql) { QVERIFY2(c.exec(sql), qPrintable(c.lastError() + QLatin1Char(' ') + sql)); };
        auto ids = [&](int newDb, int n) {
            QList<qint64> out;
            auto r = c.query(QStringLiteral("SELECT id FROM %1 WHERE CRC32(_target) MOD 4 = %2 AND id < 900000 ORDER BY id DESC LIMIT %3")
                                 .arg(t0)
                                 .arg(newDb)
                                 .arg(n));
            for (const auto &row : r->rows)
                out.append(row.at(0).toLongLong());
            return out;
        };
        const QList<qint64> moving = ids(2, 2), staying = ids(0, 1);
        QVERIFY(moving.size() == 2 && staying.size() == 1);
        const QString k2 = keyFor(2, 0), k0 = keyFor(0, 0);
        auto row = [&](qint64 id, const QString &from) {
            return QStringLiteral("(%1, %2, '%3', 1, '%4', 1, X'0102', 'k', '2026-01-02 03:04:05')").arg(id).arg(id).arg(from, k2);
        };
        const QString ins = QStringLiteral("INSERT INTO %1 (id, _mid, _from, _type, _target, _line, _data, _searchable_key, _dt) VALUES ").arg(t0);
        exec(ins + row(950001, QStringLiteral("a1")) + QLatin1Char(',') + row(950002, QStringLiteral("b1")));
        exec(QStringLiteral("UPDATE %1 SET _from = 'a2' WHERE id = 950001").arg(t0));
        exec(QStringLiteral("DELETE FROM %1 WHERE id = 950002").arg(t0));
        exec(ins + row(950002, QStringLiteral("b2")));
        exec(ins + row(950003, QStringLiteral("c1")) + QLatin1Char(',') + row(950005, QStringLiteral("e1")));
        exec(QStringLiteral("DELETE FROM %1 WHERE id = %2").arg(t0).arg(moving.at(0)));
        exec(QStringLiteral("UPDATE %1 SET _mid = _mid + 1 WHERE id = %2").arg(t0).arg(moving.at(1)));
        exec(ins + row(950004, QStringLiteral("d1")));
        exec(QStringLiteral("UPDATE %1 SET _from = 'd2' WHERE id = 950004").arg(t0));
        exec(QStringLiteral("DELETE FROM %1 WHERE id = 950004").arg(t0));
        exec(ins + row(950004, QStringLiteral("d3")));
        exec(QStringLiteral("UPDATE %1 SET id = 950006 WHERE id = 950005").arg(t0)); // the key changes ...
        exec(ins + row(950005, QStringLiteral("e2")));                               // ... and is taken again
        exec(ins + row(950008, QStringLiteral("h1")));
        exec(QStringLiteral("DELETE FROM %1 WHERE id = 950008").arg(t0)); // a gathered row deleted
        exec(QStringLiteral("START TRANSACTION"));
        exec(ins + row(950007, QStringLiteral("g1")));
        exec(QStringLiteral("UPDATE %1 SET _target = '%2' WHERE id = 950003").arg(t0, k0)); // moves out
        exec(QStringLiteral("COMMIT"));
        exec(QStringLiteral("UPDATE %1 SET _target = '%2' WHERE id = %3").arg(t0, k2).arg(staying.at(0))); // moves in
        exec(QStringLiteral("UPDATE %1 SET _from = 'in2' WHERE id = %2").arg(t0).arg(staying.at(0)));
        const Run again = shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), m_run,
                                    QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.out + again.err));
        const QString problems = placementProblems();
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
        // The rows by hand too: what db2 holds of them is what db0 holds.
        Connection t = writer(QStringLiteral("db2"));
        const QString pick = QStringLiteral("SELECT id, HEX(_from), _mid FROM %1 WHERE id IN (950001, 950002, 950003, 950004, 950005, "
                                            "950006, 950007, 950008, %2, %3, %4) AND CRC32(_target) MOD 4 = 2 ORDER BY id")
                                 .arg(t0)
                                 .arg(moving.at(0))
                                 .arg(moving.at(1))
                                 .arg(staying.at(0));
        auto a = c.query(pick), b = t.query(pick);
        QVERIFY2(a && b, qPrintable(c.lastError() + t.lastError()));
        QCOMPARE(a->rows.size(), 8); // 950001, 2, 4, 5, 6, 7, the updated moving row, the row moved in
        QCOMPARE(b->rows, a->rows);
    }

    // A source transaction larger than the capture holds in memory (here 50 row changes) is applied in
    // pieces inside one open transaction per target and committed with its position at its end: the
    // engine killed with all of it applied but not committed leaves none of it on the target; resumed,
    // all of it - inserts, updates and deletes of rows it inserted itself, key changes, rows moving in
    // and out.
    void largeTransactionAppliedInPieces()
    {
        Connection c = writer(QStringLiteral("db0"));
        const QString t0 = QStringLiteral("`fsharechat`.`t_messages_0`");
        auto exec = [&](const QString &sql) { QVERIFY2(c.exec(sql), qPrintable(c.lastError() + QLatin1Char(' ') + sql)); };
        auto ids = [&](int newDb, int n) {
            QStringList out;
            auto r = c.query(QStringLiteral("SELECT id FROM %1 WHERE CRC32(_target) MOD 4 = %2 AND id < 900000 ORDER BY id LIMIT %3")
                                 .arg(t0)
                                 .arg(newDb)
                                 .arg(n));
            for (const auto &row : r->rows)
                out.append(row.at(0).toString());
            return out;
        };
        const QStringList moving = ids(2, 60), staying = ids(0, 10);
        QVERIFY(moving.size() == 60 && staying.size() == 10);
        const QString k2 = keyFor(2, 0), k0 = keyFor(0, 0);
        exec(QStringLiteral("START TRANSACTION"));
        exec(QStringLiteral("INSERT INTO %1 (id, _mid, _from, _type, _target, _line, _data, _searchable_key, _dt) "
                            "SELECT 960000 + seq, seq, CONCAT('big-', seq), 1, '%2', 1, UNHEX(SHA2(seq, 256)), "
                            "IF(seq MOD 7 = 0, NULL, CONCAT('k', seq)), '2026-01-02 03:04:05' FROM `fsharechat`.seq_1_to_4000")
                 .arg(t0, k2));
        exec(QStringLiteral("UPDATE %1 SET _from = CONCAT('upd-', id), _data = X'00FF00' WHERE id IN (%2)")
                 .arg(t0, moving.mid(0, 30).join(QLatin1Char(','))));
        exec(QStringLiteral("DELETE FROM %1 WHERE id IN (%2)").arg(t0, moving.mid(30, 10).join(QLatin1Char(','))));
        exec(QStringLiteral("UPDATE %1 SET id = id + 2000000 WHERE id IN (%2)").arg(t0, moving.mid(40, 10).join(QLatin1Char(','))));
        exec(QStringLiteral("UPDATE %1 SET _target = '%2' WHERE id IN (%3)").arg(t0, k0, moving.mid(50, 10).join(QLatin1Char(','))));
        exec(QStringLiteral("UPDATE %1 SET _target = '%2' WHERE id IN (%3)").arg(t0, k2, staying.join(QLatin1Char(','))));
        exec(QStringLiteral("UPDATE %1 SET _from = 'big-updated', _data = NULL WHERE id BETWEEN 960001 AND 960500").arg(t0));
        exec(QStringLiteral("DELETE FROM %1 WHERE id BETWEEN 960501 AND 960600").arg(t0));
        exec(QStringLiteral("COMMIT"));

        // Killed while db2 holds the transaction open: a lock on db2's capture positions holds the
        // capture at the transaction's end, every piece applied, its position not yet stored. What the
        // open transaction wrote is seen by a dirty read.
        Connection target = writer(QStringLiteral("db2")), lock = writer(QStringLiteral("db2"));
        QVERIFY(lock.exec(QStringLiteral("START TRANSACTION")));
        QVERIFY2(lock.query(QStringLiteral("SELECT * FROM `_shardpilot`.`capture_state` FOR UPDATE")), qPrintable(lock.lastError()));
        QVERIFY(target.exec(QStringLiteral("SET SESSION TRANSACTION ISOLATION LEVEL READ UNCOMMITTED")));
        const QString inserted = QStringLiteral("SELECT COUNT(*) FROM %1 WHERE id BETWEEN 960001 AND 970000").arg(t0);
        QProcess run;
        run.start(test::shardctlPath(), {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), m_run,
                                         QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY(run.waitForStarted());
        qint64 dirty = 0;
        for (int i = 0; i < 3000 && dirty < 3900 && run.state() == QProcess::Running; ++i) {
            dirty = target.queryValue(inserted).value_or(QVariant(0)).toLongLong();
            if (dirty < 3900)
                QTest::qWait(10);
        }
        run.kill();
        QVERIFY(run.state() == QProcess::NotRunning || run.waitForFinished(10000));
        QVERIFY(lock.exec(QStringLiteral("ROLLBACK")));
        QVERIFY2(dirty >= 3900, qPrintable(QStringLiteral("the capture was not seen holding the transaction open (%1 rows): %2")
                                                .arg(dirty)
                                                .arg(QString::fromUtf8(run.readAll()))));
        // The server rolls the killed session's transaction back: nothing of it stays.
        for (int i = 0; i < 600 && target.queryValue(inserted).value_or(QVariant(1)).toLongLong() > 0; ++i)
            QTest::qWait(50);
        QVERIFY(target.exec(QStringLiteral("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ")));
        QCOMPARE(target.queryValue(inserted).value_or(QVariant(-1)).toLongLong(), 0);

        const Run resume = shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), m_run,
                                     QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(resume.exitCode == 0, qPrintable(resume.out + resume.err));
        QVERIFY2(resume.out.contains(QLatin1String("large source transaction(s) applied in pieces")), qPrintable(resume.out));
        const QString problems = placementProblems();
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
        // By hand as well: the stored bytes of the transaction's rows on db2 are db0's.
        const QString pick = QStringLiteral("SELECT id, HEX(_from), HEX(_data), HEX(_searchable_key), _mid, _target FROM %1 "
                                            "WHERE (id > 960000 OR id IN (%2)) AND CRC32(_target) MOD 4 = 2 ORDER BY id")
                                 .arg(t0, (moving + staying).join(QLatin1Char(',')));
        auto a = c.query(pick), b = target.query(pick);
        QVERIFY2(a && b, qPrintable(c.lastError() + target.lastError()));
        QCOMPARE(a->rows.size(), 3900 + 30 + 10 + 10); // inserted - deleted, updated, key-changed, moved in
        QCOMPARE(b->rows, a->rows);
    }

    void incompleteNewConfigRefusedAtT0()
    {
        // An offline plan has no url for the new data sources (nothing is guessed): its new config
        // cannot be switched to, so T0 refuses before touching anything.
        // The same cluster's config outside the sandbox directory: a plain config, no spare instances.
        const QString plain = m_tmp.path() + QStringLiteral("/plain/cluster.yaml");
        QDir().mkpath(m_tmp.path() + QStringLiteral("/plain"));
        QVERIFY(QFile::copy(m_fx.clusterYamlPath(), plain));
        const QString admin = m_tmp.path() + QStringLiteral("/plain/admin.cnf");
        QFile a(admin);
        QVERIFY(a.open(QIODevice::WriteOnly));
        a.write("[client]\nuser=root\n");
        a.close();
        const Run plan = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), plain,
                                   QStringLiteral("--strategy"), QStringLiteral("mod-double"), QStringLiteral("--json")});
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.err));
        const QString file = m_tmp.path() + QStringLiteral("/offline-plan.json");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(plan.out.toUtf8());
        f.close();
        const QString dir = m_tmp.path() + QStringLiteral("/offline-run");
        const Run create = shardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"), file,
                                     QStringLiteral("--run"), dir, QStringLiteral("--admin-defaults-file"), admin});
        QVERIFY2(create.exitCode == 0, qPrintable(create.out + create.err));
        const Run t0 = shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), dir,
                                 QStringLiteral("--until"), QStringLiteral("T0")});
        QCOMPARE(t0.exitCode, 1);
        QVERIFY2(t0.err.contains(QLatin1String("lacks the url of db2")), qPrintable(t0.out + t0.err));
    }

    void schemaChangeStopsTheRun()
    {
        Connection c = writer(QStringLiteral("db1"));
        QVERIFY(c.exec(QStringLiteral("ALTER TABLE `fsharechat`.`t_messages_1` ADD COLUMN extra INT NULL")));
        const Run r = shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), m_run,
                                QStringLiteral("--until"), QStringLiteral("T3")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("moving table db1.t_messages_1")), qPrintable(r.out + r.err));
    }
};

QTEST_GUILESS_MAIN(TestMigrateCapture)
#include "tst_migrate_capture.moc"
