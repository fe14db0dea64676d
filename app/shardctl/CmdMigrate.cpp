#include "CmdMigrate.h"

#include "core/migration/Journal.h"
#include "core/migration/RunState.h"
#include "core/migration/dual/DualState.h"
#include "core/migration/run/RunKind.h"
#include "core/migration/run/Runner.h"
#include "core/migration/run/Throttle.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <limits>

namespace sp::cli {

using namespace sp::migration;

void CmdMigrate::addOptions(QCommandLineParser &parser)
{
    // The steps come from the run kinds' tables (core/migration/run/RunKind.h).
    const RunKind &copy = RunKind::copy();
    const RunKind &dual = RunKind::dualMaster();
    parser.setApplicationDescription(
        summary() +
        QStringLiteral(
            "\nActions:\n"
            "  create    make a run directory from a plan (--plan FILE --run DIR)\n"
            "  run       continue the run from where its journal is (--until STEP stops after that step)\n"
            "  status    steps, gates, copy progress, throttling, checks and differences\n"
            "  pause     ask a running 'migrate run' to stop at its next pause point\n"
            "  throttle  change the limits of a running run (--max-lag, --max-rows-per-sec, "
            "--max-threads-running)\n"
            "  rollback  before %1 (%2): stop, put the old config back, lift read_only; --drop-targets "
            "drops the copied tables. A copy run between T7 and T9: read_only on the new nodes, the reverse "
            "stream drained, every moved row compared on both sides, the old config back and the reload "
            "command run, read_only lifted; the write stop is reported\n"
            "  verify    run the kind's comparison again (read-only)\n"
            "  repair    apply the repair SQL of T5's differences on the targets (--yes), then verify\n"
            "  forward-stale  after T8 saw writes to moved keys on the old shards: carry each to its new "
            "node where the new node was not written since the switch (--yes; without it, what it would "
            "do); a key written on both sides is listed with both versions (--conflicts decides)\n"
            "  log       the audit log: every action with its server, OS user and SQL\n"
            "Steps of a copy run (mod-double, remap, ring plans): %3.\n"
            "Steps of a dual-master run: %4. D6 waits for lag 0 and compares the rows each new "
            "instance will own with its old one (exact; what differs is repaired on the new one), D7 "
            "stops writes, switches the config and resumes (refused unless this run's D6 compared "
            "clean); status shows replication per pair and the last comparison; verify checks the "
            "replication gates and compares the rows (repairs nothing).\n"
            "Steps that change the live cluster ask for --yes: %5 (copy), %6 (dual-master).\n"
            "Throttle: the copy, catch-up, pre-verification, verify and the purges wait while a replica "
            "of a server of the run lags more than --max-lag seconds (a heartbeat row written on each "
            "primary, read on each replica; replicas from SHOW SLAVE HOSTS or --replica), a server "
            "runs more than --max-threads-running threads, or the rows would exceed "
            "--max-rows-per-sec; a replica whose lag cannot be read for 15 s stops the run.\n"
            "Exit codes: 0 the requested step completed, 1 a gate or check failed (the reason is printed), "
            "2 bad usage. See docs/migration.md.")
            .arg(copy.stepId(*copy.noReturn()), dual.stepId(*dual.noReturn()), copy.helpLine(),
                 dual.helpLine(), copy.destructiveIds().join(QStringLiteral(", ")),
                 dual.destructiveIds().join(QStringLiteral(", "))));
    parser.addPositionalArgument(
        QStringLiteral("action"),
        QStringLiteral("create, run, status, pause, throttle, rollback, verify, repair, forward-stale, log"));
    auto opt = [&](const char *name, const char *help, const char *value = nullptr) {
        parser.addOption(QCommandLineOption(QString::fromLatin1(name), QString::fromLatin1(help),
                                            value ? QString::fromLatin1(value) : QString()));
    };
    opt("plan", "create: the plan (plan.json from 'shardctl plan --out' or the wizard).", "FILE");
    opt("run", "The run directory.", "DIR");
    opt("observe", "create: seconds T8 watches for stale routes (default 86400; 0 allowed).", "SECONDS");
    opt("admin-defaults-file",
        "create: MySQL option file with an account that has replication and DDL rights on every server "
        "(not needed for a sandbox config: its root access is used).",
        "FILE");
    opt("reload-command", "create: shell command run after T6 switched the config (e.g. a config reload).", "CMD");
    opt("write-stop-budget", "create: seconds T4 may keep writes stopped while capture drains (default 10).", "S");
    opt("chunk-rows", "create: first copy chunk size (default 1000; then adapted to 0.5 s per chunk).", "N");
    opt("max-chunk-rows", "create: upper bound of a copy chunk (default 50000): shorter transactions on busy servers.",
        "N");
    opt("max-rows-per-sec", "create, throttle: rows per second over all servers (default none).", "N");
    opt("max-threads-running",
        "create, throttle: the work waits while a server of the run runs more than N threads (default off).",
        "N");
    opt("max-lag",
        "create, throttle: the work waits while a replica lags more than S seconds (default 1.5; 0: replicas "
        "not watched).",
        "S");
    opt("replica",
        "create: a replica of a server of the run, HOST:PORT (repeatable; replicas that report their host "
        "are "
        "found with SHOW SLAVE HOSTS).",
        "HOST:PORT");
    opt("parallel", "create: source servers copied at once (default: all of them).", "N");
    opt("full-verify",
        "create: T5 compares every moved row while writes are stopped, instead of re-checking only what changed "
        "since T3 verified it (see docs/migration.md).");
    opt("strong-hash",
        "create: verification (T3, T5, verify) compares a SHA2-256 of each row instead of CRC32 + CRC32C: it also "
        "finds a deliberate edit made to keep both CRCs, at more CPU on the servers; verify: this once.");
    opt("kill-blockers", "create, run: when SET GLOBAL read_only waits behind other sessions (table locks, "
                         "long statements), T4 kills "
                         "them (KILL CONNECTION, audited) near the end of its wait instead of giving up; "
                         "without it T4 names them and "
                         "resumes writes.");
    opt("until",
        qPrintable(
            QStringLiteral("run: stop after this step (%1; %2 for a dual-master run), even while writes are "
                           "stopped.")
                .arg(copy.idRange(), dual.idRange())),
        "STEP");
    opt("yes",
        qPrintable(QStringLiteral("run: confirm the steps that change the live cluster (%1; %2); rollback: "
                                  "required.")
                       .arg(copy.destructiveIds().join(QStringLiteral(", ")),
                            dual.destructiveIds().join(QStringLiteral(", ")))));
    opt("override-reason",
        "run: purge (T9) before T8 ended, or D9 the rows it kept, for this reason (audited).", "TEXT");
    opt("carry-after-switch",
        "run: T7 applies (then compares) the changes of moving rows written on the old shards after T6 "
        "switched the "
        "config, for this reason (audited): use it once you know the application did not write those rows on "
        "their "
        "new shards since the switch. Without it T7 stops on them.",
        "REASON");
    opt("drop-targets", "rollback: drop the target tables the run created.");
    opt("conflicts",
        "forward-stale: for keys written on both sides since the switch, keep-new (the new node's row stays, "
        "the old shard's write is dropped at T9) or take-old (the old shard's row replaces it); audited. "
        "Without it they are listed and left.",
        "keep-new|take-old");
    opt("json", "status, log: JSON output.");
}

static int createRun(const QCommandLineParser &p, QTextStream &out, QTextStream &err)
{
    const QString prefix = QStringLiteral("shardctl migrate create: ");
    if (!p.isSet(QStringLiteral("plan")) || !p.isSet(QStringLiteral("run"))) {
        err << prefix << "--plan FILE and --run DIR are required\n";
        return Usage;
    }
    QFile f(p.value(QStringLiteral("plan")));
    if (!f.open(QIODevice::ReadOnly)) {
        err << prefix << "cannot read " << f.fileName() << ": " << f.errorString() << '\n';
        return Findings;
    }
    QString why;
    auto plan = planning::ExpansionPlan::fromJsonBytes(f.read(256 << 20), &why);
    if (!plan) {
        err << prefix << f.fileName() << ": " << why << '\n';
        return Findings;
    }
    RunSpec options;
    auto intOpt = [&](const char *name, int *into, int lo, int hi) {
        if (!p.isSet(QString::fromLatin1(name)))
            return true;
        bool ok = false;
        const int v = p.value(QString::fromLatin1(name)).toInt(&ok);
        if (!ok || v < lo || v > hi) {
            err << prefix << "--" << name << " must be a number from " << lo << " to " << hi << '\n';
            return false;
        }
        *into = v;
        return true;
    };
    if (!intOpt("observe", &options.observeSec, 0, 365 * 86400) ||
        !intOpt("write-stop-budget", &options.writeStopBudgetSec, 1, 3600) ||
        !intOpt("chunk-rows", &options.chunkRows, 10, 100000) ||
        !intOpt("max-chunk-rows", &options.maxChunkRows, 10, 1000000) ||
        !intOpt("max-rows-per-sec", &options.maxRowsPerSec, 1, 100000000) ||
        !intOpt("max-threads-running", &options.maxThreadsRunning, 1, 100000) ||
        !intOpt("parallel", &options.parallel, 1, 1000))
        return Usage;
    if (p.isSet(QStringLiteral("max-lag"))) {
        bool ok = false;
        options.maxLagSec = p.value(QStringLiteral("max-lag")).toDouble(&ok);
        if (!ok || options.maxLagSec < 0 || options.maxLagSec > 3600) {
            err << prefix << "--max-lag must be a number of seconds from 0 to 3600\n";
            return Usage;
        }
    }
    for (const QString &r : p.values(QStringLiteral("replica"))) {
        const int colon = int(r.lastIndexOf(QLatin1Char(':')));
        if (colon <= 0 || r.mid(colon + 1).toInt() <= 0) {
            err << prefix << "--replica takes HOST:PORT ('" << r << "' is not)\n";
            return Usage;
        }
        options.replicas.append(r);
    }
    options.fullVerify = p.isSet(QStringLiteral("full-verify"));
    options.strongHash = p.isSet(QStringLiteral("strong-hash"));
    options.killBlockers = p.isSet(QStringLiteral("kill-blockers"));
    options.adminDefaultsFile = p.value(QStringLiteral("admin-defaults-file"));
    options.reloadCommand = p.value(QStringLiteral("reload-command"));
    const QString dir = p.value(QStringLiteral("run"));
    // The same creation as the console's (core/migration/RunState.h).
    const std::optional<RunSpec> spec = sp::migration::createRun(*plan, f.fileName(), dir, options, &why);
    if (!spec) {
        err << prefix << why << '\n';
        return Findings;
    }
    // The kind's first natural stop, and the steps that want --yes.
    const RunKind &kind = RunKind::of(*plan);
    QString stop = kind.stepId(kind.last());
    for (int i = 0; i < kind.size(); ++i)
        if (kind.steps().at(i).naturalStop) {
            stop = kind.steps().at(i).id;
            break;
        }
    out << "run " << spec->runId << " created in " << dir << ": " << plan->description << '\n'
        << "next: shardctl migrate run --run " << dir << " --until " << stop << "   (then --yes for "
        << kind.destructiveIds().join(QStringLiteral(", ")) << ")\n";
    return Ok;
}

static QJsonObject statusJson(const RunState &j)
{
    const RunKind &kind = j.runKind();
    QJsonArray steps;
    for (const StepState &s : j.steps) {
        if (!kind.has(s.step))
            continue;
        steps.append(QJsonObject{{QStringLiteral("step"), kind.stepId(s.step)},
                                 {QStringLiteral("title"), kind.title(s.step)},
                                 {QStringLiteral("status"), statusName(s.status)},
                                 {QStringLiteral("started"), s.started.toString(Qt::ISODateWithMs)},
                                 {QStringLiteral("finished"), s.finished.toString(Qt::ISODateWithMs)},
                                 {QStringLiteral("message"), s.message}});
    }
    QJsonArray progress;
    for (const CopyProgress &c : j.progress)
        progress.append(QJsonObject{{QStringLiteral("source"), c.source},
                                    {QStringLiteral("target"), c.target},
                                    {QStringLiteral("copied"), c.copied},
                                    {QStringLiteral("expected"), c.expected},
                                    {QStringLiteral("rowsPerSec"), c.rowsPerSec},
                                    {QStringLiteral("done"), c.done}});
    QJsonArray checks;
    for (const CheckResult &c : j.checks)
        checks.append(QJsonObject{{QStringLiteral("step"), c.step},
                                  {QStringLiteral("name"), c.name},
                                  {QStringLiteral("ok"), c.ok},
                                  {QStringLiteral("detail"), c.detail}});
    QJsonArray diffs;
    for (const RowDifference &d : j.differences)
        diffs.append(QJsonObject{{QStringLiteral("target"), d.targetNode},
                                 {QStringLiteral("source"), d.sourceNode},
                                 {QStringLiteral("key"), d.key},
                                 {QStringLiteral("kind"), d.kind},
                                 {QStringLiteral("repair"), d.repairSql}});
    QJsonArray stale;
    for (const StaleWrite &w : j.staleWrites)
        stale.append(QJsonObject{{QStringLiteral("source"), w.source},
                                 {QStringLiteral("target"), w.targetNode},
                                 {QStringLiteral("key"), w.keyText},
                                 {QStringLiteral("firstAt"), w.firstAt.toString(Qt::ISODateWithMs)},
                                 {QStringLiteral("lastAt"), w.lastAt.toString(Qt::ISODateWithMs)},
                                 {QStringLiteral("writes"), w.writes},
                                 {QStringLiteral("status"), w.status},
                                 {QStringLiteral("detail"), w.detail}});
    // The reverse stream (copy runs after T6): per target server, how far it is applied.
    QJsonObject reverse;
    {
        QJsonArray servers;
        for (auto it = j.values.cbegin(); it != j.values.cend(); ++it) {
            if (!it.key().startsWith(QLatin1String("reverse.from.")))
                continue;
            const QString inst = it.key().mid(13);
            servers.append(QJsonObject{{QStringLiteral("server"), inst},
                                       {QStringLiteral("from"), it.value()},
                                       {QStringLiteral("applied"), j.value(keys::reverseApplied(inst))},
                                       {QStringLiteral("head"), j.value(keys::reverseHead(inst))}});
        }
        if (!servers.isEmpty())
            reverse = QJsonObject{{QStringLiteral("servers"), servers},
                                  {QStringLiteral("changes"), j.value(keys::reverseChanges).toLongLong()},
                                  {QStringLiteral("conflicts"), j.value(keys::reverseConflicts).toLongLong()},
                                  {QStringLiteral("at"), j.value(keys::reverseAt)},
                                  {QStringLiteral("ended"), j.value(keys::reverseEnded) == QLatin1String("1")}};
    }
    QJsonObject throttled;
    const QMap<QString, double> waited = Throttle::waitedOf(j.values);
    for (auto it = waited.cbegin(); it != waited.cend(); ++it)
        throttled.insert(it.key(), it.value());
    const ThrottleLimits limits = Throttle::readLimits(j.dir).value_or(ThrottleLimits::of(j.spec));
    return QJsonObject{
        {QStringLiteral("steps"), steps},
        {QStringLiteral("progress"), progress},
        {QStringLiteral("checks"), checks},
        {QStringLiteral("differences"), diffs},
        {QStringLiteral("staleWrites"), stale},
        {QStringLiteral("reverseStream"), reverse},
        {QStringLiteral("writeStopMs"), j.value(keys::writeStopMs).toLongLong()},
        {QStringLiteral("reloadMs"), j.value(keys::reloadMs).isEmpty() ? QJsonValue() : QJsonValue(j.value(keys::reloadMs).toLongLong())},
        {QStringLiteral("rollbackWriteStopMs"), j.value(keys::rollbackWriteStopMs).isEmpty()
                                                    ? QJsonValue()
                                                    : QJsonValue(j.value(keys::rollbackWriteStopMs).toLongLong())},
        {QStringLiteral("rollbackReloadMs"), j.value(keys::rollbackReloadMs).isEmpty()
                                                 ? QJsonValue()
                                                 : QJsonValue(j.value(keys::rollbackReloadMs).toLongLong())},
        {QStringLiteral("rolledBack"), j.rolledBack()},
        {QStringLiteral("runKind"), kind.name()},
        {QStringLiteral("throttled"), throttled},
        {QStringLiteral("throttleLimits"), limits.toJson()},
        {QStringLiteral("replicas"), QJsonDocument::fromJson(j.value(keys::replicas).toUtf8()).array()}};
}

// A dual-master run's replication per pair: read from the servers now, else the journal's last look.
static QList<PairReplication> replicationOf(const RunState &j, QString *source)
{
    QList<PairReplication> list;
    QString why;
    if (!j.rolledBack() && probeReplication(j.dir, &list, &why)) {
        bool anyRead = false;
        for (const PairReplication &r : std::as_const(list))
            anyRead = anyRead || r.error.isEmpty();
        if (anyRead) {
            *source = QStringLiteral("now");
            return list;
        }
        why = list.isEmpty() ? QString() : list.first().error;
    }
    list = storedReplication(j.values);
    *source = list.isEmpty() ? QString() : QStringLiteral("journal, ") + list.first().at.toString(Qt::ISODate);
    if (!why.isEmpty())
        *source += QStringLiteral("; servers not read: ") + why;
    return list;
}

static const int kStatusListCap = 20; // failed checks and differences `status` prints (--json: all)

static int status(const QString &dir, bool json, QTextStream &out, QTextStream &err)
{
    RunStateOptions options;
    options.withPlan = true;
    options.maxDifferences = std::numeric_limits<int>::max(); // every difference, as before
    RunState j;
    QString why;
    if (!loadRunState(dir, options, &j, &why)) {
        err << "shardctl migrate status: " << why << '\n';
        return Findings;
    }
    const bool busy = j.locked;
    if (json) {
        QJsonObject o = statusJson(j);
        o[QStringLiteral("runId")] = j.spec.runId;
        o[QStringLiteral("plan")] = j.plan->description;
        o[QStringLiteral("config")] = j.spec.configPath;
        o[QStringLiteral("running")] = busy;
        o[QStringLiteral("kind")] = planning::strategyName(j.plan->strategy);
        if (j.kindId() == RunKindId::DualMaster) {
            QString from;
            QJsonArray arr;
            for (const PairReplication &r : replicationOf(j, &from))
                arr.append(r.toJson());
            o[QStringLiteral("replication")] = arr;
            o[QStringLiteral("replicationReadFrom")] = from;
            if (const auto c = storedComparison(j.values))
                o[QStringLiteral("comparison")] = c->toJson();
            o[QStringLiteral("comparisonInterrupted")] =
                QJsonArray::fromStringList(interruptedComparisons(j.values));
        }
        out << QJsonDocument(o).toJson(QJsonDocument::Indented);
        return Ok;
    }
    out << "run " << j.spec.runId << ": " << j.plan->description << (busy ? "  (a process is working on it)" : "") << '\n';
    const RunKind &kind = j.runKind();
    for (const StepState &s : j.steps)
        if (kind.has(s.step))
            out << "  " << kind.stepId(s.step).leftJustified(3) << "  "
                << statusName(s.status).leftJustified(12) << kind.title(s.step)
                << (s.message.isEmpty() ? QString() : QStringLiteral("  - ") + s.message.left(200)) << '\n';
    if (j.kindId() == RunKindId::DualMaster) {
        QString from;
        const QList<PairReplication> repl = replicationOf(j, &from);
        if (!repl.isEmpty())
            out << "replication (" << from << "):\n";
        for (const PairReplication &r : repl)
            out << "  " << r.describe() << '\n';
        if (const auto c = storedComparison(j.values))
            out << "rows compared (" << c->by << ", " << c->at.toString(Qt::ISODate) << "): " << c->rows
                << " rows, " << c->repaired << " repaired, " << c->differences << " differ"
                << (c->clean ? "" : "  - D7 is refused") << '\n';
        const QStringList stopped = interruptedComparisons(j.values);
        if (!stopped.isEmpty())
            out << "replication into " << stopped.join(QStringLiteral(", "))
                << " was stopped by a comparison that did not finish; the next run starts it again\n";
    }
    qint64 copied = 0, expected = 0;
    int done = 0;
    for (const CopyProgress &c : j.progress) {
        copied += c.copied;
        expected = expected < 0 || c.expected < 0 ? -1 : expected + c.expected; // unknown when one is
        done += c.done ? 1 : 0;
    }
    if (!j.progress.isEmpty())
        out << "copy: " << done << " of " << j.progress.size() << " copies done, " << copied << " rows copied"
            << (expected < 0 ? QStringLiteral(" (the plan has no estimate)")
                             : QStringLiteral(" (plan: about %1)").arg(expected))
            << "\n";
    // The switch window, with the reload command's share (a fleet that reloads in 30 s is a 30 s stop).
    const auto secs = [](const QString &ms) { return QString::number(ms.toDouble() / 1000.0, 'f', 1); };
    const QString ws = j.value(keys::writeStopMs);
    const QString reloadMs = j.value(keys::reloadMs);
    if (!ws.isEmpty())
        out << "write stop: " << secs(ws) << " s"
            << (reloadMs.isEmpty() ? QString() : QStringLiteral(", of it the reload command %1 s").arg(secs(reloadMs)))
            << '\n';
    else if (j.writesStopped())
        out << "writes stopped for " << secs(QString::number(j.writeStopStart().msecsTo(QDateTime::currentDateTimeUtc())))
            << " s so far (since " << j.writeStopStart().toString(Qt::ISODate) << ")"
            << (reloadMs.isEmpty() ? QString() : QStringLiteral(", of it the reload command %1 s").arg(secs(reloadMs)))
            << '\n';
    const QString rws = j.value(keys::rollbackWriteStopMs);
    if (!rws.isEmpty())
        out << "rollback write stop (moved rows, on the new nodes): " << secs(rws) << " s"
            << (j.value(keys::rollbackReloadMs).isEmpty()
                    ? QString()
                    : QStringLiteral(", of it the reload command %1 s").arg(secs(j.value(keys::rollbackReloadMs))))
            << '\n';
    else if (!j.value(keys::rollbackStopStart).isEmpty() && !j.rolledBack())
        out << "rollback: writes to moved rows stopped on the new nodes since " << j.value(keys::rollbackStopStart)
            << '\n';
    // The throttle: seconds waited per reason, the limits now, the replicas it watches.
    const QMap<QString, double> waited = Throttle::waitedOf(j.values);
    if (!waited.isEmpty()) {
        QStringList parts;
        double total = 0;
        for (auto it = waited.cbegin(); it != waited.cend(); ++it) {
            parts.append(QStringLiteral("%1 %2 s").arg(it.key(), QString::number(it.value(), 'f', 1)));
            total += it.value();
        }
        out << "throttled: " << QString::number(total, 'f', 1) << " s (" << parts.join(QStringLiteral(", "))
            << ")\n";
    }
    out << "throttle limits: " << Throttle::readLimits(j.dir).value_or(ThrottleLimits::of(j.spec)).describe()
        << '\n';
    for (const QJsonValue &v : QJsonDocument::fromJson(j.value(keys::replicas).toUtf8()).array()) {
        const QJsonObject r = v.toObject();
        const double lag = r.value(QStringLiteral("lagSec")).toDouble(-1);
        out << "  replica " << r.value(QStringLiteral("address")).toString() << " of "
            << r.value(QStringLiteral("primary")).toString() << " ("
            << r.value(QStringLiteral("foundBy")).toString() << "): "
            << (lag < 0 ? QStringLiteral("lag not read") : QStringLiteral("lag %1 s").arg(lag, 0, 'f', 1))
            << '\n';
    }
    // Warnings (checks that pass but say something the operator must know), failed checks and
    // differences: the first kStatusListCap of each (--json lists all of them).
    int warnings = 0;
    for (const CheckResult &c : j.checks)
        if (c.ok && c.detail.startsWith(QLatin1String("warning: ")) && ++warnings <= kStatusListCap)
            out << "  WARNING " << c.step << " " << c.name << ": " << c.detail.mid(9).left(400) << '\n';
    int failed = 0;
    for (const CheckResult &c : j.checks)
        if (!c.ok && ++failed <= kStatusListCap)
            out << "  FAILED " << c.step << " " << c.name << ": " << c.detail.left(400) << '\n';
    if (failed > kStatusListCap)
        out << "  ... " << failed - kStatusListCap << " more failed checks; 'shardctl migrate status --json' lists "
            << "all of them\n";
    if (!j.differences.isEmpty()) {
        out << j.differences.size() << " differences ("
            << (kind.comparison() ? kind.stepId(*kind.comparison()) : QString()) << "):\n";
        for (int i = 0; i < j.differences.size() && i < kStatusListCap; ++i) {
            const RowDifference &d = j.differences.at(i);
            out << "  " << d.kind << " " << d.targetNode << " key " << d.key << "\n    " << d.repairSql << '\n';
        }
        if (j.differences.size() > kStatusListCap)
            out << "  ... " << j.differences.size() - kStatusListCap << " more differences; 'shardctl migrate status "
                << "--json' lists all of them with their repair SQL ('migrate repair --yes' applies them)\n";
    }
    bool reverseHeader = false;
    for (auto it = j.values.cbegin(); it != j.values.cend(); ++it) {
        if (!it.key().startsWith(QLatin1String("reverse.from.")))
            continue;
        if (!reverseHeader) {
            reverseHeader = true;
            out << "reverse stream (the new nodes' changes carried back to the old shards until T9): "
                << j.value(keys::reverseChanges).toLongLong() << " applied, " << j.value(keys::reverseConflicts).toLongLong()
                << " left as they were (the old shard's row had changed on its own)"
                << (j.value(keys::reverseEnded) == QLatin1String("1") ? QStringLiteral(", ended by T9") : QString())
                << (j.value(keys::reverseAt).isEmpty() ? QString() : QStringLiteral(", last at ") + j.value(keys::reverseAt))
                << '\n';
        }
        const QString inst = it.key().mid(13);
        const QString applied = j.value(keys::reverseApplied(inst));
        const QString head = j.value(keys::reverseHead(inst));
        out << "  " << inst << ": from " << it.value() << ", applied to "
            << (applied.isEmpty() ? QStringLiteral("(not started)") : applied)
            << (head.isEmpty() || head == applied ? QString() : QStringLiteral(" of ") + head) << '\n';
    }
    if (!j.staleWrites.isEmpty()) {
        out << j.staleWrites.size() << " keys written on their old shards after the switch, " << j.openStaleWrites()
            << " open ('migrate forward-stale' carries them to the new nodes):\n";
        int shown = 0;
        for (const StaleWrite &w : j.staleWrites) {
            if (++shown > kStatusListCap)
                break;
            out << "  " << w.status << " " << w.source << " key " << w.keyText << " -> " << w.targetNode << ", "
                << w.writes << " writes, last at " << w.lastAt.toString(Qt::ISODate)
                << (w.detail.isEmpty() ? QString() : QStringLiteral(": ") + w.detail.left(400)) << '\n';
        }
        if (j.staleWrites.size() > kStatusListCap)
            out << "  ... " << j.staleWrites.size() - kStatusListCap << " more; 'shardctl migrate status --json' lists all\n";
    }
    return Ok;
}

static int log(const QString &dir, bool json, QTextStream &out, QTextStream &err)
{
    if (!QFileInfo::exists(RunDir(dir).specFile())) {
        err << "shardctl migrate log: " << dir << " is not a run directory\n";
        return Findings;
    }
    Journal j(RunDir(dir).journalFile());
    QJsonArray arr;
    for (const AuditEntry &a : j.auditLog()) {
        if (json) {
            arr.append(QJsonObject{{QStringLiteral("at"), a.at.toString(Qt::ISODateWithMs)},
                                   {QStringLiteral("osUser"), a.osUser},
                                   {QStringLiteral("step"), a.step},
                                   {QStringLiteral("action"), a.action},
                                   {QStringLiteral("server"), a.server},
                                   {QStringLiteral("sql"), a.sql},
                                   {QStringLiteral("outcome"), a.outcome}});
            continue;
        }
        out << a.at.toString(Qt::ISODateWithMs) << "  " << a.osUser << "  " << (a.step.isEmpty() ? QStringLiteral("--") : a.step)
            << "  " << a.action << (a.server.isEmpty() ? QString() : QStringLiteral("  on ") + a.server) << "  "
            << a.outcome << '\n';
        if (!a.sql.isEmpty())
            out << "    " << a.sql.left(2000) << '\n';
    }
    if (json)
        out << QJsonDocument(arr).toJson(QJsonDocument::Indented);
    return Ok;
}

// `migrate throttle`: new limits for the run in DIR, taken over by a running engine within a second
// (RunDir::throttleFile()); without options, the limits in force.
static int throttle(const QCommandLineParser &p, const QString &dir, QTextStream &out, QTextStream &err)
{
    const QString prefix = QStringLiteral("shardctl migrate throttle: ");
    RunSpec spec;
    planning::ExpansionPlan plan;
    QString why;
    if (!RunDir(dir).load(&spec, &plan, &why)) {
        err << prefix << why << '\n';
        return Findings;
    }
    ThrottleLimits limits = Throttle::readLimits(dir).value_or(ThrottleLimits::of(spec));
    bool changed = false;
    auto number = [&](const char *name, double lo, double hi, double *into) {
        if (!p.isSet(QString::fromLatin1(name)))
            return true;
        bool ok = false;
        const double v = p.value(QString::fromLatin1(name)).toDouble(&ok);
        if (!ok || v < lo || v > hi) {
            err << prefix << "--" << name << " must be a number from " << lo << " to " << hi << '\n';
            return false;
        }
        *into = v;
        changed = true;
        return true;
    };
    double threads = limits.maxThreadsRunning;
    if (!number("max-lag", 0, 3600, &limits.maxLagSec) ||
        !number("max-rows-per-sec", 0, 100000000, &limits.maxRowsPerSec) ||
        !number("max-threads-running", 0, 100000, &threads))
        return Usage;
    limits.maxThreadsRunning = int(threads);
    if (changed && !Throttle::writeLimits(dir, limits, &why)) {
        err << prefix << why << '\n';
        return Findings;
    }
    const bool running = RunLock::isHeld(RunDir(dir).lockFile());
    out << (changed ? "throttle limits now: " : "throttle limits: ") << limits.describe() << '\n';
    if (changed)
        out << (running ? "the running engine takes them over within a second (audited)\n"
                        : "no engine runs now: the next 'migrate run' starts with them\n");
    return Ok;
}

int CmdMigrate::run(const QCommandLineParser &p, QTextStream &out, QTextStream &err)
{
    const QStringList pos = p.positionalArguments();
    static const QStringList actions{
        QStringLiteral("create"), QStringLiteral("run"),      QStringLiteral("status"),
        QStringLiteral("pause"),  QStringLiteral("throttle"), QStringLiteral("rollback"),
        QStringLiteral("verify"), QStringLiteral("log"),      QStringLiteral("repair"),
        QStringLiteral("forward-stale")};
    if (pos.isEmpty() || !actions.contains(pos.first())) {
        err << "shardctl migrate: give an action: " << actions.join(QStringLiteral(", ")) << '\n';
        return Usage;
    }
    const QString action = pos.first();
    const QString prefix = QStringLiteral("shardctl migrate ") + action + QStringLiteral(": ");
    if (action == QLatin1String("create"))
        return createRun(p, out, err);
    if (!p.isSet(QStringLiteral("run"))) {
        err << prefix << "--run DIR is required\n";
        return Usage;
    }
    const QString dir = p.value(QStringLiteral("run"));
    const bool json = p.isSet(QStringLiteral("json"));
    if (action == QLatin1String("status"))
        return status(dir, json, out, err);
    if (action == QLatin1String("log"))
        return log(dir, json, out, err);
    QString why;
    if (action == QLatin1String("throttle"))
        return throttle(p, dir, out, err);
    if (action == QLatin1String("pause")) {
        if (!Runner::requestPause(dir, &why)) {
            err << prefix << why << '\n';
            return Findings;
        }
        out << "pause requested: the running process stops after its current chunk\n";
        return Ok;
    }
    RunOptions o;
    o.say = [&out](const QString &line) {
        out << line << '\n';
        out.flush();
    };
    QElapsedTimer throttle;
    throttle.start();
    o.progress = [&out, &throttle](const QString &line) {
        if (throttle.elapsed() < 2000)
            return;
        throttle.restart();
        out << "  " << line << '\n';
        out.flush();
    };
    o.yes = p.isSet(QStringLiteral("yes"));
    o.overrideReason = p.value(QStringLiteral("override-reason"));
    o.strongHash = p.isSet(QStringLiteral("strong-hash"));
    o.killBlockers = p.isSet(QStringLiteral("kill-blockers"));
    o.carryAfterSwitch = p.value(QStringLiteral("carry-after-switch"));
    o.staleConflicts = p.value(QStringLiteral("conflicts"));
    if (!o.staleConflicts.isEmpty() && o.staleConflicts != QLatin1String("keep-new") &&
        o.staleConflicts != QLatin1String("take-old")) {
        err << prefix << "--conflicts takes keep-new or take-old\n";
        return Usage;
    }
    if ((action == QLatin1String("rollback") || action == QLatin1String("repair")) && !o.yes) {
        err << prefix << action << " changes the cluster: confirm with --yes\n";
        return Usage;
    }
    Runner engine(dir);
    if (!engine.open(&why)) {
        err << prefix << why << '\n';
        return Findings;
    }
    if (p.isSet(QStringLiteral("until"))) { // the run's own table says which steps there are
        const RunKind &kind = engine.kind();
        o.until = kind.fromId(p.value(QStringLiteral("until")));
        if (!o.until) {
            err << prefix << "--until takes a step " << kind.idRange() << " (a " << kind.name() << " run)\n";
            return Usage;
        }
    }
    Outcome outcome = Outcome::Error;
    if (action == QLatin1String("run"))
        outcome = engine.run(o);
    else if (action == QLatin1String("rollback"))
        outcome = engine.rollback(p.isSet(QStringLiteral("drop-targets")), o);
    else if (action == QLatin1String("repair"))
        outcome = engine.repair(o);
    else if (action == QLatin1String("forward-stale"))
        outcome = engine.forwardStale(o);
    else
        outcome = engine.verifyOnly(o);
    if (outcome != Outcome::Done && outcome != Outcome::Paused)
        err << prefix << engine.error() << '\n';
    return exitCodeOf(outcome);
}

SHARDCTL_REGISTER_COMMAND(CmdMigrate);

} // namespace sp::cli
