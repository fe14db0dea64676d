// Core texts in the console's language: every template core builds (sp::msg in core/config,
// core/analysis, core/planning, core/live) has an entry in ui/CoreText's table, and no entry is
// stale; the texts the loader, the linter and the planner produce over the test and example configs
// carry their template and arguments (the English field equals the text they make); and the zh_CN
// console shows lint and loader findings, the planning page's comparison, the plan steps, the notes
// of key statistics, row sample and plan inputs, exact-count errors, refused YAML edits and the
// HTML/PDF report in Chinese (a server's own error text stays English inside a Chinese sentence).

#include "GuiTestSupport.h"
#include "core/analysis/Linter.h"
#include "core/config/AppPaths.h"
#include "core/config/ConfigLoader.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/live/ExactCounter.h"
#include "core/live/KeyStats.h"
#include "core/live/PlanInputs.h"
#include "core/live/RowSampler.h"
#include "core/config/ConfigPatch.h"
#include "ui/export/ExportController.h"
#include "core/planning/WhatIf.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/models/WhatIfModel.h"
#include "ui/pages/MigrationPage.h"
#include "ui/pages/PlanningPage.h"

#include <QDirIterator>
#include <QFile>
#include <QListWidget>
#include <QSet>
#include <QTranslator>
#include <QTreeWidget>

using namespace sp;
using namespace sp::planning;
using namespace sp::ui;

