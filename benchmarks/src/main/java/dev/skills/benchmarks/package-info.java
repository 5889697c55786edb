/**
 * Benchmarks behind the README's performance figures. Run
 * {@link dev.skills.benchmarks.BenchmarkReport}.
 */
package dev.skills.benchmarks;
