// Package e2e holds the tests that run whole commands' worth of sinks
// over the sample and the shared real records and check that their
// outputs agree with each other: the same state of every game in the
// summary, the report lines, the page and the datasets. It has no code of
// its own.
package e2e
