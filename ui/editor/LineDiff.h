#pragma once
#include <QList>
#include <QString>
#include <QStringList>

namespace sp::ui {

// A line diff for the save confirmation: common prefix/suffix trimmed, LCS on the rest (bounded:
// beyond ~4M cell comparisons the middle is shown as replaced instead of aligned).
struct DiffLine
{
    enum Kind { Same, Removed, Added };
    Kind kind = Same;
    QString text;
    int oldLine = 0; // 1-based, 0 for Added
    int newLine = 0; // 1-based, 0 for Removed
};

class LineDiff final
{
public:
    static QList<DiffLine> diff(const QStringList &before, const QStringList &after);
    // Unified-style text with `context` lines around changes; empty when identical.
    static QString unified(const QList<DiffLine> &lines, int context = 3);
    static int changes(const QList<DiffLine> &lines);
};

} // namespace sp::ui
