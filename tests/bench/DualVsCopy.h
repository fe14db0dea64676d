// migrate_bench --dual-vs-copy: the write stop and the time of dual-master doubling (D1..D10) next
// to modulo doubling by copy (T0..T9), each on a fresh 8-instance sandbox with the same demo data
// (same rows, same seed) and the same load: `shardctl load` on the old config until the switch
// step, then on the new config (the applications' reload) until the run ends. Included by
// migrate_bench.cpp after its helpers (run, die, line).
#pragma once
#include "core/live/MeasuredFigures.h"

#include <QDate>

namespace {

struct KindFigures
{
    double toSwitch = 0;   // T0..T3 / D1..D6
    double switchStep = 0; // T4..T7 / D7
    double after = 0;      // T8..T9 / D8..D10
    double writeStopMs = -1;
    double total() const { return toSwitch + switchStep + after; }
};

KindFigures measureKind(const QString &shardctl, const QString &work, const QString &messages, const QString &rate,
                        bool dual)
{
    const QString kind = dual ? QStringLiteral("dual-master") : QStringLiteral("mod-double");
    const QString sb = work + QStringLiteral("/sandbox-") + kind;
    out << "migrate_bench: " << kind << ": sandbox with " << messages << " messages ...\n";
    out.flush();
    const Proc up = run(shardctl, {QStringLiteral("sandbox"), QStringLiteral("up"), QStringLiteral("--dir"), sb,
                                   QStringLiteral("--rows"), messages});
    if (up.code != 0)
        die(QStringLiteral("sandbox up"), up);
    g_downCommand[0] = shardctl; // die() stops this sandbox
    g_downCommand[1] = sb;
    struct Down
    {
        QString shardctl, sb;
        ~Down() { run(shardctl, {QStringLiteral("sandbox"), QStringLiteral("down"), QStringLiteral("--dir"), sb}); }
    } down{shardctl, sb};
    const QString cfg = sb + QStringLiteral("/cluster.yaml");
    const QString planDir = work + QStringLiteral("/plan-") + kind;
    const QString runDir = work + QStringLiteral("/run-") + kind;
    const Proc plan = run(shardctl, {QStringLiteral("plan"), QStringLiteral("--config"), cfg, QStringLiteral("--live"),
                                     QStringLiteral("--strategy"), kind, QStringLiteral("--out"), planDir});
    if (plan.code != 0)
        die(QStringLiteral("plan ") + kind, plan);
    // The applications' reload happens while writes are stopped: the run's --reload-command stops
    // the load on the old config and starts one on the new config (inserts and updates: a delete
    // of a moved row on its new node would make either purge keep the old copy).
    const QString oldPid = work + QStringLiteral("/load-old-") + kind + QStringLiteral(".pid");
    const QString newPid = work + QStringLiteral("/load-new-") + kind + QStringLiteral(".pid");
    const QString reload = work + QStringLiteral("/reload-") + kind + QStringLiteral(".sh");
    {
        QFile f(reload);
        if (!f.open(QIODevice::WriteOnly))
            die(QStringLiteral("write ") + reload, Proc{});
        f.write(QStringLiteral("kill $(cat %1) 2>/dev/null\n"
                               "setsid %2 load --config %3 --defaults-file %4 --rate %5 --duration 3600 "
                               "--mix insert:70,update:30 > %6.log 2>&1 < /dev/null &\n"
                               "echo $! > %6\n")
                    .arg(q(oldPid), q(shardctl), q(cfg), q(sb + QStringLiteral("/app.cnf")), rate, q(newPid))
                    .toUtf8());
    }
    const Proc create = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"),
                                       planDir + QStringLiteral("/plan.json"), QStringLiteral("--run"), runDir,
                                       QStringLiteral("--observe"), QStringLiteral("0"), QStringLiteral("--reload-command"),
                                       QStringLiteral("/bin/sh ") + q(reload)});
    if (create.code != 0)
        die(QStringLiteral("migrate create ") + kind, create);
    auto migrate = [&](const QStringList &extra) {
        return run(shardctl, QStringList{QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), runDir,
                                         QStringLiteral("--yes")} +
                                 extra);
    };
    KindFigures f;
    QProcess oldLoad;
    oldLoad.start(shardctl, {QStringLiteral("load"), QStringLiteral("--config"), cfg, QStringLiteral("--defaults-file"),
                             sb + QStringLiteral("/app.cnf"), QStringLiteral("--rate"), rate, QStringLiteral("--duration"),
                             QStringLiteral("3600")});
    oldLoad.waitForStarted();
    {
        QFile p(oldPid);
        if (p.open(QIODevice::WriteOnly))
            p.write(QByteArray::number(oldLoad.processId()));
    }
    QThread::sleep(2);
    const Proc a = migrate({QStringLiteral("--until"), dual ? QStringLiteral("D6") : QStringLiteral("T3")});
    if (a.code != 0)
        die(kind + QStringLiteral(" up to the switch"), a);
    f.toSwitch = a.secs;
    const Proc b = migrate({QStringLiteral("--until"), dual ? QStringLiteral("D7") : QStringLiteral("T7")});
    if (b.code != 0)
        die(kind + QStringLiteral(" switch"), b);
    f.switchStep = b.secs;
    oldLoad.waitForFinished(10000);
    QThread::sleep(2);
    const Proc c = migrate({});
    {
        QFile p(newPid);
        if (p.open(QIODevice::ReadOnly))
            QProcess::execute(QStringLiteral("kill"), {QString::fromLatin1(p.readAll().trimmed())});
    }
    if (c.code != 0)
        die(kind + QStringLiteral(" after the switch"), c);
    f.after = c.secs;
    const Proc st = run(shardctl, {QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"), runDir,
                                   QStringLiteral("--json")});
    f.writeStopMs = QJsonDocument::fromJson(st.out.toUtf8()).object().value(QStringLiteral("writeStopMs")).toDouble(-1);
    out << "migrate_bench: " << kind << ": write stop " << f.writeStopMs << " ms, " << f.toSwitch << " + " << f.switchStep
        << " + " << f.after << " s\n";
    out.flush();
    return f;
}

