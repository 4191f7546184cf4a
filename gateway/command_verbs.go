package gateway

import (
	"strings"

	"github.com/switchboard/switchboard/board"
)

// verbParsers reads each verb's arguments after the verb and --board.
var verbParsers = map[Verb]func(c *cursor, cmd *Command) error{
	VerbList:        parseList,
	VerbShow:        parseShow,
	VerbApprove:     parseNote,
	VerbResume:      parseNote,
	VerbUnblock:     parseNote,
	VerbDeny:        parseText("a reason"),
	VerbAnswer:      parseText("the answer"),
	VerbReview:      parseReview,
	VerbConfirm:     parseConfirm,
	VerbSubscribe:   parseSubscribe,
	VerbUnsubscribe: parseUnsubscribe,
	VerbHelp:        parseHelp,
}

// waitingStatuses is what "list waiting" means.
var waitingStatuses = []board.Status{
	board.StatusWaitingHuman, board.StatusWaitingAuth, board.StatusWaitingApproval, board.StatusWaitingReview,
}

func parseList(c *cursor, cmd *Command) error {
	for w, ok := c.next(); ok; w, ok = c.next() {
		if strings.EqualFold(w, "waiting") {
			cmd.Statuses = append(cmd.Statuses, waitingStatuses...)
			continue
		}
		st, err := board.ParseStatus(strings.ToLower(w))
		if err != nil {
			return err
		}
		cmd.Statuses = append(cmd.Statuses, st)
	}
	return nil
}

func parseShow(c *cursor, cmd *Command) error {
	if err := c.taskID(cmd); err != nil {
		return err
	}
	return noMore(c, cmd.Verb)
}

func parseNote(c *cursor, cmd *Command) error {
	if err := c.taskID(cmd); err != nil {
		return err
	}
	cmd.Text = c.rest()
	return nil
}

func parseText(what string) func(c *cursor, cmd *Command) error {
	return func(c *cursor, cmd *Command) error {
		if err := c.taskID(cmd); err != nil {
			return err
		}
		if cmd.Text = c.rest(); cmd.Text == "" {
			return board.Errorf(board.ErrInvalid, "%s needs %s: /kanban %s %s TEXT", cmd.Verb, what, cmd.Verb, cmd.TaskID)
		}
		return nil
	}
}

func parseReview(c *cursor, cmd *Command) error {
	if err := c.taskID(cmd); err != nil {
		return err
	}
	w, _ := c.next()
	switch strings.ToLower(w) {
	case "approve", "--approve":
		cmd.Approve = true
		return noMore(c, cmd.Verb)
	case "changes", "--request-changes", "request-changes":
		if cmd.Text = c.rest(); cmd.Text == "" {
			return board.Errorf(board.ErrInvalid, "a change request needs text: /kanban review %s changes TEXT", cmd.TaskID)
		}
		return nil
	}
	return board.Errorf(board.ErrInvalid, "review needs approve or changes: /kanban review %s approve | changes TEXT", cmd.TaskID)
}

func parseConfirm(c *cursor, cmd *Command) error {
	if err := c.taskID(cmd); err != nil {
		return err
	}
	var words []string
	for w, ok := c.next(); ok; w, ok = c.next() {
		switch strings.ToLower(w) {
		case "all", "--all":
			cmd.All = true
		case "--action":
		default:
			words = append(words, w)
		}
	}
	nums, err := actionNumbers(words)
	if err != nil {
		return err
	}
	cmd.Actions = nums
	if cmd.All == (len(nums) > 0) {
		return board.Errorf(board.ErrInvalid, "confirm needs all or action numbers: /kanban confirm %s all | 1,2", cmd.TaskID)
	}
	return nil
}

func parseSubscribe(c *cursor, cmd *Command) error {
	if err := c.taskID(cmd); err != nil {
		return err
	}
	if w, ok := c.next(); ok {
		if !strings.EqualFold(w, "subtree") && !strings.EqualFold(w, "--subtree") {
			return board.Errorf(board.ErrInvalid, "subscribe takes only subtree after the id, not %q", w)
		}
		cmd.Subtree = true
	}
	return noMore(c, cmd.Verb)
}

func parseUnsubscribe(c *cursor, cmd *Command) error {
	w, ok := c.next()
	if !ok || !strings.HasPrefix(w, "s_") || len(w) > 40 {
		return board.Errorf(board.ErrInvalid, "unsubscribe needs a subscription id: /kanban unsubscribe s_ab3k9xq2")
	}
	cmd.SubID = w
	return noMore(c, cmd.Verb)
}

func parseHelp(c *cursor, cmd *Command) error {
	if w, ok := c.next(); ok {
		cmd.Topic = Verb(strings.ToLower(w))
	}
	return nil
}

func noMore(c *cursor, v Verb) error {
	if w, ok := c.peek(); ok {
		return board.Errorf(board.ErrInvalid, "%s does not take %q; try /kanban help %s", v, w, v)
	}
	return nil
}
