#include "ui/Settings.h"

#include <QFileInfo>

#include "core/sandbox/Sandbox.h"

#include <QDir>
#include <QStandardPaths>

namespace sp::ui {

namespace {
QString key(const char *k)
{
    return QLatin1String(k);
}
} // namespace

Settings::Settings() = default;

Settings::Settings(const QString &iniFile) : m_settings(iniFile, QSettings::IniFormat) {}

QByteArray Settings::windowGeometry() const
{
    return m_settings.value(key("window/geometry")).toByteArray();
}

void Settings::setWindowGeometry(const QByteArray &g)
{
    m_settings.setValue(key("window/geometry"), g);
}

QByteArray Settings::windowState() const
{
    return m_settings.value(key("window/state")).toByteArray();
}

void Settings::setWindowState(const QByteArray &s)
{
    m_settings.setValue(key("window/state"), s);
}

QStringList Settings::recentFiles() const
{
    return m_settings.value(key("files/recent")).toStringList();
}

void Settings::addRecentFile(const QString &path)
{
    if (path.isEmpty() || path.startsWith(QLatin1Char(':')))
        return; // embedded examples are offered separately
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    m_settings.setValue(key("files/recent"), files);
}

void Settings::removeRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    m_settings.setValue(key("files/recent"), files);
}

void Settings::clearRecentFiles()
{
    m_settings.remove(key("files/recent"));
}

QString Settings::language() const
{
    return m_settings.value(key("ui/language")).toString();
}

void Settings::setLanguage(const QString &code)
{
    m_settings.setValue(key("ui/language"), code);
}

int Settings::refreshIntervalSeconds() const
{
    bool ok = false;
    const int v = m_settings.value(key("cluster/refreshSeconds"), kDefaultRefreshSeconds).toInt(&ok);
    return ok && v >= 0 ? v : kDefaultRefreshSeconds;
}

void Settings::setRefreshIntervalSeconds(int s)
{
    m_settings.setValue(key("cluster/refreshSeconds"), std::max(0, s));
}

qint64 Settings::rowLimit() const
{
    bool ok = false;
    const qint64 v = m_settings.value(key("cluster/rowLimit"), kDefaultRowLimit).toLongLong(&ok);
    return ok && v > 0 ? v : kDefaultRowLimit;
}

void Settings::setRowLimit(qint64 rows)
{
    m_settings.setValue(key("cluster/rowLimit"), rows > 0 ? rows : kDefaultRowLimit);
}

QString Settings::sandboxDir() const
{
    const QString v = m_settings.value(key("sandbox/dir")).toString();
    if (!v.isEmpty())
        return v;
    return Sandbox::defaultDir(); // the same default as `shardctl sandbox`
}

void Settings::setSandboxDir(const QString &dir)
{
    m_settings.setValue(key("sandbox/dir"), dir);
}

QString Settings::planFor(const QString &configPath) const
{
    const QMap<QString, QVariant> plans = m_settings.value(key("migration/plans")).toMap();
    return plans.value(QFileInfo(configPath).absoluteFilePath()).toString();
}

void Settings::setPlanFor(const QString &configPath, const QString &planPath)
{
    QMap<QString, QVariant> plans = m_settings.value(key("migration/plans")).toMap();
    if (planPath.isEmpty())
        plans.remove(QFileInfo(configPath).absoluteFilePath());
    else
        plans.insert(QFileInfo(configPath).absoluteFilePath(), QFileInfo(planPath).absoluteFilePath());
    m_settings.setValue(key("migration/plans"), plans);
}

QString Settings::runFor(const QString &configPath) const
{
    const QMap<QString, QVariant> runs = m_settings.value(key("migration/runs")).toMap();
    return runs.value(QFileInfo(configPath).absoluteFilePath()).toString();
}

void Settings::setRunFor(const QString &configPath, const QString &runDir)
{
    QMap<QString, QVariant> runs = m_settings.value(key("migration/runs")).toMap();
    if (runDir.isEmpty())
        runs.remove(QFileInfo(configPath).absoluteFilePath());
    else
        runs.insert(QFileInfo(configPath).absoluteFilePath(), QFileInfo(runDir).absoluteFilePath());
    m_settings.setValue(key("migration/runs"), runs);
}

bool Settings::useKeychain() const
{
    return m_settings.value(key("credentials/useKeychain"), true).toBool();
}

void Settings::setUseKeychain(bool on)
{
    m_settings.setValue(key("credentials/useKeychain"), on);
}

int Settings::healthIntervalSeconds() const
{
    const int s = m_settings.value(key("health/intervalSeconds"), kDefaultHealthIntervalSeconds).toInt();
    return s >= 1 && s <= 3600 ? s : kDefaultHealthIntervalSeconds;
}

void Settings::setHealthIntervalSeconds(int s)
{
    m_settings.setValue(key("health/intervalSeconds"), qBound(1, s, 3600));
}

QMap<QString, double> Settings::healthThresholds() const
{
    QMap<QString, double> out;
    const QVariantMap m = m_settings.value(key("health/thresholds")).toMap();
    for (auto it = m.constBegin(); it != m.constEnd(); ++it) {
        bool ok = false;
        const double v = it.value().toDouble(&ok);
        if (ok)
            out.insert(it.key(), v);
    }
    return out;
}

void Settings::setHealthThresholds(const QMap<QString, double> &values)
{
    QVariantMap m;
    for (auto it = values.constBegin(); it != values.constEnd(); ++it)
        m.insert(it.key(), it.value());
    m_settings.setValue(key("health/thresholds"), m);
}

QString Settings::monitorUserFor(const QString &configPath) const
{
    const QVariantMap users = m_settings.value(key("health/monitorUsers")).toMap();
    return users.value(QFileInfo(configPath).absoluteFilePath()).toString();
}

void Settings::setMonitorUserFor(const QString &configPath, const QString &user)
{
    QVariantMap users = m_settings.value(key("health/monitorUsers")).toMap();
    if (user.trimmed().isEmpty())
        users.remove(QFileInfo(configPath).absoluteFilePath());
    else
        users.insert(QFileInfo(configPath).absoluteFilePath(), user.trimmed());
    m_settings.setValue(key("health/monitorUsers"), users);
}

} // namespace sp::ui
