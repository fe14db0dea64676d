#include "ui/pages/RoutingPage.h"

#include "core/config/ConfigLoader.h"
#include "core/routing/Router.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextDocument>
#include <QVBoxLayout>

#include "core/job/Job.h"

namespace sp::ui {

RouteTable RoutingPage::routeKeys(const ShardingConfig &before, const std::optional<ShardingConfig> &after,
                                  const QString &logicTable, const QStringList &keys, KeyType type,
                                  const std::atomic_bool *cancel)
{
    RouteTable out;
    out.compared = after.has_value();
    const Router router(before);
    std::unique_ptr<Router> afterRouter;
    if (after)
        afterRouter = std::make_unique<Router>(*after);
    out.rows.reserve(keys.size());
    for (const QString &k : keys) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            break;
        RouteRow row;
        row.key = k;
        const ShardingValue value{k, type};
        const RouteResult r = router.route(logicTable, value);
        if (r.ok)
            row.target = r.node.toString();
        else
            row.error = r.error.isEmpty() ? tr("cannot route") : r.error;
        if (afterRouter) {
            const RouteResult a = afterRouter->route(logicTable, value);
            if (a.ok)
                row.afterTarget = a.node.toString();
            else
                row.afterError = a.error.isEmpty() ? tr("cannot route") : a.error;
        }
        out.rows.append(row);
    }
    return out;
}

RoutingPage::RoutingPage(AppContext *ctx, QWidget *parent)
    : QWidget(parent), m_ctx(ctx), m_model(new RouteModel(this)), m_runner(new JobRunner(this))
{
    setObjectName(QStringLiteral("routingPage"));
    auto *layout = new QHBoxLayout(this);
    auto *split = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(split);

    auto *left = new QWidget(split);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *form = new QFormLayout;
    m_table = new QComboBox(left);
    m_table->setObjectName(QStringLiteral("routingTableCombo"));
    form->addRow(tr("Logic table:"), m_table);
    m_keyType = new QComboBox(left);
    m_keyType->setObjectName(QStringLiteral("routingKeyType"));
    m_keyType->addItem(tr("Auto"), int(KeyType::Auto));
    m_keyType->addItem(tr("String"), int(KeyType::String));
    m_keyType->addItem(tr("Integer"), int(KeyType::Integer));
    form->addRow(tr("Key type:"), m_keyType);
    leftLayout->addLayout(form);
    leftLayout->addWidget(new QLabel(tr("Keys, one per line:"), left));
    m_keys = new QPlainTextEdit(left);
    m_keys->setObjectName(QStringLiteral("routingKeys"));
    m_keys->setPlaceholderText(tr("alice\nbob\n10086"));
    leftLayout->addWidget(m_keys, 1);
    auto *buttons = new QHBoxLayout;
    auto *loadButton = new QPushButton(tr("Load keys file…"), left);
    loadButton->setObjectName(QStringLiteral("routingLoadKeys"));
    buttons->addWidget(loadButton);
    m_routeButton = new QPushButton(tr("Route"), left);
    m_routeButton->setObjectName(QStringLiteral("routingRouteButton"));
    m_routeButton->setDefault(true);
    buttons->addWidget(m_routeButton);
    leftLayout->addLayout(buttons);
    auto *compareButton = new QPushButton(tr("Compare with config…"), left);
    compareButton->setObjectName(QStringLiteral("routingCompareButton"));
    leftLayout->addWidget(compareButton);
    m_compareLabel = new QLabel(left);
    m_compareLabel->setObjectName(QStringLiteral("routingCompareLabel"));
    m_compareLabel->setWordWrap(true);
    leftLayout->addWidget(m_compareLabel);
    m_clearCompareButton = new QPushButton(tr("Stop comparing"), left);
    m_clearCompareButton->setObjectName(QStringLiteral("routingClearCompare"));
    m_clearCompareButton->setVisible(false);
    leftLayout->addWidget(m_clearCompareButton);

    auto *right = new QWidget(split);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_summary = new QLabel(right);
    m_summary->setObjectName(QStringLiteral("routingSummary"));
    m_summary->setWordWrap(true);
    rightLayout->addWidget(m_summary);
    m_view = new QTableView(right);
    m_view->setObjectName(QStringLiteral("routingResult"));
    m_view->setModel(m_model);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    rightLayout->addWidget(m_view, 1);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);

    connect(m_routeButton, &QPushButton::clicked, this, &RoutingPage::route);
    connect(loadButton, &QPushButton::clicked, this, &RoutingPage::chooseKeysFile);
    connect(compareButton, &QPushButton::clicked, this, &RoutingPage::chooseCompareConfig);
    connect(m_clearCompareButton, &QPushButton::clicked, this, &RoutingPage::clearCompare);
    connect(m_table, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_keys->document()->isEmpty())
            route();
    });
    connect(m_keyType, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_keys->document()->isEmpty())
            route();
    });
    connect(m_ctx, &AppContext::configChanged, this, &RoutingPage::reloadTables);
    reloadTables();
}

RoutingPage::~RoutingPage() = default; // the runner cancels a routing still running

