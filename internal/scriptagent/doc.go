// Package scriptagent is a scripted fake agent for end-to-end tests: the
// scriptagent command of the testscript suite, which a loop runs in place
// of a real CLI agent.
//
//	usage: scriptagent SCRIPT
//
// SCRIPT is a txtar archive, or a directory holding the archive's files
// (DIR/1/x.go for the archive's 1/x.go: what a testscript archive can
// hold). Each invocation of the command is one agent
// call, and call N plays step N of the script: the files of the archive
// named N/... When the archive has no file for step N, the highest-numbered
// step is played again, so a stuck agent repeats its last mistake. Steps
// are numbered from 1; a file whose name does not start with a number and
// a slash is not part of any step.
//
// A call
//
//   - counts itself in SCRIPT.state, next to the script (the number of calls
//     so far, replaced atomically; calls must not overlap);
//   - saves the prompt it read on stdin as SCRIPT.prompt-N.txt, and what it
//     was told in SCRIPT.call-N.txt, whose first line is
//     "role=$FAULTLINE_ROLE budget=$FAULTLINE_BUDGET_USD tools=$FAULTLINE_ALLOWED_TOOLS"
//     and second line "step=K", the step it played; its pid in SCRIPT.pid-N
//     (to prove it was killed) and its parent's (the loop's) in
//     SCRIPT.ppid-N (to signal the loop);
//   - removes the files its @delete lists, then writes each file N/PATH of
//     the step to PATH, creating directories, relative to the current
//     directory (the module the loop runs in);
//   - sleeps for @sleep, prints @flood bytes of "xxx" lines, then answers
//     @reply in the @format, or prints it to stderr and exits with @exit.
//
// The special files of a step:
//
//	N/@delete    paths to remove, one a line, relative to the current directory
//	N/@reply     the answer; default "done"; each {flood N} in it stands
//	             for N bytes of "xxx" lines (a long reply with text inside)
//	N/@cost      the cost in USD the answer reports; default 0.01
//	N/@exit      the exit status; when not 0 the reply goes to stderr and
//	             nothing is answered on stdout
//	N/@sleep     a Go duration to sleep before answering: for a timeout to kill
//	N/@flood     a number of bytes of "xxx" lines to print before the answer
//	N/@format    json (default): one Claude -p --output-format json object,
//	             {"type":"result","subtype":"success","is_error":false,
//	             "result":REPLY,"total_cost_usd":COST,"session_id":"script-N"};
//	             text: REPLY and a newline;
//	             stream: Claude stream-json lines: a system init line, an
//	             assistant message, then the result object
//	             codex: codex exec --json thread events; gemini and
//	             gemini-stream: Gemini CLI's --output-format json and
//	             stream-json; aider: aider's text with its Tokens/Cost line
//	N/@is_error  if present, the result object's is_error is true
//
// MainAs(TOOL) is the same agent standing in for a real CLI agent (claude,
// codex, gemini, aider) in tests of the documented command lines: it plays
// $SCRIPTAGENT_DIR/TOOL (default .agents/TOOL), records its arguments as
// "args=..." in SCRIPT.call-N.txt, reads the prompt where that agent does
// (aider: --message-file) and answers in that agent's format unless the
// step's @format says otherwise.
//
// A path that is absolute or leaves the current directory, an unknown
// special file or a malformed value makes the call fail with exit status 2
// before it changes any file. The values of the special files are trimmed
// of surrounding space (the reply of trailing newlines only).
//
// An example: a coder that breaks the build, is told to fix it, fixes it,
// and then answers the reviewer with the same text forever.
//
//	-- 1/go.mod --
//	module example.com/m
//
//	go 1.25
//	-- 1/m.go --
//	package m
//
//	func F() int { return "one" }
//	-- 1/@reply --
//	I wrote F.
//	-- 2/m.go --
//	package m
//
//	func F() int { return 1 }
//	-- 2/@reply --
//	Fixed the return type.
//	-- 2/@cost --
//	0.02
//	-- 3/@reply --
//	APPROVED
//	-- 3/@format --
//	text
package scriptagent
