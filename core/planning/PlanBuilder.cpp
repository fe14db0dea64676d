#include "core/planning/PlanBuilder.h"

#include "core/config/ConfigLoader.h"
#include "core/config/ConfigPatch.h"
#include "core/config/JdbcUrl.h"
#include "core/config/Redaction.h"
#include "core/planning/PlanChecks.h"
#include "core/routing/Router.h"

#include <QCryptographicHash>
#include <QHash>
#include <QSet>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace sp::planning::builder {

QSet<QString> broadcastNames(const ShardingConfig &config)
{
    QSet<QString> out;
    for (const BroadcastTable &b : config.broadcastTables)
        out.insert(b.name.toCaseFolded());
    return out;
}

QStringList shardedDataSources(const ShardingConfig &config)
{
    const QSet<QString> broadcast = broadcastNames(config);
    QStringList out;
    QSet<QString> seen; // hashed: every data node of the config is looked at
    for (const TableRule &t : config.tables) {
        if (broadcast.contains(t.logicTable.toCaseFolded()))
            continue;
        for (const DataNode &n : t.dataNodes)
            if (!seen.contains(n.dataSource)) {
                seen.insert(n.dataSource);
                out << n.dataSource;
            }
    }
    return out;
}

QStringList databaseAlgorithms(const ShardingConfig &config, bool *sharedWithTables)
{
    const QSet<QString> broadcast = broadcastNames(config);
    QStringList db;
    QSet<QString> dbSeen, table;
    for (const TableRule &t : config.tables) {
        if (broadcast.contains(t.logicTable.toCaseFolded()))
            continue;
        const StrategyDef d = config.effectiveDatabaseStrategy(t);
        if (d.kind == StrategyKind::Standard && !dbSeen.contains(d.algorithmName)) {
            dbSeen.insert(d.algorithmName);
            db << d.algorithmName;
        }
        const StrategyDef s = config.effectiveTableStrategy(t);
        if (!s.algorithmName.isEmpty())
            table.insert(s.algorithmName);
    }
    if (sharedWithTables) {
        *sharedWithTables = false;
        for (const QString &a : std::as_const(db))
            if (table.contains(a))
                *sharedWithTables = true;
    }
    return db;
}

QSet<QString> tableLevelAlgorithms(const ShardingConfig &config)
{
    QSet<QString> out;
    for (const TableRule &t : config.tables)
        out.insert(config.effectiveTableStrategy(t).algorithmName);
    return out;
}

QString indexedPrefix(const QStringList &names)
{
    static const QRegularExpression re(QStringLiteral("^(.*?)(\\d+)$"));
    QString prefix;
    for (int i = 0; i < names.size(); ++i) {
        const auto m = re.match(names.at(i));
        if (!m.hasMatch() || m.captured(2).toInt() != i || (i > 0 && m.captured(1) != prefix))
            return QString();
        prefix = m.captured(1);
    }
    return names.isEmpty() ? QString() : prefix;
}

QString urlFor(const PlanInput &input, const QString &name)
{
    return input.request.newUrls.value(name).trimmed();
}

QString missingUrlPlaceholder(const QString &name)
{
    // Parses and loads (the plan still shows the moves), never resolves (RFC 2606 .invalid), and
    // names no existing schema. An export with it is refused.
    QString host;
    for (const QChar c : name)
        host += c.isLetterOrNumber() && c.unicode() < 0x80 ? c.toLower() : QLatin1Char('-');
    return QStringLiteral("jdbc:mysql://url-of-%1.invalid:3306/url_missing").arg(host);
}

Diagnostic missingUrls(const QStringList &names)
{
    return Diagnostic::make(
        Severity::Warning, QStringLiteral("plan.url-missing"),
        msg("no url for the new data source(s) %1: nothing can be created or copied there, so the plan is not "
            "exported",
            {names.join(QStringLiteral(", "))}),
        {},
        msg("Give each its own schema: shardctl plan --url %1=jdbc:mysql://host:port/schema (repeatable), or "
            "the URL column of the wizard's target page. An existing data source's schema is refused.",
            {names.value(0)}));
}

Text uniformHashAssumption()
{
    return msg("expected shares assume keys hash uniformly; an estimate's bound (3 sigma, about 99.7%) is "
               "stated only where it can be: from a row sample's size, or from the key share where each key "
               "holds one row (a unique sharding key), widened by 75% of the rows where the snapshot has "
               "TABLE_ROWS estimates instead of exact counts");
}

