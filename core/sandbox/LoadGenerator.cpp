#include "core/sandbox/LoadGenerator.h"

#include "core/cluster/Connection.h"
#include "core/routing/Router.h"
#include "core/sandbox/DemoData.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QThread>

#include <map>
#include <mutex>
#include <thread>

namespace sp {

using sandbox::DemoData;

bool LoadMix::parse(const QString &text, LoadMix *out, QString *error)
{
    LoadMix m{0, 0, 0};
    static const QRegularExpression item(QStringLiteral("^\\s*(insert|update|delete)\\s*:\\s*(\\d{1,6})\\s*$"));
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto match = item.match(part);
        if (!match.hasMatch()) {
            *error = QStringLiteral("bad --mix item '") + part.trimmed() +
                QStringLiteral("' (expected insert:N, update:N or delete:N)");
            return false;
        }
        const int w = match.captured(2).toInt();
        const QString kind = match.captured(1);
        (kind == QLatin1String("insert") ? m.insert : kind == QLatin1String("update") ? m.update : m.remove) = w;
    }
    if (m.total() <= 0) {
        *error = QStringLiteral("--mix needs at least one positive weight");
        return false;
    }
    *out = m;
    return true;
}

namespace {

struct KnownRow
{
    qint64 mid;
    QByteArray from;
    QByteArray target;
};

// Rows the generator may update or delete; shared by the workers.
class RowPool
{
public:
    void add(KnownRow r)
    {
        std::lock_guard<std::mutex> l(m_mutex);
        if (m_rows.size() < 100000)
            m_rows.push_back(std::move(r));
    }
    bool pick(uint64_t random, bool take, KnownRow *out)
    {
        std::lock_guard<std::mutex> l(m_mutex);
        if (m_rows.empty())
            return false;
        const size_t i = size_t(random % m_rows.size());
        *out = m_rows[i];
        if (take) {
            m_rows[i] = std::move(m_rows.back());
            m_rows.pop_back();
        }
        return true;
    }

private:
    std::mutex m_mutex;
    std::vector<KnownRow> m_rows;
};

// A quoted SQL string literal that means the same with and without NO_BACKSLASH_ESCAPES: quotes
// are doubled; keys with a backslash or NUL (never generated) are refused as "''" cannot hold them.
QString sqlString(const QByteArray &v)
{
    if (v.contains('\\') || v.contains('\0'))
        return QStringLiteral("NULL");
    QByteArray out = v;
    out.replace('\'', "''");
    return QLatin1Char('\'') + QString::fromUtf8(out) + QLatin1Char('\'');
}

QString qualified(const QString &schema, const QString &table)
{
    return Connection::quoteIdentifier(schema) + QLatin1Char('.') + Connection::quoteIdentifier(table);
}

} // namespace

LoadGenerator::LoadGenerator(const ShardingConfig &config, const LoadGeneratorOptions &options)
    : m_config(config)
    , m_options(options)
{
}

