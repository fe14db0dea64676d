#pragma once
#include "core/config/ShardingConfig.h"

#include <QImage>
#include <QPointer>
#include <QVector>
#include <QWidget>

#include <optional>

namespace sp::ui {

class HeatmapModel;

// Custom-painted grid of a HeatmapModel: one cell per data node, a sequential colour scale
// (viridis) with a legend, linear or log scale, brightness and contrast. Colours are computed once
// per data or scale change into a one-pixel-per-cell image; paintEvent scales that image into the
// exposed part of the grid (nearest neighbour) and draws text and grid lines only when cells are
// large enough, so 1024 x 64 cells paint well inside a frame.
class HeatmapWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HeatmapWidget)
    Q_PROPERTY(QString scaleDescription READ scaleDescription)
    Q_PROPERTY(QStringList rowLabelTexts READ rowLabelTexts)
    Q_PROPERTY(QVariantList rowLabelRects READ rowLabelRects)
public:
    enum class Scale { Linear, Log };
    Q_ENUM(Scale)

    explicit HeatmapWidget(QWidget *parent = nullptr);

    void setModel(HeatmapModel *model);
    HeatmapModel *model() const { return m_model; }

    void setScale(Scale scale);
    Scale scale() const { return m_scale; }
    void setBrightness(int value); // -100 .. 100, 0 neutral
    void setContrast(int value);   // -100 .. 100, 0 neutral
    int brightness() const { return m_brightness; }
    int contrast() const { return m_contrast; }

    // The data node clicked last, while the model still shows it (a model reset keeps it when the
    // node is still there and drops it otherwise).
    std::optional<sp::DataNode> selectedNode() const { return m_selectedNode; }
    void clearSelection();

    // Cell under a widget position; {-1, -1} outside the grid.
    QPoint cellAt(const QPoint &pos) const;
    QRectF cellRect(int row, int column) const;
    QRgb cellColor(int row, int column) const; // the precomputed colour
    // Colour for a normalised position 0..1 on the scale, after brightness/contrast.
    QRgb colorAt(double t) const;
    // What the colours mean, as the legend says it (relative or absolute, metric, linear or log).
    QString scaleDescription() const;
    // The row labels painted left of the grid and where (QRectF): every row when there is room,
    // else one label per logic table (all-tables view) or every n-th row, never overlapping.
    QStringList rowLabelTexts() const;
    QVariantList rowLabelRects() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void nodeActivated(const sp::DataNode &node);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool event(QEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    void rebuild();       // colours from data (model reset)
    void updateLayout();  // margins from labels and size
    double normalised(double v) const;
    double valueAtNormalised(double t) const;
    QString legendValue(double v) const; // a tick label of the legend
    void paintLabels(QPainter &p, const QRect &exposed);
    struct RowLabel
    {
        QRectF box;
        QString text;
    };
    QList<RowLabel> rowLabelLayout() const;
    void paintLegend(QPainter &p);

    QPointer<HeatmapModel> m_model;
    Scale m_scale = Scale::Linear;
    int m_brightness = 0;
    int m_contrast = 0;
    QVector<QRgb> m_palette; // 256 entries after brightness/contrast
    QImage m_cells;          // columns x rows, one pixel per cell
    QImage m_legend;         // 1 x 256 gradient, top = high
    double m_lo = 0;
    double m_hi = 0;
    QRect m_grid;            // where the cells are painted
    QRect m_legendRect;
    int m_rowLabelWidth = 0;
    int m_columnLabelHeight = 0;
    QPoint m_hover{-1, -1};
    QPoint m_selected{-1, -1};
    std::optional<sp::DataNode> m_selectedNode;
};

} // namespace sp::ui
