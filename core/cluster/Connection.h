#pragma once
#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <functional>
#include <optional>

struct st_mysql;

namespace sp {

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
    int readTimeoutSec = 30;
    int writeTimeoutSec = 30;
    TlsOptions tls;
    bool allowLocalInfile = false; // LOAD DATA LOCAL INFILE

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

struct ExecResult
{
    quint64 affectedRows = 0;
    quint64 lastInsertId = 0;
    unsigned warnings = 0;
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

    bool ping();
    bool killQuery(unsigned long threadId);      // KILL QUERY <id>
    bool killConnection(unsigned long threadId); // KILL CONNECTION <id>

    // 'text' with quotes, escaped with mysql_real_escape_string for this connection's charset.
    // Requires an open connection (returns an empty string otherwise).
    QString quoteString(const QString &text) const;
    QByteArray quoteBytes(const QByteArray &bytes) const;

    // `name` in backticks with embedded backticks doubled. Returns an empty string for names that
    // are invalid (empty, NUL character, longer than 64 characters, trailing space) — an empty
    // identifier can only make the statement fail, never change its meaning.
    static QString quoteIdentifier(const QString &name);
    static bool isValidIdentifier(const QString &name, QString *why = nullptr);

    st_mysql *handle() const { return m_mysql; } // for features not wrapped here (binlog streaming)

private:
    bool fail(const QString &context = {});
    void setError(const QString &message, unsigned errNo = 0);
    QList<QVariant> convertRow(char **row, unsigned long *lengths, unsigned fieldCount) const;

    st_mysql *m_mysql = nullptr;
    ConnectionParams m_params;
    QString m_lastError;
    unsigned m_lastErrno = 0;
    QList<int> m_fieldKinds; // per column of the current result: see convertRow()
};

} // namespace sp
