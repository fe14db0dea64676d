#pragma once
#include "core/config/ShardingConfig.h"

#include <QList>
#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace sp::ui {

// One scalar to change in the YAML text (a ConfigPatch path, matched anywhere in the document).
struct FormEdit
{
    QStringList path;
    QString value;
    QString what; // for the status line, e.g. "hash-mod.sharding-count = 8"
};

// Form for the common edits: a data source's url and username (never a password: secrets belong in
// the keychain or an option file), an algorithm's type and sharding-count, a table's
// actual-data-nodes. It only asks for edits; the editor patches its text in place (ConfigPatch, the
// planner's patcher too).
class ConfigFormPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConfigFormPanel)
public:
    explicit ConfigFormPanel(QWidget *parent = nullptr);

    void setConfig(const ShardingConfig &config); // from the last text that loaded
    void clearConfig();                           // a file was read that does not load
    void setStatus(const QString &text, bool error);

    static QStringList urlPath(const QString &dataSource);
    static QStringList usernamePath(const QString &dataSource);
    static QStringList shardingCountPath(const QString &algorithm);
    static QStringList algorithmTypePath(const QString &algorithm);
    static QStringList dataNodesPath(const QString &logicTable);

signals:
    void editsRequested(const QList<sp::ui::FormEdit> &edits);

private:
    void showDataSource();
    void showAlgorithm();
    void showTable();
    void applyDataSource();
    void applyAlgorithm();
    void applyTable();

    ShardingConfig m_config;
    QComboBox *m_dsCombo = nullptr;
    QLineEdit *m_url = nullptr;
    QLineEdit *m_username = nullptr;
    QComboBox *m_algCombo = nullptr;
    QComboBox *m_algType = nullptr;
    QSpinBox *m_count = nullptr;
    QComboBox *m_tableCombo = nullptr;
    QLineEdit *m_nodes = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace sp::ui
