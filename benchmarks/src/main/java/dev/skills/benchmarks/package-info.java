/**
 * Benchmarks behind the figures of docs/performance.md. Run
 * {@link dev.skills.benchmarks.BenchmarkReport}.
 */
package dev.skills.benchmarks;
