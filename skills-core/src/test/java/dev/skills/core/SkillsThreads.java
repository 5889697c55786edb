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
