#include "core/analysis/LintContext.h"

#include <QSet>

namespace sp::lint {

LintContext::LintContext(const ShardingConfig &config, const LintOptions &options)
    : m_config(config), m_options(options), m_lookup(config)
{}

void LintContext::add(Severity severity, const QString &code, const Text &message,
                      const SourceLocation &location, const Text &hint)
{
    Diagnostic d = Diagnostic::make(severity, code, message, location, hint);
    if (d.location.file.isEmpty())
        d.location.file = m_config.filePath;
    m_diagnostics.append(std::move(d));
}

SourceLocation LintContext::fileLocation() const
{
    SourceLocation loc;
    loc.file = m_config.filePath;
    return loc;
}

SourceLocation LintContext::tableLocation(const TableRule &table) const
{
    return table.location.isValid() ? table.location : fileLocation();
}

SourceLocation LintContext::strategyLocation(const StrategyDef &strategy, const TableRule &table) const
{
    return strategy.location.isValid() ? strategy.location : tableLocation(table);
}

QStringList dataSourcesOf(const TableRule &table)
{
    QStringList out;
    QSet<QString> seen;
    for (const DataNode &n : table.dataNodes) {
        if (!seen.contains(n.dataSource)) {
            seen.insert(n.dataSource);
            out << n.dataSource;
        }
    }
    return out;
}

QMap<QString, QStringList> tablesPerDataSource(const TableRule &table)
{
    QMap<QString, QStringList> out;
    QHash<QString, QSet<QString>> seen; // hashed: a data source may hold 80k actual tables
    for (const DataNode &n : table.dataNodes) {
        QSet<QString> &s = seen[n.dataSource];
        if (s.contains(n.table))
            continue;
        s.insert(n.table);
        out[n.dataSource] << n.table;
    }
    return out;
}

QStringList actualTablesOf(const TableRule &table)
{
    QStringList out;
    QSet<QString> seen;
    for (const DataNode &n : table.dataNodes) {
        if (!seen.contains(n.table)) {
            seen.insert(n.table);
            out << n.table;
        }
    }
    return out;
}

Text joinLimited(const QStringList &items, int limit)
{
    if (items.size() <= limit)
        return items.join(QStringLiteral(", "));
    return msg("%1, … (+%2 more)", {items.mid(0, limit).join(QStringLiteral(", ")), items.size() - limit});
}

bool sameAlgorithm(const AlgorithmDef &a, const AlgorithmDef &b)
{
    return algorithmType(a) == algorithmType(b) && a.props == b.props;
}

QString algorithmType(const AlgorithmDef &def)
{
    return def.type.trimmed().toUpper();
}

QString describeAlgorithm(const AlgorithmDef &def)
{
    QStringList parts{def.type};
    for (auto it = def.props.constBegin(); it != def.props.constEnd(); ++it)
        parts << it.key() + QLatin1Char(' ') + it.value();
    return parts.join(QStringLiteral(", "));
}

bool isStrategyUsable(const StrategyDef &s)
{
    return s.kind == StrategyKind::Standard || s.kind == StrategyKind::Complex ||
           s.kind == StrategyKind::Hint;
}

QList<StrategyUse> writtenStrategies(const ShardingConfig &config)
{
    QList<StrategyUse> out;
    if (config.defaultDatabaseStrategy.isSet())
        out.append({&config.defaultDatabaseStrategy, nullptr, msg("default database")});
    if (config.defaultTableStrategy.isSet())
        out.append({&config.defaultTableStrategy, nullptr, msg("default table")});
    for (const TableRule &t : config.tables) {
        if (t.databaseStrategy.isSet())
            out.append({&t.databaseStrategy, &t, msg("database")});
        if (t.tableStrategy.isSet())
            out.append({&t.tableStrategy, &t, msg("table")});
        if (t.shardingStrategy.isSet())
            out.append({&t.shardingStrategy, &t, msg("sharding")});
    }
    return out;
}

Text strategyOwner(const StrategyUse &use)
{
    return use.table ? msg("the %1 strategy of %2", {use.level, use.table->logicTable})
                     : msg("the %1 strategy", {use.level});
}

} // namespace sp::lint
