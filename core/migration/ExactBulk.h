#pragma once
// Writing a chunk's rows in exact form (core/cluster/ExactValue.h) with one prepared INSERT executed
// over arrays of parameters (MariaDB's COM_STMT_BULK_EXECUTE, Connector/C's array binding): the server
// neither parses a statement per row nor reads a LOAD DATA stream byte by byte; each value reaches the
// same Field::store call LOAD DATA's input does (ExactLoad.h):
//   - every value as a binary string (MYSQL_TYPE_BLOB: no character set conversion, as LOAD DATA's
//     CHARACTER SET binary), the bytes the source sent, pointed to in place (no copy, no escaping);
//   - ENUM, SET and YEAR as 64-bit integers (their exact reader gives the number; a digit string would be
//     read as an ENUM member's name, or YEAR '0' as 2000), as LOAD DATA's CAST(@v AS UNSIGNED/SIGNED);
//     the integer types (TINYINT..BIGINT, UNSIGNED with the unsigned flag) too: the number their text
//     is, stored without the server parsing a string per value;
//   - FLOAT and DOUBLE as the double the source's text parses to (a FLOAT that is no float value fails,
//     as appendExactLoadRow does).
// An INSERT stops at the first error in strict mode; warnings (notes included where the session's policy
// says so) fail it by Connection::warningError, as every statement of the engine's target sessions.
#include "core/cluster/RawResult.h"
#include "core/migration/MoveSet.h"

#include <QList>
#include <QString>

#include <vector>

struct st_mysql;
struct st_mysql_stmt;

namespace sp {
class Connection;
}

namespace sp::migration {

class ExactBulkInsert final
{
public:
    explicit ExactBulkInsert(Connection &connection) : m_conn(&connection) {}
    ~ExactBulkInsert();
    ExactBulkInsert(const ExactBulkInsert &) = delete;
    ExactBulkInsert &operator=(const ExactBulkInsert &) = delete;

    // Prepares the INSERT of info's writable columns (writableColumns order) into `qualifiedTable`.
    // False with `error`; `unsupported` set when the server cannot execute arrays of parameters (the
    // caller writes with LOAD DATA instead).
    bool prepare(const TableInfo &info, const QString &qualifiedTable, bool *unsupported, QString *error);
    // The prepared statement belongs to the connection's current session (false after a reconnect).
    bool preparedOn(const st_mysql *session) const { return m_stmt && m_session == session; }

    // Inserts rows `which` of `rows` (read with exactSelectList(info)), in executions of at most
    // `budgetBytes` of values each (a single larger row goes alone: the caller keeps rows longer than
    // max_allowed_packet allows off this path). `affected` is the rows the server inserted. On failure
    // `error` and `errNo` (the server's, 0 for a value refused here) say why.
    bool insert(const RawResult &rows, const QList<qsizetype> &which, quint64 budgetBytes, quint64 *affected,
                QString *error, unsigned *errNo);

private:
    bool execute(const RawResult &rows, const QList<qsizetype> &which, qsizetype from, qsizetype to, quint64 *affected,
                 QString *error, unsigned *errNo);
    bool failStmt(const QString &context, QString *error, unsigned *errNo);

    enum class Form { Bytes, Signed, Unsigned, Double, Float };
    Connection *m_conn;
    const st_mysql *m_session = nullptr;
    st_mysql_stmt *m_stmt = nullptr;
    QString m_table;
    QList<int> m_columns;  // info.writable(): the result columns bound, in order
    std::vector<Form> m_forms;
    QStringList m_names;
    // One execution's arrays, per bound column; their memory kept from execution to execution.
    std::vector<std::vector<const char *>> m_ptrs;
    std::vector<std::vector<unsigned long>> m_lengths;
    std::vector<std::vector<char>> m_indicators;
    std::vector<std::vector<long long>> m_ints;
    std::vector<std::vector<double>> m_doubles;
};

} // namespace sp::migration
