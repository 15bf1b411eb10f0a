package corpus

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// batchSize is the number of items a worker takes at a time.
const batchSize = 16

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

	// Items travel in small batches: one channel hand-off (and goroutine
	// wake-up) per batch instead of per game.
	type job struct {
		seq int
		in  []In
	}
	type res struct {
		seq int
		out []Out
		err error
	}
	window := workers * 8 // batches in flight (produced, not yet consumed)
	slots := make(chan struct{}, window)
	jobs := make(chan job, workers*2)
	results := make(chan res, workers*2)

	var prodErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(jobs)
		seq := 0
		var batch []In
		send := func() error {
			if len(batch) == 0 {
				return nil
			}
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return context.Cause(ctx)
			}
			select {
			case jobs <- job{seq, batch}:
				seq++
				batch = nil
				return nil
			case <-ctx.Done():
				return context.Cause(ctx)
			}
		}
		emit := func(in In) error {
			if err := ctx.Err(); err != nil {
				return context.Cause(ctx)
			}
			if batch == nil {
				batch = make([]In, 0, batchSize)
			}
			batch = append(batch, in)
			if len(batch) == batchSize {
				return send()
			}
			return nil
		}
		err := produce(ctx, emit)
		if err == nil {
			err = send()
		}
		if err != nil {
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
				r := res{seq: j.seq, out: make([]Out, len(j.in))}
				for i := range j.in {
					func() {
						defer func() {
							if p := recover(); p != nil {
								r.err = fmt.Errorf("corpus: panic processing item %d: %v\n%s", j.seq*batchSize+i, p, debug.Stack())
							}
						}()
						r.out[i] = work(j.in[i])
					}()
					if r.err != nil {
						break
					}
				}
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
		for err == nil {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-slots
			if p.err != nil {
				err = p.err
				break
			}
			for _, o := range p.out {
				if cerr := consume(o); cerr != nil {
					err = cerr
					break
				}
			}
		}
		if err != nil {
			cancel(err)
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
