#include "ui/pages/WelcomePage.h"

#include "ui/AppContext.h"
#include "core/config/AppPaths.h"
#include "ui/SandboxLauncher.h"

#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace sp::ui {

QList<QPair<QString, QString>> WelcomePage::examples()
{
    return {
        {tr("fsharechat, CRC32 routing (4 databases x 4 tables)"), AppPaths::examplePath(QStringLiteral("fsharechat-crc32.yaml"))},
        {tr("fsharechat, the reference article's config (has defects)"),
         AppPaths::examplePath(QStringLiteral("fsharechat-reference.yaml"))},
        {tr("Native algorithms (MOD, HASH_MOD, INLINE, ...)"), AppPaths::examplePath(QStringLiteral("native-algorithms.yaml"))},
    };
}

WelcomePage::WelcomePage(AppContext *ctx, QWidget *parent)
    : QWidget(parent), m_ctx(ctx), m_launcher(new SandboxLauncher(this))
{
    setObjectName(QStringLiteral("welcomePage"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(24, 24, 24, 24);

    auto *title = new QLabel(tr("<h1>ShardPilot</h1><p>See how rows spread over your shards, check a "
                                "sharding config, preview routing and plan expansions.</p>"),
                             this);
    title->setWordWrap(true);
    layout->addWidget(title);
    m_current = new QLabel(this);
    m_current->setObjectName(QStringLiteral("currentConfigLabel"));
    m_current->setWordWrap(true);
    layout->addWidget(m_current);

    auto *columns = new QHBoxLayout;
    layout->addLayout(columns, 1);

    // Left: open.
    auto *openBox = new QGroupBox(tr("Open a sharding config"), this);
    auto *openLayout = new QVBoxLayout(openBox);
    auto *openButton = new QPushButton(tr("Open a config file…"), openBox);
    openButton->setObjectName(QStringLiteral("openConfigButton"));
    openLayout->addWidget(openButton);
    connect(openButton, &QPushButton::clicked, this, &WelcomePage::openDialogRequested);
    openLayout->addWidget(new QLabel(tr("Recent configs (double-click to open):"), openBox));
    m_recent = new QListWidget(openBox);
    m_recent->setObjectName(QStringLiteral("recentList"));
    openLayout->addWidget(m_recent, 1);
    connect(m_recent, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        emit openRequested(item->data(Qt::UserRole).toString());
    });
    openLayout->addWidget(new QLabel(tr("Or open an example:"), openBox));
    int i = 0;
    for (const auto &[label, path] : examples()) {
        auto *b = new QPushButton(label, openBox);
        b->setObjectName(QStringLiteral("exampleButton%1").arg(i++));
        b->setToolTip(path);
        const QString p = path;
        connect(b, &QPushButton::clicked, this, [this, p] { emit openRequested(p); });
        openLayout->addWidget(b);
    }
    columns->addWidget(openBox, 3);

    // Right: sandbox.
    auto *sbBox = new QGroupBox(tr("Local sandbox cluster"), this);
    auto *sbLayout = new QVBoxLayout(sbBox);
    auto *sbText = new QLabel(tr("Starts local MariaDB instances with the fsharechat schema and demo "
                                 "data, then opens their config. Nothing leaves this machine."),
                              sbBox);
    sbText->setWordWrap(true);
    sbLayout->addWidget(sbText);
    m_sandboxButton = new QPushButton(tr("Start the local sandbox cluster"), sbBox);
    m_sandboxButton->setObjectName(QStringLiteral("startSandboxButton"));
    sbLayout->addWidget(m_sandboxButton);
    m_progress = new QProgressBar(sbBox);
    m_progress->setObjectName(QStringLiteral("sandboxProgress"));
    m_progress->setRange(0, 0); // busy indicator: the CLI reports steps, not percentages
    m_progress->setVisible(false);
    sbLayout->addWidget(m_progress);
    m_sandboxStatus = new QLabel(sbBox);
    m_sandboxStatus->setObjectName(QStringLiteral("sandboxStatus"));
    m_sandboxStatus->setWordWrap(true);
    sbLayout->addWidget(m_sandboxStatus);
    m_cancelButton = new QPushButton(tr("Cancel"), sbBox);
    m_cancelButton->setObjectName(QStringLiteral("cancelSandboxButton"));
    m_cancelButton->setVisible(false);
    sbLayout->addWidget(m_cancelButton);
    sbLayout->addStretch(1);
    columns->addWidget(sbBox, 2);

    connect(m_sandboxButton, &QPushButton::clicked, this, &WelcomePage::startSandbox);
    connect(m_cancelButton, &QPushButton::clicked, this, &WelcomePage::cancelSandbox);
    connect(m_launcher, &SandboxLauncher::progress, m_sandboxStatus, &QLabel::setText);
    connect(m_launcher, &SandboxLauncher::finished, this, [this](const QString &config) {
        setBusy(false);
        m_sandboxStatus->setText(tr("Sandbox running; opened %1.").arg(config));
        emit sandboxReady(config);
    });
    connect(m_launcher, &SandboxLauncher::failed, this, [this](const QString &error) {
        setBusy(false);
        m_sandboxStatus->setText(error);
    });
    connect(m_ctx, &AppContext::configChanged, this, [this] {
        m_current->setText(m_ctx->hasConfig() ? tr("Current config: %1").arg(m_ctx->configPath())
                                              : QString());
    });
}

WelcomePage::~WelcomePage() = default;

void WelcomePage::setRecentFiles(const QStringList &files)
{
    m_recent->clear();
    for (const QString &f : files) {
        auto *item = new QListWidgetItem(QFileInfo(f).fileName() + QStringLiteral("  —  ") + f, m_recent);
        item->setData(Qt::UserRole, f);
        item->setToolTip(f);
        if (!QFileInfo::exists(f))
            item->setForeground(palette().brush(QPalette::Disabled, QPalette::Text));
    }
    if (files.isEmpty()) {
        auto *item = new QListWidgetItem(tr("(none yet)"), m_recent);
        item->setFlags(Qt::NoItemFlags);
    }
}

void WelcomePage::startSandbox()
{
    if (m_launcher->isRunning())
        return;
    setBusy(true);
    m_sandboxStatus->setText(tr("Starting the sandbox in %1…").arg(m_sandboxDir));
    m_launcher->start(m_sandboxDir);
}

void WelcomePage::cancelSandbox()
{
    m_launcher->cancel();
}

void WelcomePage::setBusy(bool busy)
{
    m_sandboxButton->setEnabled(!busy);
    m_progress->setVisible(busy);
    m_cancelButton->setVisible(busy);
}

} // namespace sp::ui
