//go:build !linux

package dispatcher

import "errors"

// processStart needs /proc; without it workers cannot be adopted after a
// restart, and their runs end through the lease rescuer instead.
func processStart(int) (string, bool, error) {
	return "", false, errors.New("process start times need /proc (Linux)")
}
