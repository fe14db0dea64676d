// Edges of a run that used to end quietly wrong, stuck or misleading (issue 21, items 8-10), on a real
// 4-instance sandbox (2 -> 4 mod-double); each test function says what it checks, by plain SQL or by
// what the run printed and journaled, and each was seen failing before its fix.
#include "SandboxFixture.h"
#include "ShardctlRun.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"
#include "core/migration/Journal.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>
#include <QThread>

#include <sys/stat.h>

using namespace sp;

class TestMigrateEdges : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{[] {
        test::SandboxFixtureOptions o;
        o.instances = 4; // db0, db1 and the spares db2, db3
        o.messages = 3000;
        o.seed = 21;
        return o;
    }()};
    QTemporaryDir m_tmp;
    QString m_plan;        // --live: estimates from the servers' statistics
    QString m_planOffline; // from the config alone: no row estimates
    QString m_current;     // the run of the test function, rolled back after it (unless it switched)
    qint64 m_nullRows = 3;

    using Run = test::ShardctlRun;
    static Run shardctl(const QStringList &args) { return test::runShardctl(args, 300000); }
    static Run migrate(const QString &run, const QString &action, const QStringList &extra = {})
    {
        return shardctl(QStringList{QStringLiteral("migrate"), action, QStringLiteral("--run"), run} + extra);
    }
    QString createRun(const QString &name, const QStringList &extra = {}, const QString &plan = {})
    {
        const QString dir = m_tmp.path() + QLatin1Char('/') + name;
        const Run r = shardctl(QStringList{QStringLiteral("migrate"), QStringLiteral("create"),
                                           QStringLiteral("--plan"), plan.isEmpty() ? m_plan : plan,
                                           QStringLiteral("--run"), dir, QStringLiteral("--observe"),
                                           QStringLiteral("0")} +
                               extra);
        if (r.exitCode != 0)
            qWarning() << r.out << r.err;
        m_current = r.exitCode == 0 ? dir : QString();
        return m_current;
    }
    static QJsonObject status(const QString &run)
    {
        return QJsonDocument::fromJson(
                   migrate(run, QStringLiteral("status"), {QStringLiteral("--json")}).out.toUtf8())
            .object();
    }
    static QStringList checks(const QString &run, const QString &step, const QString &name = {})
    {
        QStringList out;
        for (const QJsonValue &v : status(run).value(QStringLiteral("checks")).toArray())
            if (v.toObject().value(QStringLiteral("step")).toString() == step &&
                (name.isEmpty() || v.toObject().value(QStringLiteral("name")).toString() == name))
                out.append(v.toObject().value(QStringLiteral("detail")).toString());
        return out;
    }
    Connection root(const QString &ds, bool binlog = true)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(m_fx.instanceOf(ds))))
            qWarning() << c.lastError();
        if (!binlog)
            c.exec(QStringLiteral("SET SESSION sql_log_bin = 0"));
        return c;
    }
    qint64 value(Connection &c, const QString &sql)
    {
        return c.queryValue(sql).value_or(QVariant(-1)).toLongLong();
    }
    // One row of fsharechat.t_messages_1 as the hex of each stored column (NULL as 'N'), in plain SQL
    // built from information_schema: independent of the engine's readers. "" when the row is absent.
    QString rowHex(const QString &ds, qint64 id)
    {
        Connection c = root(ds);
        const auto cols = c.queryValue(QStringLiteral(
            "SELECT GROUP_CONCAT(CONCAT('COALESCE(HEX(`', COLUMN_NAME, '`), ''N'')') ORDER BY ORDINAL_POSITION) "
            "FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'fsharechat' AND TABLE_NAME = 't_messages_1'"));
        if (!cols)
            return QStringLiteral("error: ") + c.lastError();
        auto r = c.query(QStringLiteral("SELECT CONCAT_WS('|', %1) FROM fsharechat.t_messages_1 WHERE id = %2")
                             .arg(cols->toString())
                             .arg(id));
        if (!r)
            return QStringLiteral("error: ") + c.lastError();
        return r->rows.isEmpty() ? QString() : r->rows.first().at(0).toString();
    }
    // The application on the new config writes moved rows on their new node db2: an update of D (with
    // `set`), a delete of E, an insert of F (a copy of D under id `idF`) and a key change of G (to
    // `idG2`). D, E, G: the first three keys of db2.t_messages_1 in `order`.
    void writeOnNewNode(const char *order, const QString &set, qint64 idF, qint64 idG2, qint64 *idD, qint64 *idE,
                        qint64 *idG)
    {
        Connection neu = root(QStringLiteral("db2"));
        auto r = neu.query(QStringLiteral("SELECT id FROM fsharechat.t_messages_1 ORDER BY id %1 LIMIT 3")
                               .arg(QString::fromLatin1(order)));
        QVERIFY(r && r->rows.size() == 3);
        *idD = r->rows.at(0).at(0).toLongLong();
        *idE = r->rows.at(1).at(0).toLongLong();
        *idG = r->rows.at(2).at(0).toLongLong();
        QVERIFY(neu.exec(QStringLiteral("UPDATE fsharechat.t_messages_1 SET %1 WHERE id = %2").arg(set).arg(*idD)));
        QVERIFY(neu.exec(QStringLiteral("DELETE FROM fsharechat.t_messages_1 WHERE id = %1").arg(*idE)));
        QVERIFY(neu.exec(QStringLiteral("INSERT INTO fsharechat.t_messages_1 SELECT %1, _mid, 'inserted', _type, "
                                        "_target, _line, _data, _searchable_key, _dt FROM fsharechat.t_messages_1 "
                                        "WHERE id = %2").arg(idF).arg(*idD)));
        QVERIFY(neu.exec(QStringLiteral("UPDATE fsharechat.t_messages_1 SET id = %1 WHERE id = %2").arg(idG2).arg(*idG)));
    }
    QString currentBinlog(const QString &ds)
    {
        Connection c = root(ds);
        auto r = c.query(QStringLiteral("SHOW MASTER STATUS"));
        return r && !r->rows.isEmpty() ? r->rows.first().at(0).toString() : QString();
    }

