#include "ui/editor/ConfigFormPanel.h"

#include "core/config/ConfigPatch.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace sp::ui {

namespace {

void refill(QComboBox *combo, const QStringList &items)
{
    const QString keep = combo->currentText();
    const QSignalBlocker block(combo);
    combo->clear();
    combo->addItems(items);
    const int idx = combo->findText(keep);
    combo->setCurrentIndex(idx >= 0 ? idx : 0);
}

QPushButton *applyButton(QWidget *parent, const char *name)
{
    auto *b = new QPushButton(ConfigFormPanel::tr("Apply"), parent);
    b->setObjectName(QLatin1String(name));
    return b;
}

} // namespace

ConfigFormPanel::ConfigFormPanel(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("configFormPanel"));
    auto *layout = new QVBoxLayout(this);

    auto *dsBox = new QGroupBox(tr("Data source"), this);
    auto *dsForm = new QFormLayout(dsBox);
    m_dsCombo = new QComboBox(dsBox);
    m_dsCombo->setObjectName(QStringLiteral("formDataSourceCombo"));
    m_url = new QLineEdit(dsBox);
    m_url->setObjectName(QStringLiteral("formUrlEdit"));
    m_username = new QLineEdit(dsBox);
    m_username->setObjectName(QStringLiteral("formUsernameEdit"));
    dsForm->addRow(tr("Name:"), m_dsCombo);
    dsForm->addRow(tr("URL:"), m_url);
    dsForm->addRow(tr("Username:"), m_username);
    auto *secretNote = new QLabel(tr("Passwords are not edited here: keep them in the keychain or a "
                                     "MySQL option file, never in the YAML."), dsBox);
    secretNote->setWordWrap(true);
    dsForm->addRow(secretNote);
    auto *dsApply = applyButton(dsBox, "formDataSourceApply");
    dsForm->addRow(dsApply);
    layout->addWidget(dsBox);

    auto *algBox = new QGroupBox(tr("Sharding algorithm"), this);
    auto *algForm = new QFormLayout(algBox);
    m_algCombo = new QComboBox(algBox);
    m_algCombo->setObjectName(QStringLiteral("formAlgorithmCombo"));
    m_algType = new QComboBox(algBox);
    m_algType->setObjectName(QStringLiteral("formAlgorithmType"));
    m_algType->setEditable(true);
    m_algType->addItems({QStringLiteral("MOD"), QStringLiteral("HASH_MOD"), QStringLiteral("CRC32_MOD"),
                         QStringLiteral("CONSISTENT_HASH"), QStringLiteral("INLINE")});
    m_count = new QSpinBox(algBox);
    m_count->setObjectName(QStringLiteral("formShardingCount"));
    m_count->setRange(1, 65536);
    algForm->addRow(tr("Name:"), m_algCombo);
    algForm->addRow(tr("Type:"), m_algType);
    algForm->addRow(tr("sharding-count:"), m_count);
    auto *algApply = applyButton(algBox, "formAlgorithmApply");
    algForm->addRow(algApply);
    layout->addWidget(algBox);

    auto *tableBox = new QGroupBox(tr("Table"), this);
    auto *tableForm = new QFormLayout(tableBox);
    m_tableCombo = new QComboBox(tableBox);
    m_tableCombo->setObjectName(QStringLiteral("formTableCombo"));
    m_nodes = new QLineEdit(tableBox);
    m_nodes->setObjectName(QStringLiteral("formDataNodesEdit"));
    tableForm->addRow(tr("Logic table:"), m_tableCombo);
    tableForm->addRow(tr("Data nodes:"), m_nodes);
    auto *tableApply = applyButton(tableBox, "formTableApply");
    tableForm->addRow(tableApply);
    layout->addWidget(tableBox);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("formStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    layout->addStretch(1);

    connect(m_dsCombo, &QComboBox::currentIndexChanged, this, &ConfigFormPanel::showDataSource);
    connect(m_algCombo, &QComboBox::currentIndexChanged, this, &ConfigFormPanel::showAlgorithm);
    connect(m_tableCombo, &QComboBox::currentIndexChanged, this, &ConfigFormPanel::showTable);
    connect(dsApply, &QPushButton::clicked, this, &ConfigFormPanel::applyDataSource);
    connect(algApply, &QPushButton::clicked, this, &ConfigFormPanel::applyAlgorithm);
    connect(tableApply, &QPushButton::clicked, this, &ConfigFormPanel::applyTable);
    setEnabled(false);
}

