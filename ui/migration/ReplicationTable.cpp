#include "ui/migration/ReplicationTable.h"

#include "ui/TimeFormat.h"

#include <QHeaderView>

namespace sp::ui {

ReplicationTable::ReplicationTable(QWidget *parent) : QTableWidget(0, 7, parent)
{
    setObjectName(QStringLiteral("migrationReplication"));
    setHorizontalHeaderLabels({tr("Pair"), tr("IO thread"), tr("SQL thread"), tr("Lag"), tr("Old: binlog GTID"),
                               tr("New: applied GTID"), tr("State")});
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    setWordWrap(false);
    verticalHeader()->setVisible(false);
    horizontalHeader()->setStretchLastSection(true);
}

void ReplicationTable::setPairs(const QList<migration::PairReplication> &pairs)
{
    setRowCount(int(pairs.size()));
    for (int i = 0; i < pairs.size(); ++i) {
        const migration::PairReplication &p = pairs.at(i);
        const migration::ReplicaStatus &f = p.forward;
        QString state;
        bool bad = false;
        if (!p.error.isEmpty()) {
            state = tr("not read: %1").arg(p.error);
            bad = true;
        } else if (!f.configured) {
            state = tr("no replication");
        } else if (!f.lastSqlError.isEmpty() || !f.lastIoError.isEmpty()) {
            state = tr("error: %1").arg(f.lastSqlError.isEmpty() ? f.lastIoError : f.lastSqlError);
            bad = true;
        } else if (!f.running()) {
            state = tr("stopped");
            bad = true;
        } else {
            state = p.caughtUp ? tr("caught up") : tr("replicating");
        }
        if (p.at.isValid())
            state += QStringLiteral(" · ") + tr("read %1").arg(timestampText(p.at));
        const QStringList cells{QStringLiteral("%1 → %2").arg(p.oldDs, p.newDs),
                                f.configured ? f.ioRunning : QStringLiteral("–"),
                                f.configured ? f.sqlRunning : QStringLiteral("–"),
                                f.lagSec < 0 ? QStringLiteral("–") : tr("%1 s").arg(f.lagSec),
                                p.sourcePos.isEmpty() ? QStringLiteral("–") : p.sourcePos,
                                p.replicaPos.isEmpty() ? QStringLiteral("–") : p.replicaPos,
                                state};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            item->setToolTip(p.describe());
            if (bad && (c == 6 || c == 1 || c == 2))
                item->setForeground(QColor(0xc6, 0x28, 0x28));
            setItem(i, c, item);
        }
    }
    resizeColumnsToContents();
}

} // namespace sp::ui
