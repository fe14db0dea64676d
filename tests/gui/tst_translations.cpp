// Translations: the zh_CN catalogue is complete, its contexts are the class names tr() looks up at
// run time (namespace included), and the compiled catalogue really changes what the console shows.
#include "GuiTestSupport.h"
#include "core/config/AppPaths.h"
#include "ui/CoreText.h"

#include "ui/pages/MigrationPage.h"
#include "ui/pages/PlanningPage.h"
#include "ui/planning/ExpansionWizard.h"
#include "ui/widgets/SkewPanel.h"

#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QRegularExpression>
#include <QSet>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace sp;
using namespace sp::ui;

namespace {

struct Catalogue
{
    QSet<QString> contexts;
    QStringList unfinished; // "context: source" of messages without a translation
    int messages = 0;
    QString error;
};

Catalogue readTs(const QString &path)
{
    Catalogue c;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        c.error = f.errorString();
        return c;
    }
    QXmlStreamReader xml(&f);
    QString context, source;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
            c.contexts.insert(context);
        } else if (name == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            ++c.messages;
            const bool unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (unfinished || text.trimmed().isEmpty())
                c.unfinished << context + QStringLiteral(": ") + source;
        }
    }
    if (xml.hasError())
        c.error = xml.errorString();
    return c;
}

} // namespace

class TestTranslations final : public QObject
{
    Q_OBJECT
private slots:
    void zhCatalogueComplete();
    void contextsAreRuntimeClassNames_data();
    void contextsAreRuntimeClassNames();
    void zhShowsInTheConsole();
    void zhSkewVerdict();
};

void TestTranslations::zhCatalogueComplete()
{
    const Catalogue c = readTs(test::sourcePath(QStringLiteral("translations/shardpilot_zh_CN.ts")));
    QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
    QVERIFY(c.messages > 500);
    QVERIFY2(c.unfinished.isEmpty(), qPrintable(QStringLiteral("%1 untranslated, first: %2")
                                                     .arg(c.unfinished.size())
                                                     .arg(c.unfinished.mid(0, 5).join(QStringLiteral(" | ")))));
}

void TestTranslations::contextsAreRuntimeClassNames_data()
{
    QTest::addColumn<QString>("className");
    QTest::addRow("MainWindow") << QString::fromLatin1(MainWindow::staticMetaObject.className());
    QTest::addRow("PlanningPage") << QString::fromLatin1(PlanningPage::staticMetaObject.className());
    QTest::addRow("MigrationPage") << QString::fromLatin1(MigrationPage::staticMetaObject.className());
    QTest::addRow("ExpansionWizard") << QString::fromLatin1(ExpansionWizard::staticMetaObject.className());
    QTest::addRow("CoreText") << QString::fromLatin1(CoreText::staticMetaObject.className());
}

void TestTranslations::contextsAreRuntimeClassNames()
{
    QFETCH(QString, className);
    QVERIFY(className.startsWith(QLatin1String("sp::ui::")));
    for (const char *lang : {"zh_CN", "en"}) {
        const Catalogue c =
            readTs(test::sourcePath(QStringLiteral("translations/shardpilot_%1.ts").arg(QLatin1String(lang))));
        QVERIFY2(c.contexts.contains(className), qPrintable(className + QStringLiteral(" missing in ") + QLatin1String(lang)));
    }
}

void TestTranslations::zhShowsInTheConsole()
{
    QTranslator zh;
    // Where the console itself looks (the build tree mirrors the installed layout).
    const QString qm = sp::AppPaths::translationsDir() + QStringLiteral("/shardpilot_zh_CN.qm");
    QVERIFY2(zh.load(qm), qPrintable(qm + QStringLiteral(" does not load (build the shardpilot target)")));
    const QString expected = zh.translate("sp::ui::MainWindow", "Welcome");
    QVERIFY(!expected.isEmpty() && expected != QLatin1String("Welcome"));
    QVERIFY(QCoreApplication::installTranslator(&zh));
    QTemporaryDir dir;
    {
        const auto window = test::makeMainWindow(dir);
        auto *nav = test::findNamed<QListWidget>(window.get(), "navigation");
        QVERIFY(nav);
        QStringList shown;
        for (int i = 0; i < nav->count(); ++i)
            shown << nav->item(i)->text();
        QVERIFY2(shown.contains(expected), qPrintable(shown.join(QLatin1Char(','))));
        QVERIFY(!shown.contains(QStringLiteral("Welcome")));
    }
    QCoreApplication::removeTranslator(&zh);
}

void TestTranslations::zhSkewVerdict()
{
    // The verdict under the skew figures is worded by the console, so zh_CN shows it in Chinese.
    QTranslator zh;
    QVERIFY(zh.load(sp::AppPaths::translationsDir() + QStringLiteral("/shardpilot_zh_CN.qm")));
    QVERIFY(QCoreApplication::installTranslator(&zh));
    SkewStats severe;
    severe.logicTable = QStringLiteral("t_messages");
    severe.nodes = 4;
    severe.totalRows = 1000;
    severe.mean = 250;
    severe.max = 700;
    severe.maxOverMean = 2.8;
    severe.emptyNodes = 1;
    severe.unknownNodes = 1;
    severe.maxNode = DataNode{QStringLiteral("ds_1"), QStringLiteral("t_messages_2")};
    SkewStats balanced = severe;
    balanced.maxOverMean = 1.04;
    balanced.emptyNodes = 0;
    balanced.unknownNodes = 0;
    SkewStats unknown;
    unknown.logicTable = QStringLiteral("t_user");
    QStringList texts;
    for (const SkewStats &s : {severe, balanced, unknown}) {
        SkewPanel panel;
        panel.setStats(s, s.logicTable);
        texts << panel.findChild<QLabel *>(QStringLiteral("skewVerdict"))->text();
    }
    QCoreApplication::removeTranslator(&zh);
    static const QRegularExpression english(
        QStringLiteral("\\b(skew|holds|mean|balanced|nodes?|empty|count|unknown)\\b"));
    for (const QString &t : std::as_const(texts))
        QVERIFY2(!english.match(t).hasMatch(), qPrintable(t));
    QVERIFY(texts.constFirst().contains(QStringLiteral("ds_1.t_messages_2"))); // names the node
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
