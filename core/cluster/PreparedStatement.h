#pragma once
#include "core/cluster/Connection.h"

struct st_mysql_stmt;

namespace sp {

// A server-side prepared statement (mysql_stmt_*) on one Connection, which must outlive it. Move-only.
//
// Parameters are QVariants bound by type: invalid/null -> NULL, bool and signed integers -> BIGINT,
// unsigned integers -> BIGINT UNSIGNED, float/double -> DOUBLE, QByteArray -> binary string (bytes
// intact, NUL included), QString -> UTF-8 text (the connection's utf8mb4), QDate/QTime/QDateTime ->
// ISO text. Other types fail with an error naming the parameter. Results come back as in QueryResult
// (NULL is an invalid QVariant, '' an empty string; binary columns as QByteArray).
//
// The connection's WarningPolicy applies (a rejected warning fails execute()/query()), and the
// connection's QueryRegistry, if any, sees each execution. Errors carry the server's message:
// "<endpoint>: <message> (mysql error <errno>)".
class PreparedStatement final
{
public:
    explicit PreparedStatement(Connection &connection);
    ~PreparedStatement();
    PreparedStatement(PreparedStatement &&other) noexcept;
    PreparedStatement &operator=(PreparedStatement &&) = delete;
    PreparedStatement(const PreparedStatement &) = delete;
    PreparedStatement &operator=(const PreparedStatement &) = delete;

    bool prepare(const QString &sql);
    bool isPrepared() const { return m_stmt != nullptr; }
    int paramCount() const;

    // For statements without a result set (INSERT/UPDATE/DELETE...).
    bool execute(const QList<QVariant> &params, ExecResult *result = nullptr);
    // For SELECTs: the whole result in memory. nullopt on error.
    std::optional<QueryResult> query(const QList<QVariant> &params);

    QString lastError() const { return m_lastError; }
    unsigned lastErrno() const { return m_lastErrno; }

private:
    bool bindAndExecute(const QList<QVariant> &params);
    bool fail(const QString &context = {});
    bool failWith(const QString &message, unsigned errNo = 0);

    Connection *m_connection;
    st_mysql_stmt *m_stmt = nullptr;
    QString m_sql;
    QString m_lastError;
    unsigned m_lastErrno = 0;
};

} // namespace sp
