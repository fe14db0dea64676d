#include "ui/widgets/ChartAxes.h"

#include <QValueAxis>

#include <cmath>

namespace sp::ui {

void setCountAxisRange(QValueAxis *axis, double top, double headroom)
{
    axis->setLabelFormat(QStringLiteral("%.0f"));
    axis->setTickType(QValueAxis::TicksFixed);
    if (!(top > 0)) {
        axis->setRange(0, 1);
        axis->setTickCount(2);
        return;
    }
    const double want = top * headroom;
    // About four intervals, each 1, 2 or 5 x 10^k and at least 1.
    const double rough = std::max(1.0, want / 4);
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        step = m * magnitude;
        if (step >= rough)
            break;
    }
    const double intervals = std::max(1.0, std::ceil(want / step));
    axis->setRange(0, intervals * step);
    axis->setTickCount(int(intervals) + 1);
}

} // namespace sp::ui
