// Topology page: tree content for the examples, status from a snapshot, filter, details pane, and the
// model and proxy under QAbstractItemModelTester.
#include "GuiTestSupport.h"
#include "core/config/ConfigLoader.h"
#include "ui/AppContext.h"
#include "ui/models/TopologyFilterModel.h"
#include "ui/models/TopologyModel.h"
#include "ui/pages/TopologyPage.h"

#include <QAbstractItemModelTester>
#include <QLineEdit>
#include <QLocale>
#include <QTextBrowser>
#include <QTreeView>

using namespace sp;
using namespace sp::ui;

namespace {

QModelIndex childNamed(const QAbstractItemModel *m, const QModelIndex &parent, const QString &name)
{
    for (int r = 0; r < m->rowCount(parent); ++r) {
        const QModelIndex i = m->index(r, 0, parent);
        if (i.data().toString() == name)
            return i;
    }
    return {};
}

ClusterSnapshot snapshotFor(const ShardingConfig &cfg)
{
    ClusterSnapshot s;
    s.takenAt = QDateTime::currentDateTimeUtc();
    for (const DataSourceDef &ds : cfg.dataSources) {
        InstanceHealth h;
        h.dataSource = ds.name;
        h.reachable = ds.name != QLatin1String("db3"); // db3 is down
        h.error = h.reachable ? QString() : QStringLiteral("Can't connect to server on 'mysql-3'");
        h.readOnly = ds.name == QLatin1String("db2");
        s.instances << h;
    }
    qint64 rows = 100;
    for (const TableRule &t : cfg.tables)
        for (const DataNode &n : t.dataNodes) {
            if (n.dataSource == QLatin1String("db3"))
                continue;
            TableStats ts;
            ts.node = n;
            ts.logicTable = t.logicTable;
            ts.estimatedRows = rows++;
            ts.dataBytes = 16384;
            ts.indexBytes = 0;
            ts.existsOnServer = n.toString() != QLatin1String("db1.t_messages_2");
            s.tables << ts;
        }
    TableStats stray;
    stray.node = {QStringLiteral("db0"), QStringLiteral("t_messages_backup")};
    stray.knownToConfig = false;
    stray.estimatedRows = 5;
    s.tables << stray;
    return s;
}

} // namespace

class TestTopology final : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void logicTables_data();
    void logicTables();
    void dataSources();
    void statusFromSnapshot();
    void filter_data();
    void filter();
    void problemsOnly();
    void totalsFollowFilter();
    void detailsPane();
    void urlWithoutPassword_data();
    void urlWithoutPassword();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    TopologyPage *m_page = nullptr;
};

void TestTopology::init()
{
    m_window = test::makeMainWindow(m_dir);
    m_window->show();
    m_page = qobject_cast<TopologyPage *>(m_window->page(QStringLiteral("topology")));
    QVERIFY(m_page);
    new QAbstractItemModelTester(m_page->model(), QAbstractItemModelTester::FailureReportingMode::QtTest, m_page);
    new QAbstractItemModelTester(m_page->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest, m_page);
}

void TestTopology::cleanup()
{
    m_window.reset();
}

void TestTopology::logicTables_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("nodesPerTable");
    QTest::addRow("crc32") << QStringLiteral("fsharechat-crc32.yaml") << 16;
    QTest::addRow("reference") << QStringLiteral("fsharechat-reference.yaml") << 16;
}

void TestTopology::logicTables()
{
    QFETCH(QString, file);
    QFETCH(int, nodesPerTable);
    m_window->openConfig(test::examplePath(file));
    const ShardingConfig &cfg = m_window->context()->config();
    auto *tree = test::findNamed<QTreeView>(m_page, "topologyTree");
    QVERIFY(tree);
    const QAbstractItemModel *m = tree->model();
    QCOMPARE(m->rowCount(), 2);
    const QModelIndex logic = m->index(1, 0);
    QCOMPARE(logic.data().toString(), QStringLiteral("Logic tables"));
    QCOMPARE(m->rowCount(logic), cfg.tables.size());
    const QModelIndex messages = childNamed(m, logic, QStringLiteral("t_messages"));
    QVERIFY(messages.isValid());
    QCOMPARE(m->rowCount(messages), nodesPerTable);
    for (int r = 0; r < m->rowCount(messages); ++r) {
        const QModelIndex n = m->index(r, 0, messages);
        QCOMPARE(n.data(TopologyModel::KindRole).value<TopologyModel::Kind>(), TopologyModel::Kind::DataNode);
        QCOMPARE(n.data(TopologyModel::StatusRole).value<TopologyModel::Status>(),
                 TopologyModel::Status::NotInspected);
    }
    for (const TableRule &t : cfg.tables) {
        const QModelIndex ti = childNamed(m, logic, t.logicTable);
        QVERIFY2(ti.isValid(), qPrintable(t.logicTable));
        QCOMPARE(m->rowCount(ti), t.dataNodes.size());
        QCOMPARE(m->index(0, 0, ti).data().toString(), t.dataNodes.constFirst().toString());
    }
}

