#include "core/config/NativeLoader.h"

#include "core/config/DataSourceReader.h"
#include "core/config/ShardingRuleReader.h"

#include <QSet>

namespace sp::detail {

void NativeLoader::load(YamlContext &ctx, const YAML::Node &root, ShardingConfig &config)
{
    config.form = ConfigForm::Native;
    ctx.setKebabKeys(false);
    const YamlEntries top = ctx.entries(root, msg("the document"));
    ctx.checkKeys(top,
                  {QStringLiteral("dataSources"), QStringLiteral("rules"), QStringLiteral("databaseName"),
                   QStringLiteral("schemaName"), QStringLiteral("mode"), QStringLiteral("props"),
                   QStringLiteral("shardingRule")},
                  msg("the document"));

    const YamlEntry *sources = YamlContext::find(top, QStringLiteral("dataSources"));
    if (!sources) {
        ctx.error(QStringLiteral("missing-field"), msg("the document has no dataSources"), ctx.location(root),
                  msg("List the data sources under dataSources:"));
    } else {
        QSet<QString> seen;
        for (const YamlEntry &e : ctx.entries(sources->value, QStringLiteral("dataSources"))) {
            if (ctx.exhausted())
                return;
            if (seen.contains(e.rawKey.trimmed())) {
                ctx.error(QStringLiteral("duplicate-data-source"),
                          msg("data source '%1' is defined twice", {e.rawKey}), ctx.location(e.keyNode));
                continue;
            }
            seen.insert(e.rawKey.trimmed());
            config.dataSources << readDataSource(ctx, e);
        }
    }

    ShardingRuleReader reader(ctx, config);
    bool sawSharding = false;
    if (const YamlEntry *legacy = YamlContext::find(top, QStringLiteral("shardingRule"))) {
        reader.readShardingRule(legacy->value);
        sawSharding = true;
    }
    const YamlEntry *rules = YamlContext::find(top, QStringLiteral("rules"));
    if (rules && !rules->value.IsNull()) {
        if (!rules->value.IsSequence()) {
            ctx.error(QStringLiteral("bad-type"),
                      msg("rules must be a list of tagged rules (- !SHARDING ...)"),
                      ctx.location(rules->value));
        } else {
            for (auto it = rules->value.begin(); it != rules->value.end(); ++it) {
                if (!ctx.visit(*it))
                    return;
                const YAML::Node rule = *it;
                const QString tag = QString::fromStdString(rule.Tag());
                if (tag == QLatin1String("!SHARDING")) {
                    reader.readShardingRule(rule);
                    sawSharding = true;
                } else if (tag == QLatin1String("!BROADCAST")) {
                    reader.readBroadcastRule(rule);
                } else if (tag.isEmpty() || tag == QLatin1String("?") || tag == QLatin1String("!")) {
                    ctx.warning(QStringLiteral("untagged-rule"),
                                msg("a rule has no tag such as !SHARDING; it is ignored"),
                                ctx.location(rule));
                } else {
                    ctx.report(Severity::Info, QStringLiteral("rule-not-used"),
                               msg("rule %1 is not used by ShardPilot", {tag}), ctx.location(rule));
                }
            }
        }
    }
    if (!sawSharding && !ctx.exhausted())
        ctx.error(QStringLiteral("missing-field"), msg("the document has no !SHARDING rule"),
                  rules ? ctx.location(rules->keyNode) : ctx.location(root),
                  msg("Add one under rules: - !SHARDING"));
}

} // namespace sp::detail
