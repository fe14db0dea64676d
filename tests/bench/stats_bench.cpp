// stats_bench: exact-count refresh of every data node of an 8-instance sandbox, parallel versus
// sequential, in the same run against the same servers.
//
//   stats_bench [--dir DIR] [--messages N] [--repeat N]
//
// Without --dir a sandbox is created in a temporary directory (servers killed at exit); with --dir
// an existing sandbox (`shardctl sandbox up --dir DIR`) is started if needed and used as is.
#include "core/cluster/Inspector.h"
#include "core/config/ConfigLoader.h"
#include "core/sandbox/Sandbox.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <algorithm>

using namespace sp;

namespace {

struct Variant
{
    const char *name;
    int perInstance;
    int overall;
};

qint64 totalRows(const ClusterSnapshot &s)
{
    qint64 n = 0;
    for (const TableStats &t : s.tables)
        if (t.exactRows)
            n += *t.exactRows;
    return n;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Exact-count refresh: parallel vs sequential."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("dir"), QStringLiteral("Existing sandbox directory."), QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("messages"), QStringLiteral("Demo messages for a new sandbox (default 200000)."),
                      QStringLiteral("N"), QStringLiteral("200000")});
    parser.addOption({QStringLiteral("repeat"), QStringLiteral("Runs per variant; the median is shown (default 3)."),
                      QStringLiteral("N"), QStringLiteral("3")});
    parser.process(app);
    const int repeat = qBound(1, parser.value(QStringLiteral("repeat")).toInt(), 50);

    QTemporaryDir tmp(QDir::tempPath() + QStringLiteral("/spbench-XXXXXX"));
    const bool own = !parser.isSet(QStringLiteral("dir"));
    const QString dir = own ? tmp.path() : parser.value(QStringLiteral("dir"));
    Sandbox sandbox(dir);
    SandboxOptions so;
    so.instances = 8;
    so.messages = parser.value(QStringLiteral("messages")).toLongLong();
    so.dieWithParent = own;
    so.progress = [&](const QString &line) { err << "sandbox: " << line << '\n' << Qt::flush; };
    QElapsedTimer setup;
    setup.start();
    const SandboxUpResult up = sandbox.up(so);
    if (!up.ok) {
        err << "stats_bench: sandbox: " << up.error << '\n';
        if (own)
            sandbox.killAll();
        return 1;
    }
    err << "stats_bench: sandbox ready in " << setup.elapsed() / 1000.0 << " s (" << dir << ")\n" << Qt::flush;

    const LoadResult loaded = ConfigLoader::loadFile(sandbox.state().clusterYaml());
    if (!loaded.ok()) {
        err << "stats_bench: " << loaded.diagnostics.value(0).toString() << '\n';
        if (own)
            sandbox.killAll();
        return 1;
    }
    const ShardingConfig &config = loaded.config;
    int nodes = 0;
    for (const TableRule &r : config.tables)
        nodes += int(r.dataNodes.size());

    const Variant variants[] = {
        {"sequential (1 connection)", 1, 1},
        {"parallel, 1 per server", 1, 8},
        {"parallel, 2 per server (default)", 2, 8},
    };
    out << "stats_bench: " << config.dataSources.size() << " data sources on " << sandbox.state().instances.size()
        << " instances, " << nodes << " data nodes, " << up.load.totalRows << " rows loaded"
        << (up.created ? "" : " (existing sandbox)") << ", " << QThread::idealThreadCount() << " CPUs, median of "
        << repeat << '\n';

    double baseline = 0;
    qint64 expectRows = -1;
    bool consistent = true;
    for (const Variant &v : variants) {
        QList<qint64> times;
        for (int i = 0; i < repeat; ++i) {
            InspectionOptions o;
            o.exactCounts = true;
            o.perInstanceConcurrency = v.perInstance;
            o.overallConcurrency = v.overall;
            o.credentials.defaultsFile = sandbox.state().appOptionFile();
            o.credentials.useHomeMyCnf = false;
            QElapsedTimer t;
            t.start();
            const InspectionResult r = Inspector::run(config, o);
            times.append(t.nsecsElapsed() / 1000);
            if (!r.snapshot.allReachable() || r.countsRun < nodes) {
                err << "stats_bench: incomplete refresh (" << r.countsRun << " of " << nodes << " counts)\n";
                for (const InstanceHealth &h : r.snapshot.instances)
                    if (!h.reachable)
                        err << "  " << h.dataSource << ": " << h.error << '\n';
                consistent = false;
            }
            const qint64 rows = totalRows(r.snapshot);
            if (expectRows < 0)
                expectRows = rows;
            else if (rows != expectRows)
                consistent = false;
        }
        std::sort(times.begin(), times.end());
        const double ms = times.at(times.size() / 2) / 1000.0;
        if (baseline == 0)
            baseline = ms;
        out << "  " << QString::fromLatin1(v.name).leftJustified(34) << QString::number(ms, 'f', 1).rightJustified(9)
            << " ms   speed-up x" << QString::number(baseline / ms, 'f', 2) << '\n';
    }
    out << "  counted rows per refresh: " << expectRows << (consistent ? " (identical in every run)" : " (DIFFERED)") << '\n';
    out.flush();
    if (own)
        sandbox.killAll();
    return consistent ? 0 : 1;
}
