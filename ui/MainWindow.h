#pragma once
#include "core/cluster/Credentials.h"
#include "core/cluster/KeychainSecretStore.h"
#include "core/health/HealthVerdict.h"
#include "ui/Settings.h"

#include <QMainWindow>

#include <memory>

class QListWidget;
class QMenu;
class QStackedWidget;

namespace sp::ui {

class AppContext;
class ConfigWatcher;
class ExportController;
class ExpansionWizard;
class HealthPage;
class WelcomePage;

// Assembles the pages, menus and status bar; owns no domain logic.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)
public:
    // `settings` defaults to the application's QSettings; tests pass their own.
    explicit MainWindow(QWidget *parent = nullptr, std::unique_ptr<Settings> settings = {});
    ~MainWindow() override;

    AppContext *context() const { return m_ctx; }
    Settings *settings() const { return m_settings.get(); }
    ExportController *exporter() const { return m_export; }
    WelcomePage *welcomePage() const { return m_welcome; }

    // Stable page ids: welcome, topology, dashboard, history, routing, editor, planning, migration,
    // health.
    QStringList pageIds() const { return m_pageIds; }
    QWidget *page(const QString &id) const;
    void showPage(const QString &id);
    QString currentPageId() const;

    // Loads + lints the file and publishes it through the AppContext. False when it has errors.
    bool openConfig(const QString &path);
    // Opens a plan.json (from the wizard's export or shardctl plan --out) on the migration page;
    // opens the config it was made from when another one is open. Remembered per config, so the
    // migration page has its plan again after a restart. False (with a message) when it fails.
    bool openPlan(const QString &path);
    void openSandbox();
    // Opens the expansion wizard (non-modal dialog, deleted on close); on Finish with hand-off the
    // plan goes to the AppContext and the migration page is shown.
    void openExpansionWizard();
    // The wizard openExpansionWizard() shows, not yet shown (tests drive it directly).
    ExpansionWizard *createExpansionWizard();
    // The About box's text: versions of ShardPilot, Qt, the MariaDB client library and, after a
    // refresh, of each server.
    QString aboutText() const;
    // Help > Copy diagnostics: sp::ui::diagnosticsText() on the clipboard.
    void copyDiagnostics();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void addPage(const QString &id, const QString &title, QWidget *page, const QIcon &icon);
    void createMenus();
    void chooseConfig();
    void refreshRecentFiles();
    void showSettings();
    void showAbout();
    void choosePlan();
    void storePasswordInKeychain();
    CredentialOptions credentialsFor(const QString &configPath) const;
    void showFindings();
    void showConfigSummary();
    void showHealthVerdict(health::Verdict worst);

    std::unique_ptr<Settings> m_settings;
    // The console's OS keychain access (used from worker threads by the credential chain).
    std::shared_ptr<KeychainSecretStore> m_keychain = std::make_shared<KeychainSecretStore>();
    AppContext *m_ctx = nullptr;
    ExportController *m_export = nullptr;
    ConfigWatcher *m_configWatcher = nullptr;
    WelcomePage *m_welcome = nullptr;
    QListWidget *m_nav = nullptr;
    QStackedWidget *m_stack = nullptr;
    QListWidget *m_findings = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QStringList m_pageIds;
    HealthPage *m_health = nullptr;
    QString m_titleBase;
};

} // namespace sp::ui
