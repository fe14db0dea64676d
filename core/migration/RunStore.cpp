#include "core/migration/RunStore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSaveFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace sp::migration {

QString statusName(StepStatus s)
{
    switch (s) {
    case StepStatus::Pending: return QStringLiteral("pending");
    case StepStatus::Running: return QStringLiteral("running");
    case StepStatus::Done: return QStringLiteral("done");
    case StepStatus::Failed: return QStringLiteral("failed");
    case StepStatus::RolledBack: return QStringLiteral("rolled-back");
    }
    return {};
}

StepStatus statusFromName(const QString &name)
{
    for (StepStatus s : {StepStatus::Running, StepStatus::Done, StepStatus::Failed, StepStatus::RolledBack})
        if (statusName(s) == name)
            return s;
    return StepStatus::Pending;
}

QJsonObject RunSpec::toJson() const
{
    QJsonObject o;
    o[QStringLiteral("format")] = format;
    o[QStringLiteral("runId")] = runId;
    if (!kind.isEmpty())
        o[QStringLiteral("kind")] = kind;
    o[QStringLiteral("createdAt")] = createdAt.toString(Qt::ISODate);
    o[QStringLiteral("configPath")] = configPath;
    o[QStringLiteral("configSha256")] = configSha256;
    o[QStringLiteral("planFile")] = planFile;
    o[QStringLiteral("observeSec")] = observeSec;
    o[QStringLiteral("adminDefaultsFile")] = adminDefaultsFile;
    o[QStringLiteral("reloadCommand")] = reloadCommand;
    o[QStringLiteral("writeStopBudgetSec")] = writeStopBudgetSec;
    o[QStringLiteral("chunkRows")] = chunkRows;
    o[QStringLiteral("chunkTargetMs")] = chunkTargetMs;
    o[QStringLiteral("maxChunkRows")] = maxChunkRows;
    o[QStringLiteral("maxRowsPerSec")] = maxRowsPerSec;
    o[QStringLiteral("maxThreadsRunning")] = maxThreadsRunning;
    o[QStringLiteral("maxLagSec")] = maxLagSec;
    if (!replicas.isEmpty())
        o[QStringLiteral("replicas")] = QJsonArray::fromStringList(replicas);
    o[QStringLiteral("fullVerify")] = fullVerify;
    o[QStringLiteral("parallel")] = parallel;
    o[QStringLiteral("strongHash")] = strongHash;
    o[QStringLiteral("killBlockers")] = killBlockers;
    return o;
}

std::optional<RunSpec> RunSpec::fromJson(const QJsonObject &o, QString *error)
{
    RunSpec s;
    s.format = o.value(QStringLiteral("format")).toString();
    if (s.format != QLatin1String("shardpilot-run/1")) {
        if (error)
            *error = QStringLiteral("run.json: unknown format '%1' (expected shardpilot-run/1)").arg(s.format);
        return std::nullopt;
    }
    s.runId = o.value(QStringLiteral("runId")).toString();
    static const QRegularExpression idRe(QStringLiteral("^[0-9a-f]{16}$"));
    if (!idRe.match(s.runId).hasMatch()) {
        if (error)
            *error = QStringLiteral("run.json: runId must be 16 hex digits");
        return std::nullopt;
    }
    s.createdAt = QDateTime::fromString(o.value(QStringLiteral("createdAt")).toString(), Qt::ISODate);
    s.configPath = o.value(QStringLiteral("configPath")).toString();
    s.configSha256 = o.value(QStringLiteral("configSha256")).toString();
    s.planFile = o.value(QStringLiteral("planFile")).toString();
    s.observeSec = o.value(QStringLiteral("observeSec")).toInt(24 * 3600);
    s.adminDefaultsFile = o.value(QStringLiteral("adminDefaultsFile")).toString();
    s.reloadCommand = o.value(QStringLiteral("reloadCommand")).toString();
    s.writeStopBudgetSec = o.value(QStringLiteral("writeStopBudgetSec")).toInt(10);
    s.chunkRows = qBound(10, o.value(QStringLiteral("chunkRows")).toInt(1000), 100000);
    s.chunkTargetMs = qBound(50, o.value(QStringLiteral("chunkTargetMs")).toInt(500), 10000);
    s.maxChunkRows = qBound(10, o.value(QStringLiteral("maxChunkRows")).toInt(50000), 1000000);
    s.chunkRows = qMin(s.chunkRows, s.maxChunkRows);
    s.maxRowsPerSec = qMax(0, o.value(QStringLiteral("maxRowsPerSec")).toInt(0));
    s.maxThreadsRunning = qMax(0, o.value(QStringLiteral("maxThreadsRunning")).toInt(0));
    s.maxLagSec = qBound(0.0, o.value(QStringLiteral("maxLagSec")).toDouble(1.5), 3600.0);
    for (const QJsonValue &v : o.value(QStringLiteral("replicas")).toArray())
        s.replicas.append(v.toString());
    s.kind = o.value(QStringLiteral("kind")).toString();
    s.fullVerify = o.value(QStringLiteral("fullVerify")).toBool(false);
    s.parallel = qBound(0, o.value(QStringLiteral("parallel")).toInt(0), 1000);
    s.strongHash = o.value(QStringLiteral("strongHash")).toBool(false);
    s.killBlockers = o.value(QStringLiteral("killBlockers")).toBool(false);
    return s;
}

