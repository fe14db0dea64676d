#include "core/planning/PlanExport.h"

#include "core/config/Printable.h"
#include "core/planning/PlanBuilder.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>

namespace sp::planning {

namespace {

// A name in generated prose (comments, terminal text): one line, no control or bidi character.
QString P(const QString &s) { return printableName(s); }

// An SQL string literal of a label (names escaped first: it is only shown).
QString sqlString(const QString &s)
{
    QString v = P(s);
    v.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    v.replace(QLatin1Char('\''), QLatin1String("''"));
    return QLatin1Char('\'') + v + QLatin1Char('\'');
}

// A shell word, exactly `s` (single quotes; a quote inside closes, escapes and reopens).
QString shq(const QString &s)
{
    QString v = s;
    v.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + v + QLatin1Char('\'');
}

// Text as `--` comment lines (each line escaped, so nothing ends the comment early).
QString comment(const QString &text, const QString &prefix = QStringLiteral("-- "))
{
    QString out;
    for (const QString &line : text.split(QLatin1Char('\n')))
        out += prefix + P(line) + QLatin1Char('\n');
    return out;
}

// The plan's data sources by name (the first entry of a name), hashed: scripts look them up per
// pair and per data source.
class Endpoints
{
public:
    explicit Endpoints(const ExpansionPlan &plan)
    {
        for (const PlanDataSource &d : plan.dataSources)
            if (!m_byName.contains(d.name))
                m_byName.insert(d.name, &d);
    }
    const PlanDataSource *find(const QString &name) const { return m_byName.value(name); }
    QString schemaOf(const QString &ds) const
    {
        const PlanDataSource *e = find(ds);
        return e ? e->schema : QString();
    }

private:
    QHash<QString, const PlanDataSource *> m_byName;
};

QString whereText(const PlanDataSource *e, const QString &ds)
{
    if (!e || e->host.isEmpty())
        return QStringLiteral("data source %1 (no url)").arg(P(ds));
    return QStringLiteral("data source %1: %2:%3, schema %4").arg(P(ds), P(e->host), QString::number(e->port), P(e->schema));
}

QString runHint(const PlanDataSource *e, const QString &ds, const QString &file)
{
    if (!e || e->host.isEmpty())
        return QString();
    return QStringLiteral("-- Run it there with the mariadb client, e.g.\n--   mariadb --defaults-file=OPTION_FILE "
                          "--host=%1 --port=%2 < %3/%4\n")
        .arg(P(e->host), QString::number(e->port), P(PlanExport::folderOf(ds)), file);
}

QString fileHeader(const ExpansionPlan &plan, const PlanDataSource *e, const QString &ds, const QString &file,
                   const QString &what)
{
    return QStringLiteral("-- ShardPilot plan: %1\n-- %2 on %3\n")
               .arg(P(plan.description), what, whereText(e, ds)) +
           runHint(e, ds, file);
}

// Step SQL as script text: statements end with ';' on their own, comment entries stay comments.
QString statements(const QStringList &sql)
{
    QString out;
    for (const QString &q : sql) {
        if (q.startsWith(QLatin1String("--")))
            out += comment(q.mid(2).trimmed());
        else
            out += q + QStringLiteral(";\n");
    }
    return out;
}

QStringList scriptDataSources(const ExpansionPlan &plan)
{
    QStringList out;
    QSet<QString> seen;
    for (const PlanDataSource &d : plan.dataSources) {
        out << d.name;
        seen.insert(d.name);
    }
    for (const PlanStep &s : plan.steps)
        if (!s.dataSource.isEmpty() && !s.dataSource.contains(QLatin1Char(',')) &&
            !seen.contains(s.dataSource)) {
            out << s.dataSource;
            seen.insert(s.dataSource);
        }
    return out;
}

bool isChunkedDelete(const QString &q)
{
    return q.startsWith(QLatin1String("DELETE FROM "), Qt::CaseInsensitive)
        && q.contains(QLatin1String(" LIMIT "), Qt::CaseInsensitive);
}

// Every pair whose rows a script can select (SQL predicate or the whole table).
bool copiable(const MovePair &p) { return p.predicate.kind != MovePredicate::Kind::Client; }

} // namespace

static Text unsafeName(const ExpansionPlan &plan);

// A script is not made from a plan whose names hold a control or bidi character (quoted, such a
// name could not break out of an identifier, but it would still reach a terminal or an editor raw).
static QByteArray refusedSql(const ExpansionPlan &plan)
{
    const Text bad = unsafeName(plan);
    return bad.isEmpty() ? QByteArray() : (QStringLiteral("-- not generated: ") + P(bad.text) + QLatin1Char('\n')).toUtf8();
}

// The first name of the plan a script would write that holds an unsafe character (the planner
// refuses such configs; a plan.json edited by hand is not trusted either).
static Text unsafeName(const ExpansionPlan &plan)
{
    Text found;
    auto check = [&found](const QString &name, const auto &what) {
        const qsizetype at = firstUnsafeChar(name);
        if (at >= 0 && found.isEmpty())
            found = msg("cannot export: %1 contains the control or bidi character %2",
                        {what(), codePointName(name.at(at))});
    };
    for (const PlanDataSource &d : plan.dataSources) {
        check(d.name, [&] { return msg("data source '%1'", {P(d.name)}); });
        check(d.host, [&] { return msg("host '%1' in the url of data source '%2'", {P(d.host), P(d.name)}); });
        check(d.schema, [&] { return msg("schema '%1' in the url of data source '%2'", {P(d.schema), P(d.name)}); });
        check(d.username, [&] { return msg("user '%1' of data source '%2'", {P(d.username), P(d.name)}); });
    }
    auto node = [&](const DataNode &n) {
        check(n.dataSource, [&] { return msg("data source '%1'", {P(n.dataSource)}); });
        check(n.table, [&] { return msg("actual table '%1'", {P(n.table)}); });
    };
    for (const TablePlan &t : plan.tables) {
        check(t.logicTable, [&] { return msg("table '%1'", {P(t.logicTable)}); });
        check(t.shardingColumn, [&] { return msg("sharding column '%1'", {P(t.shardingColumn)}); });
        for (const MovePair &p : t.pairs) {
            node(p.source);
            node(p.target);
            for (const HashTerm &h : p.predicate.terms)
                check(h.column, [&] { return msg("sharding column '%1'", {P(h.column)}); });
        }
    }
    for (const CreateSpec &c : plan.creates) {
        node(DataNode{c.dataSource, c.table});
        check(c.schema, [&] { return msg("schema '%1' in the url of data source '%2'", {P(c.schema), P(c.dataSource)}); });
    }
    for (const PlanStep &st : plan.steps)
        check(st.dataSource, [&] { return msg("data source '%1'", {P(st.dataSource)}); });
    return found;
}

Text PlanExport::exportProblem(const ExpansionPlan &plan)
{
    if (const Text bad = unsafeName(plan); !bad.isEmpty())
        return bad;
    QStringList missing;
    for (const DataSourceChange &c : plan.dataSourceChanges)
        if (c.added && c.url.trimmed().isEmpty())
            missing << P(c.name);
    if (!missing.isEmpty())
        return msg("cannot export: the new data source(s) %1 have no url, so there is nowhere to create and copy "
                   "to; give each its own schema with --url %2=jdbc:mysql://host:port/schema",
                   {missing.join(QStringLiteral(", ")), missing.first()});
    if (plan.dataSources.isEmpty())
        return msg("cannot export scripts: the plan names no data source endpoints (a plan of an older "
                   "version); make the plan again");
    return {};
}

namespace {

// What the per-data-source scripts read, indexed once per plan: each script looked through every
// step and pair of the plan, so exporting the scripts of N data sources cost N times the plan.
struct ScriptIndex
{
    explicit ScriptIndex(const ExpansionPlan &p) : plan(p), endpoints(p), refused(refusedSql(p))
    {
        for (const PlanStep &s : p.steps)
            steps[s.dataSource] << &s;
        for (const TablePlan &t : p.tables)
            for (const MovePair &m : t.pairs) {
                pairs[m.source.dataSource] << &m;
                if (m.target.dataSource != m.source.dataSource)
                    pairs[m.target.dataSource] << &m;
            }
    }
    const ExpansionPlan &plan;
    Endpoints endpoints;
    QByteArray refused;                            // the plan's scripts are not made: why
    QHash<QString, QList<const PlanStep *>> steps; // by data source, in plan order
    QHash<QString, QList<const MovePair *>> pairs; // moving from or to a data source, in plan order
};

} // namespace

QString PlanExport::folderOf(const QString &dataSource)
{
    QString safe;
    bool changed = dataSource.isEmpty() || dataSource.startsWith(QLatin1Char('.'));
    for (const QChar c : dataSource) {
        const bool ok = (c.unicode() < 0x80 && c.isLetterOrNumber()) || c == QLatin1Char('_') || c == QLatin1Char('-')
                     || c == QLatin1Char('.');
        safe += ok ? c : QLatin1Char('_');
        changed = changed || !ok;
    }
    if (changed)
        safe += QLatin1Char('-')
              + QString::fromLatin1(
                    QCryptographicHash::hash(dataSource.toUtf8(), QCryptographicHash::Sha256).toHex().left(8));
    return QStringLiteral("on-") + safe.left(64);
}

static QByteArray createSqlOf(const ScriptIndex &x, const QString &ds)
{
    if (!x.refused.isEmpty())
        return x.refused;
    QString body;
    bool offline = false;
    for (const PlanStep *step : x.steps.value(ds)) {
        const PlanStep &st = *step;
        if (st.phase != QLatin1String("T0"))
            continue;
        for (const QString &q : st.sql)
            offline = offline || q.startsWith(QLatin1String("--"));
        body += statements(st.sql);
    }
    if (body.isEmpty())
        return {};
    QString s = fileHeader(x.plan, x.endpoints.find(ds), ds, QStringLiteral("create.sql"),
                           QStringLiteral("T0, the schema and tables"));
    if (offline)
        s += QStringLiteral("-- Table definitions need a live plan (shardctl plan --live reads SHOW CREATE TABLE on\n"
                            "-- the source nodes). Without one, CREATE TABLE ... LIKE is used where source and\n"
                            "-- target share an instance; the tables named in comments below must be created by hand.\n");
    return (s + QLatin1Char('\n') + body).toUtf8();
}

static QByteArray copySqlOf(const ScriptIndex &x, const QString &ds)
{
    if (!x.refused.isEmpty())
        return x.refused;
    const QString schema = x.endpoints.schemaOf(ds);
    QString sources, targets;
    QSet<QString> seenTargets;
    for (const MovePair *pp : x.pairs.value(ds)) {
        const MovePair &p = *pp;
        const QString pair = p.source.toString() + QStringLiteral(" -> ") + p.target.toString();
        if (p.source.dataSource == ds) {
            if (!copiable(p))
                sources += comment(QStringLiteral("%1: no SQL predicate (%2); rows are routed one by one")
                                       .arg(pair, p.predicate.clientNote));
            else
                sources +=
                    QStringLiteral("SELECT %1 AS pair, COUNT(*) AS moving_rows FROM %2 WHERE %3;\n")
                        .arg(sqlString(pair), builder::qualified(schema, p.source.table), p.predicate.sql());
        }
        if (p.target.dataSource == ds && !seenTargets.contains(p.target.toString())) {
            seenTargets.insert(p.target.toString());
            targets += QStringLiteral("SELECT %1 AS node, COUNT(*) AS target_rows FROM %2;\n")
                           .arg(sqlString(p.target.toString()), builder::qualified(schema, p.target.table));
        }
    }
    if (sources.isEmpty() && targets.isEmpty())
        return {};
    QString s = fileHeader(x.plan, x.endpoints.find(ds), ds, QStringLiteral("copy.sql"),
                           QStringLiteral("copy check (counts only)"));
    s += QStringLiteral("-- The copy itself is copy.sh (rows cannot be copied between servers in SQL). These\n"
                        "-- counts are what SQL can do: compare them before and after the copy, with writes stopped.\n");
    if (!sources.isEmpty())
        s += QStringLiteral("\n-- Rows each pair moves away from this data source:\n") + sources;
    if (!targets.isEmpty())
        s += QStringLiteral("\n-- Rows of the tables that receive rows here (before the copy: what they held):\n") + targets;
    return s.toUtf8();
}

static QByteArray purgeSqlOf(const ScriptIndex &x, const QString &ds)
{
    if (!x.refused.isEmpty())
        return x.refused;
    QString body;
    for (const PlanStep *step : x.steps.value(ds)) {
        const PlanStep &st = *step;
        if (!st.destructive)
            continue;
        body += QLatin1Char('\n') + comment(st.phase + QLatin1Char(' ') + st.title);
        if (st.templated) {
            body += comment(QStringLiteral("not runnable as written (placeholders), left to the migration engine:"));
            for (const QString &q : st.sql)
                body += comment(QStringLiteral("  ") + q);
            continue;
        }
        for (const QString &q : st.sql) {
            if (q.startsWith(QLatin1String("--"))) {
                body += comment(q.mid(2).trimmed());
            } else if (isChunkedDelete(q)) {
                // A chunked DELETE repeated until it deletes nothing, as one statement the client
                // sends whole (MariaDB compound statement; each DELETE commits on its own).
                body += QStringLiteral("DELIMITER $$\nBEGIN NOT ATOMIC\n  DECLARE deleted BIGINT DEFAULT 1;\n"
                                       "  WHILE deleted > 0 DO\n    %1;\n    SET deleted = ROW_COUNT();\n"
                                       "  END WHILE;\nEND $$\nDELIMITER ;\n")
                            .arg(q);
            } else {
                body += q + QStringLiteral(";\n");
            }
        }
    }
    if (body.isEmpty())
        return {};
    QString s = fileHeader(x.plan, x.endpoints.find(ds), ds, QStringLiteral("purge.sql"),
                           QStringLiteral("DESTRUCTIVE purge"));
    s += QStringLiteral("-- Deletes the rows this data source no longer serves. Run it only after the switch (T6)\n"
                        "-- and the observation period (T8), once the copy is verified.\n"
                        "-- Each DELETE runs in chunks of 10000 rows until none is left (a MariaDB compound\n"
                        "-- statement; on MySQL run the DELETE ... LIMIT 10000 by hand until it affects 0 rows).\n");
    return (s + body).toUtf8();
}

QByteArray PlanExport::createSql(const ExpansionPlan &plan, const QString &ds)
{
    return createSqlOf(ScriptIndex(plan), ds);
}

QByteArray PlanExport::copySql(const ExpansionPlan &plan, const QString &ds)
{
    return copySqlOf(ScriptIndex(plan), ds);
}

QByteArray PlanExport::purgeSql(const ExpansionPlan &plan, const QString &ds)
{
    return purgeSqlOf(ScriptIndex(plan), ds);
}

static QByteArray sections(const ExpansionPlan &plan, QByteArray (*one)(const ScriptIndex &, const QString &))
{
    QByteArray out;
    const ScriptIndex index(plan);
    for (const QString &ds : scriptDataSources(plan)) {
        const QByteArray part = one(index, ds);
        if (part.isEmpty())
            continue;
        if (!out.isEmpty())
            out += '\n';
        out += "-- ==== " + PlanExport::folderOf(ds).toUtf8() + " ====\n" + part;
    }
    return out;
}

QByteArray PlanExport::createSql(const ExpansionPlan &plan)
{
    return sections(plan, createSqlOf);
}

QByteArray PlanExport::copySql(const ExpansionPlan &plan)
{
    return sections(plan, copySqlOf);
}

QByteArray PlanExport::purgeSql(const ExpansionPlan &plan)
{
    return sections(plan, purgeSqlOf);
}

QByteArray PlanExport::copyScript(const ExpansionPlan &plan)
{
    const QString hash = QStringLiteral("# ");
    QString s = QStringLiteral("#!/usr/bin/env bash\n");
    if (const Text bad = unsafeName(plan); !bad.isEmpty())
        return (s + comment(QStringLiteral("not generated: ") + bad.text, hash)
                + QStringLiteral("echo 'copy.sh: not generated (a name holds a control character)' >&2\nexit 2\n"))
            .toUtf8();
    s += comment(QStringLiteral("ShardPilot plan: ") + plan.description, hash);
    s += QStringLiteral(
        "# T2, the offline path: copies the rows of every (source -> target) pair with\n"
        "# mariadb-dump --where <pair predicate> | mariadb, then checks each target's row count.\n"
        "# Stop writes first (T4: SET GLOBAL read_only = 1 on every source) and keep them stopped until\n"
        "# the new config is deployed: rows written during the copy are NOT copied. The online path\n"
        "# (change capture, T1-T5) belongs to the migration engine.\n"
        "# Before: run on-<data source>/create.sql on every new data source.\n"
        "#\n"
        "# Credentials come from MySQL option files ([client] user=... password=...), never from the\n"
        "# command line:\n"
        "#   --defaults-file FILE   for every data source\n"
        "#   --defaults-dir DIR     DIR/<folder>.cnf for a data source when it exists (folder names as\n"
        "#                          in on-<folder>/), else FILE\n"
        "# Other options: --dry-run (say what would be copied, connect nowhere), --skip-client-side\n"
        "# (copy the pairs SQL can select, leave the others to the migration engine).\n"
        "# Rows are inserted with INSERT IGNORE: a row whose key is already in the target is skipped, and\n"
        "# the count check then fails (exit 1). To run it again, empty the new tables first.\n"
        "set -euo pipefail\n\n"
        "DEFAULTS_FILE=\"\"\nDEFAULTS_DIR=\"\"\nDRY_RUN=0\nSKIP_CLIENT=0\n"
        "while [ $# -gt 0 ]; do\n"
        "  case \"$1\" in\n"
        "    --defaults-file) DEFAULTS_FILE=${2:?--defaults-file needs a file}; shift 2 ;;\n"
        "    --defaults-file=*) DEFAULTS_FILE=${1#*=}; shift ;;\n"
        "    --defaults-dir) DEFAULTS_DIR=${2:?--defaults-dir needs a directory}; shift 2 ;;\n"
        "    --defaults-dir=*) DEFAULTS_DIR=${1#*=}; shift ;;\n"
        "    --dry-run) DRY_RUN=1; shift ;;\n"
        "    --skip-client-side) SKIP_CLIENT=1; shift ;;\n"
        "    -h|--help) sed -n '2,/^set -euo/p' \"$0\" | sed '$d'; exit 0 ;;\n"
        "    *) echo \"copy.sh: unknown option $1 (see --help)\" >&2; exit 2 ;;\n"
        "  esac\n"
        "done\n\n");
    if (plan.strategy == StrategyId::DualMaster) {
        s += QStringLiteral("echo 'copy.sh: dual-master doubling copies whole instances by replication (steps D2 and "
                            "D3 of the runbook); there is no row copy.' >&2\nexit 2\n");
        return s.toUtf8();
    }
    // Data sources by index: name, option-file name, host, port, user.
    QStringList names;
    QHash<QString, int> indexOf;
    for (const TablePlan &t : plan.tables)
        for (const MovePair &p : t.pairs)
            for (const QString &ds : {p.source.dataSource, p.target.dataSource})
                if (!indexOf.contains(ds)) {
                    indexOf.insert(ds, int(names.size()));
                    names << ds;
                }
    const Endpoints endpoints(plan);
    QStringList dsName, dsFile, dsHost, dsPort, dsUser;
    for (const QString &n : std::as_const(names)) {
        const PlanDataSource *e = endpoints.find(n);
        dsName << shq(n);
        dsFile << shq(folderOf(n).mid(3));
        dsHost << shq(e ? e->host : QString());
        dsPort << QString::number(e ? e->port : 3306);
        dsUser << shq(e ? e->username : QString());
    }
    s += QStringLiteral("# Data sources (index: name, option-file name, host, port, user).\n");
    s += QStringLiteral("DS_NAME=(%1)\nDS_FILE=(%2)\nDS_HOST=(%3)\nDS_PORT=(%4)\nDS_USER=(%5)\n\n")
             .arg(dsName.join(QLatin1Char(' ')), dsFile.join(QLatin1Char(' ')), dsHost.join(QLatin1Char(' ')),
                  dsPort.join(QLatin1Char(' ')), dsUser.join(QLatin1Char(' ')));
    s += QStringLiteral(
        "option_file() { # index\n"
        "  if [ -n \"$DEFAULTS_DIR\" ] && [ -f \"$DEFAULTS_DIR/${DS_FILE[$1]}.cnf\" ]; then\n"
        "    printf '%s\\n' \"$DEFAULTS_DIR/${DS_FILE[$1]}.cnf\"\n"
        "  elif [ -n \"$DEFAULTS_FILE\" ]; then\n"
        "    printf '%s\\n' \"$DEFAULTS_FILE\"\n"
        "  else\n"
        "    echo \"copy.sh: no option file for data source ${DS_NAME[$1]}: give --defaults-file FILE or --defaults-dir DIR\" >&2\n"
        "    return 2\n"
        "  fi\n"
        "}\n\n"
        "connect_args() { # index -> CONNECT (the option file must come first)\n"
        "  local file\n"
        "  file=$(option_file \"$1\")\n"
        "  CONNECT=(\"--defaults-file=$file\" \"--host=${DS_HOST[$1]}\" \"--port=${DS_PORT[$1]}\")\n"
        "  if [ -n \"${DS_USER[$1]}\" ]; then CONNECT+=(\"--user=${DS_USER[$1]}\"); fi\n"
        "}\n\n"
        "count_rows() { # index sql\n"
        "  connect_args \"$1\"\n"
        "  mariadb \"${CONNECT[@]}\" --batch --skip-column-names -e \"$2\"\n"
        "}\n\n"
        "FAILED=0\n"
        "begin_target() { # index `schema`.`table` label\n"
        "  T_INDEX=$1; T_TABLE=$2; T_LABEL=$3; T_SENT=0\n"
        "  if [ \"$DRY_RUN\" = 1 ]; then return; fi\n"
        "  T_BEFORE=$(count_rows \"$1\" \"SELECT COUNT(*) FROM $2\")\n"
        "}\n\n"
        "copy_pair() { # source target source-schema source-table target-schema target-table where count-sql label before after\n"
        "  if [ \"$DRY_RUN\" = 1 ]; then echo \"would copy $9\"; return; fi\n"
        "  local rows\n"
        "  rows=$(count_rows \"$1\" \"$8\")\n"
        "  connect_args \"$1\"; local source=(\"${CONNECT[@]}\")\n"
        "  connect_args \"$2\"; local target=(\"${CONNECT[@]}\")\n"
        "  local dump=(mariadb-dump \"${source[@]}\" --single-transaction --no-create-info --skip-triggers\n"
        "              --insert-ignore --skip-add-locks --skip-disable-keys --no-tablespaces --hex-blob --skip-comments)\n"
        "  if [ -n \"$7\" ]; then dump+=(\"--where=$7\"); fi\n"
        "  dump+=(\"$3\" \"$4\")\n"
        "  if [ -z \"${10}\" ]; then\n"
        "    \"${dump[@]}\" | mariadb \"${target[@]}\" \"--database=$5\"\n"
        "  else # the target table has another name: load into a temporary table named like the source\n"
        "    { printf '%s\\n' \"${10}\"; \"${dump[@]}\"; printf '%s\\n' \"${11}\"; } | mariadb \"${target[@]}\" \"--database=$5\"\n"
        "  fi\n"
        "  T_SENT=$((T_SENT + rows))\n"
        "  echo \"$9: $rows rows\"\n"
        "}\n\n"
        "end_target() {\n"
        "  if [ \"$DRY_RUN\" = 1 ]; then return; fi\n"
        "  local after\n"
        "  after=$(count_rows \"$T_INDEX\" \"SELECT COUNT(*) FROM $T_TABLE\")\n"
        "  if [ \"$after\" -ne $((T_BEFORE + T_SENT)) ]; then\n"
        "    echo \"copy.sh: $T_LABEL holds $after rows, expected $T_BEFORE + $T_SENT: rows were skipped (a key already \"\\\n"
        "\"there: colliding ids, or a copy that ran before) or written meanwhile\" >&2\n"
        "    FAILED=1\n"
        "  else\n"
        "    echo \"$T_LABEL: $T_BEFORE + $T_SENT = $after rows, ok\"\n"
        "  fi\n"
        "}\n\n");
    // Pairs grouped by target node (a target can be fed by several sources).
    QList<DataNode> targets;
    QMap<DataNode, QList<QPair<const TablePlan *, const MovePair *>>> byTarget;
    QStringList client;
    for (const TablePlan &t : plan.tables)
        for (const MovePair &p : t.pairs) {
            if (!copiable(p)) {
                client << p.source.toString() + QStringLiteral(" -> ") + p.target.toString()
                              + QStringLiteral(": ") + p.predicate.clientNote;
                continue;
            }
            if (!byTarget.contains(p.target))
                targets << p.target;
            byTarget[p.target] << qMakePair(&t, &p);
        }
    if (!client.isEmpty()) {
        s += QStringLiteral("# Pairs without an SQL predicate (the key is routed row by row): not copied here.\n"
                            "if [ \"$SKIP_CLIENT\" != 1 ]; then\n"
                            "  echo 'copy.sh: these pairs have no SQL predicate, so mariadb-dump cannot select their rows; "
                            "copy them with the migration engine, or pass --skip-client-side to copy the others:' >&2\n");
        for (const QString &c : std::as_const(client))
            s += QStringLiteral("  echo %1 >&2\n").arg(shq(QStringLiteral("  ") + P(c)));
        s += QStringLiteral("  exit 2\nfi\n\n");
    }
    for (const DataNode &target : std::as_const(targets)) {
        const int ti = indexOf.value(target.dataSource);
        const QString tSchema = endpoints.schemaOf(target.dataSource);
        const QString tTable = builder::qualified(tSchema, target.table);
        s += QLatin1Char('\n') + comment(target.toString(), hash);
        s += QStringLiteral("begin_target %1 %2 %3\n").arg(ti).arg(shq(tTable), shq(P(target.toString())));
        for (const auto &[t, p] : byTarget.value(target)) {
            const int si = indexOf.value(p->source.dataSource);
            const QString sSchema = endpoints.schemaOf(p->source.dataSource);
            const QString sTable = builder::qualified(sSchema, p->source.table);
            const bool all = p->predicate.kind == MovePredicate::Kind::All;
            const QString where = all ? QString() : p->predicate.sql();
            const QString countSql = all ? QStringLiteral("SELECT COUNT(*) FROM %1").arg(sTable)
                                         : QStringLiteral("SELECT COUNT(*) FROM %1 WHERE %2").arg(sTable, where);
            QString before, after;
            if (p->source.table != target.table) {
                before = QStringLiteral("CREATE TEMPORARY TABLE %1 LIKE %2;")
                             .arg(quoteIdent(p->source.table), quoteIdent(target.table));
                after = QStringLiteral("INSERT IGNORE INTO %1 SELECT * FROM %2; DROP TEMPORARY TABLE %2;")
                            .arg(quoteIdent(target.table), quoteIdent(p->source.table));
            }
            const QString label = p->source.toString() + QStringLiteral(" -> ") + target.toString()
                                + (t->broadcast ? QStringLiteral(" (broadcast, whole table)") : QString());
            s += QStringLiteral("copy_pair %1 %2 %3 %4 %5 %6 %7 %8 %9 ")
                     .arg(si)
                     .arg(ti)
                     .arg(shq(sSchema), shq(p->source.table), shq(tSchema), shq(target.table), shq(where),
                          shq(countSql), shq(P(label)))
                 + QStringLiteral("%1 %2\n").arg(shq(before), shq(after));
        }
        s += QStringLiteral("end_target\n");
    }
    if (targets.isEmpty())
        s += QStringLiteral("\necho 'copy.sh: the plan moves no rows SQL can select.'\n");
    s += QStringLiteral("\nif [ \"$FAILED\" != 0 ]; then\n  echo 'copy.sh: the copy is incomplete (see above)' >&2\n"
                        "  exit 1\nfi\n");
    return s.toUtf8();
}

static QString esc(const QString &s) { return printableName(s).toHtmlEscaped(); }

QString PlanExport::runbookHtml(const ExpansionPlan &plan)
{
    QString h = QStringLiteral("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>ShardPilot runbook</title>"
                               "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
                               "td,th{border:1px solid #bbb;padding:3px 6px;font-size:90%}code,pre{background:#f4f4f4}"
                               ".destructive{background:#fde0e0}</style></head><body>");
    h += QStringLiteral("<h1>Runbook: %1</h1>").arg(esc(plan.description));
    h += QStringLiteral("<p>Strategy <b>%1</b>, config <code>%2</code> (sha256 %3), created %4.</p>")
             .arg(esc(strategyName(plan.strategy)), esc(plan.sourcePath), esc(plan.sourceSha256.left(16)),
                  esc(plan.createdAt.toString(Qt::ISODate)));
    h += QStringLiteral("<p>Estimates: %1</p>").arg(esc(plan.estimateSource));
    if (!plan.warnings.isEmpty()) {
        h += QStringLiteral("<h2>Checks</h2><ul>");
        for (const Diagnostic &d : plan.warnings)
            h += QStringLiteral("<li><b>%1</b> %2 <small>[%3]</small></li>")
                     .arg(esc(severityName(d.severity)), esc(d.message), esc(d.code));
        h += QStringLiteral("</ul>");
    }
    h += QStringLiteral("<h2>Moves</h2><table><tr><th>table</th><th>source</th><th>target</th><th>predicate</th>"
                        "<th>share</th><th>est. rows</th><th>exact</th></tr>");
    for (const TablePlan &t : plan.tables)
        for (const MovePair &p : t.pairs)
            h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td><code>%4</code></td><td>%5</td><td>%6</td><td>%7</td></tr>")
                     .arg(esc(t.logicTable), esc(p.source.toString()), esc(p.target.toString()),
                          esc(p.predicate.kind == MovePredicate::Kind::Client ? QStringLiteral("client-side routing")
                                                                               : p.predicate.sql()),
                          QString::number(p.share, 'f', 4),
                          p.estimatedRows < 0  ? QStringLiteral("?")
                          : p.errorRows < 0    ? QStringLiteral("&asymp; %1").arg(p.estimatedRows)
                                               : QStringLiteral("%1 &plusmn; %2").arg(p.estimatedRows).arg(p.errorRows),
                          p.exactRows ? QString::number(*p.exactRows) : QStringLiteral("-"));
    h += QStringLiteral("</table><h2>Scripts</h2><p>Each SQL script runs on one data source, with the mariadb "
                        "client: <code>on-&lt;data source&gt;/create.sql</code> (T0), <code>copy.sql</code> (counts "
                        "before and after the copy), <code>purge.sql</code> (T9, destructive). <code>copy.sh</code> "
                        "copies the moving rows while writes are stopped (the offline path); credentials come from "
                        "MySQL option files. <code>new-config.yaml</code> is the new config without its passwords.</p>");
    h += QStringLiteral("<h2>Steps</h2><ol>");
    for (const PlanStep &s : plan.steps) {
        h += QStringLiteral("<li%1><b>%2</b> %3").arg(s.destructive ? QStringLiteral(" class=\"destructive\"") : QString(),
                                                       esc(s.phase), esc(s.title));
        if (!s.detail.isEmpty())
            h += QStringLiteral("<br>") + esc(s.detail);
        if (!s.sql.isEmpty()) {
            QStringList lines;
            for (const QString &q : s.sql)
                for (const QString &l : q.split(QLatin1Char('\n')))
                    lines << esc(l);
            h += QStringLiteral("<pre>") + lines.join(QLatin1Char('\n')) + QStringLiteral("</pre>");
        }
        h += QStringLiteral("</li>");
    }
    h += QStringLiteral("</ol><h2>Assumptions</h2><ul>");
    for (const QString &a : plan.assumptions)
        h += QStringLiteral("<li>") + esc(a) + QStringLiteral("</li>");
    h += QStringLiteral("</ul></body></html>\n");
    return h;
}

QString PlanExport::text(const ExpansionPlan &plan)
{
    QString s = QStringLiteral("Plan: %1\nStrategy: %2\nEstimates: %3\n")
                    .arg(P(plan.description), strategyName(plan.strategy), P(plan.estimateSource));
    for (const DataSourceChange &c : plan.dataSourceChanges) {
        if (c.added && c.url.isEmpty())
            s += QStringLiteral("add data source %1 (no url: give --url %1=jdbc:mysql://host:port/schema)\n").arg(P(c.name));
        else
            s += QStringLiteral("%1 data source %2 %3\n")
                     .arg(c.added ? QStringLiteral("add") : QStringLiteral("retire"), P(c.name), P(c.url));
    }
    for (const TablePlan &t : plan.tables) {
        s += QStringLiteral("\n%1%2").arg(P(t.logicTable), t.broadcast ? QStringLiteral(" (broadcast)") : QString());
        if (!t.broadcast)
            s += QStringLiteral(": %1 of keys move; %2 -> %3")
                     .arg(QString::number(100 * t.movedKeyShare, 'f', 2) + QLatin1Char('%'), P(t.actualDataNodesBefore),
                          P(t.actualDataNodesAfter));
        s += QLatin1Char('\n');
        for (const MovePair &p : t.pairs) {
            s += QStringLiteral("  %1 -> %2  share %3")
                     .arg(P(p.source.toString()), P(p.target.toString()), QString::number(p.share, 'f', 4));
            if (p.estimatedRows >= 0 && p.errorRows >= 0)
                s += QStringLiteral("  est %1 +- %2 rows").arg(p.estimatedRows).arg(p.errorRows);
            else if (p.estimatedRows >= 0)
                s += QStringLiteral("  est ~%1 rows (no bound)").arg(p.estimatedRows);
            if (p.estimatedBytes >= 0)
                s += QStringLiteral(" (%1 bytes)").arg(p.estimatedBytes);
            if (p.exactRows)
                s += QStringLiteral("  exact %1").arg(*p.exactRows);
            s += QStringLiteral("\n    ") + P(p.predicate.kind == MovePredicate::Kind::Client
                                                  ? QStringLiteral("client-side: ") + p.predicate.clientNote
                                                  : p.predicate.sql())
               + QLatin1Char('\n');
        }
    }
    const qint64 tr = plan.totalEstimatedRows();
    if (tr >= 0)
        s += QStringLiteral("\nTotal estimated rows moving: %1 (%2 bytes)\n").arg(tr).arg(plan.totalEstimatedBytes());
    if (!plan.warnings.isEmpty()) {
        s += QStringLiteral("\nChecks:\n");
        for (const Diagnostic &d : plan.warnings)
            s += QStringLiteral("  %1: %2 [%3]\n").arg(severityName(d.severity), P(d.message), P(d.code));
    }
    s += QStringLiteral("\nSteps: %1 (use --out DIR for the runbook and scripts)\n").arg(plan.steps.size());
    for (const QString &a : plan.assumptions)
        s += QStringLiteral("Assumption: ") + P(a) + QLatin1Char('\n');
    return s;
}

QList<PlanExport::File> PlanExport::files(const ExpansionPlan &plan, int parts)
{
    QList<File> out;
    if (parts & PlanJson)
        out << File{QStringLiteral("plan.json"), plan.toJsonBytes(), false};
    if (parts & NewConfig)
        out << File{QStringLiteral("new-config.yaml"), plan.newConfigText.toUtf8(), false};
    if (parts & Runbook)
        out << File{QStringLiteral("runbook.html"), runbookHtml(plan).toUtf8(), false};
    if ((parts & Scripts) && exportProblem(plan).isEmpty()) {
        out << File{QStringLiteral("copy.sh"), copyScript(plan), true};
        const ScriptIndex index(plan);
        for (const QString &ds : scriptDataSources(plan)) {
            const QString dir = folderOf(ds) + QLatin1Char('/');
            for (const auto &[name, bytes] : {qMakePair(QStringLiteral("create.sql"), createSqlOf(index, ds)),
                                              qMakePair(QStringLiteral("copy.sql"), copySqlOf(index, ds)),
                                              qMakePair(QStringLiteral("purge.sql"), purgeSqlOf(index, ds))})
                if (!bytes.isEmpty())
                    out << File{dir + name, bytes, false};
        }
    }
    return out;
}

static bool makeDir(const QString &path, QString *error)
{
    if (QFileInfo(path).isDir())
        return true;
    if (!QDir().mkpath(path)) {
        if (error)
            *error = QStringLiteral("%1: cannot create directory").arg(path);
        return false;
    }
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    return true;
}

bool PlanExport::write(const QList<File> &files, const QString &dir, QString *error)
{
    if (!makeDir(dir, error))
        return false;
    const QDir d(dir);
    for (const File &f : files) {
        const QString path = d.filePath(f.path);
        if (!makeDir(QFileInfo(path).absolutePath(), error))
            return false;
        QSaveFile out(path);
        QFileDevice::Permissions mode = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
        if (f.executable)
            mode |= QFileDevice::ExeOwner;
        // 0600 before a byte is written (0700 for copy.sh): nothing here is for other users.
        if (!out.open(QIODevice::WriteOnly) || !out.setPermissions(mode) || out.write(f.bytes) != f.bytes.size()
            || !out.commit()) {
            if (error)
                *error = QStringLiteral("%1: %2").arg(path, out.errorString());
            return false;
        }
    }
    return true;
}

bool PlanExport::writeAll(const ExpansionPlan &plan, const QString &dir, QString *error)
{
    if (const Text problem = exportProblem(plan); !problem.isEmpty()) {
        if (error)
            *error = problem.text;
        return false;
    }
    return write(files(plan, AllParts), dir, error);
}

} // namespace sp::planning
