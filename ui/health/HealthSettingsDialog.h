#pragma once
#include "core/health/HealthVerdict.h"

#include <QDialog>
#include <QMap>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace sp::ui {

// The health page's settings: seconds between samples, the cluster's monitor account (user name;
// its password goes to the keychain through "Store its password…", never into the settings) and
// every threshold, with "Restore defaults". apply-style: read the values after exec().
class HealthSettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthSettingsDialog)
public:
    HealthSettingsDialog(const health::HealthThresholds &thresholds, int intervalSeconds, const QString &monitorUser,
                         QWidget *parent = nullptr);

    health::HealthThresholds thresholds() const;
    int intervalSeconds() const;
    QString monitorUser() const;
    // The label of a threshold in the console's language (also used by tests).
    static QString label(const QString &key);

signals:
    void storeMonitorPasswordRequested(const QString &user);

private:
    void setValues(const health::HealthThresholds &t);
    void check();

    QMap<QString, QDoubleSpinBox *> m_boxes;
    QSpinBox *m_interval = nullptr;
    QLineEdit *m_monitorUser = nullptr;
    QLabel *m_error = nullptr;
    QPushButton *m_ok = nullptr;
};

} // namespace sp::ui
