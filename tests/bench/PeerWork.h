// The work every peer of migrate_bench does: the plan's moving pairs (broadcast tables included) on a
// sandbox, with the engine's parallelism - one stream per source server, all source servers at once.
// Used by the main benchmark and by --growth (the parallel LOAD DATA limit at both sizes).
// Included by migrate_bench.cpp after its helpers (run, sh, q, die).
#pragma once

#include <QHash>
#include <QMap>
#include <QSet>
#include <QVector>

namespace {

struct Pair
{
    int src = -1, dst = -1; // sandbox instance numbers: data source dbN is nodeN (spares included)
    QString srcDs, table, dstTable, pred;
};

class PeerWork
{
public:
    // The pairs of planJson on the sandbox in sb; a pair without an SQL predicate ends the benchmark.
    PeerWork(const QString &sb, const QString &planJson) : m_sb(sb)
    {
        QFile f(planJson);
        if (!f.open(QIODevice::ReadOnly)) {
            Proc none;
            die(QStringLiteral("reading ") + planJson, none);
        }
        static const QRegularExpression dbN(QStringLiteral("^db(\\d+)$"));
        for (const QJsonValue &t : QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("tables")).toArray())
            for (const QJsonValue &pv : t.toObject().value(QStringLiteral("pairs")).toArray()) {
                const QJsonObject po = pv.toObject();
                const QJsonObject so = po.value(QStringLiteral("source")).toObject();
                const QJsonObject to = po.value(QStringLiteral("target")).toObject();
                Pair pr;
                pr.srcDs = so.value(QStringLiteral("dataSource")).toString();
                const auto ms = dbN.match(pr.srcDs);
                const auto mt = dbN.match(to.value(QStringLiteral("dataSource")).toString());
                pr.table = so.value(QStringLiteral("table")).toString();
                pr.dstTable = to.value(QStringLiteral("table")).toString();
                pr.pred = po.value(QStringLiteral("predicate")).toObject().value(QStringLiteral("sql")).toString();
                if (!ms.hasMatch() || !mt.hasMatch() || pr.pred.isEmpty()) {
                    Proc none;
                    none.err = QStringLiteral("pair without an SQL predicate or a dbN data source: ") + pr.srcDs +
                               QLatin1Char('.') + pr.table;
                    die(QStringLiteral("reading the plan's pairs"), none);
                }
                pr.src = ms.captured(1).toInt();
                pr.dst = mt.captured(1).toInt();
                m_pairs << pr;
            }
        for (const Pair &pr : std::as_const(m_pairs)) {
            m_sourceNodes << pr.src;
            m_allNodes << pr.src << pr.dst;
        }
        for (const Pair &pr : std::as_const(m_pairs))
            m_movingRows += sqlOn(pr.src, QStringLiteral("SELECT COUNT(*) FROM fsharechat.`%1` WHERE %2").arg(pr.table, pr.pred))
                                .out.trimmed()
                                .toLongLong();
    }

    const QVector<Pair> &pairs() const { return m_pairs; }
    const QSet<int> &sourceNodes() const { return m_sourceNodes; }
    const QSet<int> &allNodes() const { return m_allNodes; }
    qint64 movingRows() const { return m_movingRows; } // rows the pairs' predicates select on the sources

    QString sock(int node) const { return m_sb + QStringLiteral("/node%1/mysqld.sock").arg(node); }
    Proc sqlOn(int node, const QString &sql) const
    {
        return run(QStringLiteral("mariadb"), {QStringLiteral("-S"), sock(node), QStringLiteral("-uroot"), QStringLiteral("-N"),
                                               QStringLiteral("-B"), QStringLiteral("-e"), sql});
    }

    // One background stream per server, all at once; the script fails when one stream fails.
    static Proc parallel(const QMap<int, QStringList> &streams)
    {
        QString script = QStringLiteral("pids=()\n");
        for (auto it = streams.cbegin(); it != streams.cend(); ++it)
            script += QStringLiteral("( set -e -o pipefail\n") + it.value().join(QLatin1Char('\n')) +
                      QStringLiteral("\n) &\npids+=($!)\n");
        script += QStringLiteral("rc=0; for p in \"${pids[@]}\"; do wait \"$p\" || rc=1; done; exit $rc\n");
        return sh(script);
    }