static bool writePrivate(const QString &path, const QByteArray &data, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    if (f.write(data) != data.size() || !f.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

bool RunDir::create(const QString &dir, const RunSpec &spec, const planning::ExpansionPlan &plan, QString *error)
{
    RunDir rd(dir);
    if (QFileInfo::exists(rd.specFile())) {
        *error = QStringLiteral("%1 already holds a run (run.json); use 'migrate run --run %1' or another directory")
                     .arg(dir);
        return false;
    }
    if (!QDir().mkpath(dir)) {
        *error = QStringLiteral("cannot create the directory %1").arg(dir);
        return false;
    }
    QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    // The plan first: a run.json without its plan would be a run that cannot load.
    return writePrivate(rd.planFile(), plan.toJsonBytes(), error) &&
           writePrivate(rd.specFile(), QJsonDocument(spec.toJson()).toJson(QJsonDocument::Indented), error);
}

bool RunDir::load(RunSpec *spec, planning::ExpansionPlan *plan, QString *error) const
{
    QFile sf(specFile());
    if (!sf.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1 is not a run directory (no run.json); create one with 'shardctl migrate create'")
                     .arg(m_dir);
        return false;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(sf.read(1 << 20), &pe);
    if (!doc.isObject()) {
        *error = QStringLiteral("%1: %2").arg(specFile(), pe.errorString());
        return false;
    }
    auto s = RunSpec::fromJson(doc.object(), error);
    if (!s)
        return false;
    QFile pf(planFile());
    if (!pf.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1").arg(planFile());
        return false;
    }
    QString why;
    auto p = planning::ExpansionPlan::fromJsonBytes(pf.read(256 << 20), &why);
    if (!p) {
        *error = QStringLiteral("%1: %2").arg(planFile(), why);
        return false;
    }
    *spec = *s;
    *plan = *p;
    return true;
}

RunLock::~RunLock()
{
    release();
}

bool RunLock::acquire(const QString &lockFile, QString *error)
{
    release();
    const QByteArray path = QFile::encodeName(lockFile);
    const int fd = ::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        *error = QStringLiteral("cannot open %1: %2").arg(lockFile, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        char buf[32] = {};
        const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
        const QString holder = n > 0 ? QString::fromLatin1(buf, int(n)).trimmed() : QStringLiteral("?");
        ::close(fd);
        *error = QStringLiteral("another process (pid %1) is working on this run; wait for it or stop it "
                                "('shardctl migrate pause')")
                     .arg(holder);
        return false;
    }
    const QByteArray pid = QByteArray::number(qint64(::getpid())) + '\n';
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.constData(), size_t(pid.size()), 0) != pid.size()) {
        // The lock is held; the pid is only informational.
    }
    m_fd = fd;
    return true;
}

void RunLock::release()
{
    if (m_fd >= 0) {
        ::flock(m_fd, LOCK_UN);
        ::close(m_fd);
        m_fd = -1;
    }
}

bool RunLock::isHeld(const QString &lockFile, qint64 *holderPid)
{
    if (holderPid)
        *holderPid = -1;
    struct stat st = {};
    if (::stat(QFile::encodeName(lockFile).constData(), &st) != 0)
        return false; // no lock file: nobody ever ran the run
    // "1: FLOCK  ADVISORY  WRITE 15901 fe:00:10954128 0 EOF" (waiters are listed as "1: -> FLOCK ...").
    QFile locks(QStringLiteral("/proc/locks"));
    bool decided = false;
    if (locks.open(QIODevice::ReadOnly)) {
        decided = true;
        const QByteArray inode = QByteArray::number(quint64(st.st_ino));
        const QByteArray device = QByteArray::number(major(st.st_dev), 16).rightJustified(2, '0') + ':' +
                                  QByteArray::number(minor(st.st_dev), 16).rightJustified(2, '0');
        // A proc file reports size 0: readAll() reads it to its end (the kernel's lock table).
        const QList<QByteArray> lines = locks.readAll().split('\n');
        for (const QByteArray &line : lines) {
            const QList<QByteArray> f = line.simplified().split(' ');
            if (f.size() < 6 || f.at(1) != "FLOCK")
                continue;
            const QList<QByteArray> id = f.at(5).split(':');
            if (id.size() != 3 || id.at(2) != inode)
                continue;
            if (id.at(0) + ':' + id.at(1) != device) {
                decided = false; // same inode, another device (overlay filesystems): cannot tell
                continue;
            }
            if (holderPid)
                *holderPid = f.at(4).toLongLong();
            return true;
        }
    }
    if (decided)
        return false;
    RunLock probe;
    QString why;
    if (probe.acquire(lockFile, &why))
        return false;
    if (holderPid) {
        QFile f(lockFile);
        if (f.open(QIODevice::ReadOnly))
            *holderPid = f.read(32).trimmed().toLongLong();
    }
    return true;
}

QString sha256OfFile(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return {};
    }
    QCryptographicHash h(QCryptographicHash::Sha256);
    if (!h.addData(&f)) {
        if (error)
            *error = QStringLiteral("cannot read %1").arg(path);
        return {};
    }
    return QString::fromLatin1(h.result().toHex());
}

QString osUser()
{
    if (const passwd *pw = ::getpwuid(::getuid()))
        return QString::fromLocal8Bit(pw->pw_name);
    return QString::number(::getuid());
}

} // namespace sp::migration
