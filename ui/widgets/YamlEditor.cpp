#include "ui/widgets/YamlEditor.h"

#include <Qsci/qscilexeryaml.h>

#include <QApplication>
#include <QFontDatabase>
#include <QStyle>

namespace sp::ui {

namespace {
constexpr int kSymbolMargin = 1;
constexpr int kFoldMargin = 2;
// Indicator numbers follow the marker numbers (8+ are free for containers in Scintilla).
int indicatorFor(int marker) { return 8 + marker; }
} // namespace

YamlEditor::YamlEditor(QWidget *parent) : QsciScintilla(parent)
{
    setObjectName(QStringLiteral("yamlEditor"));
    setUtf8(true);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    auto *lexer = new QsciLexerYAML(this);
    lexer->setDefaultFont(mono);
    lexer->setFont(mono);
    setLexer(lexer);
    setMarginsFont(mono);
    setMarginType(0, NumberMargin);
    setMarginWidth(0, QStringLiteral("00000"));
    setMarginLineNumbers(0, true);
    setMarginType(kSymbolMargin, SymbolMargin);
    setMarginWidth(kSymbolMargin, 18);
    setMarginSensitivity(kSymbolMargin, false);
    setFolding(BoxedTreeFoldStyle, kFoldMargin);
    setAutoIndent(true);
    setIndentationsUseTabs(false);
    setIndentationWidth(2);
    setTabWidth(2);
    setIndentationGuides(true);
    setCaretLineVisible(true);
    setCaretLineBackgroundColor(QColor(0xf3, 0xf6, 0xfa));
    setBraceMatching(SloppyBraceMatch);
    setEolMode(EolUnix);

    const QStyle *st = style();
    const int px = 14;
    markerDefine(st->standardIcon(QStyle::SP_MessageBoxCritical).pixmap(px, px).toImage(), ErrorMarker);
    markerDefine(st->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(px, px).toImage(), WarningMarker);
    markerDefine(st->standardIcon(QStyle::SP_MessageBoxInformation).pixmap(px, px).toImage(), InfoMarker);
    setMarginMarkerMask(kSymbolMargin, (1 << ErrorMarker) | (1 << WarningMarker) | (1 << InfoMarker));
    const QColor colors[] = {QColor(0xd3, 0x2f, 0x2f), QColor(0xef, 0x8c, 0x00), QColor(0x19, 0x76, 0xd2)};
    for (int m = ErrorMarker; m <= InfoMarker; ++m) {
        indicatorDefine(SquiggleIndicator, indicatorFor(m));
        setIndicatorForegroundColor(colors[m - 1], indicatorFor(m));
        setIndicatorHoverStyle(SquiggleIndicator, indicatorFor(m));
    }
}

QByteArray YamlEditor::bytes() const
{
    return text().toUtf8();
}

void YamlEditor::clearDiagnostics()
{
    markerDeleteAll(ErrorMarker);
    markerDeleteAll(WarningMarker);
    markerDeleteAll(InfoMarker);
    const int last = std::max(0, lines() - 1);
    for (int m = ErrorMarker; m <= InfoMarker; ++m)
        clearIndicatorRange(0, 0, last, lineLength(last), indicatorFor(m));
}

void YamlEditor::setDiagnostics(const Diagnostics &diagnostics)
{
    clearDiagnostics();
    for (const Diagnostic &d : diagnostics) {
        if (!d.location.isValid() || d.location.line > lines())
            continue;
        const int line = d.location.line - 1;
        const Marker m = d.severity == Severity::Error ? ErrorMarker
                       : d.severity == Severity::Warning ? WarningMarker : InfoMarker;
        markerAdd(line, m);
        // Squiggle from the column (or the first non-blank) to the end of the line's text.
        const QString lineText = text(line);
        int from = d.location.column > 0 ? d.location.column - 1 : 0;
        if (d.location.column <= 0)
            while (from < lineText.size() && lineText.at(from).isSpace())
                ++from;
        int to = int(lineText.size());
        while (to > from && lineText.at(to - 1).isSpace())
            --to;
        if (to <= from) {
            from = 0;
            to = std::max(1, int(lineText.size()));
        }
        fillIndicatorRange(line, from, line, to, indicatorFor(m));
    }
}

QList<int> YamlEditor::markerLines(Marker marker) const
{
    QList<int> out;
    int line = markerFindNext(0, 1u << marker);
    while (line >= 0) {
        out.append(line);
        line = markerFindNext(line + 1, 1u << marker);
    }
    return out;
}

bool YamlEditor::hasIndicatorAt(int line, int indicator) const
{
    const long pos = positionFromLineIndex(line, 0);
    const long end = pos + lineLength(line);
    for (long p = pos; p < end; ++p)
        if (SendScintilla(SCI_INDICATORVALUEAT, indicatorFor(indicator), p) != 0)
            return true;
    return false;
}

void YamlEditor::goTo(int line1, int column1)
{
    const int line = std::clamp(line1 - 1, 0, std::max(0, lines() - 1));
    const int col = std::clamp(column1 - 1, 0, std::max(0, lineLength(line)));
    setCursorPosition(line, col);
    ensureLineVisible(line);
    SendScintilla(SCI_SCROLLCARET);
    setFocus();
}

void YamlEditor::replaceRange(int begin, int end, const QByteArray &utf8)
{
    beginUndoAction();
    SendScintilla(SCI_SETTARGETRANGE, begin, end);
    SendScintilla(SCI_REPLACETARGET, utf8.size(), utf8.constData());
    endUndoAction();
}

} // namespace sp::ui
