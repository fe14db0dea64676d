// File > Export flow: menu actions write the files the pure exporters produce; the config is
// redacted unless passwords are confirmed; CSV needs statistics; the PDF is a real PDF.
#include "GuiTestSupport.h"
#include "core/routing/Router.h"
#include "ui/AppContext.h"
#include "ui/export/ExportController.h"

#include <QAction>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace sp;
using namespace sp::ui;

class TestExportFlow final : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void configRedacted_data();
    void configRedacted();
    void routingJson();
    void statsCsv();
    void htmlAndPdf();
    void cancelledDialogWritesNothing();

private:
    QString configWithPasswords();
    void trigger(const char *action);

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    QString m_nextPath;
    bool m_confirmPasswords = false;
    int m_asked = 0;
};

void TestExportFlow::init()
{
    m_window = test::makeMainWindow(m_dir);
    m_window->show();
    m_asked = 0;
    m_confirmPasswords = false;
    ExportController::Prompts prompts;
    prompts.savePath = [this](const QString &, const QString &, const QString &) { return m_nextPath; };
    prompts.includePasswords = [this](int) {
        ++m_asked;
        return m_confirmPasswords;
    };
    m_window->exporter()->setPrompts(prompts);
}

void TestExportFlow::cleanup()
{
    m_window.reset();
}

void TestExportFlow::trigger(const char *action)
{
    auto *a = m_window->findChild<QAction *>(QLatin1String(action));
    QVERIFY2(a, action);
    a->trigger();
}

QString TestExportFlow::configWithPasswords()
{
    QFile in(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QByteArray text = in.readAll();
    text.replace("username: fsharechat\n", "username: fsharechat\n    password: Sup3r-Secret\n");
    const QString path = m_dir.filePath(QStringLiteral("with-passwords.yaml"));
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(text);
    return path;
}

void TestExportFlow::configRedacted_data()
{
    QTest::addColumn<bool>("confirm");
    QTest::addRow("redacted") << false;
    QTest::addRow("passwords confirmed") << true;
}

void TestExportFlow::configRedacted()
{
    QFETCH(bool, confirm);
    const QString src = configWithPasswords();
    QVERIFY(!src.isEmpty());
    QVERIFY(m_window->openConfig(src));
    m_confirmPasswords = confirm;
    m_nextPath = m_dir.filePath(QStringLiteral("out-%1.yaml").arg(confirm));
    trigger("actionExportConfig");
    QCOMPARE(m_asked, 1);
    QFile f(m_nextPath);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QCOMPARE(text.count("Sup3r-Secret"), confirm ? 4 : 0);
    QCOMPARE(text.count("password: \"******\""), confirm ? 0 : 4);
    if (confirm) // a file holding secrets is readable by its owner only
        QCOMPARE(f.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther), QFileDevice::Permissions());
    // The rest is the original text.
    QVERIFY(text.contains("actualDataNodes: db${0..3}.t_messages_${0..3}"));
}

void TestExportFlow::routingJson()
{
    QVERIFY(m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    m_nextPath = m_dir.filePath(QStringLiteral("routing.json"));
    trigger("actionExportRouting");
    QCOMPARE(m_asked, 0); // no passwords involved
    QFile f(m_nextPath);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &err);
    QCOMPARE(err.error, QJsonParseError::NoError);
    const QJsonArray tables = doc.object().value(QStringLiteral("tables")).toArray();
    QCOMPARE(tables.size(), m_window->context()->config().tables.size());
    for (const QJsonValue &t : tables)
        QCOMPARE(t.toObject().value(QStringLiteral("dataNodes")).toArray().size(), 16);
}

void TestExportFlow::statsCsv()
{
    QVERIFY(m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    m_nextPath = m_dir.filePath(QStringLiteral("stats.csv"));
    trigger("actionExportCsv");
    QVERIFY(!QFile::exists(m_nextPath)); // no snapshot yet: nothing written

    ClusterSnapshot snap;
    snap.takenAt = QDateTime::currentDateTimeUtc();
    const ShardingConfig &cfg = m_window->context()->config();
    qint64 rows = 10;
    for (const DataNode &n : cfg.table(QStringLiteral("t_messages"))->dataNodes) {
        TableStats t;
        t.node = n;
        t.logicTable = QStringLiteral("t_messages");
        t.estimatedRows = rows;
        rows += 10;
        snap.tables << t;
    }
    m_window->context()->setSnapshot(snap);
    trigger("actionExportCsv");
    QFile f(m_nextPath);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 17);
    QVERIFY(lines.at(0).startsWith("logic_table,data_source,table,rows,"));
    QVERIFY(lines.at(1).startsWith("t_messages,db0,t_messages_0,10,"));
    QVERIFY(lines.at(16).startsWith("t_messages,db3,t_messages_3,160,"));
}

void TestExportFlow::htmlAndPdf()
{
    QVERIFY(m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-reference.yaml"))));
    m_nextPath = m_dir.filePath(QStringLiteral("report.html"));
    trigger("actionExportHtml");
    QFile html(m_nextPath);
    QVERIFY(html.open(QIODevice::ReadOnly));
    const QByteArray h = html.readAll();
    QVERIFY(h.startsWith("<!DOCTYPE html>"));
    QVERIFY(h.contains("<h2>t_messages</h2>"));
    QVERIFY(h.contains("fsharechat-reference.yaml"));

    m_nextPath = m_dir.filePath(QStringLiteral("report.pdf"));
    trigger("actionExportPdf");
    QFile pdf(m_nextPath);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    const QByteArray p = pdf.readAll();
    QVERIFY(p.startsWith("%PDF-"));
    QVERIFY(p.size() > 1000);
}

void TestExportFlow::cancelledDialogWritesNothing()
{
    QVERIFY(m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    m_nextPath.clear();
    const auto files = [this] { return QDir(m_dir.path()).entryList(QDir::Files).size(); };
    const auto before = files();
    QCOMPARE(m_window->exporter()->run(ExportController::Kind::RoutingJson), false);
    QCOMPARE(files(), before);
}

QTEST_MAIN(TestExportFlow)
#include "tst_export.moc"
