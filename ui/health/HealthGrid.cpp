#include "ui/health/HealthGrid.h"

#include "core/health/HealthVerdict.h"
#include "ui/CoreText.h"
#include "ui/health/HealthChart.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>

namespace sp::ui {

using namespace sp::health;

namespace {

constexpr int kHeader = 24;
constexpr int kRow = 40;
constexpr int kDot = 14;
constexpr int kName = 130;
constexpr int kSpark = 150;   // a sparkline's width when there is room
constexpr int kSparkMin = 60; // ... and when there is not (a 1024x640 window)
constexpr int kValue = 56;
constexpr int kConn = 90;
constexpr int kTps = 64;
constexpr int kVerdictMin = 140;    // the verdict's words get at least this (elided, full in the tooltip)
constexpr int kVerdictWanted = 360; // ... and this before the sparklines are as wide as they get
// Everything but the three sparklines.
constexpr int kFixed = kDot + 8 + kName + 3 * kValue + kConn + kTps + 8 + kVerdictMin;

enum Series { Qps, Threads, Lag };

double valueOf(const HealthPoint &p, Series s)
{
    switch (s) {
    case Qps:
        return p.qps;
    case Threads:
        return p.threadsRunning;
    case Lag:
        return p.lag;
    }
    return -1;
}

// One sparkline: the points of the last 15 minutes in `r`, scaled to their own maximum; gaps where
// the server was down or a value unknown.
void drawSpark(QPainter &p, const QRectF &r, const QList<HealthPoint> &points, Series s, qint64 from, qint64 now,
               const QColor &color)
{
    p.setPen(QPen(QColor(0, 0, 0, 30), 1));
    p.drawLine(QPointF(r.left(), r.bottom()), QPointF(r.right(), r.bottom()));
    const double span = double(std::max<qint64>(1, now - from));
    // Where the server did not answer: a grey band (unknown), never a line at zero.
    for (const HealthChart::Span &u : HealthChart::unknownSpans(points)) {
        if (u.to < from)
            continue;
        const double x0 = r.left() + r.width() * double(std::max(u.from, from) - from) / span;
        const double x1 = r.left() + r.width() * double(std::min(u.to, now) - from) / span;
        p.fillRect(QRectF(x0, r.top(), std::max(2.0, x1 - x0), r.height()), QColor(0x80, 0x80, 0x80, 50));
    }
    auto first = std::lower_bound(points.cbegin(), points.cend(), from,
                                  [](const HealthPoint &pt, qint64 t) { return pt.msecs < t; });
    double top = 1;
    for (auto it = first; it != points.cend(); ++it)
        top = std::max(top, valueOf(*it, s));
    QPolygonF line;
    line.reserve(int(points.cend() - first));
    // A cosmetic one-pixel pen: the raster engine's fast stroker, antialiased (a wider pen goes
    // through the general stroker and costs several times more per sparkline).
    QPen pen(color, 1);
    pen.setCosmetic(true);
    p.setPen(pen);
    auto flush = [&] {
        if (line.size() == 1)
            p.drawEllipse(line.first(), 1.2, 1.2);
        else if (line.size() > 1)
            p.drawPolyline(line);
        line.clear();
    };
    for (auto it = first; it != points.cend(); ++it) {
        const double v = valueOf(*it, s);
        if (!it->up || v < 0) {
            flush();
            continue;
        }
        const double x = r.left() + r.width() * double(it->msecs - from) / span;
        const double y = r.bottom() - (r.height() - 1) * (v / top);
        line.append(QPointF(x, y));
    }
    flush();
}

QString now(const HealthRow &row, Series s)
{
    const HealthSample &x = row.sample;
    if (!x.up())
        return QStringLiteral("-");
    switch (s) {
    case Qps:
        return formatRate(x.qps);
    case Threads:
        return x.threadsRunning < 0 ? QStringLiteral("-") : QString::number(x.threadsRunning);
    case Lag:
        if (!x.server.isReplica)
            return QStringLiteral("-");
        return x.server.replicaLagSeconds ? QStringLiteral("%1 s").arg(*x.server.replicaLagSeconds) : QStringLiteral("?");
    }
    return QString();
}

} // namespace

HealthGrid::HealthGrid(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("healthGrid"));
    setFocusPolicy(Qt::ClickFocus); // never takes the focus by itself
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(false);
}

