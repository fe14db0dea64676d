#include "ui/migration/StepperWidget.h"

#include "ui/TimeFormat.h"
#include "ui/migration/RunGate.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

namespace sp::ui {

using migration::Step;
using migration::StepStatus;

namespace {

constexpr int kNode = 22; // node diameter
constexpr int kTop = 4;   // margin above the nodes
constexpr int kGap = 4;   // between the node and its labels

QColor colourOf(StepStatus s, const QPalette &pal)
{
    switch (s) {
    case StepStatus::Done:
        return QColor(0x2e, 0x7d, 0x32);
    case StepStatus::Running:
        return QColor(0x15, 0x65, 0xc0);
    case StepStatus::Failed:
        return QColor(0xc6, 0x28, 0x28);
    case StepStatus::RolledBack:
        return QColor(0xef, 0x6c, 0x00);
    case StepStatus::Pending:
        break;
    }
    return pal.color(QPalette::Mid);
}

// A title on at most two lines of `width`: words fill the first line, the rest goes to the second,
// elided when it does not fit either.
QStringList titleLines(const QString &title, const QFontMetrics &fm, int width)
{
    if (fm.horizontalAdvance(title) <= width)
        return {title};
    const QStringList words = title.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QString first;
    int used = 0;
    for (; used < words.size(); ++used) {
        const QString next = first.isEmpty() ? words.at(used) : first + QLatin1Char(' ') + words.at(used);
        if (fm.horizontalAdvance(next) > width)
            break;
        first = next;
    }
    if (first.isEmpty()) // one long word
        return {fm.elidedText(title, Qt::ElideRight, width)};
    const QString rest = words.mid(used).join(QLatin1Char(' '));
    return {first, fm.elidedText(rest, Qt::ElideRight, width)};
}

} // namespace

StepperWidget::StepperWidget(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("migrationStepper"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMouseTracking(false);
    for (int i = 0; i < migration::kStepCount; ++i)
        m_steps.append(migration::StepState{Step(i), StepStatus::Pending, {}, {}, {}});
}

void StepperWidget::setSteps(const QList<migration::StepState> &steps)
{
    if (steps.size() != migration::kStepCount)
        return;
    m_steps = steps;
    update();
}

StepStatus StepperWidget::status(Step s) const
{
    return m_steps.at(int(s)).status;
}

void StepperWidget::setSelected(int step)
{
    if (step < -1 || step >= migration::kStepCount || step == m_selected)
        return;
    m_selected = step;
    update();
}

QSize StepperWidget::sizeHint() const
{
    const QFontMetrics fm(font());
    return {migration::kStepCount * 96, kTop + kNode + kGap + 3 * fm.height() + 6};
}

QSize StepperWidget::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return {migration::kStepCount * 44, kTop + kNode + kGap + 3 * fm.height() + 6};
}

QRect StepperWidget::nodeRect(int step) const
{
    const double column = double(width()) / migration::kStepCount;
    const int cx = int(column * (step + 0.5));
    return {cx - kNode / 2, kTop, kNode, kNode};
}

int StepperWidget::stepAt(const QPoint &p) const
{
    if (width() <= 0)
        return -1;
    const int i = int(double(p.x()) * migration::kStepCount / width());
    return i >= 0 && i < migration::kStepCount ? i : -1;
}

void StepperWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const double column = double(width()) / migration::kStepCount;
    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);

    // The line: solid between steps done, dashed ahead.
    for (int i = 0; i + 1 < migration::kStepCount; ++i) {
        const QRect a = nodeRect(i), b = nodeRect(i + 1);
        const bool done = m_steps.at(i).status == StepStatus::Done;
        QPen pen(done ? colourOf(StepStatus::Done, pal) : pal.color(QPalette::Mid), 2);
        pen.setStyle(done ? Qt::SolidLine : Qt::DashLine);
        p.setPen(pen);
        p.drawLine(QPointF(a.right() + 3, a.center().y() + 0.5), QPointF(b.left() - 3, b.center().y() + 0.5));
    }
    for (int i = 0; i < migration::kStepCount; ++i) {
        const StepStatus st = m_steps.at(i).status;
        const QColor c = colourOf(st, pal);
        const QRectF node = QRectF(nodeRect(i)).adjusted(1, 1, -1, -1);
        const QRect col(int(column * i), 0, int(column), height());
        if (i == m_selected) {
            p.setPen(QPen(pal.color(QPalette::Highlight), 1.5));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(QRectF(col).adjusted(2, 1, -2, -1), 5, 5);
        }
        if (st == StepStatus::Pending) {
            p.setPen(QPen(c, 2));
            p.setBrush(pal.color(QPalette::Base));
            p.drawEllipse(node);
        } else {
            p.setPen(Qt::NoPen);
            p.setBrush(c);
            p.drawEllipse(node);
            QPen mark(Qt::white, 2.2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
            p.setPen(mark);
            p.setBrush(Qt::NoBrush);
            const QPointF m = node.center();
            const double r = node.width() / 2;
            switch (st) {
            case StepStatus::Done: {
                QPainterPath tick;
                tick.moveTo(m.x() - r * 0.45, m.y() + r * 0.02);
                tick.lineTo(m.x() - r * 0.1, m.y() + r * 0.38);
                tick.lineTo(m.x() + r * 0.48, m.y() - r * 0.35);
                p.drawPath(tick);
                break;
            }
            case StepStatus::Failed:
                p.drawLine(QPointF(m.x() - r * 0.38, m.y() - r * 0.38),
                           QPointF(m.x() + r * 0.38, m.y() + r * 0.38));
                p.drawLine(QPointF(m.x() + r * 0.38, m.y() - r * 0.38),
                           QPointF(m.x() - r * 0.38, m.y() + r * 0.38));
                break;
            case StepStatus::Running:
                p.setPen(Qt::NoPen);
                p.setBrush(Qt::white);
                p.drawEllipse(m, r * 0.35, r * 0.35);
                break;
            case StepStatus::RolledBack:
                p.drawLine(QPointF(m.x() - r * 0.45, m.y()), QPointF(m.x() + r * 0.45, m.y()));
                break;
            case StepStatus::Pending:
                break;
            }
        }
        // "T3" and the title (elided to the column), in the state's colour when not pending.
        const int y = kTop + kNode + kGap;
        p.setFont(bold);
        p.setPen(st == StepStatus::Pending ? pal.color(QPalette::WindowText) : c);
        p.drawText(QRect(col.left(), y, col.width(), bfm.height()), Qt::AlignHCenter | Qt::AlignTop,
                   nodeName(i));
        p.setFont(font());
        p.setPen(pal.color(st == StepStatus::Pending ? QPalette::PlaceholderText : QPalette::WindowText));
        const QStringList title = titleLines(nodeTitle(i), fm, col.width() - 6);
        for (int l = 0; l < title.size(); ++l)
            p.drawText(QRect(col.left(), y + bfm.height() + l * fm.height(), col.width(), fm.height()),
                       Qt::AlignHCenter | Qt::AlignTop, title.at(l));
    }
}

