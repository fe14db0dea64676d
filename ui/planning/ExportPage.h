#pragma once
#include <QWizardPage>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace sp::ui {

class ExpansionWizard;

// Page 5: writes the checked files of the plan (plan.json, new-config.yaml, the scripts: copy.sh and
// on-<data source>/create.sql, copy.sql, purge.sql, runbook.html — the files of `shardctl plan
// --out`, through PlanExport) into a directory, and asks whether Finish opens the plan in the
// migration timeline.
class ExportPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExportPage)
public:
    explicit ExportPage(ExpansionWizard *wizard);
    ~ExportPage() override;

    // Writes the checked files into `dir` (created when missing); the names written, or empty with
    // `error` set.
    QStringList exportTo(const QString &dir, QString *error);
    // `<config dir>/plan-<strategy>-<yyyyMMdd-HHmm>`
    QString defaultDirectory() const;

    void initializePage() override;

signals:
    void exported(const QStringList &files);

private:
    void browse();
    void exportClicked();

    ExpansionWizard *m_wizard;
    QLineEdit *m_dir;
    QCheckBox *m_json;
    QCheckBox *m_yaml;
    QCheckBox *m_sql;
    QCheckBox *m_runbook;
    QPushButton *m_export;
    QLabel *m_result;
    QCheckBox *m_handOff;
    bool m_dirEdited = false;
};

} // namespace sp::ui
