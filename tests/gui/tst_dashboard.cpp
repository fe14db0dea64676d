#include "core/config/ConfigLoader.h"
#include "ui/AppContext.h"
#include "ui/TimeFormat.h"
#include "ui/models/HeatmapModel.h"
#include "ui/pages/DashboardPage.h"
#include "ui/widgets/HeatmapWidget.h"

#include "TestPaths.h"

#include <QAbstractBarSeries>
#include <QAbstractItemModelTester>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QValueAxis>
#include <QtTest>

#include <atomic>
#include <cmath>

using namespace sp;
using namespace sp::ui;

namespace {

// Deterministic, skewed counts; every 7th node unknown, nodes with index % 5 == 3 empty.
ClusterSnapshot syntheticSnapshot(const ShardingConfig &config, qint64 bump = 0)
{
    ClusterSnapshot s;
    s.configPath = config.filePath;
    s.takenAt = QDateTime::currentDateTimeUtc();
    for (const DataSourceDef &ds : config.dataSources) {
        InstanceHealth h;
        h.dataSource = ds.name;
        h.host = ds.host;
        h.port = ds.port;
        h.reachable = true;
        s.instances.append(h);
    }
    int i = 0;
    for (const TableRule &t : config.tables) {
        for (const DataNode &n : t.dataNodes) {
            TableStats ts;
            ts.node = n;
            ts.logicTable = t.logicTable;
            ts.estimatedRows = i % 7 == 6 ? -1 : i % 5 == 3 ? 0 : 1000 * (i % 11 + 1) + bump * (i % 3);
            ts.dataBytes = ts.estimatedRows >= 0 ? ts.estimatedRows * 120 : -1;
            ts.indexBytes = ts.estimatedRows >= 0 ? 16384 : -1;
            s.tables.append(ts);
            ++i;
        }
    }
    return s;
}

const TableStats *statsFor(const ClusterSnapshot &s, const DataNode &n)
{
    for (const TableStats &t : s.tables)
        if (t.node == n)
            return &t;
    return nullptr;
}

} // namespace

class TestDashboard final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void heatmapEqualsSnapshot_data();
    void heatmapEqualsSnapshot();
    void metricSwitch();
    void growthFromStableBaseline();
    void clickShowsNode();
    void nodeDetailsFollowSelection();
    void skewFigures();
    void allTablesColourRelativeToTableMean();
    void timestampsIgnoreLanguage();
    void chartAxisLabelsDistinct();
    void unreachableIsUnknownNotZero();
    void refreshRunsOffTheUiThread();
    void exactCountsOption();
    void deadHostNeverFreezes();
    void screenshot();

private:
    QTemporaryDir m_history;
    std::unique_ptr<AppContext> m_ctx;
    std::unique_ptr<DashboardPage> m_page;
    LoadResult m_load;
};

void TestDashboard::initTestCase()
{
    QVERIFY(m_history.isValid());
    qputenv("SHARDPILOT_HISTORY_DIR", m_history.path().toUtf8());
    const QString path = sp::test::examplePath(QStringLiteral("fsharechat-crc32.yaml"));
    m_load = ConfigLoader::loadFile(path);
    QVERIFY2(m_load.ok(), qPrintable(m_load.diagnostics.value(0).toString()));
    QVERIFY(m_load.config.table(QStringLiteral("t_messages")));
}

void TestDashboard::init()
{
    m_ctx = std::make_unique<AppContext>();
    m_ctx->setConfig(m_load.config.filePath, m_load, {});
    m_page = std::make_unique<DashboardPage>(m_ctx.get());
    m_page->resize(1300, 850);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
}

void TestDashboard::cleanup()
{
    m_page.reset();
    m_ctx.reset();
}

void TestDashboard::heatmapEqualsSnapshot_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<int>("expectedRows");
    QTest::addColumn<int>("expectedColumns");
    QTest::addRow("t_messages") << QStringLiteral("t_messages") << 4 << 4;
    QTest::addRow("t_user") << QStringLiteral("t_user") << 4 << 4;
    QTest::addRow("all tables") << QString() << -1 << 4;
}