QStringList ConfigFormPanel::urlPath(const QString &ds)
{
    return ConfigPatch::dataSourceUrlPath(ds);
}
QStringList ConfigFormPanel::usernamePath(const QString &ds)
{
    return ConfigPatch::dataSourceUsernamePath(ds);
}
QStringList ConfigFormPanel::shardingCountPath(const QString &alg)
{
    return ConfigPatch::algorithmPropPath(alg, QStringLiteral("sharding-count"));
}
QStringList ConfigFormPanel::algorithmTypePath(const QString &alg)
{
    return ConfigPatch::algorithmFieldPath(alg, QStringLiteral("type"));
}
QStringList ConfigFormPanel::dataNodesPath(const QString &table)
{
    return ConfigPatch::dataNodesPath(table);
}

void ConfigFormPanel::setConfig(const ShardingConfig &config)
{
    m_config = config;
    QStringList ds;
    for (const DataSourceDef &d : config.dataSources)
        ds.append(d.name);
    refill(m_dsCombo, ds);
    refill(m_algCombo, config.algorithms.keys());
    QStringList tables;
    for (const TableRule &t : config.tables)
        if (!t.actualDataNodesExpr.isEmpty())
            tables.append(t.logicTable);
    refill(m_tableCombo, tables);
    if (!isEnabled())
        setStatus(QString(), false); // the text loads again
    setEnabled(true);
    showDataSource();
    showAlgorithm();
    showTable();
}

void ConfigFormPanel::clearConfig()
{
    m_config = ShardingConfig();
    for (QComboBox *combo : {m_dsCombo, m_algCombo, m_tableCombo}) {
        const QSignalBlocker block(combo);
        combo->clear();
    }
    showDataSource();
    showAlgorithm();
    showTable();
    setStatus(tr("The text does not load: the form is empty until it does."), true);
    setEnabled(false);
}

void ConfigFormPanel::setStatus(const QString &text, bool error)
{
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00020") : QString());
    m_status->setText(text);
}

void ConfigFormPanel::showDataSource()
{
    const DataSourceDef *d = m_config.dataSource(m_dsCombo->currentText());
    m_url->setText(d ? d->url : QString());
    m_username->setText(d ? d->username : QString());
}

void ConfigFormPanel::showAlgorithm()
{
    const AlgorithmDef *a = m_config.algorithm(m_algCombo->currentText());
    m_algType->setCurrentText(a ? a->type : QString());
    m_count->setValue(a ? a->props.value(QStringLiteral("sharding-count"), QStringLiteral("1")).toInt() : 1);
    m_count->setEnabled(a && a->props.contains(QStringLiteral("sharding-count")));
}

void ConfigFormPanel::showTable()
{
    const TableRule *t = m_config.table(m_tableCombo->currentText());
    m_nodes->setText(t ? t->actualDataNodesExpr : QString());
}

void ConfigFormPanel::applyDataSource()
{
    const QString name = m_dsCombo->currentText();
    const DataSourceDef *d = m_config.dataSource(name);
    if (!d)
        return;
    QList<FormEdit> edits;
    if (m_url->text() != d->url)
        edits.append({urlPath(name), m_url->text(), tr("%1 url").arg(name)});
    if (m_username->text() != d->username)
        edits.append({usernamePath(name), m_username->text(), tr("%1 username").arg(name)});
    if (edits.isEmpty())
        setStatus(tr("Nothing changed."), false);
    else
        emit editsRequested(edits);
}

void ConfigFormPanel::applyAlgorithm()
{
    const QString name = m_algCombo->currentText();
    const AlgorithmDef *a = m_config.algorithm(name);
    if (!a)
        return;
    QList<FormEdit> edits;
    const QString type = m_algType->currentText().trimmed().toUpper();
    if (!type.isEmpty() && type != a->type)
        edits.append({algorithmTypePath(name), type, tr("%1 type = %2").arg(name, type)});
    const QString count = QString::number(m_count->value());
    if (m_count->isEnabled() && count != a->props.value(QStringLiteral("sharding-count")))
        edits.append({shardingCountPath(name), count, tr("%1 sharding-count = %2").arg(name, count)});
    if (edits.isEmpty())
        setStatus(tr("Nothing changed."), false);
    else
        emit editsRequested(edits);
}

void ConfigFormPanel::applyTable()
{
    const QString name = m_tableCombo->currentText();
    const TableRule *t = m_config.table(name);
    if (!t)
        return;
    const QString expr = m_nodes->text().trimmed();
    if (expr.isEmpty() || expr == t->actualDataNodesExpr)
        setStatus(tr("Nothing changed."), false);
    else
        emit editsRequested({{dataNodesPath(name), expr, tr("%1 data nodes").arg(name)}});
}

} // namespace sp::ui