void TestTopology::dataSources()
{
    m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    const QAbstractItemModel *m = m_page->model();
    const QModelIndex sources = m->index(0, 0);
    QCOMPARE(m->rowCount(sources), 4);
    const QModelIndex db1 = childNamed(m, sources, QStringLiteral("db1"));
    QVERIFY(db1.isValid());
    QCOMPARE(m->rowCount(db1), 1);
    const QModelIndex schema = m->index(0, 0, db1);
    QCOMPARE(schema.data().toString(), QStringLiteral("fsharechat"));
    // 6 logic tables x 4 tables on each database.
    QCOMPARE(m->rowCount(schema), 24);
    QVERIFY(childNamed(m, schema, QStringLiteral("t_messages_3")).isValid());
}

void TestTopology::statusFromSnapshot()
{
    m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    AppContext *ctx = m_window->context();
    ctx->setSnapshot(snapshotFor(ctx->config()));
    const QAbstractItemModel *m = m_page->model();
    const QModelIndex sources = m->index(0, 0);
    auto status = [](const QModelIndex &i) { return i.data(TopologyModel::StatusRole).value<TopologyModel::Status>(); };
    QCOMPARE(status(childNamed(m, sources, QStringLiteral("db3"))), TopologyModel::Status::Unreachable);
    QCOMPARE(status(childNamed(m, sources, QStringLiteral("db2"))), TopologyModel::Status::ReadOnly);
    const QModelIndex db0 = childNamed(m, sources, QStringLiteral("db0"));
    const QModelIndex schema0 = m->index(0, 0, db0);
    QCOMPARE(status(childNamed(m, schema0, QStringLiteral("t_messages_backup"))), TopologyModel::Status::UnknownTable);
    QCOMPARE(status(childNamed(m, schema0, QStringLiteral("t_messages_0"))), TopologyModel::Status::Ok);
    QCOMPARE(status(db0), TopologyModel::Status::Mixed); // it holds an unknown table
    const QModelIndex messages = childNamed(m, m->index(1, 0), QStringLiteral("t_messages"));
    QCOMPARE(status(childNamed(m, messages, QStringLiteral("db1.t_messages_2"))), TopologyModel::Status::MissingTable);
    QCOMPARE(status(childNamed(m, messages, QStringLiteral("db3.t_messages_0"))), TopologyModel::Status::Unreachable);
    // Rows add up from the data nodes to the logic table.
    qint64 sum = 0;
    for (int r = 0; r < m->rowCount(messages); ++r)
        sum += std::max<qint64>(0, m->index(r, 0, messages).data(TopologyModel::RowsRole).toLongLong());
    QVERIFY(sum > 0);
    QCOMPARE(messages.data(TopologyModel::RowsRole).toLongLong(), sum);
}

void TestTopology::filter_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("logicTables");
    QTest::addColumn<int>("messagesNodes");
    QTest::addRow("table name") << QStringLiteral("t_messages") << 1 << 16;
    QTest::addRow("one node") << QStringLiteral("db1.t_messages_2") << 1 << 1;
    QTest::addRow("case-insensitive") << QStringLiteral("DB2.T_MESSAGES_") << 1 << 4;
    QTest::addRow("data source") << QStringLiteral("db3.") << 6 << 4;
    QTest::addRow("nothing") << QStringLiteral("zzz") << 0 << 0;
    QTest::addRow("empty") << QString() << 6 << 16;
}

void TestTopology::filter()
{
    QFETCH(QString, text);
    QFETCH(int, logicTables);
    QFETCH(int, messagesNodes);
    m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    m_window->showPage(QStringLiteral("topology"));
    auto *box = test::findNamed<QLineEdit>(m_page, "topologyFilter");
    QVERIFY(box);
    box->clear();
    QTest::keyClicks(box, text);
    const QAbstractItemModel *m = m_page->proxy();
    QModelIndex logic;
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, 0).data().toString() == QLatin1String("Logic tables"))
            logic = m->index(r, 0);
    if (logicTables == 0) {
        QVERIFY(!logic.isValid() || m->rowCount(logic) == 0);
        return;
    }
    QVERIFY(logic.isValid());
    QCOMPARE(m->rowCount(logic), logicTables);
    const QModelIndex messages = childNamed(m, logic, QStringLiteral("t_messages"));
    QVERIFY(messages.isValid());
    QCOMPARE(m->rowCount(messages), messagesNodes);
}

void TestTopology::problemsOnly()
{
    m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    m_window->context()->setSnapshot(snapshotFor(m_window->context()->config()));
    m_page->proxy()->setProblemsOnly(true);
    const QAbstractItemModel *m = m_page->proxy();
    const QModelIndex messages = childNamed(m, m->index(1, 0), QStringLiteral("t_messages"));
    QVERIFY(messages.isValid());
    // db3's four tables are unreachable, db1.t_messages_2 is missing.
    QCOMPARE(m->rowCount(messages), 5);
}

