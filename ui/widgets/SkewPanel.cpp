#include "ui/widgets/SkewPanel.h"

#include "core/analysis/Skew.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace sp::ui {

namespace {

QLabel *makeLabel(QWidget *parent, const char *name)
{
    auto *l = new QLabel(parent);
    l->setObjectName(QLatin1String(name));
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

} // namespace

SkewPanel::SkewPanel(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("skewPanel"));
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_heading = makeLabel(this, "skewHeading");
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    outer->addWidget(m_heading);
    auto *form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // a narrow panel puts the reading under its label
    m_maxMean = makeLabel(this, "skewMaxMean");
    m_cv = makeLabel(this, "skewCv");
    m_gini = makeLabel(this, "skewGini");
    m_empty = makeLabel(this, "skewEmpty");
    form->addRow(tr("Max / mean:"), m_maxMean);
    form->addRow(tr("Variation (CV):"), m_cv);
    form->addRow(tr("Gini:"), m_gini);
    form->addRow(tr("Empty nodes:"), m_empty);
    outer->addLayout(form);
    m_verdict = makeLabel(this, "skewVerdict");
    outer->addWidget(m_verdict);
    outer->addStretch(1);
    clear(tr("No statistics yet: press Refresh (F5) to inspect the cluster."));
}

void SkewPanel::clear(const QString &why)
{
    m_heading->setText(tr("Skew"));
    for (QLabel *l : {m_maxMean, m_cv, m_gini, m_empty})
        l->setText(tr("–"));
    m_verdict->setText(why);
}

void SkewPanel::setStats(const SkewStats &s, const QString &heading)
{
    const QLocale locale;
    m_heading->setText(heading);
    if (s.nodes == 0) {
        clear(tr("No data node of %1 has a row count yet.").arg(s.logicTable));
        m_heading->setText(heading);
        return;
    }
    m_maxMean->setText(tr("%1× — the fullest node (%2) holds %1 times the average node")
                           .arg(locale.toString(s.maxOverMean, 'f', 2), s.maxNode.toString()));
    m_cv->setText(tr("%1 % — a typical node is this far from the average")
                      .arg(locale.toString(100.0 * s.coefficientOfVariation, 'f', 1)));
    m_gini->setText(tr("%1 — 0 is perfectly even, %2 means every row on one node")
                        .arg(locale.toString(s.gini, 'f', 3),
                             locale.toString(s.nodes > 0 ? double(s.nodes - 1) / s.nodes : 0.0, 'f', 3)));
    if (s.emptyNodes > 0)
        m_empty->setText(tr("%1 of %2 — these nodes hold no row; if they never will, check the "
                            "database and table strategies (shardctl lint)")
                             .arg(s.emptyNodes)
                             .arg(s.nodes));
    else
        m_empty->setText(tr("none of %1").arg(s.nodes));
    const QString verdict = verdictText(s); // names empty and uncounted nodes too
    const SkewLevel level = Skew::level(s);
    const char *color = level == SkewLevel::Severe ? "#b00020" : level == SkewLevel::Mild ? "#a15c00" : "#1b5e20";
    m_verdict->setText(QStringLiteral("<span style='color:%1'><b>%2</b></span>")
                           .arg(QLatin1String(color), verdict.toHtmlEscaped()));
}

QString SkewPanel::verdictText(const SkewStats &s)
{
    // Skew::verdict's reading, in the console's language: the level (and its thresholds) from
    // sp::Skew, the words from here.
    const QLocale locale;
    QString text;
    switch (Skew::level(s)) {
    case SkewLevel::Unknown:
        text = tr("unknown: no row counts");
        break;
    case SkewLevel::Empty:
        text = tr("empty: no rows yet");
        break;
    case SkewLevel::Balanced:
        text = tr("balanced: max is %1× the mean").arg(locale.toString(s.maxOverMean, 'f', 2));
        break;
    case SkewLevel::Mild:
    case SkewLevel::Severe: {
        const QString who = s.maxNode.table.isEmpty() ? tr("the largest node") : s.maxNode.toString();
        text = (Skew::level(s) == SkewLevel::Mild ? tr("mild skew: %1 holds %2× the mean")
                                                  : tr("severe skew: %1 holds %2× the mean"))
                   .arg(who, locale.toString(s.maxOverMean, 'f', 1));
        break;
    }
    }
    if (s.emptyNodes > 0 && s.totalRows > 0)
        text += tr("; %1 of %2 nodes empty").arg(s.emptyNodes).arg(s.nodes);
    if (s.unknownNodes > 0)
        text += tr("; %n node(s) without a count", nullptr, s.unknownNodes);
    return text;
}

} // namespace sp::ui
