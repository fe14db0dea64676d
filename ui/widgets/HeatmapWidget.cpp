#include "ui/widgets/HeatmapWidget.h"

#include "ui/models/HeatmapModel.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>

#include <cmath>

namespace sp::ui {

namespace {

// Viridis anchors (perceptually uniform, readable in grey and by most colour-blind readers).
constexpr QRgb kViridis[] = {0x440154, 0x482878, 0x3e4989, 0x31688e, 0x26828e,
                             0x1f9e89, 0x35b779, 0x6ece58, 0xfde725};
constexpr int kAnchors = int(sizeof(kViridis) / sizeof(kViridis[0]));
constexpr QRgb kUnknown = 0xffa0a0a0;
constexpr int kLegendBar = 14;

QRgb viridis(double t)
{
    t = std::clamp(t, 0.0, 1.0) * (kAnchors - 1);
    const int i = std::min(int(t), kAnchors - 2);
    const double f = t - i;
    const QRgb a = kViridis[i];
    const QRgb b = kViridis[i + 1];
    auto mix = [f](int x, int y) { return int(std::lround(x + (y - x) * f)); };
    return qRgb(mix(qRed(a), qRed(b)), mix(qGreen(a), qGreen(b)), mix(qBlue(a), qBlue(b)));
}

bool isDark(QRgb c) { return qGray(c) < 128; }

QString compactNumber(double v)
{
    if (std::isnan(v))
        return QStringLiteral("?");
    const double a = std::fabs(v);
    const QLocale locale;
    if (a >= 1e9)
        return locale.toString(v / 1e9, 'f', 1) + QLatin1Char('G');
    if (a >= 1e6)
        return locale.toString(v / 1e6, 'f', 1) + QLatin1Char('M');
    if (a >= 1e3)
        return locale.toString(v / 1e3, 'f', 1) + QLatin1Char('K');
    return locale.toString(v, 'f', 0);
}

} // namespace

HeatmapWidget::HeatmapWidget(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("heatmap"));
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    rebuild();
}

void HeatmapWidget::setModel(HeatmapModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &HeatmapWidget::rebuild);
        connect(m_model, &QAbstractItemModel::dataChanged, this, &HeatmapWidget::rebuild);
    }
    rebuild();
}

void HeatmapWidget::setScale(Scale scale)
{
    if (scale != m_scale) {
        m_scale = scale;
        rebuild();
    }
}

void HeatmapWidget::setBrightness(int value)
{
    value = std::clamp(value, -100, 100);
    if (value != m_brightness) {
        m_brightness = value;
        rebuild();
    }
}

void HeatmapWidget::setContrast(int value)
{
    value = std::clamp(value, -100, 100);
    if (value != m_contrast) {
        m_contrast = value;
        rebuild();
    }
}

QRgb HeatmapWidget::colorAt(double t) const
{
    const double k = std::pow(3.0, m_contrast / 100.0);
    t = (t - 0.5) * k + 0.5 + m_brightness / 200.0;
    return viridis(t);
}

double HeatmapWidget::normalised(double v) const
{
    if (m_hi <= m_lo)
        return m_hi > 0 ? 0.5 : 0.0;
    if (m_scale == Scale::Log)
        return std::log1p(v - m_lo) / std::log1p(m_hi - m_lo);
    return (v - m_lo) / (m_hi - m_lo);
}

double HeatmapWidget::valueAtNormalised(double t) const
{
    if (m_hi <= m_lo)
        return m_hi;
    if (m_scale == Scale::Log)
        return m_lo + std::expm1(t * std::log1p(m_hi - m_lo));
    return m_lo + t * (m_hi - m_lo);
}

