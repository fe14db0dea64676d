#include "core/migration/RunState.h"

#include "core/config/ConfigLoader.h"
#include "core/migration/run/RunKind.h"
#include "core/migration/run/Runner.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>

namespace sp::migration {

QString newRunId()
{
    const quint64 v = QRandomGenerator::system()->generate64();
    return QStringLiteral("%1").arg(v, 16, 16, QLatin1Char('0'));
}

static bool inRange(int v, int lo, int hi, const char *what, QString *error)
{
    if (v >= lo && v <= hi)
        return true;
    *error =
        QStringLiteral("%1 must be from %2 to %3 (it is %4)").arg(QLatin1String(what)).arg(lo).arg(hi).arg(v);
    return false;
}

std::optional<RunSpec> createRun(const planning::ExpansionPlan &plan, const QString &planFile,
                                 const QString &dir, const RunSpec &options, QString *error)
{
    QString why;
    if (dir.trimmed().isEmpty()) {
        *error = QStringLiteral("no run directory given");
        return std::nullopt;
    }
    // The same bounds as `migrate create`'s options (run.json is read back with them).
    if (!inRange(options.observeSec, 0, 365 * 86400, "the observation (seconds)", error) ||
        !inRange(options.writeStopBudgetSec, 1, 3600, "the write-stop budget (seconds)", error) ||
        !inRange(options.chunkRows, 10, 100000, "the first chunk size (rows)", error) ||
        !inRange(options.maxChunkRows, 10, 1000000, "the largest chunk (rows)", error) ||
        !inRange(options.maxRowsPerSec, 0, 100000000, "the copy rate limit (rows/s)", error) ||
        !inRange(options.maxThreadsRunning, 0, 100000, "the Threads_running limit", error) ||
        !inRange(options.parallel, 0, 1000, "the source servers copied at once", error))
        return std::nullopt;
    static const QRegularExpression idRe(QStringLiteral("^[0-9a-f]{16}$"));
    if (!options.runId.isEmpty() && !idRe.match(options.runId).hasMatch()) {
        *error = QStringLiteral("a run id is 16 hex digits ('%1' is not)").arg(options.runId.left(40));
        return std::nullopt;
    }

    RunSpec spec = options;
    spec.format = QStringLiteral("shardpilot-run/1");
    spec.kind = RunKind::of(plan).name();
    if (spec.runId.isEmpty())
        spec.runId = newRunId();
    spec.createdAt = QDateTime::currentDateTimeUtc();
    spec.configPath = plan.sourcePath.isEmpty() ? QString() : QFileInfo(plan.sourcePath).absoluteFilePath();
    spec.configSha256 = plan.sourceSha256;
    spec.planFile = planFile.isEmpty() ? QString() : QFileInfo(planFile).absoluteFilePath();
    if (!spec.adminDefaultsFile.isEmpty())
        spec.adminDefaultsFile = QFileInfo(spec.adminDefaultsFile).absoluteFilePath();
    spec.chunkRows = qMin(spec.chunkRows, spec.maxChunkRows);
    if (spec.configPath.isEmpty() || !QFileInfo::exists(spec.configPath)) {
        *error = QStringLiteral("the plan's config %1 does not exist").arg(plan.sourcePath);
        return std::nullopt;
    }
    const QString sha = sha256OfFile(spec.configPath, &why);
    if (sha != spec.configSha256) {
        *error = QStringLiteral("%1 changed since the plan was made: make a new plan").arg(spec.configPath);
        return std::nullopt;
    }
    if (!RunDir::create(dir, spec, plan, error))
        return std::nullopt;
    // Resolves the servers now, so a missing admin account is said at once.
    Runner runner(dir);
    if (!runner.open(&why)) {
        QFile::remove(RunDir(dir).specFile());
        *error = why;
        return std::nullopt;
    }
    runner.journal().audit(
        QString(), QStringLiteral("create run"), QString(),
        QStringLiteral("plan %1, config %2")
            .arg(spec.planFile.isEmpty() ? QStringLiteral("(handed over, no file)") : spec.planFile,
                 spec.configPath),
        QStringLiteral("ok"));
    return spec;
}

// --- RunState ----------------------------------------------------------------------------------------

std::optional<Step> RunState::firstNotDone() const
{
    for (const StepState &s : steps)
        if (s.status != StepStatus::Done)
            return s.step;
    return std::nullopt;
}

std::optional<Step> RunState::failedStep() const
{
    std::optional<Step> out;
    for (const StepState &s : steps)
        if (s.status == StepStatus::Failed)
            out = s.step;
    return out;
}

std::optional<Step> RunState::interruptedStep() const
{
    if (locked)
        return std::nullopt;
    for (const StepState &s : steps)
        if (s.status == StepStatus::Running)
            return s.step;
    return std::nullopt;
}

const RunKind &RunState::runKind() const
{
    return plan ? RunKind::of(*plan) : RunKind::of(kind);
}

QString RunState::value(const JournalKey &key) const
{
    return values.value(key.name);
}

qint64 RunState::openStaleWrites() const
{
    qint64 n = 0;
    for (const StaleWrite &w : staleWrites)
        n += w.unresolved() ? 1 : 0;
    return n;
}

bool RunState::rolledBack() const
{
    return value(keys::rolledBack) == QLatin1String("1");
}

bool RunState::finished() const
{
    return status(runKind().last()) == StepStatus::Done;
}

QDateTime RunState::writeStopStart() const
{
    return QDateTime::fromString(value(keys::writeStopStart), Qt::ISODateWithMs);
}

QDateTime RunState::writesResumed() const
{
    return QDateTime::fromString(value(keys::writesResumed), Qt::ISODateWithMs);
}

qint64 RunState::writeStopMs() const
{
    bool ok = false;
    const qint64 ms = value(keys::writeStopMs).toLongLong(&ok);
    return ok ? ms : -1;
}

bool RunState::writesStopped() const
{
    if (rolledBack() || !writeStopStart().isValid() || writesResumed().isValid())
        return false;
    // The step of the kind's table that stops writes (T4; D7 of a dual-master run).
    const auto stop = runKind().writeStop();
    if (!stop)
        return false;
    const StepStatus st = status(*stop);
    return st == StepStatus::Running || st == StepStatus::Done;
}

bool RunState::configChanged() const
{
    if (spec.configPath.isEmpty())
        return false;
    if (configSha256 == spec.configSha256)
        return false;
    // The switch wrote the plan's new config (and kept a backup): that change is the run's own.
    return value(keys::configBackup).isEmpty();
}

static QStringList describeServers(const planning::ExpansionPlan &plan, bool sources)
{
    const LoadResult lr =
        ConfigLoader::loadText(plan.newConfigText.toUtf8(), QStringLiteral("new-config.yaml"));
    QStringList names;
    for (const planning::TablePlan &t : plan.tables)
        for (const planning::MovePair &p : t.pairs) {
            const QString ds = sources ? p.source.dataSource : p.target.dataSource;
            if (!names.contains(ds))
                names.append(ds);
        }
    QStringList out;
    for (const QString &ds : std::as_const(names)) {
        const DataSourceDef *d = lr.config.dataSource(ds);
        out.append(d && !d->host.isEmpty() ? QStringLiteral("%1 (%2:%3)").arg(ds, d->host).arg(d->port) : ds);
    }
    return out;
}

bool loadRunState(const QString &dir, const RunStateOptions &options, RunState *out, QString *error)
{
    RunState st;
    st.dir = dir;
    const RunDir rd(dir);
    if (options.withPlan) {
        planning::ExpansionPlan plan;
        if (!rd.load(&st.spec, &plan, error))
            return false;
        st.sourceServers = describeServers(plan, true);
        st.targetServers = describeServers(plan, false);
        st.kind = RunKind::idOf(plan);
        st.plan = std::move(plan);
    } else {
        QFile sf(rd.specFile());
        if (!sf.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("%1 is not a run directory (no run.json)").arg(dir);
            return false;
        }
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(sf.read(1 << 20), &pe);
        if (!doc.isObject()) {
            *error = QStringLiteral("%1: %2").arg(rd.specFile(), pe.errorString());
            return false;
        }
        auto spec = RunSpec::fromJson(doc.object(), error);
        if (!spec)
            return false;
        st.spec = *spec;
        if (const auto kind = RunKind::idFromName(st.spec.kind)) {
            st.kind = *kind;
        } else { // a run made before run.json named its kind: the plan says
            planning::ExpansionPlan plan;
            RunSpec ignored;
            if (rd.load(&ignored, &plan, error))
                st.kind = RunKind::idOf(plan);
        }
    }
    // The lock first: a run that ends while the journal is read shows as not running, with the
    // journal's state at its end or just before (the next read catches up).
    st.locked = RunLock::isHeld(rd.lockFile(), &st.lockHolder);
    st.pauseRequested = QFileInfo::exists(rd.pauseFile());
    st.configSha256 = st.spec.configPath.isEmpty() ? QString() : sha256OfFile(st.spec.configPath, nullptr);
    {
        Journal j(rd.journalFile());
        if (!j.isOpen()) {
            *error = j.error();
            return false;
        }
        st.steps = j.steps();
        st.progress = j.progress();
        // Every step's checks: Journal::checks() binds its default (null) step as SQL NULL, and
        // "NULL = ''" matches no row, so ask with an empty, non-null step.
        st.checks = j.checks(QStringLiteral(""));
        st.differences = j.differences(qMax(0, options.maxDifferences));
        st.staleWrites = j.staleWrites();
        st.differenceCount = j.differenceCount();
        st.audit = j.auditLog(options.auditAfterId);
        st.values = j.values();
        st.lag = j.lag();
    }
    st.readAt = QDateTime::currentDateTimeUtc();
    *out = std::move(st);
    return true;
}

} // namespace sp::migration
