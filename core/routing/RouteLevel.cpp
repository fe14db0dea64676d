#include "core/routing/RouteLevel.h"

#include "core/routing/ConsistentHashAlgorithm.h"
#include "core/routing/Hash.h"

namespace sp {

namespace {
// Remainder tables are built for counts up to this, or up to 4 per target (a level of 80k actual
// tables needs a count of 80k): memory stays proportional to the config. Larger counts route
// through the slow path and have no closed form.
constexpr uint32_t MaxPrecomputed = 1u << 16;
constexpr uint32_t MaxPrecomputedPerTarget = 4;
constexpr uint32_t MaxPrecomputedEver = 1u << 22;

void ensureCrc(KeyHashes &k)
{
    if (!k.haveCrc) {
        k.crc = hash::crc32(k.utf8);
        k.haveCrc = true;
    }
}

bool isAscii(QByteArrayView v)
{
    for (const char c : v)
        if (uint8_t(c) >= 0x80)
            return false;
    return true;
}
} // namespace

RouteLevel RouteLevel::single(const QStringList &targets)
{
    RouteLevel l;
    l.m_kind = Kind::Single;
    l.m_targets = targets;
    return l;
}

RouteLevel RouteLevel::error(const QString &message, bool cannotEvaluate)
{
    RouteLevel l;
    l.m_kind = cannotEvaluate ? Kind::CannotEvaluate : Kind::Error;
    l.m_error = message;
    l.m_cannotEvaluate = cannotEvaluate;
    return l;
}

RouteLevel RouteLevel::evaluate(std::shared_ptr<const ShardingAlgorithm> algorithm,
                                const QString &algorithmName, const QString &column,
                                const QStringList &targets, const TargetNaming &naming)
{
    RouteLevel l;
    l.m_kind = Kind::Evaluate;
    l.m_algorithm = std::move(algorithm);
    l.m_algorithmName = algorithmName;
    l.m_column = column;
    l.m_targets = targets;
    l.m_naming = naming;
    if (l.m_targets.size() > 16) // a key never scans a long target list (a short one is scanned faster)
        l.m_naming.index = std::make_shared<const TargetIndex>(l.m_targets);
    l.m_quietNaming = l.m_naming;
    l.m_quietNaming.listAmbiguous = false;
    if (!l.m_algorithm->configurationError().isEmpty())
        return l; // evaluate() reports the error on the slow path
    if (const auto f = l.m_algorithm->residueForm()) {
        l.compileResidue(*f);
    } else if (const auto *a = dynamic_cast<const ConsistentHashAlgorithm *>(l.m_algorithm.get())) {
        if (!targets.isEmpty()) {
            l.m_ring = std::make_shared<HashRing>(targets, a->virtualNodes());
            if (l.m_ring->nodes() == targets) { // ring node index == target position
                l.m_fast = Fast::Ring;
                l.m_form = Form::Ring;
            }
        }
    }
    return l;
}

void RouteLevel::compileResidue(const ResidueForm &f)
{
    m_residue = f;
    const uint64_t limit = std::min<uint64_t>(
        MaxPrecomputedEver, std::max<uint64_t>(MaxPrecomputed, uint64_t(MaxPrecomputedPerTarget) * m_targets.size()));
    if (f.count == 0 || f.count > limit || f.divisor == 0)
        return;
    m_remainderToTarget.assign(f.count, -1);
    m_targetToRemainder.assign(size_t(m_targets.size()), -1);
    for (uint32_t r = 0; r < f.count; ++r) {
        const int t = position(m_naming.targetFor(m_algorithm->suffixFor(r)));
        m_remainderToTarget[r] = t;
        if (t >= 0 && m_targetToRemainder[size_t(t)] < 0)
            m_targetToRemainder[size_t(t)] = qint64(r);
    }
    m_form = Form::Residue;
    switch (f.input) {
    case ResidueForm::Input::Crc32:
        m_fast = Fast::Crc32Mod;
        break;
    case ResidueForm::Input::Value:
        m_fast = Fast::Mod;
        break;
    case ResidueForm::Input::JavaHash:
        m_fast = Fast::HashMod;
        break;
    }
    if ((f.count & (f.count - 1)) == 0) {
        m_countIsPowerOfTwo = true;
        m_countMask = f.count - 1;
    }
    if ((f.divisor & (f.divisor - 1)) == 0)
        for (int s = 0; s < 32; ++s)
            if ((1u << s) == f.divisor)
                m_divisorShift = s;
}

int RouteLevel::pick(const ShardingValue &key, QString *error, bool *cannotEvaluate,
                     QStringList *ambiguous) const
{
    switch (m_kind) {
    case Kind::Single:
        return 0;
    case Kind::Error:
    case Kind::CannotEvaluate:
        *error = m_error;
        *cannotEvaluate = m_cannotEvaluate;
        return -1;
    case Kind::Evaluate:
        break;
    }
    if (m_fast == Fast::Ring) // the compiled ring is the algorithm's own over these targets
        return m_ring->nodeIndexForHash(hash::crc32(QStringView(key.text)));
    const AlgorithmResult r = m_algorithm->evaluate(m_column, key, m_targets, ambiguous ? m_naming : m_quietNaming);
    if (ambiguous && !r.ambiguous.isEmpty())
        *ambiguous = r.ambiguous;
    if (!r.ok) {
        *error = r.error;
        *cannotEvaluate = r.cannotEvaluate;
        return -1;
    }
    const int idx = position(r.target);
    if (idx < 0)
        *error = QStringLiteral("algorithm chose ") + r.target + QStringLiteral(" which is not a target");
    return idx;
}

int RouteLevel::position(const QString &target) const
{
    return m_naming.index ? m_naming.index->indexOf(target) : int(m_targets.indexOf(target));
}

int RouteLevel::pickFastMod(QByteArrayView v) const
{
    // new BigInteger(value).mod(count) over the ASCII digits, after the offsets.
    if (m_residue.startOffset != 0 || m_residue.stopOffset != 0) {
        if (!isAscii(v) || v.size() - m_residue.stopOffset <= m_residue.startOffset)
            return -2; // characters are not bytes, or too short: the slow path decides and words it
        v = v.sliced(m_residue.startOffset, v.size() - m_residue.stopOffset - m_residue.startOffset);
    }
    qsizetype i = 0;
    bool negative = false;
    if (!v.isEmpty() && (v[0] == '-' || v[0] == '+')) {
        negative = v[0] == '-';
        i = 1;
    }
    if (i == v.size())
        return -2;
    const uint32_t count = m_residue.count;
    uint64_t r = 0;
    for (; i < v.size(); ++i) {
        const char c = v[i];
        if (c < '0' || c > '9')
            return -2; // not a number: the slow path words the error
        r = (r * 10u + uint64_t(c - '0')) % count;
    }
    if (negative && r != 0)
        r = count - r;
    return m_remainderToTarget[size_t(r)];
}

int RouteLevel::pickFast(KeyHashes &key) const
{
    switch (m_kind) {
    case Kind::Single:
        return 0;
    case Kind::Error:
    case Kind::CannotEvaluate:
        return -1;
    case Kind::Evaluate:
        break;
    }
    switch (m_fast) {
    case Fast::Crc32Mod:
        ensureCrc(key);
        return pickCrc32Mod(key.crc);
    case Fast::Ring:
        ensureCrc(key);
        return m_ring->nodeIndexForHash(key.crc);
    case Fast::HashMod: {
        if (!key.haveJava && key.type == KeyType::Integer) {
            // Long.hashCode of the value: plain decimal digits only (18 at most, so no overflow);
            // anything else (spaces, '+', longer) goes the slow path, which words its errors.
            QByteArrayView v = key.utf8;
            const bool negative = !v.isEmpty() && v[0] == '-';
            if (negative)
                v = v.sliced(1);
            if (v.isEmpty() || v.size() > 18)
                return -2;
            int64_t x = 0;
            for (const char c : v) {
                if (c < '0' || c > '9')
                    return -2;
                x = x * 10 + (c - '0');
            }
            key.java = hash::javaLongHashCode(negative ? -x : x);
            key.haveJava = true;
        }
        if (!key.haveJava) {
            if (key.ascii < 0)
                key.ascii = isAscii(key.utf8) ? 1 : 0;
            if (key.ascii == 0)
                return -2; // String.hashCode is over UTF-16; let the slow path decode
            uint32_t h = 0;
            for (const char c : key.utf8)
                h = 31u * h + uint32_t(uint8_t(c));
            key.java = int32_t(h);
            key.haveJava = true;
        }
        const int64_t a = key.java < 0 ? -int64_t(key.java) : int64_t(key.java);
        return m_remainderToTarget[size_t(a % m_residue.count)];
    }
    case Fast::Mod:
        return pickFastMod(key.utf8);
    case Fast::None:
        break;
    }
    return -2;
}

int RouteLevel::targetForInput(quint64 x) const
{
    if (m_kind == Kind::Single)
        return m_targets.isEmpty() ? -1 : 0;
    switch (m_form) {
    case Form::Residue:
        return m_remainderToTarget[size_t((x / m_residue.divisor) % m_residue.count)];
    case Form::Ring:
        return m_ring->nodeIndexForHash(quint32(x));
    case Form::None:
        break;
    }
    return -1;
}

std::optional<quint64> RouteLevel::inputOf(const ShardingValue &key) const
{
    if (m_kind == Kind::Single)
        return 0;
    switch (m_form) {
    case Form::Residue:
        return m_algorithm->residueInput(key);
    case Form::Ring:
        return hash::crc32(QStringView(key.text));
    case Form::None:
        break;
    }
    return std::nullopt;
}

bool RouteLevel::sameInput(const RouteLevel &o) const
{
    if (m_kind != Kind::Evaluate || o.m_kind != Kind::Evaluate || m_form == Form::None ||
        o.m_form == Form::None || m_column != o.m_column)
        return false;
    auto inputOfForm = [](const RouteLevel &l) {
        if (l.m_form == Form::Residue)
            return l.m_residue;
        ResidueForm ring; // a ring reads CRC32 of the key
        ring.input = ResidueForm::Input::Crc32;
        return ring;
    };
    return inputOfForm(*this).sameInput(inputOfForm(o));
}

bool RouteLevel::sqlCapable() const
{
    if (m_kind == Kind::Single || m_form == Form::Ring)
        return true;
    if (m_form != Form::Residue)
        return false;
    switch (m_residue.input) {
    case ResidueForm::Input::Crc32:
        return true;
    case ResidueForm::Input::Value:
        return m_residue.startOffset == 0 && m_residue.stopOffset == 0;
    case ResidueForm::Input::JavaHash:
        return false;
    }
    return false;
}

bool RouteLevel::sameFunction(const RouteLevel &o) const
{
    if (m_kind != o.m_kind || m_form != o.m_form || m_targets != o.m_targets)
        return false;
    if (m_kind == Kind::Single)
        return true;
    if (m_kind != Kind::Evaluate || m_column != o.m_column)
        return false;
    switch (m_form) {
    case Form::Residue:
        return m_residue == o.m_residue && m_remainderToTarget == o.m_remainderToTarget;
    case Form::Ring:
        return virtualNodes() == o.virtualNodes();
    case Form::None:
        return m_algorithmName == o.m_algorithmName && algorithmType() == o.algorithmType();
    }
    return false;
}

} // namespace sp
