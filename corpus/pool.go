package corpus

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// Process runs work on every item produced by produce, on workers
// goroutines (runtime.NumCPU when workers < 1), and hands the results to
// consume in the order the items were produced, whatever the number of
// workers. At most a bounded number of items are in flight, so memory does
// not grow with the input.
//
// produce is called once, in its own goroutine, with an emit function that
// blocks while the pool is full and fails once the run is cancelled.
// consume runs in the caller's goroutine. The first error from produce or
// consume, a panic in work (turned into an error naming the item), or the
// cancellation of ctx stops the run; Process then waits for every
// goroutine it started and returns errors.Join of the error and ctx.Err().
func Process[In, Out any](ctx context.Context, workers int,
	produce func(ctx context.Context, emit func(In) error) error,
	work func(In) Out,
	consume func(Out) error,
) error {
	if workers < 1 {
		workers = runtime.NumCPU()
	}
	parent := ctx
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	type job struct {
		seq int
		in  In
	}
	type res struct {
		seq int
		out Out
		err error
	}
	window := workers * 32 // items in flight (produced, not yet consumed)
	slots := make(chan struct{}, window)
	jobs := make(chan job, workers*4)
	results := make(chan res, workers*4)

	var prodErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(jobs)
		seq := 0
		emit := func(in In) error {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return context.Cause(ctx)
			}
			select {
			case jobs <- job{seq, in}:
				seq++
				return nil
			case <-ctx.Done():
				return context.Cause(ctx)
			}
		}
		if err := produce(ctx, emit); err != nil {
			prodErr = err
			cancel(err)
		}
	}()

	var workersWG sync.WaitGroup
	for range workers {
		workersWG.Add(1)
		go func() {
			defer workersWG.Done()
			for j := range jobs {
				r := res{seq: j.seq}
				func() {
					defer func() {
						if p := recover(); p != nil {
							r.err = fmt.Errorf("corpus: panic processing item %d: %v\n%s", j.seq, p, debug.Stack())
						}
					}()
					r.out = work(j.in)
				}()
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		workersWG.Wait()
		close(results)
	}()

	// Consume in order with a reorder buffer bounded by the window.
	pending := make(map[int]res, window)
	next := 0
	var err error
	for r := range results {
		if err != nil {
			continue // drain
		}
		pending[r.seq] = r
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-slots
			if p.err != nil {
				err = p.err
			} else if cerr := consume(p.out); cerr != nil {
				err = cerr
			}
			if err != nil {
				cancel(err)
				break
			}
		}
	}
	wg.Wait()
	if err == nil {
		err = prodErr
	}
	if perr := parent.Err(); perr != nil {
		if errors.Is(err, perr) {
			err = nil
		}
		return errors.Join(err, perr)
	}
	return err
}
