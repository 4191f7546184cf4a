package dispatcher

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// processStart reads a process's start time (clock ticks since boot) from
// /proc/PID/stat, and whether it is alive: present and not a zombie.
func processStart(pid int) (start string, alive bool, err error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		if os.IsNotExist(err) {
			return "", false, nil
		}
		return "", false, fmt.Errorf("read /proc/%d/stat: %w", pid, err)
	}
	// The command name (field 2) may hold spaces and parentheses: the
	// fields after it start behind its last ')'.
	s := string(data)
	end := strings.LastIndexByte(s, ')')
	if end < 0 {
		return "", false, fmt.Errorf("malformed /proc/%d/stat", pid)
	}
	fields := strings.Fields(s[end+1:])
	// fields[0] is field 3 (state); field 22 (starttime) is fields[19].
	if len(fields) < 20 {
		return "", false, fmt.Errorf("malformed /proc/%d/stat", pid)
	}
	return fields[19], fields[0] != "Z" && fields[0] != "X", nil
}
