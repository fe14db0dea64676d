// migrate_bench: the migration engine against its peers, side by side on the same sandbox and the
// same rows (issue 12, item 6). A program, not a test: it prints rates and ratios.
//
//   migrate_bench [--messages N] [--dir DIR] [--keep]
//   migrate_bench --dual-vs-copy [--messages N] [--rate OPS]   (DualVsCopy.h)
//
// 1. An 8-instance sandbox with N demo messages (default 1,000,000) and a mod-double plan (4 -> 8).
// 2. Copy (T2): `shardctl migrate run --until T2` over all tables and sources (4 sources in
//    parallel), and per source; peers on the moving rows of db0's t_messages tables (db0 -> a scratch
//    schema on node4): mariadb-dump --where | mariadb, SELECT INTO OUTFILE + LOAD DATA INFILE (the
//    practical limit), mydumper/myloader (Debian 12's 0.10 has no --where: whole tables).
// 3. Verify (T5): `shardctl migrate verify` (and with --strong-hash) against pt-table-checksum's chunk query run on both
//    sides of every moving table, and one plain scan of the same rows.
// 4. Capture: `shardctl load` writes while no engine runs; the catch-up's rate.
// 5. Write stop: T4..T7 under `shardctl load --rate 300`.
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

namespace {

QTextStream out(stdout);
QString g_downCommand[2]; // shardctl, sandbox dir: stopped by die() unless --keep

struct Proc
{
    int code = -1;
    QString out, err;
    double secs = 0;
};

Proc run(const QString &program, const QStringList &args, int timeoutSec = 3600)
{
    QProcess p;
    QElapsedTimer t;
    t.start();
    p.start(program, args);
    Proc r;
    if (!p.waitForStarted() || !p.waitForFinished(timeoutSec * 1000)) {
        p.kill();
        p.waitForFinished();
        r.err = QStringLiteral("did not finish: ") + program;
        return r;
    }
    r.secs = double(t.nsecsElapsed()) / 1e9;
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

Proc sh(const QString &script, int timeoutSec = 3600)
{
    return run(QStringLiteral("/bin/bash"), {QStringLiteral("-o"), QStringLiteral("pipefail"), QStringLiteral("-c"), script},
               timeoutSec);
}

QString q(const QString &s)
{
    QString r = s;
    r.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + r + QLatin1Char('\'');
}

[[noreturn]] void die(const QString &what, const Proc &p)
{
    QTextStream(stderr) << "migrate_bench: " << what << " failed (" << p.code << "): " << p.out.right(2000)
                        << p.err.right(2000) << '\n';
    if (!g_downCommand[0].isEmpty())
        QProcess::execute(g_downCommand[0], {QStringLiteral("sandbox"), QStringLiteral("down"), QStringLiteral("--dir"),
                                             g_downCommand[1]});
    std::exit(1);
}

QString line(const QString &label, double value, const QString &unit, const QString &note = {})
{
    return label.leftJustified(58) + QString::number(value, 'f', value < 10 ? 2 : 0).rightJustified(12) +
           QLatin1Char(' ') + unit + (note.isEmpty() ? QString() : QStringLiteral("  ") + note);
}

} // namespace

#include "DualVsCopy.h"

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Migration engine against mysqldump, LOAD DATA, mydumper and "
                                                    "pt-table-checksum on one sandbox."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("messages"), QStringLiteral("Demo messages (default 1000000)."), QStringLiteral("N"),
                      QStringLiteral("1000000")});
    parser.addOption({QStringLiteral("dir"), QStringLiteral("Work directory (default: a temporary one)."), QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("keep"), QStringLiteral("Keep the sandbox running and the directory.")});
    parser.addOption({QStringLiteral("dual-vs-copy"),
                      QStringLiteral("Only compare dual-master doubling with modulo doubling by copy (write stop, time) "
                                     "under --rate load, each on its own sandbox with the same data.")});
    parser.addOption({QStringLiteral("rate"), QStringLiteral("--dual-vs-copy: load operations per second (default 200)."),
                      QStringLiteral("N"), QStringLiteral("200")});
    parser.process(app);

    const QString shardctl = QCoreApplication::applicationDirPath() + QStringLiteral("/../../app/shardctl");
    if (!QFile::exists(shardctl)) {
        QTextStream(stderr) << "migrate_bench: " << shardctl << " not found (build the shardctl target)\n";
        return 2;
    }
    QTemporaryDir tmp(QDir::tempPath() + QStringLiteral("/spmigbench-XXXXXX"));
    tmp.setAutoRemove(!parser.isSet(QStringLiteral("keep")));
    const QString work = parser.isSet(QStringLiteral("dir")) ? parser.value(QStringLiteral("dir")) : tmp.path();
    QDir().mkpath(work);
    const QString sb = work + QStringLiteral("/sandbox");
    const QString messages = parser.value(QStringLiteral("messages"));
    if (parser.isSet(QStringLiteral("dual-vs-copy")))
        return dualVsCopy(shardctl, work, messages, parser.value(QStringLiteral("rate")));

    if (!parser.isSet(QStringLiteral("keep"))) {
        g_downCommand[0] = shardctl;
        g_downCommand[1] = sb;
    }
    out << "migrate_bench: sandbox with " << messages << " messages in " << sb << " ...\n";
    out.flush();
    Proc up = run(shardctl, {QStringLiteral("sandbox"), QStringLiteral("up"), QStringLiteral("--dir"), sb,
                             QStringLiteral("--rows"), messages});
    if (up.code != 0)
        die(QStringLiteral("sandbox up"), up);
    auto sock = [&](int i) -> QString { return sb + QStringLiteral("/node%1/mysqld.sock").arg(i); };
    auto sqlOn = [&](int i, const QString &sql) {
        return run(QStringLiteral("mariadb"), {QStringLiteral("-S"), sock(i), QStringLiteral("-uroot"), QStringLiteral("-N"),
                                               QStringLiteral("-B"), QStringLiteral("-e"), sql});
    };
    struct Cleanup
    {
        QString shardctl, sb;
        bool keep;
        ~Cleanup()
        {
            if (!keep)
                run(shardctl, {QStringLiteral("sandbox"), QStringLiteral("down"), QStringLiteral("--dir"), sb});
        }
    } cleanup{shardctl, sb, parser.isSet(QStringLiteral("keep"))};

    const QString planDir = work + QStringLiteral("/plan");
    Proc plan = run(shardctl, {QStringLiteral("plan"), QStringLiteral("--config"), sb + QStringLiteral("/cluster.yaml"),
                               QStringLiteral("--live"), QStringLiteral("--strategy"), QStringLiteral("mod-double"), QStringLiteral("--out"), planDir});
    if (plan.code != 0)
        die(QStringLiteral("plan"), plan);

    // --- peers on db0's moving t_messages rows --------------------------------------------------------
    const QString pred = QStringLiteral("CRC32(_target) % 8 >= 4");
    qint64 peerRows = 0;
    for (int t = 0; t < 4; ++t)
        peerRows += sqlOn(0, QStringLiteral("SELECT COUNT(*) FROM fsharechat.t_messages_%1 WHERE %2").arg(t).arg(pred))
                        .out.trimmed()
                        .toLongLong();
    qint64 wholeRows = 0;
    for (int t = 0; t < 4; ++t)
        wholeRows +=
            sqlOn(0, QStringLiteral("SELECT COUNT(*) FROM fsharechat.t_messages_%1").arg(t)).out.trimmed().toLongLong();
    auto scratch = [&](const QString &schema) {
        sqlOn(4, QStringLiteral("DROP DATABASE IF EXISTS %1; CREATE DATABASE %1").arg(schema));
        for (int t = 0; t < 4; ++t) {
            const Proc c = sqlOn(0, QStringLiteral("SHOW CREATE TABLE fsharechat.t_messages_%1").arg(t));
            QString ddl = c.out.section(QLatin1Char('\t'), 1).trimmed();
            ddl.replace(QStringLiteral("\\n"), QStringLiteral("\n"));
            sqlOn(4, QStringLiteral("USE %1; ").arg(schema) + ddl);
        }
    };
    // Rows a peer put into its scratch schema on node4 (a peer that loaded nothing is not measured).
    auto countIn = [&](const QString &schema) {
        qint64 n = 0;
        for (int t = 0; t < 4; ++t)
            n += sqlOn(4, QStringLiteral("SELECT COUNT(*) FROM %1.t_messages_%2").arg(schema).arg(t)).out.trimmed().toLongLong();
        return n;
    };
    scratch(QStringLiteral("peer_dump"));
    QString dumpScript;
    for (int t = 0; t < 4; ++t)
        dumpScript += QStringLiteral("mariadb-dump -S %1 -uroot --no-create-info --skip-add-locks --single-transaction "
                                     "--where %2 fsharechat t_messages_%3 | mariadb -S %4 -uroot peer_dump\n")
                          .arg(q(sock(0)), q(pred))
                          .arg(t)
                          .arg(q(sock(4)));
    const Proc dump = sh(dumpScript);
    if (dump.code != 0 || countIn(QStringLiteral("peer_dump")) != peerRows)
        die(QStringLiteral("mariadb-dump | mariadb (or its row count)"), dump);

    scratch(QStringLiteral("peer_load"));
    const QString files = work + QStringLiteral("/outfile");
    QDir().mkpath(files);
    QFile::setPermissions(files, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                                     QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther);
    double outfileSecs = 0, loadSecs = 0;
    for (int t = 0; t < 4; ++t) {
        const QString f = files + QStringLiteral("/m%1.tsv").arg(t);
        QFile::remove(f);
        const Proc o = sqlOn(0, QStringLiteral("SELECT * INTO OUTFILE '%1' FROM fsharechat.t_messages_%2 WHERE %3")
                                    .arg(f)
                                    .arg(t)
                                    .arg(pred));
        if (o.code != 0)
            die(QStringLiteral("SELECT INTO OUTFILE"), o);
        outfileSecs += o.secs;
        const Proc l = sqlOn(4, QStringLiteral("LOAD DATA INFILE '%1' INTO TABLE peer_load.t_messages_%2").arg(f).arg(t));
        if (l.code != 0)
            die(QStringLiteral("LOAD DATA INFILE"), l);
        loadSecs += l.secs;
    }

    if (countIn(QStringLiteral("peer_load")) != peerRows) {
        Proc none;
        die(QStringLiteral("LOAD DATA row count"), none);
    }
    double mydumperSecs = -1;
    if (!QStandardPaths::findExecutable(QStringLiteral("mydumper")).isEmpty()) {
        sqlOn(4, QStringLiteral("DROP DATABASE IF EXISTS peer_my"));
        const QString d = work + QStringLiteral("/mydumper");
        QDir(d).removeRecursively();
        const Proc m = sh(QStringLiteral("mydumper -S %1 -u root -B fsharechat -T %2 -o %3 -t 2 && "
                                         "myloader -S %4 -u root -B peer_my -d %3 -t 2 -o")
                              .arg(q(sock(0)),
                                   q(QStringLiteral("t_messages_0,t_messages_1,t_messages_2,t_messages_3")),
                                   q(d), q(sock(4))));
        if (m.code == 0 && countIn(QStringLiteral("peer_my")) == wholeRows)
            mydumperSecs = m.secs;
        else
            out << "mydumper/myloader failed: " << m.err.left(300) << '\n';
    }

    // --- the engine: T2 ------------------------------------------------------------------------------------
    const QString runDir = work + QStringLiteral("/run");
    Proc create = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"),
                                 planDir + QStringLiteral("/plan.json"), QStringLiteral("--run"), runDir,
                                 QStringLiteral("--observe"), QStringLiteral("0")});
    if (create.code != 0)
        die(QStringLiteral("migrate create"), create);
    const Proc t1 = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), runDir,
                                   QStringLiteral("--until"), QStringLiteral("T1")});
    if (t1.code != 0)
        die(QStringLiteral("migrate run --until T1"), t1);
    const Proc t2 = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), runDir,
                                   QStringLiteral("--until"), QStringLiteral("T2")});
    if (t2.code != 0)
        die(QStringLiteral("migrate run --until T2"), t2);
    const Proc status = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"),
                                       runDir, QStringLiteral("--json")});
    qint64 copied = 0, copiedDb0 = 0, copiedDb0Messages = 0;
    for (const QJsonValue &v :
         QJsonDocument::fromJson(status.out.toUtf8()).object().value(QStringLiteral("progress")).toArray()) {
        const QJsonObject o = v.toObject();
        const qint64 n = o.value(QStringLiteral("copied")).toInteger();
        copied += n;
        if (o.value(QStringLiteral("source")).toString().startsWith(QLatin1String("db0.")))
            copiedDb0 += n;
        if (o.value(QStringLiteral("source")).toString().startsWith(QLatin1String("db0.t_messages_")))
            copiedDb0Messages += n;
    }

    // --- T5 against pt-table-checksum's chunk query and a plain scan ------------------------------------------
    const Proc verify = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("verify"), QStringLiteral("--run"), runDir});
    if (verify.code != 0)
        die(QStringLiteral("migrate verify"), verify);
    // The same comparison with the cryptographic row hash (issue 21: the cost of both, side by side).
    const Proc verifyStrong = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("verify"), QStringLiteral("--run"),
                                             runDir, QStringLiteral("--strong-hash")});
    if (verifyStrong.code != 0)
        die(QStringLiteral("migrate verify --strong-hash"), verifyStrong);
    // Same tables the verifier reads: every moving source table (whole) and every target table.
    const QString cols = QStringLiteral("id,_mid,_from,_type,_target,_line,_data,_searchable_key,_dt");
    const QString nulls = QStringLiteral("ISNULL(_data),ISNULL(_searchable_key)");
    double ptSecs = 0, scanSecs = 0;
    for (int i = 0; i < 8; ++i) {
        for (int t = 0; t < 4; ++t) {
            const QString table = QStringLiteral("fsharechat.t_messages_%1").arg(t);
            const Proc pt = sqlOn(i, QStringLiteral("SELECT COUNT(*), COALESCE(LOWER(CONV(BIT_XOR(CAST(CRC32(CONCAT_WS('#', "
                                                    "%1, CONCAT(%2))) AS UNSIGNED)), 10, 16)), 0) FROM %3")
                                         .arg(cols, nulls, table));
            ptSecs += pt.secs;
            const Proc scan = sqlOn(i, QStringLiteral("SELECT COUNT(*), SUM(LENGTH(_data)), SUM(LENGTH(_from)) FROM %1").arg(table));
            scanSecs += scan.secs;
        }
    }

    // --- capture apply rate ------------------------------------------------------------------------------
    const Proc load = run(shardctl, {QStringLiteral("load"), QStringLiteral("--config"), sb + QStringLiteral("/cluster.yaml"),
                                     QStringLiteral("--defaults-file"), sb + QStringLiteral("/app.cnf"),
                                     QStringLiteral("--rate"), QStringLiteral("3000"), QStringLiteral("--duration"),
                                     QStringLiteral("10"), QStringLiteral("--workers"), QStringLiteral("4")});
    qint64 ops = 0;
    for (const QRegularExpressionMatch &m : QRegularExpression(QStringLiteral("ok (\\d+)")).globalMatch(load.out))
        ops += m.captured(1).toLongLong();
    const Proc catchUp = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), runDir,
                                        QStringLiteral("--until"), QStringLiteral("T3")});
    if (catchUp.code != 0)
        die(QStringLiteral("migrate run --until T3"), catchUp);
    // The engine's own measure of the apply itself (start-up excluded): the last T3 "capture rate" check.
    QString applyLine, firstPreverify;
    const Proc st3 = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"), runDir,
                                    QStringLiteral("--json")});
    for (const QJsonValue &v : QJsonDocument::fromJson(st3.out.toUtf8()).object().value(QStringLiteral("checks")).toArray()) {
        if (v.toObject().value(QStringLiteral("name")).toString() == QLatin1String("capture rate"))
            applyLine = v.toObject().value(QStringLiteral("detail")).toString();
        // The T3 that compared every range (the first one after the copy), while writes could continue.
        if (v.toObject().value(QStringLiteral("name")).toString() == QLatin1String("pre-verification") &&
            v.toObject().value(QStringLiteral("detail")).toString().contains(QLatin1String("key ranges compared")))
            firstPreverify = v.toObject().value(QStringLiteral("detail")).toString();
    }

    // --- write stop under load ---------------------------------------------------------------------------
    QProcess bg;
    bg.start(shardctl, {QStringLiteral("load"), QStringLiteral("--config"), sb + QStringLiteral("/cluster.yaml"),
                        QStringLiteral("--defaults-file"), sb + QStringLiteral("/app.cnf"), QStringLiteral("--rate"),
                        QStringLiteral("300"), QStringLiteral("--duration"), QStringLiteral("15")});
    bg.waitForStarted();
    QThread::sleep(3);
    const Proc stop = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), runDir,
                                     QStringLiteral("--until"), QStringLiteral("T7"), QStringLiteral("--yes")});
    bg.waitForFinished(60000);
    const Proc status2 = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"),
                                        runDir, QStringLiteral("--json")});
    const QJsonObject so2 = QJsonDocument::fromJson(status2.out.toUtf8()).object();
    const double writeStopSec = so2.value(QStringLiteral("writeStopMs")).toDouble() / 1000.0;
    // Where the window goes: each step's own time (the journal's started/finished).
    auto stepSecs = [&](int i) {
        const QJsonObject st = so2.value(QStringLiteral("steps")).toArray().at(i).toObject();
        const QDateTime a = QDateTime::fromString(st.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
        const QDateTime b = QDateTime::fromString(st.value(QStringLiteral("finished")).toString(), Qt::ISODateWithMs);
        return a.isValid() && b.isValid() ? double(a.msecsTo(b)) / 1000.0 : -1.0;
    };
    QString preverified;
    for (const QJsonValue &v : so2.value(QStringLiteral("checks")).toArray())
        if (v.toObject().value(QStringLiteral("name")).toString() == QLatin1String("pre-verification") &&
            v.toObject().value(QStringLiteral("detail")).toString().contains(QLatin1String("key ranges compared")))
            preverified = v.toObject().value(QStringLiteral("detail")).toString();

    const double dumpRate = peerRows / dump.secs;
    const double loadRate = peerRows / loadSecs;
    const double t2Rate = copied / t2.secs;
    const double t2Db0Rate = copiedDb0 / t2.secs;
    out << "\nmigrate_bench, " << messages << " messages, 8 instances, mod-double 4 -> 8 (machine: "
        << QThread::idealThreadCount() << " cores)\n\n";
    out << "Copy (T2)\n";
    out << line(QStringLiteral("  T2, all sources in parallel: rows copied"), double(copied), QStringLiteral("rows")) << '\n';
    out << line(QStringLiteral("  T2, all sources in parallel"), t2Rate, QStringLiteral("rows/s"),
                QStringLiteral("(%1 s)").arg(t2.secs, 0, 'f', 1))
        << '\n';
    out << line(QStringLiteral("  T2, db0's share (db0 -> db4, all tables)"), t2Db0Rate, QStringLiteral("rows/s"),
                QStringLiteral("(%1 rows, %2 of them t_messages)").arg(copiedDb0).arg(copiedDb0Messages))
        << '\n';
    out << line(QStringLiteral("  mariadb-dump --where | mariadb, db0 t_messages moving rows"), dumpRate,
                QStringLiteral("rows/s"), QStringLiteral("(%1 rows, %2 s)").arg(peerRows).arg(dump.secs, 0, 'f', 1))
        << '\n';
    out << line(QStringLiteral("  LOAD DATA INFILE of the same rows (load only)"), loadRate, QStringLiteral("rows/s"),
                QStringLiteral("(+ INTO OUTFILE %1 s)").arg(outfileSecs, 0, 'f', 2))
        << '\n';
    if (mydumperSecs > 0)
        out << line(QStringLiteral("  mydumper | myloader, db0 t_messages WHOLE tables"), wholeRows / mydumperSecs,
                    QStringLiteral("rows/s"), QStringLiteral("(%1 rows, %2 s; 0.10 has no --where)").arg(wholeRows).arg(mydumperSecs, 0, 'f', 1))
            << '\n';
    out << line(QStringLiteral("  ratio T2 (all) / mariadb-dump"), t2Rate / dumpRate, QStringLiteral("x"), QStringLiteral("target >= 1.5")) << '\n';
    out << line(QStringLiteral("  ratio T2 (db0 share) / mariadb-dump"), t2Db0Rate / dumpRate, QStringLiteral("x")) << '\n';
    out << line(QStringLiteral("  ratio T2 (all) / LOAD DATA"), t2Rate / loadRate, QStringLiteral("x"), QStringLiteral("target >= 0.7")) << '\n';
    out << "\nVerify (T5)\n";
    out << line(QStringLiteral("  shardctl migrate verify (every moving table, both sides)"), verify.secs, QStringLiteral("s")) << '\n';
    out << line(QStringLiteral("  shardctl migrate verify --strong-hash (SHA2-256 rows)"), verifyStrong.secs, QStringLiteral("s"),
                QStringLiteral("(%1x the CRC32+CRC32C verify)").arg(verifyStrong.secs / qMax(0.001, verify.secs), 0, 'f', 2))
        << '\n';
    out << line(QStringLiteral("  pt-table-checksum chunk query, t_messages on 8 servers"), ptSecs, QStringLiteral("s")) << '\n';
    out << line(QStringLiteral("  plain scan, t_messages on 8 servers"), scanSecs, QStringLiteral("s")) << '\n';
    out << "  (verify covers every moving logic table; the two references cover t_messages only, the bulk of the rows)\n";
    out << "\nCapture\n";
    out << line(QStringLiteral("  load operations written while no engine ran"), double(ops), QStringLiteral("ops")) << '\n';
    out << line(QStringLiteral("  catch-up (run --until T3, incl. start-up)"), ops / catchUp.secs, QStringLiteral("ops/s"),
                QStringLiteral("(%1 s)").arg(catchUp.secs, 0, 'f', 1))
        << '\n';
    if (!applyLine.isEmpty())
        out << "  engine: " << applyLine << '\n';
    out << "\nWrite stop\n";
    out << line(QStringLiteral("  T4 start -> T7 end under shardctl load --rate 300"), writeStopSec, QStringLiteral("s"),
                stop.code == 0 ? QStringLiteral("target < 2") : QStringLiteral("run failed: ") + stop.err.left(200))
        << '\n';
    out << line(QStringLiteral("  T3 of that run (catch-up, pre-verification of new ranges)"), stepSecs(3), QStringLiteral("s")) << '\n';
    out << line(QStringLiteral("  T4 (read_only, drain)"), stepSecs(4), QStringLiteral("s")) << '\n';
    out << line(QStringLiteral("  T5 (re-check of what changed since T3)"), stepSecs(5), QStringLiteral("s")) << '\n';
    out << line(QStringLiteral("  T6 (config switch)"), stepSecs(6), QStringLiteral("s")) << '\n';
    out << line(QStringLiteral("  T7 (read_only off; trigger drop after it)"), stepSecs(7), QStringLiteral("s")) << '\n';
    if (!firstPreverify.isEmpty())
        out << "  pre-verification, T3 after the copy (outside the write stop): " << firstPreverify << '\n';
    if (!preverified.isEmpty())
        out << "  pre-verification, T3 of the write-stop run: " << preverified << '\n';
    return 0;
}