void TestDashboard::heatmapEqualsSnapshot()
{
    QFETCH(QString, table);
    QFETCH(int, expectedRows);
    QFETCH(int, expectedColumns);
    const ClusterSnapshot snap = syntheticSnapshot(m_ctx->config());
    m_ctx->setSnapshot(snap);
    auto *combo = m_page->findChild<QComboBox *>(QStringLiteral("logicTableCombo"));
    QVERIFY(combo);
    const int idx = combo->findData(table);
    QVERIFY(idx >= 0);
    combo->setCurrentIndex(idx);
    auto *heatmap = m_page->findChild<HeatmapWidget *>(QStringLiteral("heatmap"));
    QVERIFY(heatmap);
    HeatmapModel *model = heatmap->model();
    QVERIFY(model);
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    if (expectedRows >= 0)
        QCOMPARE(model->rows(), expectedRows);
    else
        QCOMPARE(model->rows(), 4 * combo->count() - 4); // every table on four data sources
    QCOMPARE(model->columns(), expectedColumns);
    int checked = 0;
    int unknown = 0;
    for (int r = 0; r < model->rows(); ++r) {
        for (int c = 0; c < model->columns(); ++c) {
            QVERIFY(model->hasNode(r, c));
            const DataNode n = model->node(r, c);
            const TableStats *ts = statsFor(snap, n);
            QVERIFY2(ts, qPrintable(n.toString()));
            QCOMPARE(model->data(model->index(r, c), HeatmapModel::NodeRole).toString(), n.toString());
            if (ts->rows() < 0) {
                QVERIFY(std::isnan(model->value(r, c)));
                QVERIFY(!model->data(model->index(r, c), HeatmapModel::ValueRole).isValid());
                QCOMPARE(heatmap->cellColor(r, c), QRgb(0xffa0a0a0));
                ++unknown;
            } else {
                QCOMPARE(model->value(r, c), double(ts->rows()));
                QCOMPARE(model->data(model->index(r, c), HeatmapModel::ValueRole).toDouble(), double(ts->rows()));
            }
            if (!table.isEmpty())
                QCOMPARE(n.dataSource, model->rowLabel(r));
            ++checked;
        }
    }
    QVERIFY(checked >= 16);
    QVERIFY(unknown > 0);
}

void TestDashboard::metricSwitch()
{
    const ClusterSnapshot first = syntheticSnapshot(m_ctx->config());
    ClusterSnapshot second = syntheticSnapshot(m_ctx->config(), 250);
    second.takenAt = first.takenAt.addSecs(60);
    m_ctx->setSnapshot(first);
    m_ctx->setSnapshot(second);
    auto *metric = m_page->findChild<QComboBox *>(QStringLiteral("metricCombo"));
    QVERIFY(metric);
    HeatmapModel *model = m_page->heatmapModel();
    const double rowsBefore = model->value(0, 1);
    metric->setCurrentIndex(metric->findData(int(HeatmapModel::Metric::Bytes)));
    QCOMPARE(model->metric(), HeatmapModel::Metric::Bytes);
    int compared = 0;
    for (int r = 0; r < model->rows(); ++r)
        for (int c = 0; c < model->columns(); ++c) {
            const TableStats *ts = statsFor(second, model->node(r, c));
            if (ts->dataBytes < 0)
                continue;
            QCOMPARE(model->value(r, c), double(ts->dataBytes + ts->indexBytes));
            ++compared;
        }
    QVERIFY(compared > 0);
    QVERIFY(model->value(0, 1) != rowsBefore);

    metric->setCurrentIndex(metric->findData(int(HeatmapModel::Metric::Growth)));
    int growing = 0;
    for (int r = 0; r < model->rows(); ++r)
        for (int c = 0; c < model->columns(); ++c) {
            const TableStats *now = statsFor(second, model->node(r, c));
            const TableStats *before = statsFor(first, model->node(r, c));
            if (now->rows() < 0 || before->rows() < 0) {
                QVERIFY(std::isnan(model->value(r, c)));
                continue;
            }
            QCOMPARE(model->value(r, c), double(now->rows() - before->rows()));
            growing += model->value(r, c) > 0;
        }
    QVERIFY(growing > 0);
}

