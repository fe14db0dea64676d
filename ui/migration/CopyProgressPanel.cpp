#include "ui/migration/CopyProgressPanel.h"

#include "ui/widgets/CaptureLagChart.h"
#include "ui/widgets/ChartAxes.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QPainter>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>

namespace sp::ui {

using migration::CopyProgress;

namespace {

// Paints the bar of BarColumn from FractionRole (the text stays the item's: "37%").
class BarDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const double f = index.data(CopyProgressPanel::FractionRole).toDouble();
        if (f < 0) {
            QStyledItemDelegate::paint(painter, option, index);
            return;
        }
        QStyleOptionProgressBar bar;
        bar.rect = option.rect.adjusted(2, 2, -2, -2);
        bar.minimum = 0;
        bar.maximum = 1000;
        bar.progress = int(std::lround(qBound(0.0, f, 1.0) * 1000));
        bar.text = index.data(Qt::DisplayRole).toString();
        bar.textVisible = true;
        bar.textAlignment = Qt::AlignCenter;
        bar.state = option.state | QStyle::State_Horizontal;
        bar.palette = option.palette;
        const QWidget *w = option.widget;
        (w ? w->style() : QApplication::style())->drawControl(QStyle::CE_ProgressBar, &bar, painter, w);
    }
};

} // namespace

