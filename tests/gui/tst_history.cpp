#include "core/cluster/StatsHistory.h"
#include "core/config/ConfigLoader.h"
#include "ui/AppContext.h"
#include "ui/pages/HistoryPage.h"

#include "TestPaths.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace sp;
using namespace sp::ui;

class TestHistory final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void forecastAnswer_data();
    void forecastAnswer();
    void countKindsAndUnknownCounts();

private:
    QTemporaryDir m_dir;
    LoadResult m_load;
};

void TestHistory::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("SHARDPILOT_HISTORY_DIR", m_dir.path().toUtf8());
    m_load = ConfigLoader::loadFile(sp::test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    QVERIFY(m_load.ok());
}

void TestHistory::forecastAnswer_data()
{
    QTest::addColumn<qint64>("hotGrowthPerDay"); // db2.t_messages_1 grows this much a day, others 1000
    QTest::addColumn<bool>("growing");
    QTest::addColumn<QString>("expectedKey");
    QTest::addRow("one hot table") << qint64(200000) << true << QStringLiteral("db2.t_messages_1");
    QTest::addRow("flat") << qint64(0) << false << QString();
}

void TestHistory::forecastAnswer()
{
    QFETCH(qint64, hotGrowthPerDay);
    QFETCH(bool, growing);
    QFETCH(QString, expectedKey);
    // A config copy per row so each row has its own history file.
    const QString path = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')) + QStringLiteral(".yaml"));
    QVERIFY(QFile::copy(sp::test::examplePath(QStringLiteral("fsharechat-crc32.yaml")), path));
    const QDateTime now = QDateTime::currentDateTimeUtc();
    {
        StatsHistory history(StatsHistory::defaultPathFor(path));
        QVERIFY2(history.isOpen(), qPrintable(history.lastError()));
        for (int day = 10; day >= 0; --day) {
            ClusterSnapshot s;
            s.configPath = path;
            s.takenAt = now.addDays(-day);
            for (const TableRule &t : m_load.config.tables) {
                for (const DataNode &n : t.dataNodes) {
                    TableStats ts;
                    ts.node = n;
                    ts.logicTable = t.logicTable;
                    const bool hot = n.toString() == QLatin1String("db2.t_messages_1");
                    const qint64 perDay = hot ? hotGrowthPerDay : (growing ? 1000 : 0);
                    ts.estimatedRows = 1000000 + perDay * (10 - day);
                    ts.dataBytes = ts.estimatedRows * 100;
                    ts.indexBytes = 0;
                    s.tables.append(ts);
                }
            }
            QVERIFY(history.record(s) >= 0);
        }
    }
    AppContext ctx;
    ctx.setConfig(path, ConfigLoader::loadFile(path), {});
    HistoryPage page(&ctx);
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto *answer = page.findChild<QLabel *>(QStringLiteral("forecastAnswer"));
    QVERIFY(answer);
    auto *table = page.findChild<QTableView *>(QStringLiteral("forecastTable"));
    QVERIFY(table);
    // The history is read by a job off the UI thread; the page says so meanwhile.
    QTRY_COMPARE(table->model()->rowCount(), 6 * 16);
    if (!growing) {
        QCOMPARE(answer->text(), QStringLiteral("No table is growing toward the limit"));
        return;
    }
    // 30M - (1M + 2M) rows at 200k/day from today: 135 days; minus the 30-day lead.
    const QDate crossing = now.addSecs(qint64((30000000.0 - 3000000.0) / hotGrowthPerDay * 86400)).date();
    const QDate by = crossing.addDays(-30);
    const QString text = answer->text();
    QVERIFY2(text.startsWith(QStringLiteral("Expand before ")), qPrintable(text));
    QVERIFY2(text.endsWith(QStringLiteral("(%1 reaches 30M rows first)").arg(expectedKey)), qPrintable(text));
    const QDate shown = QDate::fromString(text.mid(14, 10), Qt::ISODate);
    QVERIFY2(qAbs(shown.daysTo(by)) <= 1, qPrintable(text + QStringLiteral(" vs ") + by.toString(Qt::ISODate)));
    // Most urgent first.
    QCOMPARE(table->model()->index(0, HistoryPage::TableColumn).data().toString(), expectedKey);
    QVERIFY(page.grab().save(QStringLiteral("/tmp/h7_history.png")));
}

