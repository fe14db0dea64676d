// Routing page: results equal sp::Router's answers, key types, errors, compare mode, keys file, and
// the RouteModel under QAbstractItemModelTester.
#include "GuiTestSupport.h"
#include "core/config/ConfigLoader.h"
#include "core/routing/Router.h"
#include "ui/AppContext.h"
#include "ui/pages/RoutingPage.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>

using namespace sp;
using namespace sp::ui;

class TestRouting final : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void matchesRouter_data();
    void matchesRouter();
    void compareWithConfig();
    void keysFile();
    void keysAreVerbatim();
    void summaryCountsRoutedAndFailed();
    void largeInputOffThread();
    void routeKeysPure();

private:
    void typeKeys(const QStringList &keys);
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    RoutingPage *m_page = nullptr;
};

void TestRouting::init()
{
    m_window = test::makeMainWindow(m_dir);
    m_window->show();
    m_page = qobject_cast<RoutingPage *>(m_window->page(QStringLiteral("routing")));
    QVERIFY(m_page);
    new QAbstractItemModelTester(m_page->model(), QAbstractItemModelTester::FailureReportingMode::QtTest, m_page);
}

void TestRouting::cleanup()
{
    m_window.reset();
}

void TestRouting::typeKeys(const QStringList &keys)
{
    auto *edit = test::findNamed<QPlainTextEdit>(m_page, "routingKeys");
    QVERIFY(edit);
    edit->setPlainText(keys.join(QLatin1Char('\n')));
}

void TestRouting::matchesRouter_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("table");
    QTest::addColumn<int>("keyType");
    QTest::addColumn<QStringList>("keys");
    const QStringList users{QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("飞享"),
                            QStringLiteral("10086"), QStringLiteral("u-42")};
    QTest::addRow("crc32 messages") << QStringLiteral("fsharechat-crc32.yaml") << QStringLiteral("t_messages")
                                    << int(KeyType::Auto) << users;
    QTest::addRow("crc32 user_messages string") << QStringLiteral("fsharechat-crc32.yaml")
                                                << QStringLiteral("t_user_messages") << int(KeyType::String) << users;
    QTest::addRow("reference hash_mod") << QStringLiteral("fsharechat-reference.yaml") << QStringLiteral("t_messages")
                                        << int(KeyType::Auto) << users;
    QTest::addRow("native ring integers") << QStringLiteral("native-algorithms.yaml") << QStringLiteral("t_message")
                                          << int(KeyType::Integer)
                                          << QStringList{QStringLiteral("1"), QStringLiteral("7"), QStringLiteral("12345"),
                                                         QStringLiteral("not-a-number")};
}

void TestRouting::matchesRouter()
{
    QFETCH(QString, file);
    QFETCH(QString, table);
    QFETCH(int, keyType);
    QFETCH(QStringList, keys);
    QVERIFY(m_window->openConfig(test::examplePath(file)));
    m_window->showPage(QStringLiteral("routing"));
    auto *tables = test::findNamed<QComboBox>(m_page, "routingTableCombo");
    auto *types = test::findNamed<QComboBox>(m_page, "routingKeyType");
    QVERIFY(tables && types);
    tables->setCurrentIndex(tables->findText(table));
    QCOMPARE(tables->currentText(), table);
    types->setCurrentIndex(types->findData(keyType));
    typeKeys(keys);
    QSignalSpy routed(m_page, &RoutingPage::routed);
    QTest::mouseClick(test::findNamed<QPushButton>(m_page, "routingRouteButton"), Qt::LeftButton);
    QTRY_VERIFY(routed.size() >= 1);
    QTRY_VERIFY(!m_page->isBusy());

    const Router router(m_window->context()->config());
    auto *view = test::findNamed<QTableView>(m_page, "routingResult");
    const QAbstractItemModel *m = view->model();
    QCOMPARE(m->rowCount(), keys.size());
    QCOMPARE(m->columnCount(), 2);
    int ok = 0;
    for (int r = 0; r < keys.size(); ++r) {
        QCOMPARE(m->index(r, 0).data().toString(), keys.at(r));
        const RouteResult expected = router.route(table, ShardingValue{keys.at(r), KeyType(keyType)});
        if (expected.ok) {
            QCOMPARE(m->index(r, 1).data().toString(), expected.node.toString());
            ++ok;
        } else {
            QVERIFY(m->index(r, 1).data().toString().contains(expected.error));
        }
    }
    QVERIFY(ok > 0);
    const QString summary = test::findNamed<QLabel>(m_page, "routingSummary")->text();
    QVERIFY2(summary.contains(QStringLiteral("%1 key(s) routed").arg(ok)), qPrintable(summary));
    if (ok < keys.size())
        QVERIFY2(summary.contains(QStringLiteral("%1 key(s) could not be routed").arg(keys.size() - ok)),
                 qPrintable(summary));
}