namespace {

// Configs the texts are collected from: the test data and the shipped examples.
QStringList corpus()
{
    QStringList out;
    for (const QString &dir : {QStringLiteral("tests/data"), QStringLiteral("resources/examples")}) {
        QDirIterator it(test::sourcePath(dir), {QStringLiteral("*.yaml"), QStringLiteral("*.yml")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            out << it.next();
    }
    out.sort();
    return out;
}

// The string literals passed first to sp::msg( in a C++ source (adjacent literals joined).
QStringList msgLiterals(const QString &source)
{
    QStringList out;
    const QString needle = QStringLiteral("msg(");
    for (qsizetype at = source.indexOf(needle); at >= 0; at = source.indexOf(needle, at + 1)) {
        if (at > 0 && (source.at(at - 1).isLetterOrNumber() || source.at(at - 1) == QLatin1Char('_')))
            continue;
        qsizetype i = at + needle.size();
        QString literal;
        bool found = false;
        for (;;) {
            while (i < source.size() && source.at(i).isSpace())
                ++i;
            if (i >= source.size() || source.at(i) != QLatin1Char('"'))
                break;
            found = true;
            for (++i; i < source.size() && source.at(i) != QLatin1Char('"'); ++i) {
                if (source.at(i) == QLatin1Char('\\') && i + 1 < source.size())
                    ++i;
                literal += source.at(i);
            }
            ++i;
        }
        if (found)
            out << literal;
    }
    return out;
}

// Every Text a front end can show for a diagnostic, a plan or a comparison row.
struct Collected
{
    QList<Text> texts;
    QStringList mismatches;   // an English field whose Text states something else
    QStringList untranslated; // "code: message" of a finding without a template
};

void field(Collected *c, const QString &where, const QString &english, const Text &text)
{
    if (english.isEmpty())
        return;
    if (text.text != english)
        c->mismatches << where + QStringLiteral(": '") + english + QStringLiteral("' vs '") + text.text +
                             QLatin1Char('\'');
    c->texts << text;
}

void diagnostics(Collected *c, const Diagnostics &list)
{
    for (const Diagnostic &d : list) {
        field(c, d.code, d.message, d.messageText);
        field(c, d.code + QStringLiteral(" hint"), d.hint, d.hintText);
        // yaml-cpp's own parse errors are its words, not ours.
        if (!d.messageText.isTranslatable() && d.code != QLatin1String("yaml-syntax") &&
            d.code != QLatin1String("yaml-too-deep"))
            c->untranslated << d.code + QStringLiteral(": ") + d.message;
    }
}

void plan(Collected *c, const PlanOutcome &o)
{
    field(c, QStringLiteral("error"), o.error, o.errorText);
    if (!o.plan)
        return;
    const ExpansionPlan &p = *o.plan;
    field(c, QStringLiteral("description"), p.description, p.descriptionText);
    field(c, QStringLiteral("estimateSource"), p.estimateSource, p.estimateSourceText);
    for (int i = 0; i < p.assumptions.size(); ++i)
        field(c, QStringLiteral("assumption"), p.assumptions.at(i), p.assumptionTexts.value(i));
    for (const PlanStep &s : p.steps) {
        field(c, s.phase + QStringLiteral(" title"), s.title, s.titleText);
        field(c, s.phase + QStringLiteral(" detail"), s.detail, s.detailText);
    }
    for (const TablePlan &t : p.tables)
        for (const MovePair &m : t.pairs)
            field(c, QStringLiteral("clientNote"), m.predicate.clientNote, m.predicate.clientNoteText);
    diagnostics(c, p.warnings);
}

QList<PlanRequest> requests(int n)
{
    QList<PlanRequest> out;
    auto add = [&](StrategyId s, int to) {
        PlanRequest r;
        r.strategy = s;
        r.toCount = to;
        out << r;
    };
    add(StrategyId::ModDouble, 0);
    add(StrategyId::ModDouble, 3 * n); // refused: mod-double only doubles
    add(StrategyId::Remap, n + 1);
    add(StrategyId::Remap, 0); // refused: no target count
    add(StrategyId::DualMaster, 0);
    add(StrategyId::Ring, n + 1);
    PlanRequest vnodes;
    vnodes.strategy = StrategyId::Ring;
    vnodes.virtualNodes = 64;
    out << vnodes;
    return out;
}

Collected collectCorpus()
{
    Collected c;
    for (const QString &path : corpus()) {
        const LoadResult load = ConfigLoader::loadFile(path);
        diagnostics(&c, load.diagnostics);
        if (!load.ok())
            continue;
        diagnostics(&c, Linter::lint(load.config));
        const int n = int(load.config.dataSources.size());
        for (const PlanRequest &rq : requests(n)) {
            QString error;
            const auto in = buildPlanInput(path, load.config, std::nullopt, rq, {}, &error);
            if (!in)
                continue;
            plan(&c, makePlan(*in));
        }
        PlanRequest rq;
        QString error;
        if (const auto in = buildPlanInput(path, load.config, std::nullopt, rq, {}, &error)) {
            const WhatIfReport rep = WhatIf::compare(*in);
            field(&c, QStringLiteral("basis"), rep.basis, rep.basisText);
            for (const WhatIfRow &r : rep.rows) {
                field(&c, QStringLiteral("reason"), r.reason, r.reasonText);
                field(&c, QStringLiteral("description"), r.description, r.descriptionText);
                field(&c, QStringLiteral("writeStop"), r.writeStopAssumption, r.writeStopText);
                for (int i = 0; i < r.risks.size(); ++i)
                    field(&c, QStringLiteral("risk"), r.risks.at(i), r.riskTexts.value(i));
            }
        }
    }
    for (StrategyId s : {StrategyId::ModDouble, StrategyId::Remap, StrategyId::DualMaster, StrategyId::Ring})
        c.texts << ExpansionStrategy::create(s)->summary();
    return c;
}

// A Text's English is its template with its arguments' English in place (so what the console
// renders and what the CLI prints are one sentence).
bool consistent(const Text &t, QString *why)
{
    if (t.isTranslatable()) {
        QStringList args;
        for (const Text &a : t.args)
            args << a.text;
        if (substituteArgs(t.source, args) != t.text) {
            *why = t.source + QStringLiteral(" -> ") + t.text;
            return false;
        }
    }
    for (const Text &a : t.args)
        if (!consistent(a, why))
            return false;
    return true;
}

bool hasHan(const QString &s)
{
    return std::any_of(s.cbegin(), s.cend(), [](QChar c) { return c.script() == QChar::Script_Han; });
}

} // namespace

class TestCoreText final : public QObject
{
    Q_OBJECT
private slots:
    void sourceTemplatesHaveEntries();
    void producedTextsHaveEntries();
    void rendersArgumentsAndFallsBack();
    void zhConsoleShowsCoreTexts();
    void zhLiveNotesErrorsPatchesAndReport();
};

void TestCoreText::sourceTemplatesHaveEntries()
{
    QSet<QString> used;
    QDirIterator it(test::sourcePath(QStringLiteral("core")),
                    {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        for (const QString &t : msgLiterals(QString::fromUtf8(f.readAll())))
            used.insert(t);
    }
    QVERIFY2(used.size() > 200, qPrintable(QString::number(used.size())));
    const QStringList table = CoreText::templates();
    const QSet<QString> entries(table.cbegin(), table.cend());
    QStringList missing, stale;
    for (const QString &t : std::as_const(used))
        if (CoreText::needsEntry(t) && !entries.contains(t))
            missing << t;
    for (const QString &t : table)
        if (!used.contains(t))
            stale << t;
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("not in ui/CoreText.cpp: ") + missing.join(QStringLiteral(" | "))));
    QVERIFY2(stale.isEmpty(),
             qPrintable(QStringLiteral("no longer used by core: ") + stale.join(QStringLiteral(" | "))));
}

void TestCoreText::producedTextsHaveEntries()
{
    const Collected c = collectCorpus();
    QVERIFY2(c.mismatches.isEmpty(), qPrintable(c.mismatches.mid(0, 5).join(QStringLiteral(" | "))));
    QVERIFY2(c.untranslated.isEmpty(), qPrintable(c.untranslated.mid(0, 5).join(QStringLiteral(" | "))));
    const QStringList table = CoreText::templates();
    const QSet<QString> entries(table.cbegin(), table.cend());
    QSet<QString> seen;
    QStringList missing;
    for (const Text &t : c.texts) {
        QString why;
        QVERIFY2(consistent(t, &why), qPrintable(why));
        for (const QString &s : t.templates()) {
            seen.insert(s);
            if (CoreText::needsEntry(s) && !entries.contains(s) && !missing.contains(s))
                missing << s;
        }
    }
    QVERIFY2(seen.size() > 100, qPrintable(QString::number(seen.size())));
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(" | "))));
}

