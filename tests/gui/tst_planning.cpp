// Planning page: the what-if table, the bar and ring charts equal what WhatIf::compare and
// RingBalance::series give for the same input (offline and with a synthetic snapshot), stale
// results are dropped, the no-config and broken-config states, copy and JSON export.
#include "GuiTestSupport.h"
#include "core/live/MeasuredFigures.h"
#include "core/planning/PlanBuilder.h"
#include "core/live/PlanInputs.h"
#include "core/planning/RingBalance.h"
#include "core/planning/WhatIf.h"
#include "ui/AppContext.h"
#include "ui/models/WhatIfModel.h"
#include "ui/pages/PlanningPage.h"
#include "ui/widgets/RingBalanceChart.h"
#include "ui/widgets/StrategyBarChart.h"

#include <QAbstractBarSeries>
#include <QAbstractItemModelTester>
#include <QBarSet>
#include <QChartView>
#include <QClipboard>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableView>

#include <functional>

using namespace sp;
using namespace sp::ui;

namespace {

using RowsOf = std::function<qint64(int dataSourceIndex, int tableIndex)>;

// Rows for every data node of every sharded table of the config, from `rowsOf(ds, table)`.
ClusterSnapshot syntheticSnapshot(const ShardingConfig &config, const RowsOf &rowsOf)
{
    ClusterSnapshot snap;
    snap.configPath = config.filePath;
    snap.takenAt = QDateTime::currentDateTimeUtc();
    snap.exact = true;
    for (const TableRule &t : config.tables) {
        if (config.isBroadcast(t.logicTable))
            continue;
        for (const DataNode &n : t.dataNodes) {
            TableStats s;
            s.node = n;
            s.logicTable = t.logicTable;
            const int ds = n.dataSource.mid(2).toInt();
            const int tb = n.table.section(QLatin1Char('_'), -1).toInt();
            s.exactRows = rowsOf(ds, tb);
            s.estimatedRows = *s.exactRows;
            s.dataBytes = *s.exactRows * 180;
            s.indexBytes = *s.exactRows * 40;
            snap.tables << s;
        }
    }
    return snap;
}

// One logic table over db0..db3 x 4 tables, routed like the example (CRC32_MOD): the same
// strategies apply, and WhatIf::compare is several times faster than on the six-table example.
QByteArray smallConfig()
{
    return QByteArrayLiteral("dataSources:\n"
                             "  db0:\n"
                             "    url: jdbc:mysql://h0:3306/chat\n"
                             "    username: chat\n"
                             "  db1:\n"
                             "    url: jdbc:mysql://h1:3306/chat\n"
                             "    username: chat\n"
                             "  db2:\n"
                             "    url: jdbc:mysql://h2:3306/chat\n"
                             "    username: chat\n"
                             "  db3:\n"
                             "    url: jdbc:mysql://h3:3306/chat\n"
                             "    username: chat\n"
                             "rules:\n"
                             "  - !SHARDING\n"
                             "    tables:\n"
                             "      t_messages:\n"
                             "        actualDataNodes: db${0..3}.t_messages_${0..3}\n"
                             "        databaseStrategy:\n"
                             "          standard:\n"
                             "            shardingColumn: _target\n"
                             "            shardingAlgorithmName: crc32-db\n"
                             "        tableStrategy:\n"
                             "          standard:\n"
                             "            shardingColumn: _target\n"
                             "            shardingAlgorithmName: crc32-table\n"
                             "    shardingAlgorithms:\n"
                             "      crc32-db:\n"
                             "        type: CRC32_MOD\n"
                             "        props:\n"
                             "          sharding-count: 4\n"
                             "      crc32-table:\n"
                             "        type: CRC32_MOD\n"
                             "        props:\n"
                             "          sharding-count: 4\n"
                             "          divisor: 65536\n");
}

RowsOf rowsScheme(int scheme)
{
    return [scheme](int ds, int tb) -> qint64 {
        switch (scheme) {
        case 0:
            return 50000;
        case 1:
            return 10000 * (ds + 1) + 37 * tb;
        default:
            return ds == 2 && tb == 1 ? 4000000 : 1200 + ds * 10 + tb;
        }
    };
}

} // namespace

class TestPlanning final : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void noConfig();
    void offlineShares_data();
    void offlineShares();
    void snapshotRows_data();
    void snapshotRows();
    void ringSeries_data();
    void ringSeries();
    void staleResultDropped();
    void brokenConfig();
    void instanceDown();
    void copyAndExport();
    void shareLabelsFitTheBars();

