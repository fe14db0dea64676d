#include "ui/pages/TopologyPage.h"

#include "core/config/JdbcUrl.h"
#include "ui/AppContext.h"
#include "ui/models/TopologyFilterModel.h"
#include "ui/models/TopologyModel.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeView>
#include <QVBoxLayout>

namespace sp::ui {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString row(const QString &name, const QString &value)
{
    return QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(esc(name), value);
}

QString strategyKindText(StrategyKind k)
{
    switch (k) {
    case StrategyKind::Unset: return TopologyPage::tr("not set");
    case StrategyKind::None: return TopologyPage::tr("none (not sharded at this level)");
    case StrategyKind::Standard: return TopologyPage::tr("standard");
    case StrategyKind::Complex: return TopologyPage::tr("complex");
    case StrategyKind::Hint: return TopologyPage::tr("hint");
    }
    return {};
}

} // namespace

QString TopologyPage::urlWithoutPassword(const QString &url)
{
    return JdbcUrl::redacted(url);
}

TopologyPage::TopologyPage(AppContext *ctx, QWidget *parent)
    : QWidget(parent), m_ctx(ctx), m_model(new TopologyModel(this)), m_proxy(new TopologyFilterModel(this))
{
    setObjectName(QStringLiteral("topologyPage"));
    m_proxy->setSourceModel(m_model);

    auto *layout = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("topologyFilter"));
    m_filter->setPlaceholderText(tr("Filter by name (e.g. t_messages_3 or db1)"));
    m_filter->setClearButtonEnabled(true);
    bar->addWidget(m_filter, 1);
    m_problemsOnly = new QCheckBox(tr("Problems only"), this);
    m_problemsOnly->setObjectName(QStringLiteral("topologyProblemsOnly"));
    bar->addWidget(m_problemsOnly);
    layout->addLayout(bar);

    auto *split = new QSplitter(Qt::Horizontal, this);
    m_tree = new QTreeView(split);
    m_tree->setObjectName(QStringLiteral("topologyTree"));
    m_tree->setModel(m_proxy);
    m_tree->setSortingEnabled(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(TopologyModel::NameColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(TopologyModel::StatusColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(TopologyModel::RowsColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(TopologyModel::SizeColumn, QHeaderView::ResizeToContents);
    m_details = new QTextBrowser(split);
    m_details->setObjectName(QStringLiteral("topologyDetails"));
    m_details->setOpenLinks(false);
    split->addWidget(m_tree);
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text);
        if (!text.isEmpty())
            m_tree->expandAll();
    });
    connect(m_problemsOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_proxy->setProblemsOnly(on);
        m_tree->expandAll();
    });
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, &TopologyPage::showDetails);
    connect(m_ctx, &AppContext::configChanged, this, &TopologyPage::reload);
    connect(m_ctx, &AppContext::snapshotChanged, this, &TopologyPage::reload);
    reload();
}

TopologyPage::~TopologyPage() = default;

void TopologyPage::reload()
{
    m_model->resetData(m_ctx->config(), m_ctx->snapshot());
    // Open the sections and the first level below them; data nodes stay folded.
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const QModelIndex section = m_proxy->index(r, 0);
        m_tree->expand(section);
    }
    if (!m_filter->text().isEmpty())
        m_tree->expandAll();
    if (!m_ctx->hasConfig())
        m_details->setHtml(tr("<p>No config loaded. Open one from the Welcome page (Ctrl+O).</p>"));
    else if (!m_ctx->snapshot())
        m_details->setHtml(tr("<p>Select a node to see its details.</p><p>The cluster has not been "
                              "inspected yet: status, rows and sizes appear after the Dashboard "
                              "inspects it.</p>"));
    else
        m_details->setHtml(tr("<p>Select a node to see its details.</p>"));
}

void TopologyPage::showDetails()
{
    const QModelIndex idx = m_proxy->mapToSource(m_tree->currentIndex());
    if (!idx.isValid())
        return;
    m_details->setHtml(detailsHtml(idx.siblingAtColumn(0)));
}