int dualVsCopy(const QString &shardctl, const QString &work, const QString &messages, const QString &rate)
{
    const KindFigures copy = measureKind(shardctl, work, messages, rate, false);
    const KindFigures dual = measureKind(shardctl, work, messages, rate, true);
    auto row = [](const QString &label, double a, double b, const QString &unit) -> QString {
        return label.leftJustified(46) + QString::number(a, 'f', 2).rightJustified(16) +
               QString::number(b, 'f', 2).rightJustified(16) + QLatin1Char(' ') + unit;
    };
    out << "\nmigrate_bench --dual-vs-copy, " << messages << " messages, 4 -> 8, shardctl load --rate " << rate
        << " throughout (old config, insert/update/delete, until the switch; the reload command swaps it for\n"
           "the new config, insert/update, while writes are stopped); machine: " << QThread::idealThreadCount()
        << " cores\n\n"
        << QStringLiteral("").leftJustified(46) << QStringLiteral("copy (T0..T9)").rightJustified(16)
        << QStringLiteral("dual (D1..D10)").rightJustified(16) << '\n'
        << row(QStringLiteral("write stop (read_only=1 on the old instances)"), copy.writeStopMs / 1000.0,
               dual.writeStopMs / 1000.0, QStringLiteral("s"))
        << '\n'
        << row(QStringLiteral("up to the switch (T0..T3 / D1..D6)"), copy.toSwitch, dual.toSwitch, QStringLiteral("s")) << '\n'
        << row(QStringLiteral("switch step (T4..T7 / D7)"), copy.switchStep, dual.switchStep, QStringLiteral("s")) << '\n'
        << row(QStringLiteral("after the switch (T8..T9 / D8..D10)"), copy.after, dual.after, QStringLiteral("s")) << '\n'
        << row(QStringLiteral("total (engine processes, --observe 0)"), copy.total(), dual.total(), QStringLiteral("s"))
        << '\n';
    // The planning page's what-if and `shardctl plan --compare` use these instead of fixed guesses.
    const QString file = sp::planning::measuredFiguresFile();
    QString why;
    const QString on = QStringLiteral("%1 messages, 4 -> 8, load %2 ops/s, %3")
                           .arg(messages, rate, QDate::currentDate().toString(Qt::ISODate));
    if (sp::planning::saveMeasuredFigures(copy.writeStopMs / 1000.0, dual.writeStopMs / 1000.0, on, file, &why))
        out << "\nwrite stops saved to " << file << " (the what-if comparison uses them)\n";
    else
        out << "\ncannot save the write stops to " << file << ": " << why << '\n';
    out.flush();
    return 0;
}

} // namespace
