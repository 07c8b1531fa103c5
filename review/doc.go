// Package review reads a reviewer agent's reply (seed 002): its ISSUE:
// blocks become findings with IDs that stay stable across cycles, its
// VERIFICATION: blocks say what became of earlier findings, its REPORT:
// block sums the review up, and an APPROVED: line with no ISSUE: approves
// the work.
//
// The parser reads the reply in one pass, line by line, in bounded memory
// and linear time whatever its size. Approval is decided on the whole reply
// or not at all: ParseReader refuses a reply over MaxReplyBytes, and a
// reply that a harness cut (see Reply.Partial) never approves.
package review
