#pragma once
#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace sp::ui {

// Asks before an action that changes the live cluster: names each consequence, and takes what the
// action needs (a reason to purge before T8 ended; whether a rollback drops the target tables).
// The confirm button says what it does and starts disabled while a required reason is empty.
class ConfirmDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConfirmDialog)
public:
    ConfirmDialog(const QString &title, const QString &intro, const QStringList &consequences,
                  const QString &confirmText, QWidget *parent = nullptr);

    // A sentence the operator must not miss (bold, red), above the reason and the buttons.
    void addWarning(const QString &text);
    // A required reason (goes into the audit log).
    void askReason(const QString &label);
    QString reason() const;
    // The rollback's "drop the target tables" choice (unchecked by default).
    void offerDropTargets(const QString &label);
    bool dropTargets() const;
    // One of several ways (a combo box under `label`; the first is preselected).
    void offerChoice(const QString &label, const QStringList &choices);
    int choice() const; // -1 without a choice


private:
    void updateOk();

    QLabel *m_text = nullptr;
    QLabel *m_warning = nullptr;
    QLineEdit *m_reason = nullptr;
    QCheckBox *m_drop = nullptr;
    QLabel *m_choiceLabel = nullptr;
    QComboBox *m_choice = nullptr;
    QPushButton *m_ok = nullptr;
};

} // namespace sp::ui
