#pragma once
#include "core/config/ShardingConfig.h"
#include "core/routing/ShardingValue.h"
#include "ui/models/RouteModel.h"

#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace sp {
class JobRunner;
}

namespace sp::ui {

class AppContext;

// Routing preview: keys in, data nodes out (sp::Router), optionally compared with a second config.
// Routing runs on a worker thread; a newer request makes older results stale.
class RoutingPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RoutingPage)
public:
    explicit RoutingPage(AppContext *ctx, QWidget *parent = nullptr);
    ~RoutingPage() override;

    RouteModel *model() const { return m_model; }
    bool isBusy() const { return m_busy; }

    static constexpr int kMaxKeys = 1000000;

    // Pure: routes every key with the given config(s). Stops early when `cancel` turns true.
    static RouteTable routeKeys(const ShardingConfig &before, const std::optional<ShardingConfig> &after,
                                const QString &logicTable, const QStringList &keys, KeyType type,
                                const std::atomic_bool *cancel = nullptr);

    // The keys of a text, one per line, verbatim as `shardctl route --keys-file` reads them.
    static QStringList splitKeys(const QString &text, int max = kMaxKeys);

public slots:
    void route();
    bool loadKeysFile(const QString &path);
    bool loadCompareConfig(const QString &path);
    void clearCompare();

signals:
    void routed(); // a result is shown

private:
    void reloadTables();
    void chooseKeysFile();
    void chooseCompareConfig();
    void showResult(const RouteTable &table);
    QStringList keys() const;

    AppContext *m_ctx;
    RouteModel *m_model;
    QPlainTextEdit *m_keys = nullptr;
    QComboBox *m_keyType = nullptr;
    QComboBox *m_table = nullptr;
    QPushButton *m_routeButton = nullptr;
    QPushButton *m_clearCompareButton = nullptr;
    QLabel *m_compareLabel = nullptr;
    QLabel *m_summary = nullptr;
    QTableView *m_view = nullptr;
    std::optional<ShardingConfig> m_compare;
    QString m_comparePath;
    JobRunner *m_runner;
    bool m_busy = false;
};

} // namespace sp::ui
