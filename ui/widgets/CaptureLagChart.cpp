#include "ui/widgets/CaptureLagChart.h"

#include "ui/widgets/ChartAxes.h"

#include <QChart>
#include <QDateTimeAxis>
#include <QLegend>
#include <QLineSeries>
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
    return m_series.value(source, nullptr);
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
    for (const migration::LagSample &s : samples) {
        if (s.seconds < 0 || !s.at.isValid())
            continue;
        QLineSeries *&line = m_series[s.source];
        if (!line) {
            line = new QLineSeries;
            line->setName(names.size() > 1 ? s.source.mid(common.size()) : s.source);
            line->setPointsVisible(true); // one sample is a point, not an empty chart
        }
        line->append(double(s.at.toMSecsSinceEpoch()), s.seconds);
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
    for (QLineSeries *line : std::as_const(m_series)) {
        c->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    QChart *old = chart();
    setChart(c);
    delete old;
}

} // namespace sp::ui
