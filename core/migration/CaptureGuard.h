#pragma once
#include "core/cluster/Connection.h"

#include <QElapsedTimer>
#include <QString>
#include <QStringList>

#include <optional>

// What the change capture cannot see, found and stopped on (docs/migration.md, "Copy correctness"):
// statement-logged changes, a runtime change of the binlog settings, servers whose binlog is not the
// one the capture reads (MySQL, a replica that does not log what it applies).
namespace sp::migration {

// A QUERY event's statement as the capture sees it. Leading comments and whitespace are skipped,
// MariaDB's executable comments (/*! ... */, /*M! ... */) are read as code, `SET STATEMENT ... FOR x`
// is x.
enum class StatementKind
{
    TransactionControl, // BEGIN, COMMIT, ROLLBACK [TO SAVEPOINT], SAVEPOINT, RELEASE SAVEPOINT, XA, START
                        // TRANSACTION
    Dml, // a statement-logged data change: INSERT, UPDATE, DELETE, REPLACE, LOAD, and SELECT, DO, CALL, WITH,
         // EXECUTE (a statement-logged one calls a function that writes)
    Other, // DDL, DCL, administration
};
StatementKind classifyStatement(const QString &statement);
// Whether the statement's text names `table` as a word (a DDL on a moving table stops the capture).
bool statementNamesTable(const QString &statement, const QString &table);

// Why the capture stops on a statement-logged data change: whatever table it names, the rows it
// changed are in no row event, so the capture cannot carry them (a view, a trigger or a function can
// reach a moving table without naming it). `statements`: "file:pos: text" of each, one transaction.
QString statementDmlStop(const QStringList &statements);

// The global binlog settings the capture relies on (ROW format, FULL image, FULL metadata). Empty when
// they hold; otherwise what changed, e.g. "binlog_format is MIXED (ROW needed)"; `error` when they
// could not be read.
QString binlogSettingsProblem(Connection &c, QString *error);

// Polls binlogSettingsProblem() at most every `intervalMs` (the first check() always reads).
class BinlogSettingsWatch final
{
public:
    explicit BinlogSettingsWatch(int intervalMs = 2000) : m_intervalMs(intervalMs) {}
    // false with the reason when the settings changed or could not be read.
    bool check(Connection &c, QString *why);

private:
    int m_intervalMs;
    QElapsedTimer m_since;
};

// What T0 needs to know of a server before the engine relies on its binlog.
struct ServerFacts
{
    QString version;      // VERSION()
    bool mariadb = false; // VERSION() says MariaDB
    QStringList
        replicaOf; // configured replication connections ("'name' from host:port"), SHOW ALL SLAVES STATUS
    bool logSlaveUpdates = false;
    QString replicaError; // SHOW ALL SLAVES STATUS failed (cannot tell whether it replicates)
};
std::optional<ServerFacts> readServerFacts(Connection &c, QString *error);
// Why T0 refuses the server (empty: it does not). Sources must log what they apply as replicas.
QString serverRefusal(const ServerFacts &facts, bool source);

} // namespace sp::migration