LoadRunResult LoadGenerator::run(const std::atomic<bool> *cancel)
{
    LoadRunResult result;
    const TableRule *messages = m_config.table(QStringLiteral("t_messages"));
    if (!messages || messages->dataNodes.isEmpty()) {
        result.error = QStringLiteral("the config has no t_messages table rule; the load generator writes t_messages");
        return result;
    }
    const TableRule *userMessages = m_config.table(QStringLiteral("t_user_messages"));
    if (m_options.rate <= 0 || m_options.durationSec <= 0 || m_options.workers < 1) {
        result.error = QStringLiteral("rate, duration and workers must be positive");
        return result;
    }

    // Connection parameters per data source, credentials resolved once.
    std::map<QString, ConnectionParams> params;
    for (const DataSourceDef &ds : m_config.dataSources) {
        const ResolvedCredentials cr = Credentials::resolve(ds, m_options.credentials);
        if (!cr.hasPassword()) {
            result.error = ds.name + QStringLiteral(": no password found for user '") + cr.user +
                QStringLiteral("' (config, ") + Credentials::environmentVariableFor(ds.name) +
                QStringLiteral(", SHARDPILOT_PASSWORD, --defaults-file or ~/.my.cnf)") +
                (cr.notes.isEmpty() ? QString() : QStringLiteral(": ") + cr.notes.join(QStringLiteral("; ")));
            return result;
        }
        ConnectionParams p;
        p.host = ds.host;
        p.port = ds.port;
        p.database = ds.database;
        p.user = cr.user;
        p.password = cr.password;
        p.tls = Credentials::resolveTls(ds, m_options.credentials);
        p.connectTimeoutSec = m_options.connectTimeoutSec;
        p.readTimeoutSec = 10;
        p.writeTimeoutSec = 10;
        params[ds.name] = p;
    }
    auto schemaOf = [&](const QString &ds) { return params.count(ds) ? params[ds].database : QString(); };

    const Router router(m_config);
    RowPool pool;
    // Seed the pool with the newest rows of every t_messages node (primary-key order, cheap).
    {
        std::map<QString, Connection> conns;
        for (const DataNode &n : messages->dataNodes) {
            if (!params.count(n.dataSource)) {
                result.error = n.toString() + QStringLiteral(": data source not defined");
                return result;
            }
            // A node that is down now is not fatal: its writes will fail and be counted (fault tests).
            Connection &c = conns[n.dataSource];
            if (!c.isOpen() && !c.open(params[n.dataSource])) {
                if (result.errorSamples.size() < 10)
                    result.errorSamples << QStringLiteral("reading existing rows: ") + c.lastError();
                continue;
            }
            auto rows = c.query(QStringLiteral("SELECT _mid, _from, _target FROM ") + qualified(schemaOf(n.dataSource), n.table) +
                                QStringLiteral(" ORDER BY id DESC LIMIT 200"));
            if (!rows) {
                if (result.errorSamples.size() < 10)
                    result.errorSamples << QStringLiteral("reading existing rows: ") + c.lastError();
                continue;
            }
            for (const auto &r : rows->rows)
                pool.add(KnownRow{r.at(0).toLongLong(), r.at(1).toString().toUtf8(), r.at(2).toString().toUtf8()});
        }
    }
    result.started = true;

    const DemoData data(200000, m_options.seed);
    const qint64 midBase = QDateTime::currentMSecsSinceEpoch() * 1000; // new mids never collide with demo ones
    std::atomic<qint64> nextMid{0};
    std::mutex statsMutex;
    const int workers = m_options.workers;
    const double interval = double(workers) / m_options.rate; // seconds between ops of one worker
    QElapsedTimer clock;
    clock.start();
    const qint64 endNs = qint64(m_options.durationSec * 1e9);

    auto worker = [&](int w) {
        LoadKindStats ins, upd, del;
        QStringList samples;
        std::map<QString, Connection> conns;
        std::map<QString, qint64> downUntil;
        uint64_t rng = DemoData::mix(m_options.seed * 1000003 + uint64_t(w));
        auto next = [&] { return DemoData::mix(rng += 0x9e3779b97f4a7c15ULL); };
        auto conn = [&](const QString &ds, QString *error) -> Connection * {
            Connection &c = conns[ds];
            if (c.isOpen())
                return &c;
            if (downUntil[ds] > clock.elapsed()) {
                *error = ds + QStringLiteral(": not reachable (retrying shortly)");
                return nullptr;
            }
            if (!c.open(params[ds])) {
                *error = c.lastError();
                downUntil[ds] = clock.elapsed() + 1000;
                return nullptr;
            }
            return &c;
        };
        auto execOn = [&](const DataNode &node, const QString &sql, quint64 *affected, QString *error) {
            Connection *c = conn(node.dataSource, error);
            if (!c)
                return false;
            ExecResult r;
            if (!c->exec(sql, &r)) {
                *error = c->lastError();
                if (c->lastErrno() >= 2000) // client-side: lost or broken connection
                    c->close();
                return false;
            }
            if (affected)
                *affected = r.affectedRows;
            return true;
        };
        auto routeNode = [&](const TableRule *rule, const QByteArray &key, DataNode *out, QString *error) {
            const int i = router.routeIndex(rule->logicTable, QByteArrayView(key));
            if (i < 0 || i >= rule->dataNodes.size()) {
                *error = rule->logicTable + QStringLiteral(": cannot route key '") + QString::fromUtf8(key) + QLatin1Char('\'');
                return false;
            }
            *out = rule->dataNodes.at(i);
            return true;
        };
        auto noteError = [&](LoadKindStats &s, const QString &e) {
            ++s.errors;
            if (samples.size() < 5)
                samples << e;
        };

        for (qint64 n = 0;; ++n) {
            const qint64 due = qint64((double(n) * interval + double(w) * interval / workers) * 1e9);
            if (due >= endNs || clock.nsecsElapsed() >= endNs || (cancel && cancel->load()))
                break; // bounded: a worker that fell behind does not run past the duration
            const qint64 now = clock.nsecsElapsed();
            if (due > now)
                QThread::usleep(quint64((due - now) / 1000));
            const int pickKind = int(next() % uint64_t(m_options.mix.total()));
            QString error;
            if (pickKind < m_options.mix.insert) {
                const sandbox::DemoMessage m = data.message(qint64(next() % 200000));
                const qint64 mid = midBase + nextMid.fetch_add(1);
                const QByteArray dt = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")).toLatin1();
                DataNode node;
                bool ok = routeNode(messages, m.target, &node, &error);
                if (ok) {
                    Connection *c = conn(node.dataSource, &error);
                    ok = c != nullptr;
                    if (ok) {
                        const QString sql = QStringLiteral("INSERT INTO ") + qualified(schemaOf(node.dataSource), node.table) +
                            QStringLiteral(" (_mid,_from,_type,_target,_line,_data,_searchable_key,_dt) VALUES (") +
                            QString::number(mid) + QLatin1Char(',') + c->quoteString(QString::fromUtf8(m.from)) + QLatin1Char(',') +
                            QString::number(m.type) + QLatin1Char(',') + c->quoteString(QString::fromUtf8(m.target)) +
                            QStringLiteral(",0,") + QString::fromUtf8(c->quoteBytes(m.data)) + QLatin1Char(',') +
                            (m.searchableNull ? QStringLiteral("NULL") : c->quoteString(QString::fromUtf8(m.searchable))) +
                            QStringLiteral(",'") + QString::fromLatin1(dt) + QStringLiteral("')");
                        ok = execOn(node, sql, nullptr, &error);
                    }
                }
                if (ok && userMessages) {
                    DataNode un;
                    ok = routeNode(userMessages, m.from, &un, &error) &&
                        execOn(un, QStringLiteral("INSERT INTO ") + qualified(schemaOf(un.dataSource), un.table) +
                                   QStringLiteral(" (_mid,_uid,_seq,_dt) VALUES (") + QString::number(mid) + QLatin1Char(',') +
                                   sqlString(m.from) + QLatin1Char(',') + QString::number(mid) + QStringLiteral(",'") +
                                   QString::fromLatin1(dt) + QStringLiteral("')"),
                               nullptr, &error);
                }
                if (ok) {
                    ++ins.ok;
                    pool.add(KnownRow{mid, m.from, m.target});
                } else {
                    noteError(ins, QStringLiteral("insert: ") + error);
                }
                continue;
            }
            const bool isDelete = pickKind >= m_options.mix.insert + m_options.mix.update;
            LoadKindStats &s = isDelete ? del : upd;
            KnownRow row;
            if (!pool.pick(next(), isDelete, &row)) {
                ++s.skipped;
                continue;
            }
            DataNode node;
            if (!routeNode(messages, row.target, &node, &error)) {
                noteError(s, error);
                continue;
            }
            const QString where = QStringLiteral(" WHERE _mid=") + QString::number(row.mid) + QStringLiteral(" AND _target=") +
                sqlString(row.target);
            quint64 affected = 0;
            QString sql;
            if (isDelete)
                sql = QStringLiteral("DELETE FROM ") + qualified(schemaOf(node.dataSource), node.table) + where;
            else
                sql = QStringLiteral("UPDATE ") + qualified(schemaOf(node.dataSource), node.table) +
                    QStringLiteral(" SET _line=_line+1, _searchable_key=CONCAT('edited ', ") + QString::number(next() % 100000) +
                    QStringLiteral(")") + where;
            if (execOn(node, sql, &affected, &error)) {
                if (affected > 0)
                    ++s.ok;
                else
                    ++s.skipped;
                if (isDelete && affected > 0 && userMessages) {
                    DataNode un;
                    QString e2;
                    if (routeNode(userMessages, row.from, &un, &e2))
                        execOn(un, QStringLiteral("DELETE FROM ") + qualified(schemaOf(un.dataSource), un.table) +
                                       QStringLiteral(" WHERE _uid=") + sqlString(row.from) + QStringLiteral(" AND _mid=") +
                                       QString::number(row.mid),
                               nullptr, &e2);
                }
            } else {
                noteError(s, (isDelete ? QStringLiteral("delete: ") : QStringLiteral("update: ")) + error);
            }
        }
        std::lock_guard<std::mutex> l(statsMutex);
        auto addTo = [](LoadKindStats &a, const LoadKindStats &b) {
            a.ok += b.ok;
            a.errors += b.errors;
            a.skipped += b.skipped;
        };
        addTo(result.insert, ins);
        addTo(result.update, upd);
        addTo(result.remove, del);
        for (const QString &e : samples)
            if (result.errorSamples.size() < 10)
                result.errorSamples << e;
    };

    std::vector<std::thread> threads;
    for (int w = 0; w < workers; ++w)
        threads.emplace_back(worker, w);
    for (auto &t : threads)
        t.join();
    result.seconds = double(clock.nsecsElapsed()) / 1e9;
    return result;
}

} // namespace sp