private:
    QString configPath(const QString &file) const;
    void openExample(const QString &file);
    void openWithSnapshot(const QString &file, const RowsOf &rowsOf);
    void waitForResult(QSignalSpy &spy);
    planning::WhatIfReport expectedReport(int maxVirtualNodes) const;
    QString cell(int row, int column) const;
    QVariant sortValue(int row, int column) const;

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    PlanningPage *m_page = nullptr;
};

void TestPlanning::init()
{
    m_window = test::makeMainWindow(m_dir);
    m_window->show();
    m_page = qobject_cast<PlanningPage *>(m_window->page(QStringLiteral("planning")));
    QVERIFY(m_page);
    new QAbstractItemModelTester(m_page->model(), QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 m_page);
    auto *view = test::findNamed<QTableView>(m_page, "whatIfTable");
    QVERIFY(view);
    new QAbstractItemModelTester(view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 m_page);
    m_window->showPage(QStringLiteral("planning"));
}

void TestPlanning::cleanup()
{
    m_window.reset();
}

void TestPlanning::waitForResult(QSignalSpy &spy)
{
    QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= 1, 60000);
    QTRY_VERIFY_WITH_TIMEOUT(!m_page->isBusy(), 60000);
}

QString TestPlanning::configPath(const QString &file) const
{
    if (file != QLatin1String("small"))
        return test::examplePath(file);
    const QString path = m_dir.filePath(QStringLiteral("small.yaml"));
    QFile f(path);
    if (!f.exists() && f.open(QIODevice::WriteOnly))
        f.write(smallConfig());
    return path;
}

void TestPlanning::openExample(const QString &file)
{
    QSignalSpy computed(m_page, &PlanningPage::computed);
    QVERIFY(m_window->openConfig(configPath(file)));
    QVERIFY(m_window->context()->load().ok());
    waitForResult(computed);
    QTRY_COMPARE(m_page->model()->rowCount(), 3);
}

// The snapshot arrives before the page's debounce fires: one comparison, with rows.
void TestPlanning::openWithSnapshot(const QString &file, const RowsOf &rowsOf)
{
    QSignalSpy computed(m_page, &PlanningPage::computed);
    QVERIFY(m_window->openConfig(configPath(file)));
    QVERIFY(m_window->context()->load().ok());
    const ClusterSnapshot snap = syntheticSnapshot(m_window->context()->config(), rowsOf);
    QVERIFY(!snap.tables.isEmpty());
    m_window->context()->setSnapshot(snap);
    waitForResult(computed);
    QCOMPARE(computed.size(), 1);
    QCOMPARE(m_page->model()->rowCount(), 3);
}

planning::WhatIfReport TestPlanning::expectedReport(int maxVirtualNodes) const
{
    const AppContext *ctx = m_window->context();
    planning::PlanRequest request;
    request.rowLimit = ctx->rowLimit();
    QString error;
    const auto input =
        planning::buildPlanInput(ctx->configPath(), ctx->config(), ctx->snapshot(), request, {}, &error);
    if (!input)
        qFatal("buildPlanInput failed: %s", qPrintable(error));
    planning::WhatIfOptions options;
    options.balanceMaxVirtualNodes = maxVirtualNodes;
    planning::loadMeasuredFigures(&options); // as the page: migrate_bench's figures when it left some
    return planning::WhatIf::compare(*input, options);
}

QString TestPlanning::cell(int row, int column) const
{
    return m_page->model()->index(row, column).data().toString();
}

QVariant TestPlanning::sortValue(int row, int column) const
{
    return m_page->model()->index(row, column).data(WhatIfModel::SortRole);
}

void TestPlanning::noConfig()
{
    auto *stack = m_page->findChild<QStackedWidget *>();
    QVERIFY(stack);
    QCOMPARE(stack->currentWidget()->objectName(), QStringLiteral("planningEmpty"));
    QCOMPARE(m_page->model()->rowCount(), 0);
    QVERIFY(!m_page->isBusy());
    QVERIFY(!test::findNamed<QPushButton>(m_page, "planningCopyButton")->isEnabled());
    QVERIFY(test::findNamed<QPushButton>(m_page, "planWizardButton")->isVisible());
    m_page->recompute(); // harmless without a config
    QVERIFY(!m_page->isBusy());
    QCOMPARE(m_page->model()->rowCount(), 0);
}

