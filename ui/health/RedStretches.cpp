#include "ui/health/RedStretches.h"

#include "ui/health/HealthEventModel.h"

#include <QAreaSeries>
#include <QChart>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>

namespace sp::ui {

using namespace sp::health;

RedStretches::RedStretches(QLabel *links, QObject *parent) : QObject(parent), m_links(links)
{
    m_links->setObjectName(QStringLiteral("historyRedStretches"));
    m_links->setWordWrap(true);
    m_links->setTextFormat(Qt::RichText);
    m_links->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_links->setVisible(false);
    connect(m_links, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link.startsWith(QLatin1String("red:")))
            open(link.mid(4).toInt());
    });
}

void RedStretches::clear()
{
    m_stretches.clear();
    m_dataSource.clear();
    m_links->clear();
    m_links->setVisible(false);
}

void RedStretches::open(int i)
{
    if (i < 0 || i >= m_stretches.size())
        return;
    const VerdictStretch &s = m_stretches.at(i);
    // The change that made it red is at its first sample, the one that ended it at the next; a
    // second either side keeps both when they were written at the sample's time.
    emit eventsRequested(m_dataSource, s.from.addSecs(-1), s.to.addSecs(1));
}

void RedStretches::show(QChart *chart, QAbstractAxis *x, QAbstractAxis *y, const QString &dataSource,
                        const QList<LoadPoint> &points, double top)
{
    clear();
    m_dataSource = dataSource;
    m_stretches = verdictStretches(points, Verdict::Red);
    if (m_stretches.isEmpty())
        return;
    QStringList links;
    for (int i = 0; i < m_stretches.size(); ++i) {
        const VerdictStretch &s = m_stretches.at(i);
        auto *upper = new QLineSeries;
        auto *lower = new QLineSeries;
        const double a = double(s.from.toMSecsSinceEpoch());
        const double b = double(std::max(s.to, s.from.addSecs(1)).toMSecsSinceEpoch());
        upper->append(a, top);
        upper->append(b, top);
        lower->append(a, 0);
        lower->append(b, 0);
        auto *band = new QAreaSeries(upper, lower);
        band->setName(tr("Red"));
        band->setColor(QColor(0xd3, 0x2f, 0x2f, 50));
        band->setBorderColor(QColor(0xd3, 0x2f, 0x2f, 120));
        chart->addSeries(band);
        band->attachAxis(x);
        band->attachAxis(y);
        for (QLegendMarker *m : chart->legend()->markers(band))
            m->setVisible(i == 0); // one "Red" in the legend

        connect(band, &QAreaSeries::clicked, this, [this, i] { open(i); });
        links << QStringLiteral("<a href=\"red:%1\">%2 – %3</a>")
                     .arg(i)
                     .arg(HealthEventModel::timeText(s.from), HealthEventModel::timeText(s.to));
    }
    m_links->setText(tr("Red on %1: %2 (click for its verdict changes on the Health page)")
                         .arg(dataSource.toHtmlEscaped(), links.join(QStringLiteral(", "))));
    m_links->setVisible(true);
}

} // namespace sp::ui
