#pragma once
#include <memory>
#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <functional>
#include <optional>

struct st_mysql;
struct st_mysql_res;

namespace sp {

class QueryRegistry;

enum class SslMode {
    Default,        // libmariadb's default (no TLS unless the server and options ask for it)
    Disabled,
    Preferred,      // TLS when the server offers it
    Required,       // refuse a plain connection
    VerifyCa,       // Required + verify the certificate chain against `ca`
    VerifyIdentity  // VerifyCa + verify the host name
};

struct TlsOptions
{
    SslMode mode = SslMode::Default;
    QString ca;   // CA file
    QString cert; // client certificate
    QString key;  // client key
};

// What `ExecResult::affectedRows` counts for an UPDATE.
enum class AffectedRows
{
    Matched, // rows the WHERE clause matched, changed or not (CLIENT_FOUND_ROWS). An applier needs this:
             // "UPDATE ... WHERE pk = 5" returns 1 whenever row 5 exists, even when it already had the
             // values.
    Changed  // rows whose values actually changed (the server's default without CLIENT_FOUND_ROWS)
};

// One entry of SHOW WARNINGS.
struct SqlWarning
{
    QString level; // "Note", "Warning" or "Error"
    unsigned code = 0;
    QString message;

    QString toString() const
    {
        return level + QLatin1Char(' ') + QString::number(code) + QStringLiteral(": ") + message;
    }
    // Error 1062 on the PRIMARY key: what INSERT IGNORE reports for a row that is already there.
    bool isDuplicatePrimaryKey() const;
};

// Whether warnings left by a statement make it fail. The engine runs with asErrors (as gh-ost's
// --panic-on-warnings): a truncated value or a silently skipped row is a failure, not a detail.
// The statement has taken effect when its warnings are turned into an error: run it in a Transaction
// and let the guard roll it back.
struct WarningPolicy
{
    bool asErrors = false;
    bool includeNotes = false; // level "Note" (e.g. "Unknown table" of DROP TABLE IF EXISTS) counts too
    // Warnings this returns true for are tolerated, e.g. SqlWarning::isDuplicatePrimaryKey under
    // INSERT IGNORE. Empty: none is tolerated.
    std::function<bool(const SqlWarning &)> tolerate;
};

// Everything needed to open one connection. `password` is held in memory only: describe() and every
// error message leave it out.
struct ConnectionParams
{
    QString host = QStringLiteral("127.0.0.1");
    int port = 3306;
    QString user;
    QString password;
    QString database;   // default schema; may be empty
    QString unixSocket; // when set, the socket is used instead of host:port
    int connectTimeoutSec = 5;
    // Client-side limit on waiting for the server, fixed at open(). 0: no limit, for long statements and
    // streams (a binlog stream uses heartbeats instead). When it fires the connection is lost but the
    // statement may still run on the server: kill it (QueryRegistry, killQuery).
    int readTimeoutSec = 30;
    int writeTimeoutSec = 30; // 0: no limit
    TlsOptions tls;
    bool allowLocalInfile = false; // LOAD DATA LOCAL INFILE
    // LOAD DATA LOCAL INFILE only from memory (Connection::loadFromMemory): the server may ask for
    // no file of this machine, only for the buffer a loadFromMemory() call serves.
    bool memoryInfile = false;
    // Multi-statement queries allowed for the whole session (CLIENT_MULTI_STATEMENTS at connect):
    // execMulti()/queryMulti() then send no COM_SET_OPTION around each call (two round trips fewer), and
    // a Transaction WITH CONSISTENT SNAPSHOT reads its binlog position with its START (one round trip
    // fewer). Only for sessions whose statements the program builds itself (every value quoted).
    bool multiStatements = false;
    AffectedRows affectedRows = AffectedRows::Matched;
    WarningPolicy warnings; // initial policy, see Connection::setWarningPolicy

    // "user@host:port/db" or "user@unix:/path/db"; never the password.
    QString describe() const;
};

// A result set. NULL is an invalid QVariant (isNull() true, !isValid()); an empty string is a valid
// QVariant holding an empty QString/QByteArray, so the two never mix.
// Value types: signed integers -> qlonglong, unsigned -> qulonglong, FLOAT/DOUBLE -> double,
// binary strings and BLOBs -> QByteArray, everything else (text, DECIMAL, dates) -> QString.
struct QueryResult
{
    QStringList columns;
    QList<QList<QVariant>> rows;