QString StepperWidget::nodeName(int step) const
{
    return migration::RunKind::of(m_kind).stepId(Step(step));
}

QString StepperWidget::nodeTitle(int step) const
{
    return RunGate::stepTitle(m_kind, Step(step));
}

void StepperWidget::setKind(migration::RunKindId kind)
{
    if (m_kind == kind)
        return;
    m_kind = kind;
    update();
}

void StepperWidget::mousePressEvent(QMouseEvent *event)
{
    const int i = stepAt(event->position().toPoint());
    if (i >= 0) {
        setSelected(i);
        emit stepSelected(i);
    }
    QWidget::mousePressEvent(event);
}

QString StepperWidget::tooltipFor(int i) const
{
    const migration::StepState &s = m_steps.at(i);
    QStringList lines{QStringLiteral("<b>%1 %2</b> — %3")
                          .arg(migration::RunKind::of(m_kind).stepId(s.step),
                               RunGate::stepTitle(m_kind, s.step).toHtmlEscaped(),
                               RunGate::statusText(s.status))};
    if (s.started.isValid())
        lines << tr("started %1").arg(timestampText(s.started));
    if (s.finished.isValid())
        lines << tr("ended %1").arg(timestampText(s.finished));
    if (const QString message = RunGate::engineMessage(s); !message.isEmpty())
        lines << tr("The engine says: %1").arg(message.left(600).toHtmlEscaped());
    return lines.join(QStringLiteral("<br>"));
}

bool StepperWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int i = stepAt(help->pos());
        if (i >= 0)
            QToolTip::showText(help->globalPos(), tooltipFor(i), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace sp::ui
