#pragma once
class QValueAxis;

namespace sp::ui {

// A value axis for counts: from 0 to a round value at least `top * headroom` (room for value labels
// outside the bars), with whole-number ticks that are all different (1, 2 or 5 times a power of ten
// apart). Without data (top <= 0) the axis reads 0 and 1 only — never "0, 0, 1, 1" from rounding
// fractional ticks.
void setCountAxisRange(QValueAxis *axis, double top, double headroom = 1.15);

} // namespace sp::ui