    int columnIndex(const QString &name) const { return columns.indexOf(name); }
    bool isNull(int row, int col) const { return !rows.at(row).at(col).isValid(); }
};

class RawResult;

struct ExecResult
{
    quint64 affectedRows = 0; // for UPDATE: matched or changed rows, see ConnectionParams::affectedRows
    quint64 lastInsertId = 0;
    unsigned warnings = 0; // warning count (notes included); the text: Connection::fetchWarnings()
    // Both counts of an UPDATE whatever the mode, from the server's info line ("Rows matched: 2
    // Changed: 1 Warnings: 0"); -1 when the statement reports none.
    qint64 matchedRows = -1;
    qint64 changedRows = -1;
    QString info; // mysql_info(), e.g. "Records: 3  Duplicates: 1  Warnings: 1" for a multi-row INSERT
};

// RAII wrapper over one libmariadb connection. Move-only.
//
// Threading: a Connection is used by one thread at a time (libmariadb handles are not thread-safe).
// Opening in one thread and handing it to a worker is fine; sharing it concurrently is not.
// To cancel a running statement from elsewhere, open a second connection and call
// killQuery(threadId of the first).
//
// Reconnection: none. A lost connection stays lost (errors say so) until reconnect() is called,
// because a silent reconnect would drop session state (transactions, locks, variables).
//
// Affected rows: ConnectionParams::affectedRows, Matched by default (CLIENT_FOUND_ROWS).
// Warnings: after any statement, fetchWarnings() lists them; with a WarningPolicy asErrors, exec(),
// query(), forEachRow() and PreparedStatement fail with the warnings' text instead.
// See also Transaction, PreparedStatement, InsertBuilder (same folder) and BinlogReader.
class Connection final
{
public:
    Connection();
    ~Connection();
    Connection(Connection &&other) noexcept;
    Connection &operator=(Connection &&other) noexcept;
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;

    // Connects (closing any previous connection). Fails within connectTimeoutSec for a dead host.
    bool open(const ConnectionParams &params);
    bool reconnect(); // close and open again with the same parameters
    void close();
    bool isOpen() const { return m_mysql != nullptr; }
    const ConnectionParams &params() const { return m_params; }

    // One line: "<endpoint>: <message> (mysql error <errno>)". Empty after a success.
    QString lastError() const { return m_lastError; }
    unsigned lastErrno() const { return m_lastErrno; }

    QString serverVersion() const;  // e.g. "10.11.6-MariaDB-0+deb12u1"
    unsigned long serverVersionNumber() const; // e.g. 101106
    unsigned long threadId() const;

    // Statement without a result set (a result set, if any, is read and discarded).
    bool exec(const QString &sql, ExecResult *result = nullptr);
    bool exec(const QByteArray &sqlUtf8, ExecResult *result = nullptr);
    // A result set kept as the server sent it (RawResult.h): for bulk paths. Fills `into` again,
    // reusing its memory (false on error, see lastError()). `maxBytes` > 0: the rows kept stop at the
    // first that brings their values' bytes to maxBytes or more (at least one row is kept); the rest
    // of the result is read and dropped, and `*cut` says whether any was (the rows kept are the
    // result's first ones, in its order).
    bool queryRaw(const QString &sql, RawResult *into, qint64 maxBytes = 0, bool *cut = nullptr);
    // Whole result set in memory. nullopt on error (see lastError()).
    std::optional<QueryResult> query(const QString &sql);
    // First column of the first row. nullopt on error or when there is no row (lastError() is empty
    // in the second case). A SQL NULL is an invalid QVariant.
    std::optional<QVariant> queryValue(const QString &sql);
    // Streams rows one at a time (mysql_use_result) for results too big to hold; the callback
    // returns false to stop early. Columns are passed once before the first row.
    bool forEachRow(const QString &sql,
                    const std::function<bool(const QList<QVariant> &row)> &onRow,
                    QStringList *columns = nullptr);

    // Several statements in as few round trips as max_allowed_packet allows (multi-statement queries,
    // switched on for the call only unless ConnectionParams::multiStatements), in order; `results` gets one entry per statement. Stops at the first
    // error (the later statements do not run). A statement with warnings, under a policy that makes them
    // errors, fails the call with *warned set: SHOW WARNINGS can no longer tell which they were, so the
    // caller rolls back and runs the statements one by one with exec() to judge them.
    bool execMulti(const QList<QByteArray> &statements, QList<ExecResult> *results, bool *warned = nullptr);
    // Several queries in one round trip (multi-statement, switched on for the call only unless
    // ConnectionParams::multiStatements), each result as
    // query() returns it (rows converted the same way). Stops at the first error or rejected warning
    // (lastError() names the statement); `results` then holds those before it.
    bool queryMulti(const QList<QByteArray> &statements, QList<QueryResult> *results);
    // Runs `sqlUtf8`, a `LOAD DATA LOCAL INFILE 'shardpilot-memory' ...` statement, serving `data` as the
    // file (as exec(): result, warnings policy). Needs a connection opened with
    // ConnectionParams::memoryInfile; any other file the server asks for is refused.
    bool loadFromMemory(const QByteArray &sqlUtf8, const QByteArray &data, ExecResult *result = nullptr);
    static constexpr const char *memoryInfileName() { return "shardpilot-memory"; }
    struct MemoryInfile; // the handler's state (ConnectionLoad.cpp)

