#include "core/config/ShardingRuleReader.h"

#include <QRegularExpression>

namespace sp::detail {

namespace {
const QStringList kRuleKeys = {
    QStringLiteral("tables"),
    QStringLiteral("autoTables"),
    QStringLiteral("bindingTables"),
    QStringLiteral("broadcastTables"),
    QStringLiteral("defaultDatabaseStrategy"),
    QStringLiteral("defaultTableStrategy"),
    QStringLiteral("defaultShardingColumn"),
    QStringLiteral("defaultKeyGenerateStrategy"),
    QStringLiteral("defaultAuditStrategy"),
    QStringLiteral("shardingAlgorithms"),
    QStringLiteral("keyGenerators"),
    QStringLiteral("auditors"),
    QStringLiteral("shardingCache"),
};
const QStringList kTableKeys = {QStringLiteral("actualDataNodes"), QStringLiteral("databaseStrategy"),
                                QStringLiteral("tableStrategy"), QStringLiteral("keyGenerateStrategy"),
                                QStringLiteral("auditStrategy")};
const QStringList kAutoTableKeys = {QStringLiteral("actualDataSources"), QStringLiteral("shardingStrategy"),
                                    QStringLiteral("keyGenerateStrategy"), QStringLiteral("auditStrategy")};
const QStringList kStrategyKinds = {QStringLiteral("standard"), QStringLiteral("complex"), QStringLiteral("hint"),
                                    QStringLiteral("none")};

bool isIndexedKey(const QString &key, const QString &base)
{
    static const QRegularExpression re(QStringLiteral("^([A-Za-z]+)\\[\\d+\\]$"));
    const auto m = re.match(key);
    return m.hasMatch() && m.captured(1) == base;
}
} // namespace

void ShardingRuleReader::readShardingRule(const YAML::Node &rule)
{
    const YamlEntries entries = m_ctx.entries(rule, msg("the sharding rule"));
    YamlEntries checked;
    for (const YamlEntry &e : entries) {
        // Spring Boot's indexed list form: binding-tables[0]: t_a,t_b
        if (isIndexedKey(e.key, QStringLiteral("bindingTables"))) {
            if (const auto s = m_ctx.scalar(e.value, e.rawKey))
                addBindingGroup(*s, m_ctx.scalarLocation(e.value));
            continue;
        }
        if (isIndexedKey(e.key, QStringLiteral("broadcastTables"))) {
            readBroadcastList(e.value);
            continue;
        }
        checked << e;
    }
    m_ctx.checkKeys(checked, kRuleKeys, msg("the sharding rule"));

    for (const YamlEntry &e : checked) {
        if (m_ctx.exhausted())
            return;
        if (e.key == QLatin1String("tables"))
            readTables(e.value, false);
        else if (e.key == QLatin1String("autoTables"))
            readTables(e.value, true);
        else if (e.key == QLatin1String("bindingTables"))
            readBindingTables(e);
        else if (e.key == QLatin1String("broadcastTables"))
            readBroadcastList(e.value);
        else if (e.key == QLatin1String("defaultDatabaseStrategy"))
            m_config.defaultDatabaseStrategy = readStrategy(e, msg("the default database strategy"));
        else if (e.key == QLatin1String("defaultTableStrategy"))
            m_config.defaultTableStrategy = readStrategy(e, msg("the default table strategy"));
        else if (e.key == QLatin1String("defaultShardingColumn")) {
            if (const auto s = m_ctx.scalar(e.value, e.rawKey))
                m_config.defaultShardingColumn = s->trimmed();
        } else if (e.key == QLatin1String("defaultKeyGenerateStrategy"))
            readKeyGenerate(e, msg("the default key generate strategy")); // checked, not modelled
        else if (e.key == QLatin1String("shardingAlgorithms"))
            readAlgorithms(e.value, false);
        else if (e.key == QLatin1String("keyGenerators"))
            readAlgorithms(e.value, true);
        // auditors, defaultAuditStrategy, shardingCache: accepted, not used by ShardPilot
    }
}

void ShardingRuleReader::readBroadcastRule(const YAML::Node &rule)
{
    const YamlEntries entries = m_ctx.entries(rule, msg("the broadcast rule"));
    m_ctx.checkKeys(entries, {QStringLiteral("tables")}, msg("the broadcast rule"));
    if (const YamlEntry *t = YamlContext::find(entries, QStringLiteral("tables")))
        readBroadcastList(t->value);
}

void ShardingRuleReader::readTables(const YAML::Node &tables, bool autoTables)
{
    const YamlEntries entries =
        m_ctx.entries(tables, autoTables ? m_ctx.keyName(QStringLiteral("autoTables")) : QStringLiteral("tables"));
    for (const YamlEntry &e : entries) {
        if (m_ctx.exhausted())
            return;
        readTable(e, autoTables);
    }
}

void ShardingRuleReader::readTable(const YamlEntry &entry, bool autoTable)
{
    TableRule t;
    t.logicTable = entry.rawKey.trimmed();
    t.autoTable = autoTable;
    t.location = m_ctx.location(entry.keyNode);
    const Text owner = msg("table '%1'", {t.logicTable});
    if (t.logicTable.isEmpty()) {
        m_ctx.error(QStringLiteral("missing-field"), msg("a table has an empty name"), t.location);
        return;
    }
    if (m_tableKeys.contains(t.logicTable.toLower())) {
        m_ctx.error(QStringLiteral("duplicate-table"), msg("table '%1' is configured twice", {t.logicTable}),
                    t.location, msg("Keep one rule per logic table."));
        return;
    }
    const YamlEntries entries = m_ctx.entries(entry.value, owner);
    m_ctx.checkKeys(entries, autoTable ? kAutoTableKeys : kTableKeys, owner);
    for (const YamlEntry &e : entries) {
        if (e.key == QLatin1String("actualDataNodes") || e.key == QLatin1String("actualDataSources")) {
            const auto s = m_ctx.scalar(e.value, e.rawKey);
            if (!s)
                continue;
            (autoTable ? t.actualDataSourcesExpr : t.actualDataNodesExpr) = s->trimmed();
            t.dataNodesLocation = m_ctx.scalarLocation(e.value);
        } else if (e.key == QLatin1String("databaseStrategy")) {
            t.databaseStrategy = readStrategy(e, owner);
        } else if (e.key == QLatin1String("tableStrategy")) {
            t.tableStrategy = readStrategy(e, owner);
        } else if (e.key == QLatin1String("shardingStrategy")) {
            t.shardingStrategy = readStrategy(e, owner);
        } else if (e.key == QLatin1String("keyGenerateStrategy")) {
            const KeyGenerateDef k = readKeyGenerate(e, owner);
            if (!k.generatorName.isEmpty() || !k.column.isEmpty())
                t.keyGenerate = k;
        }
    }
    if (!t.dataNodesLocation.isValid())
        t.dataNodesLocation = t.location;
    if (autoTable && !t.shardingStrategy.isSet())
        m_ctx.error(QStringLiteral("missing-field"),
                    msg("auto table '%1' has no %2",
                        {t.logicTable, m_ctx.keyName(QStringLiteral("shardingStrategy"))}),
                    t.location);
    m_tableKeys.insert(t.logicTable.toLower());
    m_config.tables << t;
}

StrategyDef ShardingRuleReader::readStrategy(const YamlEntry &entry, const Text &owner)
{
    StrategyDef s;
    s.location = m_ctx.location(entry.keyNode);
    const Text what = msg("%1 of %2", {entry.rawKey, owner});
    const YamlEntries kinds = m_ctx.entries(entry.value, what);
    m_ctx.checkKeys(kinds, kStrategyKinds, what);
    const YamlEntry *chosen = nullptr;
    for (const YamlEntry &k : kinds) {
        if (!kStrategyKinds.contains(k.key))
            continue;
        if (chosen) {
            m_ctx.error(
                QStringLiteral("bad-strategy"),
                msg("%1 has both '%2' and '%3'; only one is allowed", {what, chosen->rawKey, k.rawKey}),
                m_ctx.location(k.keyNode));
            continue;
        }
        chosen = &k;
    }
    if (!chosen) {
        if (!entry.value.IsNull() || kinds.isEmpty())
            m_ctx.error(QStringLiteral("missing-field"),
                        msg("%1 names no strategy (standard, complex, hint or none)", {what}), s.location);
        return s;
    }
    s.location = m_ctx.location(entry.keyNode);
    const QString kind = chosen->key;
    if (kind == QLatin1String("none")) {
        s.kind = StrategyKind::None;
        return s;
    }
    s.kind = kind == QLatin1String("standard") ? StrategyKind::Standard
             : kind == QLatin1String("complex") ? StrategyKind::Complex
                                                : StrategyKind::Hint;
    QStringList known = {QStringLiteral("shardingAlgorithmName")};
    if (s.kind == StrategyKind::Standard)
        known << QStringLiteral("shardingColumn");
    if (s.kind == StrategyKind::Complex)
        known << QStringLiteral("shardingColumns");
    const Text bodyWhat = msg("the %1 strategy of %2", {chosen->rawKey, owner});
    const YamlEntries body = m_ctx.entries(chosen->value, bodyWhat);
    m_ctx.checkKeys(body, known, bodyWhat);
    for (const YamlEntry &b : body) {
        if (b.key == QLatin1String("shardingAlgorithmName")) {
            if (const auto v = m_ctx.scalar(b.value, b.rawKey))
                s.algorithmName = v->trimmed();
        } else if (b.key == QLatin1String("shardingColumn") && s.kind == StrategyKind::Standard) {
            if (const auto v = m_ctx.scalar(b.value, b.rawKey))
                if (!v->trimmed().isEmpty())
                    s.columns = QStringList{v->trimmed()};
        } else if (b.key == QLatin1String("shardingColumns") && s.kind == StrategyKind::Complex) {
            s.columns = m_ctx.stringList(b.value, b.rawKey);
        }
    }
    if (s.algorithmName.isEmpty())
        m_ctx.error(QStringLiteral("missing-field"),
                    msg("%1 has no %2", {bodyWhat, m_ctx.keyName(QStringLiteral("shardingAlgorithmName"))}),
                    m_ctx.location(chosen->keyNode));
    if (s.kind == StrategyKind::Complex && s.columns.isEmpty())
        m_ctx.error(QStringLiteral("missing-field"),
                    msg("%1 has no %2", {bodyWhat, m_ctx.keyName(QStringLiteral("shardingColumns"))}),
                    m_ctx.location(chosen->keyNode));
    return s;
}

KeyGenerateDef ShardingRuleReader::readKeyGenerate(const YamlEntry &entry, const Text &owner)
{
    KeyGenerateDef k;
    k.location = m_ctx.location(entry.keyNode);
    const Text what = msg("%1 of %2", {entry.rawKey, owner});
    const YamlEntries body = m_ctx.entries(entry.value, what);
    m_ctx.checkKeys(body, {QStringLiteral("column"), QStringLiteral("keyGeneratorName")}, what);
    for (const YamlEntry &b : body) {
        const auto v = m_ctx.scalar(b.value, b.rawKey);
        if (!v)
            continue;
        if (b.key == QLatin1String("column"))
            k.column = v->trimmed();
        else if (b.key == QLatin1String("keyGeneratorName"))
            k.generatorName = v->trimmed();
    }
    if (k.generatorName.isEmpty())
        m_ctx.error(QStringLiteral("missing-field"),
                    msg("%1 has no %2", {what, m_ctx.keyName(QStringLiteral("keyGeneratorName"))}),
                    k.location);
    return k;
}

void ShardingRuleReader::readBindingTables(const YamlEntry &entry)
{
    const YAML::Node &list = entry.value;
    if (list.IsNull())
        return;
    if (!list.IsSequence()) {
        m_ctx.error(QStringLiteral("bad-type"), msg("%1 must be a list", {entry.rawKey}),
                    m_ctx.location(list));
        return;
    }
    for (auto it = list.begin(); it != list.end(); ++it) {
        if (!m_ctx.visit(*it))
            return;
        const YAML::Node item = *it;
        if (item.IsMap()) {
            // Reference-rule form: {name: ref_0, reference: t_a,t_b}
            const YamlEntries body = m_ctx.entries(item, entry.rawKey);
            m_ctx.checkKeys(body, {QStringLiteral("name"), QStringLiteral("reference")}, entry.rawKey);
            if (const YamlEntry *r = YamlContext::find(body, QStringLiteral("reference"))) {
                if (const auto s = m_ctx.scalar(r->value, r->rawKey))
                    addBindingGroup(*s, m_ctx.location(item));
            } else {
                m_ctx.error(QStringLiteral("missing-field"), msg("a binding group has no 'reference'"),
                            m_ctx.location(item));
            }
            continue;
        }
        if (const auto s = m_ctx.scalar(item, entry.rawKey))
            addBindingGroup(*s, m_ctx.scalarLocation(item));
    }
}

void ShardingRuleReader::addBindingGroup(const QString &text, const SourceLocation &where)
{
    QString tables = text;
    // "name:t_a,t_b" (ShardingSphere 5.x string form of a table reference rule)
    const int colon = int(tables.indexOf(QLatin1Char(':')));
    if (colon >= 0)
        tables = tables.mid(colon + 1);
    BindingGroup g;
    g.location = where;
    for (const QString &p : tables.split(QLatin1Char(',')))
        if (!p.trimmed().isEmpty())
            g.tables << p.trimmed();
    if (g.tables.isEmpty()) {
        m_ctx.error(QStringLiteral("missing-field"), msg("a binding group lists no tables"), where);
        return;
    }
    m_config.bindingGroups << g;
}

void ShardingRuleReader::readBroadcastList(const YAML::Node &list)
{
    auto add = [this](const QString &name, const SourceLocation &where) {
        if (name.isEmpty() || m_broadcastKeys.contains(name.toLower()))
            return;
        m_broadcastKeys.insert(name.toLower());
        m_config.broadcastTables << BroadcastTable{name, where};
    };
    if (list.IsNull())
        return;
    if (list.IsScalar()) {
        for (const QString &p : m_ctx.stringList(list, msg("broadcast tables")))
            add(p, m_ctx.scalarLocation(list));
        return;
    }
    if (!list.IsSequence()) {
        m_ctx.error(QStringLiteral("bad-type"), msg("broadcast tables must be a list"), m_ctx.location(list));
        return;
    }
    for (auto it = list.begin(); it != list.end(); ++it) {
        if (!m_ctx.visit(*it))
            return;
        if (const auto s = m_ctx.scalar(*it, msg("a broadcast table")))
            for (const QString &p : s->split(QLatin1Char(',')))
                add(p.trimmed(), m_ctx.scalarLocation(*it));
    }
}

void ShardingRuleReader::readAlgorithms(const YAML::Node &algorithms, bool keyGenerators)
{
    const QString what = m_ctx.keyName(keyGenerators ? QStringLiteral("keyGenerators") : QStringLiteral("shardingAlgorithms"));
    const YamlEntries entries = m_ctx.entries(algorithms, what);
    for (const YamlEntry &e : entries) {
        if (m_ctx.exhausted())
            return;
        const QString name = e.rawKey.trimmed();
        const Text owner = keyGenerators ? msg("key generator '%1'", {name}) : msg("algorithm '%1'", {name});
        const YamlEntries body = m_ctx.entries(e.value, owner);
        m_ctx.checkKeys(body, {QStringLiteral("type"), QStringLiteral("props")}, owner);
        QString type;
        QMap<QString, QString> props;
        QMap<QString, SourceLocation> propLocations;
        for (const YamlEntry &b : body) {
            if (b.key == QLatin1String("type")) {
                if (const auto v = m_ctx.scalar(b.value, b.rawKey))
                    type = v->trimmed().toUpper();
            } else if (b.key == QLatin1String("props")) {
                // Property names are kept as written (both forms use kebab-case there).
                const bool kebab = m_ctx.kebabKeys();
                m_ctx.setKebabKeys(false);
                const YamlEntries ps = m_ctx.entries(b.value, msg("props of %1", {owner}));
                m_ctx.setKebabKeys(kebab);
                for (const YamlEntry &p : ps) {
                    if (const auto v = m_ctx.scalar(p.value, p.rawKey)) {
                        props.insert(p.rawKey, *v);
                        propLocations.insert(p.rawKey, m_ctx.scalarLocation(p.value));
                    }
                }
            }
        }
        const SourceLocation where = m_ctx.location(e.keyNode);
        if (type.isEmpty())
            m_ctx.error(QStringLiteral("missing-field"), msg("%1 has no type", {owner}), where);
        if (keyGenerators) {
            KeyGeneratorDef k{name, type, props, where};
            m_config.keyGenerators.insert(name, k);
        } else {
            AlgorithmDef a{name, type, props, where, propLocations};
            m_config.algorithms.insert(name, a);
        }
    }
}

} // namespace sp::detail
