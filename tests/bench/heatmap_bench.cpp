// Paint time of HeatmapWidget for 1024 data sources x 64 tables into a 1600x1000 image, against
// the 16 ms frame budget, with a plain QPainter::fillRect loop over the same cells as the peer.
//   heatmap_bench [iterations]     (QT_QPA_PLATFORM defaults to offscreen)
#include "ui/models/HeatmapModel.h"
#include "ui/widgets/HeatmapWidget.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

namespace {

struct Stats
{
    double mean = 0;
    double median = 0;
    double min = 0;
};

Stats summarise(std::vector<double> ms)
{
    Stats s;
    std::sort(ms.begin(), ms.end());
    double sum = 0;
    for (double v : ms)
        sum += v;
    s.mean = sum / ms.size();
    s.median = ms.size() % 2 ? ms[ms.size() / 2] : (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]) / 2;
    s.min = ms.front();
    return s;
}

template<typename F>
Stats timeIt(int n, F &&f)
{
    f(); // warm-up
    std::vector<double> ms;
    ms.reserve(n);
    for (int i = 0; i < n; ++i) {
        QElapsedTimer t;
        t.start();
        f();
        ms.push_back(t.nsecsElapsed() / 1e6);
    }
    return summarise(std::move(ms));
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int iterations = argc > 1 ? std::max(1, std::atoi(argv[1])) : 100;
    constexpr int kRows = 1024;
    constexpr int kCols = 64;
    const QSize size(1600, 1000);

    // Skewed synthetic counts: log-normal, a few hot nodes, some unknown.
    std::mt19937 rng(42);
    std::lognormal_distribution<double> dist(14.0, 1.0);
    QStringList rowLabels;
    QStringList colLabels;
    for (int r = 0; r < kRows; ++r)
        rowLabels.append(QStringLiteral("ds_%1").arg(r));
    for (int c = 0; c < kCols; ++c)
        colLabels.append(QString::number(c));
    QList<double> values;
    values.reserve(kRows * kCols);
    for (int i = 0; i < kRows * kCols; ++i)
        values.append(i % 997 == 0 ? std::nan("") : std::floor(dist(rng)));

    sp::ui::HeatmapModel model;
    QElapsedTimer setup;
    setup.start();
    model.setMatrix(rowLabels, colLabels, values);
    sp::ui::HeatmapWidget widget;
    widget.setModel(&model);
    widget.resize(size);
    const double setupMs = setup.nsecsElapsed() / 1e6;

    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    const Stats full = timeIt(iterations, [&] { widget.render(&image); });
    QElapsedTimer rebuild;
    rebuild.start();
    widget.setScale(sp::ui::HeatmapWidget::Scale::Log); // recolours every cell
    const double recolourMs = rebuild.nsecsElapsed() / 1e6;
    const Stats logScale = timeIt(iterations, [&] { widget.render(&image); });
    // A hover update repaints only a small exposed rectangle.
    const QRect small(800, 500, 40, 24);
    const Stats partial = timeIt(iterations, [&] { widget.render(&image, small.topLeft(), QRegion(small)); });

    // Peer: the straightforward approach, one fillRect per cell with a colour lookup per cell.
    QVector<QRgb> lut(256);
    for (int i = 0; i < 256; ++i)
        lut[i] = widget.colorAt(i / 255.0);
    double hi = 0;
    for (double v : std::as_const(values))
        if (!std::isnan(v))
            hi = std::max(hi, v);
    const QRectF grid(80, 24, 1420, 940);
    const Stats peer = timeIt(iterations, [&] {
        QPainter p(&image);
        p.fillRect(image.rect(), Qt::white);
        const double cw = grid.width() / kCols;
        const double ch = grid.height() / kRows;
        for (int r = 0; r < kRows; ++r)
            for (int c = 0; c < kCols; ++c) {
                const double v = values.at(r * kCols + c);
                const QRgb color = std::isnan(v) ? 0xffa0a0a0 : lut.at(int(v / hi * 255));
                p.fillRect(QRectF(grid.left() + c * cw, grid.top() + r * ch, cw, ch), QColor(color));
            }
    });

    std::printf("heatmap_bench: %d x %d cells into %dx%d, %d iterations (platform %s)\n", kRows, kCols,
                size.width(), size.height(), iterations, qPrintable(QGuiApplication::platformName()));
    std::printf("  model+widget setup (colours precomputed): %.2f ms; recolour on scale switch: %.2f ms\n",
                setupMs, recolourMs);
    std::printf("  HeatmapWidget full paint   : mean %.3f ms, median %.3f ms, min %.3f ms  (budget 16 ms: %s)\n",
                full.mean, full.median, full.min, full.median <= 16.0 ? "within" : "OVER");
    std::printf("  HeatmapWidget log scale    : mean %.3f ms, median %.3f ms\n", logScale.mean, logScale.median);
    std::printf("  HeatmapWidget 40x24 exposed: mean %.3f ms, median %.3f ms\n", partial.mean, partial.median);
    std::printf("  peer fillRect per cell     : mean %.3f ms, median %.3f ms, min %.3f ms\n", peer.mean,
                peer.median, peer.min);
    std::printf("  ratio peer/widget (median) : %.1fx\n", peer.median / full.median);
    return 0;
}