bool loadNew(const QByteArray &text, const QString &path, NewConfig *out)
{
    out->text = text;
    const LoadResult r = ConfigLoader::loadText(text, path);
    if (!r.ok()) {
        QString first;
        for (const auto &d : r.diagnostics)
            if (d.severity == Severity::Error) {
                first = d.toString();
                break;
            }
        out->fail(msg("the patched config does not load: %1", {first}));
        return false;
    }
    out->config = r.config;
    return true;
}

// Why a count-changing plan (mod-double, remap, dual-master) cannot re-count the databases of
// algorithm `name`, said for what it is.
static Text notModulo(const QString &name, const AlgorithmDef *def)
{
    if (!def)
        return msg("database algorithm '%1' is not defined; define it under shardingAlgorithms", {name});
    if (def->type == QLatin1String("CONSISTENT_HASH"))
        return msg("database algorithm '%1' is a CONSISTENT_HASH ring, which has no database count to "
                   "change; plan it with --strategy ring (--add-nodes / --remove-nodes)",
                   {name});
    if (def->type == QLatin1String("INLINE"))
        return msg("database algorithm '%1' is INLINE (%2): the expression itself names the data sources, "
                   "so a plan cannot change their count by a property; rewrite the expression for the new "
                   "count by hand, or move the table to MOD / CRC32_MOD first",
                   {name, def->props.value(QStringLiteral("algorithm-expression"))});
    return msg("database algorithm '%1' (%2) is not a modulo algorithm (MOD, HASH_MOD, CRC32_MOD), so its "
               "database count cannot be changed by a plan",
               {name, def->type});
}

NewConfig patchDatabaseCount(const PlanInput &input, int newCount, Diagnostics *warnings)
{
    NewConfig out;
    const QStringList names = shardedDataSources(input.config);
    const QString prefix = indexedPrefix(names);
    if (prefix.isEmpty() && names.size() > 1) {
        out.fail(
            msg("data source names (%1) are not <prefix><index> from 0; a modulo expansion needs them so",
                {names.join(QLatin1Char(','))}));
        return out;
    }
    if (newCount < 1 || newCount > 1024) {
        out.fail(msg("target database count %1 is out of range 1..1024", {newCount}));
        return out;
    }
    bool shared = false;
    const QStringList algos = databaseAlgorithms(input.config, &shared);
    if (algos.isEmpty()) {
        out.fail(msg("no sharded table has a database strategy"));
        return out;
    }
    for (const QString &a : algos) {
        const AlgorithmDef *def = input.config.algorithm(a);
        if (!def || !(def->type == QLatin1String("CRC32_MOD") || def->type == QLatin1String("MOD")
                      || def->type == QLatin1String("HASH_MOD"))) {
            out.fail(notModulo(a, def));
            return out;
        }
    }
    ConfigPatch p(input.configText);
    const ConfigLookup lookup(input.config);
    QList<std::pair<QString, QString>> added; // in one edit: one per data source is quadratic
    QStringList missing;
    for (int i = int(names.size()); i < newCount; ++i) {
        const QString name = prefix + QString::number(i);
        const QString url = urlFor(input, name);
        if (url.isEmpty())
            missing << name;
        if (!lookup.dataSource(name))
            added.append({name, url.isEmpty() ? missingUrlPlaceholder(name) : url});
        out.changes << DataSourceChange{name, url, true};
    }
    if (!missing.isEmpty() && warnings)
        warnings->append(missingUrls(missing));
    p.addDataSources(added, names.last(), names.last());
    for (int i = newCount; i < names.size(); ++i)
        out.changes << DataSourceChange{names.at(i), lookup.dataSource(names.at(i))
                                                          ? lookup.dataSource(names.at(i))->url
                                                          : QString(),
                                        false};
    const QSet<QString> tableAlgorithms = tableLevelAlgorithms(input.config);
    for (const QString &a : algos) {
        const bool alsoTable = tableAlgorithms.contains(a);
        if (alsoTable) {
            const QString clone = a + QStringLiteral("-db") + QString::number(newCount);
            p.cloneAlgorithmForDatabaseLevel(a, clone);
            p.setAlgorithmProp(clone, QStringLiteral("sharding-count"), QString::number(newCount));
            if (warnings)
                warnings->append(Diagnostic::make(
                    Severity::Info, QStringLiteral("plan.algorithm-split"),
                    msg("algorithm '%1' served both levels; the database level now uses the copy '%2' "
                        "(sharding-count %3) and the table level keeps '%1'",
                        {a, clone, newCount})));
        } else {
            p.setAlgorithmProp(a, QStringLiteral("sharding-count"), QString::number(newCount));
        }
    }
    QStringList newNames;
    for (int i = 0; i < newCount; ++i)
        newNames << prefix + QString::number(i);
    Text widenError;
    if (!widenDataNodes(input.config, algos, newNames, &p, &widenError)) {
        out.fail(widenError);
        return out;
    }
    if (!p.ok()) {
        out.fail(p.errorTexts().first());
        return out;
    }
    loadNew(p.text(), input.configPath, &out);
    return out;
}