    bool ping();
    bool killQuery(unsigned long threadId);      // KILL QUERY <id>
    bool killConnection(unsigned long threadId); // KILL CONNECTION <id>

    // The server says a transaction is open on this session (SERVER_STATUS_IN_TRANS).
    bool inTransaction() const;

    // SHOW WARNINGS of the last statement (call it right after the statement). nullopt on error.
    std::optional<QList<SqlWarning>> fetchWarnings();
    void setWarningPolicy(const WarningPolicy &policy) { m_warningPolicy = policy; }
    const WarningPolicy &warningPolicy() const { return m_warningPolicy; }
    // Applies the policy to a statement that left `warningCount` warnings: empty when it passes,
    // otherwise the error text ("warning 1265: Data truncated for column 'v' at row 1; ...").
    QString warningError(unsigned warningCount);

    // Every statement of this connection is registered in `registry` while it runs, so another thread
    // can kill it; a cancelled registry makes new statements fail. nullptr: none (the default).
    void setQueryRegistry(QueryRegistry *registry) { m_registry = registry; }
    QueryRegistry *queryRegistry() const { return m_registry; }

    // Every character column (CHAR, VARCHAR, TEXT, ENUM, SET, JSON) of later results as QByteArray with
    // its bytes as the server sends them. With SET character_set_results = binary these are the stored
    // bytes in the column's own character set (core/cluster/ExactValue.h). Off by default.
    void setRawStrings(bool on) { m_rawStrings = on; }
    bool rawStrings() const { return m_rawStrings; }

    // @@max_allowed_packet, read once per open(). 0 on error.
    quint64 maxAllowedPacket();

    // 'text' with quotes, escaped with mysql_real_escape_string for this connection's charset.
    // Requires an open connection (returns an empty string otherwise).
    QString quoteString(const QString &text) const;
    QByteArray quoteBytes(const QByteArray &bytes) const;
    // A SQL literal for a value: NULL for an invalid/null QVariant, numbers as digits, QByteArray as a
    // hex literal X'..' (binary-safe), QString as a quoted UTF-8 string, QDate/QDateTime/QTime quoted
    // ISO text. nullopt (and `error`) for NaN/infinity and types without a literal.
    std::optional<QByteArray> sqlLiteral(const QVariant &value, QString *error = nullptr) const;

    // `name` in backticks with embedded backticks doubled. Returns an empty string for names that
    // are invalid (empty, NUL character, longer than 64 characters, trailing space) — an empty
    // identifier can only make the statement fail, never change its meaning.
    static QString quoteIdentifier(const QString &name);
    static bool isValidIdentifier(const QString &name, QString *why = nullptr);

    st_mysql *handle() const { return m_mysql; } // for features not wrapped here (binlog streaming)

    // Sets lastError() (prefixed with the endpoint); used by the helpers built on this class.
    void setError(const QString &message, unsigned errNo = 0);
    void clearError()
    {
        m_lastError.clear();
        m_lastErrno = 0;
    }

private:
    bool fail(const QString &context = {});
    bool checkWarnings(unsigned warningCount); // false (error set) when the policy rejects them
    QList<QVariant> convertRow(char **row, unsigned long *lengths, unsigned fieldCount) const;
    // A stored result as QueryResult (columns, converted rows; m_fieldKinds set), freed.
    QueryResult takeResult(st_mysql_res *res);

    st_mysql *m_mysql = nullptr;
    ConnectionParams m_params;
    QString m_lastError;
    unsigned m_lastErrno = 0;
    QList<int> m_fieldKinds; // per column of the current result: see convertRow()
    WarningPolicy m_warningPolicy;
    QueryRegistry *m_registry = nullptr;
    quint64 m_maxAllowedPacket = 0;
    bool m_rawStrings = false;
    std::shared_ptr<MemoryInfile> m_memoryInfile; // the handler's state (stays put when moved)
    void installMemoryInfile();
};

} // namespace sp
