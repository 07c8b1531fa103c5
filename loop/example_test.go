package loop_test

import (
	"context"
	"fmt"

	"github.com/faultline-go/faultline/agent"
	"github.com/faultline-go/faultline/filter"
	"github.com/faultline-go/faultline/loop"
)

// replyAgent answers every call with the same text.
type replyAgent string

func (a replyAgent) Run(ctx context.Context, req agent.Request) (agent.Result, error) {
	return agent.Result{Text: string(a), CostUSD: 0.01}, nil
}

func ExampleLoop_Run() {
	l := &loop.Loop{
		MaxCycles: 2,
		Coder:     replyAgent("I added the feature."),
		Reviewer:  replyAgent("REPORT:\nSUMMARY: fine\n\nAPPROVED: yes"),
		// One check that passes; filter.DefaultChain(dir, ...) is the real one.
		Chain: &filter.Chain{Checks: []filter.Check{{Name: "build", Command: []string{"true"}}}},
	}
	rec, err := l.Run(context.Background(), loop.Task{ID: "T-1", Title: "Add the feature"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rec.Status, rec.StopReason, rec.Cycles)
	for _, c := range rec.AgentCalls {
		fmt.Println(c.N, c.Role, c.Phase)
	}
	// Output:
	// approved approved 1
	// 1 coder coding
	// 2 reviewer reviewing
}