QString TopologyPage::routingHtml(const QString &logicTable) const
{
    const ShardingConfig &cfg = m_ctx->config();
    const TableRule *rule = cfg.table(logicTable);
    if (!rule)
        return {};
    QString h;
    auto strategy = [&](const QString &level, const StrategyDef &s) {
        QString text = strategyKindText(s.kind);
        if (s.kind == StrategyKind::Standard || s.kind == StrategyKind::Complex || s.kind == StrategyKind::Hint) {
            text += QStringLiteral(", ") + tr("column %1").arg(esc(s.columns.join(QStringLiteral(", "))));
            const AlgorithmDef *a = cfg.algorithm(s.algorithmName);
            if (a) {
                QStringList props;
                for (auto it = a->props.constBegin(); it != a->props.constEnd(); ++it)
                    props << esc(it.key()) + QLatin1Char('=') + esc(it.value());
                text += QStringLiteral(", ") + tr("algorithm %1 (%2 %3)")
                            .arg(esc(s.algorithmName), esc(a->type), props.join(QStringLiteral(", ")));
            } else {
                text += QStringLiteral(", ") + tr("algorithm %1 is not defined").arg(esc(s.algorithmName));
            }
        }
        h += row(level, text);
    };
    if (rule->autoTable) {
        strategy(tr("Sharding strategy"), cfg.effectiveTableStrategy(*rule));
    } else {
        strategy(tr("Database strategy"), cfg.effectiveDatabaseStrategy(*rule));
        strategy(tr("Table strategy"), cfg.effectiveTableStrategy(*rule));
    }
    if (!rule->actualDataNodesExpr.isEmpty())
        h += row(tr("Actual data nodes"), QStringLiteral("<code>") + esc(rule->actualDataNodesExpr)
                                              + QStringLiteral("</code>"));
    return h;
}

QString TopologyPage::detailsHtml(const QModelIndex &idx) const
{
    const ShardingConfig &cfg = m_ctx->config();
    const auto kind = idx.data(TopologyModel::KindRole).value<TopologyModel::Kind>();
    const auto status = idx.data(TopologyModel::StatusRole).value<TopologyModel::Status>();
    const QString ds = idx.data(TopologyModel::DataSourceRole).toString();
    const QString table = idx.data(TopologyModel::TableRole).toString();
    const QString logic = idx.data(TopologyModel::LogicTableRole).toString();
    const qint64 rows = idx.data(TopologyModel::RowsRole).toLongLong();
    const qint64 bytes = idx.data(TopologyModel::BytesRole).toLongLong();
    const QString error = idx.data(TopologyModel::ErrorRole).toString();

    QString h = QStringLiteral("<h3>") + esc(idx.data().toString()) + QStringLiteral("</h3><table cellspacing=\"4\">");
    if (kind != TopologyModel::Kind::Section)
        h += row(tr("Status"), esc(TopologyModel::statusText(status)));
    if (!error.isEmpty())
        h += row(tr("Error"), QStringLiteral("<span style=\"color:#b00000\">") + esc(error) + QStringLiteral("</span>"));
    if (const DataSourceDef *d = ds.isEmpty() ? nullptr : cfg.dataSource(ds)) {
        h += row(tr("Data source"), esc(d->name));
        h += row(tr("URL"), esc(urlWithoutPassword(d->url)));
        if (!d->host.isEmpty())
            h += row(tr("Server"), esc(d->host) + QLatin1Char(':') + QString::number(d->port));
        h += row(tr("Schema"), esc(d->database));
        if (!d->username.isEmpty())
            h += row(tr("User"), esc(d->username));
        if (d->passwordInFile)
            h += row(tr("Password"), tr("written in the config file (exports redact it)"));
        if (const auto &snap = m_ctx->snapshot()) {
            for (const InstanceHealth &i : snap->instances) {
                if (i.dataSource != ds)
                    continue;
                if (i.reachable) {
                    h += row(tr("Version"), esc(i.version));
                    h += row(tr("Read-only"), i.readOnly ? tr("yes") : tr("no"));
                    h += row(tr("Binlog"), i.logBin ? esc(i.binlogFormat + QLatin1Char('/') + i.binlogRowImage)
                                                    : tr("off"));
                }
            }
        }
    }
    if (!table.isEmpty())
        h += row(tr("Physical table"), esc(table));
    const bool partial = idx.data(TopologyModel::RowsPartialRole).toBool();
    if (rows >= 0)
        h += row(m_model->estimated() ? tr("Rows (estimated)") : tr("Rows"),
                 esc(TopologyModel::rowsText(rows, partial)) +
                     (partial ? QStringLiteral(" ") + esc(tr("(partial: a table below has no count)"))
                              : QString()));
    if (bytes >= 0)
        h += row(tr("Size (data + index)"), esc(TopologyModel::sizeText(bytes, partial)));
    if (!logic.isEmpty()) {
        h += row(tr("Logic table"), esc(logic));
        if (const TableRule *r = cfg.table(logic))
            h += row(tr("Data nodes"), QString::number(r->dataNodes.size()));
        h += routingHtml(logic);
    }
    h += QStringLiteral("</table>");
    return h;
}

} // namespace sp::ui