// Growth is measured from a baseline the operator sees (the first refresh of the session, or the
// one set with Set baseline), not from the previous refresh: a 30 s auto-refresh zeroed it. A count
// whose source changed (exact vs estimate) or an estimate after a restart of its instance (InnoDB
// re-reads old statistics) is "not comparable", never a drop.
void TestDashboard::growthFromStableBaseline()
{
    auto withUptime = [](ClusterSnapshot s, qint64 uptime) {
        for (InstanceHealth &h : s.instances)
            h.uptimeSeconds = uptime;
        return s;
    };
    const QDateTime t0 = QDateTime::currentDateTimeUtc().addSecs(-3600);
    ClusterSnapshot first = withUptime(syntheticSnapshot(m_ctx->config()), 100000);
    first.takenAt = t0;
    ClusterSnapshot second = withUptime(syntheticSnapshot(m_ctx->config(), 250), 100030);
    second.takenAt = t0.addSecs(30);
    ClusterSnapshot third = withUptime(syntheticSnapshot(m_ctx->config(), 500), 100060);
    third.takenAt = t0.addSecs(60); // the auto-refresh, 30 s later
    m_ctx->setSnapshot(first);
    m_ctx->setSnapshot(second);
    m_ctx->setSnapshot(third);

    auto *metric = m_page->findChild<QComboBox *>(QStringLiteral("metricCombo"));
    auto *baseline = m_page->findChild<QLabel *>(QStringLiteral("baselineLabel"));
    auto *setBaseline = m_page->findChild<QPushButton *>(QStringLiteral("setBaselineButton"));
    auto *heatmap = m_page->findChild<HeatmapWidget *>(QStringLiteral("heatmap"));
    QVERIFY(metric && baseline && setBaseline && heatmap);
    metric->setCurrentIndex(metric->findData(int(HeatmapModel::Metric::Growth)));
    QVERIFY2(metric->currentText().contains(QStringLiteral("baseline")), qPrintable(metric->currentText()));
    HeatmapModel *model = m_page->heatmapModel();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    int growing = 0;
    for (int r = 0; r < model->rows(); ++r)
        for (int c = 0; c < model->columns(); ++c) {
            const TableStats *now = statsFor(third, model->node(r, c));
            const TableStats *then = statsFor(first, model->node(r, c));
            if (now->rows() < 0 || then->rows() < 0)
                continue;
            QCOMPARE(model->value(r, c), double(now->rows() - then->rows())); // since the first, not the second
            growing += model->value(r, c) > 0;
        }
    QVERIFY(growing > 0);
    QVERIFY2(baseline->text().contains(timestampText(t0)), qPrintable(baseline->text()));
    QVERIFY(setBaseline->isEnabled());

    // The operator moves the baseline to the snapshot shown now: no growth since.
    QTest::mouseClick(setBaseline, Qt::LeftButton);
    QVERIFY(m_ctx->baselineChosen());
    QVERIFY2(baseline->text().contains(timestampText(third.takenAt)), qPrintable(baseline->text()));
    QVERIFY(!setBaseline->isEnabled());
    for (int r = 0; r < model->rows(); ++r)
        for (int c = 0; c < model->columns(); ++c)
            QVERIFY(std::isnan(model->value(r, c)) || model->value(r, c) == 0);

    // Next refresh: one data source counted exactly (the others still estimated), and the instance
    // of another one restarted, its estimates back at an older, smaller value.
    const QString exactDs = m_ctx->config().dataSources.at(0).name;
    const QString restartedDs = m_ctx->config().dataSources.at(1).name;
    ClusterSnapshot fourth = withUptime(syntheticSnapshot(m_ctx->config(), 700), 100090);
    fourth.takenAt = t0.addSecs(90);
    for (InstanceHealth &h : fourth.instances)
        if (h.dataSource == restartedDs)
            h.uptimeSeconds = 12; // restarted 12 s ago
    for (TableStats &t : fourth.tables) {
        if (t.node.dataSource == exactDs && t.estimatedRows >= 0)
            t.exactRows = t.estimatedRows - 40; // exact: a little below the estimate
        if (t.node.dataSource == restartedDs && t.estimatedRows > 0)
            t.estimatedRows = t.estimatedRows / 3; // a pre-load value read back after the restart
    }
    m_ctx->setSnapshot(fourth);
    int notComparable = 0, compared = 0;
    for (int r = 0; r < model->rows(); ++r)
        for (int c = 0; c < model->columns(); ++c) {
            const DataNode n = model->node(r, c);
            const TableStats *now = statsFor(fourth, n);
            const TableStats *then = statsFor(third, n);
            const QModelIndex index = model->index(r, c);
            if (now->rows() < 0 || then->rows() < 0) {
                QVERIFY(std::isnan(model->value(r, c)));
                continue;
            }
            if (n.dataSource == exactDs || n.dataSource == restartedDs) {
                QVERIFY2(std::isnan(model->value(r, c)), qPrintable(n.toString()));
                QVERIFY(model->notComparable(r, c));
                QCOMPARE(model->data(index, HeatmapModel::ComparableRole).toBool(), false);
                QCOMPARE(model->data(index).toString(), QStringLiteral("not comparable"));
                QVERIFY(!model->data(index, HeatmapModel::ValueRole).isValid());
                QVERIFY2(model->data(index, Qt::ToolTipRole).toString().contains(QStringLiteral("not comparable")),
                         qPrintable(model->data(index, Qt::ToolTipRole).toString()));
                ++notComparable;
            } else {
                QCOMPARE(model->value(r, c), double(now->rows() - then->rows()));
                QVERIFY(!model->notComparable(r, c));
                ++compared;
            }
        }
    QVERIFY(notComparable >= 4);
    QVERIFY(compared >= 4);
    QVERIFY2(baseline->text().contains(QStringLiteral("not comparable")), qPrintable(baseline->text()));
    // Nothing reads as shrinkage: no negative growth anywhere.
    QVERIFY(model->minValue() >= 0);
    if (QString dir = qEnvironmentVariable("SP_SCREENSHOT_DIR"); !dir.isEmpty()) {
        auto *combo = m_page->findChild<QComboBox *>(QStringLiteral("logicTableCombo"));
        combo->setCurrentIndex(combo->findData(QStringLiteral("t_messages")));
        m_page->grab().save(dir + QStringLiteral("/dashboard-growth-baseline.png"));
    }
}

