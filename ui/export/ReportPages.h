#pragma once
#include <QSizeF>

class QPagedPaintDevice;
class QTextDocument;

namespace sp::ui {

// The printed (PDF) report in pages. The report (exporting::htmlReport) is a row of top-level
// tables: per logic table its heatmap and, with a snapshot, its summary (skew, capacity); then the
// instances. A page break between a heatmap and its summary leaves the figures without their
// table, so a section that would be split but fits one page starts on a new one.
class ReportPages final
{
public:
    // Lays `doc` out in pages of `pageSize` (units of its layout's paint device) with 2 cm margins,
    // the first `sections` groups of `tablesPerSection` consecutive top-level tables each kept on
    // one page when it fits one.
    static void paginate(QTextDocument *doc, const QSizeF &pageSize, int sections, int tablesPerSection);
    // Lays `doc` out for `printer` as paginate() does and prints it, pages numbered.
    static void print(QTextDocument *doc, QPagedPaintDevice *printer, int sections, int tablesPerSection);
    // Page (0-based) a top-level table of a paginated document starts and ends on.
    static int firstPage(QTextDocument *doc, int table);
    static int lastPage(QTextDocument *doc, int table);
};

} // namespace sp::ui