void HeatmapWidget::rebuild()
{
    m_palette.resize(256);
    for (int i = 0; i < 256; ++i)
        m_palette[i] = colorAt(i / 255.0);
    m_legend = QImage(1, 256, QImage::Format_RGB32);
    for (int i = 0; i < 256; ++i)
        m_legend.setPixel(0, 255 - i, m_palette.at(i));

    const int rows = m_model ? m_model->rows() : 0;
    const int cols = m_model ? m_model->columns() : 0;
    // Relative colours run from 0 (empty) through 1 (the table's mean) to at least 2 x the mean, so
    // a balanced table sits in the middle of the scale instead of at its top.
    const bool relative = m_model && m_model->relativeToTableMean();
    m_lo = m_model ? std::min(0.0, m_model->colourMin()) : 0;
    m_hi = m_model ? (relative ? std::max(2.0, m_model->colourMax()) : m_model->colourMax()) : 0;
    if (rows == 0 || cols == 0) {
        m_cells = QImage();
    } else {
        m_cells = QImage(cols, rows, QImage::Format_RGB32);
        const QRgb absent = palette().color(QPalette::Window).rgb();
        for (int r = 0; r < rows; ++r) {
            auto *line = reinterpret_cast<QRgb *>(m_cells.scanLine(r));
            for (int c = 0; c < cols; ++c) {
                const double v = m_model->colourValue(r, c);
                if (!m_model->hasNode(r, c))
                    line[c] = absent;
                else if (std::isnan(v))
                    line[c] = kUnknown;
                else
                    line[c] = m_palette.at(std::clamp(int(std::lround(normalised(v) * 255)), 0, 255));
            }
        }
    }
    if (m_hover.x() >= cols || m_hover.y() >= rows)
        m_hover = {-1, -1};
    // The selection is a data node, not a position: find it again in the new matrix.
    m_selected = {-1, -1};
    if (m_selectedNode) {
        for (int r = 0; r < rows && m_selected.x() < 0; ++r)
            for (int c = 0; c < cols; ++c)
                if (m_model->hasNode(r, c) && m_model->node(r, c) == *m_selectedNode) {
                    m_selected = {c, r};
                    break;
                }
        if (m_selected.x() < 0)
            m_selectedNode.reset();
    }
    updateLayout();
    updateGeometry(); // the minimum height follows the number of logic tables shown
    update();
}

void HeatmapWidget::updateLayout()
{
    const QFontMetrics fm = fontMetrics();
    int labelWidth = 0;
    if (m_model) {
        const int n = m_model->rows();
        const int step = std::max(1, n / 512); // sampling keeps huge matrices cheap
        for (int r = 0; r < n; r += step)
            labelWidth = std::max(labelWidth, fm.horizontalAdvance(m_model->rowLabel(r)));
    }
    m_rowLabelWidth = std::min(labelWidth, width() / 4) + 8;
    m_columnLabelHeight = fm.height() + 6;
    int legendText = 0;
    if (m_model) {
        for (double v : {valueAtNormalised(0), valueAtNormalised(1)})
            legendText = std::max(legendText, fm.horizontalAdvance(legendValue(v)));
    }
    legendText = std::max(legendText, fm.horizontalAdvance(tr("unknown")));
    // Growth has a second swatch (not comparable) on a row of its own under the first.
    const int swatchRows = m_model && m_model->metric() == HeatmapModel::Metric::Growth ? 2 : 1;
    if (swatchRows > 1)
        legendText = std::max(legendText, fm.horizontalAdvance(tr("not comparable")));
    const int legendWidth = kLegendBar + 6 + legendText + 8;
    m_grid = rect().adjusted(m_rowLabelWidth, m_columnLabelHeight, -legendWidth - 8,
                             -(swatchRows + 1) * fm.height() - 8 - (swatchRows - 1) * 2);
    if (m_grid.width() < 1 || m_grid.height() < 1)
        m_grid = QRect();
    m_legendRect = QRect(rect().right() - legendWidth, m_columnLabelHeight, kLegendBar,
                         std::max(0, m_grid.height()));
}

void HeatmapWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateLayout();
}

QRectF HeatmapWidget::cellRect(int row, int column) const
{
    if (!m_model || m_grid.isEmpty() || m_model->rows() == 0 || m_model->columns() == 0)
        return {};
    const double cw = double(m_grid.width()) / m_model->columns();
    const double ch = double(m_grid.height()) / m_model->rows();
    return {m_grid.left() + column * cw, m_grid.top() + row * ch, cw, ch};
}

QPoint HeatmapWidget::cellAt(const QPoint &pos) const
{
    if (!m_model || !m_grid.contains(pos) || m_model->rows() == 0 || m_model->columns() == 0)
        return {-1, -1};
    const int c = std::min(m_model->columns() - 1,
                           int((pos.x() - m_grid.left()) * double(m_model->columns()) / m_grid.width()));
    const int r = std::min(m_model->rows() - 1,
                           int((pos.y() - m_grid.top()) * double(m_model->rows()) / m_grid.height()));
    return {c, r};
}

