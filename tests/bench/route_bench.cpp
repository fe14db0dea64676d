// Router::routeIndex over the fsharechat-like 4x4 CRC32 config versus a bare zlib crc32 % 16 loop.
// Usage: route_bench [keys]   (default 10,000,000)
#include "core/routing/Router.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <zlib.h>

#include <ctime>

#include <vector>

using namespace sp;

namespace {
ShardingConfig fsharechatConfig()
{
    ShardingConfig c;
    TableRule t;
    t.logicTable = QStringLiteral("t_messages");
    for (int d = 0; d < 4; ++d)
        for (int i = 0; i < 4; ++i)
            t.dataNodes << DataNode{QStringLiteral("db") + QString::number(d), QStringLiteral("t_messages_") + QString::number(i)};
    auto standard = [](const QString &alg) {
        StrategyDef s;
        s.kind = StrategyKind::Standard;
        s.columns << QStringLiteral("_mid");
        s.algorithmName = alg;
        return s;
    };
    t.databaseStrategy = standard(QStringLiteral("db_crc"));
    t.tableStrategy = standard(QStringLiteral("table_crc"));
    c.tables << t;
    AlgorithmDef db;
    db.name = QStringLiteral("db_crc");
    db.type = QStringLiteral("CRC32_MOD");
    db.props.insert(QStringLiteral("sharding-count"), QStringLiteral("4"));
    AlgorithmDef table = db;
    table.name = QStringLiteral("table_crc");
    table.props.insert(QStringLiteral("divisor"), QStringLiteral("65536"));
    c.algorithms.insert(db.name, db);
    c.algorithms.insert(table.name, table);
    return c;
}

struct Timing
{
    double wall = 1e300;
    double cpu = 1e300; // this thread's CPU time: robust when the machine is shared
};

double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

template<typename F>
void timed(F &&run, quint64 *sink, Timing *best)
{
    QElapsedTimer timer;
    const double cpu0 = threadCpuSeconds();
    timer.start();
    *sink += run();
    best->wall = std::min(best->wall, double(timer.nsecsElapsed()) / 1e9);
    best->cpu = std::min(best->cpu, threadCpuSeconds() - cpu0);
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    qint64 count = 10000000;
    if (argc > 1)
        count = QByteArray(argv[1]).toLongLong();
    if (count <= 0 || count > 100000000) {
        QTextStream(stderr) << "route_bench: key count must be between 1 and 100000000\n";
        return 2;
    }

    std::vector<QByteArray> keys;
    keys.reserve(size_t(count));
    for (qint64 i = 0; i < count; ++i)
        keys.push_back("user" + QByteArray::number(i));

    const Router router(fsharechatConfig());
    const QString table = QStringLiteral("t_messages");
    quint64 sink = 0;

    auto routed = [&] {
        quint64 sum = 0;
        for (const QByteArray &k : keys)
            sum += quint64(router.routeIndex(table, k));
        return sum;
    };
    auto bare = [&] {
        quint64 sum = 0;
        for (const QByteArray &k : keys)
            sum += ::crc32(0L, reinterpret_cast<const Bytef *>(k.constData()), uInt(k.size())) % 16;
        return sum;
    };
    // Best of 3, alternating so both see the same machine load and cache state.
    Timing routerT, bareT;
    for (int round = 0; round < 3; ++round) {
        timed(routed, &sink, &routerT);
        timed(bare, &sink, &bareT);
    }

    out << "keys: " << count << " (best of 3, alternating)\n";
    auto line = [&](const char *label, const Timing &t) {
        out << label << qint64(double(count) / t.wall) << " keys/s wall (" << t.wall << " s), "
            << qint64(double(count) / t.cpu) << " keys/s cpu (" << t.cpu << " s)\n";
    };
    line("Router::routeIndex (4x4 CRC32_MOD): ", routerT);
    line("bare zlib crc32 % 16:               ", bareT);
    out << "ratio router/bare: " << QString::number(bareT.wall / routerT.wall, 'f', 2) << "x wall, "
        << QString::number(bareT.cpu / routerT.cpu, 'f', 2) << "x cpu\n";
    out << "checksum: " << sink << "\n";
    return 0;
}
