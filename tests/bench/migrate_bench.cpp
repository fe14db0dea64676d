// migrate_bench: the migration engine against its peers, side by side on the same sandbox, the same
// rows and the same parallelism (issue 24, item 1). A program, not a test: it prints times and ratios.
//
//   migrate_bench [--messages N | --quick | --big] [--runs N] [--dir DIR] [--keep]
//   migrate_bench --dual-vs-copy [--messages N] [--rate OPS]   (DualVsCopy.h)
//   migrate_bench --growth [--big] [--runs N]   (Growth.h: per-row cost at two sizes, same rounds)
//
// 1. An 8-instance sandbox with N demo messages (default 1,000,000; --quick 250,000; --big 4,000,000) and a mod-double
//    plan (4 -> 8). The work of every copy figure is the plan's moving pairs, broadcast tables
//    included, with one stream per source server and all source servers at once: what T2 does.
// 2. Copy: `shardctl migrate run --until T2` (a fresh run each time; the earlier ones rolled back with
//    --drop-targets) against mariadb-dump --where | mariadb and SELECT INTO OUTFILE + LOAD DATA INFILE
//    (the practical limit) into scratch schemas on the target servers; each peer's row count is
//    checked. mydumper is compared only where it has --where (Debian 12's 0.10 has not).
// 3. Verify: `shardctl migrate verify` against pt-table-checksum's chunk query and a plain scan of the
//    moving rows, both on both sides of every pair, one stream per server, all servers at once.
//    Copy and verify figures are the median of --runs rounds (default 3) with min and max; each round
//    runs the peers and the engine one after the other (the copies in an order that turns with the
//    round), and the ratios of each round are printed too.
// 4. Capture: `shardctl load` writes while no engine runs; the catch-up's rate (one run).
// 5. Write stop: T4..T7 under `shardctl load --rate 300` (that run's steps), then 5 runs each under
//    300 and 3,000 operations/s on fresh 50,000-message sandboxes (median and max).
// 6. Capture apply against the replicas' SQL threads applying the same backlog (a sandbox with
//    --replicas 1: the SQL threads stopped while the load writes, started together after T3).
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
#include <QSet>

#include <algorithm>
#include <functional>
#include <numeric>

#include <sys/resource.h>
#include <unistd.h>

namespace {

QTextStream out(stdout);
QString g_downCommand[2]; // shardctl, sandbox dir: stopped by die() unless --keep

struct Proc
{
    int code = -1;
    QString out, err;
    double secs = 0;
    qint64 peakKb = 0; // the process's peak resident set (VmHWM), sampled every 10 ms while it ran
};

qint64 vmHwmKb(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &l : f.readAll().split('\n'))
        if (l.startsWith("VmHWM:"))
            return l.mid(6).trimmed().split(' ').value(0).toLongLong();
    return 0;
}