    // Peers write into <prefix>_<source data source> on the target server, one table per pair under the
    // source table's name (what mariadb-dump's INSERTs name); made empty here.
    void scratch(const QString &prefix)
    {
        QHash<int, QString> sql;
        QSet<QString> made;
        for (const Pair &pr : std::as_const(m_pairs)) {
            const QString schema = prefix + QLatin1Char('_') + pr.srcDs;
            if (!made.contains(QStringLiteral("%1/%2").arg(pr.dst).arg(schema))) {
                made << QStringLiteral("%1/%2").arg(pr.dst).arg(schema);
                sql[pr.dst] += QStringLiteral("DROP DATABASE IF EXISTS %1; CREATE DATABASE %1;\n").arg(schema);
            }
            sql[pr.dst] += QStringLiteral("USE %1;\n").arg(schema) + ddl(pr.src, pr.table) + QStringLiteral(";\n");
        }
        for (auto it = sql.cbegin(); it != sql.cend(); ++it) {
            const Proc c = sqlOn(it.key(), it.value());
            if (c.code != 0)
                die(QStringLiteral("creating the peers' scratch tables"), c);
        }
    }
    qint64 countIn(const QString &prefix) const
    {
        qint64 n = 0;
        for (const Pair &pr : std::as_const(m_pairs))
            n += sqlOn(pr.dst, QStringLiteral("SELECT COUNT(*) FROM %1_%2.`%3`").arg(prefix, pr.srcDs, pr.table))
                     .out.trimmed()
                     .toLongLong();
        return n;
    }
    // Every peer_* schema of the sandbox's servers dropped.
    void dropPeers() const
    {
        for (int node : std::as_const(m_allNodes)) {
            const Proc names = sqlOn(node, QStringLiteral("SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'peer\\_%'"));
            for (const QString &schema : names.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
                sqlOn(node, QStringLiteral("DROP DATABASE `%1`").arg(schema.trimmed()));
        }
    }

    // The practical limit of a copy: per source server one session writes every pair's rows with SELECT
    // INTO OUTFILE into `files` (a directory every server may write: they share this machine's disk),
    // then one session per target server loads them with LOAD DATA INFILE into peer_load_* (made empty
    // first, timed apart); all source servers at once. The rows loaded are counted (a mismatch ends the
    // benchmark); the files are removed. `before` runs just before the timed part and `after` just after
    // it, before the count (e.g. CPU counters: the count's COUNT(*) scans and clients are not the copy's).
    Proc loadData(const QString &files, const std::function<void()> &before = {}, const std::function<void()> &after = {})
    {
        scratch(QStringLiteral("peer_load"));
        QMap<int, QString> outOf;
        QMap<int, QMap<int, QString>> loadOf; // source -> target -> LOADs
        int n = 0;
        for (const Pair &pr : std::as_const(m_pairs)) {
            const QString f = files + QStringLiteral("/p%1.tsv").arg(n++);
            QFile::remove(f);
            outOf[pr.src] += QStringLiteral("SELECT * INTO OUTFILE '%1' FROM fsharechat.`%2` WHERE %3;\n").arg(f, pr.table, pr.pred);
            loadOf[pr.src][pr.dst] +=
                QStringLiteral("LOAD DATA INFILE '%1' INTO TABLE peer_load_%2.`%3`;\n").arg(f, pr.srcDs, pr.table);
        }
        QMap<int, QStringList> streams;
        for (auto it = outOf.cbegin(); it != outOf.cend(); ++it) {
            streams[it.key()] << QStringLiteral("mariadb -S %1 -uroot -e %2").arg(q(sock(it.key())), q(it.value()));
            const QMap<int, QString> &loads = loadOf[it.key()];
            for (auto lt = loads.cbegin(); lt != loads.cend(); ++lt)
                streams[it.key()] << QStringLiteral("mariadb -S %1 -uroot -e %2").arg(q(sock(lt.key())), q(lt.value()));
        }
        if (before)
            before();
        const Proc load = parallel(streams);
        if (after)
            after();
        if (load.code != 0 || countIn(QStringLiteral("peer_load")) != m_movingRows)
            die(QStringLiteral("INTO OUTFILE + LOAD DATA INFILE (or its row count)"), load);
        for (int i = 0; i < n; ++i)
            QFile::remove(files + QStringLiteral("/p%1.tsv").arg(i));
        return load;
    }
    // A directory under `work` every server may write into (INTO OUTFILE runs as the server's user).
    static QString filesDir(const QString &work)
    {
        const QString files = work + QStringLiteral("/outfile");
        QDir().mkpath(files);
        QFile::setPermissions(files, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                                         QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther);
        return files;
    }

private:
    QString ddl(int node, const QString &table)
    {
        const QString k = QStringLiteral("%1/%2").arg(node).arg(table);
        if (!m_ddl.contains(k)) {
            const Proc c = sqlOn(node, QStringLiteral("SHOW CREATE TABLE fsharechat.`%1`").arg(table));
            QString d = c.out.section(QLatin1Char('\t'), 1).trimmed();
            d.replace(QStringLiteral("\\n"), QStringLiteral("\n"));
            m_ddl.insert(k, d);
        }
        return m_ddl.value(k);
    }

    QString m_sb;
    QVector<Pair> m_pairs;
    QSet<int> m_sourceNodes, m_allNodes;
    qint64 m_movingRows = 0;
    QHash<QString, QString> m_ddl; // "node/table" -> CREATE TABLE
};

} // namespace
