#include "ui/health/HealthChart.h"

#include "core/health/HealthVerdict.h"

#include <QDateTime>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <functional>

namespace sp::ui {

namespace {

constexpr qint64 kMinWindow = 60 * 1000;
constexpr qint64 kMaxWindow = HealthController::kKeepMs;

double niceTop(double v)
{
    if (v <= 1)
        return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (v <= m * p)
            return m * p;
    return 10 * p;
}

} // namespace

HealthChart::HealthChart(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("healthChart"));
    setFocusPolicy(Qt::NoFocus);
    setToolTip(tr("Wheel: zoom. Drag: go back in time. Double click: follow now."));
}

void HealthChart::setRow(const HealthRow &row, qint64 nowMsecs)
{
    m_row = row;
    m_hasRow = true;
    m_now = nowMsecs;
    update();
}

void HealthChart::clear()
{
    m_hasRow = false;
    update();
}

qint64 HealthChart::windowMs() const
{
    if (m_zoomed || !m_hasRow || m_row.points.isEmpty())
        return m_windowMs;
    return std::clamp(m_now - m_row.points.first().msecs, kMinWindow, qint64(15 * 60 * 1000));
}

void HealthChart::setWindowMs(qint64 ms)
{
    m_zoomed = true;
    m_windowMs = std::clamp(ms, kMinWindow, kMaxWindow);
    m_panMs = std::clamp<qint64>(m_panMs, 0, kMaxWindow - m_windowMs);
    update();
}

void HealthChart::resetView()
{
    m_zoomed = false;
    m_windowMs = 15 * 60 * 1000;
    m_panMs = 0;
    update();
}

QList<HealthChart::Span> HealthChart::unknownSpans(const QList<HealthPoint> &points)
{
    QList<Span> out;
    for (int i = 0; i < points.size(); ++i) {
        if (points.at(i).up)
            continue;
        Span s;
        s.from = points.at(i).msecs;
        int j = i;
        while (j + 1 < points.size() && !points.at(j + 1).up)
            ++j;
        s.to = j + 1 < points.size() ? points.at(j + 1).msecs : points.at(j).msecs;
        out.append(s);
        i = j;
    }
    return out;
}

bool HealthChart::showsUnknownAt(qint64 msecs) const
{
    if (!m_hasRow)
        return false;
    for (const Span &s : unknownSpans(m_row.points))
        if (msecs >= s.from && msecs <= s.to)
            return true;
    return false;
}

void HealthChart::wheelEvent(QWheelEvent *event)
{
    const int steps = event->angleDelta().y() / 120;
    if (steps == 0)
        return;
    setWindowMs(qint64(double(windowMs()) * std::pow(0.8, steps)));
    event->accept();
}

void HealthChart::mousePressEvent(QMouseEvent *event)
{
    m_dragX = int(event->position().x());
    m_dragPan = m_panMs;
    if (!m_zoomed) { // from here on the reader's view: it stays as it is while samples arrive
        m_windowMs = windowMs();
        m_zoomed = true;
    }
}

void HealthChart::mouseMoveEvent(QMouseEvent *event)
{
    if (!(event->buttons() & Qt::LeftButton) || width() <= 0)
        return;
    const double dx = event->position().x() - m_dragX;
    m_panMs = std::clamp<qint64>(m_dragPan + qint64(dx / width() * double(m_windowMs)), 0, kMaxWindow - m_windowMs);
    update();
}

void HealthChart::mouseDoubleClickEvent(QMouseEvent *)
{
    resetView();
}

void HealthChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette pal = palette();
    p.fillRect(rect(), pal.base());
    if (!m_hasRow) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("Select a data source to see its charts."));
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetrics fm(font());
    const qint64 window = windowMs();
    const qint64 to = m_now - m_panMs;
    const qint64 from = to - window;
    const int left = fm.horizontalAdvance(QStringLiteral("00000")) + 8;
    const int bottomAxis = fm.height() + 6;
    const int plots = 3;
    const double plotH = double(height() - bottomAxis - 8) / plots;
    struct Plot
    {
        QString title;
        QColor color;
        std::function<double(const HealthPoint &)> value;
        std::function<double(const HealthPoint &)> second; // drawn dashed (TPS beside QPS)
    };
    const Plot defs[] = {
        {tr("QPS (solid) and TPS (dashed)"), QColor(0x1f, 0x77, 0xb4), [](const HealthPoint &x) { return x.qps; },
         [](const HealthPoint &x) { return x.tps; }},
        {tr("Threads running"), QColor(0x94, 0x67, 0xbd), [](const HealthPoint &x) { return double(x.threadsRunning); }, {}},
        {tr("Replica lag (s)"), QColor(0xff, 0x7f, 0x0e), [](const HealthPoint &x) { return x.lag; }, {}},
    };
    const auto &points = m_row.points;
    auto first = std::lower_bound(points.cbegin(), points.cend(), from,
                                  [](const HealthPoint &pt, qint64 t) { return pt.msecs < t; });
    auto last = std::upper_bound(points.cbegin(), points.cend(), to,
                                 [](qint64 t, const HealthPoint &pt) { return t < pt.msecs; });
    const QList<Span> unknown = unknownSpans(points);
    for (int i = 0; i < plots; ++i) {
        const Plot &d = defs[i];
        const QRectF area(left, 4 + i * plotH + fm.height(), width() - left - 8, plotH - fm.height() - 6);
        double top = 0;
        for (auto it = first; it != last; ++it) {
            top = std::max(top, d.value(*it));
            if (d.second)
                top = std::max(top, d.second(*it));
        }
        top = niceTop(top);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QPointF(left, area.top() - 3), d.title);
        p.setPen(QPen(QColor(0, 0, 0, 40), 1));
        p.drawRect(area);
        p.drawLine(QPointF(area.left(), area.center().y()), QPointF(area.right(), area.center().y()));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(0, area.top() - fm.height() / 2.0, left - 4, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   health::formatRate(top));
        p.drawText(QRectF(0, area.bottom() - fm.height() / 2.0, left - 4, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   QStringLiteral("0"));
        // The server did not answer: its values are unknown there, a grey band, never a zero.
        for (const Span &u : std::as_const(unknown)) {
            if (u.to < from || u.from > to)
                continue;
            const double x0 =
                area.left() + area.width() * double(std::max(u.from, from) - from) / double(window);
            const double x1 = area.left() + area.width() * double(std::min(u.to, to) - from) / double(window);
            const QRectF band(x0, area.top(), std::max(3.0, x1 - x0), area.height());
            p.fillRect(band, QColor(0x80, 0x80, 0x80, 60));
            const QString word = tr("unknown");
            if (band.width() > fm.horizontalAdvance(word) + 6) {
                p.save();
                p.setPen(pal.color(QPalette::PlaceholderText));
                p.drawText(band.adjusted(3, 2, -3, -2), Qt::AlignTop | Qt::AlignLeft, word);
                p.restore();
            }
        }
        for (int pass = 0; pass < (d.second ? 2 : 1); ++pass) {
            const auto &fn = pass == 0 ? d.value : d.second;
            QPen pen(d.color, pass == 0 ? 1.6 : 1.2);
            if (pass == 1)
                pen.setStyle(Qt::DashLine);
            p.setPen(pen);
            QPolygonF line;
            auto flush = [&] {
                if (line.size() == 1)
                    p.drawEllipse(line.first(), 1.5, 1.5);
                else if (line.size() > 1)
                    p.drawPolyline(line);
                line.clear();
            };
            for (auto it = first; it != last; ++it) {
                const double v = fn(*it);
                if (!it->up || v < 0) { // unknown: a gap (a down server's band is drawn above)
                    flush();
                    continue;
                }
                const double x = area.left() + area.width() * double(it->msecs - from) / double(window);
                line.append(QPointF(x, area.bottom() - area.height() * (v / top)));
            }
            flush();
        }
    }
    // Time axis: the window's ends and middle, local time.
    p.setPen(pal.color(QPalette::Text));
    const double y = height() - bottomAxis + fm.ascent() + 2;
    const QString fmt = window <= 10 * 60 * 1000 ? QStringLiteral("HH:mm:ss") : QStringLiteral("HH:mm");
    const QString a = QDateTime::fromMSecsSinceEpoch(from).toLocalTime().toString(fmt);
    const QString b = QDateTime::fromMSecsSinceEpoch(from + window / 2).toLocalTime().toString(fmt);
    const QString c = QDateTime::fromMSecsSinceEpoch(to).toLocalTime().toString(fmt);
    p.drawText(QPointF(left, y), a);
    p.drawText(QPointF(left + (width() - left - 8) / 2.0 - fm.horizontalAdvance(b) / 2.0, y), b);
    p.drawText(QPointF(width() - 8 - fm.horizontalAdvance(c), y), c);
}

} // namespace sp::ui
