#include "core/planning/ExpansionStrategy.h"

#include "core/planning/DualMasterStrategy.h"
#include "core/planning/ModDoubleStrategy.h"
#include "core/planning/PlanBuilder.h"
#include "core/planning/RemapStrategy.h"
#include "core/planning/RingStrategy.h"

#include "core/config/JdbcUrl.h"
#include "core/config/Printable.h"
#include "core/routing/Algorithm.h"

namespace sp::planning {

std::unique_ptr<ExpansionStrategy> ExpansionStrategy::create(StrategyId id)
{
    switch (id) {
    case StrategyId::ModDouble: return std::make_unique<ModDoubleStrategy>();
    case StrategyId::Remap: return std::make_unique<RemapStrategy>();
    case StrategyId::DualMaster: return std::make_unique<DualMasterStrategy>();
    case StrategyId::Ring: return std::make_unique<RingStrategy>();
    }
    return nullptr;
}

namespace {

QString schemaKey(const JdbcUrl &u)
{
    return builder::instanceKey(u.host, u.port) + QLatin1Char('/') + u.database.toLower();
}

// A name of the request that reaches generated text (new data source names, their urls).
Text unsafeRequestName(const PlanRequest &rq)
{
    QStringList names = rq.addNodes + rq.removeNodes;
    for (auto it = rq.newUrls.cbegin(); it != rq.newUrls.cend(); ++it) {
        const qsizetype at = firstUnsafeChar(it.value());
        if (at >= 0)
            return msg("the url given for %1 contains the control or bidi character %2; fix it before planning",
                       {printableName(it.key()), codePointName(it.value().at(at))});
        names << it.key();
    }
    for (const QString &n : std::as_const(names)) {
        const qsizetype at = firstUnsafeChar(n);
        if (at >= 0)
            return msg("the data source name '%1' contains the control or bidi character %2; fix it before planning",
                       {printableName(n), codePointName(n.at(at))});
    }
    return {};
}

} // namespace

Text newUrlProblem(const ShardingConfig &config, const QMap<QString, QString> &newUrls)
{
    QMap<QString, QString> taken; // schema key -> data source
    for (const DataSourceDef &d : config.dataSources) {
        const JdbcUrl u = JdbcUrl::parse(d.url);
        if (u.ok)
            taken.insert(schemaKey(u), d.name);
    }
    QMap<QString, QString> fresh;
    for (auto it = newUrls.cbegin(); it != newUrls.cend(); ++it) {
        if (config.dataSource(it.key()))
            continue;
        const JdbcUrl u = JdbcUrl::parse(it.value());
        if (!u.ok)
            return msg("the url of %1 %2", {printableName(it.key()), u.errorText});
        if (u.database.isEmpty())
            return msg("the url of %1 names no schema (jdbc:mysql://host:port/schema); a new data source needs "
                       "a schema of its own",
                       {printableName(it.key())});
        const QString key = schemaKey(u);
        if (taken.contains(key))
            return msg("the url of %1 points at schema %2 on %3:%4, which data source %5 already uses; a new data "
                       "source needs a schema of its own",
                       {printableName(it.key()), printableName(u.database), printableName(u.host), u.port,
                        printableName(taken.value(key))});
        if (fresh.contains(key))
            return msg("the urls of %1 and %2 point at the same schema %3 on %4:%5",
                       {printableName(fresh.value(key)), printableName(it.key()), printableName(u.database),
                        printableName(u.host), u.port});
        fresh.insert(key, it.key());
    }
    return {};
}

PlanOutcome makePlan(const PlanInput &input)
{
    auto s = ExpansionStrategy::create(input.request.strategy);
    if (!s) {
        PlanOutcome out;
        out.fail(msg("unknown strategy"));
        return out;
    }
    // A name with a line break, an escape sequence or a bidi override ends up in create.sql, copy.sh,
    // the runbook and the terminal: a schema name with a newline put a DROP TABLE on a line of its own.
    if (const QList<UnsafeName> bad = unsafeNames(input.config); !bad.isEmpty()) {
        SourceLocation where = bad.first().location;
        if (where.file.isEmpty())
            where.file = input.configPath;
        PlanOutcome out;
        out.fail(msg("%1: %2 contains the control or bidi character %3; rename it before planning "
                     "(shardctl lint lists every such name)",
                     {printableName(where.toString()), bad.first().what, bad.first().codePoint}));
        return out;
    }
    if (const Text bad = unsafeRequestName(input.request); !bad.isEmpty()) {
        PlanOutcome out;
        out.fail(bad);
        return out;
    }
    if (const Text bad = newUrlProblem(input.config, input.request.newUrls); !bad.isEmpty()) {
        PlanOutcome out;
        out.fail(bad);
        return out;
    }
    // A misconfigured algorithm (sharding-count 0, -4, abc, 1e9 on MOD) routes nothing the way the
    // file says: planning on it planned zero moves and rewrote the count. Refuse, naming the
    // property's line and column.
    for (const AlgorithmDef &def : input.config.algorithms) {
        const QString error = createAlgorithm(def)->configurationError();
        if (error.isEmpty())
            continue;
        SourceLocation where = def.location;
        for (auto it = def.propLocations.cbegin(); it != def.propLocations.cend(); ++it)
            if (error.contains(it.key()) && it.value().isValid())
                where = it.value();
        if (where.file.isEmpty())
            where.file = input.configPath;
        PlanOutcome out;
        out.fail(msg("%1: algorithm '%2' (%3) is misconfigured: %4; fix it before planning",
                     {where.toString(), def.name, def.type, error}));
        return out;
    }
    return s->plan(input);
}

} // namespace sp::planning
