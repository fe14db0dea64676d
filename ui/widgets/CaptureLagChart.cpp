#include "ui/widgets/CaptureLagChart.h"

#include "ui/widgets/ChartAxes.h"

#include <QChart>
#include <QDateTimeAxis>
#include <QHash>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QSet>
#include <QValueAxis>

namespace sp::ui {

CaptureLagChart::CaptureLagChart(QWidget *parent) : QChartView(parent)
{
    setObjectName(QStringLiteral("captureLagChart"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumWidth(200);
    setSamples({});
}

CaptureLagChart::~CaptureLagChart() = default;

QLineSeries *CaptureLagChart::seriesOf(const QString &source) const
{
    const QList<QLineSeries *> segments = m_series.value(source);
    return segments.isEmpty() ? nullptr : segments.constLast();
}

QList<QLineSeries *> CaptureLagChart::segmentsOf(const QString &source) const
{
    return m_series.value(source);
}

QStringList CaptureLagChart::sources() const
{
    return m_series.keys();
}

void CaptureLagChart::setSamples(const QList<migration::LagSample> &samples)
{
    if (m_initialized && samples.size() == m_shown.size() &&
        (samples.isEmpty() || samples.constLast().at == m_shown.constLast().at))
        return; // nothing new
    m_initialized = true;
    m_shown = samples;
    m_series.clear();
    auto *c = new QChart;
    c->setAnimationOptions(QChart::NoAnimation);
    c->setTitle(tr("Capture lag (seconds)"));
    c->setMargins(QMargins(4, 4, 4, 4));
    c->legend()->setVisible(true);
    c->legend()->setAlignment(Qt::AlignRight); // one source a line: a row of four elides every name
    c->legend()->setShowToolTips(true); // an elided label shows its name on hover
    QFont legendFont = c->legend()->font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    c->legend()->setFont(legendFont);
    c->legend()->setMarkerShape(QLegend::MarkerShapeCircle);
    // Legend labels without the words every source shares ("sandbox node0".. -> "node0"): four
    // sources share the width of a narrow chart. The full names are in the tooltip.
    QStringList names;
    for (const migration::LagSample &s : samples)
        if (!names.contains(s.source))
            names << s.source;
    QString common = names.value(0);
    for (const QString &n : std::as_const(names))
        while (!common.isEmpty() && !n.startsWith(common))
            common.chop(1);
    common = common.left(common.lastIndexOf(QLatin1Char(' ')) + 1); // whole words only
    setToolTip(names.join(QLatin1Char('\n')));
    double top = 0;
    QDateTime from, to;
    QHash<QString, QDateTime> lastAt; // per source: its previous sample, measured or not
    QSet<QString> broken;             // per source: the next measured sample starts a new segment
    for (const migration::LagSample &s : samples) {
        if (!s.at.isValid())
            continue;
        const auto previous = lastAt.constFind(s.source);
        if (previous != lastAt.cend() && previous->secsTo(s.at) > kMaxGapSeconds)
            broken.insert(s.source);
        lastAt.insert(s.source, s.at);
        if (s.seconds < 0) {
            broken.insert(s.source); // unknown: a gap, not a value
            continue;
        }
        QList<QLineSeries *> &segments = m_series[s.source];
        if (segments.isEmpty() || broken.contains(s.source)) {
            auto *line = new QLineSeries;
            line->setName(names.size() > 1 ? s.source.mid(common.size()) : s.source);
            line->setPointsVisible(true); // one sample is a point, not an empty chart
            segments << line;
            broken.remove(s.source);
        }
        segments.constLast()->append(double(s.at.toMSecsSinceEpoch()), s.seconds);
        top = qMax(top, s.seconds);
        from = from.isValid() ? qMin(from, s.at) : s.at;
        to = to.isValid() ? qMax(to, s.at) : s.at;
    }
    auto *x = new QDateTimeAxis;
    x->setFormat(QStringLiteral("HH:mm:ss"));
    x->setTickCount(2); // the legend takes the right: three times elide in a narrow pane
    QFont tickFont = x->labelsFont();
    tickFont.setPointSizeF(tickFont.pointSizeF() * 0.85);
    x->setLabelsFont(tickFont);
    if (!from.isValid())
        from = to = QDateTime::currentDateTimeUtc();
    x->setRange(from.toLocalTime(), qMax(to, from.addSecs(10)).toLocalTime());
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.0f"));
    setCountAxisRange(y, qMax(1.0, top), 1.1);
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    for (const QList<QLineSeries *> &segments : std::as_const(m_series)) {
        for (QLineSeries *line : segments) {
            c->addSeries(line);
            line->attachAxis(x);
            line->attachAxis(y);
            if (line == segments.constFirst())
                continue;
            line->setColor(segments.constFirst()->color()); // one colour and one legend entry per server
            for (QLegendMarker *m : c->legend()->markers(line))
                m->setVisible(false);
        }
    }
    QChart *old = chart();
    setChart(c);
    delete old;
}

} // namespace sp::ui
