// The state a dual-master run keeps besides its steps (DualState.h): its pairs, their replication as
// read now or as the journal last saw it, and the last row comparison.
#include "core/migration/dual/DualState.h"

#include "core/config/ConfigLoader.h"
#include "core/migration/Journal.h"
#include "core/migration/run/RunKeys.h"
#include "core/migration/run/RunKind.h"
#include "core/planning/ExpansionPlan.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace sp::migration {

bool buildPairs(const planning::ExpansionPlan &plan, const ShardingConfig &newConfig,
                const Endpoints &endpoints, QList<DualPair> *out, QString *error)
{
    out->clear();
    QMap<QString, QString> newOf;
    for (const planning::TablePlan &t : plan.tables) {
        if (t.broadcast)
            continue;
        for (const planning::MovePair &p : t.pairs) {
            const QString a = p.source.dataSource, b = p.target.dataSource;
            if (newOf.contains(a) && newOf.value(a) != b) {
                *error = QStringLiteral("%1 moves rows to both %2 and %3: not a dual-master doubling")
                             .arg(a, newOf.value(a), b);
                return false;
            }
            newOf.insert(a, b);
        }
    }
    if (newOf.isEmpty()) {
        *error = QStringLiteral("the plan moves nothing");
        return false;
    }
    QStringList instances;
    for (auto it = newOf.cbegin(); it != newOf.cend(); ++it) {
        DualPair p;
        p.oldDs = it.key();
        p.newDs = it.value();
        const Endpoint *a = endpoints.of(p.oldDs);
        const Endpoint *b = endpoints.of(p.newDs);
        const DataSourceDef *ad = newConfig.dataSource(p.oldDs);
        const DataSourceDef *bd = newConfig.dataSource(p.newDs);
        if (!a || !b || !ad || !bd) {
            *error = QStringLiteral("%1 or %2 is not a data source of the new config").arg(p.oldDs, p.newDs);
            return false;
        }
        p.a = *a;
        p.b = *b;
        p.aHost = ad->host;
        p.aPort = ad->port;
        p.bHost = bd->host;
        p.bPort = bd->port;
        for (const QString &inst : {p.a.instance, p.b.instance}) {
            if (instances.contains(inst)) {
                *error = QStringLiteral(
                             "%1 serves more than one data source of the doubling; dual-master needs one "
                             "instance per old and per new data source")
                             .arg(inst);
                return false;
            }
            instances.append(inst);
        }
        out->append(p);
    }
    return true;
}

PairReplication probePair(const DualPair &p)
{
    PairReplication r;
    r.oldDs = p.oldDs;
    r.newDs = p.newDs;
    r.oldInstance = p.a.instance;
    r.newInstance = p.b.instance;
    r.at = QDateTime::currentDateTimeUtc();
    Connection a, b;
    if (!a.open(p.a.admin)) {
        r.error = a.lastError();
        return r;
    }
    if (!b.open(p.b.admin)) {
        r.error = b.lastError();
        return r;
    }
    // The replica first: a source position read after it can only be newer.
    QString why;
    const auto fwd = readReplicaStatus(b, &why);
    const auto slavePos = b.queryValue(QStringLiteral("SELECT @@gtid_slave_pos"));
    const auto binlogPos = a.queryValue(QStringLiteral("SELECT @@gtid_binlog_pos"));
    const auto rev = readReplicaStatus(a, &why);
    const auto newServerId = b.queryValue(QStringLiteral("SELECT @@server_id"));
    if (!fwd || !rev || !slavePos || !binlogPos || !newServerId) {
        r.error = why.isEmpty() ? a.lastError() + b.lastError() : why;
        return r;
    }
    r.forward = *fwd;
    r.reverse = *rev;
    r.reverseConfigured = rev->configured;
    r.replicaPos = slavePos->toString();
    r.sourcePos = binlogPos->toString();
    const auto have = parseGtidList(r.replicaPos, &why);
    auto want = parseGtidList(r.sourcePos, &why);
    // In the dual-master window (D4) the old instance may log the new one's own transactions it
    // replicated back: the new instance skips those, they are not a lag.
    if (want)
        want->removeIf([&](const Gtid &g) { return g.server == newServerId->toUInt(); });
    r.caughtUp = have && want && gtidCovers(*have, *want);
    return r;
}

QList<PairReplication> storedReplication(const QMap<QString, QString> &values)
{
    QList<PairReplication> out;
    const QJsonArray arr = QJsonDocument::fromJson(values.value(keys::replication.name).toUtf8()).array();
    for (const QJsonValue &v : arr)
        out.append(PairReplication::fromJson(v.toObject()));
    return out;
}

QJsonObject DualComparison::toJson() const
{
    return QJsonObject{{QStringLiteral("at"), at.toString(Qt::ISODateWithMs)},
                       {QStringLiteral("by"), by},
                       {QStringLiteral("clean"), clean},
                       {QStringLiteral("rows"), rows},
                       {QStringLiteral("repaired"), repaired},
                       {QStringLiteral("differences"), differences},
                       {QStringLiteral("token"), token}};
}

DualComparison DualComparison::fromJson(const QJsonObject &o)
{
    DualComparison c;
    c.at = QDateTime::fromString(o.value(QStringLiteral("at")).toString(), Qt::ISODateWithMs);
    c.by = o.value(QStringLiteral("by")).toString();
    c.clean = o.value(QStringLiteral("clean")).toBool();
    c.rows = o.value(QStringLiteral("rows")).toInteger();
    c.repaired = o.value(QStringLiteral("repaired")).toInteger();
    c.differences = o.value(QStringLiteral("differences")).toInteger();
    c.token = o.value(QStringLiteral("token")).toString();
    return c;
}

std::optional<DualComparison> storedComparison(const QMap<QString, QString> &values)
{
    const QJsonDocument d = QJsonDocument::fromJson(values.value(keys::dualCompare.name).toUtf8());
    if (!d.isObject())
        return std::nullopt;
    return DualComparison::fromJson(d.object());
}

QStringList interruptedComparisons(const QMap<QString, QString> &values)
{
    QStringList out;
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        if (it.key().startsWith(keys::dualCompareStoppedPrefix) && it.value() == QLatin1String("1"))
            out.append(it.key().mid(keys::dualCompareStoppedPrefix.size()));
    return out;
}

bool probeReplication(const QString &runDir, QList<PairReplication> *out, QString *error)
{
    RunSpec spec;
    planning::ExpansionPlan plan;
    if (!RunDir(runDir).load(&spec, &plan, error))
        return false;
    if (RunKind::idOf(plan) != RunKindId::DualMaster) {
        *error = QStringLiteral("not a dual-master run");
        return false;
    }
    const LoadResult lr =
        ConfigLoader::loadText(plan.newConfigText.toUtf8(), QStringLiteral("new-config.yaml"));
    if (!lr.ok()) {
        *error = QStringLiteral("the plan's new config does not load");
        return false;
    }
    Endpoints endpoints;
    QList<DualPair> pairs;
    if (!endpoints.resolve(lr.config, spec, error) || !buildPairs(plan, lr.config, endpoints, &pairs, error))
        return false;
    out->clear();
    for (const DualPair &p : std::as_const(pairs))
        out->append(probePair(p));
    return true;
}

} // namespace sp::migration