QRgb HeatmapWidget::cellColor(int row, int column) const
{
    return m_cells.isNull() ? QRgb(0) : m_cells.pixel(column, row);
}

void HeatmapWidget::paintEvent(QPaintEvent *event)
{
    QPainter p(this);
    const QRect exposed = event->rect();
    p.fillRect(exposed, palette().color(QPalette::Window));
    if (!m_model || m_cells.isNull() || m_grid.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No data nodes to show"));
        return;
    }
    const int rows = m_model->rows();
    const int cols = m_model->columns();
    const double cw = double(m_grid.width()) / cols;
    const double ch = double(m_grid.height()) / rows;

    const QRect target = m_grid.intersected(exposed);
    if (!target.isEmpty()) {
        const QRectF source((target.left() - m_grid.left()) / cw, (target.top() - m_grid.top()) / ch,
                            target.width() / cw, target.height() / ch);
        p.drawImage(QRectF(target), m_cells, source);

        // Visible cell range, for everything drawn per cell.
        const int c0 = std::max(0, int(source.left()));
        const int c1 = std::min(cols - 1, int(std::ceil(source.right())));
        const int r0 = std::max(0, int(source.top()));
        const int r1 = std::min(rows - 1, int(std::ceil(source.bottom())));
        const QColor gap = palette().color(QPalette::Window);
        if (cw >= 6)
            for (int c = std::max(1, c0); c <= c1; ++c)
                p.fillRect(QRectF(m_grid.left() + c * cw - 0.5, target.top(), 1, target.height()), gap);
        if (ch >= 6)
            for (int r = std::max(1, r0); r <= r1; ++r)
                p.fillRect(QRectF(target.left(), m_grid.top() + r * ch - 0.5, target.width(), 1), gap);
        // Growth that cannot be compared (count source changed, instance restarted): hatched, so it
        // never reads as an unknown count nor as a drop.
        if (m_model->metric() == HeatmapModel::Metric::Growth)
            for (int r = r0; r <= r1; ++r)
                for (int c = c0; c <= c1; ++c)
                    if (m_model->notComparable(r, c))
                        p.fillRect(cellRect(r, c), QBrush(QColor(0x60, 0x60, 0x60), Qt::BDiagPattern));
        const QList<int> &groups = m_model->groupStarts();
        p.setPen(QPen(palette().color(QPalette::WindowText), 2));
        for (int g : groups)
            if (g > 0 && g >= r0 && g <= r1 + 1)
                p.drawLine(QPointF(m_grid.left(), m_grid.top() + g * ch),
                           QPointF(m_grid.right() + 1, m_grid.top() + g * ch));
        if (cw >= 44 && ch >= fontMetrics().height() + 2) {
            for (int r = r0; r <= r1; ++r) {
                for (int c = c0; c <= c1; ++c) {
                    if (!m_model->hasNode(r, c))
                        continue;
                    const double v = m_model->value(r, c);
                    const bool incomparable = std::isnan(v) && m_model->metric() == HeatmapModel::Metric::Growth
                                              && m_model->notComparable(r, c);
                    QString text = incomparable ? QStringLiteral("≠") : std::isnan(v) ? tr("?")
                                                                         : HeatmapModel::formatValue(m_model->metric(), v);
                    if (fontMetrics().horizontalAdvance(text) > cw - 4)
                        text = compactNumber(v);
                    p.setPen(isDark(m_cells.pixel(c, r)) ? Qt::white : Qt::black);
                    p.drawText(cellRect(r, c).adjusted(2, 0, -2, 0), Qt::AlignCenter, text);
                }
            }
        }
        for (const auto &[cell, color] : {std::pair{m_hover, palette().color(QPalette::Highlight)},
                                          std::pair{m_selected, palette().color(QPalette::WindowText)}}) {
            if (cell.x() < 0)
                continue;
            p.setPen(QPen(color, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(cellRect(cell.y(), cell.x()).adjusted(1, 1, -1, -1));
        }
    }
    paintLabels(p, exposed);
    paintLegend(p);
}

void HeatmapWidget::paintLabels(QPainter &p, const QRect &exposed)
{
    const QFontMetrics fm = fontMetrics();
    const int cols = m_model->columns();
    const double cw = double(m_grid.width()) / cols;
    p.setPen(palette().color(QPalette::WindowText));
    const QRect rowArea(0, m_grid.top(), m_rowLabelWidth, m_grid.height());
    if (rowArea.intersects(exposed)) {
        const QList<RowLabel> labels = rowLabelLayout();
        for (const RowLabel &l : labels)
            if (l.box.intersects(QRectF(exposed)))
                p.drawText(l.box, Qt::AlignRight | Qt::AlignVCenter, l.text);
    }
    const QRect columnArea(m_grid.left(), 0, m_grid.width(), m_columnLabelHeight);
    if (columnArea.intersects(exposed)) {
        int widest = 0;
        for (int c = 0; c < cols; c += std::max(1, cols / 64))
            widest = std::max(widest, fm.horizontalAdvance(m_model->columnLabel(c)));
        const int step = std::max(1, int(std::ceil((widest + 6) / cw)));
        for (int c = 0; c < cols; c += step) {
            const QRectF cell = cellRect(0, c);
            const QRectF box(cell.center().x() - (widest + 6) / 2.0, 0, widest + 6, m_columnLabelHeight - 2);
            p.drawText(box, Qt::AlignHCenter | Qt::AlignBottom, m_model->columnLabel(c));
        }
    }
}

QList<HeatmapWidget::RowLabel> HeatmapWidget::rowLabelLayout() const
{
    QList<RowLabel> out;
    if (!m_model || m_grid.isEmpty() || m_model->rows() == 0)
        return out;
    const QFontMetrics fm = fontMetrics();
    const int rows = m_model->rows();
    const double ch = double(m_grid.height()) / rows;
    const double fh = fm.height();
    const int width = m_rowLabelWidth - 6;
    auto add = [&](double centerY, const QString &text) {
        out.append({QRectF(0, centerY - fh / 2.0, width, fh), fm.elidedText(text, Qt::ElideLeft, width)});
    };
    if (ch >= fh) { // room for every row
        for (int r = 0; r < rows; ++r)
            add(cellRect(r, 0).center().y(), m_model->rowLabel(r));
        return out;
    }
    const QList<int> &groups = m_model->groupStarts();
    if (groups.size() > 1) {
        // All tables: name each logic table once, in the middle of its band, where it fits.
        double lastBottom = -1e9;
        for (int g = 0; g < groups.size(); ++g) {
            const int first = groups.at(g);
            const int end = g + 1 < groups.size() ? groups.at(g + 1) : rows;
            if (first >= end)
                continue;
            const double center = m_grid.top() + (first + end) * ch / 2.0;
            if (center - fh / 2.0 < lastBottom)
                continue; // would overlap the previous label
            add(center, m_model->data(m_model->index(first, 0), HeatmapModel::LogicTableRole).toString());
            lastBottom = center + fh / 2.0;
        }
        return out;
    }
    const int step = std::max(1, int(std::ceil(fh / ch)));
    for (int r = 0; r < rows; r += step)
        add(cellRect(r, 0).center().y(), m_model->rowLabel(r));
    return out;
}

QStringList HeatmapWidget::rowLabelTexts() const
{
    QStringList out;
    const QList<RowLabel> labels = rowLabelLayout();
    for (const RowLabel &l : labels)
        out << l.text;
    return out;
}

QVariantList HeatmapWidget::rowLabelRects() const
{
    QVariantList out;
    const QList<RowLabel> labels = rowLabelLayout();
    for (const RowLabel &l : labels)
        out << l.box;
    return out;
}

void HeatmapWidget::paintLegend(QPainter &p)
{
    if (m_legendRect.height() < 20)
        return;
    const QFontMetrics fm = fontMetrics();
    p.drawImage(m_legendRect, m_legend);
    p.setPen(palette().color(QPalette::WindowText));
    p.setBrush(Qt::NoBrush);
    p.drawRect(m_legendRect.adjusted(0, 0, -1, -1));
    const int ticks = m_legendRect.height() > 8 * fm.height() ? 4 : 1;
    for (int i = 0; i <= ticks; ++i) {
        const double t = double(i) / ticks;
        const int y = m_legendRect.bottom() - int(std::lround(t * (m_legendRect.height() - 1)));
        p.drawLine(m_legendRect.right() + 1, y, m_legendRect.right() + 4, y);
        const QString text = legendValue(valueAtNormalised(t));
        p.drawText(QRect(m_legendRect.right() + 6, y - fm.height() / 2, width(), fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, text);
    }
    // Swatches for the two non-values.
    const int y = m_legendRect.bottom() + 8;
    const QRect unknown(m_legendRect.left(), y, kLegendBar, fm.height() - 2);
    p.fillRect(unknown, QColor::fromRgb(kUnknown));
    p.drawText(QRect(unknown.right() + 6, y - 1, width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               tr("unknown"));
    int below = y + fm.height() + 2;
    if (m_model->metric() == HeatmapModel::Metric::Growth) {
        const QRect hatched = unknown.translated(0, fm.height() + 2);
        p.fillRect(hatched, QColor::fromRgb(kUnknown));
        p.fillRect(hatched, QBrush(QColor(0x60, 0x60, 0x60), Qt::BDiagPattern));
        p.drawText(QRect(hatched.right() + 6, hatched.top() - 1, width(), fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, tr("not comparable"));
        below += fm.height() + 2;
    }
    // What the colours mean, under the grid where there is room for it.
    const QRect line(m_grid.left(), below, rect().right() - m_grid.left(), fm.height());
    p.drawText(line, Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(scaleDescription(), Qt::ElideRight, line.width()));
}

QString HeatmapWidget::legendValue(double v) const
{
    if (m_model && m_model->relativeToTableMean())
        return tr("%1× mean").arg(QLocale().toString(v, 'f', v < 10 ? 1 : 0));
    return HeatmapModel::formatValue(m_model ? m_model->metric() : HeatmapModel::Metric::Rows, v);
}

QString HeatmapWidget::scaleDescription() const
{
    const QString scale = m_scale == Scale::Log ? tr("log scale") : tr("linear scale");
    if (!m_model)
        return scale;
    QString what;
    switch (m_model->metric()) {
    case HeatmapModel::Metric::Rows:
        what = m_model->relativeToTableMean() ? tr("Colour: rows relative to each logic table's mean")
                                              : tr("Colour: absolute rows, one scale for all tables");
        break;
    case HeatmapModel::Metric::Bytes:
        what = m_model->relativeToTableMean() ? tr("Colour: size relative to each logic table's mean")
                                              : tr("Colour: absolute size, one scale for all tables");
        break;
    case HeatmapModel::Metric::Growth:
        what = tr("Colour: rows added since the baseline, one scale for all tables");
        break;
    }
    return what + QStringLiteral(" (") + scale + QLatin1Char(')');
}

bool HeatmapWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QPoint cell = cellAt(help->pos());
        if (cell.x() >= 0 && m_model && m_model->hasNode(cell.y(), cell.x()))
            QToolTip::showText(help->globalPos(), m_model->describeCell(cell.y(), cell.x()), this,
                               cellRect(cell.y(), cell.x()).toAlignedRect());
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void HeatmapWidget::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint cell = cellAt(event->position().toPoint());
    if (cell == m_hover)
        return;
    const QRectF old = m_hover.x() >= 0 ? cellRect(m_hover.y(), m_hover.x()) : QRectF();
    m_hover = cell;
    if (!old.isNull())
        update(old.toAlignedRect().adjusted(-2, -2, 2, 2));
    if (cell.x() >= 0)
        update(cellRect(cell.y(), cell.x()).toAlignedRect().adjusted(-2, -2, 2, 2));
}

void HeatmapWidget::leaveEvent(QEvent *event)
{
    QWidget::leaveEvent(event);
    if (m_hover.x() >= 0) {
        update(cellRect(m_hover.y(), m_hover.x()).toAlignedRect().adjusted(-2, -2, 2, 2));
        m_hover = {-1, -1};
    }
}

void HeatmapWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_model)
        return QWidget::mouseReleaseEvent(event);
    const QPoint cell = cellAt(event->position().toPoint());
    if (cell.x() < 0 || !m_model->hasNode(cell.y(), cell.x()))
        return;
    m_selected = cell;
    m_selectedNode = m_model->node(cell.y(), cell.x());
    update();
    emit nodeActivated(*m_selectedNode);
}

void HeatmapWidget::clearSelection()
{
    m_selected = {-1, -1};
    m_selectedNode.reset();
    update();
}

QSize HeatmapWidget::sizeHint() const
{
    return {720, 420};
}

QSize HeatmapWidget::minimumSizeHint() const
{
    // Room for one label per logic table of the all-tables view, plus the column labels and legend.
    const int groups = m_model ? int(m_model->groupStarts().size()) : 1;
    const int text = fontMetrics().height();
    return {200, std::max(120, (groups + 3) * text + 18)};
}

} // namespace sp::ui