void TestTopology::totalsFollowFilter()
{
    // db3 is down (snapshotFor): every total over its tables is partial, and says so; under a filter
    // a parent's total is the sum of what the filter shows; estimates are labelled as such.
    m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    m_window->showPage(QStringLiteral("topology"));
    m_window->context()->setSnapshot(snapshotFor(m_window->context()->config()));
    const QAbstractItemModel *m = m_page->proxy();
    auto messages = [m] {
        return childNamed(m, childNamed(m, {}, QStringLiteral("Logic tables")), QStringLiteral("t_messages"));
    };
    const QString estimated = m->headerData(TopologyModel::RowsColumn, Qt::Horizontal).toString();
    QVERIFY2(estimated.contains(QStringLiteral("estimate")), qPrintable(estimated));
    const QString all = messages().siblingAtColumn(TopologyModel::RowsColumn).data().toString();
    QVERIFY2(all.startsWith(QStringLiteral("≥")), qPrintable(all));

    auto *box = test::findNamed<QLineEdit>(m_page, "topologyFilter");
    box->setText(QStringLiteral("t_messages_1"));
    QModelIndex t = messages();
    QVERIFY(t.isValid());
    QCOMPARE(m->rowCount(t), 4);
    qint64 shown = 0;
    for (int r = 0; r < m->rowCount(t); ++r)
        shown += std::max<qint64>(0, m->index(r, 0, t).data(TopologyModel::RowsRole).toLongLong());
    QVERIFY(shown > 0);
    const QString filtered = t.siblingAtColumn(TopologyModel::RowsColumn).data().toString();
    QVERIFY2(filtered.contains(QLocale().toString(shown)) && filtered.startsWith(QStringLiteral("≥")),
             qPrintable(filtered + QStringLiteral(" vs ") + QString::number(shown)));
    QCOMPARE(t.data(TopologyModel::RowsRole).toLongLong(), shown);

    // Only reachable nodes shown: the total is complete.
    box->setText(QStringLiteral("db0.t_messages_"));
    t = messages();
    QCOMPARE(m->rowCount(t), 4);
    const QString complete = t.siblingAtColumn(TopologyModel::RowsColumn).data().toString();
    QVERIFY2(!complete.startsWith(QStringLiteral("≥")) && !complete.isEmpty(), qPrintable(complete));

    // Exact counts: the header drops "estimated".
    ClusterSnapshot exact = snapshotFor(m_window->context()->config());
    exact.exact = true;
    m_window->context()->setSnapshot(exact);
    QVERIFY(!m->headerData(TopologyModel::RowsColumn, Qt::Horizontal)
                 .toString()
                 .contains(QStringLiteral("estimate")));
}

void TestTopology::detailsPane()
{
    m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    m_window->showPage(QStringLiteral("topology"));
    auto *tree = test::findNamed<QTreeView>(m_page, "topologyTree");
    auto *details = test::findNamed<QTextBrowser>(m_page, "topologyDetails");
    QVERIFY(tree && details);
    const QAbstractItemModel *m = tree->model();
    const QModelIndex messages = childNamed(m, m->index(1, 0), QStringLiteral("t_messages"));
    tree->expand(messages);
    const QModelIndex node = childNamed(m, messages, QStringLiteral("db2.t_messages_1"));
    QVERIFY(node.isValid());
    tree->scrollTo(node);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(node).center());
    QTRY_VERIFY(details->toPlainText().contains(QStringLiteral("db2.t_messages_1")));
    const QString text = details->toPlainText();
    QVERIFY(text.contains(QStringLiteral("jdbc:mysql://mysql-2:3306/fsharechat")));
    QVERIFY(text.contains(QStringLiteral("CRC32_MOD")));
    QVERIFY(text.contains(QStringLiteral("not inspected yet")));
}

void TestTopology::urlWithoutPassword_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("expected");
    QTest::addRow("query") << QStringLiteral("jdbc:mysql://h:3306/db?user=u&password=secret&ssl=1")
                           << QStringLiteral("jdbc:mysql://h:3306/db?user=u&password=******&ssl=1");
    QTest::addRow("userinfo") << QStringLiteral("jdbc:mysql://root:pw@h:3306/db")
                              << QStringLiteral("jdbc:mysql://root:******@h:3306/db");
    QTest::addRow("none") << QStringLiteral("jdbc:mysql://h:3306/db") << QStringLiteral("jdbc:mysql://h:3306/db");
}

void TestTopology::urlWithoutPassword()
{
    QFETCH(QString, url);
    QFETCH(QString, expected);
    QCOMPARE(TopologyPage::urlWithoutPassword(url), expected);
}

QTEST_MAIN(TestTopology)
#include "tst_topology.moc"
