#include "core/config/Printable.h"

#include "core/config/ShardingConfig.h"

#include <QSet>

namespace sp {

bool isUnsafeChar(char16_t c)
{
    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f))
        return true;
    switch (c) {
    case 0x061c: // ARABIC LETTER MARK
    case 0x200e: // LEFT-TO-RIGHT MARK
    case 0x200f: // RIGHT-TO-LEFT MARK
    case 0x2028: // LINE SEPARATOR
    case 0x2029: // PARAGRAPH SEPARATOR
        return true;
    default:
        break;
    }
    return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

qsizetype firstUnsafeChar(QStringView s)
{
    for (qsizetype i = 0; i < s.size(); ++i)
        if (isUnsafeChar(s.at(i).unicode()))
            return i;
    return -1;
}

QString codePointName(QChar c)
{
    return QStringLiteral("U+") + QStringLiteral("%1").arg(uint(c.unicode()), 4, 16, QLatin1Char('0')).toUpper();
}

QString printableName(QStringView s)
{
    if (!hasUnsafeChars(s))
        return s.toString();
    QString out;
    out.reserve(s.size() + 16);
    for (const QChar c : s) {
        const char16_t u = c.unicode();
        if (!isUnsafeChar(u))
            out += c;
        else if (u <= 0xff)
            out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        else
            out += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
    }
    return out;
}

namespace {

class Collector
{
public:
    explicit Collector(QList<UnsafeName> *out) : m_out(out) {}

    // `what` makes the phrase naming it (built only for a name that is reported).
    template <typename What>
    void check(const QString &name, const SourceLocation &where, const What &what)
    {
        const qsizetype at = firstUnsafeChar(name);
        if (at < 0)
            return;
        const Text phrase = what();
        if (m_seen.contains(phrase.text))
            return;
        m_seen.insert(phrase.text);
        m_out->append(UnsafeName{phrase, codePointName(name.at(at)), where});
    }

private:
    QList<UnsafeName> *m_out;
    QSet<QString> m_seen;
};

QString P(const QString &s) { return printableName(s); }

void checkStrategy(Collector &c, const StrategyDef &s, const SourceLocation &fallback)
{
    const SourceLocation where = s.location.isValid() ? s.location : fallback;
    for (const QString &col : s.columns)
        c.check(col, where, [&] { return msg("sharding column '%1'", {P(col)}); });
    c.check(s.algorithmName, where, [&] { return msg("algorithm '%1'", {P(s.algorithmName)}); });
}

} // namespace

QList<UnsafeName> unsafeNames(const ShardingConfig &config)
{
    QList<UnsafeName> out;
    Collector c(&out);
    const SourceLocation file{config.filePath, 0, 0};
    for (const DataSourceDef &ds : config.dataSources) {
        const SourceLocation where = ds.location.isValid() ? ds.location : file;
        c.check(ds.name, where, [&] { return msg("data source '%1'", {P(ds.name)}); });
        c.check(ds.database, where,
                [&] { return msg("schema '%1' in the url of data source '%2'", {P(ds.database), P(ds.name)}); });
        c.check(ds.username, where, [&] { return msg("user '%1' of data source '%2'", {P(ds.username), P(ds.name)}); });
        c.check(ds.host, where,
                [&] { return msg("host '%1' in the url of data source '%2'", {P(ds.host), P(ds.name)}); });
    }
    for (const TableRule &t : config.tables) {
        const SourceLocation where = t.location.isValid() ? t.location : file;
        c.check(t.logicTable, where, [&] { return msg("table '%1'", {P(t.logicTable)}); });
        const SourceLocation nodes = t.dataNodesLocation.isValid() ? t.dataNodesLocation : where;
        for (const DataNode &n : t.dataNodes) {
            c.check(n.dataSource, nodes, [&] { return msg("data source '%1'", {P(n.dataSource)}); });
            c.check(n.table, nodes, [&] { return msg("actual table '%1'", {P(n.table)}); });
        }
        for (const StrategyDef *s : {&t.databaseStrategy, &t.tableStrategy, &t.shardingStrategy})
            checkStrategy(c, *s, where);
        if (t.keyGenerate)
            c.check(t.keyGenerate->column, t.keyGenerate->location.isValid() ? t.keyGenerate->location : where,
                    [&] { return msg("key-generate column '%1'", {P(t.keyGenerate->column)}); });
    }
    for (const BindingGroup &g : config.bindingGroups)
        for (const QString &t : g.tables)
            c.check(t, g.location.isValid() ? g.location : file, [&] { return msg("table '%1'", {P(t)}); });
    for (const BroadcastTable &b : config.broadcastTables)
        c.check(b.name, b.location.isValid() ? b.location : file, [&] { return msg("table '%1'", {P(b.name)}); });
    checkStrategy(c, config.defaultDatabaseStrategy, file);
    checkStrategy(c, config.defaultTableStrategy, file);
    c.check(config.defaultShardingColumn, file,
            [&] { return msg("sharding column '%1'", {P(config.defaultShardingColumn)}); });
    for (const AlgorithmDef &a : config.algorithms)
        c.check(a.name, a.location.isValid() ? a.location : file, [&] { return msg("algorithm '%1'", {P(a.name)}); });
    return out;
}

} // namespace sp