void TestPlanning::offlineShares_data()
{
    QTest::addColumn<QString>("file");
    QTest::addRow("example") << QStringLiteral("fsharechat-crc32.yaml");
    QTest::addRow("one table") << QStringLiteral("small");
}

void TestPlanning::offlineShares()
{
    QFETCH(QString, file);
    openExample(file);
    const int maxV = test::findNamed<QSpinBox>(m_page, "ringMaxVirtualNodes")->value();
    const planning::WhatIfReport expected = expectedReport(maxV);
    QCOMPARE(expected.rows.size(), 3);
    QCOMPARE(m_page->model()->rowCount(), int(expected.rows.size()));
    const QString unknown = WhatIfModel::unknownText();
    bool anyMoved = false;
    for (int r = 0; r < expected.rows.size(); ++r) {
        const planning::WhatIfRow &e = expected.rows.at(r);
        QCOMPARE(m_page->model()->index(r, 0).data(WhatIfModel::StrategyRole).toInt(), int(e.strategy));
        QCOMPARE(cell(r, WhatIfModel::StrategyColumn), WhatIfModel::strategyTitle(e.strategy));
        if (!e.feasible) {
            QVERIFY(cell(r, WhatIfModel::FeasibleColumn).contains(e.reason));
            continue;
        }
        QCOMPARE(sortValue(r, WhatIfModel::ShareMovedColumn).toDouble(), e.shareMoved);
        QCOMPARE(sortValue(r, WhatIfModel::ShareCopiedColumn).toDouble(), e.shareCopied);
        QCOMPARE(cell(r, WhatIfModel::ShareMovedColumn),
                 QLocale().toString(100.0 * e.shareMoved, 'f', 1) + QStringLiteral(" %"));
        QCOMPARE(cell(r, WhatIfModel::NodesColumn),
                 QStringLiteral("%1 \u2192 %2").arg(e.nodesBefore).arg(e.nodesAfter));
        QCOMPARE(sortValue(r, WhatIfModel::StepsColumn).toInt(), e.steps);
        // Offline: no counts.
        QCOMPARE(cell(r, WhatIfModel::BytesMovedColumn), unknown);
        QCOMPARE(cell(r, WhatIfModel::RowsMovedColumn), unknown);
        QCOMPARE(m_page->model()->index(r, WhatIfModel::WriteStopColumn).data(Qt::ToolTipRole).toString(),
                 e.writeStopAssumption);
        QCOMPARE(m_page->model()->index(r, WhatIfModel::RowsMovedColumn).data(Qt::TextAlignmentRole).toInt() &
                     int(Qt::AlignRight),
                 int(Qt::AlignRight));
        anyMoved = anyMoved || e.shareMoved > 0;
        // The share chart shows the same numbers (%).
        QCOMPARE(m_page->barChart()->shareMovedPercent(r), 100.0 * e.shareMoved);
    }
    QVERIFY(anyMoved);
    QVERIFY(test::findNamed<QLabel>(m_page, "planningBasis")->text().contains(QStringLiteral("F5")));
    QVERIFY(!m_page->barChart()->rowsView()->isVisibleTo(m_page)); // no rows chart offline
    QVERIFY(!test::findNamed<QLabel>(m_page, "planningError")->isVisibleTo(m_page));
    const QString shots = qEnvironmentVariable("SP_SCREENSHOT_DIR");
    if (!shots.isEmpty()) {
        m_window->resize(1400, 900);
        QTest::qWait(200);
        QVERIFY(m_window->grab().save(shots + QStringLiteral("/planning-offline-%1.png").arg(file)));
    }
}

void TestPlanning::snapshotRows_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("scheme");
    QTest::addRow("example, uniform") << QStringLiteral("fsharechat-crc32.yaml") << 0;
    QTest::addRow("one table, growing per data source") << QStringLiteral("small") << 1;
    QTest::addRow("one table, one hot table") << QStringLiteral("small") << 2;
}

