// Command switchboard runs the Switchboard gateway (serve) and is the
// command-line client of its API: task verbs for people, worker verbs for
// agents, subscriptions and a live watch.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
