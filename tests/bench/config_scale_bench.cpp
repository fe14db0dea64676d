// Every path that takes a whole configuration, timed on generated configs of size N and 4N: the
// ratio t(4N) / t(N) is near 4 when the path is linear in the config's size (near 16: quadratic).
// Usage: config_scale_bench [N]   (default 10000; N is the size parameter of each shape: actual
// tables per data source, logic tables, BOUNDARY_RANGE boundaries, data sources)
// A path whose N run takes longer than 30 s is not run at 4N (its ratio is shown as "-").
#include "ScaleConfigs.h"

#include "core/analysis/ConfigExport.h"
#include "core/analysis/Linter.h"
#include "core/config/ConfigLoader.h"
#include "core/config/ConfigPatch.h"
#include "core/config/YamlPatch.h"
#include "core/live/PlanInputs.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/planning/PlanExport.h"
#include "core/routing/Router.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <yaml-cpp/yaml.h>

#include <functional>
#include <optional>

using namespace sp;
using namespace sp::planning;

namespace {

QTextStream out(stdout);

struct Shape
{
    const char *name;
    std::function<QByteArray(int)> generate;
    QString table;    // routed
    QString key;      // routed
    QString algorithm; // patched: its sharding-count
    QList<std::pair<QString, PlanRequest>> plans;
};

PlanRequest request(StrategyId id, int to = 0, const QStringList &add = {})
{
    PlanRequest r;
    r.strategy = id;
    r.toCount = to;
    r.addNodes = add;
    return r;
}

// One path's work for one config; returns false (with a note) when the path does not apply.
using Path = std::function<QString(const QByteArray &text, const QString &file, int n)>;

double seconds(const std::function<QString()> &work, QString *note)
{
    QElapsedTimer t;
    t.start();
    *note = work();
    return double(t.nsecsElapsed()) / 1e9;
}

QString planAndExport(const QString &file, const ShardingConfig &config, const PlanRequest &rq, bool exportToo)
{
    QString error;
    const auto in = buildPlanInput(file, config, std::nullopt, rq, {}, &error);
    if (!in)
        return QStringLiteral("no input: ") + error;
    const PlanOutcome o = makePlan(*in);
    if (!o.plan)
        return QStringLiteral("no plan: ") + o.error.left(80);
    if (exportToo) {
        qint64 bytes = PlanExport::createSql(*o.plan).size() + PlanExport::copySql(*o.plan).size() +
                       PlanExport::purgeSql(*o.plan).size() + PlanExport::runbookHtml(*o.plan).size() +
                       PlanExport::text(*o.plan).size() + o.plan->toJsonBytes().size();
        return QStringLiteral("%1 pairs, %2 bytes exported")
            .arg(o.plan->tables.isEmpty() ? 0 : o.plan->tables.first().pairs.size())
            .arg(bytes);
    }
    return QStringLiteral("%1 steps").arg(o.plan->steps.size());
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int n = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 10000;
    if (n < 2) {
        QTextStream(stderr) << "usage: config_scale_bench [N >= 2]\n";
        return 2;
    }
    QTemporaryDir dir;
    const QList<Shape> shapes{
        {"wide (tables per data source)", [](int n) { return test::scale::wideTables(n); }, QStringLiteral("t_order"), QStringLiteral("12345"),
         QStringLiteral("table-hash"),
         {{QStringLiteral("mod-double"), request(StrategyId::ModDouble)},
          {QStringLiteral("remap"), request(StrategyId::Remap, 3)}}},
        {"many logic tables", test::scale::manyTables, QStringLiteral("t7"), QStringLiteral("12345"),
         QStringLiteral("tb7"),
         {{QStringLiteral("mod-double"), request(StrategyId::ModDouble)},
          {QStringLiteral("dual-master"), request(StrategyId::DualMaster)}}},
        {"BOUNDARY_RANGE boundaries", test::scale::boundaryRange, QStringLiteral("t_range"),
         QStringLiteral("12345"), QString(), {{QStringLiteral("remap"), request(StrategyId::Remap, 5)}}},
        {"data sources (ring)", test::scale::manySourcesRing, QStringLiteral("t_msg"), QStringLiteral("k-12345"),
         QString(), {}},
        {"data sources (CRC32_MOD)", test::scale::manySourcesCrc, QStringLiteral("t_msg"),
         QStringLiteral("k-12345"), QStringLiteral("db-crc"),
         {{QStringLiteral("mod-double"), request(StrategyId::ModDouble)},
          {QStringLiteral("remap"), request(StrategyId::Remap, 3)}}},
    };

    out << "config_scale_bench: N = " << n << ", 4N = " << 4 * n << " (seconds; ratio near 4 = linear)\n";
    out << QStringLiteral("%1 %2 %3 %4 %5  %6\n")
               .arg(QStringLiteral("shape"), -30)
               .arg(QStringLiteral("path"), -22)
               .arg(QStringLiteral("t(N)"), 9)
               .arg(QStringLiteral("t(4N)"), 9)
               .arg(QStringLiteral("ratio"), 6)
               .arg(QStringLiteral("note (4N)"));
    out.flush();

    for (const Shape &shape : shapes) {
        // Ring: ds_<n> added. Sizes of the ring shape: data sources (N / 10 keeps 16 points each).
        const bool ringShape = QByteArray(shape.name).contains("ring");
        const bool sourcesShape = QByteArray(shape.name).contains("data sources");
        auto size = [&](int k) { return sourcesShape ? std::max(2, std::min(k / 10, 16384)) : k; };
        struct Config
        {
            QByteArray text;
            QString file;
            LoadResult loaded;
        };
        Config configs[2];
        for (int i = 0; i < 2; ++i) {
            configs[i].text = shape.generate(size(i == 0 ? n : 4 * n));
            configs[i].file = dir.filePath(QStringLiteral("%1-%2.yaml").arg(QString::fromLatin1(shape.name).left(4)).arg(i));
            QFile f(configs[i].file);
            if (!f.open(QIODevice::WriteOnly) || f.write(configs[i].text) != configs[i].text.size())
                return 1;
        }
        QList<std::pair<QString, Path>> paths;
        paths.append({QStringLiteral("yaml-cpp parse"), [](const QByteArray &text, const QString &, int) {
                          const YAML::Node root = YAML::Load(text.toStdString());
                          return QStringLiteral("%1 top keys").arg(root.size());
                      }});
        paths.append({QStringLiteral("load+finalize"), [](const QByteArray &, const QString &file, int) {
                          const LoadResult r = ConfigLoader::loadFile(file);
                          qint64 nodes = 0;
                          for (const TableRule &t : r.config.tables)
                              nodes += t.dataNodes.size();
                          return QStringLiteral("%1 data nodes, %2 diagnostics").arg(nodes).arg(r.diagnostics.size());
                      }});
        int which = 0; // the config index the current timing uses
        paths.append({QStringLiteral("lint"), [&](const QByteArray &, const QString &, int) {
                          const Diagnostics d = Linter::lint(configs[which].loaded.config);
                          return QStringLiteral("%1 findings").arg(d.size());
                      }});
        paths.append({QStringLiteral("route one key"), [&](const QByteArray &, const QString &, int) {
                          const Router router(configs[which].loaded.config);
                          const RouteResult r = router.route(shape.table, ShardingValue{shape.key, KeyType::Auto});
                          return r.ok ? r.node.toString() : r.error.left(60);
                      }});
        for (const auto &[name, rq] : shape.plans) {
            paths.append({QStringLiteral("plan ") + name, [&, rq = rq](const QByteArray &, const QString &file, int) {
                              return planAndExport(file, configs[which].loaded.config, rq, false);
                          }});
            paths.append({QStringLiteral("plan+export ") + name, [&, rq = rq](const QByteArray &, const QString &file, int) {
                              return planAndExport(file, configs[which].loaded.config, rq, true);
                          }});
        }
        if (ringShape)
            paths.append({QStringLiteral("plan ring"), [&](const QByteArray &, const QString &file, int) {
                              const int sources = int(configs[which].loaded.config.dataSources.size());
                              return planAndExport(file, configs[which].loaded.config,
                                                   request(StrategyId::Ring, 0, {QStringLiteral("ds_%1").arg(sources)}),
                                                   true);
                          }});
        paths.append({QStringLiteral("export routing json"), [&](const QByteArray &, const QString &, int) {
                          return QStringLiteral("%1 bytes").arg(exporting::routingTableJson(configs[which].loaded.config).size());
                      }});
        paths.append({QStringLiteral("export redacted yaml"), [](const QByteArray &text, const QString &, int) {
                          return QStringLiteral("%1 bytes").arg(exporting::redactConfigText(text).size());
                      }});
        paths.append({QStringLiteral("patch url"), [](const QByteArray &text, const QString &, int) {
                          ConfigPatch p(text);
                          const bool ok = p.set(ConfigPatch::dataSourceUrlPath(QStringLiteral("ds_1")),
                                                QStringLiteral("jdbc:mysql://10.9.9.9:3306/app"));
                          return ok ? QStringLiteral("ok") : p.errors().value(0).left(60);
                      }});
        if (!shape.algorithm.isEmpty())
            paths.append({QStringLiteral("patch sharding-count"), [&](const QByteArray &text, const QString &, int) {
                              ConfigPatch p(text);
                              const bool ok = p.setAlgorithmProp(shape.algorithm, QStringLiteral("sharding-count"),
                                                                 QStringLiteral("7"));
                              return ok ? QStringLiteral("ok") : p.errors().value(0).left(60);
                          }});

        for (int i = 0; i < 2; ++i)
            configs[i].loaded = ConfigLoader::loadFile(configs[i].file);
        for (const auto &[name, path] : paths) {
            QString note;
            which = 0;
            const double t1 = seconds([&] { return path(configs[0].text, configs[0].file, size(n)); }, &note);
            QString ratio = QStringLiteral("-");
            QString t4 = QStringLiteral("-");
            if (t1 <= 30) {
                which = 1;
                const double t = seconds([&] { return path(configs[1].text, configs[1].file, size(4 * n)); }, &note);
                t4 = QString::number(t, 'f', 3);
                ratio = t1 > 0 ? QString::number(t / t1, 'f', 1) : QStringLiteral("?");
            } else {
                note = QStringLiteral("4N not run: N took over 30 s");
            }
            out << QStringLiteral("%1 %2 %3 %4 %5  %6\n")
                       .arg(QString::fromLatin1(shape.name), -30)
                       .arg(name, -22)
                       .arg(QString::number(t1, 'f', 3), 9)
                       .arg(t4, 9)
                       .arg(ratio, 6)
                       .arg(note);
            out.flush();
        }
    }
    return 0;
}
