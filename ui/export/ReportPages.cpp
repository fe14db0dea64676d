#include "ui/export/ReportPages.h"

#include <QAbstractTextDocumentLayout>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QTextDocument>
#include <QTextFrame>

#include <cmath>

namespace sp::ui {

namespace {

// Document units are pixels at 96 dpi (the layout has no device of its own); the printer's page is
// scaled to them.
constexpr double kUnitsPerInch = 96.0;

QList<QTextFrame *> topLevelTables(QTextDocument *doc)
{
    return doc->rootFrame()->childFrames();
}

int pageAt(QTextDocument *doc, double y)
{
    return int(std::floor(y / doc->pageSize().height()));
}

} // namespace

int ReportPages::firstPage(QTextDocument *doc, int table)
{
    const QList<QTextFrame *> tables = topLevelTables(doc);
    if (table < 0 || table >= tables.size())
        return -1;
    return pageAt(doc, doc->documentLayout()->frameBoundingRect(tables.at(table)).top());
}

int ReportPages::lastPage(QTextDocument *doc, int table)
{
    const QList<QTextFrame *> tables = topLevelTables(doc);
    if (table < 0 || table >= tables.size())
        return -1;
    // Just inside the bottom: a table ending exactly at a page's end is on that page.
    return pageAt(doc, doc->documentLayout()->frameBoundingRect(tables.at(table)).bottom() - 0.5);
}

void ReportPages::paginate(QTextDocument *doc, const QSizeF &pageSize, int sections, int tablesPerSection)
{
    doc->setPageSize(pageSize);
    const QList<QTextFrame *> tables = topLevelTables(doc);
    // In document order: a break moves everything after it, so each section is measured after the
    // breaks before it are in place (the layout updates on the next query).
    for (int s = 0; s < sections && tablesPerSection > 0; ++s) {
        const int first = s * tablesPerSection;
        const int last = first + tablesPerSection - 1;
        if (last >= tables.size())
            break;
        if (firstPage(doc, first) == lastPage(doc, last))
            continue;
        QTextFrameFormat format = tables.at(first)->frameFormat();
        const QTextFormat::PageBreakFlags was = format.pageBreakPolicy();
        format.setPageBreakPolicy(was | QTextFormat::PageBreak_AlwaysBefore);
        tables.at(first)->setFrameFormat(format);
        if (firstPage(doc, first) != lastPage(doc, last)) {
            // Longer than a page: split where it was rather than leave most of a page empty.
            format.setPageBreakPolicy(was);
            tables.at(first)->setFrameFormat(format);
        }
    }
}

void ReportPages::print(QTextDocument *doc, QPagedPaintDevice *printer, int sections, int tablesPerSection)
{
    // The printable area in document units, less a line at the bottom for the page number.
    const QRectF area = printer->pageLayout().paintRect(QPageLayout::Inch);
    const QFontMetricsF numbers(doc->defaultFont());
    const double footer = 2 * numbers.height();
    const QSizeF page(area.width() * kUnitsPerInch, area.height() * kUnitsPerInch - footer);
    paginate(doc, page, sections, tablesPerSection);

    QPainter p(printer);
    const double scale = double(printer->width()) / page.width();
    const int pages = doc->pageCount();
    for (int i = 0; i < pages; ++i) {
        if (i > 0)
            printer->newPage();
        p.save();
        p.scale(scale, scale);
        p.translate(0, -i * page.height());
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = QRectF(0, i * page.height(), page.width(), page.height());
        p.setClipRect(context.clip);
        doc->documentLayout()->draw(&p, context);
        p.restore();
        p.save();
        p.scale(scale, scale);
        p.setFont(doc->defaultFont());
        p.drawText(QRectF(0, page.height(), page.width() - doc->documentMargin(), footer),
                   Qt::AlignRight | Qt::AlignBottom, QString::number(i + 1));
        p.restore();
    }
}

} // namespace sp::ui
