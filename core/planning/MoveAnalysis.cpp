#include "core/planning/MoveAnalysis.h"

#include "core/routing/ResidueHistogram.h"
#include "core/routing/Router.h"

#include <QHash>
#include <QRandomGenerator64>
#include <QSet>

#include <charconv>
#include <tuple>

#include <map>
#include <numeric>
#include <vector>

namespace sp::planning {

namespace {

constexpr quint64 kSpace = quint64(1) << 32;
constexpr quint64 kMaxPeriod = quint64(1) << 22;
constexpr qint64 kMaxSampleKeys = 16000000; // keys a sampled table routes, whatever its size

// An outcome packed for hashing and ordering: (old ds, old table) and (new ds, new table), 32 bits
// each (a data source may hold more than 65535 actual tables). Ordered as the tuple.
struct Packed
{
    quint64 from = 0, to = 0;
    friend bool operator==(const Packed &a, const Packed &b) { return a.from == b.from && a.to == b.to; }
    friend bool operator<(const Packed &a, const Packed &b) { return a.from != b.from ? a.from < b.from : a.to < b.to; }
    friend size_t qHash(const Packed &p, size_t seed = 0) { return qHashMulti(seed, p.from, p.to); }
};

// Outcome of one key: data source and table indexes before and after (-1 = routes nowhere).
struct Outcome
{
    int odb = -1, otb = -1, ndb = -1, ntb = -1;
    Packed pack() const
    {
        return Packed{(quint64(quint32(odb + 1)) << 32) | quint64(quint32(otb + 1)),
                      (quint64(quint32(ndb + 1)) << 32) | quint64(quint32(ntb + 1))};
    }
    static Outcome unpack(const Packed &k)
    {
        return Outcome{int(k.from >> 32) - 1, int(k.from & 0xffffffffu) - 1, int(k.to >> 32) - 1,
                       int(k.to & 0xffffffffu) - 1};
    }
};

using Form = RouteLevel::Form;

bool isRing(const RouteLevel &l)
{
    return l.kind() == RouteLevel::Kind::Evaluate && l.form() == Form::Ring;
}
bool isResidue(const RouteLevel &l)
{
    return l.kind() == RouteLevel::Kind::Evaluate && l.form() == Form::Residue;
}
quint64 periodOf(const RouteLevel &l)
{
    return quint64(l.divisor()) * l.remainderCount();
}

// Ring levels are evaluated at the segment start (constant over a segment), the rest at x.
int evalLevel(const RouteLevel &f, quint64 x, quint64 segStart)
{
    return f.targetForInput(isRing(f) ? segStart : x);
}

Outcome evalAll(const TableRoute &o, const TableRoute &n, quint64 x, quint64 segStart)
{
    Outcome r;
    r.odb = evalLevel(o.db, x, segStart);
    if (r.odb >= 0)
        r.otb = evalLevel(o.table.at(size_t(r.odb)), x, segStart);
    r.ndb = evalLevel(n.db, x, segStart);
    if (r.ndb >= 0)
        r.ntb = evalLevel(n.table.at(size_t(r.ndb)), x, segStart);
    return r;
}

QList<const RouteLevel *> levels(const TableRoute &o, const TableRoute &n)
{
    QList<const RouteLevel *> all{&o.db, &n.db};
    for (const auto &f : o.table)
        all << &f;
    for (const auto &f : n.table)
        all << &f;
    return all;
}

DataNode nodeOf(const TableRoute &r, int ds, int tb)
{
    if (ds < 0 || tb < 0)
        return DataNode{};
    return DataNode{r.dataSources.at(ds), r.tablesPerSource.at(ds).at(tb)};
}

HashTerm residueTerm(const RouteLevel &l, int targetIndex)
{
    HashTerm t;
    t.kind = HashTerm::Kind::Residue;
    t.column = l.column();
    t.input = l.residue().input == ResidueForm::Input::Value ? HashInput::Value : HashInput::Crc32;
    t.divisor = l.divisor();
    t.modulus = l.remainderCount();
    if (const qint64 r = l.remainderForTarget(targetIndex); r >= 0) // not a scan per pair
        t.lo = t.hi = quint32(r);
    return t;
}

// Arcs are keyed by the ring owners only: a modulo level varies inside an arc and is stated by
// its own residue term.
QPair<int, int> arcKey(const TableRoute &o, const TableRoute &n, int odb, int ndb)
{
    return qMakePair(isRing(o.db) ? odb : -1, isRing(n.db) ? ndb : -1);
}

struct Enumeration
{
    QHash<Packed, double> weights;                             // packed outcome -> key share
    QMap<QPair<int, int>, QList<QPair<quint32, quint32>>> dbArcs; // (odb, ndb) -> CRC32 ranges
};

// Evaluates both routes from residue counts: Mod levels read their residue from a combination of
// the histogram, Ring levels their owner at the segment start (constant over a segment).
class Evaluator final
{
public:
    Evaluator(const TableRoute &o, const TableRoute &n)
        : m_o(o)
        , m_n(n)
    {
        for (const RouteLevel *f : levels(o, n))
            if (isResidue(*f))
                m_slot.insert(f, m_hist.slot(f->divisor(), f->remainderCount()));
    }
    const ResidueHistogram &histogram() const { return m_hist; }
    void tabulate(quint64 period) { m_hist.tabulate(period); }

