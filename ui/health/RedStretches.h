#pragma once
#include "core/health/HealthHistory.h"

#include <QObject>

class QAbstractAxis;
class QChart;
class QLabel;

namespace sp::ui {

// The red stretches of a data source's stored health verdicts on the History page's chart: a red
// band per stretch, and a line of links under the chart; a click on either asks for the verdict
// changes of that stretch (HealthPage::showEvents, wired by the main window).
class RedStretches final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RedStretches)
public:
    // `links` is the label under the chart this object fills (and hides when there is no stretch).
    RedStretches(QLabel *links, QObject *parent = nullptr);

    // Draws the red stretches of `points` on `chart` (bands from 0 to `top` on axes `x` and `y`) and
    // lists them in the label. An empty `points`: nothing, the label hidden.
    void show(QChart *chart, QAbstractAxis *x, QAbstractAxis *y, const QString &dataSource,
              const QList<health::LoadPoint> &points, double top);
    void clear();
    const QList<health::VerdictStretch> &stretches() const { return m_stretches; }
    // What a click on stretch `i` asks for (the band or the link "red:<i>").
    void open(int i);

signals:
    void eventsRequested(const QString &dataSource, const QDateTime &from, const QDateTime &to);

private:
    QLabel *m_links;
    QString m_dataSource;
    QList<health::VerdictStretch> m_stretches;
};

} // namespace sp::ui
