#include "core/migration/MoveSet.h"

#include "core/cluster/Credentials.h"
#include "core/routing/TableRoute.h"
#include "core/sandbox/Sandbox.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <array>

namespace sp::migration {

// --- Endpoints -------------------------------------------------------------------------------------

bool Endpoints::resolve(const ShardingConfig &config, const RunSpec &spec, QString *error)
{
    m_list.clear();
    m_address.clear();
    m_sandboxByPort.clear();
    const QString configDir = QFileInfo(spec.configPath).absolutePath();
    m_sandbox = spec.adminDefaultsFile.isEmpty() && QFileInfo::exists(configDir + QStringLiteral("/sandbox.json"));
    Sandbox sandbox(configDir);
    OptionFileValues admin;
    if (m_sandbox) {
        if (!sandbox.load(error))
            return false;
    } else {
        if (spec.adminDefaultsFile.isEmpty()) {
            *error = QStringLiteral("the run needs an account with replication and DDL rights: give "
                                    "--admin-defaults-file FILE (a MySQL option file with user and password)");
            return false;
        }
        admin = Credentials::readOptionFile(spec.adminDefaultsFile);
        if (!admin.ok()) {
            *error = admin.error;
            return false;
        }
        if (admin.value(QStringLiteral("user")).isEmpty()) {
            *error = QStringLiteral("%1 has no 'user' in [client]").arg(spec.adminDefaultsFile);
            return false;
        }
        m_adminTemplate.user = admin.value(QStringLiteral("user"));
        m_adminTemplate.password = admin.value(QStringLiteral("password"));
    }
    if (m_sandbox)
        for (const auto &inst : sandbox.state().instances)
            m_sandboxByPort.insert(inst.spec.port, engineParams(sandbox.rootParams(inst.spec.index)));
    for (const DataSourceDef &ds : config.dataSources) {
        Endpoint e;
        e.dataSource = ds.name;
        e.schema = ds.database;
        if (e.schema.isEmpty()) {
            *error = QStringLiteral("data source %1: its url names no schema").arg(ds.name);
            return false;
        }
        if (m_sandbox) {
            const auto *sds = sandbox.state().dataSource(ds.name);
            int instance = sds ? sds->instance : -1;
            if (instance < 0) // a data source the sandbox does not name: match its port
                for (const auto &inst : sandbox.state().instances)
                    if (inst.spec.port == ds.port)
                        instance = inst.spec.index;
            if (instance < 0) {
                *error = QStringLiteral("data source %1 (%2) is not an instance of the sandbox in %3")
                             .arg(ds.name, ds.url, configDir);
                return false;
            }
            e.admin = sandbox.rootParams(instance);
            e.instance = QStringLiteral("sandbox node%1").arg(instance);
        } else {
            if (ds.host.isEmpty()) {
                *error = QStringLiteral("data source %1: cannot read host and port from its url").arg(ds.name);
                return false;
            }
            e.admin.host = ds.host;
            e.admin.port = ds.port;
            e.admin.user = admin.value(QStringLiteral("user"));
            e.admin.password = admin.value(QStringLiteral("password"));
            e.instance = ds.host + QLatin1Char(':') + QString::number(ds.port);
        }
        e.admin.database.clear();
        e.admin = engineParams(e.admin);
        if (!m_address.contains(e.instance))
            m_address.insert(e.instance, {ds.host, ds.port});
        m_list.append(e);
    }
    return true;
}

const Endpoint *Endpoints::of(const QString &dataSource) const
{
    for (const Endpoint &e : m_list)
        if (e.dataSource == dataSource)
            return &e;
    return nullptr;
}

QStringList Endpoints::instances() const
{
    QStringList out;
    for (const Endpoint &e : m_list)
        if (!out.contains(e.instance))
            out.append(e.instance);
    return out;
}

ConnectionParams Endpoints::adminOfInstance(const QString &instance) const
{
    for (const Endpoint &e : m_list)
        if (e.instance == instance)
            return e.admin;
    return {};
}

QPair<QString, int> Endpoints::addressOf(const QString &instance) const
{
    return m_address.value(instance);
}

std::optional<ConnectionParams> Endpoints::adminAt(const QString &host, int port) const
{
    if (m_sandbox) {
        if (!m_sandboxByPort.contains(port))
            return std::nullopt;
        return m_sandboxByPort.value(port);
    }
    ConnectionParams p = m_adminTemplate;
    p.host = host;
    p.port = port;
    return engineParams(p);
}

ConnectionParams engineParams(ConnectionParams p)
{
    p.connectTimeoutSec = 5;
    p.readTimeoutSec = 600;
    p.writeTimeoutSec = 600;
    p.affectedRows = AffectedRows::Matched;
    return p;
}

bool prepareSession(Connection &c, bool warningsAsErrors)
{
    if (!c.exec(QStringLiteral("SET SESSION time_zone = '+00:00', "
                               "sql_mode = 'STRICT_ALL_TABLES,NO_AUTO_VALUE_ON_ZERO,NO_ENGINE_SUBSTITUTION,"
                               "ERROR_FOR_DIVISION_BY_ZERO', "
                               "innodb_lock_wait_timeout = 30, group_concat_max_len = 1048576")))
        return false;
    WarningPolicy w;
    w.asErrors = warningsAsErrors;
    c.setWarningPolicy(w);
    return true;
}

// --- TableInfo -------------------------------------------------------------------------------------

QString TableInfo::pkList() const
{
    QStringList out;
    for (int i : pk)
        out.append(Connection::quoteIdentifier(columns.at(i)));
    return out.join(QLatin1Char(','));
}

bool TableInfo::integerKey() const
{
    for (int i : pk)
        if (cols.value(i).kind != ColumnKind::Int && cols.value(i).kind != ColumnKind::UInt)
            return false;
    return !pk.isEmpty();
}

QList<int> TableInfo::writable() const
{
    QList<int> out;
    for (int i = 0; i < cols.size(); ++i)
        if (!cols.at(i).generated)
            out.append(i);
    return out;
}

static bool isIntegerType(const QString &t)
{
    static const QStringList ints = {QStringLiteral("tinyint"), QStringLiteral("smallint"),
                                     QStringLiteral("mediumint"), QStringLiteral("int"),
                                     QStringLiteral("bigint")};
    return ints.contains(t);
}

// The kind of a column from information_schema (DATA_TYPE, COLUMN_TYPE, the character set).
static void classify(ColumnInfo *c)
{
    static const QStringList texts = {QStringLiteral("char"), QStringLiteral("varchar"), QStringLiteral("tinytext"),
                                      QStringLiteral("text"), QStringLiteral("mediumtext"), QStringLiteral("longtext")};
    static const QStringList binaries = {QStringLiteral("binary"), QStringLiteral("varbinary"),
                                         QStringLiteral("tinyblob"), QStringLiteral("blob"),
                                         QStringLiteral("mediumblob"), QStringLiteral("longblob")};
    static const QStringList geometries = {QStringLiteral("geometry"), QStringLiteral("point"),
                                           QStringLiteral("linestring"), QStringLiteral("polygon"),
                                           QStringLiteral("multipoint"), QStringLiteral("multilinestring"),
                                           QStringLiteral("multipolygon"), QStringLiteral("geometrycollection")};
    const QString &t = c->dataType;
    if (c->columnType.contains(QLatin1String("mariadb-5.3"))) {
        c->kind = ColumnKind::Unsupported;
        c->why = QStringLiteral("an old-format temporal column (created before MariaDB 10.1.2 or with "
                                "mysql56_temporal_format=OFF); rebuild the table (ALTER TABLE ... FORCE) first");
    } else if (isIntegerType(t)) {
        c->kind = c->columnType.contains(QLatin1String("unsigned")) ? ColumnKind::UInt : ColumnKind::Int;
    } else if (t == QLatin1String("float")) {
        c->kind = ColumnKind::Float;
    } else if (t == QLatin1String("double") || t == QLatin1String("real")) {
        c->kind = ColumnKind::Double;
    } else if (t == QLatin1String("decimal")) {
        c->kind = ColumnKind::Decimal;
    } else if (t == QLatin1String("date")) {
        c->kind = ColumnKind::Date;
    } else if (t == QLatin1String("datetime")) {
        c->kind = ColumnKind::DateTime;
    } else if (t == QLatin1String("timestamp")) {
        c->kind = ColumnKind::Timestamp;
    } else if (t == QLatin1String("time")) {
        c->kind = ColumnKind::Time;
    } else if (t == QLatin1String("year")) {
        c->kind = ColumnKind::Year;
    } else if (t == QLatin1String("enum")) {
        c->kind = ColumnKind::Enum;
    } else if (t == QLatin1String("set")) {
        c->kind = ColumnKind::Set;
    } else if (t == QLatin1String("bit")) {
        c->kind = ColumnKind::Bit;
    } else if (texts.contains(t) || t == QLatin1String("json")) {
        c->kind = c->charset == QLatin1String("binary") ? ColumnKind::Binary : ColumnKind::Text;
    } else if (binaries.contains(t) || t == QLatin1String("inet6") || t == QLatin1String("inet4") ||
               t == QLatin1String("uuid")) {
        c->kind = ColumnKind::Binary; // INET6, INET4, UUID: their stored bytes (CAST(col AS BINARY))
    } else if (geometries.contains(t)) {
        c->kind = ColumnKind::Geometry;
    } else {
        c->kind = ColumnKind::Unsupported;
        c->why = QStringLiteral("the type %1 is not supported by the engine (not read and written exactly yet)")
                     .arg(c->columnType);
    }
}

// The statements describing `tables` of one schema: their columns, engines and unique keys in three
// information_schema queries for all of them (the server's cost is per query more than per table: 27
// tables' columns took it about 2 ms in one query against 9 ms in one query each), then each table's
// SHOW CREATE TABLE, in order. `withName`: each row of the three starts with its TABLE_NAME (a batch);
// without it, one table's four results are buildTableInfo's input as they are.
static QList<QByteArray> tableInfoQueries(Connection &c, const QString &schema, const QStringList &tables, bool withName)
{
    QStringList names;
    for (const QString &t : tables)
        names.append(c.quoteString(t));
    const QString where = QStringLiteral(" WHERE TABLE_SCHEMA = %1 AND TABLE_NAME IN (%2) ")
                              .arg(c.quoteString(schema), names.join(QLatin1Char(',')));
    const QString name = withName ? QStringLiteral("TABLE_NAME, ") : QString();
    // MariaDB marks a column in the pre-10.1.2 temporal format with "/* mariadb-5.3 */" in COLUMN_TYPE
    // (classify() refuses it; show_old_temporals, which the earlier code set around this query, is
    // MySQL's and unknown to MariaDB).
    QList<QByteArray> out{
        (QStringLiteral("SELECT ") + name +
         QStringLiteral("COLUMN_NAME, LOWER(DATA_TYPE), LOWER(COLUMN_TYPE), COALESCE(CHARACTER_SET_NAME, ''), "
                        "COALESCE(COLLATION_NAME, ''), COALESCE(DATETIME_PRECISION, 0), IS_GENERATED, IS_NULLABLE FROM "
                        "information_schema.COLUMNS") +
         where + QStringLiteral("ORDER BY ") + name + QStringLiteral("ORDINAL_POSITION"))
            .toUtf8(),
        (QStringLiteral("SELECT ") + name + QStringLiteral("COALESCE(ENGINE, ''), COALESCE(AVG_ROW_LENGTH, 0) FROM information_schema.TABLES") + where)
            .toUtf8(),
        // The key rows are identified by: PRIMARY, else the first unique key over NOT NULL columns only.
        (QStringLiteral("SELECT ") + name + QStringLiteral("INDEX_NAME, COLUMN_NAME, SUB_PART FROM information_schema.STATISTICS") +
         where + QStringLiteral("AND NON_UNIQUE = 0 AND INDEX_TYPE <> 'HASH' ORDER BY ") + name +
         QStringLiteral("INDEX_NAME = 'PRIMARY' DESC, INDEX_NAME, SEQ_IN_INDEX"))
            .toUtf8()};
    for (const QString &t : tables)
        out.append((QStringLiteral("SHOW CREATE TABLE ") + Connection::quoteIdentifier(schema) + QLatin1Char('.') +
                    Connection::quoteIdentifier(t))
                       .toUtf8());
    return out;
}

// The four statements whose results describe one table (buildTableInfo's input, in order).
static QList<QByteArray> tableInfoStatements(Connection &c, const QString &schema, const QString &table)
{
    return tableInfoQueries(c, schema, {table}, false);
}

// One table's TableInfo from the results of its tableInfoStatements.
static bool buildTableInfo(const QueryResult *res, const QString &server, const QString &schema, const QString &table,
                           const QString &shardingColumn, TableInfo *out, QString *error)
{
    TableInfo info;
    const QueryResult *cols = &res[0];
    if (cols->rows.isEmpty()) {
        *error = QStringLiteral("table %1.%2 does not exist on %3").arg(schema, table, server);
        return false;
    }
    for (const auto &r : cols->rows) {
        ColumnInfo ci;
        ci.name = r.at(0).toString();
        ci.dataType = r.at(1).toString();
        ci.columnType = r.at(2).toString();
        ci.charset = r.at(3).toString();
        ci.collation = r.at(4).toString();
        ci.fsp = r.at(5).toInt();
        ci.generated = r.at(6).toString().toUpper() != QLatin1String("NEVER");
        ci.nullable = r.at(7).toString().toUpper() == QLatin1String("YES");
        classify(&ci);
        info.columns.append(ci.name);
        info.dataTypes.append(ci.dataType);
        info.cols.append(ci);
    }
    if (!res[1].rows.isEmpty() && !res[1].rows.first().isEmpty())
        info.engine = res[1].rows.first().first().toString();
    if (!res[1].rows.isEmpty() && res[1].rows.first().size() > 1)
        info.avgRowBytes = qMax<qint64>(0, res[1].rows.first().at(1).toLongLong());
    const QueryResult *keys = &res[2];
    QStringList order;
    QHash<QString, QList<int>> byName;
    QSet<QString> unusable;
    for (const auto &r : keys->rows) {
        const QString name = r.at(0).toString();
        if (!order.contains(name))
            order.append(name);
        const int col = int(info.columns.indexOf(r.at(1).toString()));
        if (col < 0 || r.at(2).isValid() || info.cols.at(col).nullable)
            unusable.insert(name); // a prefix, or a column that may be NULL: not an identity
        byName[name].append(col);
    }
    QString prefixed;
    for (const QString &name : std::as_const(order)) {
        if (unusable.contains(name)) {
            if (name == QLatin1String("PRIMARY"))
                prefixed = name;
            continue;
        }
        info.pk = byName.value(name);
        info.keyName = name;
        break;
    }
    if (info.pk.isEmpty()) {
        *error = prefixed.isEmpty()
                     ? QStringLiteral("table %1.%2 has no primary key and no unique key over NOT NULL columns: the "
                                      "engine copies, verifies and purges rows by such a key, so this table cannot "
                                      "move (add one first)")
                           .arg(schema, table)
                     : QStringLiteral("table %1.%2: its primary key indexes a prefix of a column, which does not "
                                      "identify a row's whole value; the engine needs a key over whole columns")
                           .arg(schema, table);
        return false;
    }
    if (!shardingColumn.isEmpty()) {
        info.shardColumn = int(info.columns.indexOf(shardingColumn));
        if (info.shardColumn < 0) {
            *error = QStringLiteral("table %1.%2 has no column %3 (the sharding column)").arg(schema, table,
                                                                                            shardingColumn);
            return false;
        }
        info.keyType = isIntegerType(info.dataTypes.at(info.shardColumn)) ? KeyType::Integer : KeyType::String;
    }
    if (res[3].rows.isEmpty() || res[3].rows.first().size() < 2) {
        *error = QStringLiteral("SHOW CREATE TABLE %1.%2 on %3 returned no definition").arg(schema, table, server);
        return false;
    }
    info.createSql = res[3].rows.first().at(1).toString();
    *out = info;
    return true;
}


bool readTableInfo(Connection &c, const QString &schema, const QString &table, const QString &shardingColumn,
                   TableInfo *out, QString *error)
{
    QList<QueryResult> r;
    if (!c.queryMulti(tableInfoStatements(c, schema, table), &r) || r.size() != 4) {
        // "Statement 4 of 4" says less than the statement: a missing table is named as such.
        const QString multiError = c.lastError();
        auto cols = c.query(QString::fromUtf8(tableInfoStatements(c, schema, table).first()));
        *error = cols && cols->rows.isEmpty()
                     ? QStringLiteral("table %1.%2 does not exist on %3").arg(schema, table, c.params().describe())
                     : multiError;
        return false;
    }
    return buildTableInfo(r.constData(), c.params().describe(), schema, table, shardingColumn, out, error);
}

// A batch's first three results indexed by table name (byte for byte), each row without that column.
using BatchRows = std::array<QHash<QString, QList<QList<QVariant>>>, 3>;
static BatchRows indexBatch(const QList<QueryResult> &r)
{
    BatchRows out;
    for (int q = 0; q < 3; ++q)
        for (const auto &row : r.at(q).rows)
            if (!row.isEmpty())
                out[size_t(q)][row.first().toString()].append(row.mid(1));
    return out;
}

bool readTableInfos(Connection &c, const QList<TableRef> &tables, QList<TableInfo> *out, QString *error)
{
    out->clear();
    // Batches of one schema's tables (at most 256: a bounded statement), in the caller's order.
    QList<QList<qsizetype>> batches;
    QHash<QString, qsizetype> open; // schema -> its batch being filled
    for (qsizetype i = 0; i < tables.size(); ++i) {
        auto it = open.find(tables.at(i).schema);
        if (it == open.end() || batches.at(it.value()).size() >= 256) {
            it = open.insert(tables.at(i).schema, batches.size());
            batches.append(QList<qsizetype>());
        }
        batches[it.value()].append(i);
    }
    QList<TableInfo> infos(tables.size());
    for (const QList<qsizetype> &batch : std::as_const(batches)) {
        QStringList names;
        for (qsizetype i : batch)
            names.append(tables.at(i).table);
        const QList<QByteArray> statements = tableInfoQueries(c, tables.at(batch.first()).schema, names, true);
        QList<QueryResult> r;
        const bool batched = c.queryMulti(statements, &r) && r.size() == statements.size();
        const BatchRows rows = batched ? indexBatch(r) : BatchRows{};
        for (qsizetype k = 0; k < batch.size(); ++k) {
            const TableRef &t = tables.at(batch.at(k));
            QueryResult res[4];
            for (int q = 0; q < 3; ++q)
                res[q].rows = rows[size_t(q)].value(t.table);
            if (batched)
                res[3] = r.at(3 + k);
            // A failed batch (a table missing: SHOW CREATE TABLE fails), or a table not found by its exact
            // name: one table at a time, whose error names the table.
            if (!batched || res[0].rows.isEmpty()) {
                if (!readTableInfo(c, t.schema, t.table, t.shardingColumn, &infos[batch.at(k)], error))
                    return false;
                continue;
            }
            if (!buildTableInfo(res, c.params().describe(), t.schema, t.table, t.shardingColumn, &infos[batch.at(k)],
                                error))
                return false;
        }
    }
    *out = infos;
    return true;
}

QString normalizedCreate(const QString &createSql)
{
    static const QRegularExpression autoInc(QStringLiteral(" AUTO_INCREMENT=\\d+"));
    static const QRegularExpression head(QStringLiteral("^CREATE TABLE `(?:[^`]|``)*`"));
    QString s = createSql;
    s.remove(autoInc);
    s.replace(head, QStringLiteral("CREATE TABLE `t`"));
    return s;
}

// --- MoveSet ---------------------------------------------------------------------------------------

QString MoveUnit::qualifiedSource() const
{
    return Connection::quoteIdentifier(sourceSchema) + QLatin1Char('.') + Connection::quoteIdentifier(source.table);
}

QString MoveUnit::qualifiedTarget(int t) const
{
    const MoveTarget &mt = targets.at(t);
    return Connection::quoteIdentifier(mt.schema) + QLatin1Char('.') + Connection::quoteIdentifier(mt.node.table);
}

static QString sourceKey(const QString &instance, const QString &schema, const QString &table)
{
    return instance + QLatin1Char('|') + schema + QLatin1Char('|') + table;
}

bool MoveSet::build(const planning::ExpansionPlan &plan, const ShardingConfig &newConfig,
                    const Endpoints &endpoints, QString *error)
{
    m_units.clear();
    m_bySource.clear();
    m_router = std::make_shared<Router>(newConfig);
    QSet<QString> added;
    for (const planning::PlanDataSource &ds : plan.dataSources)
        if (ds.added)
            added.insert(ds.name);
    QSet<QString> targetNodes, sourceNodes;
    for (const planning::TablePlan &tp : plan.tables) {
        QList<int> unitsOfTable;
        for (const planning::MovePair &pair : tp.pairs) {
            int ui = -1;
            for (int u : unitsOfTable)
                if (m_units.at(u).source == pair.source)
                    ui = u;
            if (ui < 0) {
                const Endpoint *se = endpoints.of(pair.source.dataSource);
                if (!se) {
                    *error = QStringLiteral("data source %1 of the plan is not in its new config").arg(
                        pair.source.dataSource);
                    return false;
                }
                MoveUnit u;
                u.id = int(m_units.size());
                u.logicTable = tp.logicTable;
                u.broadcast = tp.broadcast;
                u.source = pair.source;
                u.sourceSchema = se->schema;
                u.sourceInstance = se->instance;
                u.shardingColumn = tp.broadcast ? QString() : tp.shardingColumn;
                m_units.append(u);
                ui = u.id;
                unitsOfTable.append(ui);
                sourceNodes.insert(se->instance + QLatin1Char('|') + se->schema + QLatin1Char('|') + pair.source.table);
            }
            const Endpoint *te = endpoints.of(pair.target.dataSource);
            if (!te) {
                *error = QStringLiteral("data source %1 of the plan is not in its new config").arg(
                    pair.target.dataSource);
                return false;
            }
            MoveTarget t{pair.target, te->schema, te->instance, pair.rows(),
                         pair.predicate.kind == planning::MovePredicate::Kind::Sql ? pair.predicate.sql() : QString(),
                         !added.contains(pair.target.dataSource)};
            if (t.existing && (tp.broadcast || t.predicateSql.isEmpty())) {
                *error = QStringLiteral("the plan moves rows of %1 into %2, a data node that already holds rows, "
                                        "without an SQL predicate (%3): the engine could not tell the moved rows "
                                        "from the table's own; use a CRC32-based algorithm (CRC32_MOD, "
                                        "CONSISTENT_HASH) or move into new data sources")
                             .arg(pair.source.toString(), pair.target.toString(),
                                  pair.predicate.clientNote.isEmpty() ? planning::kindName(pair.predicate.kind)
                                                                      : pair.predicate.clientNote);
                return false;
            }
            m_units[ui].targets.append(t);
            targetNodes.insert(te->instance + QLatin1Char('|') + te->schema + QLatin1Char('|') + pair.target.table);
        }
        // The pushdown predicate: every pair's SQL form, or none when one has no SQL form.
        for (int ui : unitsOfTable) {
            QStringList ors;
            bool all = !tp.broadcast;
            for (const planning::MovePair &pair : tp.pairs) {
                if (pair.source != m_units.at(ui).source)
                    continue;
                if (pair.predicate.kind != planning::MovePredicate::Kind::Sql)
                    all = false;
                else
                    ors.append(QLatin1Char('(') + pair.predicate.sql() + QLatin1Char(')'));
            }
            if (all && !ors.isEmpty())
                m_units[ui].pushdownSql = ors.join(QStringLiteral(" OR "));
        }
    }
    for (const QString &t : std::as_const(targetNodes)) {
        if (sourceNodes.contains(t)) {
            *error = QStringLiteral("the plan moves rows into %1, which is also a source of moving rows; moving "
                                    "rows between existing physical tables is not supported by this version")
                         .arg(t.section(QLatin1Char('|'), 1));
            return false;
        }
    }
    for (const MoveUnit &u : std::as_const(m_units)) {
        const QString key = sourceKey(u.sourceInstance, u.sourceSchema, u.source.table);
        if (m_bySource.contains(key)) {
            *error = QStringLiteral("two data sources of the plan share the physical table %1.%2 on %3")
                         .arg(u.sourceSchema, u.source.table, u.sourceInstance);
            return false;
        }
        m_bySource.insert(key, u.id);
    }
    if (m_units.isEmpty()) {
        *error = QStringLiteral("the plan moves nothing");
        return false;
    }
    for (MoveUnit &u : m_units) {
        const TableRoute *tr = u.broadcast ? nullptr : m_router->table(u.logicTable);
        if (!tr || !tr->error.isEmpty())
            continue;
        u.routeTargets.assign(size_t(tr->nodes.size()), -2);
        for (int n = 0; n < tr->nodes.size(); ++n) {
            if (tr->nodes.at(n) == u.source)
                u.routeTargets[size_t(n)] = -1;
            for (int i = 0; i < u.targets.size(); ++i)
                if (u.targets.at(i).node == tr->nodes.at(n))
                    u.routeTargets[size_t(n)] = i;
        }
    }
    return true;
}

const MoveUnit *MoveSet::unitFor(const QString &instance, const QString &schema, const QString &table) const
{
    const int i = m_bySource.value(sourceKey(instance, schema, table), -1);
    return i < 0 ? nullptr : &m_units.at(i);
}

QStringList MoveSet::sourceInstances() const
{
    QStringList out;
    for (const MoveUnit &u : m_units)
        if (!out.contains(u.sourceInstance))
            out.append(u.sourceInstance);
    return out;
}

QStringList MoveSet::targetInstances() const
{
    QStringList out;
    for (const MoveUnit &u : m_units)
        for (const MoveTarget &t : u.targets)
            if (!out.contains(t.instance))
                out.append(t.instance);
    return out;
}

QString MoveSet::targetScope(const QString &instance, const QString &schema, const QString &table) const
{
    QStringList ors;
    bool existing = false;
    for (const MoveUnit &u : m_units)
        for (const MoveTarget &t : u.targets)
            if (t.instance == instance && t.schema == schema && t.node.table == table) {
                existing = existing || t.existing;
                ors.append(QLatin1Char('(') + t.predicateSql + QLatin1Char(')'));
            }
    if (!existing || ors.isEmpty())
        return QString();
    return QLatin1Char('(') + ors.join(QStringLiteral(" OR ")) + QLatin1Char(')');
}

static bool isPlainAscii(QByteArrayView b)
{
    for (const char c : b)
        if (uchar(c) >= 0x80)
            return false;
    return true;
}

bool MoveSet::routeUtf8(const MoveUnit &u, QByteArrayView key, int *target) const
{
    // Bytes that are not plain ASCII go through QString as route()'s exact path takes them.
    QByteArray normalized;
    if (!isPlainAscii(key)) {
        normalized = QString::fromUtf8(key).toUtf8();
        key = QByteArrayView(normalized);
    }
    const int n = m_router->routeIndex(u.logicTable, key, u.info.keyType);
    if (n < 0 || size_t(n) >= u.routeTargets.size() || u.routeTargets[size_t(n)] == -2)
        return false;
    *target = u.routeTargets[size_t(n)];
    return true;
}

bool MoveSet::routeFast(const MoveUnit &u, QByteArrayView key, int *target) const
{
    if (u.broadcast || u.routeTargets.empty() || u.info.shardColumn < 0)
        return false;
    const ColumnKind kind = u.info.cols.at(u.info.shardColumn).kind;
    if (kind == ColumnKind::Float || kind == ColumnKind::Double)
        return false;
    // An integer's text as route() sees the value: a ZEROFILL column's "00042" and YEAR's "0000" are
    // the numbers 42 and 0.
    const bool integer = kind == ColumnKind::Int || kind == ColumnKind::UInt || kind == ColumnKind::Year ||
                         kind == ColumnKind::Enum || kind == ColumnKind::Set;
    if (integer && key.size() > 1 && (key.front() == '0' || (key.front() == '-' && key.at(1) == '0'))) {
        const QByteArray canonical = kind == ColumnKind::Int || kind == ColumnKind::Year
                                         ? QByteArray::number(key.toLongLong())
                                         : QByteArray::number(key.toULongLong());
        return routeUtf8(u, canonical, target);
    }
    return routeUtf8(u, key, target);
}

RowRoute MoveSet::route(const MoveUnit &u, const QList<QVariant> &row) const
{
    RowRoute r;
    if (u.broadcast) {
        for (int i = 0; i < u.targets.size(); ++i)
            r.targets.append(i);
        return r;
    }
    const QVariant &v = row.value(u.info.shardColumn);
    if (!v.isValid()) {
        // ShardingSphere cannot route a NULL key either; such a row stays where it is.
        return r;
    }
    if (!u.routeTargets.empty()) {
        // The router's fast path on the key's UTF-8 (the same text the exact path below routes); its
        // errors are worded below.
        const QByteArray utf8 = v.typeId() == QMetaType::QByteArray ? v.toByteArray() : v.toString().toUtf8();
        int t = -1;
        if (routeUtf8(u, utf8, &t)) {
            if (t >= 0)
                r.targets.append(t);
            return r;
        }
    }
    ShardingValue key;
    key.text = v.typeId() == QMetaType::QByteArray ? QString::fromUtf8(v.toByteArray()) : v.toString();
    key.type = u.info.keyType;
    const RouteResult rr = m_router->route(u.logicTable, key);
    if (!rr.ok) {
        r.ok = false;
        r.error = QStringLiteral("%1: key '%2' cannot be routed with the new config: %3")
                      .arg(u.logicTable, key.text.left(64), rr.error);
        return r;
    }
    if (rr.node == u.source)
        return r;
    for (int i = 0; i < u.targets.size(); ++i)
        if (u.targets.at(i).node == rr.node) {
            r.targets.append(i);
            return r;
        }
    r.ok = false;
    r.error = QStringLiteral("%1: key '%2' of %3 routes to %4, which the plan does not move it to")
                  .arg(u.logicTable, key.text.left(64), u.source.toString(), rr.node.toString());
    return r;
}

void MoveSet::setOldConfig(const ShardingConfig &oldConfig)
{
    m_oldRouter = std::make_shared<Router>(oldConfig);
}

const MoveUnit *MoveSet::oldUnitFor(const QList<const MoveUnit *> &units, const QList<QVariant> &row, QString *error,
                                    bool *elsewhere) const
{
    if (elsewhere)
        *elsewhere = false;
    if (units.isEmpty())
        return nullptr;
    if (units.size() == 1 && !elsewhere)
        return units.first();
    const MoveUnit &first = *units.first();
    if (!m_oldRouter) {
        *error = QStringLiteral("%1: the old config's routing is not known").arg(first.logicTable);
        return nullptr;
    }
    const QVariant &v = row.value(first.info.shardColumn);
    if (!v.isValid()) {
        *error = QStringLiteral("%1: a row without a sharding value on a target table").arg(first.logicTable);
        return nullptr;
    }
    ShardingValue key;
    key.text = v.typeId() == QMetaType::QByteArray ? QString::fromUtf8(v.toByteArray()) : v.toString();
    key.type = first.info.keyType;
    const RouteResult rr = m_oldRouter->route(first.logicTable, key);
    if (!rr.ok) {
        *error = QStringLiteral("%1: key '%2' cannot be routed with the old config: %3")
                     .arg(first.logicTable, key.text.left(64), rr.error);
        return nullptr;
    }
    for (const MoveUnit *u : units)
        if (u->source == rr.node)
            return u;
    if (elsewhere) {
        *elsewhere = true;
        return nullptr;
    }
    *error = QStringLiteral("%1: key '%2' belongs to %3 by the old config, which feeds none of this target's rows")
                 .arg(first.logicTable, key.text.left(64), rr.node.toString());
    return nullptr;
}

} // namespace sp::migration
