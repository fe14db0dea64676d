// health_bench: what the health page costs.
//  1. Polling: 64 data sources (8 per instance of an 8-instance sandbox) sampled every --interval
//     seconds by health::HealthMonitor for --seconds; the process's CPU time over the wall time, as a
//     share of one core (goal: under 5 %), next to the same process idle for the same time (peer).
//  2. Repaint: the Health page's grid with 64 rows of sparklines (15 minutes of 5 s samples) painted
//     --repaints times (goal: under 16 ms each), next to filling the same area (peer).
//
//   QT_QPA_PLATFORM=offscreen health_bench [--dir DIR] [--seconds N] [--interval S] [--repaints N] [--no-poll]
//
// Without --dir a sandbox is created in a temporary directory (servers killed at exit).
#include "core/config/ShardingConfig.h"
#include "core/health/HealthMonitor.h"
#include "core/sandbox/Sandbox.h"
#include "ui/health/HealthGrid.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <ctime>
#include <vector>

using namespace sp;
using namespace sp::health;

namespace {

double cpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

struct Stats
{
    double median = 0, mean = 0, max = 0;
};

Stats stats(std::vector<double> v)
{
    Stats s;
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    s.median = v[v.size() / 2];
    s.max = v.back();
    double sum = 0;
    for (double x : v)
        sum += x;
    s.mean = sum / double(v.size());
    return s;
}

QList<ui::HealthRow> fakeRows(int rows, qint64 now)
{
    QList<ui::HealthRow> out;
    for (int r = 0; r < rows; ++r) {
        ui::HealthRow row;
        row.dataSource = QStringLiteral("ds_%1").arg(r, 2, 10, QLatin1Char('0'));
        row.sample.server.dataSource = row.dataSource;
        row.sample.server.reachable = true;
        row.sample.server.connections = 10 + r;
        row.sample.server.maxConnections = 151;
        row.sample.server.isReplica = r % 4 == 3;
        row.sample.server.replicaLagSeconds = r % 7;
        row.sample.threadsRunning = 1 + r % 9;
        row.sample.qps = 100 + 10 * r;
        row.sample.tps = 10 + r;
        row.verdict = evaluate(row.sample, HealthThresholds());
        for (int i = 0; i < 180; ++i) {
            ui::HealthPoint p;
            p.msecs = now - (179 - i) * 5000;
            p.up = (i + r) % 60 != 0;
            p.qps = 100 + 50 * std::sin((i + r) / 9.0) + r;
            p.tps = p.qps / 10;
            p.threadsRunning = 1 + (i * 7 + r) % 12;
            p.lag = row.sample.server.isReplica ? (i % 30) : -1;
            row.points.append(p);
        }
        out.append(row);
    }
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Health page cost: polling 64 servers, repainting 64 rows."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("dir"), QStringLiteral("Existing sandbox directory."), QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("seconds"), QStringLiteral("Polling time measured (default 60)."), QStringLiteral("N"),
                      QStringLiteral("60")});
    parser.addOption({QStringLiteral("interval"), QStringLiteral("Seconds between samples (default 5)."), QStringLiteral("S"),
                      QStringLiteral("5")});
    parser.addOption({QStringLiteral("repaints"), QStringLiteral("Grid repaints measured (default 200)."), QStringLiteral("N"),
                      QStringLiteral("200")});
    parser.addOption({QStringLiteral("no-poll"), QStringLiteral("Only the repaint part (no sandbox).")});
    parser.addOption({QStringLiteral("config"), QStringLiteral("Config a new sandbox is built from (default: the "
                                                               "build tree's fsharechat-crc32 example)."),
                      QStringLiteral("FILE")});
    parser.process(app);
    const int seconds = qBound(5, parser.value(QStringLiteral("seconds")).toInt(), 3600);
    const int interval = qBound(1, parser.value(QStringLiteral("interval")).toInt(), 60);
    const int repaints = qBound(10, parser.value(QStringLiteral("repaints")).toInt(), 100000);

    // 2. Repaint first (no server needed).
    {
        ui::HealthGrid grid;
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        grid.setRows(fakeRows(64, now), now);
        grid.resize(1400, grid.sizeHint().height());
        QImage img(grid.size(), QImage::Format_ARGB32_Premultiplied);
        std::vector<double> paint, fill;
        for (int i = 0; i < repaints + 5; ++i) {
            QElapsedTimer t;
            t.start();
            grid.render(&img);
            const double ms = t.nsecsElapsed() / 1e6;
            if (i >= 5) // warm-up
                paint.push_back(ms);
        }
        for (int i = 0; i < repaints; ++i) {
            QElapsedTimer t;
            t.start();
            QPainter p(&img);
            for (int r = 0; r < 64; ++r)
                p.fillRect(QRect(0, 24 + r * 40, img.width(), 40), (r % 2) ? Qt::white : Qt::lightGray);
            p.end();
            fill.push_back(t.nsecsElapsed() / 1e6);
        }
        const Stats a = stats(paint);
        const Stats b = stats(fill);
        out << QStringLiteral("repaint, 64 rows x 3 sparklines (180 points each), %1x%2 px: median %3 ms, mean %4 ms, max %5 ms "
                              "(goal < 16 ms)\n")
                   .arg(img.width())
                   .arg(img.height())
                   .arg(a.median, 0, 'f', 2)
                   .arg(a.mean, 0, 'f', 2)
                   .arg(a.max, 0, 'f', 2);
        out << QStringLiteral("peer: filling the 64 rows: median %1 ms; ratio %2x\n")
                   .arg(b.median, 0, 'f', 3)
                   .arg(b.median > 0 ? a.median / b.median : 0, 0, 'f', 1)
            << Qt::flush;
    }
    if (parser.isSet(QStringLiteral("no-poll")))
        return 0;

    // 1. Polling.
    QTemporaryDir tmp(QDir::tempPath() + QStringLiteral("/sphealth-XXXXXX"));
    const bool own = !parser.isSet(QStringLiteral("dir"));
    const QString dir = own ? tmp.path() : parser.value(QStringLiteral("dir"));
    Sandbox sandbox(dir);
    SandboxOptions so;
    so.instances = 8;
    so.messages = 2000;
    // The example config of the build tree (the bench lives two levels below it, not next to the
    // programs of build/app, where the installed layout would find it).
    const QString example = QCoreApplication::applicationDirPath() +
                            QStringLiteral("/../../share/shardpilot/examples/fsharechat-crc32.yaml");
    so.configPath = parser.isSet(QStringLiteral("config")) ? parser.value(QStringLiteral("config"))
                    : QFileInfo::exists(example)           ? example
                                                           : QString();
    so.dieWithParent = own;
    so.progress = [&](const QString &line) { err << "sandbox: " << line << '\n' << Qt::flush; };
    const SandboxUpResult up = sandbox.up(so);
    if (!up.ok) {
        err << "health_bench: sandbox: " << up.error << '\n';
        if (own)
            sandbox.killAll();
        return 1;
    }
    ShardingConfig config;
    const QString schema = sandbox.state().dataSources.value(0).schema;
    for (int i = 0; i < 64; ++i) {
        const sandbox::SandboxInstance &inst = sandbox.state().instances.at(i % 8);
        DataSourceDef ds;
        ds.name = QStringLiteral("h%1").arg(i, 2, 10, QLatin1Char('0'));
        ds.host = QStringLiteral("127.0.0.1");
        ds.port = inst.spec.port;
        ds.database = schema;
        ds.username = Sandbox::appUser();
        ds.url = QStringLiteral("jdbc:mysql://127.0.0.1:%1/%2").arg(inst.spec.port).arg(schema);
        config.dataSources.append(ds);
    }
    HealthOptions o;
    o.intervalMs = interval * 1000;
    o.credentials.defaultsFile = sandbox.state().appOptionFile();
    o.credentials.useHomeMyCnf = false;
    std::atomic<int> samples{0}, down{0};

    // Peer: the same process idle for the same time.
    const double idleCpu0 = cpuSeconds();
    QThread::sleep(qMin(seconds, 10));
    const double idleShare = (cpuSeconds() - idleCpu0) / qMin(seconds, 10);

    HealthMonitor monitor(config, o, [&](const HealthSample &s) {
        samples.fetch_add(1);
        if (!s.up())
            down.fetch_add(1);
    });
    // Connections are opened in the first round: measured apart from the steady state.
    QElapsedTimer wall;
    const double cpu0 = cpuSeconds();
    wall.start();
    monitor.start();
    while (samples.load() < 64 && wall.elapsed() < 30000)
        QThread::msleep(10);
    const double firstRoundCpu = cpuSeconds() - cpu0;
    const qint64 firstRoundMs = wall.elapsed();
    const int firstSamples = samples.load();
    const double cpu1 = cpuSeconds();
    QElapsedTimer steady;
    steady.start();
    QThread::sleep(seconds);
    const double cpu = cpuSeconds() - cpu1;
    const double wallSec = steady.elapsed() / 1000.0;
    const int steadySamples = samples.load() - firstSamples;
    monitor.stop();
    if (own)
        sandbox.killAll();
    out << QStringLiteral("first round (64 connections opened): %1 ms wall, %2 ms CPU\n")
               .arg(firstRoundMs)
               .arg(firstRoundCpu * 1000, 0, 'f', 1);
    out << QStringLiteral("polling 64 data sources on 8 servers every %1 s for %2 s: %3 samples (%4 down), CPU %5 s = "
                          "%6 % of one core (goal < 5 %), %7 ms CPU per sample\n")
               .arg(interval)
               .arg(wallSec, 0, 'f', 1)
               .arg(steadySamples)
               .arg(down.load())
               .arg(cpu, 0, 'f', 3)
               .arg(100.0 * cpu / wallSec, 0, 'f', 2)
               .arg(steadySamples > 0 ? 1000.0 * cpu / steadySamples : 0, 0, 'f', 3);
    out << QStringLiteral("peer: the same process idle: %1 % of one core\n").arg(100.0 * idleShare, 0, 'f', 2) << Qt::flush;
    return 0;
}