bool widenDataNodes(const ShardingConfig &config, const QStringList &algos, const QStringList &names,
                    ConfigPatch *patcher, Text *error)
{
    const QSet<QString> broadcast = broadcastNames(config);
    QMap<QString, QString> expressions; // every table in one edit: one per table is quadratic
    for (const TableRule &t : config.tables) {
        if (broadcast.contains(t.logicTable.toCaseFolded()) || t.actualDataNodesExpr.isEmpty())
            continue;
        if (!algos.contains(config.effectiveDatabaseStrategy(t).algorithmName))
            continue;
        Text err;
        const QString expr = ConfigPatch::rewriteDataSourcePart(t.actualDataNodesExpr, names, &err);
        if (expr.isEmpty()) {
            *error = msg("%1: %2", {t.logicTable, err});
            return false;
        }
        expressions.insert(t.logicTable, expr);
    }
    patcher->setDataNodes(expressions);
    return true;
}

QString schemaOf(const ShardingConfig &config, const QString &dataSource, const QString &fallbackUrl)
{
    const DataSourceDef *d = config.dataSource(dataSource);
    if (d && !d->database.isEmpty())
        return d->database;
    const JdbcUrl u = JdbcUrl::parse(d ? d->url : fallbackUrl);
    return u.ok ? u.database : QString();
}

QString instanceKey(const QString &host, int port)
{
    QString h = host.trimmed().toLower();
    if (h == QLatin1String("localhost") || h == QLatin1String("::1") || h.startsWith(QLatin1String("127.")))
        h = QStringLiteral("localhost");
    return h + QLatin1Char(':') + QString::number(port);
}

QString retargetDdl(const QString &ddl, const QString &schema, const QString &table)
{
    // SHOW CREATE TABLE starts "CREATE TABLE `name` (": only that head is replaced. Anything else
    // (a view, an unexpected text) gives no definition rather than an invented one.
    static const QRegularExpression head(QStringLiteral(R"(^\s*CREATE\s+TABLE\s+`(?:[^`]|``)+`(?:\.`(?:[^`]|``)+`)?\s*\()"),
                                         QRegularExpression::CaseInsensitiveOption);
    const auto m = head.match(ddl);
    if (ddl.isEmpty() || !m.hasMatch())
        return QString();
    QString rest = ddl.mid(m.capturedEnd(0));
    while (!rest.isEmpty() && (rest.back().isSpace() || rest.back() == QLatin1Char(';')))
        rest.chop(1);
    return QStringLiteral("CREATE TABLE IF NOT EXISTS ") + qualified(schema, table) + QStringLiteral(" (") + rest;
}

Schemas::Schemas(const ShardingConfig &config) : m_config(config)
{
    for (int i = int(config.dataSources.size()) - 1; i >= 0; --i) // the first of equal names wins
        m_schema.insert(config.dataSources.at(i).name, schemaOf(config, config.dataSources.at(i).name));
}

QString Schemas::operator()(const QString &dataSource) const
{
    const auto it = m_schema.constFind(dataSource);
    return it != m_schema.constEnd() ? *it : schemaOf(m_config, dataSource);
}

QString qualified(const QString &schema, const QString &table)
{
    return schema.isEmpty() ? quoteIdent(table) : quoteIdent(schema) + QLatin1Char('.') + quoteIdent(table);
}