void TestPlanning::snapshotRows()
{
    QFETCH(QString, file);
    QFETCH(int, scheme);
    openWithSnapshot(file, rowsScheme(scheme));
    const ClusterSnapshot snap = *m_window->context()->snapshot();
    const int maxV = test::findNamed<QSpinBox>(m_page, "ringMaxVirtualNodes")->value();
    const planning::WhatIfReport expected = expectedReport(maxV);
    QCOMPARE(m_page->model()->rowCount(), int(expected.rows.size()));
    int withRows = 0;
    for (int r = 0; r < expected.rows.size(); ++r) {
        const planning::WhatIfRow &e = expected.rows.at(r);
        if (!e.feasible)
            continue;
        QCOMPARE(sortValue(r, WhatIfModel::RowsMovedColumn).toLongLong(), e.rowsMoved);
        QCOMPARE(sortValue(r, WhatIfModel::BytesMovedColumn).toLongLong(), e.bytesMoved);
        QCOMPARE(sortValue(r, WhatIfModel::RowsCopiedColumn).toLongLong(), e.rowsCopied);
        QCOMPARE(sortValue(r, WhatIfModel::ShareMovedColumn).toDouble(), e.shareMoved);
        if (e.rowsMoved >= 0) {
            ++withRows;
            QCOMPARE(cell(r, WhatIfModel::RowsMovedColumn), QLocale().toString(e.rowsMoved));
            QVERIFY(cell(r, WhatIfModel::BytesMovedColumn) != WhatIfModel::unknownText());
            QCOMPARE(m_page->barChart()->rowsMovedAt(r), e.rowsMoved);
        }
    }
    QVERIFY2(withRows > 0, qPrintable(expected.toText()));
    QVERIFY(expected.rows.constFirst().rowsMoved > 0); // mod-double moves rows of every table
    QVERIFY(m_page->barChart()->rowsView()->isVisibleTo(m_page));
    // Sorting by rows moved (descending) puts the strategy that moves most on top.
    auto *view = test::findNamed<QTableView>(m_page, "whatIfTable");
    view->sortByColumn(WhatIfModel::RowsMovedColumn, Qt::DescendingOrder);
    qint64 most = -1;
    planning::StrategyId mostId = planning::StrategyId::ModDouble;
    for (const planning::WhatIfRow &e : expected.rows)
        if (e.feasible && e.rowsMoved > most) {
            most = e.rowsMoved;
            mostId = e.strategy;
        }
    QCOMPARE(view->model()->index(0, 0).data(WhatIfModel::StrategyRole).toInt(), int(mostId));
    QCOMPARE(view->model()->index(0, WhatIfModel::RowsMovedColumn).data().toString(),
             QLocale().toString(most));
    view->sortByColumn(-1, Qt::AscendingOrder);
    const QString basis = test::findNamed<QLabel>(m_page, "planningBasis")->text();
    QVERIFY2(basis.contains(snap.takenAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))),
             qPrintable(basis));
    // Looking at the page: SP_SCREENSHOT_DIR=/tmp/x writes planning-<row>.png there.
    const QString shots = qEnvironmentVariable("SP_SCREENSHOT_DIR");
    if (!shots.isEmpty()) {
        m_window->resize(1400, 900);
        QTest::qWait(200);
        QVERIFY(m_window->grab().save(shots + QStringLiteral("/planning-%1.png").arg(scheme)));
    }
}

void TestPlanning::ringSeries_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("maxVirtualNodes");
    QTest::addRow("crc32, 64") << QStringLiteral("small") << 64;
    QTest::addRow("crc32, 300") << QStringLiteral("small") << 300;
    QTest::addRow("native ring, 200") << QStringLiteral("native-algorithms.yaml") << 200;
}

