#include "core/migration/CaptureGuard.h"

#include <QRegularExpression>

namespace sp::migration {

// The statement without what precedes its first keyword (whitespace, comments); an executable
// comment's content counts as code.
static QString codeStart(const QString &s)
{
    qsizetype i = 0;
    const qsizetype n = s.size();
    while (i < n) {
        const QChar c = s.at(i);
        if (c.isSpace() || c == QLatin1Char('(')) {
            ++i;
        } else if (s.mid(i, 3) == QLatin1String("/*!") || s.mid(i, 4) == QLatin1String("/*M!")) {
            i += s.at(i + 2) == QLatin1Char('M') ? 4 : 3;
            while (i < n && s.at(i).isDigit()) // the version the comment is for
                ++i;
        } else if (s.mid(i, 2) == QLatin1String("/*")) {
            const qsizetype end = s.indexOf(QLatin1String("*/"), i + 2);
            i = end < 0 ? n : end + 2;
        } else if (c == QLatin1Char('#') || s.mid(i, 3) == QLatin1String("-- ") ||
                   s.mid(i, 3) == QLatin1String("--\t") || s.mid(i, 3) == QLatin1String("--\n")) {
            const qsizetype end = s.indexOf(QLatin1Char('\n'), i);
            i = end < 0 ? n : end + 1;
        } else {
            break;
        }
    }
    return s.mid(i);
}

static QString firstWord(const QString &code)
{
    static const QRegularExpression word(QStringLiteral("^[A-Za-z_]+"));
    return word.match(code).captured(0).toUpper();
}

StatementKind classifyStatement(const QString &statement)
{
    QString code = codeStart(statement);
    QString w = firstWord(code);
    if (w == QLatin1String("SET")) {
        // SET STATEMENT var = value [, ...] FOR <statement>
        static const QRegularExpression setStatement(QStringLiteral("^SET\\s+STATEMENT\\s.*?\\sFOR\\s(.*)$"),
                                                     QRegularExpression::CaseInsensitiveOption |
                                                         QRegularExpression::DotMatchesEverythingOption);
        const auto m = setStatement.match(code);
        if (m.hasMatch())
            return classifyStatement(m.captured(1));
        static const QRegularExpression setStatementOnly(QStringLiteral("^SET\\s+STATEMENT\\s"),
                                                         QRegularExpression::CaseInsensitiveOption);
        if (setStatementOnly.match(code).hasMatch())
            return StatementKind::Dml; // cannot tell what it runs: the careful side
        return StatementKind::Other;
    }
    static const QStringList control{QStringLiteral("BEGIN"),    QStringLiteral("COMMIT"),
                                     QStringLiteral("ROLLBACK"), QStringLiteral("SAVEPOINT"),
                                     QStringLiteral("RELEASE"),  QStringLiteral("XA")};
    if (control.contains(w))
        return StatementKind::TransactionControl;
    if (w == QLatin1String("START")) {
        static const QRegularExpression startTx(QStringLiteral("^START\\s+TRANSACTION\\b"),
                                                QRegularExpression::CaseInsensitiveOption);
        return startTx.match(code).hasMatch() ? StatementKind::TransactionControl : StatementKind::Other;
    }
    static const QStringList dml{
        QStringLiteral("INSERT"),  QStringLiteral("UPDATE"), QStringLiteral("DELETE"),
        QStringLiteral("REPLACE"), QStringLiteral("LOAD"),   QStringLiteral("SELECT"),
        QStringLiteral("DO"),      QStringLiteral("CALL"),   QStringLiteral("WITH"),
        QStringLiteral("EXECUTE"), QStringLiteral("VALUES"), QStringLiteral("TABLE")};
    if (dml.contains(w))
        return StatementKind::Dml;
    return StatementKind::Other;
}

bool statementNamesTable(const QString &statement, const QString &table)
{
    const QRegularExpression re(QStringLiteral("(^|[^A-Za-z0-9_$])") + QRegularExpression::escape(table) +
                                    QStringLiteral("($|[^A-Za-z0-9_$])"),
                                QRegularExpression::CaseInsensitiveOption);
    return re.match(statement).hasMatch();
}

QString statementDmlStop(const QStringList &statements)
{
    QStringList shown = statements.mid(0, 5);
    if (statements.size() > shown.size())
        shown.append(QStringLiteral("... %1 more").arg(statements.size() - shown.size()));
    return QStringLiteral(
               "statement-logged data changes in the binlog stop the run (binlog_format MIXED or "
               "STATEMENT in that session or globally): the rows they changed are in no row event, so "
               "the capture cannot carry them, whatever table the statement names (a view, trigger or "
               "function reaches a moving table without naming it). The run cannot continue past "
               "them: roll it back and create it again once every session writes binlog_format=ROW. "
               "%1")
        .arg(shown.join(QStringLiteral("; ")));
}

QString binlogSettingsProblem(Connection &c, QString *error)
{
    auto r = c.query(QStringLiteral("SELECT @@GLOBAL.binlog_format, @@GLOBAL.binlog_row_image, "
                                    "@@GLOBAL.binlog_row_metadata"));
    if (!r || r->rows.isEmpty()) {
        *error = c.lastError();
        return {};
    }
    const auto &row = r->rows.first();
    QStringList bad;
    if (row.at(0).toString().toUpper() != QLatin1String("ROW"))
        bad.append(QStringLiteral("binlog_format is %1 (ROW needed)").arg(row.at(0).toString()));
    if (row.at(1).toString().toUpper() != QLatin1String("FULL"))
        bad.append(QStringLiteral("binlog_row_image is %1 (FULL needed)").arg(row.at(1).toString()));
    if (row.at(2).toString().toUpper() != QLatin1String("FULL"))
        bad.append(QStringLiteral("binlog_row_metadata is %1 (FULL needed)").arg(row.at(2).toString()));
    return bad.join(QStringLiteral(", "));
}

bool BinlogSettingsWatch::check(Connection &c, QString *why)
{
    if (m_since.isValid() && m_since.elapsed() < m_intervalMs)
        return true;
    m_since.start();
    QString error;
    const QString problem = binlogSettingsProblem(c, &error);
    if (!error.isEmpty()) {
        *why = QStringLiteral("reading the binlog settings: ") + error;
        return false;
    }
    if (!problem.isEmpty()) {
        *why = QStringLiteral(
                   "the global binlog settings changed during the run: %1. Changes made in that format "
                   "cannot be carried by the capture; set them back (SET GLOBAL), and if statements were "
                   "logged meanwhile the run stops on them too")
                   .arg(problem);
        return false;
    }
    return true;
}

std::optional<ServerFacts> readServerFacts(Connection &c, QString *error)
{
    auto r = c.query(QStringLiteral("SELECT VERSION(), @@log_slave_updates"));
    if (!r || r->rows.isEmpty()) {
        *error = c.lastError();
        return std::nullopt;
    }
    ServerFacts f;
    f.version = r->rows.first().at(0).toString();
    f.mariadb = f.version.contains(QLatin1String("MariaDB"), Qt::CaseInsensitive);
    f.logSlaveUpdates = r->rows.first().at(1).toInt() == 1;
    if (!f.mariadb)
        return f; // SHOW ALL SLAVES STATUS is MariaDB's
    auto s = c.query(QStringLiteral("SHOW ALL SLAVES STATUS"));
    if (!s) {
        f.replicaError = c.lastError();
        return f;
    }
    const int name = s->columnIndex(QStringLiteral("Connection_name"));
    const int host = s->columnIndex(QStringLiteral("Master_Host"));
    const int port = s->columnIndex(QStringLiteral("Master_Port"));
    for (const auto &row : s->rows)
        f.replicaOf.append(QStringLiteral("'%1' from %2:%3")
                               .arg(name >= 0 ? row.at(name).toString() : QString(),
                                    host >= 0 ? row.at(host).toString() : QStringLiteral("?"),
                                    port >= 0 ? row.at(port).toString() : QStringLiteral("?")));
    return f;
}

QString serverRefusal(const ServerFacts &f, bool source)
{
    if (!f.mariadb)
        return QStringLiteral(
                   "%1 is not MariaDB: the engine runs on MariaDB only (tested with 10.11); MySQL writes "
                   "other GTIDs and TRANSACTION_PAYLOAD events the capture cannot read")
            .arg(f.version);
    if (!source)
        return {};
    if (!f.replicaError.isEmpty())
        return QStringLiteral(
                   "cannot tell whether it replicates from another server (SHOW ALL SLAVES STATUS: %1); "
                   "grant the admin account SLAVE MONITOR")
            .arg(f.replicaError);
    if (!f.replicaOf.isEmpty() && !f.logSlaveUpdates)
        return QStringLiteral(
                   "it replicates from another server (%1) with log_slave_updates=OFF: the changes it "
                   "applies as a replica are not in its binlog, which is all the capture reads; set "
                   "log_slave_updates=ON (a restart) or remove the replication (RESET SLAVE ... ALL)")
            .arg(f.replicaOf.join(QStringLiteral(", ")));
    return {};
}

} // namespace sp::migration