void RoutingPage::reloadTables()
{
    const QString previous = m_table->currentText();
    QSignalBlocker block(m_table);
    m_table->clear();
    for (const TableRule &t : m_ctx->config().tables)
        m_table->addItem(t.logicTable);
    const int i = m_table->findText(previous);
    if (i >= 0)
        m_table->setCurrentIndex(i);
    m_model->resetData({});
    m_summary->setText(m_ctx->hasConfig() ? tr("Type or load keys, then press Route.")
                                          : tr("Open a config first."));
}

QStringList RoutingPage::splitKeys(const QString &text, int max)
{
    // As `shardctl route --keys-file`: one key per line, taken verbatim; only the line terminator
    // ("\n" or "\r\n") is removed and empty lines are skipped. Blanks are part of the key.
    QStringList out;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (QString k : lines) {
        if (k.endsWith(QLatin1Char('\r')))
            k.chop(1);
        if (!k.isEmpty())
            out << k;
        if (out.size() >= max)
            break;
    }
    return out;
}

QStringList RoutingPage::keys() const
{
    // The raw text: toPlainText() would turn non-breaking spaces into plain ones.
    QString text = m_keys->document()->toRawText();
    text.replace(QChar::ParagraphSeparator, QLatin1Char('\n'));
    return splitKeys(text, kMaxKeys);
}

void RoutingPage::route()
{
    if (!m_ctx->hasConfig() || m_table->currentText().isEmpty()) {
        m_summary->setText(tr("Open a config with at least one logic table first."));
        return;
    }
    const QStringList ks = keys();
    if (ks.isEmpty()) {
        m_model->resetData({});
        m_summary->setText(tr("No keys to route."));
        return;
    }
    m_busy = true;
    m_summary->setText(tr("Routing %n key(s)…", nullptr, int(ks.size())));

    const ShardingConfig before = m_ctx->config();
    const std::optional<ShardingConfig> after = m_compare;
    const QString table = m_table->currentText();
    const auto type = KeyType(m_keyType->currentData().toInt());
    // A newer request supersedes a running one: the runner cancels it and drops its result.
    m_runner->start(
        [before, after, table, ks, type](JobControl &job) {
            return routeKeys(before, after, table, ks, type, &job.cancelFlag());
        },
        [this](const RouteTable &result) { showResult(result); });
}

void RoutingPage::showResult(const RouteTable &table)
{
    m_busy = false;
    m_model->resetData(table);
    m_view->resizeColumnToContents(RouteModel::KeyColumn);
    if (table.compared)
        m_view->resizeColumnToContents(RouteModel::TargetColumn);
    int errors = 0;
    for (const RouteRow &r : table.rows)
        errors += r.target.isEmpty() ? 1 : 0;
    const int routedKeys = int(table.rows.size()) - errors;
    QString text;
    if (table.compared)
        text = tr("%1 of %2 keys move.").arg(m_model->movedCount()).arg(table.rows.size());
    else if (routedKeys > 0 || errors == 0)
        text = tr("%n key(s) routed.", nullptr, routedKeys);
    if (errors > 0)
        text = (text.isEmpty() ? QString() : text + QLatin1Char(' ')) +
               tr("%n key(s) could not be routed.", nullptr, errors);
    m_summary->setText(text);
    emit routed();
}

bool RoutingPage::loadKeysFile(const QString &path)
{
    QFile f(path);
    constexpr qint64 maxBytes = 64 * 1024 * 1024;
    if (!f.open(QIODevice::ReadOnly)) {
        m_summary->setText(tr("Cannot read %1: %2").arg(path, f.errorString()));
        return false;
    }
    if (f.size() > maxBytes) {
        m_summary->setText(tr("%1 is larger than 64 MiB; split it.").arg(path));
        return false;
    }
    m_keys->setPlainText(QString::fromUtf8(f.readAll()));
    route();
    return true;
}

void RoutingPage::chooseKeysFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load keys"), QString(),
                                                      tr("Text files (*.txt *.csv);;All files (*)"));
    if (!path.isEmpty())
        loadKeysFile(path);
}

bool RoutingPage::loadCompareConfig(const QString &path)
{
    const LoadResult r = ConfigLoader::loadFile(path);
    if (!r.ok()) {
        QString first;
        for (const Diagnostic &d : r.diagnostics)
            if (d.severity == Severity::Error) {
                first = CoreText::line(d);
                break;
            }
        m_compareLabel->setText(tr("Cannot compare with %1: %2").arg(QFileInfo(path).fileName(), first));
        return false;
    }
    m_compare = r.config;
    m_comparePath = path;
    m_compareLabel->setText(tr("Comparing with %1").arg(path));
    m_clearCompareButton->setVisible(true);
    route();
    return true;
}

void RoutingPage::chooseCompareConfig()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Compare with config"), QString(),
                                                      tr("YAML files (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        loadCompareConfig(path);
}

void RoutingPage::clearCompare()
{
    m_compare.reset();
    m_comparePath.clear();
    m_compareLabel->clear();
    m_clearCompareButton->setVisible(false);
    route();
}

} // namespace sp::ui
