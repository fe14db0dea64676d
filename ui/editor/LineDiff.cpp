#include "ui/editor/LineDiff.h"

#include <vector>

namespace sp::ui {

QList<DiffLine> LineDiff::diff(const QStringList &a, const QStringList &b)
{
    int prefix = 0;
    while (prefix < a.size() && prefix < b.size() && a.at(prefix) == b.at(prefix))
        ++prefix;
    int suffix = 0;
    while (suffix < a.size() - prefix && suffix < b.size() - prefix
           && a.at(a.size() - 1 - suffix) == b.at(b.size() - 1 - suffix))
        ++suffix;
    QList<DiffLine> out;
    for (int i = 0; i < prefix; ++i)
        out.append({DiffLine::Same, a.at(i), i + 1, i + 1});
    const int n = int(a.size()) - prefix - suffix;
    const int m = int(b.size()) - prefix - suffix;
    if (qint64(n) * m <= 4000000) {
        // lcs[i][j]: LCS length of a[prefix+i..] and b[prefix+j..]
        std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
        for (int i = n - 1; i >= 0; --i)
            for (int j = m - 1; j >= 0; --j)
                lcs[i][j] = a.at(prefix + i) == b.at(prefix + j) ? lcs[i + 1][j + 1] + 1
                                                                  : std::max(lcs[i + 1][j], lcs[i][j + 1]);
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.at(prefix + i) == b.at(prefix + j)) {
                out.append({DiffLine::Same, a.at(prefix + i), prefix + i + 1, prefix + j + 1});
                ++i;
                ++j;
            } else if (j < m && (i == n || lcs[i][j + 1] > lcs[i + 1][j])) {
                out.append({DiffLine::Added, b.at(prefix + j), 0, prefix + j + 1});
                ++j;
            } else {
                out.append({DiffLine::Removed, a.at(prefix + i), prefix + i + 1, 0});
                ++i;
            }
        }
    } else {
        for (int i = 0; i < n; ++i)
            out.append({DiffLine::Removed, a.at(prefix + i), prefix + i + 1, 0});
        for (int j = 0; j < m; ++j)
            out.append({DiffLine::Added, b.at(prefix + j), 0, prefix + j + 1});
    }
    for (int k = 0; k < suffix; ++k)
        out.append({DiffLine::Same, a.at(a.size() - suffix + k), int(a.size()) - suffix + k + 1,
                    int(b.size()) - suffix + k + 1});
    return out;
}

int LineDiff::changes(const QList<DiffLine> &lines)
{
    int n = 0;
    for (const DiffLine &l : lines)
        n += l.kind != DiffLine::Same;
    return n;
}

QString LineDiff::unified(const QList<DiffLine> &lines, int context)
{
    QStringList out;
    const int size = int(lines.size());
    std::vector<bool> keep(size, false);
    for (int i = 0; i < size; ++i)
        if (lines.at(i).kind != DiffLine::Same)
            for (int k = std::max(0, i - context); k <= std::min(size - 1, i + context); ++k)
                keep[k] = true;
    bool gap = true;
    for (int i = 0; i < size; ++i) {
        if (!keep[i]) {
            gap = true;
            continue;
        }
        const DiffLine &l = lines.at(i);
        if (gap) {
            out.append(QStringLiteral("@@ line %1 @@").arg(l.oldLine ? l.oldLine : l.newLine));
            gap = false;
        }
        const QChar mark = l.kind == DiffLine::Same ? QLatin1Char(' ')
                         : l.kind == DiffLine::Removed ? QLatin1Char('-') : QLatin1Char('+');
        out.append(mark + l.text);
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace sp::ui