void TestDashboard::clickShowsNode()
{
    m_ctx->setSnapshot(syntheticSnapshot(m_ctx->config()));
    auto *heatmap = m_page->findChild<HeatmapWidget *>(QStringLiteral("heatmap"));
    QSignalSpy spy(heatmap, &HeatmapWidget::nodeActivated);
    const QPoint at = heatmap->cellRect(2, 3).center().toPoint();
    QCOMPARE(heatmap->cellAt(at), QPoint(3, 2));
    QTest::mouseClick(heatmap, Qt::LeftButton, {}, at);
    QCOMPARE(spy.count(), 1);
    const DataNode expected = heatmap->model()->node(2, 3);
    QCOMPARE(spy.at(0).at(0).value<DataNode>(), expected);
    auto *details = m_page->findChild<QLabel *>(QStringLiteral("nodeDetails"));
    QVERIFY(details->text().contains(expected.toString()));
    QTest::mouseClick(heatmap, Qt::LeftButton, {}, QPoint(1, 1)); // outside the grid
    QCOMPARE(spy.count(), 1);
}

void TestDashboard::nodeDetailsFollowSelection()
{
    const ClusterSnapshot first = syntheticSnapshot(m_ctx->config());
    ClusterSnapshot second = syntheticSnapshot(m_ctx->config(), 500);
    second.takenAt = first.takenAt.addSecs(60);
    m_ctx->setSnapshot(first);
    auto *combo = m_page->findChild<QComboBox *>(QStringLiteral("logicTableCombo"));
    combo->setCurrentIndex(combo->findData(QStringLiteral("t_messages")));
    auto *heatmap = m_page->findChild<HeatmapWidget *>(QStringLiteral("heatmap"));
    auto *details = m_page->findChild<QLabel *>(QStringLiteral("nodeDetails"));
    QVERIFY(heatmap && details);
    const QString placeholder = details->text();

    // A node whose count changes between the two snapshots.
    QPoint cell{-1, -1};
    for (int r = 0; r < heatmap->model()->rows() && cell.x() < 0; ++r)
        for (int c = 0; c < heatmap->model()->columns(); ++c) {
            const DataNode n = heatmap->model()->node(r, c);
            const qint64 a = statsFor(first, n)->rows();
            const qint64 b = statsFor(second, n)->rows();
            if (a > 0 && b > 0 && a != b) {
                cell = {c, r};
                break;
            }
        }
    QVERIFY(cell.x() >= 0);
    const DataNode node = heatmap->model()->node(cell.y(), cell.x());
    QTest::mouseClick(heatmap, Qt::LeftButton, {}, heatmap->cellRect(cell.y(), cell.x()).center().toPoint());
    const QString before = QLocale().toString(statsFor(first, node)->rows());
    const QString after = QLocale().toString(statsFor(second, node)->rows());
    QVERIFY2(details->text().contains(node.toString()) && details->text().contains(before),
             qPrintable(details->text()));

    // Refresh: the same node, the new value.
    m_ctx->setSnapshot(second);
    QVERIFY2(details->text().contains(node.toString()) && details->text().contains(after) &&
                 !details->text().contains(before),
             qPrintable(details->text()));

    // Another table: that node is not shown any more, nor selected.
    combo->setCurrentIndex(combo->findData(QStringLiteral("t_user")));
    QVERIFY2(!details->text().contains(node.toString()), qPrintable(details->text()));
    QCOMPARE(details->text(), placeholder);
    // Back to the first table: nothing is selected (no stale highlight brought back).
    combo->setCurrentIndex(combo->findData(QStringLiteral("t_messages")));
    QCOMPARE(details->text(), placeholder);

    // "All tables" still shows the node: it stays selected and follows the snapshot.
    QTest::mouseClick(heatmap, Qt::LeftButton, {}, heatmap->cellRect(cell.y(), cell.x()).center().toPoint());
    QVERIFY(details->text().contains(node.toString()));
    combo->setCurrentIndex(combo->findData(QString()));
    QVERIFY2(details->text().contains(node.toString()) && details->text().contains(after),
             qPrintable(details->text()));
    m_ctx->setSnapshot(first);
    QVERIFY2(details->text().contains(node.toString()) && details->text().contains(before),
             qPrintable(details->text()));
}

