package main

import (
	"sync"
	"sync/atomic"
	"time"
)

// parallel runs fn n times over c goroutines and returns the elapsed time
// and the first error (the goroutine that hits it stops).
func parallel(c, n int, fn func() error) (time.Duration, error) {
	var left atomic.Int64
	left.Store(int64(n))
	var firstErr error
	var once sync.Once
	var wg sync.WaitGroup
	start := time.Now()
	for range c {
		wg.Go(func() {
			for left.Add(-1) >= 0 {
				if err := fn(); err != nil {
					once.Do(func() { firstErr = err })
					return
				}
			}
		})
	}
	wg.Wait()
	return time.Since(start), firstErr
}