ExpansionPlan header(const PlanInput &input, StrategyId id, const NewConfig &next)
{
    ExpansionPlan plan;
    plan.createdAt = QDateTime::currentDateTimeUtc();
    plan.strategy = id;
    plan.request = input.request;
    plan.request.strategy = id;
    plan.sourcePath = input.configPath;
    plan.sourceSha256 = QString::fromLatin1(QCryptographicHash::hash(input.configText, QCryptographicHash::Sha256).toHex());
    // Config minus secrets: no password of the old config (copied to the new data sources too)
    // and none given in a url reaches plan.json, new-config.yaml or the terminal.
    plan.newConfigText = QString::fromUtf8(redactForPlan(next.text));
    for (auto it = plan.request.newUrls.begin(); it != plan.request.newUrls.end(); ++it)
        *it = redactUrlForPlan(*it);
    plan.dataSourceChanges = next.changes;
    for (DataSourceChange &c : plan.dataSourceChanges)
        c.url = redactUrlForPlan(c.url);
    // Endpoints of every data source the plan touches (no password), for the exported scripts.
    auto endpoint = [](const DataSourceDef &d) {
        return PlanDataSource{d.name, d.host, d.port, d.database, d.username, false, false};
    };
    for (const DataSourceDef &d : input.config.dataSources) {
        PlanDataSource e = endpoint(d);
        for (const DataSourceChange &c : next.changes)
            e.removed = e.removed || (!c.added && c.name == d.name);
        plan.dataSources << e;
    }
    for (const DataSourceChange &c : next.changes) {
        if (!c.added || input.config.dataSource(c.name))
            continue;
        const DataSourceDef *d = next.config.dataSource(c.name);
        PlanDataSource e = d ? endpoint(*d) : PlanDataSource{c.name, {}, 3306, {}, {}, false, false};
        e.added = true;
        if (c.url.isEmpty()) { // no url given: nowhere to connect to
            e.host.clear();
            e.schema.clear();
        }
        plan.dataSources << e;
    }
    return plan;
}

// The snapshot's statistics by node, hashed once per plan (a scan per node was quadratic).
class StatsIndex final
{
public:
    explicit StatsIndex(const PlanInput &input) : m_input(input)
    {
        if (!input.snapshot)
            return;
        const auto &tables = input.snapshot->tables;
        for (int i = int(tables.size()) - 1; i >= 0; --i) // the first entry of a node wins
            m_index.insert(tables.at(i).node.toString(), i);
    }
    const TableStats *operator()(const DataNode &node) const
    {
        if (m_index.isEmpty())
            return nullptr;
        const auto it = m_index.constFind(node.toString());
        return it == m_index.constEnd() ? nullptr : &m_input.snapshot->tables.at(*it);
    }

private:
    const PlanInput &m_input;
    QHash<QString, int> m_index;
};

// A row sample of one logic table routed with the old and the new config: rows per source node and
// per (source -> target) flow. Only flows between nodes; unroutable keys are left out.
struct SampleFlows
{
    QMap<DataNode, int> perSource;
    QMap<QPair<DataNode, DataNode>, int> perPair;
    int routed = 0;
};

static SampleFlows routeSample(const Router &oldRouter, const Router &newRouter, const TableRule &oldRule,
                               const TableRule *newRule, const QStringList &keys)
{
    SampleFlows f;
    if (!newRule)
        return f;
    for (const QString &k : keys) {
        const QByteArray utf8 = k.toUtf8();
        const int a = oldRouter.routeIndex(oldRule.logicTable, utf8);
        const int b = newRouter.routeIndex(oldRule.logicTable, utf8);
        if (a < 0 || b < 0 || a >= oldRule.dataNodes.size() || b >= newRule->dataNodes.size())
            continue;
        const DataNode &src = oldRule.dataNodes.at(a);
        ++f.perSource[src];
        ++f.perPair[qMakePair(src, newRule->dataNodes.at(b))];
        ++f.routed;
    }
    return f;
}

// Mean rows per data source below this: skew after stays on key shares.
constexpr double kMinRowsForRowSkew = 1000;

// Bounds are this many standard deviations (about 99.7 % for 3): a plan lists dozens of pairs,
// and each should hold.
constexpr double kZ = 3.0;

// InnoDB's TABLE_ROWS "may vary from the actual value by as much as 40% to 50%" (MySQL manual):
// taken as 2 sigma, so one sigma is a quarter of the rows.
constexpr double kTableRowsSigma = 0.25;