void TestPlanning::ringSeries()
{
    QFETCH(QString, file);
    QFETCH(int, maxVirtualNodes);
    openExample(file);
    auto *spin = test::findNamed<QSpinBox>(m_page, "ringMaxVirtualNodes");
    QSignalSpy computed(m_page, &PlanningPage::computed);
    spin->setValue(maxVirtualNodes); // only the balance series is recomputed
    waitForResult(computed);
    QCOMPARE(m_page->report()->ringBalance.size(), qsizetype(maxVirtualNodes));

    // The ring after the expansion: today's sharded sources and as many new ones.
    const ShardingConfig &config = m_window->context()->config();
    QStringList nodes = planning::builder::shardedDataSources(config);
    const int n = int(nodes.size());
    const QString prefix = planning::builder::indexedPrefix(nodes);
    QVERIFY(!prefix.isEmpty());
    for (int i = n; i < 2 * n; ++i)
        nodes << prefix + QString::number(i);
    if (file == QLatin1String("small"))
        QCOMPARE(nodes, (QStringList{QStringLiteral("db0"), QStringLiteral("db1"), QStringLiteral("db2"),
                                     QStringLiteral("db3"), QStringLiteral("db4"), QStringLiteral("db5"),
                                     QStringLiteral("db6"), QStringLiteral("db7")}));
    const QList<planning::BalancePoint> expected = planning::RingBalance::series(nodes, maxVirtualNodes, 1);
    QLineSeries *maxS = m_page->ringChart()->maxSeries();
    QLineSeries *minS = m_page->ringChart()->minSeries();
    QVERIFY(maxS && minS);
    QCOMPARE(maxS->count(), int(expected.size()));
    QCOMPARE(minS->count(), int(expected.size()));
    for (int i = 0; i < expected.size(); ++i) {
        QCOMPARE(maxS->at(i).x(), double(expected.at(i).virtualNodes));
        QCOMPARE(maxS->at(i).y(), expected.at(i).maxOverMean);
        QCOMPARE(minS->at(i).y(), expected.at(i).minOverMean);
    }
    QVERIFY(expected.constFirst().maxOverMean >
            expected.constLast().maxOverMean); // more vnodes, better balance

    // The ring before the expansion (today's sharded sources), dashed beside it.
    const QList<planning::BalancePoint> before =
        planning::RingBalance::series(planning::builder::shardedDataSources(config), maxVirtualNodes, 1);
    QLineSeries *beforeMax = m_page->ringChart()->beforeMaxSeries();
    QLineSeries *beforeMin = m_page->ringChart()->beforeMinSeries();
    QVERIFY(beforeMax && beforeMin);
    QCOMPARE(beforeMax->count(), int(before.size()));
    for (int i = 0; i < before.size(); ++i) {
        QCOMPARE(beforeMax->at(i).x(), double(before.at(i).virtualNodes));
        QCOMPARE(beforeMax->at(i).y(), before.at(i).maxOverMean);
        QCOMPARE(beforeMin->at(i).y(), before.at(i).minOverMean);
    }
    QVERIFY(before.constFirst().maxOverMean != expected.constFirst().maxOverMean);
    QCOMPARE(beforeMax->pen().style(), Qt::DashLine);
    QVERIFY(m_page->ringChart()->chart()->title().contains(QString::number(n)));
    if (const QString dir = qEnvironmentVariable("SP_SCREENSHOT_DIR"); !dir.isEmpty())
        m_page->grab().save(dir + QStringLiteral("/planning-ring-%1.png").arg(maxVirtualNodes));

    // The marker shows the config's own virtual-node count, only for a CONSISTENT_HASH config.
    int configured = 0;
    for (const AlgorithmDef &a : config.algorithms)
        if (a.type == QLatin1String("CONSISTENT_HASH"))
            configured = a.props.value(QStringLiteral("virtual-nodes")).toInt();
    QLineSeries *marker = m_page->ringChart()->markerSeries();
    if (configured > 0) {
        QVERIFY(marker);
        QCOMPARE(marker->at(0).x(), double(configured));
    } else {
        QVERIFY(!marker);
    }
}

void TestPlanning::staleResultDropped()
{
    openExample(QStringLiteral("small"));
    AppContext *ctx = m_window->context();
    const ClusterSnapshot a = syntheticSnapshot(ctx->config(), rowsScheme(0));
    const ClusterSnapshot b = syntheticSnapshot(ctx->config(), rowsScheme(2));
    QSignalSpy computed(m_page, &PlanningPage::computed);

    ctx->setSnapshot(a);
    m_page->recompute();
    QVERIFY(m_page->isBusy()); // the answer comes later, from a worker
    ctx->setSnapshot(b);
    m_page->recompute(); // makes the first one stale
    waitForResult(computed);
    QTest::qWait(300); // nothing else arrives (no stale result, no pending recompute)
    QCOMPARE(computed.size(), 1);
    QVERIFY(!m_page->isBusy());

    const int maxV = test::findNamed<QSpinBox>(m_page, "ringMaxVirtualNodes")->value();
    const planning::WhatIfReport expected = expectedReport(maxV);
    QVERIFY(expected.rows.constFirst().rowsMoved > 0);
    QCOMPARE(sortValue(0, WhatIfModel::RowsMovedColumn).toLongLong(), expected.rows.constFirst().rowsMoved);
    QVERIFY(m_page->report());
    QCOMPARE(m_page->report()->rows.constFirst().rowsMoved, expected.rows.constFirst().rowsMoved);

    // A range change while a comparison runs restarts it with the new range.
    computed.clear();
    m_page->recompute();
    test::findNamed<QSpinBox>(m_page, "ringMaxVirtualNodes")->setValue(50);
    waitForResult(computed);
    QTest::qWait(300);
    QCOMPARE(computed.size(), 1);
    QCOMPARE(m_page->ringChart()->maxSeries()->count(), 50);
    QCOMPARE(m_page->report()->ringBalance.size(), qsizetype(50));
}

