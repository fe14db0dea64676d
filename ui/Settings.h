#pragma once
#include <QByteArray>
#include <QMap>
#include <QSettings>
#include <QString>
#include <QStringList>

namespace sp::ui {

// Typed access to the console's QSettings. Holds no secrets: passwords never go through here.
class Settings final
{
public:
    Settings();
    // For tests: a settings file of its own (INI format).
    explicit Settings(const QString &iniFile);

    static constexpr qint64 kDefaultRowLimit = 30000000;
    static constexpr int kDefaultRefreshSeconds = 30;
    static constexpr int kMaxRecentFiles = 10;

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &g);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &s);

    QStringList recentFiles() const;
    void addRecentFile(const QString &path); // most recent first, no duplicates, capped
    void removeRecentFile(const QString &path);
    void clearRecentFiles();

    // "en" or "zh_CN"; empty means follow the system locale.
    QString language() const;
    void setLanguage(const QString &code);

    int refreshIntervalSeconds() const; // 0 disables auto-refresh
    void setRefreshIntervalSeconds(int s);

    qint64 rowLimit() const;
    void setRowLimit(qint64 rows);

    QString sandboxDir() const; // default: <app data>/sandbox
    void setSandboxDir(const QString &dir);

    // The plan.json last opened for a config (absolute paths; only the path is kept, never the plan,
    // which may hold the config's text). Empty when none.
    QString planFor(const QString &configPath) const;
    void setPlanFor(const QString &configPath, const QString &planPath);

    // The migration run directory last followed for a config (absolute paths). Empty when none.
    QString runFor(const QString &configPath) const;
    void setRunFor(const QString &configPath, const QString &runDir);

    // Look passwords up in the OS keychain (qtkeychain), as shardctl does. Default on.
    bool useKeychain() const;
    void setUseKeychain(bool on);

    // The health page: seconds between two samples of a server (default 5), the thresholds that
    // differ from core's defaults (health::HealthThresholds::toMap names), and per config the monitor
    // account's user name (its password lives in the keychain, never here).
    static constexpr int kDefaultHealthIntervalSeconds = 5;
    int healthIntervalSeconds() const;
    void setHealthIntervalSeconds(int s);
    QMap<QString, double> healthThresholds() const;
    void setHealthThresholds(const QMap<QString, double> &values);
    QString monitorUserFor(const QString &configPath) const;
    void setMonitorUserFor(const QString &configPath, const QString &user);

    void sync() { m_settings.sync(); }
    QString fileName() const { return m_settings.fileName(); }

private:
    QSettings m_settings;
};

} // namespace sp::ui
