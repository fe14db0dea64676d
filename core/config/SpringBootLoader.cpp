#include "core/config/SpringBootLoader.h"

#include "core/config/DataSourceReader.h"
#include "core/config/ShardingRuleReader.h"

#include <QHash>
#include <QSet>

namespace sp::detail {

bool SpringBootLoader::detect(const YAML::Node &root)
{
    if (!root.IsMap())
        return false;
    for (auto it = root.begin(); it != root.end(); ++it)
        if (it->first.IsScalar() && it->first.Scalar() == "spring")
            return true;
    return false;
}

void SpringBootLoader::load(YamlContext &ctx, const YAML::Node &root, ShardingConfig &config)
{
    config.form = ConfigForm::SpringBoot;
    ctx.setKebabKeys(true);
    const YamlEntries top = ctx.entries(root, msg("the document"));
    const YamlEntry *spring = YamlContext::find(top, QStringLiteral("spring"));
    if (!spring) { // load() without detect(): springboot_fuzz found the null dereference
        ctx.error(QStringLiteral("missing-field"), msg("%1 has no %2", {msg("the document"), QStringLiteral("spring")}),
                  ctx.fileLocation(1, 1));
        return;
    }
    const YamlEntries springEntries = ctx.entries(spring->value, QStringLiteral("spring"));
    const YamlEntry *ss = YamlContext::find(springEntries, QStringLiteral("shardingsphere"));
    if (!ss) {
        ctx.error(QStringLiteral("missing-field"), msg("spring has no shardingsphere section"),
                  ctx.location(spring->keyNode));
        return;
    }
    const QString ssWhat = QStringLiteral("spring.shardingsphere");
    const YamlEntries body = ctx.entries(ss->value, ssWhat);
    ctx.checkKeys(body,
                  {QStringLiteral("datasource"), QStringLiteral("rules"), QStringLiteral("props"), QStringLiteral("mode"),
                   QStringLiteral("enabled"), QStringLiteral("databaseName"), QStringLiteral("schema")},
                  ssWhat);

    const YamlEntry *dsEntry = YamlContext::find(body, QStringLiteral("datasource"));
    if (!dsEntry) {
        ctx.error(QStringLiteral("missing-field"), msg("spring.shardingsphere has no datasource section"),
                  ctx.location(ss->keyNode));
    } else {
        const YamlEntries dsItems = ctx.entries(dsEntry->value, QStringLiteral("spring.shardingsphere.datasource"));
        const YamlEntry *names = YamlContext::find(dsItems, QStringLiteral("names"));
        QStringList listed;
        if (names)
            listed = ctx.stringList(names->value, msg("datasource names"));
        else
            ctx.error(QStringLiteral("missing-field"), msg("spring.shardingsphere.datasource has no names"),
                      ctx.location(dsEntry->keyNode), msg("Add names: db0,db1,..."));
        QHash<QString, int> byName;
        for (int i = 0; i < dsItems.size(); ++i)
            byName.insert(dsItems.at(i).rawKey, i);
        const QSet<QString> listedSet(listed.cbegin(), listed.cend());
        QSet<QString> added;
        for (const QString &name : std::as_const(listed)) {
            const int at = byName.value(name, -1);
            const YamlEntry *e = at >= 0 ? &dsItems.at(at) : nullptr;
            if (!e) {
                ctx.error(QStringLiteral("missing-field"),
                          msg("data source '%1' is listed in names but has no properties", {name}),
                          ctx.location(names->value));
                continue;
            }
            if (!added.contains(name)) {
                added.insert(name);
                config.dataSources << readDataSource(ctx, *e);
            }
        }
        for (const YamlEntry &item : dsItems) {
            if (item.key == QLatin1String("names") || listedSet.contains(item.rawKey))
                continue;
            if (!names && item.value.IsMap()) {
                config.dataSources << readDataSource(ctx, item); // names missing: take what is there
                continue;
            }
            ctx.warning(QStringLiteral("unlisted-data-source"),
                        msg("data source '%1' is not listed in names; Spring ignores it", {item.rawKey}),
                        ctx.location(item.keyNode), msg("Add it to names or remove it."));
        }
    }

    const YamlEntry *rules = YamlContext::find(body, QStringLiteral("rules"));
    const YamlEntries ruleItems = rules ? ctx.entries(rules->value, QStringLiteral("spring.shardingsphere.rules"))
                                        : YamlEntries();
    const YamlEntry *sharding = YamlContext::find(ruleItems, QStringLiteral("sharding"));
    ShardingRuleReader reader(ctx, config);
    for (const YamlEntry &r : ruleItems) {
        if (r.key == QLatin1String("sharding"))
            reader.readShardingRule(r.value);
        else
            ctx.report(Severity::Info, QStringLiteral("rule-not-used"),
                       msg("rule '%1' is not used by ShardPilot", {r.rawKey}), ctx.location(r.keyNode));
    }
    if (!sharding && !ctx.exhausted())
        ctx.error(QStringLiteral("missing-field"), msg("spring.shardingsphere has no rules.sharding section"),
                  rules ? ctx.location(rules->keyNode) : ctx.location(ss->keyNode));
}

} // namespace sp::detail