private slots:
    // Each function's run is rolled back with its targets, so the next one starts on clean spares.
    void cleanup()
    {
        if (!m_current.isEmpty() && !status(m_current).value(QStringLiteral("rolledBack")).toBool()) {
            const Run r = migrate(m_current, QStringLiteral("rollback"),
                                  {QStringLiteral("--drop-targets"), QStringLiteral("--yes")});
            if (r.exitCode != 0)
                qWarning() << "rollback" << r.out << r.err;
        }
        m_current.clear();
    }

    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        // Changes made to the sources before the plan (the targets are created from these definitions):
        {
            Connection c = root(QStringLiteral("db0"), false);
            // a secondary UNIQUE key;
            QVERIFY2(
                c.exec(QStringLiteral("ALTER TABLE fsharechat.t_messages_0 ADD UNIQUE KEY uk_mid (_mid)")),
                qPrintable(c.lastError()));
            // multi-MB BLOBs in a few moving rows: InnoDB's statistics are recalculated only after a
            // tenth of the rows changed (16 + n/10), so they still count the table as it was.
            QVERIFY(c.exec(QStringLiteral("ALTER TABLE fsharechat.t_messages_0 MODIFY _data LONGBLOB")));
            QVERIFY(c.exec(
                QStringLiteral("UPDATE fsharechat.t_messages_0 SET _data = REPEAT(SHA2(id, 256), 16384) "
                               "WHERE CRC32(_target) MOD 4 = 2 ORDER BY id LIMIT 8")));
            QCOMPARE(
                value(c, QStringLiteral("SELECT SUM(LENGTH(_data)) > 8000000 FROM fsharechat.t_messages_0")),
                1);
        }
        {
            // rows with a NULL sharding key (no config routes them).
            Connection c = root(QStringLiteral("db1"), false);
            QVERIFY(c.exec(
                QStringLiteral("ALTER TABLE fsharechat.t_messages_1 MODIFY _target VARCHAR(64) NULL")));
            for (int i = 0; i < m_nullRows; ++i)
                QVERIFY(
                    c.exec(QStringLiteral("INSERT INTO fsharechat.t_messages_1 (_mid, _from, _target, _dt) "
                                          "VALUES (%1, 'nobody', NULL, NOW())")
                               .arg(900000 + i)));
        }
        const QString planDir = m_tmp.path() + QStringLiteral("/plan");
        const Run plan = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                   QStringLiteral("--defaults-file"), m_fx.appOptionFile(),
                                   QStringLiteral("--live"), QStringLiteral("--strategy"),
                                   QStringLiteral("mod-double"), QStringLiteral("--out"), planDir});
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.out + plan.err));
        m_plan = planDir + QStringLiteral("/plan.json");
        const QString offlineDir = m_tmp.path() + QStringLiteral("/plan-offline");
        const Run offline = shardctl({QStringLiteral("plan"), QStringLiteral("--config"),
                                      m_fx.clusterYamlPath(), QStringLiteral("--strategy"),
                                      QStringLiteral("mod-double"), QStringLiteral("--out"), offlineDir});
        QVERIFY2(offline.exitCode == 0, qPrintable(offline.out + offline.err));
        m_planOffline = offlineDir + QStringLiteral("/plan.json");
    }

    // 10a: the copy meets a row on the target that has the same value of a secondary UNIQUE key.
    void uniqueKeyClashIsNamed()
    {
        const QString run = createRun(QStringLiteral("clash"));
        QVERIFY(!run.isEmpty());
        const Run t1 = migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T1")});
        QVERIFY2(t1.exitCode == 0, qPrintable(t1.out + t1.err));
        qint64 mid = 0;
        {
            Connection c = root(QStringLiteral("db0"));
            mid = value(
                c, QStringLiteral("SELECT _mid FROM fsharechat.t_messages_0 WHERE CRC32(_target) MOD 4 = 2 "
                                  "ORDER BY id LIMIT 1"));
            QVERIFY(mid > 0);
        }
        {
            Connection c = root(QStringLiteral("db2"), false);
            QVERIFY2(c.exec(QStringLiteral("INSERT INTO %1.t_messages_0 (id, _mid, _from, _target, _dt) "
                                           "VALUES (2000000000, %2, 'someone else', 'x', NOW())")
                                .arg(Connection::quoteIdentifier(m_fx.schema(QStringLiteral("db2"))))
                                .arg(mid)),
                     qPrintable(c.lastError()));
        }
        const Run t2 = migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T2")});
        QCOMPARE(t2.exitCode, 1);
        const QString said = t2.out + t2.err;
        QVERIFY2(said.contains(QLatin1String("uk_mid")) && said.contains(QLatin1String("unique key")),
                 qPrintable(said));
        QVERIFY2(!said.contains(QLatin1String("primary keys of the tables moving into this target collide")),
                 qPrintable(said));
    }

    // Issue 24: a chunk keeps at most SP_COPY_CHUNK_BYTES of values (here 1.5 MB, so the multi-MB BLOBs
    // of db0.t_messages_0 cut chunks): a chunk cut short ends at its last row kept and the next one
    // starts after it; the reads of the rows after wide ones are one row long. Every moved row
    // compared by the MD5 of its columns' HEX in plain SQL.
    void chunksCutByBytes()
    {
        const QString run = createRun(QStringLiteral("bytes"));
        QVERIFY(!run.isEmpty());
        const Run t1 = migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T1")});
        QVERIFY2(t1.exitCode == 0, qPrintable(t1.out + t1.err));
        // The table's first chunk asks for as many rows as fit in the budget at its average row length
        // by the server's statistics (made current here), not for the default 1,000 (whose rows past
        // the budget would be read and dropped).
        qint64 avgRow = 0;
        {
            Connection c = root(QStringLiteral("db0"), false);
            QVERIFY(c.exec(QStringLiteral("ANALYZE TABLE fsharechat.t_messages_0")));
            avgRow = value(c, QStringLiteral("SELECT AVG_ROW_LENGTH FROM information_schema.TABLES WHERE "
                                             "TABLE_SCHEMA = 'fsharechat' AND TABLE_NAME = 't_messages_0'"));
            QVERIFY2(avgRow > 1500, qPrintable(QString::number(avgRow))); // the 1 MiB rows weigh in it
            QVERIFY(c.exec(QStringLiteral("SET GLOBAL general_log = 0")));
            QVERIFY(c.exec(QStringLiteral("TRUNCATE mysql.general_log")));
            QVERIFY(c.exec(QStringLiteral("SET GLOBAL log_output = 'TABLE', general_log = 1")));
        }
        qputenv("SP_COPY_CHUNK_BYTES", "1500000");
        const Run t2 = migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T2")});
        qunsetenv("SP_COPY_CHUNK_BYTES");
        QStringList reads;
        {
            Connection c = root(QStringLiteral("db0"), false);
            QVERIFY(c.exec(QStringLiteral("SET GLOBAL general_log = 0")));
            auto r = c.query(QStringLiteral("SELECT CONVERT(argument USING utf8mb4) FROM mysql.general_log WHERE "
                                            "command_type = 'Query' AND argument LIKE 'SELECT %t\\_messages\\_0%LIMIT %' "
                                            "ORDER BY event_time"));
            QVERIFY2(r, qPrintable(c.lastError()));
            for (const auto &row : std::as_const(r->rows))
                reads.append(row.at(0).toString());
        }
        QVERIFY2(t2.exitCode == 0, qPrintable(t2.out + t2.err));
        // Every moving row of db0.t_messages_0 on db2, bit for bit; nothing else there.
        auto rowsOf = [&](const QString &ds, const QString &schema, const QString &where) {
            Connection c = root(ds);
            const auto cols = c.queryValue(QStringLiteral(
                "SELECT GROUP_CONCAT(CONCAT('COALESCE(HEX(`', COLUMN_NAME, '`), ''N'')') ORDER BY ORDINAL_POSITION) "
                "FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = %1 AND TABLE_NAME = 't_messages_0'")
                                                .arg(c.quoteString(schema)));
            QStringList out;
            if (!cols)
                return QStringList{QStringLiteral("error: ") + c.lastError()};
            auto r = c.query(QStringLiteral("SELECT id, LENGTH(_data), MD5(CONCAT_WS('|', %1)) FROM %2.t_messages_0 %3 ORDER BY id")
                                 .arg(cols->toString(), Connection::quoteIdentifier(schema), where));
            if (!r)
                return QStringList{QStringLiteral("error: ") + c.lastError()};
            for (const auto &row : std::as_const(r->rows))
                out.append(row.at(0).toString() + QLatin1Char(' ') + row.at(1).toString() + QLatin1Char(' ') +
                           row.at(2).toString());
            return out;
        };
        const QStringList source = rowsOf(QStringLiteral("db0"), QStringLiteral("fsharechat"),
                                          QStringLiteral("WHERE CRC32(_target) MOD 4 = 2"));
        const QStringList target = rowsOf(QStringLiteral("db2"), m_fx.schema(QStringLiteral("db2")), QString());
        QVERIFY2(source.size() > 8, qPrintable(source.join(QLatin1Char('\n')).left(2000)));
        int wide = 0;
        for (const QString &r : source)
            wide += r.section(QLatin1Char(' '), 1, 1).toLongLong() > 1000000 ? 1 : 0;
        QCOMPARE(wide, 8);
        QCOMPARE(target.size(), source.size());
        for (int i = 0; i < source.size(); ++i)
            QCOMPARE(target.at(i), source.at(i));
        QVERIFY(!reads.isEmpty());
        // Rows this wide on average are checked by a second scan of each chunk's range outside the
        // predicate (keys and sharding values only), not in the chunk's own scan: that would read the
        // off-page BLOBs of the rows that stay as well.
        QVERIFY2(avgRow > 4096, qPrintable(QString::number(avgRow)));
        QVERIFY(!reads.filter(QStringLiteral("NOT ((")).isEmpty());
        QVERIFY(reads.filter(QStringLiteral(" IS TRUE),`_data`,NULL)")).isEmpty());
        reads = reads.filter(QRegularExpression(QStringLiteral("^(?!.*NOT \\(\\()")));
        QVERIFY2(reads.first().endsWith(QStringLiteral(" LIMIT %1").arg(qBound(qint64(1), qint64(1500000) / avgRow, qint64(1000)))),
                 qPrintable(QStringLiteral("average row %1 bytes; first read: %2").arg(avgRow).arg(reads.first())));
        // The chunks of wide rows leave the worker's chunk size alone: the narrow rows after them are
        // read at least 1,000 at a time again (not 100, 200, ... as the time target ramps up from a short
        // chunk; the worker's other tables may have raised it meanwhile).
        static const QRegularExpression lastLimit(QStringLiteral(" LIMIT (\\d+)$"));
        const auto m = lastLimit.match(reads.last());
        QVERIFY2(m.hasMatch() && m.captured(1).toInt() >= 1000, qPrintable(reads.join(QLatin1Char('\n')).right(3000)));
        // The eight 1 MiB rows: after the first chunk (cut at the second), one row per read.
        static const QRegularExpression limitOne(QStringLiteral("LIMIT 1$"));
        QVERIFY2(reads.filter(limitOne).size() >= 6, qPrintable(QString::number(reads.filter(limitOne).size()) +
                                                                  QStringLiteral(" one-row reads of:\n") +
                                                                  reads.join(QLatin1Char('\n')).left(4000)));
    }

    // 8 and 10e: the binlog with T3's verified points is purged (the capture is past it): the ranges
    // are forgotten and compared at T5; a binlog purged past the capture position stops the run.
    void purgedPreverifiedBinlog()
    {
        const QString run = createRun(QStringLiteral("purge"));
        QVERIFY(!run.isEmpty());
        const Run t3 = migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(t3.exitCode == 0, qPrintable(t3.out + t3.err));
        QVERIFY2(checks(run, QStringLiteral("T3"), QStringLiteral("pre-verification"))
                         .filter(QLatin1String("key ranges compared"))
                         .size() == 1,
                 qPrintable(checks(run, QStringLiteral("T3")).join(QLatin1Char('\n'))));
        const QStringList sources{QStringLiteral("db0"), QStringLiteral("db1")};
        for (const QString &ds : sources) {
            Connection c = root(ds);
            QVERIFY(c.exec(QStringLiteral("FLUSH BINARY LOGS")));
        }
        // Another T3 while writes continue: the capture is at the newest binlog now.
        const Run again =
            migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.out + again.err));
        for (const QString &ds : sources) {
            Connection c = root(ds);
            QVERIFY2(c.exec(QStringLiteral("PURGE BINARY LOGS TO '%1'").arg(currentBinlog(ds))),
                     qPrintable(c.lastError()));
        }
        for (int attempt = 0; attempt < 2; ++attempt) { // it used to fail on every retry
            const Run r =
                migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T3")});
            QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        }
        const QStringList pv = checks(run, QStringLiteral("T3"), QStringLiteral("pre-verification"));
        QVERIFY2(pv.filter(QLatin1String("purged")).size() >= 2, qPrintable(pv.join(QLatin1Char('\n'))));
        qInfo().noquote() << pv.filter(QLatin1String("purged")).first();

        // Now the binlog the capture must read from is purged: the run stops, with the reason and the
        // way on.
        for (const QString &ds : sources) {
            Connection c = root(ds);
            QVERIFY(c.exec(QStringLiteral("FLUSH BINARY LOGS")));
            QVERIFY(c.exec(QStringLiteral("PURGE BINARY LOGS TO '%1'").arg(currentBinlog(ds))));
        }
        const Run stuck =
            migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T3")});
        QCOMPARE(stuck.exitCode, 1);
        const QString said = stuck.out + stuck.err;
        qInfo().noquote() << said.left(1200);
        QVERIFY2(said.contains(QLatin1String("was purged")) &&
                     said.contains(QLatin1String("roll back"), Qt::CaseInsensitive) &&
                     said.contains(QLatin1String("binlog_expire_logs_seconds")),
                 qPrintable(said));
    }

    // 9, 10b, 10h: the rate limit holds over every window after a stall; progress is honest.
    void rateHoldsAfterAStall()
    {
        const int limit = 400;
        const QString run = createRun(QStringLiteral("rate"),
                                      {QStringLiteral("--max-rows-per-sec"), QString::number(limit),
                                       QStringLiteral("--chunk-rows"), QStringLiteral("100")},
                                      m_planOffline); // no row estimates: the progress has no total
        QVERIFY(!run.isEmpty());
        QProcess p;
        p.start(test::shardctlPath(),
                {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), run,
                 QStringLiteral("--until"), QStringLiteral("T2")});
        QVERIFY(p.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(run + QStringLiteral("/journal.sqlite-wal")), 20000);
        migration::Journal j(run + QStringLiteral("/journal.sqlite"));
        QVERIFY(j.isOpen());
        struct Sample
        {
            qint64 ms;
            qint64 copied;
        };
        QList<Sample> samples;
        QElapsedTimer clock;
        clock.start();
        qint64 lockedAt = -1, unlockedAt = -1;
        Connection locker = root(QStringLiteral("db0"));
        QStringList zeroRates;
        QStringList perms;
        while (p.state() != QProcess::NotRunning) {
            p.waitForFinished(100);
            const QList<migration::CopyProgress> progress = j.progress();
            qint64 copied = 0;
            for (const migration::CopyProgress &c : progress) {
                copied += c.copied;
                // a pair of the source nobody stalls, between its first rows and its end
                if (c.source.startsWith(QLatin1String("db1.")) && c.copied > 0 && !c.done &&
                    c.rowsPerSec <= 0)
                    zeroRates.append(c.source + QStringLiteral(" -> ") + c.target);
            }
            samples.append(Sample{clock.elapsed(), copied});
            if (perms.isEmpty())
                for (const char *suffix : {"", "-wal", "-shm"}) {
                    struct stat st
                    {
                    };
                    const QByteArray f =
                        QFile::encodeName(run + QStringLiteral("/journal.sqlite") + QLatin1String(suffix));
                    if (::stat(f.constData(), &st) == 0)
                        perms.append(QStringLiteral("%1 %2")
                                         .arg(QLatin1String(suffix))
                                         .arg(st.st_mode & 0777, 3, 8, QLatin1Char('0')));
                }
            if (lockedAt < 0 && copied >= 300) {
                // Every table of db0 locked: its worker's chunk reads wait.
                auto tables =
                    locker.query(QStringLiteral("SELECT TABLE_NAME FROM information_schema.TABLES WHERE "
                                                "TABLE_SCHEMA = 'fsharechat'"));
                QVERIFY(tables);
                QStringList parts;
                for (const auto &r : tables->rows)
                    parts.append(QStringLiteral("fsharechat.%1 WRITE")
                                     .arg(Connection::quoteIdentifier(r.at(0).toString())));
                QVERIFY2(locker.exec(QStringLiteral("LOCK TABLES ") + parts.join(QStringLiteral(", "))),
                         qPrintable(locker.lastError()));
                lockedAt = clock.elapsed();
            }
            if (lockedAt >= 0 && unlockedAt < 0 && clock.elapsed() - lockedAt > 8000) {
                QVERIFY(locker.exec(QStringLiteral("UNLOCK TABLES")));
                unlockedAt = clock.elapsed();
            }
        }
        if (unlockedAt < 0)
            locker.exec(QStringLiteral("UNLOCK TABLES"));
        const QString out =
            QString::fromUtf8(p.readAllStandardOutput()) + QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(p.exitCode() == 0, qPrintable(out));
        QVERIFY2(unlockedAt > 0, "the copy ended before the stall was over: make the tables bigger");
        QVERIFY2(samples.last().copied > samples.at(0).copied + 2000,
                 qPrintable(QString::number(samples.last().copied)));
        // No window of 2 s after the stall copied more than the limit allows (plus its small burst and
        // a chunk in flight).
        qint64 worst = 0;
        QString where;
        for (int a = 0; a < samples.size(); ++a) {
            if (samples.at(a).ms < unlockedAt - 500)
                continue;
            for (int b = a + 1; b < samples.size() && samples.at(b).ms - samples.at(a).ms <= 2000; ++b)
                if (samples.at(b).copied - samples.at(a).copied > worst) {
                    worst = samples.at(b).copied - samples.at(a).copied;
                    where = QStringLiteral("%1 rows between %2 ms and %3 ms (stall %4..%5 ms)")
                                .arg(worst)
                                .arg(samples.at(a).ms)
                                .arg(samples.at(b).ms)
                                .arg(lockedAt)
                                .arg(unlockedAt);
                }
        }
        qInfo().noquote() << "worst 2 s window after the stall:" << where << "; limit" << limit << "rows/s";
        // The items' checks, reported together.
        QStringList problems;
        if (worst > 3 * limit)
            problems.append(QStringLiteral("9: ") + where);
        if (!zeroRates.isEmpty())
            problems.append(QStringLiteral("10b: a copying pair showed 0 rows/s %1 times: %2")
                                .arg(zeroRates.size())
                                .arg(zeroRates.mid(0, 5).join(QStringLiteral(", "))));
        if (out.contains(QLatin1String("of about 0 rows")) ||
            !out.contains(QRegularExpression(
                QStringLiteral("copied [0-9,]+ (of about [1-9][0-9,]* )?rows \\([1-9][0-9,]* rows/s"))))
            problems.append(QStringLiteral("10b: progress lines: ") + out.left(1500));
        if (perms !=
            QStringList{QStringLiteral(" 600"), QStringLiteral("-wal 600"), QStringLiteral("-shm 600")})
            problems.append(QStringLiteral("10h: journal modes: ") + perms.join(QStringLiteral(", ")));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // 10c, 10d, 10f, 10g: a whole run. The checks of the four items are collected and reported
    // together (each one's failure does not hide the others).
    // Issue 25 item 2: switched at T7, written on the new layout (update, delete, insert, key change of
    // moved rows), rolled back: the old config is back byte for byte, the old shard holds the new
    // node's rows (HEX of every column), read_only is off everywhere, the targets and every
    // `_shardpilot` are gone, and the write stop is reported. fullRun then runs again from the start.
    void rollbackAfterSwitch()
    {
        QFile cfg(m_fx.clusterYamlPath());
        QVERIFY(cfg.open(QIODevice::ReadOnly));
        const QByteArray oldConfig = cfg.readAll();
        cfg.close();
        const QString run = createRun(QStringLiteral("after-switch"));
        QVERIFY(!run.isEmpty());
        const Run t7 = migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T7"), QStringLiteral("--yes")});
        QVERIFY2(t7.exitCode == 0, qPrintable(t7.out + t7.err));
        QFile switched(m_fx.clusterYamlPath());
        QVERIFY(switched.open(QIODevice::ReadOnly));
        QVERIFY(switched.readAll() != oldConfig);
        switched.close();
        qint64 idD = 0, idE = 0, idG = 0;
        const qint64 idF = 9100001, idG2 = 9100002;
        writeOnNewNode("ASC", QStringLiteral("_from = 'after the switch', _type = _type + 1"), idF, idG2, &idD, &idE, &idG);
        if (QTest::currentTestFailed())
            return;
        QMap<qint64, QString> onNew;
        for (const qint64 k : {idD, idF, idG2})
            onNew.insert(k, rowHex(QStringLiteral("db2"), k));
        QVERIFY(!onNew.value(idD).isEmpty() && rowHex(QStringLiteral("db0"), idD) != onNew.value(idD));
        // A service still on the old config writes moved key H on the old shard; T8 records it (and fails).
        // The rollback keeps the old shard's version of H: its new node was not written since the switch.
        qint64 idH = 0;
        {
            Connection old = root(QStringLiteral("db0"));
            idH = value(old, QStringLiteral("SELECT MAX(id) FROM fsharechat.t_messages_1 WHERE CRC32(_target) MOD 4 = 2 "
                                            "AND id < %1").arg(qMax(idF, idG2)));
            QVERIFY(idH > 0 && idH != idD && idH != idE && idH != idG);
            QVERIFY(old.exec(QStringLiteral("UPDATE fsharechat.t_messages_1 SET _from = 'stale route' WHERE id = %1").arg(idH)));
        }
        const QString staleH = rowHex(QStringLiteral("db0"), idH);
        const Run t8 = migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T8"), QStringLiteral("--yes")});
        QVERIFY2(t8.exitCode == 1 && t8.err.contains(QLatin1String("1 keys")), qPrintable(t8.out + t8.err));
        const Run back = migrate(run, QStringLiteral("rollback"), {QStringLiteral("--yes"), QStringLiteral("--drop-targets")});
        QVERIFY2(back.exitCode == 0, qPrintable(back.out + back.err));
        QVERIFY2(back.out.contains(QLatin1String("writes to moved rows were stopped for")) &&
                     back.out.contains(QLatin1String("1 keys written on the old shards by stale routes keep")),
                 qPrintable(back.out));
        QStringList problems;
        QFile restored(m_fx.clusterYamlPath());
        QVERIFY(restored.open(QIODevice::ReadOnly));
        if (restored.readAll() != oldConfig)
            problems.append(QStringLiteral("the config is not the old one"));
        for (auto it = onNew.cbegin(); it != onNew.cend(); ++it)
            if (rowHex(QStringLiteral("db0"), it.key()) != it.value())
                problems.append(QStringLiteral("key %1 on db0: %2, on db2 it was %3")
                                    .arg(it.key())
                                    .arg(rowHex(QStringLiteral("db0"), it.key()), it.value()));
        for (const qint64 k : {idE, idG})
            if (!rowHex(QStringLiteral("db0"), k).isEmpty())
                problems.append(QStringLiteral("key %1 is still on db0").arg(k));
        if (rowHex(QStringLiteral("db0"), idH) != staleH)
            problems.append(QStringLiteral("the stale route's write on key %1 was not kept").arg(idH));
        for (const QString &ds : {QStringLiteral("db0"), QStringLiteral("db1"), QStringLiteral("db2"), QStringLiteral("db3")}) {
            Connection c = root(ds);
            if (value(c, QStringLiteral("SELECT @@GLOBAL.read_only")) != 0)
                problems.append(ds + QStringLiteral(" is read-only"));
            if (value(c, QStringLiteral("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '_shardpilot'")) != 0)
                problems.append(ds + QStringLiteral(" keeps _shardpilot"));
        }
        {
            Connection c = root(QStringLiteral("db2"));
            if (value(c, QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'fsharechat' "
                                        "AND TABLE_NAME = 't_messages_1'")) != 0)
                problems.append(QStringLiteral("db2.t_messages_1 was not dropped"));
        }
        const QJsonObject st = status(run);
        if (!st.value(QStringLiteral("rolledBack")).toBool())
            problems.append(QStringLiteral("status does not say rolled back"));
        // The rollback's write stop is measured (no reload command here: none of it is the reload's).
        const qint64 stopMs = st.value(QStringLiteral("rollbackWriteStopMs")).toInteger(-1);
        if (stopMs <= 0 || stopMs > 60000 || !st.value(QStringLiteral("rollbackReloadMs")).isNull())
            problems.append(QStringLiteral("rollback write stop %1 ms, reload %2")
                                .arg(stopMs)
                                .arg(st.value(QStringLiteral("rollbackReloadMs")).toVariant().toString()));
        qInfo("rollback after the switch: writes to moved rows stopped %lld ms", stopMs);
        const Run log = migrate(run, QStringLiteral("log"));
        if (!log.out.contains(QLatin1String("read_only")) || !log.out.contains(QLatin1String("rollback")))
            problems.append(QStringLiteral("the audit log lacks the rollback's statements"));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void fullRun()
    {
        QStringList problems;
        const auto expect = [&problems](bool ok, const QString &what) {
            if (!ok)
                problems.append(what);
        };
        const QString run = createRun(QStringLiteral("full"));
        QVERIFY(!run.isEmpty());
        const Run t3 = migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(t3.exitCode == 0, qPrintable(t3.out + t3.err));
        // 10c: about 4 MiB of BLOBs arrive on db2 (8 rows of 1 MiB, half the table's file moves).
        const QStringList space = checks(run, QStringLiteral("T0"), QStringLiteral("space"));
        double db2MiB = -1;
        const QString db2Instance = QStringLiteral("node%1").arg(m_fx.instanceOf(QStringLiteral("db2")));
        for (const QString &l : space) {
            const auto m = QRegularExpression(QStringLiteral("about ([0-9.]+) MiB")).match(l);
            if (l.contains(db2Instance) && m.hasMatch())
                db2MiB = m.captured(1).toDouble();
        }
        qInfo().noquote() << space.join(QLatin1Char('\n'));
        expect(db2MiB >= 3.0, QStringLiteral("10c: T0's space estimate: ") + space.join(QLatin1Char('\n')));
        // 10f: the rows with a NULL sharding key are counted and said to stay.
        const QStringList nulls = checks(run, QStringLiteral("T0"), QStringLiteral("NULL sharding keys"));
        expect(nulls.size() == 1 &&
                   nulls.first().contains(QStringLiteral("db1.t_messages_1: %1 rows").arg(m_nullRows)),
               QStringLiteral("10f: no T0 check counts the NULL keys: ") +
                   checks(run, QStringLiteral("T0")).join(QLatin1Char('\n')));
        qInfo().noquote() << nulls.value(0);

        const Run t7 = migrate(run, QStringLiteral("run"),
                               {QStringLiteral("--until"), QStringLiteral("T7"), QStringLiteral("--yes")});
        QVERIFY2(t7.exitCode == 0, qPrintable(t7.out + t7.err));
        m_current.clear(); // writes go to the new config now: no rollback
        // Issue 25 item 1: the application writes moved rows on their new node (db2): an update (D), a
        // delete (E), an insert (F, a copy of D under a new id) and a key change (G). T8's reverse stream
        // carries each back to the old shard (db0), which holds the moved rows until T9.
        qint64 idD = 0, idE = 0, idG = 0;
        const qint64 idF = 9000001, idG2 = 9000002;
        writeOnNewNode("DESC", QStringLiteral("_from = 'new layout', _data = CONCAT('q''\\\\ ', _data)"), idF, idG2, &idD,
                       &idE, &idG);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(!rowHex(QStringLiteral("db0"), idD).isEmpty() && !rowHex(QStringLiteral("db0"), idG).isEmpty()); // not carried yet
        // 10d: an application still on the old config writes a moved key in a transaction that commits
        // 3 s after its statement.
        qint64 statementAt = 0, commitAt = 0, id = 0;
        {
            Connection c = root(QStringLiteral("db0"));
            id = value(
                c,
                QStringLiteral("SELECT MIN(id) FROM fsharechat.t_messages_1 WHERE CRC32(_target) MOD 4 = 2"));
            QVERIFY(id > 0);
            QVERIFY(c.exec(QStringLiteral("START TRANSACTION")));
            statementAt = value(c, QStringLiteral("SELECT UNIX_TIMESTAMP()"));
            QVERIFY(c.exec(
                QStringLiteral("UPDATE fsharechat.t_messages_1 SET _from = 'stale writer' WHERE id = %1")
                    .arg(id)));
            QThread::sleep(3);
            commitAt = value(c, QStringLiteral("SELECT UNIX_TIMESTAMP()"));
            QVERIFY(c.exec(QStringLiteral("COMMIT")));
        }
        const Run t8 = migrate(run, QStringLiteral("run"),
                               {QStringLiteral("--until"), QStringLiteral("T8"), QStringLiteral("--yes")});
        QCOMPARE(t8.exitCode, 1);
        const QStringList stale = checks(run, QStringLiteral("T8"), QStringLiteral("stale route"));
        QVERIFY2(stale.size() == 1, qPrintable(stale.join(QLatin1Char('\n')))); // the reverse stream's writes are not stale
        for (const qint64 k : {idD, idF, idG2})
            expect(!rowHex(QStringLiteral("db2"), k).isEmpty() && rowHex(QStringLiteral("db0"), k) == rowHex(QStringLiteral("db2"), k),
                   QStringLiteral("25.1: key %1 on db0 is not db2's:\n%2\n%3")
                       .arg(k)
                       .arg(rowHex(QStringLiteral("db0"), k), rowHex(QStringLiteral("db2"), k)));
        for (const qint64 k : {idE, idG})
            expect(rowHex(QStringLiteral("db0"), k).isEmpty(), QStringLiteral("25.1: key %1 is still on db0").arg(k));
        qInfo().noquote() << stale.first() << "statement" << statementAt << "commit" << commitAt;
        const auto m = QRegularExpression(QStringLiteral("a write at (\\S+) on")).match(stale.first());
        QVERIFY2(m.hasMatch(), qPrintable(stale.first()));
        const qint64 stamped = QDateTime::fromString(m.captured(1), Qt::ISODate).toSecsSinceEpoch();
        expect(qAbs(stamped - commitAt) <= 1,
               QStringLiteral("10d: the stale write is stamped %1, its statement ran at %2, its commit at %3")
                   .arg(stamped)
                   .arg(statementAt)
                   .arg(commitAt));

        // Issue 25 item 3. More stale routes: key B written on both sides since the switch, key C deleted on
        // its old shard. T8 reads on from where it stopped (the first write is not listed again), the
        // dry run changes nothing, --yes carries A and C and leaves B as the new node has it, and T8
        // passes once B is decided.
        qint64 idB = 0, idC = 0;
        {
            Connection old = root(QStringLiteral("db0"));
            Connection neu = root(QStringLiteral("db2"));
            auto r = old.query(QStringLiteral("SELECT id FROM fsharechat.t_messages_1 WHERE CRC32(_target) MOD 4 = 2 "
                                              "AND id > %1 ORDER BY id LIMIT 2")
                                   .arg(id));
            QVERIFY(r && r->rows.size() == 2);
            idB = r->rows.at(0).at(0).toLongLong();
            idC = r->rows.at(1).at(0).toLongLong();
            QVERIFY(!rowHex(QStringLiteral("db2"), idB).isEmpty()); // moved to db2 by the run
            QVERIFY(old.exec(QStringLiteral("UPDATE fsharechat.t_messages_1 SET _from = 'old writer' WHERE id = %1").arg(idB)));
            QVERIFY(neu.exec(QStringLiteral("UPDATE fsharechat.t_messages_1 SET _from = 'new writer' WHERE id = %1").arg(idB)));
            QVERIFY(old.exec(QStringLiteral("DELETE FROM fsharechat.t_messages_1 WHERE id = %1").arg(idC)));
        }
        const QString newB = rowHex(QStringLiteral("db2"), idB);
        const QString oldA = rowHex(QStringLiteral("db0"), id);
        QVERIFY(oldA.contains(QString::fromLatin1(QByteArray("stale writer").toHex().toUpper())));
        expect(rowHex(QStringLiteral("db2"), id) != oldA, QStringLiteral("25.3: A is already on db2 before carrying"));
        const Run t8again = migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T8"), QStringLiteral("--yes")});
        expect(t8again.exitCode == 1 && t8again.err.contains(QLatin1String("3 keys")),
               QStringLiteral("25.3: T8 with A, B, C open: ") + t8again.out + t8again.err);
        const QStringList staleNow = checks(run, QStringLiteral("T8"), QStringLiteral("stale route"));
        expect(staleNow.size() == 3, QStringLiteral("25.3: T8 listed the first write again (it must read on): ") +
                                         staleNow.join(QLatin1Char('\n')));
        const Run dry = migrate(run, QStringLiteral("forward-stale"));
        qInfo().noquote() << dry.out << dry.err;
        expect(dry.exitCode == 1 && dry.out.count(QLatin1String("would carry")) == 2 &&
                   dry.out.count(QLatin1String("conflict")) >= 1 && dry.out.contains(QLatin1String("'new writer'")) &&
                   dry.out.contains(QLatin1String("'old writer'")),
               QStringLiteral("25.3: the dry run: ") + dry.out + dry.err);
        expect(rowHex(QStringLiteral("db2"), id) != oldA && !rowHex(QStringLiteral("db2"), idC).isEmpty(),
               QStringLiteral("25.3: the dry run changed db2"));
        const Run carry = migrate(run, QStringLiteral("forward-stale"), {QStringLiteral("--yes")});
        qInfo().noquote() << carry.out << carry.err;
        expect(carry.exitCode == 1 && carry.err.contains(QLatin1String("1 keys were written on both sides")),
               QStringLiteral("25.3: forward-stale --yes: ") + carry.out + carry.err);
        expect(rowHex(QStringLiteral("db2"), id) == oldA,
               QStringLiteral("25.3: A on db2 is not the old shard's row:\n%1\n%2").arg(rowHex(QStringLiteral("db2"), id), oldA));
        expect(rowHex(QStringLiteral("db2"), idC).isEmpty(), QStringLiteral("25.3: C's delete was not carried"));
        expect(rowHex(QStringLiteral("db2"), idB) == newB, QStringLiteral("25.3: B was overwritten on db2"));
        QStringList statuses;
        for (const QJsonValue &v : status(run).value(QStringLiteral("staleWrites")).toArray())
            statuses.append(v.toObject().value(QStringLiteral("status")).toString());
        statuses.sort();
        expect(statuses == QStringList({QStringLiteral("carried"), QStringLiteral("carried"), QStringLiteral("conflict")}),
               QStringLiteral("25.3: status lists ") + statuses.join(QStringLiteral(", ")));
        expect(migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T8"), QStringLiteral("--yes")})
                       .exitCode == 1,
               QStringLiteral("25.3: T8 passed with B open"));
        const Run keep = migrate(run, QStringLiteral("forward-stale"),
                                 {QStringLiteral("--yes"), QStringLiteral("--conflicts"), QStringLiteral("keep-new")});
        expect(keep.exitCode == 0, QStringLiteral("25.3: --conflicts keep-new: ") + keep.out + keep.err);
        expect(rowHex(QStringLiteral("db2"), idB) == newB, QStringLiteral("25.3: keep-new changed B on db2"));
        const Run t8done = migrate(run, QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T8"), QStringLiteral("--yes")});
        QVERIFY2(t8done.exitCode == 0, qPrintable(QStringLiteral("25.3: T8 after every key was resolved: ") +
                                                  t8done.out + t8done.err + problems.join(QLatin1Char('\n'))));
        // B was written on both sides: the reverse stream left db0's version and said so.
        const QStringList reverseConflicts = checks(run, QStringLiteral("T8"), QStringLiteral("reverse conflict"));
        expect(reverseConflicts.size() == 1 && reverseConflicts.first().contains(QStringLiteral("key %1:").arg(idB)),
               QStringLiteral("25.1: reverse conflicts: ") + reverseConflicts.join(QLatin1Char('\n')));
        expect(rowHex(QStringLiteral("db0"), idB).contains(QString::fromLatin1(QByteArray("old writer").toHex().toUpper())),
               QStringLiteral("25.1: the reverse stream overwrote B on db0"));
        const Run audit = migrate(run, QStringLiteral("log"));
        expect(audit.out.contains(QLatin1String("keep the new node's row")) && audit.out.contains(QLatin1String("carry")),
               QStringLiteral("25.3: the audit log lacks the decisions"));

        // 10g: T9 (T8 passed once every stale write was resolved) leaves no `_shardpilot` behind.
        for (const QString &ds : {QStringLiteral("db0"), QStringLiteral("db1"), QStringLiteral("db2"), QStringLiteral("db3")}) {
            Connection c = root(ds);
            QCOMPARE(value(c, QStringLiteral("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE "
                                             "SCHEMA_NAME = '_shardpilot'")),
                     1);
        }
        const Run t9 =
            migrate(run, QStringLiteral("run"),
                    {QStringLiteral("--until"), QStringLiteral("T9"), QStringLiteral("--yes")});
        QVERIFY2(t9.exitCode == 0, qPrintable(t9.out + t9.err));
        for (const QString &ds : {QStringLiteral("db0"), QStringLiteral("db1"), QStringLiteral("db2"), QStringLiteral("db3")}) {
            Connection c = root(ds);
            expect(value(c, QStringLiteral("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE "
                                           "SCHEMA_NAME = '_shardpilot'")) == 0,
                   QStringLiteral("10g: _shardpilot is still on %1 after T9").arg(ds));
        }
        const Run log = migrate(run, QStringLiteral("log"));
        expect(log.out.count(QLatin1String("DROP DATABASE `_shardpilot`")) == 4,
               QStringLiteral("10g: the audit log lacks the four DROPs (targets, and the sources' reverse positions)"));
        // 10f: the rows without a key stayed where they were, as T0 said.
        Connection c = root(QStringLiteral("db1"));
        QCOMPARE(
            value(c, QStringLiteral("SELECT COUNT(*) FROM fsharechat.t_messages_1 WHERE _target IS NULL")),
            m_nullRows);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestMigrateEdges)
#include "tst_migrate_edges.moc"