void TestDashboard::skewFigures()
{
    const ClusterSnapshot snap = syntheticSnapshot(m_ctx->config());
    m_ctx->setSnapshot(snap);
    auto *combo = m_page->findChild<QComboBox *>(QStringLiteral("logicTableCombo"));
    combo->setCurrentIndex(combo->findData(QStringLiteral("t_messages")));
    const SkewStats s = DashboardPage::skewFor(m_ctx->config(), snap, QStringLiteral("t_messages"));
    int empty = 0;
    int unknown = 0;
    for (const DataNode &n : m_ctx->config().table(QStringLiteral("t_messages"))->dataNodes) {
        empty += statsFor(snap, n)->rows() == 0;
        unknown += statsFor(snap, n)->rows() < 0;
    }
    QCOMPARE(s.emptyNodes, empty);
    QCOMPARE(s.unknownNodes, unknown);
    auto *emptyLabel = m_page->findChild<QLabel *>(QStringLiteral("skewEmpty"));
    auto *verdict = m_page->findChild<QLabel *>(QStringLiteral("skewVerdict"));
    auto *maxMean = m_page->findChild<QLabel *>(QStringLiteral("skewMaxMean"));
    QVERIFY(emptyLabel && verdict && maxMean);
    QVERIFY2(emptyLabel->text().startsWith(empty > 0 ? QString::number(empty) : QStringLiteral("none")),
             qPrintable(emptyLabel->text()));
    QVERIFY(maxMean->text().contains(s.maxNode.toString()));
    QVERIFY(!verdict->text().isEmpty());
}

