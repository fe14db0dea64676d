#include "core/sandbox/DemoData.h"

#include <QDateTime>

#include <algorithm>
#include <cmath>

namespace sp::sandbox {

namespace {

struct Rng
{
    uint64_t state;
    uint64_t next() { return DemoData::mix(state += 0x9e3779b97f4a7c15ULL); }
    double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
    int range(int lo, int hi) { return lo + int(next() % uint64_t(hi - lo + 1)); } // inclusive
};

// Printable filler for payloads: slices of one fixed buffer (no quotes or backslashes).
const QByteArray &filler()
{
    static const QByteArray buf = [] {
        const char *words[] = {"hello", "ok", "see", "you", "tomorrow", "meeting", "at", "ten", "thanks",
                               "photo", "sent", "the", "file", "please", "check", "shard", "expansion",
                               "lunch", "done", "great", "call", "me", "later", "on", "my", "way"};
        QByteArray b;
        uint64_t s = 12345;
        while (b.size() < 8192) {
            s = DemoData::mix(s);
            b += words[s % (sizeof words / sizeof *words)];
            b += ' ';
        }
        return b;
    }();
    return buf;
}

const char *const kSearchWords[] = {"hello", "飞享", "分库分表", "meeting", "扩容", "ok 👍", "photo", "明天见"};

QByteArray base36(uint64_t v, int width)
{
    QByteArray s = QByteArray::number(qulonglong(v), 36);
    if (s.size() < width)
        s = QByteArray(width - s.size(), '0') + s;
    return s;
}

} // namespace

uint64_t DemoData::mix(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

DemoData::DemoData(qint64 messages, quint64 seed)
    : m_messages(qMax<qint64>(0, messages))
    , m_seed(seed)
{
    const int users = int(std::clamp<qint64>(m_messages / 20, 100, 200000));
    const int groups = int(std::clamp<qint64>(m_messages / 2000, 10, 5000));
    m_userCdf = zipfCdf(users, 0.9);
    m_groupCdf = zipfCdf(groups, 1.2);
    // Random-looking but unique ids: hashed characters, then the index.
    m_users.reserve(size_t(users));
    for (int i = 0; i < users; ++i)
        m_users.push_back(base36(mix(m_seed * 31 + uint64_t(i) + 1) % 60466176ULL, 5) + base36(uint64_t(i), 1));
    m_groups.reserve(size_t(groups));
    for (int i = 0; i < groups; ++i)
        m_groups.push_back(QByteArrayLiteral("g") + base36(mix(m_seed * 37 + uint64_t(i) + 7) % 1679616ULL, 4) +
                           base36(uint64_t(i), 1));
}

std::vector<double> DemoData::zipfCdf(int n, double exponent)
{
    std::vector<double> cdf(static_cast<size_t>(n));
    double sum = 0;
    for (int i = 0; i < n; ++i) {
        sum += 1.0 / std::pow(double(i + 1), exponent);
        cdf[size_t(i)] = sum;
    }
    for (double &c : cdf)
        c /= sum;
    return cdf;
}

int DemoData::sample(const std::vector<double> &cdf, double u)
{
    const auto it = std::lower_bound(cdf.begin(), cdf.end(), u);
    return int(std::min<ptrdiff_t>(it - cdf.begin(), ptrdiff_t(cdf.size()) - 1));
}

void DemoData::keyIndices(qint64 k, int *sender, int *target, int *type) const
{
    Rng r{mix(m_seed ^ mix(uint64_t(k) + 0x51ED))};
    *sender = sample(m_userCdf, r.uniform());
    const bool group = r.uniform() < 0.4;
    *type = group ? 1 : 0;
    if (group) {
        *target = sample(m_groupCdf, r.uniform());
    } else {
        int peer = sample(m_userCdf, r.uniform());
        if (peer == *sender)
            peer = (peer + 1) % userCount();
        *target = peer;
    }
}

void DemoData::keys(qint64 k, QByteArray *from, QByteArray *target, int *type) const
{
    int s = 0, t = 0;
    keyIndices(k, &s, &t, type);
    *from = userId(s);
    *target = *type == 1 ? groupId(t) : userId(t);
}

QByteArray DemoData::dateTime(qint64 k) const
{
    // One message every ~2 s on average from 2024-01-01, with jitter; monotonic in k.
    const qint64 secs = 1704067200LL + k * 2 + qint64(mix(m_seed ^ uint64_t(k) * 0x9E37ULL) % 2);
    return QDateTime::fromSecsSinceEpoch(secs, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")).toLatin1();
}

DemoMessage DemoData::message(qint64 k) const
{
    DemoMessage m;
    m.index = k;
    m.mid = 1000000000000LL + k;
    keys(k, &m.from, &m.target, &m.type);
    Rng r{mix(m_seed ^ mix(uint64_t(k) + 0xDA7A))};
    const double kind = r.uniform();
    const QByteArray &fill = filler();
    int len;
    QByteArray contentType;
    if (kind < 0.70) {
        len = r.range(8, 160);
        contentType = "text";
    } else if (kind < 0.90) {
        len = r.range(150, 350);
        contentType = "image";
    } else {
        len = r.range(300, 900);
        contentType = "file";
    }
    const int offset = int(r.next() % uint64_t(fill.size() - len));
    m.data = QByteArrayLiteral("{\"type\":\"") + contentType + QByteArrayLiteral("\",\"content\":\"") +
        fill.mid(offset, len) + QByteArrayLiteral("\"}");
    if (contentType == "text") {
        m.searchableNull = false;
        if (r.uniform() < 0.02) {
            m.searchable.clear(); // recalled message: empty, not NULL
        } else {
            m.searchable = kSearchWords[r.next() % (sizeof kSearchWords / sizeof *kSearchWords)];
            m.searchable += ' ';
            m.searchable += fill.mid(offset, qMin(len, 40)).trimmed();
        }
    }
    m.dt = dateTime(k);
    return m;
}

} // namespace sp::sandbox
