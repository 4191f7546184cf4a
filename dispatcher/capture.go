package dispatcher

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
)

// capture follows a run's output file and keeps a bounded copy of it: the
// first half of the limit and the last half, with a count of the bytes
// dropped between them. The file itself is truncated once it grows past
// diskFactor times the limit, so a chatty worker cannot fill the disk.
type capture struct {
	path    string
	limit   int
	f       *os.File
	off     int64
	head    []byte
	tail    []byte
	dropped int64
	dirty   bool
}

// diskFactor bounds the output file at this many times the log limit.
const diskFactor = 8

func newCapture(path string, limit int64) *capture {
	return &capture{path: path, limit: int(max(limit, 2))}
}

// poll reads what the worker wrote since the last poll.
func (c *capture) poll() error {
	if c.f == nil {
		f, err := os.Open(c.path)
		if err != nil {
			return fmt.Errorf("open output %s: %w", c.path, err)
		}
		c.f = f
	}
	buf := make([]byte, 32<<10)
	for {
		n, err := c.f.ReadAt(buf, c.off)
		c.off += int64(n)
		c.feed(buf[:n])
		if errors.Is(err, io.EOF) || n == 0 {
			break
		}
		if err != nil {
			return fmt.Errorf("read output %s: %w", c.path, err)
		}
	}
	return c.bound()
}

// bound truncates the file once it is large; the worker writes with
// O_APPEND, so it goes on at the new end.
func (c *capture) bound() error {
	if c.off < int64(c.limit)*diskFactor {
		return nil
	}
	if err := os.Truncate(c.path, 0); err != nil {
		return fmt.Errorf("truncate output %s: %w", c.path, err)
	}
	c.off = 0
	return nil
}

// feed keeps p's bytes within the bounds.
func (c *capture) feed(p []byte) {
	if len(p) == 0 {
		return
	}
	c.dirty = true
	half := c.limit / 2
	if room := half - len(c.head); room > 0 {
		n := min(room, len(p))
		c.head = append(c.head, p[:n]...)
		p = p[n:]
	}
	c.tail = append(c.tail, p...)
	if over := len(c.tail) - (c.limit - half); over > 0 {
		c.dropped += int64(over)
		c.tail = append(c.tail[:0], c.tail[over:]...)
	}
}

// String is the kept output, with a marker where bytes were dropped.
func (c *capture) String() string {
	if c.dropped == 0 {
		return string(c.head) + string(c.tail)
	}
	return fmt.Sprintf("%s\n[... %d bytes of output omitted ...]\n%s", c.head, c.dropped, c.tail)
}

// lastLines returns at most n lines and maxBytes bytes of the output's end.
func (c *capture) lastLines(n, maxBytes int) string {
	out := bytes.TrimRight([]byte(c.String()), "\n")
	if len(out) > maxBytes {
		out = out[len(out)-maxBytes:]
	}
	for i := len(out) - 1; i >= 0; i-- {
		if out[i] == '\n' {
			if n--; n == 0 {
				return string(out[i+1:])
			}
		}
	}
	return string(out)
}

// close releases the file.
func (c *capture) close() {
	if c.f != nil {
		_ = c.f.Close()
		c.f = nil
	}
}
