package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/faultline-go/faultline/filter"
)

// progress shows which check is running and for how long, on a terminal
// only, rewriting one line of stderr.
type progress struct {
	w    io.Writer
	mu   sync.Mutex
	done chan struct{}
	wg   sync.WaitGroup
}

func newProgress(w io.Writer) *progress {
	if !isTerminal(w) {
		return &progress{}
	}
	return &progress{w: w}
}

// isTerminal reports whether w is a character device, such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func (p *progress) start(ch filter.Check) {
	if p.w == nil {
		return
	}
	p.stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = make(chan struct{})
	p.wg.Add(1)
	go func(done chan struct{}) {
		defer p.wg.Done()
		began := time.Now()
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			fmt.Fprintf(p.w, "\r\x1b[K  running %s … %s", ch.Name, time.Since(began).Round(time.Second))
			select {
			case <-done:
				fmt.Fprint(p.w, "\r\x1b[K")
				return
			case <-tick.C:
			}
		}
	}(p.done)
}

func (p *progress) stop() {
	p.mu.Lock()
	if p.done != nil {
		close(p.done)
		p.done = nil
	}
	p.mu.Unlock()
	p.wg.Wait()
}