QColor HealthGrid::verdictColor(Verdict v)
{
    switch (v) {
    case Verdict::Green:
        return QColor(0x2e, 0x9d, 0x4f);
    case Verdict::Yellow:
        return QColor(0xe0, 0xa8, 0x00);
    case Verdict::Red:
        return QColor(0xd3, 0x2f, 0x2f);
    case Verdict::Unknown:
        break;
    }
    return QColor(0x9e, 0x9e, 0x9e);
}

QString HealthGrid::verdictText(Verdict v)
{
    switch (v) {
    case Verdict::Green:
        return tr("green");
    case Verdict::Yellow:
        return tr("yellow");
    case Verdict::Red:
        return tr("red");
    case Verdict::Unknown:
        break;
    }
    return tr("unknown");
}

void HealthGrid::setRows(const QList<HealthRow> &rows, qint64 nowMsecs)
{
    const bool resized = rows.size() != m_rows.size();
    m_rows = rows;
    m_now = nowMsecs;
    // The last 15 minutes; while there is less history, the span there is (at least a minute), the
    // same for every row so the sparklines line up.
    qint64 earliest = nowMsecs;
    for (const HealthRow &r : m_rows)
        if (!r.points.isEmpty())
            earliest = std::min(earliest, r.points.first().msecs);
    m_from = std::max(nowMsecs - kSparkWindowMs, std::min(earliest, nowMsecs - 60 * 1000));
    if (m_selected >= m_rows.size())
        m_selected = -1;
    if (resized)
        updateGeometry();
    update();
}

void HealthGrid::setSelectedRow(int row)
{
    if (row < -1 || row >= m_rows.size() || row == m_selected)
        return;
    m_selected = row;
    update();
    emit rowSelected(row);
}

QRect HealthGrid::rowRect(int row) const
{
    return QRect(0, kHeader + row * kRow, width(), kRow);
}

int HealthGrid::rowAt(const QPoint &pos) const
{
    if (pos.y() < kHeader)
        return -1;
    const int row = (pos.y() - kHeader) / kRow;
    return row < m_rows.size() ? row : -1;
}

int HealthGrid::sparkWidth() const
{
    // The sparklines give way until the verdict's words have kVerdictWanted (a run's write stop
    // reads "db1: writes stopped by run 3f2a9c0d11e2b4a7 (T4, 12 s)"), then down to kSparkMin.
    return std::clamp((width() - kFixed - (kVerdictWanted - kVerdictMin) - 4) / 3, kSparkMin, kSpark);
}

QRect HealthGrid::verdictRect(int row) const
{
    const QRect rr = rowRect(row);
    const int x = 4 + kDot + 8 + kName + 3 * (sparkWidth() + kValue) + kConn + kTps + 8;
    return QRect(x, rr.top(), std::max(kVerdictMin - 8, width() - x - 8), rr.height());
}

QSize HealthGrid::sizeHint() const
{
    return QSize(kFixed + 4 + 3 * kSpark + 180, kHeader + kRow * std::max<int>(1, int(m_rows.size())));
}

QSize HealthGrid::minimumSizeHint() const
{
    // Every column, the verdict too, fits at the smallest sparklines; narrower, the grid scrolls.
    return QSize(kFixed + 4 + 3 * kSparkMin,
                 kHeader + kRow * std::min<int>(4, std::max<int>(1, int(m_rows.size()))));
}

bool HealthGrid::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        // The verdict's whole reason (and what a migration run does here) where the row elides it.
        const auto *help = static_cast<QHelpEvent *>(e);
        const int row = rowAt(help->pos());
        if (row < 0) {
            QToolTip::hideText();
            e->ignore();
            return true;
        }
        const HealthRow &r = m_rows.at(row);
        QStringList lines;
        for (const Finding &f : r.verdict.findings)
            lines << CoreText::render(f.reason);
        if (lines.isEmpty())
            lines << CoreText::render(r.verdict.reason);
        QToolTip::showText(help->globalPos(), lines.join(QLatin1Char('\n')), this, rowRect(row));
        return true;
    }
    return QWidget::event(e);
}

void HealthGrid::mousePressEvent(QMouseEvent *event)
{
    const int row = rowAt(event->position().toPoint());
    if (row >= 0)
        setSelectedRow(row);
    QWidget::mousePressEvent(event);
}

void HealthGrid::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Down && m_selected + 1 < m_rows.size())
        setSelectedRow(m_selected + 1);
    else if (event->key() == Qt::Key_Up && m_selected > 0)
        setSelectedRow(m_selected - 1);
    else
        QWidget::keyPressEvent(event);
}