Proc run(const QString &program, const QStringList &args, int timeoutSec = 3600)
{
    QProcess p;
    QElapsedTimer t;
    t.start();
    p.start(program, args);
    Proc r;
    bool finished = false;
    if (p.waitForStarted()) {
        const qint64 pid = p.processId();
        while (!finished && t.elapsed() < qint64(timeoutSec) * 1000) {
            r.peakKb = qMax(r.peakKb, vmHwmKb(pid));
            finished = p.waitForFinished(10) || p.state() == QProcess::NotRunning;
        }
    }
    if (!finished) {
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

// CPU seconds a process has used (user + system), from /proc/<pid>/stat; 0 when it is gone.
double cpuSecsOf(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (pid <= 0 || !f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray stat = f.readAll();
    // the fields after the command name (which may hold spaces) in parentheses
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 13)
        return 0;
    return double(fields.at(11).toLongLong() + fields.at(12).toLongLong()) / double(sysconf(_SC_CLK_TCK));
}

// CPU seconds of the waited-for child processes of this program (the clients: shardctl, mariadb-dump,
// mariadb, and what a shell they ran in waited for).
double childCpuSecs()
{
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// `shardctl migrate <args>`; a failure ends the benchmark (die) with `what`.
Proc migrate(const QString &shardctl, const QStringList &args, const QString &what)
{
    const Proc p = run(shardctl, QStringList{QStringLiteral("migrate")} + args);
    if (p.code != 0)
        die(what, p);
    return p;
}

// A run of the plan created in runDir and taken to the end of T1 (T2 is the caller's to time).
void createToT1(const QString &shardctl, const QString &planJson, const QString &runDir)
{
    migrate(shardctl, {QStringLiteral("create"), QStringLiteral("--plan"), planJson, QStringLiteral("--run"), runDir,
                       QStringLiteral("--observe"), QStringLiteral("0")},
            QStringLiteral("migrate create"));
    migrate(shardctl, {QStringLiteral("run"), QStringLiteral("--run"), runDir, QStringLiteral("--until"), QStringLiteral("T1")},
            QStringLiteral("migrate run --until T1"));
}

// `migrate run --until T2` of a run at T1, timed by the caller from before the call to its return.
Proc runT2(const QString &shardctl, const QString &runDir)
{
    return migrate(shardctl, {QStringLiteral("run"), QStringLiteral("--run"), runDir, QStringLiteral("--until"), QStringLiteral("T2")},
                   QStringLiteral("migrate run --until T2"));
}

// The rows the run's copy wrote, summed over its pairs (`migrate status --json`); *status: the call.
qint64 copiedBy(const QString &shardctl, const QString &runDir, Proc *status)
{
    *status = migrate(shardctl, {QStringLiteral("status"), QStringLiteral("--run"), runDir, QStringLiteral("--json")},
                      QStringLiteral("migrate status"));
    qint64 copied = 0;
    for (const QJsonValue &v : QJsonDocument::fromJson(status->out.toUtf8()).object().value(QStringLiteral("progress")).toArray())
        copied += v.toObject().value(QStringLiteral("copied")).toInteger();
    return copied;
}

// The run rolled back and its target tables dropped: the sandbox as before the run.
void rollbackDropping(const QString &shardctl, const QString &runDir)
{
    migrate(shardctl, {QStringLiteral("rollback"), QStringLiteral("--run"), runDir, QStringLiteral("--drop-targets"), QStringLiteral("--yes")},
            QStringLiteral("migrate rollback --drop-targets"));
}

QString line(const QString &label, double value, const QString &unit, const QString &note = {})
{
    return label.leftJustified(58) + QString::number(value, 'f', value < 10 ? 2 : 0).rightJustified(12) +
           QLatin1Char(' ') + unit + (note.isEmpty() ? QString() : QStringLiteral("  ") + note);
}

} // namespace

#include "PeerWork.h"
#include "DualVsCopy.h"
#include "Growth.h"

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
    parser.addOption({QStringLiteral("runs"), QStringLiteral("Runs of each copy and verify figure (median, min, max; default 3)."),
                      QStringLiteral("N"), QStringLiteral("3")});
    parser.addOption({QStringLiteral("quick"), QStringLiteral("250,000 messages (unless --messages is given): a run of a few minutes.")});
    parser.addOption({QStringLiteral("big"), QStringLiteral("4,000,000 messages (unless --messages is given): the cost as data grows.")});
    parser.addOption({QStringLiteral("keep"), QStringLiteral("Keep the sandbox running and the directory.")});
    parser.addOption({QStringLiteral("dual-vs-copy"),
                      QStringLiteral("Only compare dual-master doubling with modulo doubling by copy (write stop, time) "
                                     "under --rate load, each on its own sandbox with the same data.")});
    parser.addOption({QStringLiteral("growth"),
                      QStringLiteral("Only the cost per row of T2 and verify at 250,000 and 1,000,000 messages (--big: "
                                     "1,000,000 and 4,000,000), both sandboxes up, rounds interleaved.")});
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
    const QString messages = parser.isSet(QStringLiteral("messages")) ? parser.value(QStringLiteral("messages"))
                             : parser.isSet(QStringLiteral("quick")) ? QStringLiteral("250000")
                             : parser.isSet(QStringLiteral("big"))   ? QStringLiteral("4000000")
                                                                     : parser.value(QStringLiteral("messages"));
    if (parser.isSet(QStringLiteral("dual-vs-copy")))
        return dualVsCopy(shardctl, work, messages, parser.value(QStringLiteral("rate")));
    if (parser.isSet(QStringLiteral("growth"))) {
        const int n = parser.value(QStringLiteral("runs")).toInt();
        return growth(shardctl, work, parser.isSet(QStringLiteral("big")), n > 0 ? n : 3);
    }

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
    struct Cleanup
    {
        QString shardctl, sb;
        bool keep; // (set once the sandbox is already down)
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

    // --- the work: every moving pair of the plan ---------------------------------------------------------
    // Every peer moves exactly these rows (the plan's pairs, broadcast tables included), with the
    // engine's parallelism: one stream per source server, all source servers at once (PeerWork.h).
    PeerWork peers(sb, planDir + QStringLiteral("/plan.json"));
    const QVector<Pair> &pairs = peers.pairs();
    const QSet<int> &sourceNodes = peers.sourceNodes();
    const QSet<int> &allNodes = peers.allNodes();
    const qint64 movingRows = peers.movingRows();
    auto sqlOn = [&](int i, const QString &sql) { return peers.sqlOn(i, sql); };
    auto sock = [&](int i) { return peers.sock(i); };
    auto parallel = [](const QMap<int, QStringList> &streams) { return PeerWork::parallel(streams); };
    auto scratch = [&](const QString &prefix) { peers.scratch(prefix); };
    auto countIn = [&](const QString &prefix) { return peers.countIn(prefix); };
    // The CPU of each side while a figure ran: the source servers, the target servers, the clients.
    struct Cpu
    {
        double sources = 0, targets = 0, clients = 0;
    };
    auto serverPid = [&](int node) {
        QFile f(sb + QStringLiteral("/node%1/mysqld.pid").arg(node));
        return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().toLongLong() : qint64(0);
    };
    auto cpuNow = [&] {
        Cpu c;
        for (int node : std::as_const(allNodes))
            (sourceNodes.contains(node) ? c.sources : c.targets) += cpuSecsOf(serverPid(node));
        c.clients = childCpuSecs();
        return c;
    };
    const int runs = parser.value(QStringLiteral("runs")).toInt() > 0 ? parser.value(QStringLiteral("runs")).toInt() : 3;
    struct Figure
    {
        QVector<double> secs;
        QVector<Cpu> cpu; // each round's CPU by side
        // "CPU s: sources 2.7, targets 5.3, clients 1.0" of the median round
        QString cpuLine() const
        {
            if (cpu.size() != secs.size() || secs.isEmpty())
                return QStringLiteral("not measured");
            QVector<qsizetype> order(secs.size());
            std::iota(order.begin(), order.end(), 0);
            std::sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) { return secs[a] < secs[b]; });
            const Cpu &c = cpu[order[order.size() / 2]];
            return QStringLiteral("sources %1, targets %2, clients %3 (CPU s, the median round)")
                .arg(c.sources, 0, 'f', 2)
                .arg(c.targets, 0, 'f', 2)
                .arg(c.clients, 0, 'f', 2);
        }
        void add(double s, const Cpu &before, const Cpu &after)
        {
            secs << s;
            cpu << Cpu{after.sources - before.sources, after.targets - before.targets, after.clients - before.clients};
        }
        double median() const
        {
            QVector<double> v = secs;
            std::sort(v.begin(), v.end());
            return v.isEmpty() ? -1 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
        }
        // "per round 1.52, 1.61, 1.48": each round's ratio of `other`'s time to this one's (or this one's
        // to `other`'s); the rounds interleave, so a round's two sides ran under the same conditions.
        QString roundRatios(const Figure &other, bool inverse = false) const
        {
            QStringList out;
            for (qsizetype i = 0; i < qMin(secs.size(), other.secs.size()); ++i)
                out << QString::number(inverse ? secs[i] / other.secs[i] : other.secs[i] / secs[i], 'f', 2);
            return QStringLiteral("per round ") + out.join(QStringLiteral(", "));
        }
        QString span() const
        {
            if (secs.isEmpty())
                return QStringLiteral("not measured");
            return QStringLiteral("median of %1, min %2 s, max %3 s")
                .arg(secs.size())
                .arg(*std::min_element(secs.begin(), secs.end()), 0, 'f', 2)
                .arg(*std::max_element(secs.begin(), secs.end()), 0, 'f', 2);
        }
    };

    // --- the copies: each round runs the three contenders, so that a slower spell of the machine falls
    // on both sides of a ratio rather than on one (rounds interleaved, medians over rounds). The order
    // turns with the round (round r starts with contender r mod 3: dump, LOAD DATA, T2 / LOAD DATA, T2,
    // dump / T2, dump, LOAD DATA), so that no contender always goes first or always follows the same
    // one; a peer's scratch schemas are dropped as soon as it has been counted. -------------------------
    Figure dumpFig, loadFig;
    const QString files = PeerWork::filesDir(work);
    // The engine: T2 once per round (each but the last rolled back with its target tables).
    Figure t2Fig;
    qint64 t2PeakKb = 0, verifyPeakKb = 0;
    qint64 copied = 0;
    QString runDir;
    auto dropPeers = [&] { peers.dropPeers(); };
    auto runDump = [&] {
        scratch(QStringLiteral("peer_dump"));
        QMap<int, QStringList> streams;
        for (const Pair &pr : pairs)
            streams[pr.src] << QStringLiteral("mariadb-dump -S %1 -uroot --no-create-info --skip-add-locks --single-transaction "
                                              "--where %2 fsharechat %3 | mariadb -S %4 -uroot peer_dump_%5")
                                   .arg(q(sock(pr.src)), q(pr.pred), q(pr.table), q(sock(pr.dst)), pr.srcDs);
        const Cpu cpu0_dumpFig = cpuNow();
        const Proc dump = parallel(streams);
        const Cpu cpu1_dumpFig = cpuNow(); // before the count: its scans and clients are not the copy's
        if (dump.code != 0 || countIn(QStringLiteral("peer_dump")) != movingRows)
            die(QStringLiteral("mariadb-dump | mariadb (or its row count)"), dump);
        dumpFig.add(dump.secs, cpu0_dumpFig, cpu1_dumpFig);
        dropPeers();
    };
    auto runLoad = [&] {
        Cpu cpu0_loadFig, cpu1_loadFig;
        const Proc load = peers.loadData(files, [&] { cpu0_loadFig = cpuNow(); }, [&] { cpu1_loadFig = cpuNow(); });
        loadFig.add(load.secs, cpu0_loadFig, cpu1_loadFig);
        dropPeers();
    };
    auto runEngine = [&](int r) {
        runDir = work + QStringLiteral("/run%1").arg(r);
        createToT1(shardctl, planDir + QStringLiteral("/plan.json"), runDir);
        const Cpu cpu0_t2Fig = cpuNow();
        const Proc t2 = runT2(shardctl, runDir);
        t2Fig.add(t2.secs, cpu0_t2Fig, cpuNow());
        t2PeakKb = qMax(t2PeakKb, t2.peakKb);
        Proc status;
        copied = copiedBy(shardctl, runDir, &status);
        if (r + 1 < runs)
            rollbackDropping(shardctl, runDir);
    };
    dropPeers();
    for (int r = 0; r < runs; ++r)
        for (int k = 0; k < 3; ++k)
            switch ((r + k) % 3) {
            case 0:
                runDump();
                break;
            case 1:
                runLoad();
                break;
            default:
                runEngine(r);
            }
    // mydumper 0.10 (Debian 12) has no --where: it cannot move the same rows, so it is not compared.
    const bool mydumperWhere =
        !QStandardPaths::findExecutable(QStringLiteral("mydumper")).isEmpty() &&
        run(QStringLiteral("mydumper"), {QStringLiteral("--help")}).out.contains(QLatin1String("--where"));

    // --- verification against a plain scan and pt-table-checksum's chunk query, same rows, same streams ----
    Figure verifyFig, strongFig, ptFig, scanFig;
    // The same comparison with the cryptographic row hash (issue 21: the cost of both, side by side).
    const Proc verifyStrong = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("verify"), QStringLiteral("--run"),
                                             runDir, QStringLiteral("--strong-hash")});
    if (verifyStrong.code != 0)
        die(QStringLiteral("migrate verify --strong-hash"), verifyStrong);
    strongFig.secs << verifyStrong.secs;
    // Both sides of every pair: the source table's moving rows and the target table's (the same predicate).
    QHash<QString, QPair<QString, QString>> colsOf; // table -> (columns, ISNULL of the nullable ones)
    for (const Pair &pr : pairs)
        if (!colsOf.contains(pr.table)) {
            const Proc c = sqlOn(pr.src, QStringLiteral("SELECT GROUP_CONCAT(CONCAT('`', COLUMN_NAME, '`') ORDER BY ORDINAL_POSITION), "
                                                        "IFNULL(GROUP_CONCAT(IF(IS_NULLABLE = 'YES', CONCAT('ISNULL(`', COLUMN_NAME, '`)'), NULL) "
                                                        "ORDER BY ORDINAL_POSITION), '') FROM information_schema.COLUMNS "
                                                        "WHERE TABLE_SCHEMA = 'fsharechat' AND TABLE_NAME = '%1'")
                                         .arg(pr.table));
            colsOf.insert(pr.table, {c.out.section(QLatin1Char('\t'), 0, 0).trimmed(), c.out.section(QLatin1Char('\t'), 1).trimmed()});
        }
    // One client session per server (as the engine keeps one connection per stream): every query of
    // that server's side of the pairs, one after another.
    auto bothSides = [&](const std::function<QString(const QString &table, const QString &pred)> &query) {
        QMap<int, QString> sqlOf;
        for (const Pair &pr : pairs) {
            sqlOf[pr.src] += query(QStringLiteral("fsharechat.`%1`").arg(pr.table), pr.pred) + QStringLiteral(";\n");
            sqlOf[pr.dst] += query(QStringLiteral("fsharechat.`%1`").arg(pr.dstTable), pr.pred) + QStringLiteral(";\n");
        }
        QMap<int, QStringList> streams;
        for (auto it = sqlOf.cbegin(); it != sqlOf.cend(); ++it)
            streams[it.key()] << QStringLiteral("mariadb -S %1 -uroot -N -B -e %2 >/dev/null").arg(q(sock(it.key())), q(it.value()));
        return parallel(streams);
    };
    auto tableOfQuery = [](const QString &qualified) { return qualified.section(QLatin1Char('`'), 1, 1); };
    // Interleaved like the copies: per round the engine, then pt's query, then the scan.
    for (int r = 0; r < runs; ++r) {
        const Cpu cpu0_verifyFig = cpuNow();
        const Proc verify = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("verify"), QStringLiteral("--run"), runDir});
        if (verify.code != 0)
            die(QStringLiteral("migrate verify"), verify);
        verifyFig.add(verify.secs, cpu0_verifyFig, cpuNow());
        verifyPeakKb = qMax(verifyPeakKb, verify.peakKb);
        const Cpu cpu0_ptFig = cpuNow();
        const Proc pt = bothSides([&](const QString &t, const QString &pred) {
            const auto c = colsOf.value(tableOfQuery(t));
            const QString nulls = c.second.isEmpty() ? QString() : QStringLiteral(", CONCAT(%1)").arg(c.second);
            return QStringLiteral("SELECT COUNT(*), COALESCE(LOWER(CONV(BIT_XOR(CAST(CRC32(CONCAT_WS('#', %1%2)) AS UNSIGNED)), "
                                  "10, 16)), 0) FROM %3 WHERE %4")
                .arg(c.first, nulls, t, pred);
        });
        if (pt.code != 0)
            die(QStringLiteral("pt-table-checksum's chunk query"), pt);
        ptFig.add(pt.secs, cpu0_ptFig, cpuNow());
        const Cpu cpu0_scanFig = cpuNow();
        const Proc scan = bothSides([&](const QString &t, const QString &pred) {
            return QStringLiteral("SELECT COUNT(*), SUM(LENGTH(CONCAT_WS('#', %1))) FROM %2 WHERE %3")
                .arg(colsOf.value(tableOfQuery(t)).first, t, pred);
        });
        if (scan.code != 0)
            die(QStringLiteral("plain scan"), scan);
        scanFig.add(scan.secs, cpu0_scanFig, cpuNow());
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

    const double t2 = t2Fig.median(), dumpT = dumpFig.median(), loadT = loadFig.median();
    const double verifyT = verifyFig.median(), ptT = ptFig.median(), scanT = scanFig.median();
    out << "\nmigrate_bench, " << messages << " messages, 8 instances, mod-double 4 -> 8 (machine: "
        << QThread::idealThreadCount() << " cores); every figure: the same " << pairs.size()
        << " moving pairs (" << movingRows << " rows, broadcast tables included), one stream per server, all servers at once\n\n";
    out << "Copy (T2)\n";
    if (copied != movingRows)
        out << "  NOTE: the engine copied " << copied << " rows, the pairs hold " << movingRows << '\n';
    out << line(QStringLiteral("  shardctl migrate run --until T2"), t2, QStringLiteral("s"), t2Fig.span()) << '\n';
    out << line(QStringLiteral("  T2 per 1,000 rows copied"), 1.0e6 * t2 / double(movingRows), QStringLiteral("ms")) << '\n';
    out << line(QStringLiteral("  peak RSS of shardctl migrate run --until T2"), double(t2PeakKb) / 1024.0, QStringLiteral("MiB")) << '\n';
    out << line(QStringLiteral("  mariadb-dump --where | mariadb"), dumpT, QStringLiteral("s"), dumpFig.span()) << '\n';
    out << line(QStringLiteral("  SELECT INTO OUTFILE + LOAD DATA INFILE"), loadT, QStringLiteral("s"), loadFig.span()) << '\n';
    out << (mydumperWhere ? "  (mydumper has --where here but is not run yet)\n"
                          : "  mydumper/myloader: not compared (this mydumper has no --where; it cannot move the same rows)\n");
    out << "  CPU of T2:         " << t2Fig.cpuLine() << '\n';
    out << "  CPU of the dump:   " << dumpFig.cpuLine() << '\n';
    out << "  CPU of LOAD DATA:  " << loadFig.cpuLine() << '\n';
    out << line(QStringLiteral("  T2 speed / mariadb-dump's"), dumpT / t2, QStringLiteral("x"),
                QStringLiteral("goal >= 1.5; ") + t2Fig.roundRatios(dumpFig)) << '\n';
    out << line(QStringLiteral("  T2 speed / LOAD DATA's"), loadT / t2, QStringLiteral("x"),
                QStringLiteral("goal >= 0.8; ") + t2Fig.roundRatios(loadFig)) << '\n';
    out << "\nVerify (T5)\n";
    out << line(QStringLiteral("  shardctl migrate verify"), verifyT, QStringLiteral("s"), verifyFig.span()) << '\n';
    out << line(QStringLiteral("  verify per 1,000 rows compared"), 1.0e6 * verifyT / double(movingRows), QStringLiteral("ms")) << '\n';
    out << line(QStringLiteral("  peak RSS of shardctl migrate verify"), double(verifyPeakKb) / 1024.0, QStringLiteral("MiB")) << '\n';
    out << line(QStringLiteral("  shardctl migrate verify --strong-hash (SHA2-256 rows)"), verifyStrong.secs, QStringLiteral("s"),
                QStringLiteral("(%1x the CRC32+CRC32C verify; one run)").arg(verifyStrong.secs / qMax(0.001, verifyT), 0, 'f', 2))
        << '\n';
    out << line(QStringLiteral("  pt-table-checksum's chunk query, both sides"), ptT, QStringLiteral("s"), ptFig.span()) << '\n';
    out << line(QStringLiteral("  plain scan of the moving rows, both sides"), scanT, QStringLiteral("s"), scanFig.span()) << '\n';
    out << "  CPU of verify:     " << verifyFig.cpuLine() << '\n';
    out << "  CPU of pt's query: " << ptFig.cpuLine() << '\n';
    out << "  CPU of the scan:   " << scanFig.cpuLine() << '\n';
    out << line(QStringLiteral("  verify time / plain scan's"), verifyT / scanT, QStringLiteral("x"),
                QStringLiteral("goal <= 1.3; ") + verifyFig.roundRatios(scanFig, true)) << '\n';
    out << line(QStringLiteral("  verify time / pt-table-checksum's"), verifyT / ptT, QStringLiteral("x"),
                QStringLiteral("goal <= 1.0; ") + verifyFig.roundRatios(ptFig, true)) << '\n';
    out << "\nCapture\n";
    out << line(QStringLiteral("  load operations written while no engine ran"), double(ops), QStringLiteral("ops")) << '\n';
    out << line(QStringLiteral("  catch-up (run --until T3, incl. start-up)"), ops / catchUp.secs, QStringLiteral("ops/s"),
                QStringLiteral("(%1 s)").arg(catchUp.secs, 0, 'f', 1))
        << '\n';
    out << line(QStringLiteral("  peak RSS of that shardctl migrate run --until T3"), double(catchUp.peakKb) / 1024.0, QStringLiteral("MiB")) << '\n';
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

    // --- the write stop under 300 and 3,000 operations/s, five runs each ---------------------------------
    // Each run on a fresh small sandbox (the stop depends on the changes since T3, not on the data
    // size): T0..T3, then `shardctl load` at the rate, then T4..T7; the run's own writeStopMs.
    out.flush();
    if (!parser.isSet(QStringLiteral("keep"))) { // the big sandbox first: one sandbox at a time
        run(shardctl, {QStringLiteral("sandbox"), QStringLiteral("down"), QStringLiteral("--dir"), sb});
        cleanup.keep = true;
    }
    // A fresh 50,000-message sandbox in w/sandbox, a mod-double plan and a run in w/run continued to
    // `until` (stopped by die() on a failure).
    auto freshRun = [&](const QString &w, const QStringList &upExtra, const QStringList &createExtra, const QString &until) {
        const QString wsb = w + QStringLiteral("/sandbox");
        g_downCommand[0] = shardctl;
        g_downCommand[1] = wsb;
        const Proc wup = run(shardctl, QStringList{QStringLiteral("sandbox"), QStringLiteral("up"), QStringLiteral("--dir"), wsb,
                                                   QStringLiteral("--rows"), QStringLiteral("50000")} + upExtra);
        if (wup.code != 0)
            die(QStringLiteral("sandbox up in ") + w, wup);
        const Proc wplan = run(shardctl, {QStringLiteral("plan"), QStringLiteral("--config"), wsb + QStringLiteral("/cluster.yaml"),
                                          QStringLiteral("--live"), QStringLiteral("--strategy"), QStringLiteral("mod-double"),
                                          QStringLiteral("--out"), w + QStringLiteral("/plan")});
        const Proc wcreate = run(shardctl, QStringList{QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"),
                                                       w + QStringLiteral("/plan/plan.json"), QStringLiteral("--run"),
                                                       w + QStringLiteral("/run"), QStringLiteral("--observe"), QStringLiteral("0")} +
                                               createExtra);
        const Proc wrun = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"),
                                         w + QStringLiteral("/run"), QStringLiteral("--until"), until});
        if (wplan.code != 0 || wcreate.code != 0 || wrun.code != 0)
            die(QStringLiteral("plan/create/run --until %1 in %2").arg(until, w),
                wplan.code != 0 ? wplan : wcreate.code != 0 ? wcreate : wrun);
    };
    out << "\nWrite stop, T4 start -> T7 end, 5 runs per rate (each on a fresh 50,000-message sandbox, load with 4 workers)\n";
    for (const int rate : {300, 3000}) {
        QVector<double> stops;
        for (int i = 0; i < 5; ++i) {
            const QString w = work + QStringLiteral("/stop-%1-%2").arg(rate).arg(i);
            const QString wsb = w + QStringLiteral("/sandbox");
            freshRun(w, {}, {}, QStringLiteral("T3"));
            QProcess wload;
            wload.start(shardctl, {QStringLiteral("load"), QStringLiteral("--config"), wsb + QStringLiteral("/cluster.yaml"),
                                   QStringLiteral("--defaults-file"), wsb + QStringLiteral("/app.cnf"), QStringLiteral("--rate"),
                                   QString::number(rate), QStringLiteral("--workers"), QStringLiteral("4"),
                                   QStringLiteral("--duration"), QStringLiteral("60")});
            wload.waitForStarted();
            QThread::sleep(3);
            const Proc wstop = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"),
                                              w + QStringLiteral("/run"), QStringLiteral("--until"), QStringLiteral("T7"),
                                              QStringLiteral("--yes")});
            wload.kill();
            wload.waitForFinished(10000);
            const Proc wst = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"),
                                            w + QStringLiteral("/run"), QStringLiteral("--json")});
            run(shardctl, {QStringLiteral("sandbox"), QStringLiteral("down"), QStringLiteral("--dir"), wsb});
            g_downCommand[0].clear();
            if (wstop.code != 0)
                die(QStringLiteral("migrate run --until T7 (write stop)"), wstop);
            stops << QJsonDocument::fromJson(wst.out.toUtf8()).object().value(QStringLiteral("writeStopMs")).toDouble() / 1000.0;
        }
        Figure f;
        f.secs = stops;
        out << line(QStringLiteral("  under shardctl load --rate %1").arg(rate), f.median(), QStringLiteral("s"),
                    QStringLiteral("median of 5, max %1 s").arg(*std::max_element(stops.begin(), stops.end()), 0, 'f', 2))
            << '\n';
        out.flush();
    }

    // --- capture apply against MariaDB's replica SQL thread, the same backlog -----------------------------
    // A fresh 50,000-message sandbox whose sources each have a replica. After T2, the replicas' SQL
    // threads stop (their IO threads keep fetching) while `shardctl load` writes; then the engine
    // catches up (T3, its own apply measure) and, after it, the four SQL threads start at once and
    // apply the same binlog events, single-threaded each: one stream per source on both sides.
    {
        const QString w = work + QStringLiteral("/apply");
        const QString wsb = w + QStringLiteral("/sandbox");
        // (the replicas are held back on purpose: the reference, not a throttle reason)
        freshRun(w, {QStringLiteral("--replicas"), QStringLiteral("1")}, {QStringLiteral("--max-lag"), QStringLiteral("0")},
                 QStringLiteral("T2"));
        auto replicaSql = [&](int primary, const QString &sql) {
            return run(QStringLiteral("mariadb"), {QStringLiteral("-S"), wsb + QStringLiteral("/node%1r1/mysqld.sock").arg(primary),
                                                   QStringLiteral("-uroot"), QStringLiteral("-N"), QStringLiteral("-B"),
                                                   QStringLiteral("-e"), sql});
        };
        for (int i = 0; i < 4; ++i) {
            const Proc st = replicaSql(i, QStringLiteral("STOP SLAVE SQL_THREAD"));
            if (st.code != 0)
                die(QStringLiteral("STOP SLAVE SQL_THREAD on node%1r1").arg(i), st);
        }
        const Proc wload = run(shardctl, {QStringLiteral("load"), QStringLiteral("--config"), wsb + QStringLiteral("/cluster.yaml"),
                                          QStringLiteral("--defaults-file"), wsb + QStringLiteral("/app.cnf"), QStringLiteral("--rate"),
                                          QStringLiteral("3000"), QStringLiteral("--duration"), QStringLiteral("10"),
                                          QStringLiteral("--workers"), QStringLiteral("4")});
        qint64 wops = 0;
        for (const QRegularExpressionMatch &m : QRegularExpression(QStringLiteral("ok (\\d+)")).globalMatch(wload.out))
            wops += m.captured(1).toLongLong();
        const Proc wt3 = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"),
                                        w + QStringLiteral("/run"), QStringLiteral("--until"), QStringLiteral("T3")},
                            600);
        if (wt3.code != 0)
            die(QStringLiteral("migrate run --until T3 (apply)"), wt3);
        QString engineApply;
        double engineRate = -1;
        const Proc wst = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"),
                                        w + QStringLiteral("/run"), QStringLiteral("--json")});
        for (const QJsonValue &v : QJsonDocument::fromJson(wst.out.toUtf8()).object().value(QStringLiteral("checks")).toArray())
            if (v.toObject().value(QStringLiteral("name")).toString() == QLatin1String("capture rate"))
                engineApply = v.toObject().value(QStringLiteral("detail")).toString();
        // The same events on both sides: the backlog the load wrote, from the end of T2 (both start
        // there) until applied. The engine's catch-up time is T3's own (start-up excluded); it reads and
        // routes every event and writes only the moving rows' changes, the replicas write them all.
        const QRegularExpressionMatch em =
            QRegularExpression(QStringLiteral("applied (\\d+) row changes in ([0-9.]+) s")).match(engineApply);
        double engineSecs = -1;
        if (em.hasMatch() && em.captured(2).toDouble() > 0) {
            engineSecs = em.captured(2).toDouble();
            engineRate = double(wops) / engineSecs;
        }
        // The replicas: the backlog fetched, then the SQL threads started together, each timed by its
        // own server from START SLAVE SQL_THREAD until MASTER_POS_WAIT reaches its primary's binlog end
        // (no polling in the measure); the figure is the slowest of the four.
        QThread::sleep(2); // the IO threads fetch what is left
        QStringList ends;
        for (int i = 0; i < 4; ++i) {
            const Proc ms = run(QStringLiteral("mariadb"), {QStringLiteral("-S"), wsb + QStringLiteral("/node%1/mysqld.sock").arg(i),
                                                            QStringLiteral("-uroot"), QStringLiteral("-N"), QStringLiteral("-B"),
                                                            QStringLiteral("-e"), QStringLiteral("SHOW MASTER STATUS")});
            const QStringList f = ms.out.trimmed().split(QLatin1Char('\t'));
            if (ms.code != 0 || f.size() < 2)
                die(QStringLiteral("SHOW MASTER STATUS on node%1").arg(i), ms);
            ends << QStringLiteral("'%1', %2").arg(f.at(0), f.at(1));
        }
        QString script;
        for (int i = 0; i < 4; ++i)
            script += QStringLiteral("mariadb -S %1 -uroot -N -B -e %2 > %3 &\n")
                          .arg(q(wsb + QStringLiteral("/node%1r1/mysqld.sock").arg(i)),
                               q(QStringLiteral("SET @t0 = NOW(6); START SLAVE SQL_THREAD; SELECT MASTER_POS_WAIT(%1, 300); "
                                                "SELECT TIMESTAMPDIFF(MICROSECOND, @t0, NOW(6))")
                                     .arg(ends.at(i))),
                               q(w + QStringLiteral("/replica%1.out").arg(i)));
        script += QStringLiteral("wait\n");
        sh(script);
        bool all = true;
        double replicaSecs = 0;
        for (int i = 0; i < 4; ++i) {
            QFile f(w + QStringLiteral("/replica%1.out").arg(i));
            const QStringList lines = f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).trimmed().split(QLatin1Char('\n'))
                                                                  : QStringList();
            // MASTER_POS_WAIT: events waited for (>= 0), -1 on timeout, NULL when the thread stopped.
            if (lines.size() < 2 || lines.at(0).trimmed().toLongLong() < 0 || lines.at(0).trimmed() == QLatin1String("NULL")) {
                all = false;
                continue;
            }
            replicaSecs = qMax(replicaSecs, lines.at(1).trimmed().toDouble() / 1e6);
        }
        run(shardctl, {QStringLiteral("sandbox"), QStringLiteral("down"), QStringLiteral("--dir"), wsb});
        g_downCommand[0].clear();
        out << "\nCapture apply against the replica SQL thread (fresh 50,000-message sandbox, a replica per source, "
               "load 10 s at 3,000 ops/s with 4 workers)\n";
        out << line(QStringLiteral("  load operations in the backlog"), double(wops), QStringLiteral("ops")) << '\n';
        out << "  engine: " << (engineApply.isEmpty() ? QStringLiteral("no capture rate check") : engineApply) << '\n';
        if (!all)
            out << "  replicas did not catch up within 300 s\n";
        else {
            const double replicaRate = wops / replicaSecs;
            out << line(QStringLiteral("  4 replica SQL threads, the same events"), replicaRate, QStringLiteral("ops/s"),
                        QStringLiteral("(%1 s, timed by each replica: START SLAVE SQL_THREAD to MASTER_POS_WAIT)").arg(replicaSecs, 0, 'f', 2))
                << '\n';
            if (engineRate > 0) {
                out << line(QStringLiteral("  engine, the same events"), engineRate, QStringLiteral("ops/s"),
                            QStringLiteral("(%1 s)").arg(engineSecs, 0, 'f', 2))
                    << '\n';
                out << line(QStringLiteral("  engine catch-up rate / replicas'"), engineRate / replicaRate, QStringLiteral("x"),
                            QStringLiteral("goal >= 1 (same events; the engine writes only the moving rows' changes)"))
                    << '\n';
            }
        }
    }
    return 0;
}
