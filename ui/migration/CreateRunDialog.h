#pragma once
#include "core/migration/RunStore.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace sp::ui {

// The options of `shardctl migrate create`, for a run made from the console: the run directory
// (default <config dir>/runs/<run id>), T8's observation, the admin account's option file (not
// needed for a sandbox config), the reload command after T6, the write-stop budget and the copy's
// chunk sizes and limits. Only paths go into the run, never a password.
class CreateRunDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CreateRunDialog)
public:
    // `configPath`: the config the plan was made from; `sandbox`: it is a sandbox's config.
    CreateRunDialog(const QString &configPath, bool sandbox, QWidget *parent = nullptr);

    QString runDir() const;
    // The options to hand to migration::createRun (runId set).
    migration::RunSpec options() const;

    void accept() override; // refuses an empty directory or one that holds a run

private:
    void browseDir();
    void browseAdmin();

    QString m_runId;
    QLineEdit *m_dir = nullptr;
    QSpinBox *m_observe = nullptr;
    QLineEdit *m_admin = nullptr;
    QLineEdit *m_reload = nullptr;
    QSpinBox *m_budget = nullptr;
    QSpinBox *m_chunk = nullptr;
    QSpinBox *m_maxChunk = nullptr;
    QSpinBox *m_rate = nullptr;
    QSpinBox *m_threads = nullptr;
    QSpinBox *m_parallel = nullptr;
    QCheckBox *m_fullVerify = nullptr;
    QCheckBox *m_strongHash = nullptr;
    QLabel *m_error = nullptr;
};

} // namespace sp::ui
