#include "ui/widgets/StrategyBarChart.h"

#include "ui/models/WhatIfModel.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QLegend>
#include <QLocale>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace sp::ui {

namespace {

QChartView *makeView(QWidget *parent, const char *name)
{
    auto *v = new QChartView(parent);
    v->setObjectName(QLatin1String(name));
    v->setRenderHint(QPainter::Antialiasing);
    v->setMinimumHeight(200);
    return v;
}

void install(QChartView *view, QChart *chart)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    QChart *old = view->chart();
    view->setChart(chart);
    delete old;
}

QStringList categories(const QList<planning::WhatIfRow> &rows)
{
    QStringList out;
    for (const planning::WhatIfRow &r : rows)
        out << (r.feasible ? WhatIfModel::strategyTitle(r.strategy)
                           : StrategyBarChart::tr("%1 (not possible)").arg(WhatIfModel::strategyTitle(r.strategy)));
    return out;
}

} // namespace

StrategyBarChart::StrategyBarChart(QWidget *parent)
    : QWidget(parent), m_shareView(makeView(this, "shareChart")), m_rowsView(makeView(this, "rowsChart"))
{
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_shareView, 1);
    row->addWidget(m_rowsView, 1);
    clear(QString());
}

StrategyBarChart::~StrategyBarChart() = default;

void StrategyBarChart::clear(const QString &title)
{
    m_shareMoved = nullptr;
    m_rowsMoved = nullptr;
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setVisible(false);
    install(m_shareView, chart);
    install(m_rowsView, new QChart);
    m_rowsView->hide();
}

void StrategyBarChart::setRows(const QList<planning::WhatIfRow> &rows)
{
    if (rows.isEmpty()) {
        clear(tr("No strategies to compare"));
        return;
    }
    const QStringList cats = categories(rows);
    const QLocale locale;

    // Shares (%).
    auto *chart = new QChart;
    chart->setTitle(tr("Share of rows moved vs copied"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    m_shareMoved = new QBarSet(tr("moved (node changes)"));
    auto *copied = new QBarSet(tr("copied (physically)"));
    for (const planning::WhatIfRow &r : rows) {
        m_shareMoved->append(r.feasible ? 100.0 * r.shareMoved : 0.0);
        copied->append(r.feasible ? 100.0 * r.shareCopied : 0.0);
    }
    auto *series = new QBarSeries;
    series->append(m_shareMoved);
    series->append(copied);
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value %"));
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsPrecision(3);
    chart->addSeries(series);
    auto *axisX = new QBarCategoryAxis;
    axisX->append(cats);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisX);
    auto *axisY = new QValueAxis;
    axisY->setRange(0, 110);
    axisY->setTickCount(6);
    axisY->setLabelFormat(QStringLiteral("%.0f %%"));
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisY);
    connect(series, &QBarSeries::hovered, this, [this, rows, locale](bool status, int index, QBarSet *set) {
        if (!status || index < 0 || index >= rows.size()) {
            QToolTip::hideText();
            return;
        }
        QToolTip::showText(QCursor::pos(),
                           QStringLiteral("%1 \u2014 %2: %3 %")
                               .arg(WhatIfModel::strategyTitle(rows.at(index).strategy), set->label(),
                                    locale.toString(set->at(index), 'f', 1)),
                           this);
    });
    install(m_shareView, chart);

    // Rows (only with counts).
    qint64 top = 0;
    bool haveRows = false;
    for (const planning::WhatIfRow &r : rows)
        if (r.feasible && r.rowsMoved >= 0) {
            haveRows = true;
            top = std::max({top, r.rowsMoved, r.rowsCopied});
        }
    if (!haveRows) {
        m_rowsMoved = nullptr;
        install(m_rowsView, new QChart);
        m_rowsView->hide();
        return;
    }
    auto *rowsChart = new QChart;
    rowsChart->setTitle(tr("Rows moved vs copied (snapshot counts)"));
    rowsChart->legend()->setAlignment(Qt::AlignBottom);
    m_rowsMoved = new QBarSet(tr("rows moved"));
    auto *rowsCopied = new QBarSet(tr("rows copied"));
    for (const planning::WhatIfRow &r : rows) {
        m_rowsMoved->append(r.feasible ? double(std::max<qint64>(0, r.rowsMoved)) : 0.0);
        rowsCopied->append(r.feasible ? double(std::max<qint64>(0, r.rowsCopied)) : 0.0);
    }
    auto *rowsSeries = new QBarSeries;
    rowsSeries->append(m_rowsMoved);
    rowsSeries->append(rowsCopied);
    rowsChart->addSeries(rowsSeries);
    auto *rowsX = new QBarCategoryAxis;
    rowsX->append(cats);
    rowsChart->addAxis(rowsX, Qt::AlignBottom);
    rowsSeries->attachAxis(rowsX);
    auto *rowsY = new QValueAxis;
    rowsY->setRange(0, top > 0 ? double(top) * 1.1 : 1.0);
    rowsY->applyNiceNumbers();
    rowsY->setLabelFormat(QStringLiteral("%.0f"));
    rowsY->setTitleText(tr("rows"));
    rowsChart->addAxis(rowsY, Qt::AlignLeft);
    rowsSeries->attachAxis(rowsY);
    connect(rowsSeries, &QBarSeries::hovered, this, [this, rows, locale](bool status, int index, QBarSet *set) {
        if (!status || index < 0 || index >= rows.size()) {
            QToolTip::hideText();
            return;
        }
        QToolTip::showText(QCursor::pos(),
                           QStringLiteral("%1 \u2014 %2: %3")
                               .arg(WhatIfModel::strategyTitle(rows.at(index).strategy), set->label(),
                                    locale.toString(qint64(set->at(index)))),
                           this);
    });
    install(m_rowsView, rowsChart);
    m_rowsView->show();
}

} // namespace sp::ui