    Outcome at(quint64 combination, quint64 segStart) const
    {
        Outcome r;
        r.odb = level(m_o.db, combination, segStart);
        if (r.odb >= 0)
            r.otb = level(m_o.table.at(size_t(r.odb)), combination, segStart);
        r.ndb = level(m_n.db, combination, segStart);
        if (r.ndb >= 0)
            r.ntb = level(m_n.table.at(size_t(r.ndb)), combination, segStart);
        return r;
    }

    // Integer key counts per packed outcome over [from, to], every key's ring owners taken at segStart.
    void countInto(std::map<Packed, quint64> &counts, quint64 from, quint64 to, quint64 segStart) const
    {
        counts.clear();
        for (const auto &[combination, n] : m_hist.count(from, to))
            counts[at(combination, segStart).pack()] += n;
    }

private:
    int level(const RouteLevel &f, quint64 combination, quint64 segStart) const
    {
        if (isRing(f))
            return f.targetForInput(segStart);
        if (!isResidue(f))
            return f.targetForInput(0);
        return f.targetForRemainder(m_hist.residue(combination, m_slot.value(&f, -1)));
    }

    const TableRoute &m_o;
    const TableRoute &m_n;
    ResidueHistogram m_hist;
    QHash<const RouteLevel *, int> m_slot; // hashed: a level per data source, thousands of them
};

Enumeration enumerate(const TableRoute &o, const TableRoute &n, ResidueForm::Input input)
{
    Enumeration e;
    const auto all = levels(o, n);
    quint64 period = 1;
    QList<quint32> cuts;
    bool rings = false;
    for (const RouteLevel *f : all) {
        if (isResidue(*f))
            period = std::lcm(period, periodOf(*f));
        if (isRing(*f)) {
            rings = true;
            for (const auto &p : f->ring()->points())
                if (p.hash < 0xffffffffu)
                    cuts << p.hash + 1;
        }
    }
    Evaluator ev(o, n);
    ev.tabulate(period);
    std::map<Packed, quint64> counts;
    if (input != ResidueForm::Input::Crc32) {
        // Value / |hashCode|: assume values spread evenly over residues of the period.
        ev.countInto(counts, 0, period - 1, 0);
        for (const auto &[key, c] : counts)
            e.weights[key] += double(c) / double(period);
        return e;
    }
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    QList<quint64> starts{0};
    for (quint32 c : std::as_const(cuts))
        if (c > 0)
            starts << c;
    // Distribution over one period, counted once; mapped to outcomes per combination of ring owners (cached).
    const auto periodCounts = ev.histogram().count(0, period - 1);
    std::map<std::vector<int>, std::vector<std::pair<Packed, double>>> cache;
    std::vector<int> owners;
    for (int s = 0; s < starts.size(); ++s) {
        const quint64 a = starts.at(s);
        const quint64 b = s + 1 < starts.size() ? starts.at(s + 1) - 1 : kSpace - 1;
        const quint64 len = b - a + 1;
        const double segWeight = double(len) / double(kSpace);
        if (period == 1) {
            const Outcome out = evalAll(o, n, a, a);
            e.weights[out.pack()] += segWeight;
            if (rings)
                e.dbArcs[arcKey(o, n, out.odb, out.ndb)] << qMakePair(quint32(a), quint32(b));
            continue;
        }
        if (len < period) {
            ev.countInto(counts, a, b, a);
            for (const auto &[key, c] : counts)
                e.weights[key] += double(c) / double(kSpace);
        } else {
            owners.clear();
            for (const RouteLevel *f : all)
                if (isRing(*f))
                    owners.push_back(f->targetForInput(a));
            auto it = cache.find(owners);
            if (it == cache.end()) {
                counts.clear();
                for (const auto &[combination, c] : periodCounts)
                    counts[ev.at(combination, a).pack()] += c;
                std::vector<std::pair<Packed, double>> dist;
                for (const auto &[key, c] : counts)
                    dist.emplace_back(key, double(c) / double(period));
                it = cache.emplace(owners, std::move(dist)).first;
            }
            for (const auto &[key, w] : it->second)
                e.weights[key] += w * segWeight;
        }
        if (rings) {
            e.dbArcs[arcKey(o, n, o.db.targetForInput(a), n.db.targetForInput(a))]
                << qMakePair(quint32(a), quint32(b));
        }
    }
    return e;
}

bool needsSampling(const TableRoute &o, const TableRoute &n, ResidueForm::Input *input, QString *column,
                   Text *why)
{
    if (!o.closedForm() || !n.closedForm()) {
        *why = msg("an algorithm without closed form (INLINE or other) is routed key by key");
        return true;
    }
    const RouteLevel *first = nullptr;
    quint64 period = 1;
    for (const RouteLevel *f : levels(o, n)) {
        if (f->kind() == RouteLevel::Kind::Single)
            continue;
        if (!first) {
            first = f;
            *input = isRing(*f) ? ResidueForm::Input::Crc32 : f->residue().input;
            *column = f->column();
        } else if (!f->sameInput(*first)) {
            *why = msg("levels hash different columns or inputs");
            return true;
        }
        if (isResidue(*f)) {
            period = std::lcm(period, periodOf(*f));
            if (period > kMaxPeriod) {
                *why = msg("the modulo period is too large to enumerate");
                return true;
            }
        }
    }
    return false;
}

} // namespace

// Whether the levels of the old and new routes compute the same function, asked once per pair of
// levels (comparing two levels walks their remainder tables; asking per move pair was quadratic).
struct SameFunctions
{
    std::optional<bool> db;
    QHash<QPair<int, int>, bool> table; // (old ds, new ds) -> same table-level function
};

static MovePredicate buildPredicate(const TableMoves &m, const Enumeration &e, const Outcome &out,
                                    const MoveAnalysisOptions &opt, SameFunctions &same)
{
    const TableRoute &o = m.oldRoute;
    const TableRoute &n = m.newRoute;
    MovePredicate p;
    p.kind = MovePredicate::Kind::Sql;
    p.column = m.column;
    const RouteLevel &otf = o.table.at(size_t(out.odb));
    const RouteLevel &ntf = n.table.at(size_t(out.ndb));
    if (!same.db)
        same.db = o.db.sameFunction(n.db);
    const bool dbChanged = !*same.db;
    const auto levels = qMakePair(out.odb, out.ndb);
    auto known = same.table.constFind(levels);
    if (known == same.table.constEnd())
        known = same.table.insert(levels, otf.sameFunction(ntf));
    const bool tbChanged = !*known
                        || o.tablesPerSource.at(out.odb).at(out.otb) != n.tablesPerSource.at(out.ndb).at(out.ntb);
    auto noSqlReason = [](const RouteLevel &l) {
        if (l.residue().input == ResidueForm::Input::Value)
            return msg("MOD with start-offset/stop-offset");
        return Text(l.algorithmType());
    };
    auto client = [&](const Text &why) {
        MovePredicate c;
        c.kind = MovePredicate::Kind::Client;
        c.column = m.column;
        c.setClientNote(why);
        return c;
    };
    if (dbChanged) {
        if (!o.db.sqlCapable() || !n.db.sqlCapable())
            return client(msg("database level uses %1, which has no SQL equivalent",
                              {noSqlReason(!o.db.sqlCapable() ? o.db : n.db)}));
        if (isRing(o.db) || isRing(n.db)) {
            HashTerm t;
            t.kind = HashTerm::Kind::Ranges;
            t.column = m.column;
            t.ranges = mergeRanges(e.dbArcs.value(arcKey(o, n, out.odb, out.ndb)));
            p.terms << t;
        }
        if (isResidue(n.db)) {
            HashTerm t = residueTerm(n.db, out.ndb);
            const quint32 oldCount = o.db.remainderCount();
            if (opt.modDoubleForm && isResidue(o.db) && o.db.residue().sameInput(n.db.residue()) &&
                o.db.divisor() == n.db.divisor() && n.db.remainderCount() == 2 * oldCount &&
                t.lo >= oldCount) {
                t.lo = oldCount;
                t.hi = n.db.remainderCount() - 1;
            }
            if (opt.includeOldTerm && isResidue(o.db))
                p.terms << residueTerm(o.db, out.odb);
            p.terms << t;
        }
    }
    if (tbChanged) {
        if (!otf.sqlCapable() || !ntf.sqlCapable())
            return client(msg("table level uses %1, which has no SQL equivalent",
                              {noSqlReason(!otf.sqlCapable() ? otf : ntf)}));
        if (isRing(otf) || isRing(ntf))
            return client(msg("ring at the table level: routed per row"));
        if (isResidue(ntf)) {
            if (opt.includeOldTerm && isResidue(otf))
                p.terms << residueTerm(otf, out.otb);
            p.terms << residueTerm(ntf, out.ntb);
        }
    }
    return p;
}

struct MoveAnalysis::Session::Shared
{
    Shared(const ShardingConfig &o, const ShardingConfig &n) : oldConfig(o), newConfig(n), oldLookup(o), newLookup(n)
    {
        for (const BroadcastTable &b : o.broadcastTables)
            oldBroadcast.insert(b.name.toLower());
        for (const BroadcastTable &b : n.broadcastTables)
            newBroadcast.insert(b.name.toLower());
    }
    const Router &oldRouter()
    {
        if (!m_oldRouter)
            m_oldRouter = std::make_unique<Router>(oldConfig);
        return *m_oldRouter;
    }
    const Router &newRouter()
    {
        if (!m_newRouter)
            m_newRouter = std::make_unique<Router>(newConfig);
        return *m_newRouter;
    }

