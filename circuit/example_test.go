package circuit_test

import (
	"fmt"

	"github.com/faultline-go/faultline/circuit"
)

func ExampleBreaker() {
	b := circuit.New(circuit.Config{})
	for i, a := range []circuit.Attempt{
		{Check: "build", Signatures: []string{"1a2b3c4d5e6f7a8b", "2b3c4d5e6f7a8b9c"}},
		{Check: "build", Signatures: []string{"2b3c4d5e6f7a8b9c"}}, // one fixed: progress
		{Check: "build", Signatures: []string{"2b3c4d5e6f7a8b9c"}}, // the same error again
		{Infra: "rate limit"}, // tells nothing about progress
		{Check: "build", Signatures: []string{"2b3c4d5e6f7a8b9c"}},
		{Check: "test", Signatures: []string{"3c4d5e6f7a8b9c0d"}}, // build fixed: progress
		{Check: "test", Signatures: []string{"3c4d5e6f7a8b9c0d"}},
		{Check: "test", Signatures: []string{"3c4d5e6f7a8b9c0d"}},
		{Check: "test", Signatures: []string{"3c4d5e6f7a8b9c0d"}},
	} {
		a.Cycle = i + 1
		fmt.Println(a.Cycle, b.Record(a), b.Allow())
	}
	for _, t := range b.History() {
		fmt.Printf("cycle %d: %s -> %s: %s\n", t.Cycle, t.From, t.To, t.Reason)
	}
	// Output:
	// 1 CLOSED true
	// 2 CLOSED true
	// 3 CLOSED true
	// 4 CLOSED true
	// 5 HALF_OPEN true
	// 6 CLOSED true
	// 7 CLOSED true
	// 8 HALF_OPEN true
	// 9 OPEN false
	// cycle 5: CLOSED -> HALF_OPEN: no progress in 2 attempts: build still fails with 1 error
	// cycle 6: HALF_OPEN -> CLOSED: progress: build fixed, test now fails with 1 error
	// cycle 8: CLOSED -> HALF_OPEN: no progress in 2 attempts: test still fails with 1 error
	// cycle 9: HALF_OPEN -> OPEN: no progress in 3 attempts: test still fails with 1 error
}