void TestRouting::compareWithConfig()
{
    // The reference config routes by HASH_MOD, the CRC32 one by CRC32_MOD: most keys move.
    QVERIFY(m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-reference.yaml"))));
    auto *tables = test::findNamed<QComboBox>(m_page, "routingTableCombo");
    tables->setCurrentIndex(tables->findText(QStringLiteral("t_messages")));
    QStringList keys;
    for (int i = 0; i < 200; ++i)
        keys << QStringLiteral("user-%1").arg(i);
    typeKeys(keys);
    QSignalSpy routed(m_page, &RoutingPage::routed);
    const QString other = test::examplePath(QStringLiteral("fsharechat-crc32.yaml"));
    QVERIFY(m_page->loadCompareConfig(other));
    QTRY_VERIFY(routed.size() >= 1);
    QTRY_VERIFY(!m_page->isBusy());
    const QAbstractItemModel *m = m_page->model();
    QCOMPARE(m->columnCount(), 3);
    QCOMPARE(m->rowCount(), 200);

    const LoadResult before = ConfigLoader::loadFile(test::examplePath(QStringLiteral("fsharechat-reference.yaml")));
    const LoadResult after = ConfigLoader::loadFile(other);
    const Router rb(before.config);
    const Router ra(after.config);
    int moved = 0;
    for (int r = 0; r < keys.size(); ++r) {
        const RouteResult b = rb.route(QStringLiteral("t_messages"), ShardingValue{keys.at(r), KeyType::Auto});
        const RouteResult a = ra.route(QStringLiteral("t_messages"), ShardingValue{keys.at(r), KeyType::Auto});
        QVERIFY(b.ok && a.ok);
        const bool expectMoved = b.node != a.node;
        moved += expectMoved ? 1 : 0;
        QCOMPARE(m->index(r, 2).data().toString(), a.node.toString());
        QCOMPARE(m->index(r, 0).data(RouteModel::MovedRole).toBool(), expectMoved);
        QCOMPARE(m->index(r, 0).data(Qt::BackgroundRole).isValid(), expectMoved);
    }
    QVERIFY(moved > 0);
    const QString summary = test::findNamed<QLabel>(m_page, "routingSummary")->text();
    QVERIFY2(summary.contains(QStringLiteral("%1 of 200 keys move").arg(moved)), qPrintable(summary));

    // A config that does not load is refused with its error, and the comparison stays as it was.
    const QString broken = m_dir.filePath(QStringLiteral("broken.yaml"));
    QFile f(broken);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("rules: [\n");
    f.close();
    QVERIFY(!m_page->loadCompareConfig(broken));
    QVERIFY(test::findNamed<QLabel>(m_page, "routingCompareLabel")->text().contains(QStringLiteral("broken.yaml")));

    m_page->clearCompare();
    QTRY_COMPARE(m_page->model()->columnCount(), 2);
}

void TestRouting::keysFile()
{
    QVERIFY(m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    const QString path = m_dir.filePath(QStringLiteral("keys.txt"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("alice\n\n  bob  \r\n飞享\n");
    f.close();
    QSignalSpy routed(m_page, &RoutingPage::routed);
    QVERIFY(m_page->loadKeysFile(path));
    QTRY_VERIFY(routed.size() >= 1);
    QCOMPARE(m_page->model()->rowCount(), 3); // the empty line skipped, "\r\n" taken as the terminator
    QCOMPARE(m_page->model()->table().rows.at(1).key, QStringLiteral("  bob  "));
    QCOMPARE(m_page->model()->table().rows.at(2).key, QStringLiteral("飞享"));
    QVERIFY(!m_page->loadKeysFile(m_dir.filePath(QStringLiteral("missing.txt"))));
}

void TestRouting::keysAreVerbatim()
{
    // `shardctl route --keys-file` takes each line verbatim (only the terminator removed): a key with
    // blanks is another key, and routes elsewhere than the trimmed one.
    QVERIFY(m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    auto *tables = test::findNamed<QComboBox>(m_page, "routingTableCombo");
    tables->setCurrentIndex(tables->findText(QStringLiteral("t_messages")));
    const Router router(m_window->context()->config());
    const QStringList keys{QStringLiteral(" bob "), QStringLiteral("bob"), QStringLiteral("\talice"),
                           QStringLiteral("   ")};
    const RouteResult padded =
        router.route(QStringLiteral("t_messages"), ShardingValue{keys.at(0), KeyType::Auto});
    const RouteResult plain =
        router.route(QStringLiteral("t_messages"), ShardingValue{keys.at(1), KeyType::Auto});
    QVERIFY(padded.ok && plain.ok);
    QVERIFY2(padded.node != plain.node, "pick keys whose padded and trimmed forms route apart");

    auto *edit = test::findNamed<QPlainTextEdit>(m_page, "routingKeys");
    edit->setPlainText(keys.join(QStringLiteral("\r\n")) + QStringLiteral("\n\n"));
    QSignalSpy routed(m_page, &RoutingPage::routed);
    QTest::mouseClick(test::findNamed<QPushButton>(m_page, "routingRouteButton"), Qt::LeftButton);
    QTRY_VERIFY(routed.size() >= 1);
    QTRY_VERIFY(!m_page->isBusy());
    const QAbstractItemModel *m = test::findNamed<QTableView>(m_page, "routingResult")->model();
    QCOMPARE(m->rowCount(), keys.size());
    for (int r = 0; r < keys.size(); ++r) {
        QCOMPARE(m_page->model()->table().rows.at(r).key, keys.at(r));
        const RouteResult expected =
            router.route(QStringLiteral("t_messages"), ShardingValue{keys.at(r), KeyType::Auto});
        QVERIFY(expected.ok);
        QCOMPARE(m->index(r, 1).data().toString(), expected.node.toString());
    }
    // Blanks at either end are made visible by quoting; other keys are shown as they are.
    QCOMPARE(m->index(0, 0).data().toString(), QStringLiteral("\" bob \""));
    QCOMPARE(m->index(1, 0).data().toString(), QStringLiteral("bob"));
    QCOMPARE(m->index(2, 0).data().toString(), QStringLiteral("\"\talice\""));
    QCOMPARE(m->index(3, 0).data().toString(), QStringLiteral("\"   \""));
}

void TestRouting::summaryCountsRoutedAndFailed()
{
    // Two keys route, three cannot (not integers for an integer key): the status line says so.
    QVERIFY(m_window->openConfig(test::examplePath(QStringLiteral("native-algorithms.yaml"))));
    auto *tables = test::findNamed<QComboBox>(m_page, "routingTableCombo");
    auto *types = test::findNamed<QComboBox>(m_page, "routingKeyType");
    tables->setCurrentIndex(tables->findText(QStringLiteral("t_message")));
    types->setCurrentIndex(types->findData(int(KeyType::Integer)));
    typeKeys({QStringLiteral("1"), QStringLiteral("x"), QStringLiteral("7"), QStringLiteral("y"),
              QStringLiteral("z")});
    QSignalSpy routed(m_page, &RoutingPage::routed);
    m_page->route();
    QTRY_VERIFY(routed.size() >= 1);
    QTRY_VERIFY(!m_page->isBusy());
    int ok = 0;
    for (int r = 0; r < m_page->model()->rowCount(); ++r)
        ok += m_page->model()->index(r, 0).data(RouteModel::TargetRole).toString().isEmpty() ? 0 : 1;
    QCOMPARE(ok, 2);
    const QString summary = test::findNamed<QLabel>(m_page, "routingSummary")->text();
    QVERIFY2(summary.contains(QStringLiteral("2 key(s) routed")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("3 key(s) could not be routed")), qPrintable(summary));

    // None routed: no "0 key(s) routed".
    typeKeys({QStringLiteral("x"), QStringLiteral("y")});
    m_page->route();
    QTRY_VERIFY(routed.size() >= 2);
    QTRY_VERIFY(!m_page->isBusy());
    const QString none = test::findNamed<QLabel>(m_page, "routingSummary")->text();
    QVERIFY2(none.contains(QStringLiteral("2 key(s) could not be routed")) &&
                 !none.contains(QStringLiteral("0 key(s) routed")),
             qPrintable(none));
}

void TestRouting::largeInputOffThread()
{
    QVERIFY(m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    QStringList keys;
    for (int i = 0; i < 100000; ++i)
        keys << QString::number(i * 7919);
    typeKeys(keys);
    QSignalSpy routed(m_page, &RoutingPage::routed);
    m_page->route();
    QVERIFY(m_page->isBusy()); // the answer comes later, from a worker
    m_page->route();           // a second request makes the first one stale
    QTRY_VERIFY_WITH_TIMEOUT(!m_page->isBusy(), 60000);
    QCOMPARE(routed.size(), 1);
    QCOMPARE(m_page->model()->rowCount(), 100000);
}

void TestRouting::routeKeysPure()
{
    const LoadResult load = ConfigLoader::loadFile(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    std::atomic_bool cancel{true};
    const RouteTable none = RoutingPage::routeKeys(load.config, std::nullopt, QStringLiteral("t_messages"),
                                                   {QStringLiteral("a"), QStringLiteral("b")}, KeyType::Auto, &cancel);
    QCOMPARE(none.rows.size(), 0); // cancelled before the first key
    const RouteTable unknown = RoutingPage::routeKeys(load.config, std::nullopt, QStringLiteral("t_nope"),
                                                      {QStringLiteral("a")}, KeyType::Auto);
    QCOMPARE(unknown.rows.size(), 1);
    QVERIFY(unknown.rows.constFirst().target.isEmpty());
    QVERIFY(!unknown.rows.constFirst().error.isEmpty());
}

QTEST_MAIN(TestRouting)
#include "tst_routing.moc"