// The chart draws what was measured: exact counts and estimates as two lines (one line drew a
// refresh with Exact counts after estimates as ~4k rows of growth), and a snapshot in which a
// server was unreachable as a marked gap (it was left out of the sum: a drop of a quarter).
void TestHistory::countKindsAndUnknownCounts()
{
    const QString path = m_dir.filePath(QStringLiteral("kinds.yaml"));
    QVERIFY(QFile::copy(sp::test::examplePath(QStringLiteral("fsharechat-crc32.yaml")), path));
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const TableRule *rule = m_load.config.table(QStringLiteral("t_messages"));
    QVERIFY(rule);
    const QString down = rule->dataNodes.constFirst().dataSource;
    // Snapshots 0-2: estimates of 1000 per table; 3: exact counts, 250 more per table than the
    // estimates say; 4: `down` unreachable (estimates); 5: estimates again.
    const qint64 tables = rule->dataNodes.size();
    {
        StatsHistory history(StatsHistory::defaultPathFor(path));
        QVERIFY2(history.isOpen(), qPrintable(history.lastError()));
        for (int i = 0; i < 6; ++i) {
            ClusterSnapshot s;
            s.configPath = path;
            s.takenAt = now.addSecs(-3600 * (6 - i));
            s.exact = i == 3;
            for (const DataNode &n : rule->dataNodes) {
                TableStats ts;
                ts.node = n;
                ts.logicTable = rule->logicTable;
                const bool unreachable = i == 4 && n.dataSource == down;
                ts.estimatedRows = unreachable ? -1 : 1000;
                if (i == 3)
                    ts.exactRows = 1250;
                if (unreachable)
                    ts.error = QStringLiteral("instance unreachable");
                s.tables.append(ts);
            }
            QVERIFY(history.record(s) >= 0);
        }
    }
    AppContext ctx;
    ctx.setConfig(path, ConfigLoader::loadFile(path), {});
    HistoryPage page(&ctx);
    page.resize(1024, 640);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto *scope = page.findChild<QComboBox *>(QStringLiteral("historyScopeCombo"));
    auto *view = page.findChild<QChartView *>(QStringLiteral("growthChart"));
    auto *note = page.findChild<QLabel *>(QStringLiteral("historyChartNote"));
    QVERIFY(scope && view && note);
    QTRY_VERIFY(page.findChild<QTableView *>(QStringLiteral("forecastTable"))->model()->rowCount() > 0);
    scope->setCurrentIndex(scope->findData(QStringLiteral("t:t_messages")));
    QTRY_VERIFY(!view->chart()->series().isEmpty());

    const double unknownAt = double(now.addSecs(-3600 * 2).toMSecsSinceEpoch());
    QList<double> estimates, exact;
    int areas = 0;
    for (QAbstractSeries *s : view->chart()->series()) {
        if (qobject_cast<QAreaSeries *>(s)) {
            QCOMPARE(s->objectName(), QStringLiteral("unknownCounts"));
            ++areas;
            continue;
        }
        auto *line = qobject_cast<QLineSeries *>(s);
        QVERIFY(line);
        for (const QPointF &p : line->points()) {
            QVERIFY2(p.x() != unknownAt, "a point where a server was unreachable");
            (line->objectName() == QLatin1String("exactCounts") ? exact : estimates) << p.y();
        }
    }
    QCOMPARE(areas, 1);
    // Five estimates, all 1000 per table: flat, no false growth and no partial sum.
    QCOMPARE(estimates.size(), 5);
    for (double y : std::as_const(estimates))
        QCOMPARE(y, double(1000 * tables));
    QCOMPARE(exact, QList<double>{double(1250 * tables)});
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(down), qPrintable(note->text()));
    QVERIFY(page.grab().save(QStringLiteral("/tmp/truth_history_kinds.png")));
}

QTEST_MAIN(TestHistory)
#include "tst_history.moc"
