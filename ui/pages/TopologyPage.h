#pragma once
#include <QWidget>

class QCheckBox;
class QLineEdit;
class QTextBrowser;
class QTreeView;

namespace sp::ui {

class AppContext;
class TopologyFilterModel;
class TopologyModel;

// Tree of data sources -> schemas -> physical tables and logic tables -> data nodes with status from
// the latest snapshot, a filter box and a details pane for the selected node.
class TopologyPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TopologyPage)
public:
    explicit TopologyPage(AppContext *ctx, QWidget *parent = nullptr);
    ~TopologyPage() override;

    TopologyModel *model() const { return m_model; }
    TopologyFilterModel *proxy() const { return m_proxy; }

    // "jdbc:mysql://h:3306/db?user=u&password=secret" -> password value replaced.
    static QString urlWithoutPassword(const QString &url);

private:
    void reload();
    void showDetails();
    QString detailsHtml(const QModelIndex &sourceIndex) const;
    QString routingHtml(const QString &logicTable) const;

    AppContext *m_ctx;
    TopologyModel *m_model;
    TopologyFilterModel *m_proxy;
    QLineEdit *m_filter = nullptr;
    QCheckBox *m_problemsOnly = nullptr;
    QTreeView *m_tree = nullptr;
    QTextBrowser *m_details = nullptr;
};

} // namespace sp::ui
