#include "RingPlacement.h"

#include "PlacementCheck.h"

#include "core/cluster/Connection.h"

namespace sp::test {

namespace {

const QStringList kKey = {QStringLiteral("_target"), QStringLiteral("_uid")};
const int kVirtualNodes = 16;
const int kTables = 2;

bool rootOn(SandboxFixture &fx, const QString &dataSource, Connection *c, QString *why)
{
    if (!c->open(fx.rootParams(fx.instanceOf(dataSource))) || !c->exec(QStringLiteral("SET SESSION sql_log_bin = 0"))) {
        *why = dataSource + QStringLiteral(": ") + c->lastError();
        return false;
    }
    return true;
}

} // namespace

bool makeRingKeysUnique(SandboxFixture &fx, int servers, int populated, QString *why)
{
    for (int i = 0; i < servers; ++i) {
        const QString ds = QStringLiteral("db%1").arg(i);
        Connection c;
        if (!rootOn(fx, ds, &c, why))
            return false;
        if (!c.exec(QStringLiteral("SET GLOBAL auto_increment_increment = %1, auto_increment_offset = %2").arg(servers).arg(i + 1))) {
            *why = c.lastError();
            return false;
        }
        if (i >= populated)
            continue;
        for (const QString &logic : kRingLogicTables)
            for (int t = 0; t < kTables; ++t) {
                const QString table = QStringLiteral("`%1`.`%2_%3`").arg(fx.schema(ds), logic).arg(t);
                if (!c.exec(QStringLiteral("UPDATE %1 SET id = %2 * id + %3 - %4 ORDER BY id DESC")
                                .arg(table)
                                .arg(servers)
                                .arg(i)
                                .arg(servers - 1))) {
                    *why = c.lastError();
                    return false;
                }
                const qint64 next =
                    c.queryValue(QStringLiteral("SELECT COALESCE(MAX(id), 0) + 1 FROM ") + table).value_or(QVariant(-1)).toLongLong();
                if (next <= 0 || !c.exec(QStringLiteral("ALTER TABLE %1 AUTO_INCREMENT = %2").arg(table).arg(next))) {
                    *why = c.lastError();
                    return false;
                }
            }
    }
    return true;
}

bool readRingRows(SandboxFixture &fx, const QStringList &dataSources, const QStringList &ringNodes, RingRows *out,
                  QStringList *dups, QString *why)
{
    out->clear();
    for (const QString &ds : dataSources) {
        Connection c;
        if (!rootOn(fx, ds, &c, why))
            return false;
        QStringList points;
        for (const QString &n : ringNodes)
            for (int v = 0; v < kVirtualNodes; ++v)
                points.append(QStringLiteral("(CRC32('%1#%2'), '%1')").arg(n).arg(v));
        const QString schema = fx.schema(ds);
        if (!c.exec(QStringLiteral("USE ") + Connection::quoteIdentifier(schema)) ||
            !c.exec(QStringLiteral("DROP TEMPORARY TABLE IF EXISTS ring_points")) ||
            !c.exec(QStringLiteral("CREATE TEMPORARY TABLE ring_points (h INT UNSIGNED PRIMARY KEY, node VARCHAR(16))")) ||
            !c.exec(QStringLiteral("INSERT INTO ring_points VALUES ") + points.join(QLatin1Char(',')))) {
            *why = ds + QStringLiteral(": ") + c.lastError();
            return false;
        }
        for (int l = 0; l < kRingLogicTables.size(); ++l) {
            for (int t = 0; t < kTables; ++t) {
                const QString table = kRingLogicTables.at(l) + QLatin1Char('_') + QString::number(t);
                QString fingerprint;
                if (!rowFingerprintSql(c, schema, table, &fingerprint, why))
                    return false;
                if (fingerprint.isEmpty())
                    continue; // not created (yet)
                const QString h = QStringLiteral("CRC32(`%1`)").arg(kKey.at(l));
                const QString sql =
                    QStringLiteral(
                        "SELECT id, COALESCE((SELECT node FROM ring_points WHERE h >= %1 ORDER BY h LIMIT "
                        "1), "
                        "(SELECT node FROM ring_points ORDER BY h LIMIT 1)), (%1 DIV 65536) MOD %2, "
                        "%3 FROM %4.%5")
                        .arg(h)
                        .arg(kTables)
                        .arg(fingerprint, Connection::quoteIdentifier(schema),
                             Connection::quoteIdentifier(table));
                auto rows = c.query(sql);
                if (!rows) {
                    *why = c.lastError();
                    return false;
                }
                for (const auto &r : rows->rows) {
                    const auto key = qMakePair(table, r.at(0).toLongLong());
                    RingRowAt at{ds + QLatin1Char('.') + table,
                                 r.at(1).toString() + QLatin1Char('.') + kRingLogicTables.at(l) + QLatin1Char('_') +
                                     r.at(2).toString(),
                                 r.at(3).toByteArray()};
                    if (out->count(key))
                        dups->append(QStringLiteral("%1 id %2 on %3 and %4").arg(key.first).arg(key.second).arg(out->at(key).node, at.node));
                    (*out)[key] = at;
                }
            }
        }
    }
    return true;
}

QString ringMisplaced(const RingRows &rows, const QStringList &dups)
{
    QStringList bad = dups;
    for (const auto &[key, at] : rows)
        if (at.node != at.routed)
            bad.append(QStringLiteral("%1 id %2 on %3, routed to %4").arg(key.first).arg(key.second).arg(at.node, at.routed));
    return bad.mid(0, 20).join(QLatin1Char('\n'));
}

} // namespace sp::test
