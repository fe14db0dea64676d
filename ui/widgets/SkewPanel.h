#pragma once
#include "core/analysis/SkewStats.h"

#include <QWidget>

class QLabel;

namespace sp::ui {

// Skew figures of one logic table (max/mean, CV, Gini, empty nodes) each with a plain-language
// reading, and the overall verdict from sp::Skew.
class SkewPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SkewPanel)
public:
    explicit SkewPanel(QWidget *parent = nullptr);

    void setStats(const SkewStats &stats, const QString &heading);
    void clear(const QString &why);
    // The verdict sp::Skew gives, worded through tr().
    static QString verdictText(const SkewStats &stats);

private:
    QLabel *m_heading = nullptr;
    QLabel *m_maxMean = nullptr;
    QLabel *m_cv = nullptr;
    QLabel *m_gini = nullptr;
    QLabel *m_empty = nullptr;
    QLabel *m_verdict = nullptr;
};

} // namespace sp::ui
