package detect

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLogRecords checks the one rule for log records: a level word at the
// head of a record confirms it whatever prefix the layout puts before it;
// info and warning records are not errors however they are worded.
func TestLogRecords(t *testing.T) {
	type testCase struct {
		layout string
		in     string
		want   []string
	}
	tests := []testCase{
		{"date alone", "2026-05-06 ERROR: disk full\n", []string{"1-1 filesystem_error: ERROR: disk full"}},
		{"date in brackets", "[2026-05-06] FATAL out of memory\n", []string{"1-1 runtime_error: FATAL out of memory"}},
		{"time alone", "12:00:00 ERROR cache rebuild failed\n", []string{"1-1 unknown_error: ERROR cache rebuild failed"}},
		{"logback", "12:00:00.123 [main] ERROR com.foo.Bar - connection refused\n", []string{"1-1 network_error: ERROR com.foo.Bar - connection refused"}},
		{"log4j", "2026-05-06 12:00:00,123 ERROR [pool-1-thread-2] c.f.Sync: upstream returned 503\n", []string{"1-1 network_error: ERROR [pool-1-thread-2] c.f.Sync: upstream returned 503"}},
		{"python logging", "2026-05-06 12:00:00,123 - billing - ERROR - card declined\n", []string{"1-1 unknown_error: ERROR - card declined"}},
		{"python basicConfig", "ERROR:root:card declined\n", []string{"1-1 unknown_error: ERROR:root:card declined"}},
		{"spring boot", "2026-05-06T12:00:00.123Z ERROR 4242 --- [main] o.s.boot.SpringApplication : Application run failed\n", []string{"1-1 unknown_error: ERROR 4242 --- [main] o.s.boot.SpringApplication : Application run failed"}},
		{"syslog", "May  6 12:00:00 web01 nginx[812]: error: open() \"/srv/app/index.html\" failed (2: No such file or directory)\n",
			[]string{"1-1 filesystem_error: error: open() \"/srv/app/index.html\" failed (2: No such file or directory)"}},
		{"journald iso", "2026-05-06T12:00:00+0000 web01 sshd[812]: fatal: Cannot bind any address.\n", []string{"1-1 unknown_error: fatal: Cannot bind any address."}},
		{"nginx", "2026/05/06 12:00:00 [error] 812#812: *1 connect() failed (111: Connection refused) while connecting to upstream\n",
			[]string{"1-1 network_error: [error] 812#812: *1 connect() failed (111: Connection refused) while connecting to upstream"}},
		{"apache", "[Wed May 06 12:00:00.123456 2026] [core:error] [pid 812] [client 10.0.0.1:5000] AH00037: Symbolic link not allowed\n",
			[]string{"1-1 unknown_error: [core:error] [pid 812] [client 10.0.0.1:5000] AH00037: Symbolic link not allowed"}},
		{"monolog", "[2026-05-06 12:00:00] production.ERROR: SQLSTATE[HY000] [2002] Connection refused\n", []string{"1-1 network_error: production.ERROR: SQLSTATE[HY000] [2002] Connection refused"}},
		{"ruby logger", "E, [2026-05-06T12:00:00.123456 #42] ERROR -- : worker crashed\n", []string{"1-1 unknown_error: ERROR -- : worker crashed"}},
		{"rust env_logger", "[2026-05-06T12:00:00Z ERROR app::db] pool timed out while waiting for an open connection\n",
			[]string{"1-1 network_error: ERROR app::db] pool timed out while waiting for an open connection"}},
		{"go log with slog", "2026/05/06 12:00:00 ERROR migration failed err=\"relation users does not exist\"\n", []string{"1-1 unknown_error: ERROR migration failed err=\"relation users does not exist\""}},
		{"zap console", "2026-05-06T12:00:00.000Z\tERROR\tstore/db.go:42\tquery failed\n", []string{"1-1 unknown_error: ERROR\tstore/db.go:42\tquery failed"}},
		{"glog", "E0506 12:00:00.123456    4242 controller.go:114] failed to sync pod: timeout\n", []string{"1-1 network_error: failed to sync pod: timeout"}},
		{"glog retries restate the first", "E0506 12:00:00.123456    4242 memcache.go:265] couldn't get API group list: connection refused\n" +
			"E0506 12:00:00.130001    4242 memcache.go:265] couldn't get API group list: connection refused\n",
			[]string{"1-1 network_error: couldn't get API group list: connection refused"}},
		{"lowercase level after a date", "2026-05-06 12:00:00 error writing snapshot: disk quota exceeded\n", []string{"1-1 filesystem_error: error writing snapshot: disk quota exceeded"}},
		{"record with a logged traceback", "2026-05-06 12:00:00,123 ERROR worker: job failed\nTraceback (most recent call last):\n  File \"w.py\", line 3, in <module>\n    run()\nKeyError: 'id'\n",
			[]string{"1-5 runtime_error: ERROR worker: job failed"}},
		{"record with a logged java exception", "12:00:00.123 [main] ERROR c.f.Svc - boom\njava.lang.IllegalStateException: closed\n\tat c.f.Svc.run(Svc.java:12)\n",
			[]string{"1-3 runtime_error: ERROR c.f.Svc - boom"}},

		// Not errors: info, debug and warning records, whatever they say.
		{"info with error words", "2026-05-06 12:00:00 INFO retrying after error: timeout\n12:00:00.123 [main] INFO c.f.Bar - 0 errors\n", []string{}},
		{"debug in brackets", "[2026-05-06 12:00:00] [DEBUG] error budget: 0.1%\n", []string{}},
		{"warn records", "2026-05-06T12:00:00Z WARN disk almost full\nW0506 12:00:00.1 1 x.go:1] slow\n2026-05-06 12:00:00,1 - app - WARNING - failed once, retrying\n", []string{}},
		{"prose after a time", "12:00:00 the build error was fixed by the last commit\n", []string{}},
	}
	for _, tc := range tests {
		t.Run(tc.layout, func(t *testing.T) {
			got := briefs(Detect(tc.in))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Detect(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}
