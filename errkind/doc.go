// Package errkind classifies failures for agent loops.
//
// A [Kind] says why a whole attempt failed — the seed's BuildErrorType:
// the agent crashed or timed out, a check (build, lint, test) failed, or
// the infrastructure did — and whether trying again may help. A
// [BuildError] records such a failure with its context, built by a
// [Builder] from an agent's result, a verification report, a system error
// or a failed check.
//
// A [Category] and [Severity] say what one error is and how urgent it is,
// for every error the filter package parses ([Classify], [Annotate]) and
// for any text ([ClassifyText]). A [Signature] identifies an error across
// attempts: the same mistake one line lower keeps it, a different mistake
// gets another, so a circuit breaker can tell progress from repetition.
package errkind