void TestCoreText::rendersArgumentsAndFallsBack()
{
    // Without a translator: the English text core made, nested phrases included.
    const Text owner = msg("table '%1'", {QStringLiteral("t_order")});
    const Text t = msg("%1 has no %2", {owner, QStringLiteral("shardingColumn")});
    QCOMPARE(t.text, QStringLiteral("table 't_order' has no shardingColumn"));
    QCOMPARE(CoreText::render(t), t.text);
    // An argument that looks like a placeholder stays as it is.
    QCOMPARE(msg("%1 has no %2", {QStringLiteral("%2"), QStringLiteral("x")}).text,
             QStringLiteral("%2 has no x"));
    // A template the table does not know, or a Text that no longer states its field: English.
    Text unknown = msg("no such template %1", {1});
    QCOMPARE(CoreText::render(unknown), QStringLiteral("no such template 1"));
    QCOMPARE(CoreText::render(QStringLiteral("edited"), t), QStringLiteral("edited"));
    // Lists of phrases: placeholders and punctuation only, no entry needed, items rendered.
    QVERIFY(!CoreText::needsEntry(joined({owner, owner}, QStringLiteral("; ")).source));
    QVERIFY(CoreText::needsEntry(QStringLiteral("%1, … (+%2 more)")));
}

void TestCoreText::zhConsoleShowsCoreTexts()
{
    QTranslator zh;
    const QString qm = AppPaths::translationsDir() + QStringLiteral("/shardpilot_zh_CN.qm");
    QVERIFY2(zh.load(qm), qPrintable(qm + QStringLiteral(" does not load (build the shardpilot target)")));
    QVERIFY(QCoreApplication::installTranslator(&zh));
    // Nested phrases are translated too; a space only where a Latin name meets an ideograph.
    const Text owner = msg("the %1 strategy of %2", {msg("table"), QStringLiteral("t_order")});
    QCOMPARE(CoreText::render(msg("%1 is a %2 strategy, which routing previews do not evaluate",
                                  {owner, QStringLiteral("complex")})),
             QStringLiteral("t_order 的分表策略是 complex 策略，路由预览不对其求值"));
    const QString shots = qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR");

    QTemporaryDir dir;

    // The findings dock: lint findings of a config that loads, then the loader's errors of one
    // that does not. Codes, names and locations stay as they are.
    {
        const auto window = test::makeMainWindow(dir);
        window->resize(1200, 800);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        auto *findings = test::findNamed<QListWidget>(window.get(), "findingsList");
        QVERIFY(findings);
        const auto shown = [&] {
            QStringList out;
            for (int i = 0; i < findings->count(); ++i)
                out << findings->item(i)->text();
            return out.join(QLatin1Char('\n'));
        };

        window->openConfig(test::examplePath(QStringLiteral("native-algorithms.yaml")));
        QString text = shown();
        QVERIFY2(text.contains(QStringLiteral("算法 'account-hash-mod'（HASH_MOD）按 Java hashCode() 路由")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral(": 警告: ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("[hash-mod-no-sql]")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("routes by Java hashCode()")), qPrintable(text));
        for (int i = 0; i < findings->count(); ++i)
            QVERIFY2(hasHan(findings->item(i)->text()), qPrintable(findings->item(i)->text()));

        if (!shots.isEmpty())
            window->grab().save(shots + QStringLiteral("/coretext-findings-zh_CN.png"));

        window->openConfig(test::sourcePath(QStringLiteral("tests/data/lint/lint-errors.yaml")));
        text = shown();
        QVERIFY2(text.contains(QStringLiteral(
                     "表 't_order' 的数据节点 'ds_2.t_order_0' 引用了数据源 'ds_2'，但它没有定义")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("[unknown-data-source]")), qPrintable(text));
        for (int i = 0; i < findings->count(); ++i)
            QVERIFY2(hasHan(findings->item(i)->text()), qPrintable(findings->item(i)->text()));

        // The planning page's comparison: the strategies' risks and write-stop assumptions.
        auto *planning = qobject_cast<PlanningPage *>(window->page(QStringLiteral("planning")));
        QVERIFY(planning);
        window->showPage(QStringLiteral("planning"));
        QSignalSpy computed(planning, &PlanningPage::computed);
        QVERIFY(window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
        QTRY_VERIFY_WITH_TIMEOUT(computed.size() >= 1 && !planning->isBusy(), 60000);
        QStringList risks;
        for (int r = 0; r < planning->model()->rowCount(); ++r) {
            const QModelIndex risk = planning->model()->index(r, WhatIfModel::RisksColumn);
            const QModelIndex stop = planning->model()->index(r, WhatIfModel::WriteStopColumn);
            risks << risk.data().toString();
            QVERIFY2(hasHan(stop.data(Qt::ToolTipRole).toString()),
                     qPrintable(stop.data(Qt::ToolTipRole).toString()));
        }
        QVERIFY2(
            risks.join(QLatin1Char('\n')).contains(QStringLiteral("完整拷贝每个实例：清理之前占用 2 倍磁盘")),
            qPrintable(risks.join(QLatin1Char('\n'))));
        if (!shots.isEmpty())
            window->grab().save(shots + QStringLiteral("/coretext-planning-zh_CN.png"));
    }

    // Plan steps and warnings on the migration page: a mod-double plan of the example config.
    const QString path = test::examplePath(QStringLiteral("fsharechat-crc32.yaml"));
    const LoadResult load = ConfigLoader::loadFile(path);
    QVERIFY(load.ok());
    PlanRequest rq;
    QString error;
    const auto in = buildPlanInput(path, load.config, std::nullopt, rq, {}, &error);
    QVERIFY2(in, qPrintable(error));
    const PlanOutcome outcome = makePlan(*in);
    QVERIFY2(outcome.plan, qPrintable(outcome.error));
    AppContext ctx;
    ctx.setConfig(path, load, {});
    MigrationPage page(&ctx);
    page.resize(1200, 760);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    ctx.setPlan(*outcome.plan);
    auto *tree = page.findChild<QTreeWidget *>(QStringLiteral("migrationSteps"));
    QVERIFY(tree);
    int checked = 0;
    for (int t = 0; t < tree->topLevelItemCount(); ++t)
        for (int c = 0; c < tree->topLevelItem(t)->childCount(); ++c) {
            QTreeWidgetItem *item = tree->topLevelItem(t)->child(c);
            const PlanStep &s = outcome.plan->steps.at(item->data(0, MigrationPage::StepIndexRole).toInt());
            QVERIFY2(item->text(MigrationPage::StepColumn) != s.title, qPrintable(s.title));
            QVERIFY2(hasHan(item->text(MigrationPage::StepColumn)), qPrintable(item->text(0)));
            if (s.phase == QLatin1String("T2")) {
                // "Backfill %1 -> %2": the data nodes stay as they are.
                QCOMPARE(item->text(MigrationPage::StepColumn),
                         QStringLiteral("全量回填 %1").arg(s.title.mid(QStringLiteral("Backfill ").size())));
                ++checked;
            }
        }
    QVERIFY(checked > 0);
    if (!shots.isEmpty()) {
        tree->expandAll();
        page.grab().save(shots + QStringLiteral("/coretext-migration-zh_CN.png"));
    }
    QCoreApplication::removeTranslator(&zh);
}

// What the console showed in English under zh_CN: the notes of key statistics, of the row sample
// and of the plan inputs (the wizard's warnings page), exact-count errors (the moves page), refused
// edits of the config forms (YamlPatch/ConfigPatch), and the HTML/PDF report.
void TestCoreText::zhLiveNotesErrorsPatchesAndReport()
{
    QTranslator zh;
    const QString qm = AppPaths::translationsDir() + QStringLiteral("/shardpilot_zh_CN.qm");
    QVERIFY2(zh.load(qm), qPrintable(qm));
    QVERIFY(QCoreApplication::installTranslator(&zh));
    const auto allChinese = [](const QStringList &english, const QList<Text> &texts) {
        QStringList bad;
        if (texts.size() != english.size())
            bad << QStringLiteral("%1 texts for %2 lines").arg(texts.size()).arg(english.size());
        const QStringList shown = CoreText::render(english, texts);
        for (const QString &line : shown)
            if (!hasHan(line))
                bad << line;
        return bad;
    };

    // A config whose two servers do not listen (port 1 refuses at once).
    const QString path = test::examplePath(QStringLiteral("fsharechat-crc32.yaml"));
    LoadResult load = ConfigLoader::loadFile(path);
    QVERIFY(load.ok());
    ShardingConfig dead = load.config;
    for (DataSourceDef &d : dead.dataSources) {
        d.host = QStringLiteral("127.0.0.1");
        d.port = 1;
    }
    ClusterSnapshot snap;
    for (const TableRule &t : dead.tables)
        for (const DataNode &n : t.dataNodes) {
            TableStats ts;
            ts.node = n;
            ts.logicTable = t.logicTable;
            ts.estimatedRows = 100;
            snap.tables << ts;
        }
    InspectionOptions options;
    options.connectTimeoutSec = 2;

    // Key statistics: nothing read (every server refuses), then cardinalities never computed.
    KeyStatsResult k = KeyStats::collect(dead, snap, options);
    QVERIFY(!k.notes.isEmpty());
    QStringList bad = allChinese(k.notes, k.noteTexts);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    QList<KeyCardinality> cards;
    for (const TableRule &t : dead.tables)
        for (const DataNode &n : t.dataNodes)
            cards << KeyCardinality{n, QStringLiteral("idx"), 0};
    k = KeyStats::compute(dead, snap, cards);
    QVERIFY(!k.notes.isEmpty());
    bad = allChinese(k.notes, k.noteTexts);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));

    // Row sample: the servers cannot be reached; libmariadb's words stay inside our sentence.
    const RowSampleResult rs = RowSampler::run(dead, snap, 100, options);
    QVERIFY(!rs.notes.isEmpty());
    bad = allChinese(rs.notes, rs.noteTexts);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    const QString sampleNote = CoreText::render(rs.noteTexts.first());
    QVERIFY2(sampleNote.contains(QStringLiteral("无法连接")), qPrintable(sampleNote));

    // Exact counts of a plan on those servers: one error per server, in Chinese around the server's.
    PlanRequest rq;
    QString error;
    const auto in = buildPlanInput(path, dead, std::nullopt, rq, {}, &error);
    QVERIFY2(in, qPrintable(error));
    const PlanOutcome outcome = makePlan(*in);
    QVERIFY2(outcome.plan, qPrintable(outcome.error));
    ExpansionPlan plan = *outcome.plan;
    const ExactCountResult counted = ExactCounter::run(plan, dead, options);
    QVERIFY(!counted.errors.isEmpty());
    bad = allChinese(counted.errors, counted.errorTexts);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));

    // A refused edit of the config forms: a value that is an alias, a data source that is not there.
    ConfigPatch patch(QByteArrayLiteral("dataSources:\n  db0:\n    url: &u jdbc:mysql://h:3306/a\n"
                                        "  db1:\n    url: *u\n"));
    QVERIFY(!patch.set(ConfigPatch::dataSourceUrlPath(QStringLiteral("db1")), QStringLiteral("jdbc:mysql://x:1/b")));
    QVERIFY(!patch.removeDataSource(QStringLiteral("db9")));
    bad = allChinese(patch.errors(), patch.errorTexts());
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));

    // The HTML report the console exports (the PDF prints the same HTML).
    QTemporaryDir dir;
    const auto window = test::makeMainWindow(dir);
    QVERIFY(window->openConfig(path));
    ClusterSnapshot shown = snap;
    shown.takenAt = QDateTime::currentDateTimeUtc();
    InstanceHealth down;
    down.dataSource = QStringLiteral("db0");
    down.host = QStringLiteral("127.0.0.1");
    down.port = 1;
    down.error = QStringLiteral("Can't connect to server on '127.0.0.1' (111)");
    shown.instances << down;
    window->context()->setSnapshot(shown);
    const QString report = dir.filePath(QStringLiteral("report.html"));
    QVERIFY2(window->exporter()->write(ExportController::Kind::HtmlReport, report, false, &error), qPrintable(error));
    QFile f(report);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(f.readAll());
    for (const QString &zhText : {QStringLiteral("统计时间"), QStringLiteral("总行数"), QStringLiteral("实例"),
                                  QStringLiteral("数据源"), QStringLiteral("否：Can&#x27;t connect")})
        QVERIFY2(html.contains(zhText) || html.contains(QString(zhText).replace(QStringLiteral("&#x27;"), QStringLiteral("'"))),
                 qPrintable(zhText));
    for (const QString &english : {QStringLiteral("Statistics taken at"), QStringLiteral("total rows"),
                                   QStringLiteral("Instances"), QStringLiteral("data source"), QStringLiteral("Config:")})
        QVERIFY2(!html.contains(english), qPrintable(english));
    QCoreApplication::removeTranslator(&zh);
}

QTEST_MAIN(TestCoreText)
#include "tst_coretext.moc"
