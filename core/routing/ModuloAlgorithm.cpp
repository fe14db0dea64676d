#include "core/routing/ModuloAlgorithm.h"

#include "core/routing/AlgorithmSupport.h"

namespace sp {

AlgorithmResult ModuloAlgorithm::evaluate(const QString &, const ShardingValue &value,
                                          const QStringList &availableTargets,
                                          const TargetNaming &naming) const
{
    if (!m_error.isEmpty())
        return algo::failure(m_error);
    QString error;
    const auto x = input(value, &error);
    if (!x)
        return algo::failure(error);
    const auto residue = uint32_t((*x / m_form.divisor) % m_form.count);
    return algo::matchSuffix(type(), suffixFor(residue), availableTargets, naming);
}

std::optional<ResidueForm> ModuloAlgorithm::residueForm() const
{
    if (!m_error.isEmpty())
        return std::nullopt;
    return m_form;
}

std::optional<uint64_t> ModuloAlgorithm::residueInput(const ShardingValue &value) const
{
    QString ignored;
    return m_error.isEmpty() ? input(value, &ignored) : std::nullopt;
}

} // namespace sp
