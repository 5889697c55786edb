package dev.skills.core;

import java.util.Set;
import java.util.stream.Collectors;

/**
 * The threads of this library that are alive, by their name: tests take them before and
 * after a registry's life to see that {@code close()} ended every one it started.
 */
public final class SkillsThreads {

	private SkillsThreads() {
	}

	/**
	 * The threads of this library started since an earlier look that are still alive,
	 * each given a moment to end: a pool that terminated may not have let its last thread
	 * finish yet.
	 * @param before the threads alive at the earlier look
	 * @return the threads still alive
	 * @throws InterruptedException when interrupted while waiting
	 */
	public static Set<Thread> leftSince(Set<Thread> before) throws InterruptedException {
		Set<Thread> started = live();
		started.removeAll(before);
		for (Thread thread : started) {
			thread.join(2_000);
		}
		started.removeIf((thread) -> !thread.isAlive());
		return started;
	}

	/**
	 * The live threads whose name starts with {@code skills-}.
	 * @return the threads
	 */
	public static Set<Thread> live() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.isAlive() && thread.getName().startsWith("skills-"))
			.collect(Collectors.toSet());
	}

}