void TestPlanning::brokenConfig()
{
    const QString broken = m_dir.filePath(QStringLiteral("broken.yaml"));
    QFile f(broken);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("rules: [\n");
    f.close();
    m_window->openConfig(broken);
    QTRY_VERIFY(test::findNamed<QLabel>(m_page, "planningError")->isVisibleTo(m_page));
    QVERIFY(test::findNamed<QLabel>(m_page, "planningError")->text().contains(QStringLiteral("broken.yaml")));
    QCOMPARE(m_page->model()->rowCount(), 0);
    QVERIFY(!m_page->isBusy());
    // A good config afterwards clears the error.
    openExample(QStringLiteral("small"));
    QVERIFY(!test::findNamed<QLabel>(m_page, "planningError")->isVisibleTo(m_page));
}

void TestPlanning::instanceDown()
{
    // db2's instance is down: the snapshot has rows for db0, db1 and db3 only.
    QSignalSpy computed(m_page, &PlanningPage::computed);
    QVERIFY(m_window->openConfig(configPath(QStringLiteral("small"))));
    ClusterSnapshot snap = syntheticSnapshot(m_window->context()->config(), rowsScheme(1));
    snap.exact = false;
    for (const QString &ds :
         {QStringLiteral("db0"), QStringLiteral("db1"), QStringLiteral("db2"), QStringLiteral("db3")}) {
        InstanceHealth h;
        h.dataSource = ds;
        h.host = QStringLiteral("h") + ds.right(1);
        h.port = 3306;
        h.reachable = ds != QLatin1String("db2");
        if (!h.reachable)
            h.error = QStringLiteral("Can't connect to server on 'h2' (111)");
        snap.instances << h;
    }
    qint64 knownRows = 0;
    for (TableStats &t : snap.tables) {
        if (t.node.dataSource == QLatin1String("db2")) {
            t.exactRows.reset();
            t.estimatedRows = -1;
            t.dataBytes = t.indexBytes = -1;
            t.error = QStringLiteral("instance unreachable");
        } else {
            t.exactRows.reset(); // estimates, as an ordinary refresh gives
            knownRows += t.rows();
        }
    }
    QVERIFY(knownRows > 0);
    m_window->context()->setSnapshot(snap);
    waitForResult(computed);
    QCOMPARE(m_page->model()->rowCount(), 3);

    const QString basis = test::findNamed<QLabel>(m_page, "planningBasis")->text();
    QVERIFY2(basis.contains(QStringLiteral("db2")) && !basis.contains(QStringLiteral("has no row counts")),
             qPrintable(basis));
    QVERIFY2(basis.contains(QStringLiteral("h2:3306")), qPrintable(basis));
    QVERIFY2(basis.contains(QStringLiteral("estimate")), qPrintable(basis)); // says the rows are estimates
    int partial = 0;
    for (int r = 0; r < m_page->model()->rowCount(); ++r) {
        const planning::WhatIfRow &row = m_page->model()->rows().at(r);
        if (!row.feasible)
            continue;
        // The counts that exist are used, and the result says it is partial.
        QVERIFY2(sortValue(r, WhatIfModel::RowsMovedColumn).toLongLong() > 0,
                 qPrintable(cell(r, WhatIfModel::StrategyColumn)));
        QVERIFY2(cell(r, WhatIfModel::FeasibleColumn).contains(QStringLiteral("partial")),
                 qPrintable(cell(r, WhatIfModel::FeasibleColumn)));
        QVERIFY(cell(r, WhatIfModel::FeasibleColumn).contains(QStringLiteral("db2")));
        ++partial;
    }
    QVERIFY(partial > 0);
    QVERIFY(m_page->report()->toText().contains(QStringLiteral("partial")));

    // Skew after falls back to key shares without db2's rows (1.493 -> 1.000 in a walk-through,
    // without a word): the cell, its tooltip, the basis, the CLI's text and the rows chart say it.
    for (int r = 0; r < m_page->model()->rowCount(); ++r) {
        const planning::WhatIfRow &row = m_page->model()->rows().at(r);
        if (!row.feasible)
            continue;
        QCOMPARE(row.skewWithoutRows, QStringList{QStringLiteral("db2")});
        QVERIFY2(cell(r, WhatIfModel::SkewAfterColumn).contains(QStringLiteral("key shares")),
                 qPrintable(cell(r, WhatIfModel::SkewAfterColumn)));
        const QString tip =
            m_page->model()->index(r, WhatIfModel::SkewAfterColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("db2")), qPrintable(tip));
    }
    QVERIFY2(basis.contains(QStringLiteral("Skew after is of key shares")), qPrintable(basis));
    QVERIFY(m_page->report()->toText().contains(
        QStringLiteral("skew after: of key shares, not rows: no row counts from db2")));
    auto *rowsView = test::findNamed<QChartView>(m_page, "rowsChart");
    QVERIFY(rowsView && rowsView->chart());
    QVERIFY2(rowsView->chart()->title().contains(QStringLiteral("db2 not counted")),
             qPrintable(rowsView->chart()->title()));

    // With every count back, the skew is of rows again, and nothing says otherwise.
    QSignalSpy again(m_page, &PlanningPage::computed);
    m_window->context()->setSnapshot(syntheticSnapshot(m_window->context()->config(), rowsScheme(1)));
    waitForResult(again);
    for (int r = 0; r < m_page->model()->rowCount(); ++r) {
        const planning::WhatIfRow &row = m_page->model()->rows().at(r);
        if (!row.feasible)
            continue;
        QVERIFY(row.skewFromRows);
        QVERIFY(row.skewWithoutRows.isEmpty());
        QVERIFY2(!cell(r, WhatIfModel::SkewAfterColumn).contains(QStringLiteral("key shares")),
                 qPrintable(cell(r, WhatIfModel::SkewAfterColumn)));
    }
    QVERIFY(!test::findNamed<QLabel>(m_page, "planningBasis")->text().contains(QStringLiteral("key shares")));
}