void TestDashboard::allTablesColourRelativeToTableMean()
{
    // t_messages: a million rows per node, balanced. t_user: a thousand per node but one node holds
    // three times that. Other tables: 500 per node, balanced.
    ClusterSnapshot snap = syntheticSnapshot(m_ctx->config());
    const DataNode hot = m_ctx->config().table(QStringLiteral("t_user"))->dataNodes.at(5);
    for (TableStats &t : snap.tables) {
        t.estimatedRows = t.logicTable == QLatin1String("t_messages") ? 1000000
                          : t.logicTable == QLatin1String("t_user")   ? (t.node == hot ? 3000 : 1000)
                                                                      : 500;
        t.dataBytes = t.estimatedRows * 100;
        t.indexBytes = 0;
    }
    m_ctx->setSnapshot(snap);
    auto *combo = m_page->findChild<QComboBox *>(QStringLiteral("logicTableCombo"));
    combo->setCurrentIndex(combo->findData(QString()));
    auto *heatmap = m_page->findChild<HeatmapWidget *>(QStringLiteral("heatmap"));
    HeatmapModel *model = heatmap->model();
    QPoint hotCell{-1, -1}, coldCell{-1, -1}, bigCell{-1, -1};
    for (int r = 0; r < model->rows(); ++r)
        for (int c = 0; c < model->columns(); ++c) {
            const DataNode n = model->node(r, c);
            const QString table = model->data(model->index(r, c), HeatmapModel::LogicTableRole).toString();
            if (n == hot)
                hotCell = {c, r};
            else if (table == QLatin1String("t_user"))
                coldCell = {c, r};
            else if (table == QLatin1String("t_messages"))
                bigCell = {c, r};
        }
    QVERIFY(hotCell.x() >= 0 && coldCell.x() >= 0 && bigCell.x() >= 0);
    auto gray = [heatmap](const QPoint &p) { return qGray(heatmap->cellColor(p.y(), p.x())); };
    if (QString dir = qEnvironmentVariable("SP_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QTest::qWait(50); // let the layouts settle
        m_page->grab().save(dir + QStringLiteral("/dashboard-all-relative.png"));
    }

    // Default: relative to each table's mean. The hot node of the small table stands out from its
    // siblings and is brighter than a node of the big, balanced table.
    QVERIFY2(gray(hotCell) - gray(coldCell) > 60,
             qPrintable(QStringLiteral("%1 vs %2").arg(gray(hotCell)).arg(gray(coldCell))));
    QVERIFY(gray(hotCell) > gray(bigCell));
    // Balanced tables of any size share one colour (the mean).
    for (int r = 0; r < model->rows(); ++r)
        for (int c = 0; c < model->columns(); ++c)
            if (model->data(model->index(r, c), HeatmapModel::LogicTableRole).toString() !=
                QLatin1String("t_user"))
                QCOMPARE(heatmap->cellColor(r, c), heatmap->cellColor(bigCell.y(), bigCell.x()));
    const QString relative = heatmap->property("scaleDescription").toString();
    QVERIFY2(relative.contains(QLatin1String("mean")), qPrintable(relative));
    QVERIFY2(model->data(model->index(hotCell.y(), hotCell.x()), Qt::ToolTipRole)
                 .toString()
                 .contains(QLatin1String("2.67")), // 3000 / 1125
             qPrintable(model->data(model->index(hotCell.y(), hotCell.x()), Qt::ToolTipRole).toString()));

    // Absolute rows: one scale, on which every small table is the same dark band.
    auto *scale = m_page->findChild<QComboBox *>(QStringLiteral("heatmapScaleCombo"));
    QVERIFY(scale);
    scale->setCurrentIndex(1);
    QVERIFY(std::abs(gray(hotCell) - gray(coldCell)) < 8);
    QVERIFY(gray(bigCell) > gray(hotCell) + 60);
    const QString absolute = heatmap->property("scaleDescription").toString();
    QVERIFY2(absolute.contains(QLatin1String("absolute rows")), qPrintable(absolute));
    auto *metric = m_page->findChild<QComboBox *>(QStringLiteral("metricCombo"));
    metric->setCurrentIndex(metric->findData(int(HeatmapModel::Metric::Bytes)));
    QVERIFY(heatmap->property("scaleDescription").toString().contains(QLatin1String("absolute size")));
    scale->setCurrentIndex(0);
    QVERIFY(heatmap->property("scaleDescription").toString().contains(QLatin1String("size relative")));
    QVERIFY(gray(hotCell) - gray(coldCell) > 60);
    // Values stay the metric's own numbers whatever the colour says.
    QCOMPARE(model->value(hotCell.y(), hotCell.x()), 300000.0);
}

void TestDashboard::timestampsIgnoreLanguage()
{
    // Choosing a language sets the default locale (app/gui/main.cpp); a timestamp reads the same in
    // every language: local time, yyyy-MM-dd HH:mm.
    const QLocale saved;
    ClusterSnapshot snap = syntheticSnapshot(m_ctx->config());
    snap.takenAt = QDateTime(QDate(2024, 5, 1), QTime(13, 45), Qt::LocalTime).toUTC();
    auto *status = m_page->findChild<QLabel *>(QStringLiteral("dashboardStatus"));
    QStringList shown;
    for (const QLocale &l :
         {QLocale(QLocale::English, QLocale::UnitedStates), QLocale(QLocale::German, QLocale::Germany),
          QLocale(QLocale::Chinese, QLocale::China)}) {
        QLocale::setDefault(l);
        m_ctx->setSnapshot(snap);
        shown << status->text();
    }
    QLocale::setDefault(saved);
    for (const QString &text : std::as_const(shown))
        QVERIFY2(text.contains(QStringLiteral("2024-05-01 13:45")), qPrintable(text));
}

void TestDashboard::chartAxisLabelsDistinct()
{
    // The labels a value axis prints: its range cut into tickCount - 1 equal steps, in labelFormat.
    auto labels = [this] {
        auto *view = m_page->findChild<QChartView *>(QStringLiteral("rowsChart"));
        QStringList out;
        const QList<QAbstractAxis *> axes = view->chart()->axes(Qt::Vertical);
        for (QAbstractAxis *a : axes)
            if (auto *v = qobject_cast<QValueAxis *>(a))
                for (int i = 0; i < v->tickCount(); ++i)
                    out << QString::asprintf(v->labelFormat().toLatin1().constData(),
                                             v->min() +
                                                 i * (v->max() - v->min()) / std::max(1, v->tickCount() - 1));
        return out;
    };
    auto distinct = [](const QStringList &l) { return QSet<QString>(l.begin(), l.end()).size() == l.size(); };
    // No snapshot: an empty chart.
    QStringList empty = labels();
    QVERIFY(!empty.isEmpty());
    QVERIFY2(distinct(empty), qPrintable(empty.join(QStringLiteral(", "))));
    // Tiny counts: still whole, different numbers, and above the highest bar.
    ClusterSnapshot snap = syntheticSnapshot(m_ctx->config());
    for (TableStats &t : snap.tables)
        t.estimatedRows = t.node.table.endsWith(QLatin1String("_0")) ? 1 : 0;
    m_ctx->setSnapshot(snap);
    auto *combo = m_page->findChild<QComboBox *>(QStringLiteral("logicTableCombo"));
    combo->setCurrentIndex(combo->findData(QStringLiteral("t_messages")));
    const QStringList tiny = labels();
    QVERIFY2(distinct(tiny), qPrintable(tiny.join(QStringLiteral(", "))));
    QVERIFY(tiny.last().toDouble() >= 1.15);

    // Values are not drawn over the bars: they are in the category labels.
    auto *view = m_page->findChild<QChartView *>(QStringLiteral("rowsChart"));
    for (QAbstractSeries *series : view->chart()->series())
        if (auto *bars = qobject_cast<QAbstractBarSeries *>(series))
            QVERIFY(!bars->isLabelsVisible());
    QStringList categories;
    for (QAbstractAxis *a : view->chart()->axes(Qt::Horizontal))
        if (auto *c = qobject_cast<QBarCategoryAxis *>(a))
            categories = c->categories();
    QCOMPARE(categories.size(), 4);
    QVERIFY2(categories.constFirst().contains(QStringLiteral("db0")) &&
                 categories.constFirst().contains(QStringLiteral("1")),
             qPrintable(categories.join(QLatin1Char('|'))));
}

// A data source whose server is unreachable has no count: the bar chart says "unknown" for it (it
// said "db1: 0"), and its details say unknown instead of the sum of nothing.
void TestDashboard::unreachableIsUnknownNotZero()
{
    ClusterSnapshot snap = syntheticSnapshot(m_ctx->config());
    for (TableStats &t : snap.tables)
        t.estimatedRows = 1000;
    const ClusterSnapshot baseline = snap;
    const QString down = m_ctx->config().table(QStringLiteral("t_messages"))->dataNodes.at(1).dataSource;
    for (InstanceHealth &h : snap.instances)
        if (h.dataSource == down) {
            h.reachable = false;
            h.error = QStringLiteral("Can't connect to server (111)");
        }
    for (TableStats &t : snap.tables)
        if (t.node.dataSource == down) {
            t.estimatedRows = -1;
            t.error = QStringLiteral("instance unreachable");
        }
    snap.takenAt = baseline.takenAt.addSecs(60);
    m_ctx->setBaseline(baseline);
    m_ctx->setSnapshot(snap);
    auto *combo = m_page->findChild<QComboBox *>(QStringLiteral("logicTableCombo"));
    combo->setCurrentIndex(combo->findData(QStringLiteral("t_messages")));
    auto *view = m_page->findChild<QChartView *>(QStringLiteral("rowsChart"));
    QStringList categories;
    for (QAbstractAxis *a : view->chart()->axes(Qt::Horizontal))
        if (auto *c = qobject_cast<QBarCategoryAxis *>(a))
            categories = c->categories();
    QVERIFY(!categories.isEmpty());
    bool sawDown = false;
    for (const QString &c : std::as_const(categories)) {
        if (!c.startsWith(down + QLatin1Char(':')))
            continue;
        sawDown = true;
        QCOMPARE(c, down + QStringLiteral(": unknown"));
    }
    QVERIFY2(sawDown, qPrintable(categories.join(QLatin1Char('|'))));
    QVERIFY2(view->chart()->title().contains(QStringLiteral("unknown")), qPrintable(view->chart()->title()));

    m_page->focusDataSource(down);
    const QString details = m_page->findChild<QLabel *>(QStringLiteral("nodeDetails"))->text();
    QVERIFY2(details.contains(QStringLiteral("Rows: unknown")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral(": unknown (a count is missing)")), qPrintable(details));
    QVERIFY2(!details.contains(QStringLiteral("Rows: 0")), qPrintable(details));
}

// The dashboard had no exact-count option: refreshes always used the InnoDB estimates.
void TestDashboard::exactCountsOption()
{
    std::atomic_int exactSeen{-1};
    const ShardingConfig config = m_ctx->config();
    m_page->setRecordHistory(false);
    m_page->setInspectFunction([&exactSeen, config](const ShardingConfig &, const QString &, const InspectionOptions &o,
                                                    JobControl &) {
        exactSeen = o.exactCounts ? 1 : 0;
        return syntheticSnapshot(config, 3);
    });
    auto *exact = m_page->findChild<QCheckBox *>(QStringLiteral("exactCountsCheck"));
    auto *button = m_page->findChild<QPushButton *>(QStringLiteral("refreshButton"));
    QVERIFY(exact && button);
    QVERIFY(!exact->isChecked()); // estimates by default: cheap
    QTest::mouseClick(button, Qt::LeftButton);
    QTRY_COMPARE(exactSeen.load(), 0);
    QTRY_VERIFY(button->isEnabled());
    exact->setChecked(true);
    QTest::mouseClick(button, Qt::LeftButton);
    QTRY_COMPARE(exactSeen.load(), 1);
}

void TestDashboard::refreshRunsOffTheUiThread()
{
    QThread *uiThread = QThread::currentThread();
    std::atomic<QThread *> ranOn{nullptr};
    const ShardingConfig config = m_ctx->config();
    m_page->setInspectFunction(
        [&ranOn, config](const ShardingConfig &, const QString &, const InspectionOptions &, JobControl &job) {
            ranOn = QThread::currentThread();
            for (int i = 0; i < 10 && !job.isCancelled(); ++i) {
                job.progress(i, 10, QStringLiteral("step"));
                QThread::msleep(30);
            }
            return syntheticSnapshot(config, 7);
        });
    auto *progress = m_page->findChild<QProgressBar *>(QStringLiteral("inspectionProgress"));
    auto *button = m_page->findChild<QPushButton *>(QStringLiteral("refreshButton"));
    QVERIFY(progress && button);
    QVERIFY(!progress->isVisible());
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(progress->isVisible());
    QVERIFY(!button->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(m_ctx->snapshot().has_value(), 5000);
    QVERIFY(ranOn.load() && ranOn.load() != uiThread);
    QVERIFY(!progress->isVisible());
    QVERIFY(button->isEnabled());
    // The snapshot went to the history as well.
    QTRY_VERIFY(!QDir(m_history.path()).entryList(QDir::Files).isEmpty());
}

void TestDashboard::deadHostNeverFreezes()
{
    // An inspection stuck on a dead host (ignores cancellation for a while, like a blocking connect).
    auto release = std::make_shared<std::atomic_bool>(false);
    m_page->setInspectFunction(
        [release](const ShardingConfig &, const QString &, const InspectionOptions &, JobControl &) {
            for (int i = 0; i < 500 && !release->load(); ++i)
                QThread::msleep(10);
            return ClusterSnapshot{};
        });
    m_page->setRecordHistory(false);
    int ticks = 0;
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
    ticker.start(10);
    QElapsedTimer clock;
    clock.start();
    QTest::keyClick(m_page.get(), Qt::Key_F5);
    auto *progress = m_page->findChild<QProgressBar *>(QStringLiteral("inspectionProgress"));
    QVERIFY(progress->isVisible());
    QTest::qWait(300);
    QVERIFY2(ticks >= 10, qPrintable(QString::number(ticks))); // the event loop kept running
    auto *cancel = m_page->findChild<QPushButton *>(QStringLiteral("cancelRefreshButton"));
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(!progress->isVisible());
    QVERIFY(m_page->findChild<QPushButton *>(QStringLiteral("refreshButton"))->isEnabled());
    QVERIFY(clock.elapsed() < 2000);
    QVERIFY(!m_ctx->snapshot().has_value()); // the stale result is dropped
    release->store(true);
    QTest::qWait(50);
    QVERIFY(!m_ctx->snapshot().has_value());
}

void TestDashboard::screenshot()
{
    const ClusterSnapshot first = syntheticSnapshot(m_ctx->config());
    m_ctx->setSnapshot(first);
    QTest::qWait(50);
    QVERIFY(m_page->grab().save(QStringLiteral("/tmp/h7_dashboard.png")));
    auto *combo = m_page->findChild<QComboBox *>(QStringLiteral("logicTableCombo"));
    combo->setCurrentIndex(0);
    m_page->findChild<QCheckBox *>(QStringLiteral("logScaleCheck"))->setChecked(true);
    QVERIFY(m_page->grab().save(QStringLiteral("/tmp/h7_dashboard_all.png")));
}

QTEST_MAIN(TestDashboard)
#include "tst_dashboard.moc"