void HealthGrid::paintEvent(QPaintEvent *event)
{
    ++m_paintCount;
    QPainter p(this);
    const QPalette pal = palette();
    p.fillRect(event->rect(), pal.base());
    p.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetrics fm(font());

    // Header.
    const int spark = sparkWidth();
    const QStringList titles{QString(), tr("Data source"), tr("QPS"), QString(), tr("Threads running"),
                             QString(), tr("Replica lag"), QString(), tr("Connections"), tr("TPS"), tr("Verdict")};
    const int widths[] = {kDot + 8, kName, spark, kValue, spark, kValue, spark, kValue, kConn, kTps + 8, 0};
    p.fillRect(QRect(0, 0, width(), kHeader), pal.alternateBase());
    p.setPen(pal.color(QPalette::Text));
    {
        int x = 4;
        for (int i = 0; i < titles.size(); ++i) {
            const int w = widths[i] ? widths[i] : std::max(80, width() - x);
            // A header wider than its column is elided, never drawn over the next one.
            p.drawText(QRect(x, 0, w - 4, kHeader), Qt::AlignVCenter | Qt::AlignLeft,
                       fm.elidedText(titles.at(i), Qt::ElideRight, std::max(0, w - 4)));
            x += w;
        }
    }

    const int firstRow = std::max(0, (event->rect().top() - kHeader) / kRow);
    const int lastRow = std::min<int>(int(m_rows.size()) - 1, (event->rect().bottom() - kHeader) / kRow);
    const QColor sparkColors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0x94, 0x67, 0xbd), QColor(0xff, 0x7f, 0x0e)};
    for (int i = firstRow; i <= lastRow; ++i) {
        const HealthRow &row = m_rows.at(i);
        const QRect rr = rowRect(i);
        if (i == m_selected)
            p.fillRect(rr, pal.highlight().color().lighter(170));
        else if (i % 2)
            p.fillRect(rr, pal.alternateBase());
        int x = 4;
        const QColor vc = verdictColor(row.verdict.verdict);
        p.setPen(Qt::NoPen);
        p.setBrush(vc);
        p.drawEllipse(QRectF(x + 2, rr.center().y() - kDot / 2.0, kDot, kDot));
        p.setBrush(Qt::NoBrush);
        x += kDot + 8;
        p.setPen(pal.color(QPalette::Text));
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.drawText(QRect(x, rr.top(), kName - 6, rr.height()), Qt::AlignVCenter | Qt::AlignLeft,
                   fm.elidedText(row.dataSource, Qt::ElideRight, kName - 6));
        p.setFont(font());
        x += kName;
        for (Series s : {Qps, Threads, Lag}) {
            const QRectF sparkRect(x, rr.top() + 6, spark - 10, rr.height() - 12);
            drawSpark(p, sparkRect, row.points, s, m_from, m_now, sparkColors[s]);
            x += spark;
            p.setPen(pal.color(QPalette::Text));
            p.drawText(QRect(x, rr.top(), kValue - 4, rr.height()), Qt::AlignVCenter | Qt::AlignRight, now(row, s));
            x += kValue;
        }
        const HealthSample &smp = row.sample;
        const QString conn = smp.up() && smp.server.connections >= 0
                                 ? QStringLiteral("%1 / %2").arg(smp.server.connections).arg(smp.server.maxConnections)
                                 : QStringLiteral("-");
        p.drawText(QRect(x + 8, rr.top(), kConn - 8, rr.height()), Qt::AlignVCenter | Qt::AlignLeft, conn);
        x += kConn;
        p.drawText(QRect(x, rr.top(), kTps - 6, rr.height()), Qt::AlignVCenter | Qt::AlignRight,
                   smp.up() ? formatRate(smp.tps) : QStringLiteral("-"));
        x += kTps;
        p.setPen(row.verdict.verdict == Verdict::Green ? pal.color(QPalette::Text) : vc.darker(130));
        const QString reason = CoreText::render(row.verdict.reason);
        const QRect vr = verdictRect(i);
        p.drawText(vr, Qt::AlignVCenter | Qt::AlignLeft, fm.elidedText(reason, Qt::ElideRight, vr.width()));
    }
    const int used = kHeader + int(m_rows.size()) * kRow;
    if (used < height())
        p.fillRect(QRect(0, used, width(), height() - used), pal.base());
}

} // namespace sp::ui
