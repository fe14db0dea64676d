#include "ui/health/HealthSettingsDialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace sp::ui {

using namespace sp::health;

QString HealthSettingsDialog::label(const QString &key)
{
    static const QMap<QString, const char *> labels{
        {QStringLiteral("connectionsYellowPct"), QT_TR_NOOP("Connections in use, yellow from (% of max_connections)")},
        {QStringLiteral("connectionsRedPct"), QT_TR_NOOP("Connections in use, red from (% of max_connections)")},
        {QStringLiteral("threadsRunningYellow"), QT_TR_NOOP("Threads running, yellow from")},
        {QStringLiteral("threadsRunningRed"), QT_TR_NOOP("Threads running, red from")},
        {QStringLiteral("threadsRunningSustainSec"), QT_TR_NOOP("Threads running must last (s)")},
        {QStringLiteral("lagYellowSec"), QT_TR_NOOP("Replica lag, yellow from (s)")},
        {QStringLiteral("lagRedSec"), QT_TR_NOOP("Replica lag, red from (s)")},
        {QStringLiteral("hitRatioYellowPct"), QT_TR_NOOP("Buffer pool hit ratio, yellow below (%)")},
        {QStringLiteral("hitRatioRedPct"), QT_TR_NOOP("Buffer pool hit ratio, red below (%)")},
        {QStringLiteral("deadlocksPerMinYellow"), QT_TR_NOOP("Deadlocks per minute, yellow from")},
        {QStringLiteral("deadlocksPerMinRed"), QT_TR_NOOP("Deadlocks per minute, red from")},
        {QStringLiteral("rowLockWaitsPerSecYellow"), QT_TR_NOOP("Row lock waits per second, yellow from")},
        {QStringLiteral("rowLockWaitsPerSecRed"), QT_TR_NOOP("Row lock waits per second, red from")},
        {QStringLiteral("abortedPerMinYellow"), QT_TR_NOOP("Aborted connections per minute, yellow from")},
        {QStringLiteral("abortedPerMinRed"), QT_TR_NOOP("Aborted connections per minute, red from")},
        {QStringLiteral("binlogGiBYellow"), QT_TR_NOOP("Binary logs, yellow from (GiB)")},
        {QStringLiteral("binlogGiBRed"), QT_TR_NOOP("Binary logs, red from (GiB)")},
        {QStringLiteral("readOnlyPrimaryYellow"), QT_TR_NOOP("read_only on a primary is yellow (1 = yes, 0 = no)")},
    };
    const auto it = labels.constFind(key);
    return it == labels.constEnd() ? key : tr(*it);
}

HealthSettingsDialog::HealthSettingsDialog(const HealthThresholds &thresholds, int intervalSeconds,
                                           const QString &monitorUser, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("healthSettingsDialog"));
    setWindowTitle(tr("Health settings"));
    auto *layout = new QVBoxLayout(this);

    auto *sampling = new QGroupBox(tr("Sampling"), this);
    auto *sf = new QFormLayout(sampling);
    m_interval = new QSpinBox(sampling);
    m_interval->setObjectName(QStringLiteral("healthInterval"));
    m_interval->setRange(1, 3600);
    m_interval->setSuffix(tr(" s"));
    m_interval->setValue(intervalSeconds);
    sf->addRow(tr("Sample every"), m_interval);
    m_monitorUser = new QLineEdit(monitorUser, sampling);
    m_monitorUser->setObjectName(QStringLiteral("monitorUser"));
    m_monitorUser->setPlaceholderText(tr("the config's user"));
    auto *store = new QPushButton(tr("Store its password in the keychain…"), sampling);
    store->setObjectName(QStringLiteral("storeMonitorPassword"));
    connect(store, &QPushButton::clicked, this, [this] {
        if (!m_monitorUser->text().trimmed().isEmpty())
            emit storeMonitorPasswordRequested(m_monitorUser->text().trimmed());
    });
    auto *monitorRow = new QHBoxLayout;
    monitorRow->addWidget(m_monitorUser, 1);
    monitorRow->addWidget(store);
    sf->addRow(tr("Monitor account (this cluster)"), monitorRow);
    auto *hint = new QLabel(tr("A monitor account needs PROCESS, SLAVE MONITOR and BINLOG MONITOR (REPLICATION "
                               "CLIENT on MySQL) to read replica status and binary logs."),
                            sampling);
    hint->setWordWrap(true);
    sf->addRow(hint);
    layout->addWidget(sampling);

    auto *limits = new QGroupBox(tr("Thresholds"), this);
    auto *lf = new QFormLayout(limits);
    const QMap<QString, double> values = thresholds.toMap();
    for (auto it = values.constBegin(); it != values.constEnd(); ++it) {
        auto *box = new QDoubleSpinBox(limits);
        box->setObjectName(QStringLiteral("threshold_") + it.key());
        box->setRange(0, 1e6);
        box->setDecimals(it.key().endsWith(QLatin1String("Pct")) || it.key().contains(QLatin1String("PerMin")) ? 1 : 0);
        if (it.key() == QLatin1String("readOnlyPrimaryYellow"))
            box->setRange(0, 1);
        connect(box, &QDoubleSpinBox::valueChanged, this, &HealthSettingsDialog::check);
        m_boxes.insert(it.key(), box);
        lf->addRow(label(it.key()), box);
    }
    layout->addWidget(limits);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("thresholdError"));
    m_error->setStyleSheet(QStringLiteral("color: #c62828"));
    m_error->setWordWrap(true);
    layout->addWidget(m_error);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel |
                                             QDialogButtonBox::RestoreDefaults, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] { setValues(HealthThresholds()); });
    layout->addWidget(buttons);
    setValues(thresholds);
}

void HealthSettingsDialog::setValues(const HealthThresholds &t)
{
    const QMap<QString, double> values = t.toMap();
    for (auto it = values.constBegin(); it != values.constEnd(); ++it)
        if (QDoubleSpinBox *box = m_boxes.value(it.key()))
            box->setValue(it.value());
    check();
}

void HealthSettingsDialog::check()
{
    QString error;
    HealthThresholds t;
    QMap<QString, double> values;
    for (auto it = m_boxes.constBegin(); it != m_boxes.constEnd(); ++it)
        values.insert(it.key(), it.value()->value());
    const bool ok = t.apply(values, &error);
    m_error->setText(ok ? QString() : tr("Not saved: %1").arg(error));
    if (m_ok)
        m_ok->setEnabled(ok);
}

HealthThresholds HealthSettingsDialog::thresholds() const
{
    HealthThresholds t;
    QMap<QString, double> values;
    for (auto it = m_boxes.constBegin(); it != m_boxes.constEnd(); ++it)
        values.insert(it.key(), it.value()->value());
    QString error;
    t.apply(values, &error);
    return t;
}

int HealthSettingsDialog::intervalSeconds() const
{
    return m_interval->value();
}

QString HealthSettingsDialog::monitorUser() const
{
    return m_monitorUser->text().trimmed();
}

} // namespace sp::ui
