#include "core/migration/ExistingTargets.h"

namespace sp::migration {

static QString scopeOf(const MoveSet &moves, const MoveUnit &u, int t)
{
    const MoveTarget &mt = u.targets.at(t);
    return moves.targetScope(mt.instance, mt.schema, mt.node.table);
}

bool checkExistingTarget(Connection &c, const MoveSet &moves, const MoveUnit &u, int t, QString *error)
{
    const QString scope = scopeOf(moves, u, t);
    if (scope.isEmpty()) {
        *error = QStringLiteral("internal: %1 is not an existing target").arg(u.targets.at(t).node.toString());
        return false;
    }
    auto n = c.queryValue(QStringLiteral("SELECT COUNT(*) FROM ") + u.qualifiedTarget(t) + QStringLiteral(" WHERE ") +
                          scope);
    if (!n) {
        *error = c.lastError();
        return false;
    }
    if (n->toLongLong() > 0) {
        *error = QStringLiteral("the target %1 (%2) already holds %3 rows that the plan's predicates move there from "
                                "other data nodes: under the old config they belong elsewhere, and the run could not "
                                "tell them from the rows it copies. Move them where the old config routes them (or "
                                "delete them) and run again")
                     .arg(u.targets.at(t).node.toString(), u.targets.at(t).instance)
                     .arg(n->toLongLong());
        return false;
    }
    return true;
}

bool deleteRunRows(Connection &c, const MoveSet &moves, const MoveUnit &u, int t,
                   const std::function<bool(const QString &sql, quint64 *affected)> &exec, QString *error, int chunk)
{
    const QString scope = scopeOf(moves, u, t);
    if (scope.isEmpty()) {
        *error = QStringLiteral("internal: %1 is not an existing target").arg(u.targets.at(t).node.toString());
        return false;
    }
    const QString sql = QStringLiteral("DELETE FROM ") + u.qualifiedTarget(t) + QStringLiteral(" WHERE ") + scope +
                        QStringLiteral(" LIMIT ") + QString::number(qMax(1, chunk));
    for (;;) {
        quint64 affected = 0;
        if (!exec(sql, &affected)) {
            *error = QStringLiteral("deleting the copied rows from %1: %2").arg(u.targets.at(t).node.toString(),
                                                                                c.lastError());
            return false;
        }
        if (affected < quint64(qMax(1, chunk)))
            return true;
    }
}

} // namespace sp::migration
