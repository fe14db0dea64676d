#pragma once
#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace sp::ui {

class Settings;

// Tools > Settings: language, auto-refresh interval, row limit per physical table, sandbox dir.
class SettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsDialog)
public:
    SettingsDialog(Settings *settings, QWidget *parent = nullptr);

    // Writes the edited values; returns true when the language changed.
    bool apply();

    // {code, native name}: "en" English, "zh_CN" 简体中文.
    static QList<QPair<QString, QString>> languages();

private:
    Settings *m_settings;
    QComboBox *m_language = nullptr;
    QSpinBox *m_refresh = nullptr;
    QSpinBox *m_rowLimit = nullptr;
    QLineEdit *m_sandboxDir = nullptr;
    QCheckBox *m_keychain = nullptr;
};

} // namespace sp::ui
