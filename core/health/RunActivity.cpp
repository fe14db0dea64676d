#include "core/health/RunActivity.h"

#include "core/migration/RunState.h"

#include <QRegularExpression>

#include <limits>

namespace sp::health {

using migration::RunState;
using migration::Step;
using migration::StepStatus;

bool RunServer::matches(const InstanceHealth &h) const
{
    if (!host.isEmpty() && port > 0)
        return host == h.host && port == h.port;
    return !dataSource.isEmpty() && dataSource == h.dataSource;
}

bool RunActivity::stops(const InstanceHealth &h) const
{
    if (!writesStopped)
        return false;
    for (const RunServer &s : stopped)
        if (s.matches(h))
            return true;
    return false;
}

bool RunActivity::loads(const InstanceHealth &h) const
{
    if (work == Work::None)
        return false;
    for (const RunServer &s : loaded)
        if (s.matches(h))
            return true;
    return false;
}

Text RunActivity::workPhrase(Work w)
{
    switch (w) {
    case Work::Copy:
        return msg("copies rows");
    case Work::Seed:
        return msg("seeds the new instances");
    case Work::CatchUp:
        return msg("catches up and pre-verifies rows");
    case Work::Verify:
        return msg("verifies rows");
    case Work::Compare:
        return msg("compares rows");
    case Work::Purge:
        return msg("purges moved rows");
    case Work::None:
        break;
    }
    return Text();
}

QString RunActivity::workName(Work w)
{
    switch (w) {
    case Work::Copy:
        return QStringLiteral("copy");
    case Work::Seed:
        return QStringLiteral("seed");
    case Work::CatchUp:
        return QStringLiteral("catch-up");
    case Work::Verify:
        return QStringLiteral("verify");
    case Work::Compare:
        return QStringLiteral("compare");
    case Work::Purge:
        return QStringLiteral("purge");
    case Work::None:
        break;
    }
    return QStringLiteral("none");
}

static bool sameServers(const QList<RunServer> &a, const QList<RunServer> &b)
{
    if (a.size() != b.size())
        return false;
    for (int i = 0; i < a.size(); ++i)
        if (a.at(i).dataSource != b.at(i).dataSource || a.at(i).host != b.at(i).host ||
            a.at(i).port != b.at(i).port)
            return false;
    return true;
}

bool RunActivity::operator==(const RunActivity &o) const
{
    return runId == o.runId && dir == o.dir && step == o.step && running == o.running &&
           writesStopped == o.writesStopped && writeStopSince == o.writeStopSince && work == o.work &&
           sameServers(stopped, o.stopped) && sameServers(loaded, o.loaded);
}

namespace {

// RunState names a plan's servers "db0 (127.0.0.1:3306)", or "db0" when the plan's new config has
// no address for it.
QList<RunServer> parseServers(const QStringList &described)
{
    static const QRegularExpression re(QStringLiteral("^(.*) \\((.*):(\\d+)\\)$"));
    QList<RunServer> out;
    for (const QString &d : described) {
        RunServer s;
        const QRegularExpressionMatch m = re.match(d);
        if (m.hasMatch()) {
            s.dataSource = m.captured(1);
            s.host = m.captured(2);
            s.port = m.captured(3).toInt();
        } else {
            s.dataSource = d;
        }
        out.append(s);
    }
    return out;
}

// The work the run kind's table says the step puts on the servers.
RunActivity::Work workOf(migration::StepLoad load)
{
    switch (load) {
    case migration::StepLoad::None:
        return RunActivity::Work::None;
    case migration::StepLoad::Copy:
        return RunActivity::Work::Copy;
    case migration::StepLoad::Seed:
        return RunActivity::Work::Seed;
    case migration::StepLoad::CatchUp:
        return RunActivity::Work::CatchUp;
    case migration::StepLoad::Verify:
        return RunActivity::Work::Verify;
    case migration::StepLoad::Compare:
        return RunActivity::Work::Compare;
    case migration::StepLoad::Purge:
        return RunActivity::Work::Purge;
    }
    return RunActivity::Work::None;
}

} // namespace

RunActivity runActivityOf(const RunState &st)
{
    RunActivity a;
    a.runId = st.spec.runId;
    a.dir = st.dir;
    const migration::RunKind &kind = st.runKind();
    if (st.rolledBack() || st.steps.size() != kind.size())
        return a;
    // The step the run is at: the one marked running, else the first not done.
    std::optional<Step> at;
    for (const migration::StepState &s : st.steps)
        if (s.status == StepStatus::Running) {
            at = s.step;
            break;
        }
    if (!at)
        at = st.firstNotDone();
    if (!at)
        return a; // finished
    a.step = kind.stepId(*at);
    a.running = st.locked;
    a.writesStopped = st.writesStopped();
    if (a.writesStopped) {
        a.writeStopSince = st.writeStopStart();
        a.stopped = parseServers(st.sourceServers);
    }
    if (st.locked && st.status(*at) == StepStatus::Running) {
        a.work = workOf(kind.step(*at).load);
        if (a.work != RunActivity::Work::None) {
            a.loaded = parseServers(st.sourceServers);
            for (const RunServer &t : parseServers(st.targetServers)) {
                bool seen = false;
                for (const RunServer &s : std::as_const(a.loaded))
                    seen = seen || (s.dataSource == t.dataSource && s.host == t.host && s.port == t.port);
                if (!seen)
                    a.loaded.append(t);
            }
        }
    }
    return a;
}

struct RunFollower::Cached
{
    migration::RunSpec spec;
    std::optional<planning::ExpansionPlan> plan;
    QStringList sourceServers;
    QStringList targetServers;
};

RunFollower::RunFollower(QString dir) : m_dir(std::move(dir)) {}

RunFollower::~RunFollower() = default;

bool RunFollower::read(RunActivity *out, QString *error)
{
    migration::RunStateOptions o;
    o.withPlan = !m_cached;
    // Health wants the steps, the key/values and the lock: no audit entries, no differences.
    o.auditAfterId = std::numeric_limits<qint64>::max();
    o.maxDifferences = 0;
    RunState st;
    if (!migration::loadRunState(m_dir, o, &st, error))
        return false;
    if (!m_cached) {
        m_cached = std::make_unique<Cached>();
        m_cached->plan = st.plan;
        m_cached->sourceServers = st.sourceServers;
        m_cached->targetServers = st.targetServers;
    } else {
        st.plan = m_cached->plan; // implicitly shared: no copy of the plan's data
        st.sourceServers = m_cached->sourceServers;
        st.targetServers = m_cached->targetServers;
    }
    *out = runActivityOf(st);
    return true;
}

QString describeRun(const RunActivity &run)
{
    if (!run.isActive())
        return QStringLiteral("run %1: at %2, nothing on the servers now")
            .arg(run.runId, run.step.isEmpty() ? QStringLiteral("its end") : run.step);
    QStringList parts;
    if (run.writesStopped)
        parts << QStringLiteral("writes stopped since %1").arg(run.writeStopSince.toString(Qt::ISODate));
    if (run.work != RunActivity::Work::None)
        parts << RunActivity::workPhrase(run.work).text;
    if (!run.running)
        parts << QStringLiteral("no process runs it");
    return QStringLiteral("run %1 at %2: %3").arg(run.runId, run.step, parts.join(QStringLiteral(", ")));
}

} // namespace sp::health
