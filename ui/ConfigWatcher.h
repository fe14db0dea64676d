#pragma once
#include <QObject>
#include <QString>

class QFileSystemWatcher;
class QTimer;

namespace sp::ui {

class AppContext;
class RunController;

// Keeps the console on the config file as it is on disk: a run's switch (T6, D7) and its rollback
// rewrite the open file in place (a new file renamed over it), an operator or another program may
// too. Watches the file and its folder, and takes the migration page's reads of the run as a second,
// explicit signal (each read carries the file's SHA-256); whenever the file's text is not the one
// the console shows, it is read again and published through AppContext::reloadConfig, so every
// page moves to it at once while the run and the plan stay.
class ConfigWatcher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConfigWatcher)
public:
    explicit ConfigWatcher(AppContext *ctx, QObject *parent = nullptr);

    // Follows the run `controller` reads (its state's configSha256 against the console's).
    void followRun(RunController *controller);
    // Reads the open config and publishes it when its text is not the one shown. True when it did.
    bool reloadIfChanged();
    int debounceMs() const { return 250; }

signals:
    // After a reload: the file's name, and its data source count before and after.
    void reloaded(const QString &path, int dataSourcesBefore, int dataSourcesAfter);

private:
    void watch();

    AppContext *m_ctx;
    QFileSystemWatcher *m_watcher;
    QTimer *m_debounce;
};

} // namespace sp::ui
