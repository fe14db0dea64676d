#pragma once
#include "core/config/Diagnostic.h"

#include <Qsci/qsciscintilla.h>

namespace sp::ui {

// QScintilla editor set up for sharding YAML: YAML lexer, line numbers, folding, lint markers in
// the symbol margin (error / warning / info icons) and squiggly indicators on the finding's line.
class YamlEditor final : public QsciScintilla
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(YamlEditor)
public:
    enum Marker { ErrorMarker = 1, WarningMarker = 2, InfoMarker = 3 };

    explicit YamlEditor(QWidget *parent = nullptr);

    void setDiagnostics(const Diagnostics &diagnostics);
    // 0-based lines carrying a marker of that kind (for tests and navigation).
    QList<int> markerLines(Marker marker) const;
    // Indicator (squiggle) set at a byte position? `indicator` is ErrorMarker/WarningMarker/InfoMarker.
    bool hasIndicatorAt(int line, int indicator) const;
    void goTo(int line1, int column1); // 1-based, clamps; centres the line
    // Replace bytes [begin, end) of the UTF-8 text as one undoable step, keeping the view.
    void replaceRange(int begin, int end, const QByteArray &utf8);
    QByteArray bytes() const;

private:
    void clearDiagnostics();
};

} // namespace sp::ui
