#include "core/planning/RouteModel.h"

#include "core/routing/Algorithm.h"

namespace sp::planning {

int LevelFn::eval(quint64 x) const
{
    switch (kind) {
    case Kind::Single:
        return targets.isEmpty() ? -1 : 0;
    case Kind::Mod: {
        const quint64 r = (x / (divisor ? divisor : 1)) % (count ? count : 1);
        return r < residueToTarget.size() ? residueToTarget[size_t(r)] : -1;
    }
    case Kind::Ring:
        return ring ? ring->nodeIndexForHash(quint32(x)) : -1;
    case Kind::Opaque:
    case Kind::Broken:
        return -1;
    }
    return -1;
}

bool LevelFn::sqlCapable() const
{
    return kind == Kind::Single || kind == Kind::Ring || (kind == Kind::Mod && input != Input::JavaHash);
}

bool LevelFn::sameFunction(const LevelFn &o) const
{
    if (kind != o.kind || targets != o.targets)
        return false;
    switch (kind) {
    case Kind::Single:
        return true;
    case Kind::Mod:
        return input == o.input && column == o.column && divisor == o.divisor && count == o.count
            && residueToTarget == o.residueToTarget;
    case Kind::Ring:
        return column == o.column && virtualNodes == o.virtualNodes;
    case Kind::Opaque:
        return column == o.column && algorithmName == o.algorithmName && algorithmType == o.algorithmType;
    case Kind::Broken:
        return false;
    }
    return false;
}

HashTerm LevelFn::residueTerm(int targetIndex) const
{
    HashTerm t;
    t.kind = HashTerm::Kind::Residue;
    t.column = column;
    t.input = input == Input::Value ? HashInput::Value : HashInput::Crc32;
    t.divisor = divisor;
    t.modulus = count;
    for (size_t r = 0; r < residueToTarget.size(); ++r)
        if (residueToTarget[r] == targetIndex) {
            t.lo = t.hi = quint32(r);
            break;
        }
    return t;
}

QString LevelFn::describe() const
{
    switch (kind) {
    case Kind::Single:
        return targets.isEmpty() ? QStringLiteral("(none)") : targets.first();
    case Kind::Mod: {
        const QString f = input == Input::Crc32 ? QStringLiteral("CRC32(") + column + QLatin1Char(')')
                        : input == Input::Value ? column
                                                : QStringLiteral("abs(hashCode(") + column + QStringLiteral("))");
        return algorithmType + QStringLiteral(": ") + (divisor > 1 ? QStringLiteral("(") + f + QStringLiteral(" DIV ")
                                                           + QString::number(divisor) + QLatin1Char(')')
                                                     : f)
             + QStringLiteral(" % ") + QString::number(count);
    }
    case Kind::Ring:
        return QStringLiteral("CONSISTENT_HASH: ring of %1 nodes x %2 virtual nodes on CRC32(%3)")
            .arg(targets.size())
            .arg(virtualNodes)
            .arg(column);
    case Kind::Opaque:
        return algorithmType + QStringLiteral(" (evaluated by the router only)");
    case Kind::Broken:
        return QStringLiteral("error: ") + error;
    }
    return QString();
}

static int intProp(const AlgorithmDef &def, const char *key, int fallback, bool *ok)
{
    const auto it = def.props.constFind(QLatin1String(key));
    if (it == def.props.constEnd())
        return fallback;
    bool good = false;
    const int v = it.value().trimmed().toInt(&good);
    if (!good || v <= 0)
        *ok = false;
    return good && v > 0 ? v : fallback;
}

static LevelFn buildLevel(const ShardingConfig &config, const StrategyDef &strategy, const QStringList &targets,
                          const TargetNaming &naming)
{
    LevelFn f;
    f.targets = targets;
    if (targets.size() <= 1 || strategy.kind == StrategyKind::None || strategy.kind == StrategyKind::Unset) {
        f.kind = targets.size() <= 1 ? LevelFn::Kind::Single : LevelFn::Kind::Opaque;
        if (f.kind == LevelFn::Kind::Opaque)
            f.error = QStringLiteral("no sharding strategy over %1 targets").arg(targets.size());
        return f;
    }
    f.column = strategy.columns.value(0);
    f.algorithmName = strategy.algorithmName;
    const AlgorithmDef *def = config.algorithm(strategy.algorithmName);
    if (strategy.kind != StrategyKind::Standard || !def) {
        f.kind = def ? LevelFn::Kind::Opaque : LevelFn::Kind::Broken;
        f.error = def ? QStringLiteral("complex/hint strategy") : QStringLiteral("unknown algorithm '%1'").arg(strategy.algorithmName);
        f.algorithmType = def ? def->type : QString();
        return f;
    }
    f.algorithmType = def->type;
    bool ok = true;
    if (def->type == QLatin1String("CRC32_MOD") || def->type == QLatin1String("MOD")
        || def->type == QLatin1String("HASH_MOD")) {
        f.kind = LevelFn::Kind::Mod;
        f.input = def->type == QLatin1String("CRC32_MOD") ? LevelFn::Input::Crc32
                : def->type == QLatin1String("MOD")       ? LevelFn::Input::Value
                                                          : LevelFn::Input::JavaHash;
        f.count = quint32(intProp(*def, "sharding-count", 0, &ok));
        f.divisor = def->type == QLatin1String("CRC32_MOD") ? quint32(intProp(*def, "divisor", 1, &ok)) : 1u;
        if (!ok || f.count == 0) {
            f.kind = LevelFn::Kind::Broken;
            f.error = QStringLiteral("algorithm '%1': bad sharding-count or divisor").arg(def->name);
            return f;
        }
        f.residueToTarget.assign(f.count, -1);
        for (quint32 r = 0; r < f.count; ++r)
            f.residueToTarget[r] = int(targets.indexOf(naming.targetFor(QString::number(r))));
    } else if (def->type == QLatin1String("CONSISTENT_HASH")) {
        f.kind = LevelFn::Kind::Ring;
        f.virtualNodes = intProp(*def, "virtual-nodes", 160, &ok);
        f.ring = std::make_shared<HashRing>(targets, f.virtualNodes);
    } else {
        f.kind = LevelFn::Kind::Opaque;
        f.error = def->type + QStringLiteral(" has no closed form");
    }
    return f;
}

TableRoute TableRoute::build(const ShardingConfig &config, const TableRule &rule)
{
    TableRoute t;
    t.logicTable = rule.logicTable;
    t.broadcast = config.isBroadcast(rule.logicTable);
    QStringList allDs, allTables;
    for (const DataNode &n : rule.dataNodes) {
        allDs << n.dataSource;
        allTables << n.table;
        qsizetype i = t.dataSources.indexOf(n.dataSource);
        if (i < 0) {
            i = t.dataSources.size();
            t.dataSources << n.dataSource;
            t.tablesPerSource << QStringList();
        }
        if (!t.tablesPerSource[i].contains(n.table))
            t.tablesPerSource[i] << n.table;
    }
    const TargetNaming dsNaming = TargetNaming::fromTargets(allDs);
    const TargetNaming tableNaming = TargetNaming::fromTargets(allTables, rule.logicTable);
    t.db = buildLevel(config, config.effectiveDatabaseStrategy(rule), t.dataSources, dsNaming);
    const StrategyDef ts = config.effectiveTableStrategy(rule);
    for (const QStringList &tables : std::as_const(t.tablesPerSource))
        t.table << buildLevel(config, ts, tables, tableNaming);
    return t;
}

QStringList TableRoute::columns() const
{
    QStringList c;
    auto add = [&](const LevelFn &f) {
        if (f.kind != LevelFn::Kind::Single && !f.column.isEmpty() && !c.contains(f.column))
            c << f.column;
    };
    add(db);
    for (const auto &f : table)
        add(f);
    return c;
}

bool TableRoute::allSqlCapable() const
{
    if (!db.sqlCapable())
        return false;
    for (const auto &f : table)
        if (!f.sqlCapable())
            return false;
    return true;
}

bool TableRoute::anyOpaque() const
{
    auto bad = [](const LevelFn &f) { return f.kind == LevelFn::Kind::Opaque || f.kind == LevelFn::Kind::Broken; };
    if (bad(db))
        return true;
    for (const auto &f : table)
        if (bad(f))
            return true;
    return false;
}

} // namespace sp::planning
