#pragma once
#include "core/config/Printable.h"

#include <QList>
#include <QStringList>
#include <QTextStream>

namespace sp::cli {

// Plain left-aligned columns for terminal output; the last column is not padded. Cells are written
// through sp::printableName: a name with a line break stays in its row.
class TextTable final
{
public:
    explicit TextTable(QStringList header) { m_rows.append(std::move(header)); }
    void add(QStringList row)
    {
        for (QString &cell : row)
            cell = printableName(cell);
        m_rows.append(std::move(row));
    }
    void print(QTextStream &out, const QString &indent = {}) const
    {
        QList<int> width;
        for (const QStringList &r : m_rows)
            for (int i = 0; i < r.size(); ++i) {
                if (width.size() <= i)
                    width.append(0);
                width[i] = qMax(width[i], int(r.at(i).size()));
            }
        for (const QStringList &r : m_rows) {
            out << indent;
            for (int i = 0; i < r.size(); ++i)
                out << (i + 1 < r.size() ? r.at(i).leftJustified(width.at(i) + 2) : r.at(i));
            out << '\n';
        }
    }

private:
    QList<QStringList> m_rows;
};

} // namespace sp::cli
