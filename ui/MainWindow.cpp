#include "ui/MainWindow.h"

#include "core/config/ConfigLoader.h"

#include <QAction>
#include <QFileDialog>
#include <QHeaderView>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QStatusBar>
#include <QTreeWidget>

namespace sp::ui {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("ShardPilot"));
    resize(1200, 800);

    auto *split = new QSplitter(Qt::Vertical, this);
    m_tree = new QTreeWidget(split);
    m_tree->setObjectName(QStringLiteral("topologyTree"));
    m_tree->setHeaderLabels({tr("Logic table / data node"), tr("Data source"), tr("Table")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_findings = new QPlainTextEdit(split);
    m_findings->setObjectName(QStringLiteral("loadFindings"));
    m_findings->setReadOnly(true);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    setCentralWidget(split);

    auto *file = menuBar()->addMenu(tr("&File"));
    auto *open = file->addAction(tr("&Open config…"), this, &MainWindow::chooseConfig);
    open->setShortcut(QKeySequence::Open);
    file->addSeparator();
    auto *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    statusBar()->showMessage(tr("Open a sharding YAML to begin (Ctrl+O)."));
}

MainWindow::~MainWindow() = default;

void MainWindow::chooseConfig()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open sharding config"), QString(),
                                                      tr("YAML files (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        openConfig(path);
}

bool MainWindow::openConfig(const QString &path)
{
    const LoadResult r = ConfigLoader::loadFile(path);
    m_tree->clear();
    for (const TableRule &t : r.config.tables) {
        auto *item = new QTreeWidgetItem(m_tree, {t.logicTable});
        for (const DataNode &n : t.dataNodes)
            new QTreeWidgetItem(item, {n.toString(), n.dataSource, n.table});
    }
    QStringList lines;
    for (const Diagnostic &d : r.diagnostics)
        lines << d.toString();
    m_findings->setPlainText(lines.join(QLatin1Char('\n')));
    setWindowTitle(tr("ShardPilot — %1").arg(path));
    statusBar()->showMessage(tr("%n logic table(s) loaded", nullptr, int(r.config.tables.size())));
    return r.ok();
}

void MainWindow::openSandbox()
{
    // Filled in by the live-cluster work: start the sandbox and open its cluster.yaml.
    openConfig(QStringLiteral(":/examples/fsharechat-crc32.yaml"));
}

} // namespace sp::ui
