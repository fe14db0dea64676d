// File > Export flow: menu actions write the files the pure exporters produce; the config is
// redacted unless passwords are confirmed; CSV needs statistics; the PDF is a real PDF whose
// headings stay on the page their tables start on.
#include "GuiTestSupport.h"
#include "core/analysis/StatsExport.h"
#include "core/config/ConfigLoader.h"
#include "core/routing/Router.h"
#include "ui/AppContext.h"
#include "ui/export/ExportController.h"
#include "ui/export/ReportPages.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextBlock>
#include <QTextCursor>
#include <QImage>
#include <QPainter>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>

#include <cmath>

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
    void headingsStayWithTheirTables();
    void summaryStaysWithItsHeatmap();
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

namespace {

// A config with many logic tables of different sizes (1 to 4 tables on 1 to 4 data sources), so
// the report has many sections and page breaks fall everywhere.
QByteArray manyTablesConfig(int tables)
{
    QByteArray y = "dataSources:\n";
    for (int d = 0; d < 4; ++d)
        y += "  ds" + QByteArray::number(d) + ":\n    url: jdbc:mysql://127.0.0.1:3306/app\n";
    y += "rules:\n  - !SHARDING\n    tables:\n";
    for (int t = 0; t < tables; ++t) {
        const int ds = 1 + t % 4, per = 1 + (t * 7) % 4;
        y += "      t_" + QByteArray::number(t) + ":\n        actualDataNodes: ds${0.." + QByteArray::number(ds - 1)
            + "}.t_" + QByteArray::number(t) + "_${0.." + QByteArray::number(per - 1) + "}\n";
    }
    return y;
}

// Page (0-based) of a block when the document is laid out in pages.
int pageOf(QTextDocument &doc, const QTextBlock &block)
{
    const QRectF r = doc.documentLayout()->blockBoundingRect(block);
    return int(r.top() / doc.pageSize().height());
}

} // namespace

// A printed report (QTextDocument pages, as File > Export PDF report prints it) never ends a page
// with a section heading whose table starts on the next page: for every page height, the page of
// each heading is the page of its table's first data row. Before, each <h2> stood before its table,
// and QTextDocument moves a table whose first row does not fit to the next page, without the heading.
void TestExportFlow::headingsStayWithTheirTables()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("many.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(manyTablesConfig(40));
    f.close();
    const LoadResult load = ConfigLoader::loadFile(path);
    QVERIFY2(load.ok(), qPrintable(load.diagnostics.value(0).toString()));
    QCOMPARE(load.config.tables.size(), 40);
    ClusterSnapshot snap;
    snap.takenAt = QDateTime::currentDateTimeUtc();
    int i = 0;
    for (const TableRule &t : load.config.tables)
        for (const DataNode &n : t.dataNodes) {
            TableStats s;
            s.node = n;
            s.logicTable = t.logicTable;
            s.estimatedRows = 1000 + 37 * (i++ % 50);
            snap.tables << s;
        }
    for (const DataSourceDef &d : load.config.dataSources) {
        InstanceHealth h;
        h.dataSource = d.name;
        h.host = QStringLiteral("127.0.0.1");
        h.port = 3306;
        h.reachable = true;
        h.version = QStringLiteral("10.11.6-MariaDB");
        snap.instances << h;
    }
    const QString html = exporting::htmlReport(load.config, &snap);

    QTextDocument doc;
    doc.setHtml(html);
    int headings = 0, checked = 0;
    QStringList split;
    for (int height = 260; height <= 900; height += 8) {
        doc.setPageSize(QSizeF(700, height));
        headings = 0;
        for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
            if (b.blockFormat().headingLevel() != 2)
                continue;
            ++headings;
            // Its table: the one it is in (the heading is the table's first header row), else the next.
            QTextCursor c(b);
            QTextTable *table = c.currentTable();
            if (!table) {
                c.movePosition(QTextCursor::NextBlock);
                while (!c.atEnd() && !c.currentTable())
                    c.movePosition(QTextCursor::NextBlock);
                table = c.currentTable();
            }
            QVERIFY2(table, qPrintable(b.text()));
            const int firstDataRow = std::min(table->format().headerRowCount(), table->rows() - 1);
            const QTextBlock row = table->cellAt(firstDataRow, 0).firstCursorPosition().block();
            ++checked;
            if (pageOf(doc, b) != pageOf(doc, row))
                split << QStringLiteral("%1 at page height %2: heading on page %3, its table on page %4")
                             .arg(b.text())
                             .arg(height)
                             .arg(pageOf(doc, b) + 1)
                             .arg(pageOf(doc, row) + 1);
        }
    }
    QCOMPARE(headings, 41); // 40 logic tables and the instances
    QVERIFY(checked > 1000);
    QVERIFY2(split.isEmpty(), qPrintable(QString::number(split.size()) + QStringLiteral(" split, e.g. ") +
                                          split.mid(0, 5).join(QStringLiteral("; "))));

    // The PDF the menu writes: for a look (SP_SCREENSHOT_DIR: pdftoppm -png report.pdf page).
    if (const QString shots = qEnvironmentVariable("SP_SCREENSHOT_DIR"); !shots.isEmpty()) {
        QVERIFY(m_window->openConfig(path));
        m_window->context()->setSnapshot(snap);
        m_nextPath = shots + QStringLiteral("/report-many-tables.pdf");
        trigger("actionExportPdf");
        QVERIFY(QFileInfo::exists(m_nextPath));
    }
}

