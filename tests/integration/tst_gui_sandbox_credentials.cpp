// The console drives the sandbox through the core (no shardctl process) and keeps credentials per
// cluster: two sandboxes started one after the other from the welcome page, each inspected from the
// dashboard with its own app.cnf. Before, the first sandbox's option file was put in a
// process-wide environment variable and the second one failed with "Access denied".
#include "TestPaths.h"

#include "core/sandbox/Sandbox.h"
#include "ui/AppContext.h"
#include "ui/MainWindow.h"
#include "ui/SandboxLauncher.h"
#include "ui/Settings.h"
#include "ui/pages/WelcomePage.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace sp;
using namespace sp::ui;

class TestGuiSandboxCredentials final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void twoSandboxesEachWithItsOwnCredentials();
    void cleanupTestCase();

private:
    void startAndInspect(const QString &dir);
    QTemporaryDir m_dir{QDir::tempPath() + QStringLiteral("/shardpilot-creds-XXXXXX")};
    std::unique_ptr<MainWindow> m_window;
};

void TestGuiSandboxCredentials::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qunsetenv("SHARDPILOT_DEFAULTS_FILE");
    qunsetenv("SHARDPILOT_PASSWORD");
    qputenv("HOME", QFile::encodeName(m_dir.path())); // no ~/.my.cnf of the user
    auto settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
    settings->setRefreshIntervalSeconds(0);
    settings->setUseKeychain(false);
    m_window = std::make_unique<MainWindow>(nullptr, std::move(settings));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    SandboxOptions o;
    o.instances = 2;
    o.messages = 300;
    o.configPath = test::sourcePath(QStringLiteral("tests/data/sandbox-2x2.yaml"));
    m_window->welcomePage()->sandboxLauncher()->setOptions(o);
}

void TestGuiSandboxCredentials::startAndInspect(const QString &dir)
{
    m_window->welcomePage()->setSandboxDir(dir);
    m_window->welcomePage()->startSandbox();
    const QString expected = dir + QStringLiteral("/cluster.yaml");
    QTRY_VERIFY_WITH_TIMEOUT(m_window->context()->configPath() == expected, 180000);
    QCOMPARE(m_window->context()->credentials().defaultsFile, dir + QStringLiteral("/app.cnf"));
    m_window->showPage(QStringLiteral("dashboard"));
    QMetaObject::invokeMethod(m_window->page(QStringLiteral("dashboard")), "refresh");
    QTRY_VERIFY_WITH_TIMEOUT(m_window->context()->snapshot().has_value(), 60000);
    for (const InstanceHealth &h : m_window->context()->snapshot()->instances)
        QVERIFY2(h.reachable, qPrintable(h.dataSource + QStringLiteral(": ") + h.error));
}

void TestGuiSandboxCredentials::twoSandboxesEachWithItsOwnCredentials()
{
    startAndInspect(m_dir.filePath(QStringLiteral("a")));
    if (QTest::currentTestFailed())
        return;
    QVERIFY(qEnvironmentVariableIsEmpty("SHARDPILOT_DEFAULTS_FILE")); // nothing process-wide
    startAndInspect(m_dir.filePath(QStringLiteral("b")));
    if (QTest::currentTestFailed())
        return;
    QVERIFY(qEnvironmentVariableIsEmpty("SHARDPILOT_DEFAULTS_FILE"));
    // The two sandboxes have different application passwords: b's inspection worked with b's file.
    const auto a = Credentials::readOptionFile(m_dir.filePath(QStringLiteral("a/app.cnf")));
    const auto b = Credentials::readOptionFile(m_dir.filePath(QStringLiteral("b/app.cnf")));
    QVERIFY(a.ok() && b.ok());
    QVERIFY(a.value(QStringLiteral("password")) != b.value(QStringLiteral("password")));
    // Reopening a's config switches back to a's credentials.
    QVERIFY(m_window->openConfig(m_dir.filePath(QStringLiteral("a/cluster.yaml"))));
    QCOMPARE(m_window->context()->credentials().defaultsFile, m_dir.filePath(QStringLiteral("a/app.cnf")));
}

void TestGuiSandboxCredentials::cleanupTestCase()
{
    m_window.reset();
    for (const char *name : {"a", "b"}) {
        Sandbox sb(m_dir.filePath(QLatin1String(name)));
        QString error;
        if (sb.load(&error))
            sb.killAll();
    }
}

QTEST_MAIN(TestGuiSandboxCredentials)
#include "tst_gui_sandbox_credentials.moc"
