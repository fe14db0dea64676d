#include "core/cluster/StatsHistory.h"
#include "core/config/ConfigLoader.h"
#include "ui/AppContext.h"
#include "ui/pages/HistoryPage.h"

#include "TestPaths.h"

#include <QLabel>
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

QTEST_MAIN(TestHistory)
#include "tst_history.moc"