void TestPlanning::copyAndExport()
{
    openExample(QStringLiteral("small"));
    QVERIFY(m_page->report());
    QTest::mouseClick(test::findNamed<QPushButton>(m_page, "planningCopyButton"), Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), m_page->report()->toText());

    const QString path = m_dir.filePath(QStringLiteral("whatif.json"));
    QString error;
    QVERIFY2(m_page->exportJson(path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("shardpilot-whatif/1"));
    QCOMPARE(o.value(QStringLiteral("strategies")).toArray().size(), 3);
    QVERIFY(!m_page->exportJson(m_dir.filePath(QStringLiteral("no/such/dir/x.json")), &error));
    QVERIFY(!error.isEmpty());
}

void TestPlanning::shareLabelsFitTheBars()
{
    // A value label drawn inside a bar thinner than the text runs over the next bar: labels show
    // only when the bars are thick enough.
    openExample(QStringLiteral("small"));
    auto *view = test::findNamed<QChartView>(m_page, "shareChart");
    QVERIFY(view);
    auto labelsShown = [view] {
        for (QAbstractSeries *s : view->chart()->series())
            if (auto *bars = qobject_cast<QAbstractBarSeries *>(s))
                return bars->isLabelsVisible();
        return false;
    };
    auto barThickness = [view] {
        for (QAbstractSeries *s : view->chart()->series())
            if (auto *bars = qobject_cast<QAbstractBarSeries *>(s))
                return view->chart()->plotArea().height() / 3 * bars->barWidth() / 2;
        return 0.0;
    };
    const int text = QFontMetrics(view->chart()->font()).height();
    for (const QSize &size : {QSize(1400, 1000), QSize(1024, 600), QSize(1400, 1000)}) {
        m_window->resize(size);
        QTest::qWait(100);
        QTRY_COMPARE(labelsShown(), barThickness() >= text);
    }
    m_window->resize(1024, 600);
    QTRY_VERIFY(barThickness() < text); // the small window really has thin bars
    QVERIFY(!labelsShown());
}

QTEST_MAIN(TestPlanning)
#include "tst_planning.moc"
