package gateway

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/switchboard/switchboard/board"
)

// MaxCommandText bounds the free text of a command (an answer, a reason),
// in bytes.
const MaxCommandText = 4000

// Command is a parsed /kanban command.
type Command struct {
	Verb Verb
	// Board is --board's value; "" means the chat layer's default board.
	Board   string
	TaskID  string
	SubID   string
	Text    string
	Approve bool
	All     bool
	Actions []int
	Subtree bool
	// Statuses filter list; empty lists the work that needs a person.
	Statuses []board.Status
	// Topic is the verb help was asked about.
	Topic Verb
}

// token is one word of a command and where it starts in the text.
type token struct {
	word  string
	start int
}

// cursor walks a command's words; rest returns the raw text from the
// current word on, so free text keeps its spacing and line breaks.
type cursor struct {
	text string
	toks []token
	i    int
}

// ParseCommand parses the text after "/kanban" (a leading "/kanban" or
// "/kanban@bot" is tolerated). An empty text asks for help.
func ParseCommand(text string) (Command, error) {
	if !utf8.ValidString(text) {
		return Command{}, board.Errorf(board.ErrInvalid, "the command is not valid UTF-8")
	}
	c := &cursor{text: text, toks: tokenize(text)}
	if w, ok := c.peek(); ok && (w == "/kanban" || strings.HasPrefix(w, "/kanban@")) {
		c.i++
	}
	w, ok := c.next()
	if !ok {
		return Command{Verb: VerbHelp}, nil
	}
	cmd := Command{Verb: Verb(strings.ToLower(w))}
	parse, known := verbParsers[cmd.Verb]
	if !known {
		return Command{}, board.Errorf(board.ErrInvalid, "unknown verb %q; try /kanban help", w)
	}
	if err := c.boardFlag(&cmd); err != nil {
		return Command{}, err
	}
	if err := parse(c, &cmd); err != nil {
		return Command{}, err
	}
	if len(cmd.Text) > MaxCommandText {
		return Command{}, board.Errorf(board.ErrInvalid, "the text is too long: at most %d bytes", MaxCommandText)
	}
	return cmd, nil
}

func tokenize(s string) []token {
	var out []token
	start := -1
	for i, r := range s {
		switch {
		case unicode.IsSpace(r) && start >= 0:
			out = append(out, token{word: s[start:i], start: start})
			start = -1
		case !unicode.IsSpace(r) && start < 0:
			start = i
		}
	}
	if start >= 0 {
		out = append(out, token{word: s[start:], start: start})
	}
	return out
}

func (c *cursor) peek() (string, bool) {
	if c.i >= len(c.toks) {
		return "", false
	}
	return c.toks[c.i].word, true
}

func (c *cursor) next() (string, bool) {
	w, ok := c.peek()
	if ok {
		c.i++
	}
	return w, ok
}

// rest returns the remaining raw text, trimmed, and consumes it.
func (c *cursor) rest() string {
	if c.i >= len(c.toks) {
		return ""
	}
	s := strings.TrimSpace(c.text[c.toks[c.i].start:])
	c.i = len(c.toks)
	return s
}

// boardFlag reads "--board NAME" or "--board=NAME" right after the verb.
func (c *cursor) boardFlag(cmd *Command) error {
	w, _ := c.peek()
	name, eq := strings.CutPrefix(w, "--board=")
	if w != "--board" && !eq {
		return nil
	}
	c.i++
	if !eq {
		name, _ = c.next()
	}
	if err := board.ValidateBoard(name); err != nil {
		return err
	}
	cmd.Board = name
	return nil
}

// taskID reads the task id every task verb starts with.
func (c *cursor) taskID(cmd *Command) error {
	w, ok := c.next()
	if !ok {
		return board.Errorf(board.ErrInvalid, "%s needs a task id, e.g. /kanban %s t_ab3k9xq2", cmd.Verb, cmd.Verb)
	}
	if err := board.ValidateTaskID(w); err != nil {
		return board.Errorf(board.ErrInvalid, "%v", err)
	}
	cmd.TaskID = w
	return nil
}

// actionNumbers parses "1", "1,3" or "2 3" into action numbers.
func actionNumbers(words []string) ([]int, error) {
	var out []int
	for _, w := range words {
		for _, part := range strings.Split(w, ",") {
			if part == "" {
				continue
			}
			n, err := strconv.Atoi(part)
			if err != nil || n < 1 || n > 1000 {
				return nil, board.Errorf(board.ErrInvalid, "%q is not an action number: use all, or numbers from 1 such as 1,2", part)
			}
			out = append(out, n)
		}
	}
	return out, nil
}
