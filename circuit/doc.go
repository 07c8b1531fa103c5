// Package circuit is the loop's circuit breaker (seed 003): fed the check
// run after each agent attempt, as sets of error signatures, it tells
// making progress (fewer errors, a later check failing, different errors)
// from being stuck (the same errors again, going round in circles), and
// opens — CLOSED, HALF_OPEN, OPEN, with a cooldown and a history of
// transitions — before a loop burns its budget on the same mistake.
package circuit