    const ShardingConfig &oldConfig;
    const ShardingConfig &newConfig;
    ConfigLookup oldLookup, newLookup;
    QSet<QString> oldBroadcast, newBroadcast; // lower-cased, as TableRoute::compile reads them
    AlgorithmCache oldAlgorithms, newAlgorithms;

private:
    std::unique_ptr<Router> m_oldRouter, m_newRouter; // built when a table needs sampling
};

MoveAnalysis::Session::Session(const ShardingConfig &oldConfig, const ShardingConfig &newConfig,
                               const MoveAnalysisOptions &options)
    : m_options(options), m_shared(std::make_unique<Shared>(oldConfig, newConfig))
{}

MoveAnalysis::Session::~Session() = default;

TableMoves MoveAnalysis::analyse(const ShardingConfig &oldConfig, const ShardingConfig &newConfig,
                                 const QString &logicTable, const MoveAnalysisOptions &options)
{
    return Session(oldConfig, newConfig, options).analyse(logicTable);
}

namespace {
// Positions (data source, table) of each node index of a route, so a routed key finds its
// outcome without searching the route's name lists.
std::vector<std::pair<int, int>> nodePositions(const TableRoute &r)
{
    std::vector<std::pair<int, int>> out(size_t(r.nodes.size()), {-1, -1});
    for (size_t ds = 0; ds < r.nodeAt.size(); ++ds)
        for (size_t tb = 0; tb < r.nodeAt[ds].size(); ++tb)
            out[size_t(r.nodeAt[ds][tb])] = {int(ds), int(tb)};
    return out;
}
} // namespace

TableMoves MoveAnalysis::Session::analyse(const QString &logicTable)
{
    Shared &sh = *m_shared;
    const ShardingConfig &oldConfig = sh.oldConfig;
    const ShardingConfig &newConfig = sh.newConfig;
    const MoveAnalysisOptions &options = m_options;
    TableMoves m;
    m.logicTable = logicTable;
    const TableRule *oldRule = sh.oldLookup.table(logicTable);
    const TableRule *newRule = sh.newLookup.table(logicTable);
    if (!oldRule || !newRule) {
        m.note = oldRule ? msg("table %1 is missing from the new config", {logicTable})
                         : msg("table %1 is missing from the old config", {logicTable});
        return m;
    }
    m.oldRoute = TableRoute::compile(oldConfig, *oldRule, &sh.oldAlgorithms, &sh.oldBroadcast);
    m.newRoute = TableRoute::compile(newConfig, *newRule, &sh.newAlgorithms, &sh.newBroadcast);
    ResidueForm::Input input = ResidueForm::Input::Crc32;
    Text why;
    const bool sampling = needsSampling(m.oldRoute, m.newRoute, &input, &m.column, &why);
    if (m.column.isEmpty())
        m.column = shardingColumn(oldConfig, *oldRule);
    if (m.column.isEmpty())
        m.column = shardingColumn(newConfig, *newRule);

    QHash<Packed, double> weights;
    Enumeration e;
    if (!sampling) {
        e = enumerate(m.oldRoute, m.newRoute, input);
        weights = e.weights;
    } else {
        m.exact = false;
        m.note = why;
        // At least 48 keys per old node, so every (source -> target) flow of a table with many
        // nodes is seen (200k keys over 160k nodes missed half the pairs; 24 per node still missed
        // one, as e^-12 per node predicts); at most 16M keys.
        m.sampleSize = int(std::clamp<qint64>(48 * qint64(oldRule->dataNodes.size()), qMax(1000, options.sampleKeys),
                                              std::max<qint64>(qMax(1000, options.sampleKeys), kMaxSampleKeys)));
        const Router &oldRouter = sh.oldRouter();
        const Router &newRouter = sh.newRouter();
        const auto oldAt = nodePositions(m.oldRoute);
        const auto newAt = nodePositions(m.newRoute);
        QRandomGenerator64 rng(options.seed);
        // The (old node, new node) of every key, counted after a sort rather than hashed per key.
        std::vector<quint64> routed;
        routed.reserve(size_t(m.sampleSize));
        char digits[24];
        for (int i = 0; i < m.sampleSize; ++i) {
            const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, rng.generate() >> 20);
            const QByteArrayView key(digits, end - digits);
            const int a = oldRouter.routeIndex(logicTable, key);
            const int b = newRouter.routeIndex(logicTable, key);
            routed.push_back((quint64(quint32(a + 1)) << 32) | quint64(quint32(b + 1)));
        }
        std::sort(routed.begin(), routed.end());
        for (size_t i = 0; i < routed.size();) {
            size_t j = i;
            while (j < routed.size() && routed[j] == routed[i])
                ++j;
            const int a = int(routed[i] >> 32) - 1, b = int(routed[i] & 0xffffffffu) - 1;
            Outcome out;
            if (a >= 0 && size_t(a) < oldAt.size())
                std::tie(out.odb, out.otb) = oldAt[size_t(a)];
            if (b >= 0 && size_t(b) < newAt.size())
                std::tie(out.ndb, out.ntb) = newAt[size_t(b)];
            double &w = weights[out.pack()];
            for (size_t k = i; k < j; ++k) // one addition per key, as summed key by key
                w += 1.0 / m.sampleSize;
            i = j;
        }
    }