CopyProgressPanel::CopyProgressPanel(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("migrationProgressPanel"));
    auto *col = new QVBoxLayout(this);
    col->setContentsMargins(0, 0, 0, 0);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("migrationProgressSummary"));
    m_summary->setWordWrap(true);
    col->addWidget(m_summary);
    auto *split = new QSplitter(Qt::Horizontal, this);
    m_table = new QTableWidget(0, ColumnCount, split);
    m_table->setObjectName(QStringLiteral("migrationProgress"));
    m_table->setHorizontalHeaderLabels(
        {tr("Source"), tr("Target"), tr("Copied"), tr("Progress"), tr("Rows/s"), tr("Left")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->setItemDelegateForColumn(BarColumn, new BarDelegate(m_table));
    m_table->setAlternatingRowColors(true);
    QHeaderView *h = m_table->horizontalHeader();
    h->setSectionResizeMode(QHeaderView::Interactive);
    h->setSectionResizeMode(BarColumn, QHeaderView::Stretch);
    h->setMinimumSectionSize(40);
    h->resizeSection(SourceColumn, 130);
    h->resizeSection(TargetColumn, 130);
    h->setSectionResizeMode(CopiedColumn, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(RateColumn, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(EtaColumn, QHeaderView::ResizeToContents);
    m_chart = new QChartView(split);
    m_chart->setObjectName(QStringLiteral("migrationChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumWidth(200);
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setVisible(false);
    chart->setTitle(tr("Rows copied"));
    m_chart->setChart(chart);
    m_lag = new CaptureLagChart(split);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    split->setStretchFactor(2, 1);
    split->setChildrenCollapsible(false);
    col->addWidget(split, 1);
}

QString CopyProgressPanel::durationText(double seconds)
{
    if (seconds < 0 || !std::isfinite(seconds))
        return tr("—");
    const qint64 s = qint64(std::ceil(seconds));
    if (s < 60)
        return tr("%1 s").arg(s);
    if (s < 3600)
        return tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    return tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

void CopyProgressPanel::showRun(const RunController &run)
{
    const QLocale loc;
    const QList<CopyProgress> progress = run.state() ? run.state()->progress : QList<CopyProgress>{};
    if (m_table->rowCount() != progress.size())
        m_table->setRowCount(int(progress.size()));
    qint64 copied = 0, expected = 0;
    int done = 0;
    bool allKnown = true;
    auto cell = [this](int r, int c) {
        QTableWidgetItem *it = m_table->item(r, c);
        if (!it) {
            it = new QTableWidgetItem;
            if (c >= CopiedColumn)
                it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == BarColumn)
                it->setTextAlignment(Qt::AlignCenter);
            m_table->setItem(r, c, it);
        }
        return it;
    };
    for (int r = 0; r < progress.size(); ++r) {
        const CopyProgress &p = progress.at(r);
        copied += p.copied;
        expected += qMax<qint64>(0, p.expected);
        allKnown = allKnown && p.expected >= 0;
        done += p.done ? 1 : 0;
        cell(r, SourceColumn)->setText(p.source);
        cell(r, TargetColumn)->setText(p.target);
        cell(r, CopiedColumn)
            ->setText(p.expected >= 0 ? tr("%1 / %2").arg(loc.toString(p.copied), loc.toString(p.expected))
                                      : loc.toString(p.copied));
        // The plan's figure is an estimate unless counted: a copy may pass it; done is 100%.
        const double fraction = p.done           ? 1.0
                                : p.expected > 0 ? qMin(0.999, double(p.copied) / double(p.expected))
                                                 : -1;
        QTableWidgetItem *bar = cell(r, BarColumn);
        bar->setData(FractionRole, fraction);
        bar->setText(p.done          ? tr("done")
                     : fraction >= 0 ? QStringLiteral("%1%").arg(int(fraction * 100))
                                     : tr("copying"));
        const QString key = RunController::pairKey(p);
        const double rate = p.rowsPerSec > 0 ? p.rowsPerSec : run.pairRate(key);
        cell(r, RateColumn)->setText(p.done || rate < 0 ? tr("—") : loc.toString(qint64(std::lround(rate))));
        QString eta = tr("—");
        if (p.done)
            eta = tr("done");
        else if (rate > 0 && p.expected > p.copied)
            eta = durationText(double(p.expected - p.copied) / rate);
        cell(r, EtaColumn)->setText(eta);
    }
    if (progress.isEmpty()) {
        m_summary->setText(tr("No copy yet: T2 copies the rows that move, pair by pair."));
    } else {
        const double rate = run.totalRate();
        QString line =
            tr("%1 of %2 copies done, %3 rows copied of about %4")
                .arg(done)
                .arg(progress.size())
                .arg(loc.toString(copied), allKnown ? loc.toString(expected) : tr("an unknown number"));
        if (done < progress.size() && rate > 0) {
            line += QStringLiteral(" · ") + tr("%1 rows/s").arg(loc.toString(qint64(std::lround(rate))));
            if (allKnown && expected > copied)
                line += QStringLiteral(" · ") +
                        tr("about %1 left").arg(durationText(double(expected - copied) / rate));
        }
        m_summary->setText(line);
    }
    updateChart(run);
    if (run.state())
        m_lag->setSamples(run.state()->lag);
}

void CopyProgressPanel::updateChart(const RunController &run)
{
    const QList<RunController::Sample> &samples = run.samples();
    m_chart->setVisible(!samples.isEmpty()); // no copy yet: the table's note says so
    if (int(samples.size()) == m_chartSamples)
        return;
    m_chartSamples = int(samples.size());
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setVisible(false);
    chart->setTitle(tr("Rows copied"));
    chart->setMargins(QMargins(4, 4, 4, 4));
    // One line per stretch of copying: nothing is drawn across the time no copy ran (a pause, the
    // console closed); each sample is a measured read.
    QList<QLineSeries *> lines;
    qint64 top = 0;
    for (const RunController::Sample &s : samples) {
        if (lines.isEmpty() || s.segment != lines.constLast()->property("segment").toInt()) {
            auto *line = new QLineSeries;
            line->setProperty("segment", s.segment);
            line->setPointsVisible(true); // a copy read once is a point, not an empty chart
            line->setColor(QColor(0x31, 0x68, 0x8e));
            lines << line;
        }
        lines.constLast()->append(double(s.at.toMSecsSinceEpoch()), double(s.total));
        top = qMax(top, s.total);
    }
    for (QLineSeries *line : std::as_const(lines))
        chart->addSeries(line);
    auto *x = new QDateTimeAxis;
    x->setFormat(QStringLiteral("HH:mm:ss"));
    x->setTickCount(2); // two times fit a narrow pane; three elide at 1024 px
    const QDateTime from = samples.isEmpty() ? QDateTime::currentDateTimeUtc() : samples.constFirst().at;
    const QDateTime to =
        samples.isEmpty() ? from.addSecs(60) : qMax(samples.constLast().at, from.addSecs(10));
    x->setRange(from.toLocalTime(), to.toLocalTime());
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.0f"));
    setCountAxisRange(y, double(top), 1.1);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QLineSeries *line : std::as_const(lines)) {
        line->attachAxis(x);
        line->attachAxis(y);
    }
    QChart *old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;
}

} // namespace sp::ui
