// Connection::execMulti/queryMulti: statements sent together (multi-statement queries) to save round trips.
#include "core/cluster/Connection.h"

#include "core/cluster/QueryRegistry.h"

#include <mysql.h>

namespace sp {

bool Connection::execMulti(const QList<QByteArray> &statements, QList<ExecResult> *results, bool *warned)
{
    if (warned)
        *warned = false;
    if (results)
        results->clear();
    if (!m_mysql)
        return fail();
    const quint64 packet = maxAllowedPacket();
    if (packet == 0)
        return false;
    const qsizetype limit = qsizetype(qMin<quint64>(packet - 1024, 16u * 1024 * 1024));
    if (!m_params.multiStatements && mysql_set_server_option(m_mysql, MYSQL_OPTION_MULTI_STATEMENTS_ON) != 0)
        return fail(QStringLiteral("multi-statements on"));
    bool ok = true;
    for (qsizetype first = 0; ok && first < statements.size();) {
        // As many statements as fit one packet (a longer one goes alone).
        QByteArray sql = statements.at(first);
        qsizetype last = first + 1;
        while (last < statements.size() && sql.size() + 2 + statements.at(last).size() <= limit) {
            sql += ";\n" + statements.at(last);
            ++last;
        }
        QueryRegistry::Scope scope(m_registry, m_params, mysql_thread_id(m_mysql), QString::fromUtf8(sql.left(200)));
        if (!scope.ok()) {
            setError(QStringLiteral("cancelled"));
            ok = false;
            break;
        }
        int status = mysql_real_query(m_mysql, sql.constData(), (unsigned long)sql.size());
        qsizetype index = first;
        while (true) {
            if (status != 0) { // this statement failed; the server ran none after it
                fail(QStringLiteral("statement %1 of %2").arg(index + 1).arg(statements.size()));
                ok = false;
                break;
            }
            if (MYSQL_RES *res = mysql_store_result(m_mysql))
                mysql_free_result(res);
            ExecResult r;
            r.affectedRows = mysql_affected_rows(m_mysql);
            r.lastInsertId = mysql_insert_id(m_mysql);
            r.warnings = mysql_warning_count(m_mysql);
            if (const char *info = mysql_info(m_mysql))
                r.info = QString::fromUtf8(info);
            if (r.warnings > 0 && m_warningPolicy.asErrors && ok) {
                setError(QStringLiteral("statement %1 of %2 left %3 warning(s)").arg(index + 1).arg(statements.size()).arg(r.warnings));
                if (warned)
                    *warned = true;
                ok = false; // the rest of this query still has to be read off the connection
            }
            if (results && ok)
                results->append(r);
            ++index;
            const int more = mysql_next_result(m_mysql);
            if (more == -1)
                break;
            status = more; // > 0: the next statement failed
        }
        first = last;
    }
    if (!m_params.multiStatements && mysql_set_server_option(m_mysql, MYSQL_OPTION_MULTI_STATEMENTS_OFF) != 0 && ok)
        return fail(QStringLiteral("multi-statements off"));
    if (ok)
        clearError();
    return ok;
}

bool Connection::queryMulti(const QList<QByteArray> &statements, QList<QueryResult> *results)
{
    results->clear();
    if (!m_mysql)
        return fail();
    if (statements.isEmpty())
        return true;
    QByteArray sql;
    for (const QByteArray &s : statements)
        sql += (sql.isEmpty() ? QByteArray() : QByteArray(";\n")) + s;
    if (!m_params.multiStatements && mysql_set_server_option(m_mysql, MYSQL_OPTION_MULTI_STATEMENTS_ON) != 0)
        return fail(QStringLiteral("multi-statements on"));
    bool ok = true;
    {
        QueryRegistry::Scope scope(m_registry, m_params, mysql_thread_id(m_mysql), QString::fromUtf8(sql.left(200)));
        if (!scope.ok()) {
            setError(QStringLiteral("cancelled"));
            ok = false;
        }
        int status = ok ? mysql_real_query(m_mysql, sql.constData(), (unsigned long)sql.size()) : 1;
        qsizetype index = 0;
        while (ok) {
            if (status != 0) { // this statement failed; the server ran none after it
                fail(QStringLiteral("statement %1 of %2").arg(index + 1).arg(statements.size()));
                ok = false;
                break;
            }
            QueryResult out;
            if (MYSQL_RES *res = mysql_store_result(m_mysql)) {
                out = takeResult(res);
            } else if (mysql_field_count(m_mysql) != 0) {
                fail(QStringLiteral("statement %1 of %2").arg(index + 1).arg(statements.size()));
                ok = false; // the connection is in an unknown state: the caller drops it on error
                break;
            }
            // SHOW WARNINGS cannot run between the results: under a policy that makes warnings errors,
            // any warning fails the call (the caller runs the statement alone to see them).
            if (const unsigned w = mysql_warning_count(m_mysql); w > 0 && m_warningPolicy.asErrors) {
                setError(QStringLiteral("statement %1 of %2 left %3 warning(s)").arg(index + 1).arg(statements.size()).arg(w));
                ok = false; // the rest of this query still has to be read off the connection
                while (mysql_next_result(m_mysql) == 0)
                    if (MYSQL_RES *res = mysql_store_result(m_mysql))
                        mysql_free_result(res);
                break;
            }
            results->append(std::move(out));
            ++index;
            const int more = mysql_next_result(m_mysql);
            if (more == -1)
                break;
            status = more; // > 0: the next statement failed
        }
    }
    if (!m_params.multiStatements && mysql_set_server_option(m_mysql, MYSQL_OPTION_MULTI_STATEMENTS_OFF) != 0 && ok)
        return fail(QStringLiteral("multi-statements off"));
    if (ok)
        clearError();
    return ok;
}

} // namespace sp
