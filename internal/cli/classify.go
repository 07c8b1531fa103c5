package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/faultline-go/faultline/errkind"
)

// classify implements `faultline classify`: an agent's result or a
// verification report, as JSON on stdin, becomes a BuildError (JSON, the
// seed's field names) on stdout.
func (e *env) classify() int {
	fs := e.newFlags()
	agentFile := fs.String("agent-result-file", "", "the file the agent result is kept in, recorded in the BuildError")
	verificationFile := fs.String("verification-file", "", "the file the verification report is kept in, recorded in the BuildError")
	if code, done := e.parseFlags(fs); done {
		return code
	}
	if code, done := e.noArgs(fs, "the input is read from stdin"); done {
		return code
	}
	data, err := io.ReadAll(io.LimitReader(e.stdin, maxClassifyInput+1))
	if err != nil {
		return e.failure(fmt.Errorf("classify: reading stdin: %w", err))
	}
	if len(data) > maxClassifyInput {
		return e.failure(fmt.Errorf("classify: the input is over %d MiB: not read (pass the record with its outputs trimmed)", maxClassifyInput>>20))
	}
	be, err := classifyJSON(data, *agentFile, *verificationFile)
	if err != nil {
		return e.failure(fmt.Errorf("classify: %w", err))
	}
	if err := writeJSON(e.stdout, be); err != nil {
		return e.failure(err)
	}
	return exitOK
}

// maxClassifyInput bounds the JSON classify reads: a record is parsed
// whole, so its size is its memory.
const maxClassifyInput = 64 << 20

// classifyJSON tells an agent result from a verification report by their
// fields and builds the BuildError.
func classifyJSON(data []byte, agentFile, verificationFile string) (errkind.BuildError, error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return errkind.BuildError{}, fmt.Errorf("stdin is not a JSON object: %w", err)
	}
	b := new(errkind.Builder)
	strict := func(v any) error {
		dec := json.NewDecoder(bytes.NewReader(data))
		return dec.Decode(v)
	}
	switch {
	case probe["l0Result"] != nil || probe["l1Result"] != nil || probe["l2Result"] != nil || probe["l3Result"] != nil:
		var r errkind.AgentGateReport
		if err := strict(&r); err != nil {
			return errkind.BuildError{}, fmt.Errorf("reading AgentGate's verification report: %w", err)
		}
		return b.FromAgentGateReport(r, verificationFile, agentFile), nil
	case probe["levels"] != nil:
		var r errkind.VerificationReport
		if err := strict(&r); err != nil {
			return errkind.BuildError{}, fmt.Errorf("reading the verification report: %w", err)
		}
		return b.FromVerificationReport(r, verificationFile, agentFile), nil
	case probe["exitCode"] != nil || probe["success"] != nil:
		var r errkind.AgentResult
		if err := strict(&r); err != nil {
			return errkind.BuildError{}, fmt.Errorf("reading the agent result: %w", err)
		}
		return b.FromAgentResult(r, agentFile), nil
	}
	return errkind.BuildError{}, errors.New("stdin is neither an agent result (exitCode, success, stdout, stderr...) nor a verification report (levels, or AgentGate's l0Result...l3Result)")
}
