#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/cluster/Credentials.h"
#include "core/cluster/Inspector.h"
#include "core/config/ConfigLoader.h"
#include "core/planning/ExpansionPlan.h"

#include <QObject>

#include <optional>

namespace sp::ui {

// The state every page shares: the loaded config (with loader + lint findings), the latest cluster
// snapshot, the one before it and the baseline growth is measured from. Pages read it and listen to
// its signals; only the main window and the pages' jobs write it. No I/O here.
class AppContext final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppContext)
public:
    explicit AppContext(QObject *parent = nullptr) : QObject(parent) {}

    const QString &configPath() const { return m_configPath; }
    const LoadResult &load() const { return m_load; }
    const ShardingConfig &config() const { return m_load.config; }
    const Diagnostics &lintFindings() const { return m_lint; }
    // Errors among the loader's and the linter's findings: planning refuses a config that has any.
    int errorCount() const { return count(Severity::Error); }
    int warningCount() const { return count(Severity::Warning); }
    bool hasConfig() const { return !m_configPath.isEmpty(); }

    // How the open cluster's passwords are found: its own option file (a sandbox's app.cnf), the
    // keychain when enabled, then the usual chain. Per cluster, set by the main window before the
    // config is published; never a process-wide environment variable.
    const CredentialOptions &credentials() const { return m_credentials; }
    void setCredentials(const CredentialOptions &credentials) { m_credentials = credentials; }
    // The options every live query of the console starts from (dashboard, wizard, planning).
    InspectionOptions inspectionOptions() const
    {
        InspectionOptions o;
        o.credentials = m_credentials;
        return o;
    }

    const std::optional<ClusterSnapshot> &snapshot() const { return m_snapshot; }
    const std::optional<ClusterSnapshot> &previousSnapshot() const { return m_previous; }
    // What growth is measured from: the first snapshot of the session (of this config), or one the
    // operator chose with setBaseline(). Stable: refreshes (the auto-refresh too) do not move it.
    const std::optional<ClusterSnapshot> &baseline() const { return m_baseline; }
    bool baselineChosen() const { return m_baselineChosen; }
    void setBaseline(const ClusterSnapshot &snap)
    {
        m_baseline = snap;
        m_baselineChosen = true;
        emit baselineChanged();
    }

    // User preferences the pages need (the main window copies them from Settings).
    qint64 rowLimit() const { return m_rowLimit; }                // per physical table
    int refreshIntervalSeconds() const { return m_refreshSeconds; } // 0: auto-refresh off
    void setPreferences(qint64 rowLimit, int refreshSeconds)
    {
        m_rowLimit = rowLimit > 0 ? rowLimit : 30000000;
        m_refreshSeconds = refreshSeconds < 0 ? 0 : refreshSeconds;
        emit preferencesChanged();
    }

    // A config opened (File > Open, a sandbox, a recent file): the plan and the run followed for the
    // previous one are let go. `sha256`: of the text loaded (ConfigReader), empty when unknown.
    void setConfig(const QString &path, const LoadResult &load, const Diagnostics &lint,
                   const QString &sha256 = {})
    {
        m_configPath = path;
        publish(load, lint, sha256);
        const bool hadPlan = m_plan.has_value();
        m_plan.reset();
        m_runDir.clear(); // the migration page lets go of the run on configChanged
        emit configChanged();
        if (hadPlan)
            emit planChanged();
        emit snapshotChanged();
    }
    // The same file with another text: a run's switch (T6, D7) or rollback wrote it, the editor saved
    // it, another program changed it. Every page follows through configChanged, as after an open,
    // but the run and the plan stay (the run is what switched it). The snapshots go: they describe
    // the cluster as the previous text saw it.
    void reloadConfig(const LoadResult &load, const Diagnostics &lint, const QString &sha256)
    {
        publish(load, lint, sha256);
        emit configChanged();
        emit snapshotChanged();
    }
    // SHA-256 (hex) of the text the console shows; compared with the file on disk to follow it.
    const QString &configSha256() const { return m_configSha256; }
    // The expansion plan handed over by the wizard to the migration timeline (cleared with the config).
    const std::optional<planning::ExpansionPlan> &plan() const { return m_plan; }
    void setPlan(const planning::ExpansionPlan &plan)
    {
        m_plan = plan;
        emit planChanged();
    }
    void clearPlan()
    {
        m_plan.reset();
        emit planChanged();
    }

    // The migration run (a run directory of core/migration) the migration page follows for this
    // config: created there, opened, or remembered per config (the main window keeps it in
    // Settings). Cleared with the config, without runDirChanged.
    const QString &runDir() const { return m_runDir; }
    void setRunDir(const QString &dir)
    {
        if (dir == m_runDir)
            return;
        m_runDir = dir;
        emit runDirChanged();
    }

    void setSnapshot(const ClusterSnapshot &snap)
    {
        m_previous = m_snapshot;
        m_snapshot = snap;
        const bool first = !m_baseline.has_value();
        if (first)
            m_baseline = snap;
        emit snapshotChanged();
        if (first)
            emit baselineChanged();
    }

signals:
    void configChanged();
    void snapshotChanged();
    void baselineChanged();
    void preferencesChanged();
    void planChanged();
    void runDirChanged();

private:
    int count(Severity severity) const
    {
        int n = 0;
        for (const Diagnostics *list : {&m_load.diagnostics, &m_lint})
            for (const Diagnostic &d : *list)
                n += d.severity == severity ? 1 : 0;
        return n;
    }
    void publish(const LoadResult &load, const Diagnostics &lint, const QString &sha256)
    {
        m_load = load;
        m_lint = lint;
        m_configSha256 = sha256;
        m_snapshot.reset();
        m_previous.reset();
        m_baseline.reset();
        m_baselineChosen = false;
    }

    QString m_configPath;
    QString m_configSha256;
    LoadResult m_load;
    Diagnostics m_lint;
    std::optional<ClusterSnapshot> m_snapshot;
    std::optional<ClusterSnapshot> m_previous;
    std::optional<ClusterSnapshot> m_baseline;
    bool m_baselineChosen = false;
    std::optional<planning::ExpansionPlan> m_plan;
    QString m_runDir;
    CredentialOptions m_credentials;
    qint64 m_rowLimit = 30000000;
    int m_refreshSeconds = 30;
};

} // namespace sp::ui
