#pragma once
#include <QByteArray>
#include <QString>

#include <cstdint>
#include <vector>

namespace sp::sandbox {

// One generated t_messages row (before it gets its AUTO_INCREMENT id).
struct DemoMessage
{
    qint64 index = 0;      // 0-based message number k
    qint64 mid = 0;        // _mid, unique
    QByteArray from;       // _from (user id, ASCII)
    int type = 0;          // _type: 0 single chat, 1 group
    QByteArray target;     // _target: a user (type 0) or a group (type 1)
    int line = 0;          // _line
    QByteArray data;       // _data payload (JSON-like, realistic sizes)
    bool searchableNull = true;
    QByteArray searchable; // _searchable_key (UTF-8; NULL when searchableNull)
    QByteArray dt;         // _dt "YYYY-MM-DD HH:MM:SS" (UTC)
};

// Deterministic IM-like demo data: the same (messages, seed) always yields the same rows, and row k
// can be produced on its own (counter-based RNG), so loaders can work on any subset in parallel.
// Senders and single-chat targets follow a Zipf-like popularity; group targets are more skewed
// still, so a few very large groups hold a big share of the messages.
class DemoData final
{
public:
    DemoData(qint64 messages, quint64 seed);

    qint64 messageCount() const { return m_messages; }
    quint64 seed() const { return m_seed; }
    int userCount() const { return int(m_userCdf.size()); }
    int groupCount() const { return int(m_groupCdf.size()); }

    const QByteArray &userId(int i) const { return m_users[size_t(i)]; }
    const QByteArray &groupId(int i) const { return m_groups[size_t(i)]; }

    // Only the routing keys of message k (cheap): sender index, target index (a user index for
    // type 0, a group index for type 1) and the type.
    void keyIndices(qint64 k, int *sender, int *target, int *type) const;
    void keys(qint64 k, QByteArray *from, QByteArray *target, int *type) const;
    QByteArray dateTime(qint64 k) const; // _dt of message k
    DemoMessage message(qint64 k) const;

    // Recipients stored in t_user_messages for message k: the sender, plus the target user of a
    // single chat. _seq is k for every row (monotonic per user).
    static int userRowsFor(int type) { return type == 0 ? 2 : 1; }

    static uint64_t mix(uint64_t x); // splitmix64 finaliser

private:
    static std::vector<double> zipfCdf(int n, double exponent);
    static int sample(const std::vector<double> &cdf, double u);

    qint64 m_messages;
    quint64 m_seed;
    std::vector<double> m_userCdf;
    std::vector<double> m_groupCdf;
    std::vector<QByteArray> m_users;
    std::vector<QByteArray> m_groups;
};

} // namespace sp::sandbox