    QMap<QPair<DataNode, DataNode>, QPair<double, Outcome>> flows;
    // Sum in key order, not QHash order (seeded per process): the same plan, to the last bit, from
    // the CLI and the console.
    QList<Packed> outcomes = weights.keys();
    std::sort(outcomes.begin(), outcomes.end());
    for (const Packed &key : std::as_const(outcomes)) {
        const auto it = weights.constFind(key);
        const Outcome out = Outcome::unpack(it.key());
        const DataNode src = nodeOf(m.oldRoute, out.odb, out.otb);
        const DataNode dst = nodeOf(m.newRoute, out.ndb, out.ntb);
        if (out.odb >= 0 && out.otb >= 0)
            m.oldWeight[src] += it.value();
        if (out.ndb >= 0 && out.ntb >= 0)
            m.newWeight[dst] += it.value();
        else
            m.unroutableAfter += it.value();
        if (out.odb < 0 || out.otb < 0 || out.ndb < 0 || out.ntb < 0 || src == dst)
            continue;
        m.movedWeight += it.value();
        auto &f = flows[qMakePair(src, dst)];
        f.first += it.value();
        f.second = out;
    }
    SameFunctions sameFunctions;
    for (auto it = flows.cbegin(); it != flows.cend(); ++it) {
        PairShape ps;
        ps.source = it.key().first;
        ps.target = it.key().second;
        ps.weight = it.value().first;
        const double srcW = m.oldWeight.value(ps.source);
        ps.share = srcW > 0 ? ps.weight / srcW : 0;
        if (sampling) {
            ps.predicate.kind = MovePredicate::Kind::Client;
            ps.predicate.column = m.column;
            ps.predicate.setClientNote(why);
        } else {
            ps.predicate = buildPredicate(m, e, it.value().second, options, sameFunctions);
        }
        if (ps.predicate.kind == MovePredicate::Kind::Client)
            m.clientSide = true;
        m.pairs << ps;
    }
    return m;
}

} // namespace sp::planning