// Half-width of the kZ bound of a count estimated as k / rate from a sample that read each row
// with probability `rate` (k ~ Binomial(N, rate)): the score interval of the expected sampled count,
// whose upper side is the wider one, so ± it covers both; small counts (k = 0 too) keep a bound.
static double sampledBound(double k, double rate)
{
    if (rate >= 1.0)
        return 0; // every row was read: the count is exact
    const double a = 1.0 - rate;
    const double upper = k + kZ * kZ * a / 2 + kZ * std::sqrt(k * a + kZ * kZ * a * a / 4);
    return (upper - k) / rate;
}

void fillMoves(const PlanInput &input, const NewConfig &next, const MoveAnalysisOptions &moveOptions, ExpansionPlan *plan)
{
    MoveAnalysisOptions options = moveOptions;
    if (input.sampleKeys > 0)
        options.sampleKeys = input.sampleKeys;
    const ShardingConfig &oldC = input.config;
    const ShardingConfig &newC = next.config;
    plan->setEstimateSource(
        !input.snapshot ? msg("none: offline plan, shares only")
        : input.snapshot->exact
            ? msg("snapshot taken %1 (exact counts)", {input.snapshot->takenAt.toUTC().toString(Qt::ISODate)})
            : msg("snapshot taken %1 (TABLE_ROWS estimates)",
                  {input.snapshot->takenAt.toUTC().toString(Qt::ISODate)}));
    const StatsIndex statsFor(input);
    const ConfigLookup oldLookup(oldC), newLookup(newC);
    MoveAnalysis::Session analysis(oldC, newC, options);
    std::unique_ptr<Router> oldRouter, newRouter; // for key samples, built once when needed
    QHash<QString, QString> bindingOf;              // case-folded logic table -> its group
    for (const BindingGroup &g : oldC.bindingGroups)
        for (const QString &t : g.tables)
            bindingOf.insert(t.toCaseFolded(), g.tables.join(QLatin1Char(','))); // the last group wins
    for (const TableRule &rule : oldC.tables) {
        if (oldLookup.isBroadcast(rule.logicTable))
            continue;
        const TableMoves m = analysis.analyse(rule.logicTable);
        SampleFlows sample;
        bool sampled = false;
        if (const QStringList keys = input.keySamples.value(rule.logicTable); !keys.isEmpty()) {
            if (!oldRouter) {
                oldRouter = std::make_unique<Router>(oldC);
                newRouter = std::make_unique<Router>(newC);
            }
            sample = routeSample(*oldRouter, *newRouter, rule, newLookup.table(rule.logicTable), keys);
            sampled = true;
            plan->addAssumption(msg("%1: per-pair estimates from a seeded random sample of %2 rows (%3 routed): "
                                    "the rows a pair has in the sample over the sampling rate, with a bound from "
                                    "the sample size; hot keys weigh what their rows weigh",
                                    {rule.logicTable, keys.size(), sample.routed}));
        }
        bool unbounded = false; // a key-share estimate without a bound
        TablePlan tp;
        tp.logicTable = rule.logicTable;
        tp.shardingColumn = m.column;
        tp.clientSide = m.clientSide;
        tp.movedKeyShare = m.movedWeight;
        {
            QMap<QString, double> perDs;
            for (auto it = m.newWeight.cbegin(); it != m.newWeight.cend(); ++it)
                perDs[it.key().dataSource] += it.value();
            double max = 0, sum = 0;
            for (double w : std::as_const(perDs)) {
                max = qMax(max, w);
                sum += w;
            }
            tp.skewAfter = perDs.isEmpty() || sum <= 0 ? 0 : max / (sum / perDs.size());
        }
        tp.actualDataNodesBefore = rule.actualDataNodesExpr;
        if (const TableRule *nr = newLookup.table(rule.logicTable))
            tp.actualDataNodesAfter = nr->actualDataNodesExpr;
        tp.bindingGroup = bindingOf.value(rule.logicTable.toCaseFolded());
        for (const PairShape &ps : m.pairs) {
            MovePair mp;
            mp.source = ps.source;
            mp.target = ps.target;
            mp.predicate = ps.predicate;
            mp.share = ps.share;
            if (const TableStats *s = statsFor(ps.source); s && s->rows() >= 0) {
                mp.basis = EstimateBasis::Snapshot;
                mp.sourceRows = s->rows();
                if (s->dataBytes >= 0)
                    mp.sourceBytes = s->dataBytes + qMax<qint64>(0, s->indexBytes);
                const double n = double(mp.sourceRows), p = ps.share;
                const SampledNode design = input.sampledNodes.value(ps.source);
                if (sampled && design.complete && design.rate > 0) {
                    // The source was read to its end, each row with probability `rate`: the pair's
                    // sampled rows over the rate (Horvitz-Thompson), whatever TABLE_ROWS says and
                    // however hot its keys are; the bound comes from the sample size alone.
                    const int k = sample.perPair.value(qMakePair(ps.source, ps.target));
                    const int ns = sample.perSource.value(ps.source);
                    mp.basis = EstimateBasis::KeySample;
                    mp.estimatedRows = qint64(std::llround(k / design.rate));
                    if (mp.sourceBytes >= 0)
                        mp.estimatedBytes = ns > 0 ? qint64(std::llround(double(mp.sourceBytes) * k / ns)) : 0;
                    mp.errorRows = qint64(std::ceil(sampledBound(k, design.rate)));
                } else {
                    mp.estimatedRows = qint64(std::llround(n * p));
                    if (mp.sourceBytes >= 0)
                        mp.estimatedBytes = qint64(std::llround(double(mp.sourceBytes) * p));
                    // Keys hash independently: binomial over keys, each carrying m rows (rows-weighted).
                    // Known only for a unique key or when measured: else no bound, a hot key can hold
                    // most of a node's rows.
                    const auto perKey = input.rowsPerKey.constFind(rule.logicTable);
                    if (perKey == input.rowsPerKey.cend()) {
                        mp.errorRows = -1;
                        unbounded = unbounded || n > 0;
                    } else {
                        double var = n * qMax(1.0, *perKey) * p * (1 - p);
                        const double rowsSigma = s->exactRows ? 0.0 : kTableRowsSigma * n;
                        var += rowsSigma * rowsSigma * p * p;
                        if (!m.exact) {
                            const double keys = qMax(1.0, m.sampleSize * m.oldWeight.value(ps.source));
                            var += n * n * p * (1 - p) / keys; // plus the error of the sampled share
                        }
                        mp.errorRows = qint64(std::ceil(kZ * std::sqrt(var)));
                    }
                }
            }
            tp.pairs << mp;
        }
        // With rows for every source node, skew after = max/mean of the rows each data source of the
        // new config holds (rows staying + estimated rows arriving), not of key shares: hot keys and
        // uneven tables show.
        if (input.snapshot && !tp.pairs.isEmpty()) {
            QMap<QString, double> rowsAfter;
            for (auto it = m.newWeight.cbegin(); it != m.newWeight.cend(); ++it)
                rowsAfter[it.key().dataSource] += 0;
            bool known = !rowsAfter.isEmpty();
            QStringList missing; // sources without a row count: the skew falls back to key shares
            for (const DataNode &n : rule.dataNodes) {
                const TableStats *s = statsFor(n);
                if (!s || s->rows() < 0) {
                    known = false;
                    if (!missing.contains(n.dataSource))
                        missing << n.dataSource;
                    continue;
                }
                rowsAfter[n.dataSource] += double(s->rows());
            }
            for (const MovePair &mp : std::as_const(tp.pairs)) {
                if (mp.estimatedRows < 0) {
                    known = false;
                    if (!missing.contains(mp.source.dataSource))
                        missing << mp.source.dataSource;
                    continue;
                }
                rowsAfter[mp.source.dataSource] -= double(mp.estimatedRows);
                rowsAfter[mp.target.dataSource] += double(mp.estimatedRows);
            }
            std::sort(missing.begin(), missing.end());
            tp.skewRowsMissing = missing;
            double max = 0, sum = 0;
            int count = 0;
            for (auto it = rowsAfter.cbegin(); known && it != rowsAfter.cend(); ++it) {
                if (!m.newWeight.isEmpty() && !newLookup.dataSource(it.key()))
                    continue; // a removed data source
                max = qMax(max, it.value());
                sum += qMax(0.0, it.value());
                ++count;
            }
            // Tiny tables stay on key shares: with a handful of rows per data source the ratio is noise.
            if (known && count > 0 && sum / count >= kMinRowsForRowSkew) {
                tp.skewAfter = max / (sum / count);
                tp.skewFromRows = true;
            }
        }
        if (m.unroutableAfter > 0)
            plan->warnings << Diagnostic::make(
                Severity::Error, QStringLiteral("plan.unroutable"),
                msg("%1: the new config routes %2% of keys nowhere",
                    {rule.logicTable, QString::number(100.0 * m.unroutableAfter, 'f', 2)}),
                {}, msg("check actualDataNodes against sharding-count"));
        if (unbounded)
            plan->addAssumption(msg("%1: the key-share estimates have no bound: rows sharing a sharding key move "
                                    "together, and nothing here tells how many rows the busiest keys hold; draw a "
                                    "row sample or count exactly",
                                    {rule.logicTable}));
        if (!m.note.isEmpty())
            plan->addAssumption(m.exact ? msg("%1: %2", {rule.logicTable, m.note})
                                        : msg("%1: %2 (shares from %3 sampled keys)",
                                              {rule.logicTable, m.note, m.sampleSize}));
        plan->tables << tp;
    }
    // Broadcast tables: copied whole to every added data source.
    QStringList added;
    for (const DataSourceChange &c : next.changes)
        if (c.added)
            added << c.name;
    const QStringList oldDs = shardedDataSources(oldC);
    for (const BroadcastTable &b : oldC.broadcastTables) {
        TablePlan tp;
        tp.logicTable = b.name;
        tp.broadcast = true;
        for (const QString &ds : std::as_const(added)) {
            MovePair mp;
            mp.source = DataNode{oldDs.value(0), b.name};
            mp.target = DataNode{ds, b.name};
            mp.predicate.kind = MovePredicate::Kind::All;
            mp.share = 1;
            if (const TableStats *s = statsFor(mp.source); s && s->rows() >= 0) {
                mp.basis = EstimateBasis::Snapshot;
                mp.sourceRows = mp.estimatedRows = s->rows();
                mp.errorRows = 0;
                if (s->dataBytes >= 0)
                    mp.sourceBytes = mp.estimatedBytes = s->dataBytes + qMax<qint64>(0, s->indexBytes);
            }
            tp.pairs << mp;
        }
        plan->tables << tp;
    }
    // Schemas and tables to create on the added data sources (those with a url); the definition
    // from an existing node: its SHOW CREATE TABLE when the plan is live.
    QHash<const TableRule *, QHash<QString, int>> firstNodes;
    const auto firstNodeOfTable = [&](const TableRule *oldRule) -> const QHash<QString, int> & {
        auto it = firstNodes.find(oldRule);
        if (it == firstNodes.end()) {
            QHash<QString, int> first;
            if (oldRule)
                for (int i = int(oldRule->dataNodes.size()) - 1; i >= 0; --i)
                    first.insert(oldRule->dataNodes.at(i).table, i);
            it = firstNodes.insert(oldRule, first);
        }
        return *it;
    };
    for (const QString &ds : std::as_const(added)) {
        const QString url = [&] {
            for (const auto &c : next.changes)
                if (c.name == ds)
                    return c.url;
            return QString();
        }();
        if (url.isEmpty())
            continue; // plan.url-missing says so
        const QString schema = schemaOf(newC, ds, url);
        auto spec = [&](const QString &table, const DataNode &from) {
            return CreateSpec{ds, redactUrlForPlan(url), schema, table, from,
                              retargetDdl(input.tableDdl.value(from), schema, table)};
        };
        for (const TableRule &rule : newC.tables) {
            const TableRule *oldRule = oldLookup.table(rule.logicTable);
            const QHash<QString, int> &firstOf = firstNodeOfTable(oldRule);
            for (const DataNode &n : rule.dataNodes) {
                if (n.dataSource != ds)
                    continue;
                DataNode from = oldRule && !oldRule->dataNodes.isEmpty() ? oldRule->dataNodes.first() : DataNode{};
                if (const auto it = firstOf.constFind(n.table); it != firstOf.constEnd())
                    from = oldRule->dataNodes.at(*it);
                plan->creates << spec(n.table, from);
            }
        }
        for (const BroadcastTable &b : oldC.broadcastTables)
            plan->creates << spec(b.name, DataNode{oldDs.value(0), b.name});
    }
    PlanChecks::run(input, next, plan);
}

} // namespace sp::planning::builder

namespace sp::planning {

DataSourceNames dataSourceNames(const ShardingConfig &config, int count)
{
    DataSourceNames n;
    n.current = builder::shardedDataSources(config);
    const QString prefix = builder::indexedPrefix(n.current);
    for (int i = int(n.current.size()); !prefix.isEmpty() && i < count; ++i)
        n.added << prefix + QString::number(i);
    return n;
}

} // namespace sp::planning
