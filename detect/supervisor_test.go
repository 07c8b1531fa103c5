package detect

import "testing"

func TestSupervisorTag(t *testing.T) {
	type step struct {
		line string
		want string // the tag read past, "" for none
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"compose", []step{{"ordersvc-1  | panic: x", "ordersvc-1  | "}, {"worker_2 | ", "worker_2 | "}}},
		{"foreman", []step{{"18:45:46 web.1    | started with pid 6044", "18:45:46 web.1    | "}, {"18:45:46 system   | sending SIGTERM", "18:45:46 system   | "}}},
		{"pm2", []step{{"0|api      | listening", "0|api      | "}}},
		{"kubectl", []step{{"[pod/api-7d9f/app] panic: x", "[pod/api-7d9f/app] "}, {"[pod/a b/c] x", ""}}},
		{"bare bar tag learned from a blank", []step{
			{"web    | listening on :8080", ""},
			{"web    | ", "web    | "},
			{"web    | goroutine 1 [running]:", "web    | "},
		}},
		{"a table row is not a tag", []step{{"name   | value", ""}, {"status | ok", ""}}},
		{"stamp and program learned from a record", []step{
			{"2026-11-23T10:00:00Z ordersvc: time=2026-11-23T10:00:00Z level=INFO msg=up", "2026-11-23T10:00:00Z ordersvc: "},
			{"2026-11-23T10:00:01Z ordersvc: listen tcp :8080: bind: address already in use", "2026-11-23T10:00:01Z ordersvc: "},
		}},
		{"stamp, host and program learned from a crash", []step{
			{"Nov 23 10:00:00 box ordersvc[812]: panic: boom", "Nov 23 10:00:00 box ordersvc[812]: "},
			{"Nov 23 10:00:00 box ordersvc[812]: \tmain.go:9 +0x25", "Nov 23 10:00:00 box ordersvc[812]: "},
		}},
		{"a program's complaints under ts keep their prefix", []step{
			{"2026-11-23T10:00:00Z tar: x: Cannot stat: No such file or directory", ""},
			{"2026-11-23T10:00:00Z tar: Exiting with failure status due to previous errors", ""},
		}},
		{"a level is not a program", []step{{"2026-11-23 10:00:00 ERROR: ", ""}}},
		{"seconds since the start, learned from a record", []step{
			{"1.5 seconds later", ""},
			{"0.000008 time=2026-11-23T19:04:52.743Z level=INFO msg=starting", "0.000008 "},
			{"0.000062 panic: boom", "0.000062 "},
			{"12.000004 \tmain.go:9 +0x25", "12.000004 "},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := New(DefaultConfig())
			if err != nil {
				t.Fatal(err)
			}
			s := d.NewStream()
			for _, st := range tc.steps {
				k := s.supervisorTag(st.line)
				if got := st.line[:k]; got != st.want {
					t.Errorf("supervisorTag(%q) read past %q, want %q", st.line, got, st.want)
				}
			}
		})
	}
}