// The printed report keeps each logic table's summary (skew, capacity) on the page of its heatmap
// whenever the two fit one page: for every page height, as File > Export PDF report lays them out.
// QTextDocument broke pages anywhere, so a heatmap ended a page and its figures began the next.
void TestExportFlow::summaryStaysWithItsHeatmap()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("many.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(manyTablesConfig(40));
    f.close();
    const LoadResult load = ConfigLoader::loadFile(path);
    QVERIFY(load.ok());
    ClusterSnapshot snap;
    snap.takenAt = QDateTime::currentDateTimeUtc();
    int i = 0;
    for (const TableRule &t : load.config.tables)
        for (const DataNode &n : t.dataNodes) {
            TableStats s;
            s.node = n;
            s.logicTable = t.logicTable;
            s.estimatedRows = 1000 + 37 * (i++ % 50);
            snap.tables << s;
        }
    const QString html = exporting::htmlReport(load.config, &snap);
    int checked = 0, moved = 0;
    QStringList split;
    for (int height = 260; height <= 900; height += 16) {
        QTextDocument doc;
        doc.setHtml(html);
        QCOMPARE(doc.rootFrame()->childFrames().size(), 2 * 40); // heatmap and summary per table
        ReportPages::paginate(&doc, QSizeF(700, height), 40, 2);
        const QList<QTextFrame *> frames = doc.rootFrame()->childFrames();
        // Where a table starts on a page of its own: the offset of one the pagination moved.
        double top = -1;
        for (int s = 0; s < 40 && top < 0; ++s)
            if (frames.at(2 * s)->frameFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore)
                top = std::fmod(doc.documentLayout()->frameBoundingRect(frames.at(2 * s)).top(),
                                double(height));
        for (int s = 0; s < 40; ++s) {
            const QRectF a = doc.documentLayout()->frameBoundingRect(frames.at(2 * s));
            const QRectF b = doc.documentLayout()->frameBoundingRect(frames.at(2 * s + 1));
            moved += frames.at(2 * s)->frameFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore
                         ? 1
                         : 0;
            if (ReportPages::firstPage(&doc, 2 * s) == ReportPages::lastPage(&doc, 2 * s + 1)) {
                ++checked;
                continue;
            }
            // Split: only a section too long for a page, even at its top, may be.
            const double tall = b.bottom() - a.top();
            if (top >= 0 && top + tall > height - doc.documentMargin()) {
                ++checked;
                continue;
            }
            ++checked;
            split << QStringLiteral("t_%1 at page height %2: pages %3..%4")
                         .arg(s)
                         .arg(height)
                         .arg(ReportPages::firstPage(&doc, 2 * s) + 1)
                         .arg(ReportPages::lastPage(&doc, 2 * s + 1) + 1);
        }
    }
    QVERIFY(checked > 1000);
    QVERIFY(moved > 0); // the layout alone splits some: they were moved

    // For a look (SP_SCREENSHOT_DIR): the first pages as the PDF lays them out (A4 landscape).
    if (const QString shots = qEnvironmentVariable("SP_SCREENSHOT_DIR"); !shots.isEmpty()) {
        QTextDocument doc;
        doc.setHtml(html);
        const QSizeF page(1047, 680);
        ReportPages::paginate(&doc, page, 40, 2);
        for (int p = 0; p < 3; ++p) {
            QImage image(page.toSize(), QImage::Format_RGB32);
            image.fill(Qt::white);
            QPainter painter(&image);
            painter.translate(0, -p * page.height());
            QAbstractTextDocumentLayout::PaintContext context;
            context.clip = QRectF(0, p * page.height(), page.width(), page.height());
            painter.setClipRect(context.clip);
            doc.documentLayout()->draw(&painter, context);
            painter.end();
            image.save(shots + QStringLiteral("/report-page-%1.png").arg(p + 1));
        }
    }
    QVERIFY2(split.isEmpty(), qPrintable(QString::number(split.size()) + QStringLiteral(" split, e.g. ") +
                                         split.mid(0, 5).join(QStringLiteral("; "))));
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
