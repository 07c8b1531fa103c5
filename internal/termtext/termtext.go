// Package termtext turns terminal output into plain text: it removes ANSI
// escape sequences and carriage returns.
package termtext

import "bytes"

// CleanLine removes ANSI escape sequences and carriage returns from one line
// (without its newline). A carriage return inside the line is a terminal
// overwrite, so only the text after the last one is kept. The result may
// share memory with b.
func CleanLine(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == '\r' {
		b = b[:len(b)-1]
	}
	if bytes.IndexByte(b, '\r') >= 0 { // IndexByte is vectorised, LastIndexByte is not
		b = b[bytes.LastIndexByte(b, '\r')+1:]
	}
	if bytes.IndexByte(b, 0x1b) < 0 {
		return b
	}
	return StripANSI(b)
}

// StripANSI removes CSI (ESC [ ... final), OSC (ESC ] ... BEL or ESC \),
// charset designations (ESC ( B) and other two-byte escape sequences. A
// move of the cursor to the first column (ESC [ G, ESC [ 1 G) drops what
// came before it on the line, as a carriage return does.
func StripANSI(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != 0x1b {
			out = append(out, c)
			continue
		}
		if i+1 >= len(b) {
			break
		}
		switch b[i+1] {
		case '[':
			j := i + 2
			for j < len(b) && (b[j] < 0x40 || b[j] > 0x7e) {
				j++
			}
			if j < len(b) && b[j] == 'G' && (j == i+2 || j == i+3 && b[i+2] == '1') {
				// The cursor back to the first column (a spinner's "ESC[1G"):
				// what follows overwrites the line, as after a carriage return.
				out = out[:0]
			}
			i = j
		case ']':
			j := i + 2
			for j < len(b) {
				if b[j] == 0x07 {
					break
				}
				if b[j] == 0x1b && j+1 < len(b) && b[j+1] == '\\' {
					j++
					break
				}
				j++
			}
			i = j
		case '(', ')', '*', '+', '-', '.', '/':
			i += 2 // charset designation: ESC ( B
		default:
			i++
		}
	}
	return out
}
