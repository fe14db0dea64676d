#pragma once
#include "core/analysis/LintContext.h"

// The linter's rule groups, one source file each. Every function appends its findings to the
// context; none depends on another's results, so they run in any order.
namespace sp::lint {

// LintReferenceRules.cpp: undefined-data-source, unused-data-source, duplicate-data-node,
// undefined-algorithm, unused-algorithm, missing-strategy
void checkReferences(LintContext &ctx);
// LintTableGroupRules.cpp: binding-no-rule, binding-mismatch, broadcast-has-rule, broadcast-table
void checkTableGroups(LintContext &ctx);
// LintAlgorithmRules.cpp: hash-mod-no-sql, cannot-evaluate, needs-class-based
void checkAlgorithms(LintContext &ctx);
// LintTargetRules.cpp: sharding-count-mismatch, suffix-ambiguous
void checkTargets(LintContext &ctx);
// LintReachability.cpp: unreachable-nodes (key simulation through sp::Router + analysis)
void checkReachability(LintContext &ctx);
// LintSecurityRules.cpp: plain-text-password, placeholder-password
void checkSecrets(LintContext &ctx);
// LintSecurityRules.cpp: control-character (names with C0/C1 controls, DEL or bidi overrides)
void checkNames(LintContext &ctx);

} // namespace sp::lint
