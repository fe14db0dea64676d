// migrate_bench --growth: the cost per row of T2 and of `migrate verify` at two data sizes measured in
// the same rounds (issue 24, item 5). Two 8-instance sandboxes stay up side by side (250,000 and
// 1,000,000 messages; with --big 1,000,000 and 4,000,000); every round runs T2 then verify on one, then
// on the other (the order alternating per round), so a slower spell of the machine falls on both sizes
// rather than on one, as it does when the two sizes are separate migrate_bench runs minutes apart.
// A reference with no engine in it: CHECKSUM TABLE ... EXTENDED of every table of the four source
// servers, one client per server, all at once (what reading every row costs at each size). And the limit
// of a copy on the same pairs with the same streams, per round just before T2: SELECT INTO OUTFILE +
// LOAD DATA INFILE (PeerWork.h); T2's time over its time at each size says how much of a change in
// cost per row is the engine's own and how much the servers'.
// Included by migrate_bench.cpp after its helpers (run, die, line).
#pragma once

namespace {

struct GrowthSide
{
    QString messages, sb, planDir;
    qint64 copied = 0, tableRows = 0;
    QVector<double> t2PerRow, verifyPerRow, scanPerRow; // ms per 1,000 rows, one per round
    QVector<double> t2CpuPerRow; // CPU ms per 1,000 rows of T2: the sandbox's 8 servers and shardctl
    QVector<double> t2SourceCpu, t2TargetCpu, t2ClientCpu; // the same by side: servers 0-3, 4-7, shardctl
    QVector<double> t2Busy;      // the machine's busy fraction while T2 ran (/proc/stat, every process)
    QVector<double> loadPerRow;  // the parallel INTO OUTFILE + LOAD DATA of the same pairs (PeerWork.h)
    QVector<double> t2OverLoad;  // T2's time over LOAD DATA's in the same round
    qint64 t2PeakKb = 0;
    std::shared_ptr<PeerWork> peers;
};

double medianOf(QVector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? -1 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

QString spanOf(const QVector<double> &v)
{
    if (v.isEmpty())
        return QStringLiteral("not measured");
    return QStringLiteral("median of %1, min %2, max %3")
        .arg(v.size())
        .arg(*std::min_element(v.begin(), v.end()), 0, 'f', 2)
        .arg(*std::max_element(v.begin(), v.end()), 0, 'f', 2);
}

// CPU seconds of a sandbox's servers `first`..`last` (their pid files); mod-double 4 -> 8 copies from
// servers 0-3 to 4-7.
double sandboxCpuSecs(const QString &sb, int first, int last)
{
    double s = 0;
    for (int node = first; node <= last; ++node) {
        QFile f(sb + QStringLiteral("/node%1/mysqld.pid").arg(node));
        if (f.open(QIODevice::ReadOnly))
            s += cpuSecsOf(f.readAll().trimmed().toLongLong());
    }
    return s;
}

// The machine's clock ticks so far, all and idle (the first line of /proc/stat: user, nice, system, idle,
// iowait, irq, softirq, steal; guest time is inside user's).
QPair<qint64, qint64> machineTicks()
{
    QFile f(QStringLiteral("/proc/stat"));
    if (!f.open(QIODevice::ReadOnly))
        return {0, 0};
    const QList<QByteArray> v = f.readLine().simplified().split(' ');
    qint64 all = 0;
    for (int i = 1; i <= 8 && i < v.size(); ++i)
        all += v.at(i).toLongLong();
    return {all, v.value(4).toLongLong() + v.value(5).toLongLong()}; // idle + iowait
}

int growth(const QString &shardctl, const QString &work, bool big, int runs)
{
    GrowthSide sides[2];
    sides[0].messages = big ? QStringLiteral("1000000") : QStringLiteral("250000");
    sides[1].messages = big ? QStringLiteral("4000000") : QStringLiteral("1000000");
    struct Down
    {
        QString shardctl;
        QStringList dirs;
        ~Down()
        {
            for (const QString &d : dirs)
                run(shardctl, {QStringLiteral("sandbox"), QStringLiteral("down"), QStringLiteral("--dir"), d});
        }
    } down{shardctl, {}};
    for (GrowthSide &s : sides) {
        s.sb = work + QStringLiteral("/sandbox-") + s.messages;
        s.planDir = work + QStringLiteral("/plan-") + s.messages;
        out << "migrate_bench --growth: sandbox with " << s.messages << " messages in " << s.sb << " ...\n";
        out.flush();
        const Proc up = run(shardctl, {QStringLiteral("sandbox"), QStringLiteral("up"), QStringLiteral("--dir"), s.sb,
                                       QStringLiteral("--rows"), s.messages});
        down.dirs << s.sb;
        if (up.code != 0)
            die(QStringLiteral("sandbox up"), up);
        const Proc plan = run(shardctl, {QStringLiteral("plan"), QStringLiteral("--config"), s.sb + QStringLiteral("/cluster.yaml"),
                                         QStringLiteral("--live"), QStringLiteral("--strategy"), QStringLiteral("mod-double"),
                                         QStringLiteral("--out"), s.planDir});
        if (plan.code != 0)
            die(QStringLiteral("plan"), plan);
        s.peers = std::make_shared<PeerWork>(s.sb, s.planDir + QStringLiteral("/plan.json"));
        // Exact row counts of every table of the four source servers (the reference's rows).
        QString script;
        for (int node = 0; node < 4; ++node)
            script += QStringLiteral("mariadb -S %1 -uroot -N -B -e \"SELECT CONCAT('SELECT COUNT(*) FROM fsharechat.\\`', "
                                     "TABLE_NAME, '\\`;') FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'fsharechat'\" "
                                     "| mariadb -S %1 -uroot -N -B\n")
                          .arg(q(s.sb + QStringLiteral("/node%1/mysqld.sock").arg(node)));
        const Proc counts = sh(script);
        if (counts.code != 0)
            die(QStringLiteral("counting the source servers' rows"), counts);
        for (const QString &n : counts.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            s.tableRows += n.trimmed().toLongLong();
    }
    // The reference: every table of every source server read row by row, one client per server.
    auto scanAll = [&](const GrowthSide &s) {
        QString script = QStringLiteral("pids=()\n");
        for (int node = 0; node < 4; ++node) {
            const QString sock = q(s.sb + QStringLiteral("/node%1/mysqld.sock").arg(node));
            script += QStringLiteral("( mariadb -S %1 -uroot -N -B -e \"SELECT CONCAT('CHECKSUM TABLE fsharechat.\\`', TABLE_NAME, "
                                     "'\\` EXTENDED;') FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'fsharechat'\" "
                                     "| mariadb -S %1 -uroot -N -B >/dev/null ) &\npids+=($!)\n")
                          .arg(sock);
        }
        script += QStringLiteral("rc=0; for p in \"${pids[@]}\"; do wait \"$p\" || rc=1; done; exit $rc\n");
        return sh(script);
    };
    const QString files = PeerWork::filesDir(work);
    auto round = [&](GrowthSide &s, int r) {
        const QString runDir = work + QStringLiteral("/run-%1-%2").arg(s.messages).arg(r);
        // The limit on the same pairs with the same streams: before T2 in even rounds, after T2's
        // rollback in odd ones (so that neither always follows the other); its tables dropped at once.
        Proc load;
        auto limit = [&] {
            load = s.peers->loadData(files);
            s.peers->dropPeers();
        };
        if (r % 2 == 0)
            limit();
        createToT1(shardctl, s.planDir + QStringLiteral("/plan.json"), runDir);
        const double src0 = sandboxCpuSecs(s.sb, 0, 3), tgt0 = sandboxCpuSecs(s.sb, 4, 7), cli0 = childCpuSecs();
        const QPair<qint64, qint64> ticks0 = machineTicks();
        const Proc t2 = runT2(shardctl, runDir);
        const QPair<qint64, qint64> ticks1 = machineTicks();
        const double src = sandboxCpuSecs(s.sb, 0, 3) - src0, tgt = sandboxCpuSecs(s.sb, 4, 7) - tgt0,
                     cli = childCpuSecs() - cli0;
        const double t2Cpu = src + tgt + cli;
        s.t2PeakKb = qMax(s.t2PeakKb, t2.peakKb);
        Proc status;
        const qint64 copied = copiedBy(shardctl, runDir, &status);
        if (copied <= 0 || (s.copied > 0 && copied != s.copied))
            die(QStringLiteral("rows copied by T2 (%1, an earlier round %2)").arg(copied).arg(s.copied), status);
        s.copied = copied;
        if (copied != s.peers->movingRows())
            out << "  NOTE: T2 copied " << copied << " rows, the pairs' predicates select " << s.peers->movingRows() << '\n';
        const Proc verify = migrate(shardctl, {QStringLiteral("verify"), QStringLiteral("--run"), runDir},
                                    QStringLiteral("migrate verify"));
        const Proc scan = scanAll(s);
        if (scan.code != 0)
            die(QStringLiteral("CHECKSUM TABLE of the source servers"), scan);
        rollbackDropping(shardctl, runDir);
        if (r % 2 == 1)
            limit();
        s.t2PerRow << t2.secs * 1e6 / double(copied);
        s.t2CpuPerRow << t2Cpu * 1e6 / double(copied);
        s.t2SourceCpu << src * 1e6 / double(copied);
        s.t2TargetCpu << tgt * 1e6 / double(copied);
        s.t2ClientCpu << cli * 1e6 / double(copied);
        s.t2Busy << (ticks1.first > ticks0.first ? 1.0 - double(ticks1.second - ticks0.second) /
                                                             double(ticks1.first - ticks0.first)
                                                 : 0.0);
        s.verifyPerRow << verify.secs * 1e6 / double(copied);
        s.loadPerRow << load.secs * 1e6 / double(s.peers->movingRows());
        s.t2OverLoad << t2.secs / load.secs;
        s.scanPerRow << scan.secs * 1e6 / double(qMax<qint64>(1, s.tableRows));
        out << "  round " << r + 1 << ", " << s.messages << " messages: T2 " << QString::number(t2.secs, 'f', 2)
            << " s (CPU s: sources " << QString::number(src, 'f', 2) << ", targets " << QString::number(tgt, 'f', 2)
            << ", shardctl " << QString::number(cli, 'f', 2) << "; machine " << QString::number(s.t2Busy.last(), 'f', 2)
            << " busy), LOAD DATA " << QString::number(load.secs, 'f', 2) << " s, verify " << QString::number(verify.secs, 'f', 2) << " s, reference scan "
            << QString::number(scan.secs, 'f', 2) << " s\n";
        out.flush();
    };
    for (int r = 0; r < runs; ++r) {
        round(sides[r % 2], r);
        round(sides[1 - r % 2], r);
    }

    out << "\nmigrate_bench --growth, " << sides[0].messages << " and " << sides[1].messages
        << " messages side by side, rounds interleaved (machine: " << QThread::idealThreadCount() << " cores)\n";
    for (const GrowthSide &s : sides) {
        out << "\n" << s.messages << " messages: " << s.copied << " rows moved, " << s.tableRows
            << " rows on the source servers\n";
        out << line(QStringLiteral("  T2 per 1,000 rows copied"), medianOf(s.t2PerRow), QStringLiteral("ms"), spanOf(s.t2PerRow)) << '\n';
        out << line(QStringLiteral("  T2's CPU per 1,000 rows (8 servers + shardctl)"), medianOf(s.t2CpuPerRow),
                    QStringLiteral("ms"), spanOf(s.t2CpuPerRow))
            << '\n';
        out << "    of which the source servers " << QString::number(medianOf(s.t2SourceCpu), 'f', 2) << ", the targets "
            << QString::number(medianOf(s.t2TargetCpu), 'f', 2) << ", shardctl " << QString::number(medianOf(s.t2ClientCpu), 'f', 2)
            << " ms (medians)\n";
        out << line(QStringLiteral("  machine busy while T2 ran (2 cores = 1.00)"), medianOf(s.t2Busy), QString(),
                    spanOf(s.t2Busy))
            << '\n';
        out << line(QStringLiteral("  LOAD DATA (same pairs, same streams) per 1,000 rows"), medianOf(s.loadPerRow),
                    QStringLiteral("ms"), spanOf(s.loadPerRow))
            << '\n';
        out << line(QStringLiteral("  T2's time / LOAD DATA's, same round"), medianOf(s.t2OverLoad), QStringLiteral("x"),
                    spanOf(s.t2OverLoad))
            << '\n';
        out << line(QStringLiteral("  verify per 1,000 rows compared"), medianOf(s.verifyPerRow), QStringLiteral("ms"),
                    spanOf(s.verifyPerRow))
            << '\n';
        out << line(QStringLiteral("  reference: CHECKSUM TABLE per 1,000 rows"), medianOf(s.scanPerRow), QStringLiteral("ms"),
                    spanOf(s.scanPerRow))
            << '\n';
        out << line(QStringLiteral("  peak RSS of shardctl migrate run --until T2"), double(s.t2PeakKb) / 1024.0,
                    QStringLiteral("MiB"))
            << '\n';
    }
    // Each round's ratio pairs the two sizes measured back to back in it.
    auto ratios = [&](QVector<double> GrowthSide::*per, const QString &label, bool goal) {
        QVector<double> rs;
        QStringList txt;
        for (int r = 0; r < qMin((sides[0].*per).size(), (sides[1].*per).size()); ++r) {
            rs << (sides[1].*per)[r] / (sides[0].*per)[r];
            txt << QString::number(rs.last(), 'f', 2);
        }
        out << line(label, medianOf(rs), QStringLiteral("x"),
                    (goal ? QStringLiteral("goal 0.8-1.2; per round ") : QStringLiteral("per round ")) + txt.join(QStringLiteral(", ")))
            << '\n';
    };
    out << "\nper row at " << sides[1].messages << " / per row at " << sides[0].messages << "\n";
    ratios(&GrowthSide::t2PerRow, QStringLiteral("  T2"), true);
    ratios(&GrowthSide::t2CpuPerRow, QStringLiteral("  T2's CPU (servers + shardctl)"), false);
    ratios(&GrowthSide::t2SourceCpu, QStringLiteral("    of the source servers"), false);
    ratios(&GrowthSide::t2TargetCpu, QStringLiteral("    of the target servers"), false);
    ratios(&GrowthSide::t2ClientCpu, QStringLiteral("    of shardctl"), false);
    ratios(&GrowthSide::loadPerRow, QStringLiteral("  LOAD DATA (the limit)"), false);
    ratios(&GrowthSide::t2OverLoad, QStringLiteral("  T2 / LOAD DATA (the engine's own part)"), false);
    ratios(&GrowthSide::verifyPerRow, QStringLiteral("  verify"), true);
    ratios(&GrowthSide::scanPerRow, QStringLiteral("  reference scan"), false);
    return 0;
}

} // namespace
